import type { Knex } from 'knex';
import type { Logger } from 'pino';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Outgoing mail: SMTP when SMTP_URL is set, else the outbox (database and log). */
export interface MailProvider {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

const SMTP_TIMEOUT_MS = 10_000;

export function createMailProvider(options: { smtpUrl?: string; from: string; db: Knex; log: Logger }): MailProvider {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, String(SMTP_TIMEOUT_MS));
    }
    const transport = nodemailer.createTransport(url.toString());
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
        await db('outbox').insert({ toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html ?? null, transport: 'smtp' });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await db('outbox').insert({ toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html ?? null, transport: 'outbox' });
      log.info({ to: m.to, subject: m.subject, text: m.text }, 'mail written to the outbox (no SMTP_URL configured)');
    },
  };
}

export interface OutboxMessage {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  transport: string;
  createdAt: string;
}

/** Newest outbox messages to an address (tests and the admin use it to follow links). */
export async function outboxFor(db: Knex, to: string): Promise<OutboxMessage[]> {
  return db('outbox').where({ toAddress: to }).orderBy('id', 'desc');
}
