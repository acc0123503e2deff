// The bounce mailbox (models/people/bounce-mailbox.ts) against a real IMAP server: a throwaway
// Dovecot on loopback (test/fakes/dovecot.ts). Real-looking reports (test/fixtures/bounces/: DSNs
// as Postfix writes them, ARF complaints as Yahoo's and Microsoft's feedback loops send them, a
// person's reply) are appended over IMAP and read by the recurring job: hard bounces and
// complaints suppress, a soft bounce counts, a delay and a reply say nothing; every message read
// is marked \Seen (a reply \Flagged too, for a person); a report read twice, or by two instances
// at once, counts once; a wrong password, a host that is down or an untrusted certificate is
// logged (never the password) and the job queues its next run instead of failing the app.
// Without Dovecot the file skips locally and fails under CI=true (.ci/run installs it).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { ImapFlow } from 'imapflow';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { dovecotMissing, startDovecot, type Dovecot } from '../fakes/dovecot';
import { startFakeSmtp } from '../fakes/smtp';
import { BOUNCE_MAILBOX_TASK, readBounceMailbox, runBounceMailboxJob } from '../../models/people/bounce-mailbox';
import { isSuppressed, listSuppressions } from '../../models/people/mail-suppression';

const missing = dovecotMissing();
if (missing && process.env.CI === 'true') throw new Error(`bounce mailbox tests: ${missing}`);
const skip = missing ? `skipped: ${missing}` : false;

const FIXTURES = path.join(import.meta.dirname, '../fixtures/bounces');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.eml`), 'utf8').replace(/\r?\n/g, '\r\n');

let dovecot: Dovecot;
const url = (o: { password?: string; port?: number; scheme?: string; query?: string } = {}) =>
  `${o.scheme ?? 'imap'}://${encodeURIComponent(dovecot.user)}:${encodeURIComponent(o.password ?? dovecot.password)}@127.0.0.1:${o.port ?? dovecot.imapPort}/INBOX${o.query ?? '?tls=insecure'}`;

/** A client of the test's own (the site's job has its own), to put mail in and look at the flags. */
async function mailbox<T>(fn: (c: ImapFlow) => Promise<T>): Promise<T> {
  const c = new ImapFlow({ host: dovecot.host, port: dovecot.imapPort, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, tls: { rejectUnauthorized: false }, logger: false });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.logout();
  }
}
const append = (...messages: string[]) => mailbox(async (c) => {
  for (const m of messages) await c.append('INBOX', m);
});
/** Each message's subject and flags, by the test's own client. */
const flags = () => mailbox(async (c) => {
  const lock = await c.getMailboxLock('INBOX');
  try {
    const out: Array<{ subject: string; flags: string[] }> = [];
    for await (const m of c.fetch('1:*', { envelope: true, flags: true })) out.push({ subject: m.envelope?.subject ?? '', flags: [...(m.flags ?? [])].sort() });
    return out;
  } finally {
    lock.release();
  }
});
const clearMailbox = () => mailbox(async (c) => {
  const lock = await c.getMailboxLock('INBOX');
  try {
    await c.messageDelete('1:*');
  } finally {
    lock.release();
  }
});
const imapEvents = async (h: AppHandle) => (await h.deps.db('mail_events').where({ source: 'imap' }).orderBy('id').select('address', 'kind', 'detail')) as Array<{ address: string; kind: string; detail: string }>;

function capturedLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
  return { log, text: () => lines.join('') };
}

before(async () => {
  if (!missing) dovecot = await startDovecot();
});
after(async () => {
  await dovecot?.stop();
});

describe('the bounce mailbox', { skip }, () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ BOUNCE_IMAP_URL: url() });
  });
  after(() => h.close());

  test('the job reads DSNs and complaint reports: hard bounces and complaints suppress, a soft bounce counts, a delay and a reply say nothing', async () => {
    await clearMailbox();
    await append(...['postfix-hard-bounce', 'postfix-soft-bounce', 'postfix-delayed', 'yahoo-complaint', 'microsoft-complaint', 'plain-reply'].map(fixture));
    await h.deps.jobs.add(BOUNCE_MAILBOX_TASK, {}, { key: BOUNCE_MAILBOX_TASK });
    await h.deps.jobs.idle();

    assert.deepEqual(
      (await imapEvents(h)).map((e) => [e.address, e.kind]),
      [
        ['gone.reader@example.net', 'hard_bounce'],
        ['former.member@example.com', 'hard_bounce'],
        ['full.box@example.org', 'soft_bounce'],
        ['annoyed.reader@yahoo.example', 'complaint'],
        ['outlook.reader@outlook.example', 'complaint'],
      ],
    );
    const by = Object.fromEntries((await listSuppressions(h.deps.db)).items.map((s) => [s.address, s]));
    assert.equal(by['gone.reader@example.net']?.reason, 'hard_bounce');
    assert.equal(by['gone.reader@example.net']?.source, 'imap');
    assert.match(by['gone.reader@example.net']?.detail ?? '', /^550 5\.1\.1 .*User unknown/, 'the Diagnostic-Code is the detail');
    assert.equal(by['former.member@example.com']?.reason, 'hard_bounce');
    assert.equal(by['annoyed.reader@yahoo.example']?.reason, 'complaint', 'Original-Rcpt-To');
    assert.equal(by['outlook.reader@outlook.example']?.reason, 'complaint', "the enclosed original's To");
    for (const a of ['full.box@example.org', 'slow.server@example.org', 'friend@example.org']) assert.equal(await isSuppressed(h.deps.db, a), false, a);

    const marked = await flags();
    assert.equal(marked.length, 6);
    for (const m of marked) assert.ok(m.flags.includes('\\Seen'), `${m.subject} is marked seen`);
    assert.deepEqual(marked.filter((m) => m.flags.includes('\\Flagged')).map((m) => m.subject), ['Re: Winter letter'], 'only the mail that is no report is flagged for a person');

    // Read again: nothing is unseen, nothing new.
    assert.deepEqual(await readBounceMailbox({ db: h.deps.db, log: h.deps.log, imapUrl: url(), everyMinutes: 10 }), { read: 0, reports: 0, others: 0, left: 0, recorded: 0, suppressed: 0 });
  });

  test('a report read twice (a crash before it was marked, or delivered twice) counts once; three soft bounces in a row suppress', async () => {
    await clearMailbox();
    const before = (await imapEvents(h)).length;
    await append(fixture('postfix-hard-bounce'), fixture('postfix-hard-bounce'), fixture('yahoo-complaint'));
    const first = await readBounceMailbox({ db: h.deps.db, log: h.deps.log, imapUrl: url(), everyMinutes: 10 });
    assert.deepEqual([first.read, first.reports, first.recorded], [3, 3, 0], 'all read, none new');
    assert.equal((await imapEvents(h)).length, before);

    const soft = fixture('postfix-soft-bounce');
    await append(soft.replace(/20261202092011\.7Cd2e3F4Lm/, 'second.7Cd2e3F4Lm'), soft.replace(/20261202092011\.7Cd2e3F4Lm/, 'third.7Cd2e3F4Lm'));
    assert.equal(await isSuppressed(h.deps.db, 'full.box@example.org'), false);
    const next = await readBounceMailbox({ db: h.deps.db, log: h.deps.log, imapUrl: url(), everyMinutes: 10 });
    assert.deepEqual([next.recorded, next.suppressed], [2, 1]);
    assert.equal((await listSuppressions(h.deps.db)).items.find((s) => s.address === 'full.box@example.org')?.reason, 'soft_bounce');
  });

  test('a wrong password, a host that is down and an untrusted certificate are logged without the password, and the job comes again', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const cases = [
      { name: 'wrong password', imapUrl: url({ password: 'wrong-Secret-42' }), says: /refused the user name or password/ },
      { name: 'host down', imapUrl: url({ password: 'wrong-Secret-42', port: closedPort }), says: /connecting: .*(ECONNREFUSED|refused)/i },
      { name: 'self-signed certificate not accepted', imapUrl: url({ password: 'wrong-Secret-42', scheme: 'imaps', port: dovecot.imapsPort, query: '' }), says: /certificate/i },
    ];
    for (const c of cases) {
      const { log, text } = capturedLog();
      const queued: Array<{ task: string; runAt?: Date }> = [];
      const t0 = Date.now();
      await runBounceMailboxJob({ db: h.deps.db, log, imapUrl: c.imapUrl, everyMinutes: 7, jobs: { add: async (task, _p, o) => void queued.push({ task, runAt: o?.runAt }) } });
      assert.match(text(), c.says, c.name);
      assert.match(text(), /bounce mailbox: could not be read; next try in 7 minutes/, c.name);
      assert.ok(!text().includes('wrong-Secret-42'), `${c.name}: the password is not logged`);
      assert.equal(queued.length, 1, `${c.name}: the next run is queued`);
      assert.equal(queued[0]!.task, BOUNCE_MAILBOX_TASK);
      assert.ok(Math.abs(queued[0]!.runAt!.getTime() - (t0 + 7 * 60_000)) < 30_000, c.name);
    }
    // imaps:// with ?tls=insecure takes the self-signed certificate.
    await clearMailbox();
    await append(fixture('plain-reply'));
    const run = await readBounceMailbox({ db: h.deps.db, log: h.deps.log, imapUrl: url({ scheme: 'imaps', port: dovecot.imapsPort }), everyMinutes: 10 });
    assert.deepEqual([run.read, run.others], [1, 1]);
  });

  test('a wrong password at start: the app starts and serves, the job is queued', async () => {
    const other = await testApp({ BOUNCE_IMAP_URL: url({ password: 'nope' }) });
    try {
      await other.deps.jobs.add(BOUNCE_MAILBOX_TASK, {}, { key: BOUNCE_MAILBOX_TASK });
      await other.deps.jobs.idle();
      const stats = await other.deps.jobs.stats();
      assert.equal(stats.failed, 0, 'the job did not fail');
      assert.ok(stats.waiting >= 1, 'its next run is waiting');
      await request(other.app).get('/readyz').expect(200);
    } finally {
      await other.close();
    }
  });
});

describe('two instances reading the same mailbox at once', { skip }, () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('bounces', {}));
  });
  after(() => close());

  test('each report counts once', async () => {
    await clearMailbox();
    await append(fixture('postfix-hard-bounce'), fixture('microsoft-complaint'));
    const runs = await Promise.all([a, b].map((h) => readBounceMailbox({ db: h.deps.db, log: h.deps.log, imapUrl: url(), everyMinutes: 10 })));
    assert.equal(runs[0]!.recorded + runs[1]!.recorded, 3, 'two bounces and a complaint, once each');
    assert.equal(runs[0]!.suppressed + runs[1]!.suppressed, 3);
    assert.deepEqual((await imapEvents(a)).map((e) => e.address).sort(), ['former.member@example.com', 'gone.reader@example.net', 'outlook.reader@outlook.example']);
  });
});

describe('the envelope sender', () => {
  test('with BOUNCE_ADDRESS, mails leave with it as their envelope sender (Return-Path), so bounces reach the bounce mailbox', async () => {
    const smtp = await startFakeSmtp();
    const h = await testApp({ SMTP_URL: smtp.url, BOUNCE_ADDRESS: 'Bounces@Charity.example', MAIL_FROM: 'Charity <info@charity.example>' });
    try {
      await h.deps.mail.send({ to: 'reader@example.org', subject: 'Hello', text: 'Hi' });
      await h.deps.jobs.idle();
      const [m] = smtp.to('reader@example.org');
      assert.equal(m?.envelopeFrom, 'bounces@charity.example');
      assert.match(m?.headers.from ?? '', /info@charity\.example/, 'the From a reader sees is unchanged');
    } finally {
      await h.close();
      await smtp.close();
    }
  });
});
