// Keep no more than needed: the daily retention job deletes sent mails with a
// one-time link RETENTION_MAIL_DAYS after they were sent (receipts stay), the tokens behind those
// links, expired sessions, and rate-limit rows (keyed by IP address) RETENTION_IP_DAYS after their
// window; the mails that carry such links are marked when they are written; one job waits for all
// instances; the privacy notice names the periods in force.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { ON_POSTGRES, testApp, twoInstances, until } from '../helpers';
import { purgePersonalData, RETENTION_KEY, runRetentionJob } from '../../models/privacy/retention';
import { loadConfig } from '../../config';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-12-01T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const jobsTable = ON_POSTGRES ? 'graphile_worker._private_jobs' : 'jobs';

describe('keep no more than needed', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ RETENTION_MAIL_DAYS: '45', RETENTION_IP_DAYS: '3' });
  });
  after(() => h.close());

  test('the purge deletes what was kept long enough, and nothing else', async () => {
    const db = h.deps.db;
    await db('outbox').delete();
    const mail = (subject: string, oneTimeLink: boolean, status: string, sentAt: Date | null, createdAt: Date) => ({
      toAddress: 'donor@example.org', subject, textBody: 'text', transport: 'outbox', status, oneTimeLink, sentAt, createdAt,
    });
    await db('outbox').insert([
      mail('old link', true, 'sent', ago(46), ago(46)),
      mail('old failed link', true, 'failed', null, ago(50)),
      mail('recent link', true, 'sent', ago(44), ago(44)),
      mail('old queued link', true, 'queued', null, ago(60)),
      mail('old receipt', false, 'sent', ago(400), ago(400)),
    ]);
    const token = (hash: string, expiresAt: Date) => ({ tokenHash: hash, email: 'donor@example.org', lang: 'en', expiresAt });
    await db('login_tokens').insert([token('a'.repeat(64), ago(46)), token('b'.repeat(64), ago(1))]);
    await db('donor_tokens').insert([token('c'.repeat(64), ago(46)), token('d'.repeat(64), ago(1))]);
    await db('sessions').delete();
    await db('sessions').insert([
      { sid: 'gone', sess: '{}', expired: ago(0.01) },
      { sid: 'alive', sess: '{}', expired: new Date(NOW.getTime() + DAY) },
    ]);
    await db('rate_limits').delete();
    await db('rate_limits').insert([
      { key: 'login:203.0.113.7', hits: 3, resetAtMs: ago(4).getTime() },
      { key: 'login:203.0.113.8', hits: 1, resetAtMs: ago(2).getTime() },
    ]);

    // Mailbox providers' reports: one older than a year goes; a suppression stays until lifted.
    const report = (eventId: string, days: number) => ({ source: 'ses', eventId, address: 'donor@example.org', kind: 'hard_bounce', occurredAt: ago(days).toISOString(), createdAt: ago(days).toISOString() });
    await db('mail_events').insert([report('old-report', 366), report('recent-report', 364)]);
    await db('mail_suppressions').insert({ address: 'donor@example.org', reason: 'hard_bounce', source: 'ses', suppressedAt: ago(366).toISOString() });

    // Supporters' fundraisers rejected 46 days ago (one never took a gift, one did), 44 days ago, and an approved one.
    const project = (await db('projects').first('id')) as { id: number };
    const fundraiser = (slug: string, status: string, reviewedAt: Date) => ({
      slug, projectId: project.id, title: slug, story: 'A story', goalKind: 'amount', goal: 10000, currency: 'chf', endDate: '2027-01-31',
      ownerName: 'Ann Owner', ownerEmail: `${slug}@example.org`, manageTokenHash: slug.padEnd(64, '0'), status, reviewedAt, rejectReason: status === 'rejected' ? 'No' : null,
    });
    await db('fundraisers').insert([fundraiser('old-rejected', 'rejected', ago(46)), fundraiser('old-rejected-gifts', 'rejected', ago(46)), fundraiser('recent-rejected', 'rejected', ago(44)), fundraiser('old-approved', 'approved', ago(46))]);
    const withGifts = (await db('fundraisers').where({ slug: 'old-rejected-gifts' }).first('id')) as { id: number };
    await db('donations').insert({ paymentIntentId: 'pi_retention_fundraiser', amountCents: 1000, currency: 'chf', status: 'succeeded', fundraiserId: withGifts.id, projectId: project.id, appliedAt: ago(50) });

    const r = await purgePersonalData(db, h.deps.config.retention, NOW);
    assert.deepEqual(r, { mails: 2, tokens: 2, sessions: 1, rateLimits: 1, fundraisers: 2, mailReports: 1 });
    assert.deepEqual((await db('mail_events').select('eventId')).map((r: { eventId: string }) => r.eventId), ['recent-report']);
    assert.equal((await db('mail_suppressions').where({ address: 'donor@example.org' })).length, 1);
    const left = (await db('fundraisers').whereIn('slug', ['old-rejected', 'old-rejected-gifts', 'recent-rejected', 'old-approved']).orderBy('slug').select('slug', 'ownerName', 'ownerEmail', 'manageTokenHash')) as { slug: string; ownerName: string | null; ownerEmail: string | null; manageTokenHash: string | null }[];
    assert.deepEqual(
      left.map((f) => [f.slug, f.ownerEmail !== null, f.ownerName !== null, f.manageTokenHash !== null]),
      [
        ['old-approved', true, true, true],
        ['old-rejected-gifts', false, false, false],
        ['recent-rejected', true, true, true],
      ],
    );
    assert.deepEqual((await db('outbox').orderBy('id').select('subject')).map((m: { subject: string }) => m.subject), ['recent link', 'old queued link', 'old receipt']);
    assert.deepEqual((await db('login_tokens').select('tokenHash')).map((t: { tokenHash: string }) => t.tokenHash[0]), ['b']);
    assert.deepEqual((await db('donor_tokens').select('tokenHash')).map((t: { tokenHash: string }) => t.tokenHash[0]), ['d']);
    assert.deepEqual((await db('sessions').select('sid')).map((s: { sid: string }) => s.sid), ['alive']);
    assert.deepEqual((await db('rate_limits').select('key')).map((k: { key: string }) => k.key), ['login:203.0.113.8']);
    // Run again: nothing more to do.
    assert.deepEqual(await purgePersonalData(db, h.deps.config.retention, NOW), { mails: 0, tokens: 0, sessions: 0, rateLimits: 0, fundraisers: 0, mailReports: 0 });
  });

  test('mails with a one-time link are marked when written; a receipt is not', async () => {
    const db = h.deps.db;
    await db('outbox').delete();
    await db('rate_limits').delete();
    await request(h.app).post('/api/admin/login').send({ email: 'admin@example.org' }).expect(200);
    await request(h.app).post('/api/newsletter/subscribe').send({ email: 'reader@example.org', language: 'de' }).expect(200);
    await until(async () => (await db('outbox').count<{ n: number }[]>({ n: '*' }))[0]!.n >= 2, 'the two mails');
    const rows = (await db('outbox').select('toAddress', 'oneTimeLink')) as { toAddress: string; oneTimeLink: boolean | number }[];
    assert.deepEqual(rows.map((r) => [r.toAddress, Boolean(r.oneTimeLink)]).sort(), [['admin@example.org', true], ['reader@example.org', true]]);
    await h.deps.mail.send({ to: 'donor@example.org', subject: 'Receipt', text: 'Thank you' });
    const receipt = (await db('outbox').where({ subject: 'Receipt' }).first('oneTimeLink')) as { oneTimeLink: boolean | number };
    assert.equal(Boolean(receipt.oneTimeLink), false);
  });

  test('the job runs daily, queued once under its key, also after a failure', async () => {
    const keyed = async () => Number((await h.deps.db(jobsTable).where({ key: RETENTION_KEY }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
    assert.equal(await keyed(), 1, 'the start queued the first run');
    const log = h.deps.log;
    await runRetentionJob({ db: h.deps.db, jobs: h.deps.jobs, periods: h.deps.config.retention }, log, () => NOW);
    assert.equal(await keyed(), 1, 'the next run replaces, it does not pile up');
    const failing = (() => {
      throw new Error('database away');
    }) as unknown as typeof h.deps.db;
    assert.equal(await runRetentionJob({ db: failing, jobs: h.deps.jobs, periods: h.deps.config.retention }, log, () => NOW), null);
    assert.equal(await keyed(), 1, 'queued again after the failure');
  });

  test('the privacy notice names the periods in force, in both languages', async () => {
    const en = (await request(h.app).get('/privacy').expect(200)).text;
    assert.match(en, /deleted from our mail records 45 days after they were sent/);
    assert.match(en, /deleted after 3 days at the latest/);
    const de = (await request(h.app).get('/de/privacy').expect(200)).text;
    assert.match(de, /45 Tage nach dem Versand/);
    assert.match(de, /spätestens nach 3 Tagen/);
    assert.match(en, /we keep that report for 365 days/);
    assert.match(de, /bewahren wir diese Meldung 365 Tage auf/);
  });

  test('the periods: 30 and 7 days by default; a period that makes no sense is refused by name', () => {
    assert.deepEqual(loadConfig({}).retention, { mailDays: 30, ipDays: 7, reportDays: 365 });
    assert.throws(() => loadConfig({ RETENTION_MAIL_REPORT_DAYS: '3' }), /RETENTION_MAIL_REPORT_DAYS/);
    assert.throws(() => loadConfig({ RETENTION_MAIL_DAYS: '0' }), /RETENTION_MAIL_DAYS/);
    assert.throws(() => loadConfig({ RETENTION_IP_DAYS: 'week' }), /RETENTION_IP_DAYS/);
  });
});

describe('one retention job for two instances', () => {
  test('both start, one run waits', async () => {
    const pair = await twoInstances('retention');
    try {
      const n = Number((await pair.a.deps.db(jobsTable).where({ key: RETENTION_KEY }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
      assert.equal(n, 1);
    } finally {
      await pair.close();
    }
  });
});
