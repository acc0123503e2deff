// Sending a newsletter to the local list, as Ghost's e-mail service does it: starting a send
// writes one delivery row per recipient (pending) and queues a job; the job (on any instance)
// claims rows in small batches, sends each mail and marks the row sent or failed. The admin sees
// the progress and can retry the failed ones. Nobody gets a second copy: a batch of rows is
// claimed ('claimed'), and each row is marked 'sending' just before its own mail leaves. When a
// run dies (its instance killed: the job queue hands the job to a living instance), the next run
// puts the rows it had claimed but not started back to 'pending' and sends them; a row it left in
// 'sending' may have arrived, so it becomes 'unknown', never sent again.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { isSqlite } from '../../db/connection';
import { localUrl } from '../shared/urls';
import { decorateLinks, newsletterEdition } from '../shared/campaign-links';
import { buildNewsletter, findCampaign, findCampaignById, personalize, updateCampaign, type Campaign, type NewsletterInput, type RenderContext } from './campaigns';
import { recordAudit } from '../people/audit';
import type { JobContext, JobQueue } from '../providers/jobs';
import { AppError, notFound } from '../shared/errors';
import { MailError, SMTP_TOTAL_MS, type MailProvider } from '../providers/mail';
import { NOT_SUPPRESSED_SQL, recordMailEvent } from '../people/mail-suppression';

export const NEWSLETTER_SEND_TASK = 'newsletter-send';
/** Rows one claim takes; mails of a batch go out a few at a time. */
export const BATCH_SIZE = 25;
export const PARALLEL_SENDS = 4;
/**
 * A row 'sending' for longer than this was cut off (a mail gives up after SMTP_TOTAL_MS): its run
 * is gone. Younger ones may still be in flight in a run on another instance, and are left alone.
 */
const STALE_SENDING_MS = 2 * SMTP_TOTAL_MS;

export type DeliveryStatus = 'pending' | 'claimed' | 'sending' | 'sent' | 'failed' | 'unknown' | 'skipped';

export interface SendProgress {
  campaignId: number;
  status: Campaign['status'];
  total: number;
  sent: number;
  failed: number;
  /** Not yet sent: pending, claimed by a run, or being sent right now. */
  remaining: number;
  /** Cut off by a crash while sending: may have arrived, never repeated. */
  unknown: number;
  /** Unsubscribed, or suppressed (a bounce or a complaint), after the send started: not sent. */
  skipped: number;
  /** A few recent errors, for the admin. */
  errors: string[];
}

export async function sendProgress(db: Knex, campaignId: number): Promise<SendProgress | null> {
  const campaign = await findCampaignById(db, campaignId);
  if (!campaign) return null;
  const rows = (await db('newsletter_deliveries').where({ campaignId }).select('status').count({ n: '*' }).groupBy('status')) as { status: string; n: number | string }[];
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<DeliveryStatus, number>>;
  const errors = (await db('newsletter_deliveries').where({ campaignId, status: 'failed' }).whereNotNull('error').orderBy('updatedAt', 'desc').limit(3).pluck('error')) as string[];
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return {
    campaignId,
    status: campaign.status,
    total,
    sent: by.sent ?? 0,
    failed: by.failed ?? 0,
    remaining: (by.pending ?? 0) + (by.claimed ?? 0) + (by.sending ?? 0),
    unknown: by.unknown ?? 0,
    skipped: by.skipped ?? 0,
    errors,
  };
}

/**
 * Starts sending a local campaign: one pending delivery row per confirmed subscriber of the
 * edition's language (an earlier, interrupted start keeps its rows), status 'sending', and the job.
 * Answers at once; the job does the sending.
 */
export async function startSend(db: Knex, jobs: JobQueue, ref: string, actor: string): Promise<SendProgress> {
  const campaign = await findCampaign(db, ref);
  if (!campaign || campaign.provider !== 'local') throw notFound('Campaign not found. Create the campaign first.');
  if (campaign.status === 'sent') throw new AppError(409, 'newsletter.already_sent', 'This newsletter has already been sent.');
  await db.transaction(async (trx) => {
    // A send to nobody is refused (and nothing changes): the admin is told, not shown "sent to 0".
    if (campaign.status === 'draft') {
      const audience = await trx('newsletter_subscribers').where({ status: 'subscribed', language: campaign.language }).whereRaw(NOT_SUPPRESSED_SQL('email')).count({ n: '*' }).first();
      if (Number(audience?.n ?? 0) === 0) throw noSubscribers(campaign.language);
    }
    // Only the first start moves a draft to 'sending'; a second click while it runs changes nothing.
    const started = await trx('newsletter_campaigns')
      .where({ id: campaign.id, status: 'draft' })
      .update({ status: 'sending', sendStartedAt: new Date(), sentBy: actor.slice(0, 320), updatedAt: new Date() });
    if (started !== 1) return;
    await trx.raw(
      `insert into newsletter_deliveries (campaign_id, subscriber_id, status, created_at, updated_at)
       select ?, id, 'pending', ?, ? from newsletter_subscribers where status = 'subscribed' and language = ? and ${NOT_SUPPRESSED_SQL('email')}
       on conflict (campaign_id, subscriber_id) do nothing`,
      [campaign.id, new Date(), new Date(), campaign.language],
    );
    await jobs.add(NEWSLETTER_SEND_TASK, { campaignId: campaign.id }, { key: `newsletter-send:${campaign.id}`, trx });
  });
  return (await sendProgress(db, campaign.id))!;
}

/** Puts the failed deliveries of a campaign back in the queue and starts the job again. */
export async function retryFailed(db: Knex, jobs: JobQueue, campaignId: number): Promise<SendProgress> {
  const campaign = await findCampaignById(db, campaignId);
  if (!campaign || campaign.provider !== 'local') throw notFound('Campaign not found.');
  await db.transaction(async (trx) => {
    const n = await trx('newsletter_deliveries').where({ campaignId, status: 'failed' }).update({ status: 'pending', error: null, claimedBy: null, claimedAt: null, updatedAt: new Date() });
    if (n === 0) throw new AppError(409, 'newsletter.nothing_to_retry', 'There are no failed deliveries to retry.');
    await trx('newsletter_campaigns').where({ id: campaignId }).update({ status: 'sending', updatedAt: new Date() });
    await jobs.add(NEWSLETTER_SEND_TASK, { campaignId }, { key: `newsletter-send:${campaignId}`, trx });
  });
  return (await sendProgress(db, campaignId))!;
}

/** The API's sentence (English, as every API message); the admin screens show their own by the code. */
export const noSubscribers = (language: 'en' | 'de') =>
  new AppError(409, 'newsletter.no_subscribers', `There are no confirmed subscribers for the ${language === 'de' ? 'German' : 'English'} edition yet, so nothing was sent. Send a test to yourself instead.`);

/** The subject of a test mail: marked, so nobody takes it for the real send. */
export const testSubject = (subject: string) => `[Test] ${subject}`;

interface ClaimedRow {
  id: number;
  subscriberId: number;
}

/** Claims up to `limit` pending rows for this run; two runs never get the same row. */
async function claimBatch(db: Knex, campaignId: number, claimer: string, limit: number): Promise<ClaimedRow[]> {
  const now = new Date();
  // SQLite has one writer: the update is the claim. PostgreSQL skips rows another run is claiming.
  const lock = isSqlite(db) ? '' : ' for update skip locked';
  await db.raw(
    `update newsletter_deliveries set status = 'claimed', claimed_by = ?, claimed_at = ?, updated_at = ?
      where id in (select id from newsletter_deliveries where campaign_id = ? and status = 'pending' order by id limit ?${lock})`,
    [claimer, now, now, campaignId, limit],
  );
  return (await db('newsletter_deliveries').where({ campaignId, status: 'claimed', claimedBy: claimer }).select('id', 'subscriberId').orderBy('id')) as ClaimedRow[];
}

/** The moment before a row's mail leaves: true when the row is still this run's to send. */
async function startSending(db: Knex, rowId: number, claimer: string): Promise<boolean> {
  const n = await db('newsletter_deliveries').where({ id: rowId, status: 'claimed', claimedBy: claimer }).update({ status: 'sending', claimedAt: new Date(), updatedAt: new Date() });
  return Number(n) === 1;
}

/**
 * What an earlier run of this campaign left (it died, or its instance was killed): rows it had
 * claimed but not started go back to 'pending' (no mail left for them); rows it left 'sending' for
 * longer than a mail can take may have arrived, so they become 'unknown'.
 */
async function recoverEarlierRuns(db: Knex, campaignId: number, claimer: string): Promise<void> {
  await db('newsletter_deliveries')
    .where({ campaignId, status: 'claimed' })
    .whereNot({ claimedBy: claimer })
    .update({ status: 'pending', claimedBy: null, claimedAt: null, updatedAt: new Date() });
  await db('newsletter_deliveries')
    .where({ campaignId, status: 'sending' })
    .where('claimedAt', '<', new Date(Date.now() - STALE_SENDING_MS))
    .update({ status: 'unknown', error: 'interrupted while sending; not repeated', updatedAt: new Date() });
}

async function runInParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(workers);
}

/** The `newsletter-send` job. */
export async function runSendJob(
  deps: { db: Knex; mail: MailProvider; publicUrl: string; log: Logger },
  payload: unknown,
  ctx: JobContext,
): Promise<void> {
  const { db, mail, publicUrl } = deps;
  const campaignId = Number((payload as { campaignId?: unknown })?.campaignId);
  if (!Number.isInteger(campaignId)) throw new Error('newsletter-send: no campaign id');
  const campaign = await findCampaignById(db, campaignId);
  if (!campaign || campaign.status === 'sent') return;

  const claimer = `${ctx.attempt}-${crypto.randomBytes(6).toString('hex')}`;
  await recoverEarlierRuns(db, campaignId, claimer);
  const final = ctx.attempt >= ctx.maxAttempts;
  // Every link to the site names this edition (the unsubscribe link, filled in below, does not).
  const links = { publicUrl, edition: newsletterEdition(campaign) };
  const html = decorateLinks(campaign.html, 'html', links);
  const text = decorateLinks(campaign.text, 'text', links);
  // Rows that failed for a reason that may pass (server down, timeout): tried again by the job's next run.
  const retryLater: number[] = [];
  while (!ctx.signal.aborted) {
    const batch = await claimBatch(db, campaignId, claimer, BATCH_SIZE);
    if (batch.length === 0) break;
    let batchFailures = 0;
    await runInParallel(batch, PARALLEL_SENDS, async (row) => {
      // The subscriber, and whether the address was suppressed since the send started (a bounce or
      // complaint of an earlier mail came in), in one query.
      const s = (await db('newsletter_subscribers')
        .where({ id: row.subscriberId })
        .first('email', 'status', 'unsubscribeToken', db.raw(`case when ${NOT_SUPPRESSED_SQL('email')} then 0 else 1 end as suppressed`))) as
        | { email: string; status: string; unsubscribeToken: string | null; suppressed: number | string }
        | undefined;
      if (!s || s.status !== 'subscribed' || !s.unsubscribeToken || Number(s.suppressed) === 1) {
        await db('newsletter_deliveries').where({ id: row.id }).update({ status: 'skipped', updatedAt: new Date() });
        return;
      }
      const unsubscribeUrl = localUrl(publicUrl, '/newsletter/unsubscribe', campaign.language, { token: s.unsubscribeToken });
      // Taken back meanwhile (this run was thought dead while its instance was frozen): not ours to send.
      if (!(await startSending(db, row.id, claimer))) return;
      try {
        await mail.transmit({
          to: s.email,
          subject: campaign.subject,
          text: personalize(text, unsubscribeUrl),
          html: personalize(html, unsubscribeUrl),
          headers: {
            // RFC 2369 + RFC 8058: mail programs show an unsubscribe button that POSTs here.
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'X-Newsletter-Campaign': String(campaign.id),
          },
        });
        await db('newsletter_deliveries').where({ id: row.id }).update({ status: 'sent', error: null, updatedAt: new Date() });
      } catch (err) {
        const e = err instanceof MailError ? err : new MailError(String((err as Error)?.message ?? err), false);
        batchFailures++;
        if (!e.permanent && !final) retryLater.push(row.id);
        // The relay itself refused the address for good: a hard bounce, heard as from any provider.
        if (e.recipientRefused) await recordMailEvent(db, { source: 'smtp', eventId: `newsletter:${row.id}`, address: s.email, kind: 'hard_bounce', detail: e.message });
        await db('newsletter_deliveries').where({ id: row.id }).update({ status: 'failed', error: e.message.slice(0, 500), updatedAt: new Date() });
      }
    });
    // A server that is down fails every mail: stop here and let the backoff wait.
    if (batchFailures === batch.length) break;
  }
  if (retryLater.length) {
    for (let i = 0; i < retryLater.length; i += 500) {
      await db('newsletter_deliveries').whereIn('id', retryLater.slice(i, i + 500)).where({ status: 'failed' }).update({ status: 'pending', claimedBy: null, updatedAt: new Date() });
    }
  }
  if (ctx.signal.aborted) throw new Error('newsletter-send: stopped by a shutdown, continues on the next run');

  const left = await db('newsletter_deliveries').where({ campaignId }).whereIn('status', ['pending', 'claimed', 'sending']).count({ n: '*' }).first();
  if (Number(left?.n ?? 0) > 0) {
    deps.log.warn({ campaignId, retryLater: retryLater.length }, 'newsletter: some mails could not be sent yet; retrying later');
    throw new Error(`${retryLater.length} mails could not be sent yet; the next try sends them`);
  }
  const progress = (await sendProgress(db, campaignId))!;
  await updateCampaign(db, campaignId, { status: 'sent', recipients: progress.sent + progress.unknown, sentAt: new Date() });
  deps.log.info({ ...progress, errors: undefined }, 'newsletter sent');
}

/**
 * A test of a newsletter being written, to one address (the admin's own), subject marked "[Test]":
 * through the site's own mail at once (SMTP, or the outbox), so a problem shows to the admin and
 * not in a subscriber's inbox; audited once sent. Its unsubscribe link leads to the unsubscribe
 * page without a token (it changes nothing).
 */
export async function sendTestNewsletter(
  deps: { db: Knex; mail: MailProvider; log: Logger; publicUrl: string },
  input: NewsletterInput,
  to: string,
  actor: { id: string; name: string | null },
  ctx: RenderContext,
): Promise<{ subject: string }> {
  const { newsletterData } = await buildNewsletter(deps.db, input, ctx);
  const unsubscribeUrl = localUrl(deps.publicUrl, '/newsletter/unsubscribe', input.language);
  const subject = testSubject(newsletterData.subject);
  try {
    await deps.mail.transmit({
      to,
      subject,
      text: personalize(newsletterData.text, unsubscribeUrl),
      html: personalize(newsletterData.html, unsubscribeUrl),
      headers: { 'X-Newsletter-Test': '1' },
    });
  } catch (err) {
    const message = err instanceof MailError ? err.message : String((err as Error)?.message ?? err);
    deps.log.warn({ err: message }, 'newsletter: the test mail could not be sent');
    throw new AppError(503, 'newsletter.mail_failed', `The test mail could not be sent right now: ${message.slice(0, 200)}`);
  }
  await recordAudit(deps.db, { actor: actor.id, actorName: actor.name, action: 'send', entity: 'newsletter', entityId: null, summary: `${subject} → ${to}`, details: { name: newsletterData.subject, to } });
  return { subject };
}
