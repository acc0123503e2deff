// The bounce mailbox (issue 40, for sites that send through plain SMTP): mail servers return what
// they could not deliver to the envelope sender (BOUNCE_ADDRESS), and mailbox providers send their
// users' "this is spam" clicks to the address registered for their feedback loop (Yahoo CFL,
// Microsoft JMRP). Both land in one IMAP folder (BOUNCE_IMAP_URL), which the recurring job
// `bounce-mailbox` (one pending job for all instances) reads every BOUNCE_IMAP_EVERY_MINUTES.
//
// Each unseen message is parsed with mailparser and recognised as
//   - a delivery status notification (RFC 3464: multipart/report; report-type=delivery-status):
//     for each recipient of its message/delivery-status part whose Action is failed, a hard bounce
//     (Status 5.x.x) or a soft one (4.x.x), for the Original-Recipient (else the Final-Recipient),
//     with the Diagnostic-Code as detail; delayed, delivered, relayed and expanded say nothing;
//   - a complaint report (ARF, RFC 5965: multipart/report; report-type=feedback-report): with
//     Feedback-Type abuse, a complaint for Original-Rcpt-To, else for the enclosed original's To
//     (fraud, virus, not-spam and the others are reports too, but no complaint about the address);
//   - anything else (a person's reply, a bounce in no standard form): no event, flagged for a
//     person to look at.
// Every message read is marked \Seen (and is not read again); events are recorded before. The
// event id is the report's Message-ID and the recipient, so a report read twice (two runs, a
// crash before the mark, two instances) counts once (models/people/mail-suppression.ts).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AddressObject } from 'mailparser';
import type { JobQueue } from '../providers/jobs';
import { imapSettings, mailboxName, readUnseen, type MailboxRun } from '../providers/imap';
import { eventAddress, recordMailEvents, type MailEvent } from './mail-suppression';

export const BOUNCE_MAILBOX_TASK = 'bounce-mailbox';
export const BOUNCE_MAILBOX_FIRST_DELAY_MS = 60_000;

type Fields = Map<string, string[]>;

/** The field groups of a message/delivery-status or message/feedback-report body: folded lines joined, names lower case. */
export function fieldGroups(text: string): Fields[] {
  const groups: Fields[] = [];
  let current: Fields | null = null;
  let last: { name: string; index: number } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) {
      current = null;
      last = null;
      continue;
    }
    if (/^[ \t]/.test(line) && current && last) {
      const values = current.get(last.name)!;
      values[last.index] = `${values[last.index]} ${line.trim()}`;
      continue;
    }
    const m = /^([!-9;-~]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    if (!current) groups.push((current = new Map()));
    const name = m[1]!.toLowerCase();
    const values = current.get(name) ?? [];
    values.push(m[2]!.trim());
    current.set(name, values);
    last = { name, index: values.length - 1 };
  }
  return groups;
}

const first = (f: Fields, name: string) => f.get(name)?.[0] ?? '';
/** "rfc822; a@b.example" -> "a@b.example" (the address type before the semicolon dropped). */
const typed = (value: string) => (value.includes(';') ? value.slice(value.indexOf(';') + 1) : value).trim();

const sha256 = (s: string | Buffer) => crypto.createHash('sha256').update(s).digest('hex');

function eventIdOf(reportId: string, address: string): string {
  const id = `${reportId} ${address}`;
  return id.length <= 200 ? id : `sha256:${sha256(reportId)} ${address}`;
}

/** The parts of a multipart body by their Content-Type (first level), each part's body as raw text. */
function rawParts(source: Buffer, boundary: string): Array<{ type: string; body: string }> {
  const text = source.toString('latin1');
  const marker = `--${boundary}`;
  const pieces = text.split(new RegExp(`\\r?\\n${marker.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}`));
  return pieces.slice(1).flatMap((piece) => {
    if (piece.startsWith('--')) return [];
    const split = /\r?\n\r?\n/.exec(piece);
    if (!split) return [];
    const head = piece.slice(0, split.index);
    const type = /^content-type:\s*([^;\s]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
    return [{ type, body: piece.slice(split.index + split[0].length) }];
  });
}

const addressesOf = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));

/** What one message says about the site's recipients: null when it is no report. */
export async function reportEvents(source: Buffer): Promise<MailEvent[] | null> {
  // Loaded only where a bounce mailbox is read (memory: every instance pays for what it loads).
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const ct = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (ct?.value?.toLowerCase() !== 'multipart/report') return null;
  const reportType = (ct.params?.['report-type'] ?? '').toLowerCase();
  const reportId = mail.messageId?.trim() || `sha256:${sha256(source)}`;
  const occurredAt = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : undefined;
  const part = (types: string[]) => mail.attachments.find((a) => types.includes(a.contentType.toLowerCase()))?.content.toString('utf8');

  if (reportType === 'delivery-status') {
    const status = part(['message/delivery-status', 'message/global-delivery-status']);
    if (status === undefined) return null;
    const events: MailEvent[] = [];
    for (const f of fieldGroups(status)) {
      if (!f.has('final-recipient') && !f.has('original-recipient')) continue;
      if (first(f, 'action').toLowerCase() !== 'failed') continue;
      const address = eventAddress(typed(first(f, 'original-recipient'))) ?? eventAddress(typed(first(f, 'final-recipient')));
      if (!address) continue;
      const code = /\b([245])\.\d{1,3}\.\d{1,3}\b/.exec(first(f, 'status'))?.[0] ?? null;
      events.push({
        source: 'imap',
        eventId: eventIdOf(reportId, address),
        address,
        kind: code?.startsWith('5') ? 'hard_bounce' : 'soft_bounce',
        occurredAt,
        detail: typed(first(f, 'diagnostic-code')) || (code ? `Status ${code}` : null),
      });
    }
    return events;
  }

  if (reportType === 'feedback-report') {
    const report = part(['message/feedback-report']);
    if (report === undefined) return null;
    const f = new Map<string, string[]>();
    for (const g of fieldGroups(report)) for (const [k, v] of g) f.set(k, [...(f.get(k) ?? []), ...v]);
    if (first(f, 'feedback-type').toLowerCase() !== 'abuse') return [];
    let addresses = (f.get('original-rcpt-to') ?? []).map((v) => eventAddress(v));
    if (!addresses.some(Boolean)) {
      // No Original-Rcpt-To (Microsoft's JMRP leaves it out): the enclosed original's To.
      const boundary = ct.params?.boundary;
      const enclosed = boundary ? rawParts(source, boundary).find((p) => p.type === 'message/rfc822' || p.type === 'text/rfc822-headers') : undefined;
      if (enclosed) addresses = addressesOf((await simpleParser(Buffer.from(enclosed.body, 'latin1'), { skipHtmlToText: true, skipTextToHtml: true })).to).map((a) => eventAddress(a));
    }
    const agent = first(f, 'user-agent');
    return [...new Set(addresses.filter((a): a is string => !!a))].map((address) => ({
      source: 'imap' as const,
      eventId: eventIdOf(reportId, address),
      address,
      kind: 'complaint' as const,
      occurredAt,
      detail: `Complaint (Feedback-Type abuse)${agent ? ` from ${agent}` : ''}`,
    }));
  }
  return null;
}

export interface BounceMailboxDeps {
  db: Knex;
  log: Logger;
  imapUrl: string | undefined;
  everyMinutes: number;
  jobs?: Pick<JobQueue, 'add'>;
  signal?: AbortSignal;
}

/** One reading of the mailbox: every unseen message parsed, its events recorded, then marked. Throws when the mailbox cannot be read. */
export async function readBounceMailbox(deps: BounceMailboxDeps): Promise<MailboxRun & { recorded: number; suppressed: number }> {
  if (!deps.imapUrl) return { read: 0, reports: 0, others: 0, left: 0, recorded: 0, suppressed: 0 };
  const settings = imapSettings(deps.imapUrl);
  let recorded = 0;
  let suppressed = 0;
  const run = await readUnseen(
    settings,
    async ({ uid, source }) => {
      let events: MailEvent[] | null;
      try {
        events = await reportEvents(source);
      } catch (err) {
        deps.log.warn({ uid, err: (err as Error).message }, 'bounce mailbox: a message could not be parsed; flagged for a person');
        return 'other';
      }
      if (!events) return 'other';
      // A database error throws: the message stays unseen and is read again next run.
      const r = await recordMailEvents(deps.db, events);
      recorded += r.recorded;
      suppressed += r.suppressed;
      return 'report';
    },
    { signal: deps.signal },
  );
  if (run.read) deps.log.info({ mailbox: mailboxName(settings), ...run, recorded, suppressed }, 'bounce mailbox read');
  return { ...run, recorded, suppressed };
}

/** The recurring run: never throws (a wrong password or a host that is down is logged); queues the next. */
export async function runBounceMailboxJob(deps: BounceMailboxDeps): Promise<void> {
  if (!deps.imapUrl) return;
  let nextMs = deps.everyMinutes * 60_000;
  try {
    // More than one run's worth waiting: the next run soon.
    if ((await readBounceMailbox(deps)).left) nextMs = 5_000;
  } catch (err) {
    deps.log.warn({ mailbox: mailboxName(imapSettings(deps.imapUrl)), err: (err as Error).message }, `bounce mailbox: could not be read; next try in ${deps.everyMinutes} minutes`);
  } finally {
    if (deps.jobs) await queueBounceMailbox(deps.jobs, new Date(Date.now() + nextMs));
  }
}

export function queueBounceMailbox(jobs: Pick<JobQueue, 'add'>, runAt?: Date): Promise<void> {
  return jobs.add(BOUNCE_MAILBOX_TASK, {}, { key: BOUNCE_MAILBOX_TASK, runAt, maxAttempts: 3 });
}
