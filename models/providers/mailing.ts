// Mailchimp, the newsletter's list when it is configured (models/newsletter/mailing.ts decides and
// keeps the site's own rows): its members and campaigns, and its answers turned into AppErrors.
// Nothing here reads or writes the database.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Lang, SubscribeStatus } from '../shared/rules';
import { normalizeEmail } from '../shared/text';
import { AppError, notFound } from '../shared/errors';

/**
 * Every call to Mailchimp gives up after this long, response body included: the SDK hands it to
 * superagent's `.timeout(ms)`, a deadline for the whole request that aborts (and closes) the
 * socket; the SDK does not retry. test/api/provider-deadlines.test.ts checks it against a server
 * that trickles one byte at a time.
 */
export const MAILCHIMP_TIMEOUT_MS = 10_000;

export const FORGOTTEN_MESSAGE =
  'This email address was previously unsubscribed and removed from our list, so it cannot be added again here. Please use a different email or contact us directly.';
export const UNAVAILABLE_MESSAGE = 'The newsletter service is not reachable right now. Please try again in a few minutes.';

/** Mailchimp's merge tag of each recipient's unsubscribe link (where the site writes its own link). */
export const MAILCHIMP_UNSUBSCRIBE = '*|UNSUB|*';

/** A campaign as the newsletter hands it over: one language's edition, its texts complete. */
export interface MailchimpCampaign {
  subject: string;
  previewText: string;
  language: Lang;
  /** The texts, made once Mailchimp has named the campaign (its links name the edition by that id). */
  content(mailchimpId: string): { html: string; text: string };
}

export interface MailchimpAudience {
  /** Asks Mailchimp to (re)subscribe an address; Mailchimp sends its own double opt-in mail. */
  subscribe(email: string, language: Lang): Promise<SubscribeStatus>;
  /** What Mailchimp keeps about an address (its member record), or null when it knows none. */
  memberRecord(email: string): Promise<Record<string, unknown> | null>;
  /** Deletes an address for good (delete-permanent; an unknown address is fine). */
  forget(email: string): Promise<void>;
  /** Creates the campaign with its content: its id and the address of its page at Mailchimp. */
  createCampaign(campaign: MailchimpCampaign): Promise<{ campaignId: string; editUrl: string }>;
  /** Sends a campaign created before (404: it is not at Mailchimp). */
  sendCampaign(campaignId: string): Promise<void>;
  /**
   * One page of the audience's members of a status changed since a moment (Mailchimp's
   * since_last_changed; null: all of them), in Mailchimp's order: GET /lists/{id}/members.
   */
  changedMembers(query: ChangedMembersQuery): Promise<{ members: ChangedMember[]; total: number }>;
  /** How many mails Mailchimp sent of a campaign (its `emails_sent`), and its status; null when Mailchimp does not know it. */
  campaignSent(campaignId: string): Promise<{ emailsSent: number; status: string } | null>;
}

export interface ChangedMembersQuery {
  status: 'cleaned' | 'unsubscribed';
  /** ISO 8601; null: every member of the status. */
  since: string | null;
  offset: number;
  count: number;
}

/** A member as the read back needs it. */
export interface ChangedMember {
  email: string;
  status: string;
  /** Mailchimp's last_changed (ISO 8601 with an offset). */
  lastChanged: string;
}

export interface MailchimpOptions {
  mailchimp: Config['mailchimp'];
  /** The sender of campaigns: the charity's name and address. */
  site: Pick<Config['site'], 'name' | 'email'>;
  log: Logger;
  /** How long to wait for Mailchimp (tests shorten it). */
  timeoutMs?: number;
}

// --- Mailchimp ------------------------------------------------------------------------------

interface MailchimpMember {
  status: string;
  language?: string;
}

/** The part of the SDK's ApiClient we use (the package ships no types). */
interface MailchimpClient {
  basePath: string;
  timeout: number;
  setConfig(config: { apiKey: string; server: string }): void;
  lists: {
    getListMember(listId: string, hash: string, opts?: { fields?: string[] }): Promise<MailchimpMember>;
    getListMembersInfo(listId: string, opts: { fields?: string[]; count?: number; offset?: number; status?: string; sinceLastChanged?: string }): Promise<unknown>;
    setListMember(listId: string, hash: string, body: Record<string, unknown>): Promise<MailchimpMember>;
    deleteListMemberPermanent(listId: string, hash: string): Promise<unknown>;
  };
  campaigns: {
    create(body: Record<string, unknown>): Promise<{ id: string; web_id: number }>;
    setContent(id: string, body: { html: string; plain_text: string }): Promise<unknown>;
    send(id: string): Promise<unknown>;
    get(id: string, opts?: { fields?: string[] }): Promise<unknown>;
  };
}

interface SuperagentError {
  status?: number;
  code?: string;
  timeout?: number;
  message?: string;
  response?: { body?: { title?: string; detail?: string; status?: number } };
}

const MemberSchema = z.looseObject({ status: z.string().min(1).max(40), language: z.string().max(20).optional() });
const MembersPageSchema = z.looseObject({
  members: z.array(z.looseObject({ email_address: z.string().min(3).max(320), status: z.string().max(40), last_changed: z.string().max(40).default('') })),
  total_items: z.number().int().min(0),
});
const CampaignSchema = z.looseObject({ id: z.string().min(1).max(100), web_id: z.number().int() });
const CampaignSentSchema = z.looseObject({ emails_sent: z.number().int().min(0).default(0), status: z.string().max(40) });

const require = createRequire(import.meta.url);

function newMailchimpClient(apiKey: string, server: string, apiBase: string | undefined, timeoutMs: number): MailchimpClient {
  // A client of our own (not the package's shared singleton), so two apps never share config.
  const ApiClient = require('@mailchimp/mailchimp_marketing/src/ApiClient.js') as new () => MailchimpClient;
  const client = new ApiClient();
  client.setConfig({ apiKey, server });
  client.timeout = timeoutMs;
  // The SDK builds https://<server>.api.mailchimp.com/3.0 from the word "server" in basePath;
  // MAILCHIMP_API_BASE (the tests' fake) replaces the whole origin.
  if (apiBase) client.basePath = `${apiBase.replace(/\/+$/, '')}/3.0`;
  return client;
}

/** The data center is the part of the API key after the dash (abc123-us21), unless configured. */
export function mailchimpServer(apiKey: string, configured?: string): string {
  return configured ?? apiKey.split('-')[1] ?? 'us1';
}

export const subscriberHash = (email: string) => crypto.createHash('md5').update(normalizeEmail(email)).digest('hex');

export function createMailchimp({ mailchimp: mc, site, log, timeoutMs }: MailchimpOptions): MailchimpAudience {
  const server = mailchimpServer(mc.apiKey!, mc.serverPrefix);
  const client = newMailchimpClient(mc.apiKey!, server, mc.apiBase, timeoutMs ?? MAILCHIMP_TIMEOUT_MS);
  const audienceId = mc.audienceId!;

  /** Mailchimp's answer turned into a message for the person who asked. */
  function failure(err: unknown, action: string): AppError {
    const e = err as SuperagentError;
    const title = e.response?.body?.title ?? '';
    const detail = e.response?.body?.detail ?? '';
    if (title === 'Forgotten Email Not Subscribed' || title === 'Member In Compliance State') {
      return new AppError(400, 'newsletter.previously_unsubscribed', FORGOTTEN_MESSAGE);
    }
    if (e.status === 400 && title === 'Invalid Resource') {
      return new AppError(400, 'newsletter.invalid_email', detail ? `Mailchimp did not accept this: ${detail}` : 'Please enter a valid email address');
    }
    if (e.timeout || e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') {
      log.warn({ action }, 'Mailchimp timed out');
      return new AppError(504, 'newsletter.unavailable', `${UNAVAILABLE_MESSAGE} (Mailchimp did not answer in time)`);
    }
    if (e.status === 401 || e.status === 403) {
      log.error({ action, title, detail }, 'Mailchimp rejected the API key');
      return new AppError(503, 'newsletter.unavailable', 'The newsletter service is not set up correctly (Mailchimp rejected the API key).');
    }
    if (e.status && e.status < 500) {
      log.warn({ action, status: e.status, title, detail }, 'Mailchimp refused a request');
      return new AppError(502, 'newsletter.refused', `Mailchimp: ${detail || title || `error ${e.status}`}`);
    }
    log.error({ action, status: e.status, code: e.code, message: e.message }, 'Mailchimp is not reachable');
    return new AppError(503, 'newsletter.unavailable', UNAVAILABLE_MESSAGE);
  }

  /** Mailchimp's answer as the code below reads it; anything else (a proxy's page, another API) is an outage. */
  function checked<T>(schema: z.ZodType<T>, answer: unknown, action: string): T {
    const result = schema.safeParse(answer);
    if (result.success) return result.data;
    log.error({ action, issue: result.error.issues[0]?.message, path: result.error.issues[0]?.path }, 'Mailchimp answered something unexpected');
    throw new AppError(502, 'newsletter.unavailable', `${UNAVAILABLE_MESSAGE} (Mailchimp sent an answer we could not read)`);
  }

  return {
    async subscribe(email, language) {
      const hash = subscriberHash(email);
      let member: MailchimpMember | null = null;
      let answer: unknown;
      try {
        answer = await client.lists.getListMember(audienceId, hash, { fields: ['status', 'language'] });
      } catch (err) {
        if ((err as SuperagentError).status !== 404) throw failure(err, 'getListMember');
      }
      if (answer !== undefined) member = checked(MemberSchema, answer, 'getListMember');
      if (member?.status === 'subscribed') return 'already_subscribed';
      const returning = Boolean(member && ['unsubscribed', 'cleaned', 'archived'].includes(member.status));
      // New: pending (Mailchimp sends its double opt-in mail). Known but not subscribed: asked to
      // confirm again. The member's language decides which edition they receive.
      const body: Record<string, unknown> = { email_address: email, status_if_new: 'pending', language };
      if (member) body.status = 'pending';
      let saved: MailchimpMember;
      try {
        saved = checked(MemberSchema, await client.lists.setListMember(audienceId, hash, body), 'setListMember');
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw failure(err, 'setListMember');
      }
      if (saved.status === 'subscribed') return 'immediately_subscribed';
      return returning ? 'resubscribed_pending' : 'pending_confirmation';
    },

    async memberRecord(email) {
      try {
        const answer: unknown = await client.lists.getListMember(audienceId, subscriberHash(email), {
          fields: ['email_address', 'status', 'language', 'timestamp_signup', 'timestamp_opt', 'last_changed', 'source'],
        });
        return answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : null;
      } catch (err) {
        if ((err as SuperagentError).status === 404) return null;
        throw failure(err, 'getListMember');
      }
    },

    async forget(email) {
      try {
        await client.lists.deleteListMemberPermanent(audienceId, subscriberHash(email));
      } catch (err) {
        if ((err as SuperagentError).status === 404) return;
        throw failure(err, 'deleteListMemberPermanent');
      }
    },

    async createCampaign(data) {
      try {
        const created = checked(CampaignSchema, await client.campaigns.create({
          type: 'regular',
          recipients: {
            list_id: audienceId,
            // One edition per language: German readers get the German one, everyone else English.
            segment_opts: {
              match: 'all',
              conditions: [{ condition_type: 'Language', field: 'language', op: data.language === 'de' ? 'is' : 'not', value: 'de' }],
            },
          },
          settings: {
            subject_line: data.subject,
            preview_text: data.previewText,
            title: `${data.subject} (${data.language.toUpperCase()})`,
            from_name: site.name,
            reply_to: site.email,
          },
        }), 'campaigns.create');
        const { html, text } = data.content(created.id);
        await client.campaigns.setContent(created.id, { html, plain_text: text });
        return { campaignId: created.id, editUrl: `https://${server}.admin.mailchimp.com/campaigns/edit?id=${created.web_id}` };
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw failure(err, 'createCampaign');
      }
    },

    async changedMembers({ status, since, offset, count }) {
      let answer: unknown;
      try {
        answer = await client.lists.getListMembersInfo(audienceId, {
          fields: ['members.email_address', 'members.status', 'members.last_changed', 'total_items'],
          status,
          count,
          offset,
          ...(since ? { sinceLastChanged: since } : {}),
        });
      } catch (err) {
        throw failure(err, 'getListMembersInfo');
      }
      const page = checked(MembersPageSchema, answer, 'getListMembersInfo');
      return { members: page.members.map((m) => ({ email: m.email_address, status: m.status, lastChanged: m.last_changed })), total: page.total_items };
    },

    async campaignSent(campaignId) {
      let answer: unknown;
      try {
        answer = await client.campaigns.get(campaignId, { fields: ['emails_sent', 'status'] });
      } catch (err) {
        if ((err as SuperagentError).status === 404) return null;
        throw failure(err, 'getCampaign');
      }
      const c = checked(CampaignSentSchema, answer, 'getCampaign');
      return { emailsSent: c.emails_sent, status: c.status };
    },

    async sendCampaign(campaignId) {
      try {
        await client.campaigns.send(campaignId);
      } catch (err) {
        if ((err as SuperagentError).status === 404) throw notFound('Campaign not found in Mailchimp. Create the campaign first.');
        throw failure(err, 'sendCampaign');
      }
    },
  };
}
