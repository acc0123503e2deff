// Outgoing mail. `send` queues: the message becomes an `outbox` row (inside the caller's
// transaction when given) and a `send-mail` job delivers it through SMTP, or, without SMTP_URL,
// just records it there and in the log. The job claims the row before the mail leaves, so a crash
// or a retry never sends it twice; an SMTP server that is down or slow delays mail, never a visitor.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Transporter } from 'nodemailer';
import type { JobContext, JobQueue } from './jobs';
import type { DkimSettings } from './dkim';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent with the mail (a donation certificate): small, kept base64 in the outbox row. */
  attachments?: MailAttachment[];
  /**
   * It carries a one-time link (a sign-in, a donor's page, a confirmation): its outbox copy is
   * deleted RETENTION_MAIL_DAYS after it was sent (models/privacy/retention.ts).
   */
  oneTimeLink?: boolean;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

export interface MailProvider {
  kind: 'smtp' | 'outbox';
  /** Queues a mail: written to the outbox now, sent once by a background job. */
  send(message: MailMessage, options?: { trx?: Knex | Knex.Transaction }): Promise<void>;
  /** Sends now, for jobs that claim their recipients themselves (newsletter deliveries). */
  transmit(message: MailMessage): Promise<void>;
  /** The `send-mail` job: sends one queued outbox row, at most once. */
  deliver(outboxId: number, ctx: JobContext): Promise<void>;
  /** Closes the SMTP connections kept open (on shutdown). */
  close(): Promise<void>;
}

/** Why a mail was not sent; `permanent` when retrying cannot help (the server refused it: 5xx). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The relay refused the recipient for good (5xx to RCPT TO): a hard bounce of that address. */
    readonly recipientRefused = false,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** Every SMTP stage (connect, greeting, each reply) and the whole message have a deadline. */
export const SMTP_TIMEOUT_MS = 10_000;
export const SMTP_TOTAL_MS = 30_000;

export const SEND_MAIL_TASK = 'send-mail';

interface OutboxRow {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  headers: string | null;
  attachments: string | null;
  status: string;
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new MailError(`${what} did not finish within ${ms / 1000} s`, false)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createMailProvider(options: {
  smtpUrl?: string;
  from: string;
  /** The envelope sender (Return-Path) of every mail: where bounces go (BOUNCE_ADDRESS); else the From address. */
  envelopeFrom?: string;
  db: Knex;
  log: Logger;
  jobs: JobQueue;
  totalMs?: number;
  dkim?: DkimSettings;
  /** A queued mail's recipient refused for good by the relay (app.ts records it as a hard bounce). */
  onRecipientRefused?: (to: string, outboxId: number, detail: string) => Promise<void>;
}): MailProvider {
  const { smtpUrl, from, db, log, jobs, dkim } = options;
  // nodemailer is loaded only where SMTP is configured (memory: every instance pays for what it loads).
  let transport: Promise<Transporter> | null = null;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, String(SMTP_TIMEOUT_MS));
    }
    // A few connections kept open and reused (a newsletter is thousands of mails; a new connection
    // and greeting for each was most of the time a send took). SMTP_URL may say otherwise.
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '4');
    // With DKIM_* every mail that leaves is signed (rsa-sha256, nodemailer's own signing).
    transport = import('nodemailer').then((m) => m.default.createTransport({ url: url.toString(), ...(dkim ? { dkim } : {}) }));
  }
  const kind = transport ? 'smtp' : 'outbox';

  async function transmitNow(m: MailMessage): Promise<void> {
    if (!transport) {
      log.info({ to: m.to, subject: m.subject, text: m.text }, 'mail written to the outbox (no SMTP_URL configured)');
      return;
    }
    try {
      const attachments = m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') }));
      await withDeadline((await transport).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers, attachments, ...(options.envelopeFrom ? { envelope: { from: options.envelopeFrom, to: m.to } } : {}) }), options.totalMs ?? SMTP_TOTAL_MS, 'the SMTP server');
    } catch (err) {
      if (err instanceof MailError) throw err;
      const e = err as { responseCode?: number; message?: string; code?: string; command?: string };
      // 5xx: the server refused this message for good (bad address...). Anything else may pass later.
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
      // Only a refusal of the recipient itself says something about the address (a relay that
      // refuses the sender or the login would otherwise suppress everyone).
      const refused = permanent && e.code === 'EENVELOPE' && e.command === 'RCPT TO';
      throw new MailError(`${e.code ? `${e.code}: ` : ''}${e.message ?? 'mail not sent'}`, permanent, refused);
    }
  }

  const outboxRow = (m: MailMessage, status: string) => ({
    toAddress: m.to,
    subject: m.subject.slice(0, 300),
    textBody: m.text,
    htmlBody: m.html ?? null,
    headers: m.headers ? JSON.stringify(m.headers) : null,
    attachments: m.attachments?.length ? JSON.stringify(m.attachments) : null,
    transport: kind,
    status,
    oneTimeLink: m.oneTimeLink === true,
  });

  return {
    kind,

    async close() {
      if (transport) (await transport).close();
    },

    async send(m, opts = {}) {
      const run = async (trx: Knex | Knex.Transaction) => {
        const [r] = (await trx('outbox').insert(outboxRow(m, 'queued'), ['id'])) as ({ id: number } | number)[];
        const id = typeof r === 'object' ? r.id : Number(r);
        await jobs.add(SEND_MAIL_TASK, { outboxId: id }, { trx });
      };
      if (opts.trx) await run(opts.trx);
      else await db.transaction(run);
    },

    async transmit(m) {
      await transmitNow(m);
      // Without SMTP the outbox is where a mail goes; with SMTP the newsletter's delivery rows
      // are the record (copies of every newsletter would fill the outbox).
      if (!transport) await db('outbox').insert({ ...outboxRow(m, 'sent'), sentAt: new Date() });
    },

    async deliver(outboxId, ctx) {
      // The claim: only a queued row is sent. A row left 'sending' was cut off by a crash after
      // the claim: the mail may have left, so it is never repeated (at most once).
      const claimed = await db('outbox').where({ id: outboxId, status: 'queued' }).update({ status: 'sending', attempts: db.raw('attempts + 1') });
      if (claimed !== 1) {
        const row = (await db('outbox').where({ id: outboxId }).first('status')) as { status: string } | undefined;
        if (row?.status === 'sending') {
          await db('outbox').where({ id: outboxId, status: 'sending' }).update({ status: 'unknown', error: 'interrupted while sending; not repeated' });
          ctx.log.warn({ outboxId }, 'a mail was interrupted while sending: not sent again');
        }
        return;
      }
      const row = (await db('outbox').where({ id: outboxId }).first()) as OutboxRow;
      const message: MailMessage = {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
        ...(row.attachments ? { attachments: JSON.parse(row.attachments) as MailAttachment[] } : {}),
      };
      try {
        await transmitNow(message);
      } catch (err) {
        const e = err instanceof MailError ? err : new MailError(String(err), false);
        const final = e.permanent || ctx.attempt >= ctx.maxAttempts;
        // Only while the row is still ours: an instance that froze mid-send may find it marked
        // 'unknown' by the one that took its job over; it stays so (never sent again).
        const mine = await db('outbox').where({ id: outboxId, status: 'sending' }).update({ status: final ? 'failed' : 'queued', error: e.message.slice(0, 1000) });
        if (Number(mine) !== 1) return;
        if (final) {
          ctx.log.error({ outboxId, to: row.toAddress, err: e.message }, 'mail not sent (given up)');
          if (e.recipientRefused) await options.onRecipientRefused?.(row.toAddress, outboxId, e.message);
          return;
        }
        throw e; // retried with backoff
      }
      // 'unknown' too: it did leave, whatever another instance concluded meanwhile.
      await db('outbox').where({ id: outboxId }).whereIn('status', ['sending', 'unknown']).update({ status: 'sent', sentAt: new Date(), error: null });
    },
  };
}

export interface OutboxMessage {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** JSON of MailAttachment[], or null. */
  attachments: string | null;
  transport: string;
  status: string;
  createdAt: string;
}

/** Newest outbox messages to an address (tests and the admin use it to follow links). */
export async function outboxFor(db: Knex, to: string): Promise<OutboxMessage[]> {
  return db('outbox').where({ toAddress: to }).orderBy('id', 'desc');
}
