// The sending providers' webhooks for bounces, complaints and deliveries (issue 40): each request
// is checked as its provider documents, then its payload becomes MailEvents for
// models/people/mail-suppression.ts. Everything here is a pure function of the request except the
// SNS signing certificate and the SNS subscription confirmation, fetched with a deadline, from
// Amazon's own hosts only.
//
// - Postmark signs nothing: it documents HTTP Basic credentials in the webhook URL (and its IP
//   addresses). Both are required here and compared in constant time.
// - Amazon SES publishes to an SNS topic; SNS signs each message (SignatureVersion 1: SHA1withRSA,
//   2: SHA256withRSA) over a canonical string of its fields, with the certificate at
//   SigningCertURL, which must be https on sns.<region>.amazonaws.com. A valid signature only says
//   "some SNS topic": the topic must be one of SES_SNS_TOPIC_ARN, or anyone's own AWS topic could
//   report bounces for the charity's subscribers.
// - Mailgun signs timestamp + token with HMAC-SHA256 (the webhook signing key). The signature does
//   not cover the event, so a token is accepted once (kept in the database, every instance sees
//   it) and only within ten minutes of its timestamp.
// - Brevo signs nothing: its webhooks carry a bearer token chosen when the webhook is made, or
//   Basic credentials in the webhook URL; the configured token is either.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, badRequest } from '../shared/errors';
import type { MailEvent, MailEventKind } from './mail-suppression';
import { fetchWithDeadline } from '../providers/deadline';

export const MAIL_EVENT_PROVIDERS = ['postmark', 'ses', 'mailgun', 'brevo'] as const;
export type MailEventProvider = (typeof MAIL_EVENT_PROVIDERS)[number];
export const isMailEventProvider = (v: string): v is MailEventProvider => (MAIL_EVENT_PROVIDERS as readonly string[]).includes(v);

/** What each provider's webhook needs (config.ts; a provider without settings is refused). */
export interface MailEventSettings {
  postmark?: { user: string; password: string };
  /** Topics whose messages are accepted; extra URL prefixes trusted for certificates and confirmations (tests only). */
  ses?: { topicArns: string[]; testUrlPrefixes: string[] };
  mailgun?: { signingKey: string };
  brevo?: { token: string };
}

/** The variables that set each provider up, for the "not configured" answer and the docs. */
export const PROVIDER_SETUP: Record<MailEventProvider, { name: string; variables: string }> = {
  postmark: { name: 'Postmark', variables: 'POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD' },
  ses: { name: 'Amazon SES', variables: 'SES_SNS_TOPIC_ARN' },
  mailgun: { name: 'Mailgun', variables: 'MAILGUN_WEBHOOK_SIGNING_KEY' },
  brevo: { name: 'Brevo', variables: 'BREVO_WEBHOOK_TOKEN' },
};

export const unauthenticated = (message: string) => new AppError(401, 'mail_events.unauthenticated', message);

// ---- Small helpers

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
/** Text as a database keeps it: no NUL, no lone surrogate. */
const storable = (s: string) => s.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');

/** Constant-time comparison of two secrets of any length (their SHA-256 digests are compared). */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b) && given.length === expected.length;
}

function event(source: MailEvent['source'], eventId: string, address: unknown, kind: MailEventKind, occurredAt: unknown, detail: unknown): MailEvent | null {
  const a = storable(str(address)).trim();
  const id = storable(eventId);
  if (!a || !id) return null;
  let at: Date | undefined;
  if (typeof occurredAt === 'number' && Number.isFinite(occurredAt)) at = new Date(occurredAt);
  else if (typeof occurredAt === 'string' && occurredAt) at = new Date(occurredAt);
  if (at && (Number.isNaN(at.getTime()) || at.getFullYear() < 2000 || at.getFullYear() > 9999)) at = undefined;
  const d = storable(str(detail)).slice(0, 500) || null;
  return { source, eventId: id.slice(0, 200), address: a.slice(0, 320), kind, occurredAt: at, detail: d };
}
const present = (e: MailEvent | null): e is MailEvent => e !== null;

// ---- Postmark

/** The Authorization header holds the configured Basic credentials (constant time). */
export function checkBasicAuth(header: string | undefined, user: string, password: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both halves are compared, whatever the first gave: no early exit.
  const userOk = sameSecret(decoded.slice(0, colon), user);
  const passwordOk = sameSecret(decoded.slice(colon + 1), password);
  return userOk && passwordOk;
}

// Postmark's bounce types (postmarkapp.com/developer/api/bounce-api#bounce-types): those about the
// address. AutoResponder, AddressChange, Subscribe, OpenRelayTest, VirusNotification,
// ChallengeVerification, ManuallyDeactivated, Unconfirmed, Blocked (the ISP blocked the sender, not
// the address), DMARCPolicy, SMTPApiError, InboundError, TemplateRenderingFailed and Unknown say
// nothing about whether the address works, and are ignored.
const POSTMARK_BOUNCE_KINDS: Record<string, MailEventKind> = {
  HardBounce: 'hard_bounce',
  BadEmailAddress: 'hard_bounce',
  SoftBounce: 'soft_bounce',
  Transient: 'soft_bounce',
  DnsError: 'soft_bounce',
  SpamNotification: 'soft_bounce',
  SpamComplaint: 'complaint',
  Unsubscribe: 'unsubscribed',
};

/** Postmark's Bounce, SpamComplaint and Delivery webhooks; other record types are ignored. */
export function postmarkEvents(body: unknown): MailEvent[] {
  if (!isObj(body)) throw badRequest('A Postmark webhook is a JSON object');
  const type = str(body.RecordType);
  if (type === 'Bounce' || type === 'SpamComplaint') {
    const kind = type === 'SpamComplaint' ? 'complaint' : POSTMARK_BOUNCE_KINDS[str(body.Type)];
    if (!kind) return [];
    const id = `${type}:${str(body.ID)}:${str(body.MessageID)}:${str(body.Email).toLowerCase()}`;
    return [event('postmark', id, body.Email, kind, body.BouncedAt, body.Details || body.Description || body.Type)].filter(present);
  }
  if (type === 'Delivery') {
    const id = `Delivery:${str(body.MessageID)}:${str(body.Recipient).toLowerCase()}`;
    return [event('postmark', id, body.Recipient, 'delivered', body.DeliveredAt, body.Details)].filter(present);
  }
  return [];
}

// ---- Brevo

/**
 * Brevo's two documented ways (developers.brevo.com/docs/secured-webhooks): `Authorization: Bearer
 * <token>` (a webhook made with auth type bearer), or Basic credentials in the webhook URL
 * (https://brevo:<token>@...): the configured token as the bearer token or the password, in constant time.
 */
export function checkBrevoAuth(header: string | undefined, token: string): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (bearer) return sameSecret(bearer[1]!, token);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!basic) return false;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && sameSecret(decoded.slice(colon + 1), token);
}

const BREVO_KINDS: Record<string, MailEventKind> = {
  hard_bounce: 'hard_bounce',
  invalid_email: 'hard_bounce',
  soft_bounce: 'soft_bounce',
  spam: 'complaint',
  complaint: 'complaint',
  delivered: 'delivered',
  unsubscribed: 'unsubscribed',
};

/** Brevo's transactional webhook: one event, or a batch of them (a "batched" webhook). */
export function brevoEvents(body: unknown): MailEvent[] {
  const items = Array.isArray(body) ? body : [body];
  if (items.length > 1000 || !items.every(isObj)) throw badRequest('A Brevo webhook is a JSON object (or an array of them)');
  return (items as Obj[])
    .map((e) => {
      const name = str(e.event);
      const kind = Object.hasOwn(BREVO_KINDS, name) ? BREVO_KINDS[name]! : null;
      if (!kind) return null;
      // `id` is the webhook's own id: the message and the event name tell one event from another.
      const id = `${str(e['message-id']) || str(e.uuid) || str(e.ts_event)}:${name}:${str(e.email).toLowerCase()}`;
      const at = typeof e.ts_event === 'number' ? e.ts_event * 1000 : e.date;
      return event('brevo', id, e.email, kind, at, e.reason || name);
    })
    .filter(present);
}

// ---- Mailgun

/** How far a Mailgun signature's timestamp may be from now. */
export const MAILGUN_MAX_AGE_S = 10 * 60;

export interface MailgunSigned {
  token: string;
  events: MailEvent[];
}

/**
 * Checks a Mailgun webhook's signature (HMAC-SHA256 of timestamp + token with the signing key, hex)
 * and its age, and maps its event. The caller accepts the token once (acceptTokenOnce).
 */
export function mailgunEvents(body: unknown, signingKey: string, now = Date.now()): MailgunSigned {
  if (!isObj(body)) throw badRequest('A Mailgun webhook is a JSON object with signature and event-data');
  const sig = body.signature;
  if (!isObj(sig) || typeof sig.token !== 'string' || typeof sig.signature !== 'string' || !str(sig.timestamp)) throw unauthenticated('The Mailgun webhook is not signed');
  const timestamp = str(sig.timestamp);
  const expected = crypto.createHmac('sha256', signingKey).update(timestamp + sig.token).digest('hex');
  if (!sameSecret(sig.signature.toLowerCase(), expected)) throw unauthenticated('The Mailgun signature is not valid');
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(now / 1000 - ts) > MAILGUN_MAX_AGE_S) throw unauthenticated('The Mailgun signature is too old (or from the future): its timestamp is more than ten minutes from now');
  if (sig.token.length < 10 || sig.token.length > 200) throw unauthenticated('The Mailgun token is not valid');
  const data = body['event-data'];
  if (!isObj(data)) throw badRequest('The Mailgun webhook has no event-data');
  return { token: sig.token, events: [mailgunEvent(data)].filter(present) };
}

function mailgunEvent(data: Obj): MailEvent | null {
  const name = str(data.event);
  const severity = str(data.severity);
  const kind: MailEventKind | null =
    name === 'failed' ? (severity === 'permanent' ? 'hard_bounce' : severity === 'temporary' ? 'soft_bounce' : null) : name === 'complained' ? 'complaint' : name === 'delivered' ? 'delivered' : name === 'unsubscribed' ? 'unsubscribed' : null;
  if (!kind) return null;
  const recipient = str(data.recipient).toLowerCase();
  const status = isObj(data['delivery-status']) ? data['delivery-status'] : {};
  const message = isObj(data.message) && isObj(data.message.headers) ? data.message.headers : {};
  const messageId = str(message['message-id']);
  // Mailgun retries a temporary failure and reports each attempt: one soft bounce per message.
  // Otherwise the event's id, which Mailgun keeps unique within a day, with the event's time and address.
  const ts = typeof data.timestamp === 'number' ? data.timestamp : Number(str(data.timestamp));
  const id = kind === 'soft_bounce' && messageId ? `temporary:${messageId}:${recipient}` : `${str(data.id)}:${Number.isFinite(ts) ? Math.floor(ts) : ''}:${recipient}`;
  if (!str(data.id) && !(kind === 'soft_bounce' && messageId)) return null;
  const detail = str(status.message) || str(status.description) || str(data.reason) || name;
  return event('mailgun', id, data.recipient, kind, Number.isFinite(ts) ? ts * 1000 : undefined, detail);
}

/**
 * Accepts a signed request's token once, on every instance (a unique row per token); false for a
 * token seen before (a replayed request). Tokens older than a day are deleted on the way.
 */
export async function acceptTokenOnce(db: Knex, source: string, token: string): Promise<boolean> {
  const now = new Date();
  await db('mail_webhook_tokens').where('seenAt', '<', new Date(now.getTime() - 24 * 3600_000).toISOString()).delete();
  const rows = (await db('mail_webhook_tokens').insert({ source, token: storable(token).slice(0, 200), seenAt: now.toISOString() }).onConflict(['source', 'token']).ignore().returning('token')) as unknown[];
  return rows.length > 0;
}

/** Forgets a token whose request could not be recorded, so the provider's retry is accepted. */
export async function forgetToken(db: Knex, source: string, token: string): Promise<void> {
  await db('mail_webhook_tokens').where({ source, token: storable(token).slice(0, 200) }).delete();
}

// ---- Amazon SES through SNS

export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

const SNS_TYPES = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'];

/** The SNS envelope of a request body (a JSON object with SNS's fields), 400 otherwise; 401 when unsigned. */
export function parseSnsMessage(body: unknown): SnsMessage {
  if (!isObj(body)) throw badRequest('An SNS message is a JSON object');
  const m = body;
  if (!SNS_TYPES.includes(str(m.Type))) throw badRequest('Not an SNS message: Type must be Notification, SubscriptionConfirmation or UnsubscribeConfirmation');
  for (const k of ['MessageId', 'TopicArn', 'Message', 'Timestamp']) if (typeof m[k] !== 'string') throw badRequest(`Not an SNS message: ${k} is missing`);
  if (m.Type !== 'Notification') for (const k of ['Token', 'SubscribeURL']) if (typeof m[k] !== 'string') throw badRequest(`Not an SNS message: ${k} is missing`);
  if (m.Subject !== undefined && typeof m.Subject !== 'string') throw badRequest('Not an SNS message: Subject is not text');
  if (typeof m.Signature !== 'string' || typeof m.SigningCertURL !== 'string' || !['1', '2'].includes(str(m.SignatureVersion))) {
    throw unauthenticated('The SNS message is not signed (SignatureVersion 1 or 2, Signature and SigningCertURL are required; raw message delivery must be off)');
  }
  return { ...(m as unknown as SnsMessage), SignatureVersion: str(m.SignatureVersion) };
}

/** SNS's string to sign (docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html). */
export function snsStringToSign(m: SnsMessage): string {
  const keys = m.Type === 'Notification' ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const fields = m as unknown as Record<string, string | undefined>;
  return keys
    .filter((k) => fields[k] !== undefined)
    .map((k) => `${k}\n${fields[k]}\n`)
    .join('');
}

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** An address SNS may send us to: https on sns.<region>.amazonaws.com, or a configured test prefix. */
export function isSnsUrl(raw: string, testUrlPrefixes: string[], kind: 'certificate' | 'subscribe'): boolean {
  if (testUrlPrefixes.some((p) => raw.startsWith(p))) return true;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port || !SNS_HOST.test(url.hostname)) return false;
  return kind === 'certificate' ? url.pathname.endsWith('.pem') && !url.search : true;
}

const SNS_FETCH_MS = 5000;
const MAX_CERT_BYTES = 16 * 1024;

/** Checks SNS signatures; the certificates (immutable at their address) are kept in memory. */
export class SnsVerifier {
  private readonly certs = new Map<string, Promise<crypto.KeyObject>>();
  private readonly fetch = fetchWithDeadline(SNS_FETCH_MS);
  constructor(private readonly testUrlPrefixes: string[]) {}

  private certificate(url: string): Promise<crypto.KeyObject> {
    let key = this.certs.get(url);
    if (!key) {
      key = (async () => {
        const res = await this.fetch(url, { redirect: 'error' });
        if (!res.ok) throw new Error(`the certificate answered ${res.status}`);
        const body = await res.arrayBuffer();
        if (body.byteLength > MAX_CERT_BYTES) throw new Error('the certificate is too large');
        return new crypto.X509Certificate(Buffer.from(body)).publicKey;
      })();
      if (this.certs.size >= 50) this.certs.clear();
      this.certs.set(url, key);
      key.catch(() => this.certs.delete(url));
    }
    return key;
  }

  /** 401 for a forged or unsigned message or a certificate not on SNS's hosts; 503 when the certificate cannot be fetched. */
  async verify(m: SnsMessage): Promise<void> {
    if (!isSnsUrl(m.SigningCertURL, this.testUrlPrefixes, 'certificate')) throw unauthenticated('The SNS signing certificate is not on an Amazon SNS host (https://sns.<region>.amazonaws.com/...pem)');
    let key: crypto.KeyObject;
    try {
      key = await this.certificate(m.SigningCertURL);
    } catch (err) {
      throw new AppError(503, 'mail_events.unavailable', 'The SNS signing certificate could not be fetched: try again in a moment', undefined, { cause: err });
    }
    const signature = Buffer.from(m.Signature, 'base64');
    let ok = false;
    try {
      ok = crypto.verify(m.SignatureVersion === '1' ? 'sha1' : 'sha256', Buffer.from(snsStringToSign(m), 'utf8'), key, signature);
    } catch {
      ok = false;
    }
    if (!ok) throw unauthenticated('The SNS signature is not valid');
  }

  /** Confirms a subscription by fetching its SubscribeURL (on SNS's hosts only). */
  async confirm(m: SnsMessage): Promise<void> {
    if (!m.SubscribeURL || !isSnsUrl(m.SubscribeURL, this.testUrlPrefixes, 'subscribe')) throw unauthenticated('The SNS SubscribeURL is not on an Amazon SNS host');
    let status: number;
    try {
      const res = await this.fetch(m.SubscribeURL, { redirect: 'error' });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      throw new AppError(503, 'mail_events.unavailable', 'The SNS subscription could not be confirmed: try again in a moment', undefined, { cause: err });
    }
    if (status < 200 || status >= 300) throw new AppError(503, 'mail_events.unavailable', `The SNS subscription could not be confirmed (SNS answered ${status})`);
  }
}

/**
 * The events of an SES notification (notificationType) or SES event publishing (eventType) in an
 * SNS Notification's Message: one per recipient, each with the SNS MessageId and the address as id.
 * Any other message (a test message published to the topic) has none.
 */
export function sesEvents(m: SnsMessage): MailEvent[] {
  let n: unknown;
  try {
    n = JSON.parse(m.Message);
  } catch {
    return [];
  }
  if (!isObj(n)) return [];
  const type = str(n.notificationType) || str(n.eventType);
  const id = (address: unknown) => `${m.MessageId}:${str(address).toLowerCase()}`;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, 1000) : []);
  if (type === 'Bounce' && isObj(n.bounce)) {
    const b = n.bounce;
    const bounceType = str(b.bounceType);
    const kind: MailEventKind = bounceType === 'Permanent' ? 'hard_bounce' : 'soft_bounce';
    return list(b.bouncedRecipients)
      .filter(isObj)
      .map((r) => event('ses', id(r.emailAddress), r.emailAddress, kind, b.timestamp, r.diagnosticCode || `${bounceType} ${str(b.bounceSubType)}`.trim()))
      .filter(present);
  }
  if (type === 'Complaint' && isObj(n.complaint)) {
    const c = n.complaint;
    return list(c.complainedRecipients)
      .filter(isObj)
      .map((r) => event('ses', id(r.emailAddress), r.emailAddress, 'complaint', c.timestamp, c.complaintFeedbackType || c.complaintSubType || 'complaint'))
      .filter(present);
  }
  if (type === 'Delivery' && isObj(n.delivery)) {
    const d = n.delivery;
    return list(d.recipients)
      .map((r) => event('ses', id(r), r, 'delivered', d.timestamp, d.smtpResponse))
      .filter(present);
  }
  return [];
}
