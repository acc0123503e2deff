// People's requests about their data (revFADP Art. 25 access, Art. 32 erasure), by e-mailed link:
// anyone asks with an address; the answer never tells whether the address is known; the link (a
// page with one button, like the site's other links) goes to that address, so only its owner can
// see or erase what the site holds about it. Each request, access and erasure is in the audit log
// under the address's pseudonym (never the address: an erased person stays erased there too).
import type { Knex } from 'knex';
import { oneTimeTokens } from '../people/login-token';
import { recordAudit } from '../people/audit';
import { erasePersonalData, personalDataOf, pseudonymOf, type ErasureResult, type PersonalData } from './personal-data';
import { RUNNING_SUBSCRIPTION } from '../giving/names';
import type { MonthlyPayments } from '../providers/payments-monthly';
import type { MailingProvider } from '../newsletter/mailing';
import type { Lang } from '../shared/rules';
import type { RenderPrivacyLinkMail } from '../shared/mails';
import { tFor } from '../shared/text';
import { localUrl } from '../shared/urls';
import type { LinkMailDeps } from '../people/link-mails';

export type PrivacyKind = 'access' | 'erasure';

/** A link is valid this long, and once. */
export const PRIVACY_TOKEN_TTL_MS = 60 * 60 * 1000;

export const privacyTokens: Record<PrivacyKind, ReturnType<typeof oneTimeTokens>> = {
  access: oneTimeTokens('privacy_access_tokens', PRIVACY_TOKEN_TTL_MS),
  erasure: oneTimeTokens('privacy_erasure_tokens', PRIVACY_TOKEN_TTL_MS),
};

/** Who asked, for the audit log: the person by link, or an admin from the Donations or Subscribers tab. */
export interface PrivacyActor {
  actor: string;
  actorName: string | null;
}
export const BY_LINK: PrivacyActor = { actor: 'privacy-link', actorName: null };

/** A new link for this address and kind (the caller mails it); the request is audited. */
export async function createPrivacyLink(db: Knex, secret: string, email: string, kind: PrivacyKind, lang: Lang): Promise<string> {
  const token = await privacyTokens[kind].create(db, email, lang);
  await recordAudit(db, { ...BY_LINK, action: `privacy-${kind}-asked`, entity: 'person', entityId: pseudonymOf(email, secret), summary: `a ${kind} link was asked for`, details: { name: pseudonymOf(email, secret) } });
  return token;
}

/** Asks for a link: the token, the audit entry and the mail; nothing tells whether the address is known. */
export async function requestPrivacyLink(deps: LinkMailDeps & { render: RenderPrivacyLinkMail }, secret: string, email: string, kind: PrivacyKind, lang: Lang): Promise<void> {
  const token = await createPrivacyLink(deps.db, secret, email, kind, lang);
  const url = localUrl(deps.publicUrl, `/privacy/${kind}`, lang, { token });
  const mail = deps.render({ t: tFor(deps.i18n, lang), kind, lang, org: deps.org, url, minutes: PRIVACY_TOKEN_TTL_MS / 60000 });
  await deps.mail.send({ to: email, ...mail, oneTimeLink: true });
}

/** Access: the report, audited. */
export async function giveAccess(db: Knex, secret: string, email: string, by: PrivacyActor): Promise<PersonalData> {
  const data = await personalDataOf(db, email);
  await recordAudit(db, { ...by, action: 'privacy-access', entity: 'person', entityId: pseudonymOf(email, secret), summary: 'personal data shown', details: { name: pseudonymOf(email, secret) } });
  return data;
}

export interface ErasureDeps {
  db: Knex;
  secret: string;
  /** Stripe's subscriptions; null without Stripe (then no monthly gift can be running there). */
  monthly: MonthlyPayments | null;
  mailing: Pick<MailingProvider, 'forget'>;
}

export interface ErasureOutcome extends ErasureResult {
  /** Monthly gifts cancelled at Stripe. */
  cancelled: number;
}

/**
 * Erasure: first what outside services hold (running monthly gifts cancelled at Stripe, the
 * subscriber deleted for good at Mailchimp), then this site's records in one transaction. A refusal
 * of an outside service stops it before anything here changes (the caller says so; asking again
 * finishes it). Audited under the pseudonym.
 */
export async function erase(deps: ErasureDeps, email: string, by: PrivacyActor): Promise<ErasureOutcome> {
  const running = (await deps.db('donation_subscriptions')
    .where({ donorEmail: email.trim().toLowerCase() })
    .whereIn('status', [...RUNNING_SUBSCRIPTION])
    .select('subscriptionId')) as { subscriptionId: string }[];
  let cancelled = 0;
  for (const s of running) {
    if (!deps.monthly) throw new Error('a monthly gift is running but Stripe is not configured');
    await deps.monthly.cancel(s.subscriptionId);
    await deps.db('donation_subscriptions').where({ subscriptionId: s.subscriptionId }).update({ status: 'canceled', canceledAt: new Date() });
    cancelled++;
  }
  await deps.mailing.forget(email);
  const result = await erasePersonalData(deps.db, email, deps.secret);
  await recordAudit(deps.db, {
    ...by,
    action: 'privacy-erasure',
    entity: 'person',
    entityId: pseudonymOf(email, deps.secret),
    details: { name: pseudonymOf(email, deps.secret) },
    summary: `personal data erased: ${result.subscribers} subscriber, ${result.gifts} gifts and ${result.monthlyGifts} monthly gifts kept under a pseudonym, ${result.mails} mails deleted`,
  });
  return { ...result, cancelled };
}
