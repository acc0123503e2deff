// The mailing list behind the newsletter: Mailchimp when it is configured (models/providers/
// mailing.ts talks to it; the campaigns are kept here too), otherwise our own subscribers table
// with double opt-in through the mail provider (SMTP or the outbox). The rules of both lists, the
// site's rows and their audit entries live here; the adapter only talks to Mailchimp.
import type { Knex } from 'knex';
import type { i18n } from 'i18next';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Lang, SubscribeStatus } from '../shared/rules';
import type { RenderConfirmSubscriptionMail } from '../shared/mails';
import { localUrl } from '../shared/urls';
import { decorateLinks, mailchimpEdition } from '../shared/campaign-links';
import { tFor } from '../shared/text';
import { AppError } from '../shared/errors';
import { audited, type AuditOf } from '../people/audit';
import type { MailProvider } from '../providers/mail';
import type { JobQueue } from '../providers/jobs';
import { createMailchimp, MAILCHIMP_UNSUBSCRIBE, type MailchimpAudience } from '../providers/mailing';
import { startSend, type SendProgress } from './sends';
import { countConfirmedSubscribers, requestSubscription } from './subscriber';
import { findCampaign, personalize, saveCampaign, updateCampaign, type NewsletterData } from './campaigns';

export interface SubscribeRequest {
  email: string;
  language: Lang;
  /** The form the visitor used, e.g. footer. */
  form: string;
  /** The consent wording shown next to that form. */
  consentText: string;
}

export interface CampaignRef {
  campaignId: string;
  editUrl: string;
}

export interface SendResult {
  campaignId: string;
  /** Local sends run in the background ('sending', with their progress); Mailchimp's are handed over ('sent'). */
  status: 'sending' | 'sent';
  progress: SendProgress | null;
}

/** No audit entry (the default: tests and scripts that call the provider directly). */
const none = () => null;

export interface MailingProvider {
  kind: 'mailchimp' | 'local';
  subscribe(request: SubscribeRequest): Promise<SubscribeStatus>;
  /** Confirmed subscribers per language (null when the provider does not tell). */
  audience(): Promise<Record<Lang, number> | null>;
  /** Creates the campaign; `audit` is written in the same transaction as the campaign's row. */
  createCampaign(data: NewsletterData, audit?: AuditOf<CampaignRef>): Promise<CampaignRef>;
  /**
   * Starts sending (local: a background job; Mailchimp: its own send). `actor`: who asked; `audit`
   * is written in the same transaction as the send's rows.
   */
  sendCampaign(campaignId: string, actor: string, audit?: AuditOf<SendResult>): Promise<SendResult>;
  /** What the provider itself keeps about an address (Mailchimp's member record), or null (local: the site's own rows say it all). */
  memberRecord(email: string): Promise<Record<string, unknown> | null>;
  /** Deletes an address for good (Mailchimp: delete-permanent; an unknown address is fine). Local: nothing to do, the site's rows are erased by the caller. */
  forget(email: string): Promise<void>;
  /** Mailchimp only: its members of a status changed since a moment, a page at a time (the read back of cleaned and unsubscribed). */
  changedMembers?: MailchimpAudience['changedMembers'];
  /** Mailchimp only: how many mails it sent of a campaign (the dashboard's "mails sent" of an edition). */
  campaignSent?: MailchimpAudience['campaignSent'];
}

export interface MailingOptions {
  config: Config;
  db: Knex;
  mail: MailProvider;
  jobs: JobQueue;
  log: Logger;
  i18n: Record<Lang, i18n>;
  /** Renders the double opt-in mail (views/mails/confirm-subscription.tsx, passed in by app.ts). */
  confirmMail: RenderConfirmSubscriptionMail;
  /** How long to wait for Mailchimp (tests shorten it). */
  mailchimpTimeoutMs?: number;
}

export function createMailingProvider(options: MailingOptions): MailingProvider {
  const { config, log, mailchimpTimeoutMs } = options;
  const mc = config.mailchimp;
  if (mc.apiKey && mc.audienceId) return mailchimpList(options.db, config.publicUrl, createMailchimp({ mailchimp: mc, site: config.site, log, timeoutMs: mailchimpTimeoutMs }));
  return localProvider(options);
}

// --- Local (embedded default) ---------------------------------------------------------------

function localProvider({ config, db, mail, jobs, log, i18n, confirmMail }: MailingOptions): MailingProvider {
  const site = config.site;

  return {
    kind: 'local',

    async subscribe(request) {
      const result = await requestSubscription(db, request);
      if (result.confirmToken) {
        const lang = request.language;
        const t = tFor(i18n, lang);
        const url = localUrl(config.publicUrl, '/newsletter/confirm', lang, { token: result.confirmToken });
        try {
          await mail.send({ to: result.subscriber.email, ...confirmMail({ lang, org: site.name, url, t }), oneTimeLink: true });
        } catch (err) {
          log.error({ err }, 'newsletter confirmation mail could not be sent');
          // No mail went out: the next attempt must send one, not wait for the resend pause.
          await db('newsletter_subscribers').where({ id: result.subscriber.id }).update({ confirmSentAt: null });
          throw new AppError(503, 'newsletter.mail_failed', 'We could not send the confirmation e-mail right now. Please try again in a few minutes.');
        }
      }
      return result.status;
    },

    async audience() {
      return countConfirmedSubscribers(db);
    },

    // The site's own rows are the whole record here; erasing them is the caller's transaction.
    async memberRecord() {
      return null;
    },
    async forget() {},

    createCampaign(data, audit = none) {
      return audited(
        db,
        async (trx) => {
          const campaign = await saveCampaign(trx, data, 'local');
          return { campaignId: String(campaign.id), editUrl: `${config.publicUrl}/api/admin/newsletter/campaigns/${campaign.id}/preview` };
        },
        audit,
      );
    },

    sendCampaign(campaignId, actor, audit = none) {
      return audited(
        db,
        async (trx): Promise<SendResult> => {
          const progress = await startSend(trx, jobs, campaignId, actor);
          return { campaignId: String(progress.campaignId), status: 'sending', progress };
        },
        audit,
      );
    },
  };
}

// --- Mailchimp: its list, our campaign rows --------------------------------------------------

function mailchimpList(db: Knex, publicUrl: string, audience: MailchimpAudience): MailingProvider {
  return {
    kind: 'mailchimp',

    subscribe: ({ email, language }) => audience.subscribe(email, language),

    async audience() {
      return null;
    },

    memberRecord: (email) => audience.memberRecord(email),
    forget: (email) => audience.forget(email),
    changedMembers: (query) => audience.changedMembers(query),
    campaignSent: (campaignId) => audience.campaignSent(campaignId),

    async createCampaign(data, audit = none) {
      const ref = await audience.createCampaign({
        subject: data.subject,
        previewText: data.previewText,
        language: data.language,
        // The links name the edition by Mailchimp's id; Mailchimp's own unsubscribe link does not.
        content: (mailchimpId) => {
          const links = { publicUrl, edition: mailchimpEdition(mailchimpId) };
          return {
            html: personalize(decorateLinks(data.html, 'html', links), MAILCHIMP_UNSUBSCRIBE),
            text: personalize(decorateLinks(data.text, 'text', links), MAILCHIMP_UNSUBSCRIBE),
          };
        },
      });
      return audited(db, (trx) => saveCampaign(trx, data, 'mailchimp', ref.campaignId).then(() => ref), audit);
    },

    async sendCampaign(campaignId, _actor, audit = none) {
      const campaign = await findCampaign(db, campaignId);
      if (campaign?.status === 'sent') throw new AppError(409, 'newsletter.already_sent', 'This newsletter has already been sent.');
      await audience.sendCampaign(campaignId);
      const result: SendResult = { campaignId, status: 'sent', progress: null };
      return audited(
        db,
        async (trx) => {
          if (campaign) await updateCampaign(trx, campaign.id, { status: 'sent', sentAt: new Date() });
          return result;
        },
        audit,
      );
    },
  };
}
