// The job handlers: entry points like the routers, called by the job queue (on whichever instance
// takes the job first) instead of by a request. Each reads its payload, calls a use case and, where
// the job sends a mail, hands the use case the view that renders it (views/mails/).
import type { Deps } from './context';
import type { JobContext, TaskList } from '../models/providers/jobs';
import type { MonthlyPayments } from '../models/providers/payments-monthly';
import type { VisionProvider } from '../models/providers/vision';
import { SEND_MAIL_TASK } from '../models/providers/mail';
import { NEWSLETTER_SEND_TASK, runSendJob } from '../models/newsletter/sends';
import { ALT_SUGGEST_TASK, ALT_TRANSLATE_TASK, IMAGE_VARIANTS_TASK, makeImageVariants, purgeMediaTrash } from '../models/media/library';
import { runUploadSweepJob, startUploadSweeps, SWEEP_UPLOADS_TASK } from '../models/media/sweep';
import { runAltSuggestJob } from '../models/media/alt-suggest';
import { queueMissingAltTranslations, runAltTranslateJob } from '../models/media/alt-translate';
import { glossaryEntries } from '../models/translation/glossary';
import { PURGE_TRASH_TASK, queueTrashPurge, runTrashPurgeJob } from '../models/content/trash';
import { queueRetention, RETENTION_FIRST_DELAY_MS, RETENTION_TASK, runRetentionJob } from '../models/privacy/retention';
import { PUBLISH_ITEM_TASK, PUBLISH_SWEEP_FIRST_DELAY_MS, PUBLISH_SWEEP_TASK, queuePublishSweep, runPublishItemJob, runPublishSweepJob } from '../models/content/publish-schedule';
import { CERTIFICATE_REQUEST_TASK, CERTIFICATE_RUN_TASK, RECEIPT_TASK, SUPERSEDED_SUBSCRIPTIONS_TASK } from '../models/giving/names';
import { runCertificateRequest, runCertificateRun, type CertificateDeps } from '../models/giving/certificate';
import { sendReceiptOnce, type ReceiptDeps } from '../models/giving/receipt';
import { cancelSuperseded } from '../models/giving/checkout-subscriptions';
import { tFor } from '../models/shared/text';
import { receiptMail } from '../views/mails/receipt';
import { sendTributeCard, TRIBUTE_CARD_TASK } from '../models/giving/tribute';
import { tributeCardMail } from '../views/mails/tribute-card';
import { PROJECT_NEWS_TASK, queueProjectNews, sendProjectNews } from '../models/giving/project-news';
import { queueVisitsRollup, rollUpVisits, VISITS_ROLLUP_EVERY_MS, VISITS_ROLLUP_TASK } from '../models/site/visits';
import { projectNewsMail } from '../views/mails/project-news';
import { EXCHANGE_RATES_FIRST_DELAY_MS, EXCHANGE_RATES_TASK, queueRatesJob, runRatesJob } from '../models/giving/rates';
import { RECOVERY_MAIL_TASK, sendRecoveryMail } from '../models/giving/recovery';
import { CARD_EXPIRY_FIRST_DELAY_MS, CARD_EXPIRY_TASK, queueCardExpiryJob, runCardExpiryJob } from '../models/giving/card-expiry';
import { recoveryMail } from '../views/mails/recovery';
import { queueYearlyAppeal, runYearlyAppealJob, YEARLY_APPEAL_FIRST_DELAY_MS, YEARLY_APPEAL_TASK } from '../models/giving/yearly-appeal';
import { yearlyAppealMail } from '../views/mails/yearly-appeal';
import { MAILCHIMP_READ_BACK_FIRST_DELAY_MS, MAILCHIMP_READ_BACK_TASK, queueMailchimpReadBack, runMailchimpReadBackJob } from '../models/newsletter/mailchimp-read-back';
import { BOUNCE_MAILBOX_FIRST_DELAY_MS, BOUNCE_MAILBOX_TASK, queueBounceMailbox, runBounceMailboxJob } from '../models/people/bounce-mailbox';

/** What the handlers need besides the app's Deps: the providers only jobs use. */
export interface JobProviders {
  /** Stripe's subscriptions (null without Stripe's keys). */
  monthly: MonthlyPayments | null;
  /** Image descriptions for alt text proposals (null without OpenAI). */
  vision: VisionProvider | null;
}

/** RECEIPT_TASK { donationId }: the receipt of one applied gift, rendered by views/mails/receipt.tsx, sent once. */
export function sendReceipt(deps: Omit<ReceiptDeps, 'renderMail'>, payload: unknown, ctx?: Pick<JobContext, 'log'>): Promise<void> {
  return sendReceiptOnce({ db: deps.db, mail: deps.mail, i18n: deps.i18n, config: deps.config, log: deps.log, renderMail: receiptMail }, payload, ctx);
}

/** Every task the queue runs, by name (app.ts hands the list to the queue). */
export function jobTasks(deps: Deps, providers: JobProviders): TaskList {
  const { db, config, log, jobs } = deps;
  const { monthly, vision } = providers;
  // Donation certificates: one donor's on request, or every donor's of a year in one run.
  const certificateDeps: CertificateDeps = { db, mail: deps.mail, site: config.site, texts: (lang) => tFor(deps.i18n, lang), log };
  return {
    [SUPERSEDED_SUBSCRIPTIONS_TASK]: async (payload) => {
      if (deps.payments.kind !== 'stripe' || !monthly) return;
      await cancelSuperseded({ db, log, payments: deps.payments, monthly }, payload);
    },
    [SEND_MAIL_TASK]: (payload, ctx) => deps.mail.deliver(Number((payload as { outboxId?: unknown })?.outboxId), ctx),
    [NEWSLETTER_SEND_TASK]: (payload, ctx) => runSendJob({ db, mail: deps.mail, publicUrl: config.publicUrl, log }, payload, ctx),
    [IMAGE_VARIANTS_TASK]: (payload, ctx) => makeImageVariants(deps, payload, ctx),
    [SWEEP_UPLOADS_TASK]: (_payload, ctx) => runUploadSweepJob({ ...deps, uploadDir: config.uploadDir }, ctx.log),
    [RECEIPT_TASK]: (payload, ctx) => sendReceipt(deps, payload, ctx),
    // A gift in someone's honour: its card, on its day, in the recipient's language.
    [TRIBUTE_CARD_TASK]: (payload, ctx) => sendTributeCard({ db, mail: deps.mail, i18n: deps.i18n, config, log, renderMail: tributeCardMail }, payload, ctx),
    [CERTIFICATE_REQUEST_TASK]: (payload, ctx) => runCertificateRequest(certificateDeps, payload, ctx),
    [CERTIFICATE_RUN_TASK]: (payload, ctx) => runCertificateRun(certificateDeps, payload, ctx),
    // Publishing: the announcement of an item's publication time, and the minute check that catches a lost one.
    [PUBLISH_ITEM_TASK]: (payload, ctx) => runPublishItemJob(db, payload, ctx.log),
    // The minute check also hands each article that went live to its project's followers (once).
    [PUBLISH_SWEEP_TASK]: async (_payload, ctx) => {
      await runPublishSweepJob({ db, jobs }, ctx.log);
      try {
        await queueProjectNews({ db, jobs });
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message }, 'project news: could not hand out new articles; next check in a minute');
      }
    },
    [PROJECT_NEWS_TASK]: (payload, ctx) => sendProjectNews({ db, mail: deps.mail, i18n: deps.i18n, config, log, renderMail: projectNewsMail }, payload, ctx).then(() => undefined),
    // Revisions and trash: what stays in the trash more than 30 days is purged, hourly, by one job
    // for all instances; the media library's files too (its rows, then their files in the storage).
    [PURGE_TRASH_TASK]: (_payload, ctx) => runTrashPurgeJob({ db, jobs, log, purgeMore: (now) => purgeMediaTrash(deps, now) }, ctx.log).then(() => undefined),
    // Keep no more than needed: mails with one-time links, old tokens, sessions, IP addresses; daily.
    [RETENTION_TASK]: (_payload, ctx) => runRetentionJob({ db, jobs, periods: config.retention }, ctx.log).then(() => undefined),
    // Page views rolled into daily rows every minute; the raw views and salts of past days go.
    [VISITS_ROLLUP_TASK]: async (_payload, ctx) => {
      try {
        await rollUpVisits(db);
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message }, 'visit counts not rolled up; next run in a minute');
      } finally {
        await queueVisitsRollup(jobs, new Date(Date.now() + VISITS_ROLLUP_EVERY_MS));
      }
    },
    // The books: the day's reference rates (EXCHANGE_RATES_URL), then the gifts waiting for a rate valued; daily.
    [EXCHANGE_RATES_TASK]: () => runRatesJob({ db, jobs, log, book: config.books.currency, url: config.books.ratesUrl }).then(() => undefined),
    // Regular gifts that last: the one mail of a failed payment, and the daily check of cards ending next month.
    [RECOVERY_MAIL_TASK]: (payload, ctx) => sendRecoveryMail({ db, mail: deps.mail, i18n: deps.i18n, config, log, render: recoveryMail }, payload, ctx),
    [CARD_EXPIRY_TASK]: () => runCardExpiryJob({ db, jobs, mail: deps.mail, i18n: deps.i18n, config, log, render: recoveryMail, payments: deps.payments }),
    // Last year's bank-transfer donors: their total, thanks and own QR-bill, in YEARLY_APPEAL_MONTH only; checked daily.
    [YEARLY_APPEAL_TASK]: () =>
      runYearlyAppealJob({ db, jobs, log, mail: deps.mail, site: config.site, publicUrl: config.publicUrl, month: config.yearlyAppealMonth, texts: (lang) => tFor(deps.i18n, lang), renderMail: yearlyAppealMail }),
    // With Mailchimp: its cleaned members suppressed here too, its unsubscribed ones unsubscribed here too; hourly.
    [MAILCHIMP_READ_BACK_TASK]: (_payload, ctx) => runMailchimpReadBackJob({ db, jobs, log: ctx.log, changedMembers: deps.mailing.changedMembers, campaignSent: deps.mailing.campaignSent }),
    // The bounce mailbox (BOUNCE_IMAP_URL): its delivery status notifications and complaint reports, every BOUNCE_IMAP_EVERY_MINUTES.
    [BOUNCE_MAILBOX_TASK]: (_payload, ctx) => runBounceMailboxJob({ db, jobs, log: ctx.log, imapUrl: config.bounces.imapUrl, everyMinutes: config.bounces.everyMinutes, signal: ctx.signal }),
    // Alt text suggestions: queued on upload only when OpenAI is configured (controllers/media.ts).
    [ALT_SUGGEST_TASK]: (payload, ctx) => runAltSuggestJob({ db, storage: deps.storage, log, vision, orgName: config.site.name }, payload, ctx),
    // The German draft of an English-only alt text, by machine translation (OpenAI configured).
    [ALT_TRANSLATE_TASK]: (payload, ctx) => runAltTranslateJob({ db, assistant: deps.assistant, log, glossary: () => glossaryEntries(db) }, payload, ctx),
  };
}

/**
 * The recurring jobs, each one pending job for all instances (its job key), run soon after a
 * start: the sweep of killed uploads' leftovers, the minute check of scheduled publishing, the
 * hourly trash purge, the daily retention purge, the daily exchange rates, the yearly appeal's daily check, (with
 * Mailchimp) the hourly read back of its cleaned and unsubscribed members and (with BOUNCE_IMAP_URL) the
 * reading of the bounce mailbox.
 * Once per database (OpenAI configured): the German alt text drafts of the library's images without one.
 */
export async function queueRecurringJobs(deps: Pick<Deps, 'jobs' | 'log' | 'config' | 'db' | 'assistant'>): Promise<void> {
  await startUploadSweeps({ jobs: deps.jobs, log: deps.log, uploadDir: deps.config.uploadDir });
  await queuePublishSweep(deps.jobs, new Date(Date.now() + PUBLISH_SWEEP_FIRST_DELAY_MS));
  await queueTrashPurge(deps.jobs);
  await queueRetention(deps.jobs, new Date(Date.now() + RETENTION_FIRST_DELAY_MS));
  await queueVisitsRollup(deps.jobs, new Date(Date.now() + VISITS_ROLLUP_EVERY_MS));
  await queueRatesJob(deps.jobs, new Date(Date.now() + EXCHANGE_RATES_FIRST_DELAY_MS));
  await queueCardExpiryJob(deps.jobs, new Date(Date.now() + CARD_EXPIRY_FIRST_DELAY_MS));
  await queueYearlyAppeal(deps.jobs, new Date(Date.now() + YEARLY_APPEAL_FIRST_DELAY_MS));
  const drafts = await queueMissingAltTranslations(deps);
  if (drafts) deps.log.info({ drafts }, 'media library: German alt text drafts queued for images without a German one');
  if (deps.config.mailchimp.apiKey && deps.config.mailchimp.audienceId) await queueMailchimpReadBack(deps.jobs, new Date(Date.now() + MAILCHIMP_READ_BACK_FIRST_DELAY_MS));
  if (deps.config.bounces.imapUrl) await queueBounceMailbox(deps.jobs, new Date(Date.now() + BOUNCE_MAILBOX_FIRST_DELAY_MS));
}
