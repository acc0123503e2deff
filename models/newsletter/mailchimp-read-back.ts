// Mailchimp's own "cleaned" and "unsubscribed" members read back (issue 40): with Mailchimp the
// newsletter's bounces and unsubscribes happen there, but project news is sent by the site itself,
// so the site must know them too. The recurring job `mailchimp-read-back` (one pending job for all
// instances, hourly) asks Mailchimp for the audience's members of each status changed since the
// last read (GET /lists/{id}/members?status=...&since_last_changed=..., a page at a time) and
// records them: a cleaned member suppresses the address (reason 'cleaned'); an unsubscribed one
// unsubscribes the site's own row of that address, if any, as its own unsubscribe link does, and
// is kept as an 'unsubscribed' event. Each member is one event per (address, last_changed), so
// reading a member twice (the overlap below, the other instance) records it once.
//
// The last read's time is kept in app_settings, so any instance continues from it. The next read
// starts a little before this one began (READ_OVERLAP_MS): a member changed while the pages were
// read, or a clock a little off Mailchimp's, is not missed.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { JobQueue } from '../providers/jobs';
import type { ChangedMember, ChangedMembersQuery } from '../providers/mailing';
import { recordMailEvent } from '../people/mail-suppression';
import { normalizeEmail } from '../shared/text';
import { unsubscribe } from './subscriber';

export const MAILCHIMP_READ_BACK_TASK = 'mailchimp-read-back';
export const MAILCHIMP_READ_BACK_EVERY_MS = 60 * 60 * 1000;
export const MAILCHIMP_READ_BACK_FIRST_DELAY_MS = 3 * 60 * 1000;
/** app_settings key: when the last complete read began, minus the overlap (ISO 8601). */
export const READ_BACK_SETTING = 'mailchimp_read_back_since';
export const READ_OVERLAP_MS = 10 * 60 * 1000;
/** Members per page (Mailchimp allows up to 1000). */
export const READ_BACK_PAGE = 500;
/** The consent history's method of an unsubscribe Mailchimp reported. */
export const MAILCHIMP_UNSUBSCRIBE_METHOD = 'mailchimp';

export interface ReadBackDeps {
  db: Knex;
  log: Logger;
  /** The provider's page of changed members (undefined: the newsletter is not on Mailchimp). */
  changedMembers?: (query: ChangedMembersQuery) => Promise<{ members: ChangedMember[]; total: number }>;
  jobs?: Pick<JobQueue, 'add'>;
  /** How many mails Mailchimp sent of a campaign (undefined: not on Mailchimp). */
  campaignSent?: (campaignId: string) => Promise<{ emailsSent: number; status: string } | null>;
}

/** Mailchimp campaigns sent within this many days have their count of mails sent read again (it grows while Mailchimp sends). */
export const SENT_COUNT_DAYS = 14;

/**
 * The number of mails Mailchimp sent of each recent campaign, kept on the campaign's row
 * (`recipients`), which the dashboard shows as the edition's mails sent. A campaign whose count
 * was read after its sending ended is not asked again.
 */
export async function readBackSentCounts(deps: ReadBackDeps, now = new Date()): Promise<number> {
  if (!deps.campaignSent) return 0;
  const since = new Date(now.getTime() - SENT_COUNT_DAYS * 24 * 60 * 60 * 1000);
  const campaigns = (await deps.db('newsletter_campaigns')
    .where({ provider: 'mailchimp', status: 'sent' })
    .whereNotNull('externalId')
    .where((q) => q.whereNull('recipients').orWhere('recipients', 0).orWhere('sentAt', '>=', since))
    .orderBy('id', 'desc')
    .limit(12)
    .select('id', 'externalId')) as { id: number; externalId: string }[];
  let updated = 0;
  for (const c of campaigns) {
    const sent = await deps.campaignSent(c.externalId);
    if (!sent) continue;
    updated += Number(await deps.db('newsletter_campaigns').where({ id: c.id }).update({ recipients: sent.emailsSent }));
  }
  return updated;
}

/** Mailchimp's format of a moment: 2015-10-21T15:41:36+00:00. */
export const mailchimpTime = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

async function readSince(db: Knex): Promise<string | null> {
  const row = (await db('app_settings').where({ key: READ_BACK_SETTING }).first('value')) as { value: string } | undefined;
  return row?.value && !Number.isNaN(Date.parse(row.value)) ? row.value : null;
}

/** Every member of a status changed since `since`, page by page. */
async function membersOf(deps: ReadBackDeps, status: ChangedMembersQuery['status'], since: string | null): Promise<ChangedMember[]> {
  const all: ChangedMember[] = [];
  for (let offset = 0; ; offset += READ_BACK_PAGE) {
    const page = await deps.changedMembers!({ status, since, offset, count: READ_BACK_PAGE });
    all.push(...page.members);
    if (page.members.length === 0 || offset + page.members.length >= page.total) return all;
  }
}

/** Marks the site's own row of an address unsubscribed, as its unsubscribe link does (nothing when there is none, or it left already). */
async function unsubscribeLocal(db: Knex, email: string, at: Date): Promise<boolean> {
  const row = (await db('newsletter_subscribers').where({ email: normalizeEmail(email) }).whereNot({ status: 'unsubscribed' }).first('unsubscribeToken')) as { unsubscribeToken: string } | undefined;
  if (!row) return false;
  return Boolean(await unsubscribe(db, row.unsubscribeToken, MAILCHIMP_UNSUBSCRIBE_METHOD, at));
}

const when = (s: string) => {
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** One read: the cleaned and unsubscribed members changed since the last one, recorded. */
export async function readBackMailchimp(deps: ReadBackDeps, now = new Date()): Promise<{ cleaned: number; unsubscribed: number }> {
  if (!deps.changedMembers) return { cleaned: 0, unsubscribed: 0 };
  const { db } = deps;
  const since = await readSince(db);
  let cleaned = 0;
  let unsubscribed = 0;
  for (const m of await membersOf(deps, 'cleaned', since)) {
    const r = await recordMailEvent(db, { source: 'mailchimp', kind: 'hard_bounce', cleaned: true, eventId: `cleaned:${normalizeEmail(m.email)}:${m.lastChanged}`, address: m.email, occurredAt: when(m.lastChanged), detail: 'Mailchimp: cleaned' });
    if (r.recorded) cleaned++;
  }
  for (const m of await membersOf(deps, 'unsubscribed', since)) {
    const r = await recordMailEvent(db, { source: 'mailchimp', kind: 'unsubscribed', eventId: `unsubscribed:${normalizeEmail(m.email)}:${m.lastChanged}`, address: m.email, occurredAt: when(m.lastChanged), detail: 'Mailchimp: unsubscribed' });
    // Also when recorded before: a read that stopped between the two is finished here.
    const left = await unsubscribeLocal(db, m.email, when(m.lastChanged) ?? now);
    if (r.recorded || left) unsubscribed++;
  }
  // Both statuses read through: the next read starts from here (a little before).
  await db('app_settings').insert({ key: READ_BACK_SETTING, value: mailchimpTime(new Date(now.getTime() - READ_OVERLAP_MS)) }).onConflict('key').merge();
  if (cleaned || unsubscribed) deps.log.info({ cleaned, unsubscribed }, 'mailchimp read back: cleaned and unsubscribed members recorded');
  return { cleaned, unsubscribed };
}

/** The job: one read, then the next in an hour (Mailchimp down: logged, the next run reads from the same moment). */
export async function runMailchimpReadBackJob(deps: ReadBackDeps): Promise<void> {
  if (!deps.changedMembers) return;
  try {
    await readBackMailchimp(deps);
    await readBackSentCounts(deps);
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'mailchimp read back failed; next run in an hour');
  } finally {
    if (deps.jobs) await queueMailchimpReadBack(deps.jobs, new Date(Date.now() + MAILCHIMP_READ_BACK_EVERY_MS));
  }
}

export function queueMailchimpReadBack(jobs: Pick<JobQueue, 'add'>, runAt?: Date): Promise<void> {
  return jobs.add(MAILCHIMP_READ_BACK_TASK, {}, { key: MAILCHIMP_READ_BACK_TASK, runAt, maxAttempts: 3 });
}
