// A donor's "send me a link": the link to their page goes only to an address that has given; the
// caller answers the same for every address (and sends this in the background, so the time of
// the answer does not tell either).
import type { RenderLinkMail } from '../shared/mails';
import type { Lang } from '../shared/rules';
import { tFor } from '../shared/text';
import { localUrl, PAGE_PATHS } from '../shared/urls';
import type { LinkMailDeps } from '../people/link-mails';
import { createDonorToken, DONOR_TOKEN_TTL_MS, hasGiven } from './donor';

/** Mails the link to the donor's page, in their language, when the address has given. */
export async function mailDonorLinkIfGiven(deps: LinkMailDeps & { render: RenderLinkMail }, email: string, lang: Lang): Promise<void> {
  if (!(await hasGiven(deps.db, email))) return;
  const token = await createDonorToken(deps.db, email, lang);
  const mail = deps.render({ t: tFor(deps.i18n, lang), lang, org: deps.org, url: localUrl(deps.publicUrl, PAGE_PATHS.donorManage, lang, { token }), minutes: DONOR_TOKEN_TTL_MS / 60000 });
  await deps.mail.send({ to: email, ...mail, oneTimeLink: true });
}
