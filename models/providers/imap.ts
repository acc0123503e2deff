// The bounce mailbox over IMAP (BOUNCE_IMAP_URL, issue 40), with imapflow: one connection per run,
// the folder's unseen messages read one at a time, each handed to the caller, then marked \Seen
// (and, when it was no report, \Flagged too, so a person looks at it; it is never read again).
// Every step has a deadline: the connection, the greeting and the socket through imapflow's own
// timeouts, and each command through `step()`, which closes the connection when it is over time.
// The password is never logged nor put into an error.
import net from 'node:net';
import type { ImapFlow } from 'imapflow';

export interface ImapSettings {
  host: string;
  port: number;
  /** imaps://: TLS from the first byte; imap://: STARTTLS when the server offers it (or required, ?starttls=required). */
  secure: boolean;
  requireStartTls: boolean;
  /** ?tls=insecure: accept a certificate that is not trusted (self-signed; tests and small hosts). */
  insecureTls: boolean;
  user: string;
  password: string;
  mailbox: string;
}

/** What the caller made of one message: a report (its events recorded) or anything else. */
export type MessageVerdict = 'report' | 'other';

export interface MailboxRun {
  /** Messages read and marked in this run. */
  read: number;
  reports: number;
  others: number;
  /** Unseen messages left for the next run (over the run's limit). */
  left: number;
}

export class ImapError extends Error {}

/** The settings of an imap:// or imaps:// address (config.ts checked its form). */
export function imapSettings(url: string): ImapSettings {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  const mailbox = decodeURIComponent(u.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 993 : 143,
    secure,
    requireStartTls: u.searchParams.get('starttls') === 'required',
    insecureTls: u.searchParams.get('tls') === 'insecure',
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    mailbox,
  };
}

/** Where the mailbox is, for logs: never the password. */
export const mailboxName = (s: ImapSettings) => `${s.secure ? 'imaps' : 'imap'}://${s.user}@${s.host}:${s.port}/${s.mailbox}`;

export const IMAP_CONNECT_MS = 15_000;
export const IMAP_COMMAND_MS = 30_000;
/** Messages larger than this are not fetched (a report is a few kilobytes): flagged for a person. */
export const IMAP_MAX_MESSAGE_BYTES = 5 * 1024 * 1024;
/** At most this many messages a run; the rest wait for the next. */
export const IMAP_MAX_MESSAGES = 500;

/**
 * Reads the unseen messages of the mailbox, oldest first, hands each to `handle`, then marks it.
 * A message `handle` throws for is left unseen (read again next run: recording is idempotent).
 */
export async function readUnseen(
  settings: ImapSettings,
  handle: (message: { uid: number; source: Buffer }) => Promise<MessageVerdict>,
  options: { signal?: AbortSignal; maxMessages?: number; commandMs?: number } = {},
): Promise<MailboxRun> {
  const { ImapFlow } = await import('imapflow');
  const commandMs = options.commandMs ?? IMAP_COMMAND_MS;
  const client: ImapFlow = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    doSTARTTLS: settings.requireStartTls ? true : undefined,
    auth: { user: settings.user, pass: settings.password },
    tls: { rejectUnauthorized: !settings.insecureTls, ...(net.isIP(settings.host) ? {} : { servername: settings.host }) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: IMAP_CONNECT_MS,
    greetingTimeout: IMAP_CONNECT_MS,
    socketTimeout: commandMs * 2,
    maxLiteralSize: IMAP_MAX_MESSAGE_BYTES * 2,
    maxResponseSize: IMAP_MAX_MESSAGE_BYTES * 3,
  });
  // An 'error' event without a listener would end the process: it is the step's failure instead.
  let failure: Error | null = null;
  client.on('error', (err: Error) => {
    failure = err;
  });
  const abort = () => client.close();
  options.signal?.addEventListener('abort', abort, { once: true });

  async function step<T>(what: string, promise: Promise<T>, ms = commandMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        promise,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            client.close();
            reject(new ImapError(`${what}: no answer within ${ms / 1000} s`));
          }, ms);
        }),
      ]);
    } catch (err) {
      if (err instanceof ImapError) throw err;
      const e = err as { message?: string; responseText?: string; code?: string; authenticationFailed?: boolean };
      const why = e.authenticationFailed ? 'the server refused the user name or password' : [e.code, e.responseText || e.message || (failure as Error | null)?.message].filter(Boolean).join(': ');
      throw new ImapError(`${what}: ${why || 'failed'}`);
    } finally {
      clearTimeout(timer);
    }
  }

  const run: MailboxRun = { read: 0, reports: 0, others: 0, left: 0 };
  try {
    await step('connecting', client.connect(), IMAP_CONNECT_MS * 3);
    const lock = await step(`opening ${settings.mailbox}`, client.getMailboxLock(settings.mailbox));
    try {
      const found = await step('searching unseen messages', client.search({ seen: false }, { uid: true }));
      const uids = (found || []).sort((a, b) => a - b);
      const max = options.maxMessages ?? IMAP_MAX_MESSAGES;
      run.left = Math.max(0, uids.length - max);
      for (const uid of uids.slice(0, max)) {
        if (options.signal?.aborted) break;
        const meta = await step(`reading message ${uid}`, client.fetchOne(String(uid), { uid: true, size: true }, { uid: true }));
        if (!meta) continue;
        let verdict: MessageVerdict = 'other';
        if ((meta.size ?? 0) <= IMAP_MAX_MESSAGE_BYTES) {
          const msg = await step(`reading message ${uid}`, client.fetchOne(String(uid), { uid: true, source: true }, { uid: true }));
          if (!msg || !msg.source) continue;
          verdict = await handle({ uid, source: msg.source });
        }
        await step(`marking message ${uid}`, client.messageFlagsAdd(String(uid), verdict === 'report' ? ['\\Seen'] : ['\\Seen', '\\Flagged'], { uid: true }));
        run.read += 1;
        if (verdict === 'report') run.reports += 1;
        else run.others += 1;
      }
    } finally {
      lock.release();
    }
    await step('logging out', client.logout(), 5_000).catch(() => client.close());
    return run;
  } catch (err) {
    client.close();
    throw err;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
