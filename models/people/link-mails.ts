// The mails of an admin's one-time links: the sign-in link (its token made here) and an
// invitation (its token made with the invitation). Each rendered by the view the controller hands
// in (views/mails/link-mails.ts) and written to the outbox as a one-time link, so the outbox copy
// is purged with the other secret links.
import type { Knex } from 'knex';
import type { i18n } from 'i18next';
import type { Lang } from '../shared/rules';
import type { RenderInvitationMail, RenderLinkMail } from '../shared/mails';
import { tFor } from '../shared/text';
import { localUrl } from '../shared/urls';
import type { MailProvider } from '../providers/mail';
import { createLoginToken, LOGIN_TOKEN_TTL_MS } from './login-token';
import { INVITE_TTL_MS } from './people';

/** What a use case needs to mail a link (also giving's donor link and privacy's). */
export interface LinkMailDeps {
  db: Knex;
  mail: MailProvider;
  i18n: Record<Lang, i18n>;
  /** The charity's name and the site's public origin. */
  org: string;
  publicUrl: string;
}

/** A new sign-in link to an admin's address. */
export async function mailSignInLink(deps: LinkMailDeps & { render: RenderLinkMail }, email: string, lang: Lang): Promise<void> {
  const token = await createLoginToken(deps.db, email, lang);
  const url = localUrl(deps.publicUrl, '/admin-login/verify', lang, { token });
  const mail = deps.render({ t: tFor(deps.i18n, lang), lang, org: deps.org, url, minutes: LOGIN_TOKEN_TTL_MS / 60000 });
  await deps.mail.send({ to: email, ...mail, oneTimeLink: true });
}

/** An invitation with its token, in the invited person's language; `from`: who invites. */
export async function mailInvitation(
  deps: LinkMailDeps & { render: RenderInvitationMail },
  person: { email: string; name: string; role: string; language: Lang },
  token: string,
  from: string,
): Promise<void> {
  const url = localUrl(deps.publicUrl, '/admin-login', person.language, { invite: token });
  const mail = deps.render({ t: tFor(deps.i18n, person.language), lang: person.language, org: deps.org, url, name: person.name, from, role: person.role, days: INVITE_TTL_MS / 86_400_000 });
  await deps.mail.send({ to: person.email, ...mail, oneTimeLink: true });
}
