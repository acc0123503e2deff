// The Subscribers panel's suppressed addresses (issue 40): the list (newest first, with reason,
// source and date), a lift by the roles that manage subscribers (audited; 404 when the address is
// not suppressed, 400 for bad input), the "suppressed" flag of a subscriber's row and record; and
// Mailchimp's own cleaned and unsubscribed members read back against the fake Mailchimp
// (since_last_changed sent, paged, each member recorded once, Mailchimp down logged and retried).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { isSuppressed, recordMailEvent } from '../../models/people/mail-suppression';
import { confirmSubscription, requestSubscription } from '../../models/newsletter/subscriber';
import { startFakeMailchimp, type FakeMailchimp } from '../fakes/mailchimp';
import { jobTasks } from '../../controllers/jobs';
import { MAILCHIMP_READ_BACK_TASK, READ_BACK_SETTING, READ_OVERLAP_MS, readBackMailchimp } from '../../models/newsletter/mailchimp-read-back';
import type { JobContext } from '../../models/providers/jobs';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ROLES_ENV = { ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Anna Admin <${KEYS.admin}>` };
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });
const BASE = '/api/admin/newsletter/suppressions';
const CONSENT = 'Yes, send me the newsletter.';

async function subscribe(h: AppHandle, email: string): Promise<number> {
  const r = await requestSubscription(h.deps.db, { email, language: 'en', form: 'footer', consentText: CONSENT });
  await confirmSubscription(h.deps.db, r.confirmToken!);
  return r.subscriber.id;
}

describe('suppressed addresses in the admin', () => {
  let h: AppHandle;
  let benId: number;
  before(async () => {
    h = await testApp(ROLES_ENV, { worker: false });
    benId = await subscribe(h, 'ben@example.org');
    await subscribe(h, 'cara@example.org');
    await recordMailEvent(h.deps.db, { source: 'postmark', eventId: 'pm-1', address: 'Ben@Example.org', kind: 'hard_bounce', detail: '550 5.1.1 user unknown', occurredAt: new Date('2026-11-30T10:00:00Z') });
    await new Promise((r) => setTimeout(r, 5)); // a later suppressedAt than ben's (the list is newest first)
    await recordMailEvent(h.deps.db, { source: 'ses', eventId: 'ses-1', address: 'spam@example.org', kind: 'complaint' });
  });
  after(() => h.close());

  test('the list: newest first, with reason, source, detail and date; every role reads it', async () => {
    const res = await request(h.app).get(BASE).set(as('treasurer')).expect(200);
    assert.equal(res.body.total, 2);
    assert.deepEqual(
      res.body.items.map((i: { address: string; reason: string; source: string }) => [i.address, i.reason, i.source]),
      [
        ['spam@example.org', 'complaint', 'ses'],
        ['ben@example.org', 'hard_bounce', 'postmark'],
      ],
    );
    assert.equal(res.body.items[1].detail, '550 5.1.1 user unknown');
    assert.ok(!Number.isNaN(Date.parse(res.body.items[1].suppressedAt)));
    assert.equal((await request(h.app).get(BASE)).status, 401);
  });

  test("a subscriber's row and record say whether the address is suppressed", async () => {
    const list = await request(h.app).get('/api/admin/newsletter/subscribers').set(as('admin')).expect(200);
    const flags = Object.fromEntries(list.body.subscribers.map((s: { email: string; suppressed: boolean }) => [s.email, s.suppressed]));
    assert.deepEqual(flags, { 'ben@example.org': true, 'cara@example.org': false });
    assert.equal(list.body.suppressions.total, 2, 'the screen gets the suppressed addresses with the list');
    const record = await request(h.app).get(`/api/admin/newsletter/subscribers/${benId}`).set(as('admin')).expect(200);
    assert.equal(record.body.subscriber.suppressed, true);
  });

  test('bad input is 400, an address that is not suppressed 404, a treasurer may not lift', async () => {
    for (const body of [{}, { address: 42 }, { address: 'not an address' }, { address: 'x'.repeat(400) + '@example.org' }]) {
      const res = await request(h.app).post(`${BASE}/lift`).set(as('admin')).send(body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
      assert.ok(res.body.error);
    }
    const missing = await request(h.app).post(`${BASE}/lift`).set(as('admin')).send({ address: 'cara@example.org' });
    assert.equal(missing.status, 404);
    assert.match(missing.body.error, /not suppressed/);
    const forbidden = await request(h.app).post(`${BASE}/lift`).set(as('treasurer')).send({ address: 'ben@example.org' });
    assert.equal(forbidden.status, 403);
    assert.ok(forbidden.body.error);
    assert.equal(await isSuppressed(h.deps.db, 'ben@example.org'), true);
    // A session without the CSRF token cannot lift either.
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: KEYS.admin }).expect(200);
    assert.equal((await agent.post(`${BASE}/lift`).send({ address: 'ben@example.org' })).status, 403);
    assert.equal(await isSuppressed(h.deps.db, 'ben@example.org'), true);
  });

  test('an editor lifts a suppression: the lifted item, audited, gone from the list', async () => {
    const res = await request(h.app).post(`${BASE}/lift`).set(as('editor')).send({ address: ' BEN@example.org ' }).expect(200);
    assert.equal(res.body.address, 'ben@example.org');
    assert.equal(res.body.reason, 'hard_bounce');
    assert.equal(res.body.source, 'postmark');
    assert.equal(await isSuppressed(h.deps.db, 'ben@example.org'), false);
    const list = await request(h.app).get(BASE).set(as('admin')).expect(200);
    assert.deepEqual(list.body.items.map((i: { address: string }) => i.address), ['spam@example.org']);
    // The Activity panel's entry: who, the address and why it had been suppressed.
    const audit = await request(h.app).get('/api/admin/audit?action=lift').set(as('admin')).expect(200);
    const entry = (audit.body as { action: string; entity: string; actorName: string; details: unknown }[]).find((e) => e.action === 'lift')!;
    assert.equal(entry.entity, 'subscriber');
    assert.equal(entry.actorName, 'Eda Editor');
    assert.deepEqual(entry.details, { name: 'ben@example.org', reason: 'hard_bounce' });
    assert.equal((await request(h.app).post(`${BASE}/lift`).set(as('editor')).send({ address: 'ben@example.org' })).status, 404, 'lifted already');
  });
});

describe('Mailchimp read back', () => {
  let h: AppHandle;
  let mc: FakeMailchimp;
  const logged: string[] = [];
  const ctx = { log: { info: () => {}, warn: (_o: unknown, msg: string) => logged.push(msg), error: () => {}, debug: () => {} } } as unknown as JobContext;
  const listReads = () => mc.requests.filter((r) => r.method === 'GET' && /\/lists\/aud1\/members$/.test(r.path));
  before(async () => {
    mc = await startFakeMailchimp({ apiKey: 'x-us1' });
    h = await testApp({ MAILCHIMP_API_KEY: 'x-us1', MAILCHIMP_SERVER_PREFIX: 'us1', MAILCHIMP_AUDIENCE_ID: 'aud1', MAILCHIMP_API_BASE: mc.url }, { worker: false });
    // A row the site collected before Mailchimp was set up, and the audience's members.
    await subscribe(h, 'left@example.org');
    const earlier = new Date(Date.now() - 24 * 3600_000);
    mc.addMember('gone@example.org', 'cleaned', 'en', earlier);
    mc.addMember('left@example.org', 'unsubscribed', 'en', earlier);
    mc.addMember('happy@example.org', 'subscribed', 'de', earlier);
    // More cleaned members than one page holds.
    for (let i = 0; i < 501; i++) mc.addMember(`bounced${i}@example.org`, 'cleaned', 'en', earlier);
  });
  after(async () => {
    await h.close();
    await mc.close();
  });

  test('the job: cleaned suppressed as cleaned, unsubscribed unsubscribes the local row; paged', async () => {
    await jobTasks(h.deps, { monthly: null, vision: null })[MAILCHIMP_READ_BACK_TASK]!({}, ctx);
    const gone = await h.deps.db('mail_suppressions').where({ address: 'gone@example.org' }).first();
    assert.equal(gone?.reason, 'cleaned');
    assert.equal(gone?.source, 'mailchimp');
    assert.equal(await isSuppressed(h.deps.db, 'bounced500@example.org'), true, 'the second page was read');
    assert.equal(await isSuppressed(h.deps.db, 'happy@example.org'), false);
    assert.equal(await isSuppressed(h.deps.db, 'left@example.org'), false, 'an unsubscribe is no bounce');
    const row = await h.deps.db('newsletter_subscribers').where({ email: 'left@example.org' }).first();
    assert.equal(row.status, 'unsubscribed');
    assert.ok(row.unsubscribedAt);
    const history = await h.deps.db('newsletter_consent_events').where({ subscriberId: row.id, event: 'unsubscribed' });
    assert.deepEqual(history.map((e: { method: string }) => e.method), ['mailchimp']);
    assert.equal((await h.deps.db('mail_events').where({ source: 'mailchimp', kind: 'unsubscribed', address: 'left@example.org' })).length, 1);
    // Both statuses asked for, a page at a time; the first read has no since_last_changed.
    const reads = listReads();
    assert.deepEqual([...new Set(reads.map((r) => r.query.status))].sort(), ['cleaned', 'unsubscribed']);
    assert.deepEqual(reads.filter((r) => r.query.status === 'cleaned').map((r) => r.query.offset), ['0', '500']);
    assert.ok(reads.every((r) => r.query.since_last_changed === undefined));
  });

  test('the next run asks since the last read (kept in the database) and records nothing new', async () => {
    const setting = await h.deps.db('app_settings').where({ key: READ_BACK_SETTING }).first('value');
    assert.match(setting.value, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    assert.ok(Date.parse(setting.value) <= Date.now() - READ_OVERLAP_MS + 1000);
    const events = Number(((await h.deps.db('mail_events').count({ n: '*' }).first()) as { n: number | string }).n);
    mc.requests.length = 0;
    // The fake's members changed a day ago: the read since the last one finds none.
    assert.deepEqual(await readBackMailchimp({ db: h.deps.db, log: h.deps.log, changedMembers: h.deps.mailing.changedMembers }), { cleaned: 0, unsubscribed: 0 });
    const reads = listReads();
    assert.equal(reads.length, 2);
    assert.ok(reads.every((r) => r.query.since_last_changed === setting.value), 'since_last_changed is the stored moment');
    // A member re-read (changed within the overlap) is recorded once only.
    mc.addMember('late@example.org', 'cleaned');
    assert.deepEqual(await readBackMailchimp({ db: h.deps.db, log: h.deps.log, changedMembers: h.deps.mailing.changedMembers }), { cleaned: 1, unsubscribed: 0 });
    assert.deepEqual(await readBackMailchimp({ db: h.deps.db, log: h.deps.log, changedMembers: h.deps.mailing.changedMembers }, new Date(Date.now() + 60_000)), { cleaned: 0, unsubscribed: 0 });
    assert.equal(Number(((await h.deps.db('mail_events').count({ n: '*' }).first()) as { n: number | string }).n), events + 1);
  });

  test("a Mailchimp edition's mails sent: unknown until the read back asks Mailchimp, then its emails_sent", async () => {
    const DEMO = { 'X-Admin-Key': 'demo-admin-key-change-me' };
    const generated = await request(h.app).post('/api/admin/newsletter/generate').set(DEMO).send({ subject: 'Mailchimp letter', previewText: '', language: 'en', selectedNews: [1], selectedProjects: [] }).expect(200);
    const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(DEMO).send(generated.body.newsletterData).expect(201);
    const sent = await request(h.app).post(`/api/admin/newsletter/send/${created.body.campaignId}`).set(DEMO);
    assert.ok(sent.status < 300, JSON.stringify(sent.body));
    const edition = async () => ((await request(h.app).get('/api/admin/dashboard').set(DEMO).expect(200)).body.data.editions as { title: string; mailsSent: number | null }[]).find((e) => e.title === 'Mailchimp letter');
    assert.equal((await edition())?.mailsSent, null);
    await jobTasks(h.deps, { monthly: null, vision: null })[MAILCHIMP_READ_BACK_TASK]!({}, ctx);
    const subscribed = [...mc.members.values()].filter((m) => m.status === 'subscribed').length;
    assert.ok(subscribed > 0);
    assert.equal((await edition())?.mailsSent, subscribed);
  });

  test('Mailchimp down: logged, nothing thrown, the next run reads from the same moment', async () => {
    const before = await h.deps.db('app_settings').where({ key: READ_BACK_SETTING }).first('value');
    mc.outage = '500';
    try {
      await jobTasks(h.deps, { monthly: null, vision: null })[MAILCHIMP_READ_BACK_TASK]!({}, ctx);
    } finally {
      mc.outage = 'none';
    }
    assert.ok(logged.some((m) => /mailchimp read back failed/.test(m)));
    assert.deepEqual(await h.deps.db('app_settings').where({ key: READ_BACK_SETTING }).first('value'), before);
  });
});
