// Bounces and complaints heeded (models/people/mail-suppression.ts): one hard bounce, three soft
// bounces in a row or one complaint suppress an address; the same event twice (a provider's retry,
// or the other instance) counts once; a suppressed address gets no newsletter and no project news;
// an admin's lift (audited) lets mail go again and starts the soft bounces from zero.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { isSuppressed, liftSuppression, listSuppressions, recordMailEvent, type MailEvent } from '../../models/people/mail-suppression';
import request from 'supertest';
import { outboxFor } from '../../models/providers/mail';
import { runSendJob } from '../../models/newsletter/sends';
import { newToken, hashToken } from '../../models/newsletter/subscriber';
import { PROJECT_NEWS_TASK } from '../../models/giving/project-news';
import { listLiveNews } from '../../models/content/news';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
let n = 0;
const ev = (address: string, kind: MailEvent['kind'], extra: Partial<MailEvent> = {}): MailEvent => ({ source: 'postmark', eventId: `e${++n}`, address, kind, detail: `${kind} for ${address}`, ...extra });

describe('suppression rules', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({}, { worker: false });
  });
  after(() => h.close());

  test('one hard bounce suppresses; the same event again is not counted twice', async () => {
    const first = ev('Hard@Example.org', 'hard_bounce', { detail: '550 5.1.1 user unknown' });
    assert.deepEqual(await recordMailEvent(h.deps.db, first), { recorded: true, suppressed: true });
    assert.deepEqual(await recordMailEvent(h.deps.db, first), { recorded: false, suppressed: false }, 'a retried webhook');
    assert.deepEqual(await recordMailEvent(h.deps.db, ev('hard@example.org', 'complaint')), { recorded: true, suppressed: false }, 'suppressed already: keeps its first reason');
    assert.equal(await isSuppressed(h.deps.db, 'HARD@example.org'), true);
    const [s] = (await listSuppressions(h.deps.db)).items.filter((x) => x.address === 'hard@example.org');
    assert.deepEqual([s?.reason, s?.source, s?.detail], ['hard_bounce', 'postmark', '550 5.1.1 user unknown']);
    assert.ok(!Number.isNaN(Date.parse(s!.suppressedAt)));
  });

  test('three soft bounces in a row suppress; a delivery between them starts again', async () => {
    const a = 'soft@example.org';
    for (const k of ['soft_bounce', 'soft_bounce', 'delivered', 'soft_bounce', 'soft_bounce'] as const) await recordMailEvent(h.deps.db, ev(a, k));
    assert.equal(await isSuppressed(h.deps.db, a), false, 'two in a row since the delivery');
    assert.deepEqual(await recordMailEvent(h.deps.db, ev(a, 'soft_bounce')), { recorded: true, suppressed: true });
    assert.equal((await listSuppressions(h.deps.db)).items.find((x) => x.address === a)?.reason, 'soft_bounce');
  });

  test('one complaint suppresses; Mailchimp cleaned is its own reason; deliveries and bad addresses suppress nothing', async () => {
    await recordMailEvent(h.deps.db, ev('spam@example.org', 'complaint', { source: 'ses' }));
    await recordMailEvent(h.deps.db, ev('gone@example.org', 'hard_bounce', { source: 'mailchimp', cleaned: true }));
    await recordMailEvent(h.deps.db, ev('fine@example.org', 'delivered'));
    assert.deepEqual(await recordMailEvent(h.deps.db, ev('not an address', 'hard_bounce')), { recorded: false, suppressed: false });
    const by = Object.fromEntries((await listSuppressions(h.deps.db)).items.map((x) => [x.address, x.reason]));
    assert.equal(by['spam@example.org'], 'complaint');
    assert.equal(by['gone@example.org'], 'cleaned');
    assert.equal(by['fine@example.org'], undefined);
  });

  test('a lift lets mail go again, is audited, and soft bounces count from zero', async () => {
    const a = 'lifted@example.org';
    for (let i = 0; i < 3; i++) await recordMailEvent(h.deps.db, ev(a, 'soft_bounce'));
    assert.equal(await isSuppressed(h.deps.db, a), true);
    await liftSuppression(h.deps.db, a, { id: 'anna@example.org', name: 'Anna' });
    assert.equal(await isSuppressed(h.deps.db, a), false);
    const audit = await h.deps.db('audit_log').where({ action: 'lift', entity: 'subscriber' }).first();
    assert.equal(audit?.actor, 'anna@example.org');
    assert.match(String(audit?.details), /soft_bounce/);
    await assert.rejects(liftSuppression(h.deps.db, a, { id: 'anna@example.org', name: null }), /not suppressed/);
    await recordMailEvent(h.deps.db, ev(a, 'soft_bounce'));
    assert.equal(await isSuppressed(h.deps.db, a), false, 'one soft bounce since the lift');
    await recordMailEvent(h.deps.db, ev(a, 'hard_bounce'));
    assert.equal(await isSuppressed(h.deps.db, a), true, 'suppressed anew');
  });

  test('an address suppressed while its send waits is skipped when its turn comes', async () => {
    const { db } = h.deps;
    const emails = ['waiting@example.org', 'bounces-meanwhile@example.org'];
    for (const email of emails) {
      await db('newsletter_subscribers').insert({ email, status: 'subscribed', language: 'de', unsubscribeToken: newToken(), consentAt: new Date(), consentForm: 'footer', consentSource: 'double-opt-in', confirmTokenHash: hashToken(newToken()) });
    }
    const generated = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Wartebrief', previewText: '', language: 'de', selectedNews: [1], selectedProjects: [] }).expect(200);
    const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData).expect(201);
    await request(h.app).post(`/api/admin/newsletter/send/${created.body.campaignId}`).set(ADMIN).expect(202);
    // No worker here: the rows wait. A hard bounce of an earlier mail comes in meanwhile.
    await recordMailEvent(db, ev('bounces-meanwhile@example.org', 'hard_bounce'));
    const ctx = { attempt: 1, maxAttempts: 10, log: h.deps.log, signal: new AbortController().signal };
    await runSendJob({ db, mail: h.deps.mail, publicUrl: h.deps.config.publicUrl, log: h.deps.log }, { campaignId: Number(created.body.campaignId) }, ctx);
    const rows = (await db('newsletter_deliveries').join('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id').where({ campaignId: created.body.campaignId }).whereIn('email', emails).select('email', 'newsletter_deliveries.status as status')) as { email: string; status: string }[];
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.email, r.status])), { 'waiting@example.org': 'sent', 'bounces-meanwhile@example.org': 'skipped' });
    assert.equal((await outboxFor(db, 'bounces-meanwhile@example.org')).length, 0);
  });
});

describe('what is not sent to a suppressed address', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('no newsletter and no project news; the others get theirs, and a receipt-like mail still goes', async () => {
    const { db } = h.deps;
    for (const email of ['reader@example.org', 'bounced@example.org']) {
      await db('newsletter_subscribers').insert({ email, status: 'subscribed', language: 'en', unsubscribeToken: newToken(), consentAt: new Date(), consentForm: 'footer', consentSource: 'double-opt-in', confirmTokenHash: hashToken(newToken()) });
    }
    const readers = async () => (await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200)).body.audience.en as number;
    const before = await readers();
    await recordMailEvent(db, ev('bounced@example.org', 'hard_bounce'));
    assert.equal(await readers(), before - 1, 'the Send button counts who will get it');
    const generated = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Winter letter', previewText: '', language: 'en', selectedNews: [1], selectedProjects: [] }).expect(200);
    const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData).expect(201);
    await request(h.app).post(`/api/admin/newsletter/send/${created.body.campaignId}`).set(ADMIN).expect(202);
    const audience = (await db('newsletter_deliveries').join('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_deliveries.subscriber_id').where({ campaignId: created.body.campaignId }).pluck('email')) as string[];
    assert.ok(audience.includes('reader@example.org'));
    assert.ok(!audience.includes('bounced@example.org'), 'the suppressed subscriber is not in the audience');

    const article = (await listLiveNews(db)).find((a) => a.projectId !== null)!;
    for (const email of ['follower@example.org', 'bounced@example.org']) await db('project_followers').insert({ projectId: article.projectId, email, lang: 'en', unsubscribeToken: newToken() });
    await h.deps.jobs.add(PROJECT_NEWS_TASK, { articleId: article.id });
    await h.deps.mail.send({ to: 'bounced@example.org', subject: 'Your receipt', text: 'Thank you' });
    await h.deps.jobs.idle();
    const subjects = async (to: string) => (await outboxFor(db, to)).map((m) => m.subject);
    assert.ok((await subjects('reader@example.org')).includes('Winter letter'));
    assert.ok((await subjects('follower@example.org')).length === 1, 'the follower has the project news');
    assert.deepEqual(await subjects('bounced@example.org'), ['Your receipt'], 'only the mail asked for');
  });
});

describe('two instances', () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('suppression', {}));
  });
  after(() => close());

  test('the same bounce arriving at both instances at once suppresses the address once', async () => {
    const bounce = ev('both@example.org', 'hard_bounce', { source: 'ses', eventId: 'ses-msg-1' });
    const results = await Promise.all([recordMailEvent(a.deps.db, bounce), recordMailEvent(b.deps.db, bounce)]);
    assert.deepEqual(results.map((r) => r.recorded).sort(), [false, true]);
    assert.equal(results.filter((r) => r.suppressed).length, 1);
    assert.equal((await a.deps.db('mail_events').where({ address: 'both@example.org' })).length, 1);
    assert.equal(await isSuppressed(b.deps.db, 'both@example.org'), true);
  });
});
