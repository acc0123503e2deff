// Keep no more than needed (revFADP Art. 6(4): data is destroyed once it is no longer needed for
// its purpose). A daily job, one for all instances (its job key), deletes:
// - sent mails that carry a one-time link (sign-in, donor page, newsletter confirmation) from the
//   outbox, RETENTION_MAIL_DAYS after they were sent (also those that failed or were cut off: they
//   hold the same link); receipts and certificates stay, they are the charity's records;
// - the used and expired one-time tokens behind those links (they name an e-mail address: sign-in,
//   donor page, a person's data, admin invitations), after the same period, and the challenges of
//   passkey ceremonies never finished;
// - expired admin sessions (the session store also sweeps them every 15 minutes);
// - rate-limit rows, whose keys are IP addresses, RETENTION_IP_DAYS after their window ended (the
//   limiter itself sweeps ended windows within minutes while requests come in; this is the cap);
// - supporters' fundraisers an admin rejected (or took down), RETENTION_MAIL_DAYS after that: one
//   that never took a gift goes whole (with its updates); one that did keeps its page's record
//   for the books, without the owner's name, address and link.
// - what mailbox providers reported about mails (bounces, complaints, deliveries: mail_events),
//   RETENTION_MAIL_REPORT_DAYS after it came; a suppression stays until an admin lifts it.
// The request log records no IP address (controllers/middleware/request-log.ts).
// The privacy notice names the periods in force (views/pages/privacy-page.tsx).
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import { whereTimeWithin } from '../giving/certificate';

export const RETENTION_TASK = 'purge-personal-data';
/** Every run queues the next under this key: at most one waits at any time. */
export const RETENTION_KEY = 'purge-personal-data';
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
/** The first run after a start: soon, but not in the start's own rush. */
export const RETENTION_FIRST_DELAY_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPeriods {
  mailDays: number;
  ipDays: number;
  reportDays?: number;
}

export interface RetentionResult {
  mails: number;
  tokens: number;
  sessions: number;
  rateLimits: number;
  /** Rejected fundraisers deleted or stripped of their owner's data. */
  fundraisers: number;
  /** Mailbox providers' reports (bounces, complaints, deliveries). */
  mailReports: number;
}

/** Deletes what has been kept long enough; the counts of rows deleted. */
export async function purgePersonalData(db: Knex, periods: RetentionPeriods, now: Date = new Date()): Promise<RetentionResult> {
  const mailBefore = new Date(now.getTime() - periods.mailDays * DAY_MS);
  const mails = await db('outbox')
    .where({ oneTimeLink: true })
    .whereNotIn('status', ['queued', 'sending'])
    .where((q) => q.where('sentAt', '<', mailBefore).orWhere((r) => r.whereNull('sentAt').where('createdAt', '<', mailBefore)))
    .delete();
  // A tribute card's recipient (name and address) is kept until the card has gone, then as long as a mail.
  const cards = await db('tribute_cards').whereNotNull('sentAt').where('sentAt', '<', mailBefore).delete();
  let tokens = 0;
  for (const table of ['login_tokens', 'donor_tokens', 'privacy_access_tokens', 'privacy_erasure_tokens', 'admin_invite_tokens']) {
    tokens += Number(await db(table).where('expiresAt', '<', mailBefore).delete());
  }
  // Passkey ceremonies never finished (five minutes each).
  await db('webauthn_challenges').where('expiresAt', '<', now).delete();
  const sessions = await db('sessions').where('expired', '<', now).delete();
  const rateLimits = await db('rate_limits')
    .where('resetAtMs', '<', now.getTime() - periods.ipDays * DAY_MS)
    .delete();
  const fundraisers = await purgeRejectedFundraisers(db, mailBefore);
  const mailReports = await db('mail_events')
    .where('createdAt', '<', new Date(now.getTime() - (periods.reportDays ?? 365) * DAY_MS).toISOString())
    .delete();
  return { mails: Number(mails) + Number(cards), tokens, sessions: Number(sessions), rateLimits: Number(rateLimits), fundraisers, mailReports: Number(mailReports) };
}

/** Rejected fundraisers reviewed before `before`: without gifts deleted, with gifts kept without their owner. */
async function purgeRejectedFundraisers(db: Knex, before: Date): Promise<number> {
  const rejected = whereTimeWithin(db, db('fundraisers').where({ status: 'rejected' }), 'reviewed_at', null, before);
  const withGifts = db('donations').whereNotNull('fundraiserId').distinct('fundraiserId');
  const deleted = await rejected.clone().whereNotIn('id', withGifts).delete();
  const stripped = await rejected
    .clone()
    .where((q) => q.whereNotNull('ownerEmail').orWhereNotNull('ownerName').orWhereNotNull('manageTokenHash'))
    .update({ ownerName: null, ownerEmail: null, manageTokenHash: null, updatedAt: new Date().toISOString() });
  return Number(deleted) + Number(stripped);
}

export function queueRetention(jobs: JobQueue, runAt?: Date): Promise<void> {
  return jobs.add(RETENTION_TASK, {}, { key: RETENTION_KEY, runAt, maxAttempts: 3 });
}

/** The job: purges, then queues the next run in a day (also after a failed run). */
export async function runRetentionJob(deps: { db: Knex; jobs: JobQueue; periods: RetentionPeriods }, log: Logger, now: () => Date = () => new Date()): Promise<RetentionResult | null> {
  try {
    const r = await purgePersonalData(deps.db, deps.periods, now());
    if (r.mails || r.tokens || r.sessions || r.rateLimits || r.fundraisers) log.info(r, 'retention: deleted what was kept long enough');
    return r;
  } catch (err) {
    // The next daily run tries again; retrying at once would only meet the same outage.
    log.warn({ err: (err as Error).message }, 'retention: purge could not finish; next run in a day');
    return null;
  } finally {
    await queueRetention(deps.jobs, new Date(Date.now() + RETENTION_EVERY_MS));
  }
}
