// People's data by e-mailed link: the request answers the same whatever the
// address and mails a one-time link in the request's language; the link's page has one button (its
// GET uses nothing up); access shows the records and gives them as JSON (Mailchimp's record too when
// it is configured); erasure deletes the subscriber here and for good at Mailchimp, purges the
// mails, keeps the gifts under a pseudonym; admins can do both; every step is in the audit log
// under the pseudonym, never the address.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances, until } from '../helpers';
import { startFakeMailchimp, md5, type FakeMailchimp } from '../fakes/mailchimp';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes, seedMonthlySubscription } from '../fakes/stripe-monthly';
import { STRIPE_MAX_NETWORK_RETRIES } from '../../models/providers/payments';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const ANNA = 'anna@example.org';
const ORIGIN = 'https://charity.example';

/** The link of the newest mail to an address. */
async function linkTo(h: AppHandle, email: string): Promise<{ path: string; token: string; subject: string }> {
  await until(async () => Boolean(await h.deps.db('outbox').where({ toAddress: email }).first()), `a mail to ${email}`);
  const mail = (await h.deps.db('outbox').where({ toAddress: email }).orderBy('id', 'desc').first()) as { textBody: string; subject: string; oneTimeLink: unknown };
  assert.ok(Boolean(mail.oneTimeLink), 'a mail with a one-time link');
  const url = new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]);
  return { path: url.pathname, token: url.searchParams.get('token')!, subject: mail.subject };
}

describe('people ask for their data by e-mailed link', () => {
  let h: AppHandle;
  let mc: FakeMailchimp;
  before(async () => {
    mc = await startFakeMailchimp({ apiKey: 'x-us1' });
    h = await testApp({ PUBLIC_URL: ORIGIN, MAILCHIMP_API_KEY: 'x-us1', MAILCHIMP_SERVER_PREFIX: 'us1', MAILCHIMP_AUDIENCE_ID: 'aud1', MAILCHIMP_API_BASE: mc.url });
    mc.members.set(md5(ANNA), { email_address: ANNA, status: 'subscribed', language: 'de' });
    await h.deps.db('donations').insert({ paymentIntentId: 'pi_anna', amountCents: 7500, currency: 'chf', status: 'succeeded', kind: 'one_off', donorEmail: ANNA, donorName: 'Anna Muster', language: 'de', appliedAt: new Date('2026-05-04T09:00:00Z') });
  });
  after(async () => {
    await h?.close();
    await mc?.close();
  });
  beforeEach(async () => {
    await h.deps.db('rate_limits').delete();
  });

  test('bad input: a clear 400 in JSON', async () => {
    const bad = await request(h.app).post('/api/privacy/requests').send({ email: 'not-an-address', kind: 'access' }).expect(400);
    assert.equal(typeof bad.body.error, 'string');
    const kind = await request(h.app).post('/api/privacy/requests').send({ email: ANNA, kind: 'everything' }).expect(400);
    assert.match(kind.body.error, /see your data or have it erased/);
  });

  test('the same answer for a known and an unknown address; the link goes to the address, in its language', async () => {
    const known = await request(h.app).post('/api/privacy/requests').send({ email: 'Anna@Example.org', kind: 'access', language: 'de' }).expect(202);
    const unknown = await request(h.app).post('/api/privacy/requests').send({ email: 'nobody@example.org', kind: 'access', language: 'de' }).expect(202);
    assert.deepEqual({ ...known.body, message: known.body.message.replace(ANNA, 'X') }, { ...unknown.body, message: unknown.body.message.replace('nobody@example.org', 'X') });
    assert.equal(known.headers['cache-control'], 'no-store');
    const link = await linkTo(h, ANNA);
    assert.match(link.subject, /Ihre Daten bei/);
    assert.equal(link.path, '/de/privacy/access');
  });

  test('access: the page has one button; the button shows the records and gives them as JSON; the link works once', async () => {
    await request(h.app).post('/api/privacy/requests').send({ email: ANNA, kind: 'access', language: 'en' }).expect(202);
    const { path, token } = await linkTo(h, ANNA);
    // Opening the link (a mail scanner does too) uses nothing up.
    for (let i = 0; i < 2; i++) {
      const page = await request(h.app).get(`${path}?token=${token}`).expect(200);
      assert.match(page.text, /<button type="submit" class="btn btn-primary">Show my data<\/button>/);
      assert.equal(page.headers['cache-control'], 'no-store');
    }
    // A POST from another site changes nothing.
    await request(h.app).post(path).set('Origin', 'https://evil.example').type('form').send({ token }).expect(403);
    const report = await request(h.app).post(path).set('Origin', ORIGIN).type('form').send({ token }).expect(200);
    assert.match(report.text, /What we hold about you/);
    assert.match(report.text, /D-2026-\d{6}/);
    const json = JSON.parse(Buffer.from(/href="data:application\/json;base64,([^"]+)"/.exec(report.text)![1]!, 'base64').toString('utf8'));
    assert.equal(json.email, ANNA);
    assert.equal(json.gifts[0].name, 'Anna Muster');
    assert.equal(json.mailchimp.status, 'subscribed', "Mailchimp's own record is part of it");
    await request(h.app).post(path).set('Origin', ORIGIN).type('form').send({ token }).expect(410);
  });

  test("an admin sees the same from the API, in the audit log under the admin's name", async () => {
    const res = await request(h.app).post('/api/admin/privacy/access').set(ADMIN).send({ email: ANNA }).expect(200);
    assert.equal(res.body.email, ANNA);
    await request(h.app).post('/api/admin/privacy/access').set(ADMIN).send({ email: 'nope' }).expect(400);
    await request(h.app).post('/api/admin/privacy/access').send({ email: ANNA }).expect(401);
  });

  test('erasure: Mailchimp forgets the address for good, the mails go, the gifts stay without name; the audit log never names the address', async () => {
    await request(h.app).post('/api/privacy/requests').send({ email: ANNA, kind: 'erasure', language: 'en' }).expect(202);
    const { path, token } = await linkTo(h, ANNA);
    assert.equal(path, '/privacy/erasure');
    const done = await request(h.app).post(path).set('Origin', ORIGIN).type('form').send({ token }).expect(200);
    assert.match(done.text, /Your data has been erased/);
    assert.ok(mc.requests.some((r) => r.method === 'POST' && r.path.endsWith(`/members/${md5(ANNA)}/actions/delete-permanent`)));
    assert.equal(mc.members.has(md5(ANNA)), false);
    assert.equal(await h.deps.db('outbox').where({ toAddress: ANNA }).first(), undefined, 'the mails to the address are gone');
    const gift = (await h.deps.db('donations').where({ paymentIntentId: 'pi_anna' }).first()) as { donorEmail: string; donorName: string | null; amountCents: unknown };
    assert.match(gift.donorEmail, /^erased-[0-9a-f]{16}@invalid$/);
    assert.equal(gift.donorName, null);
    assert.equal(Number(gift.amountCents), 7500);
    const audit = JSON.stringify(await h.deps.db('audit_log').where('action', 'like', 'privacy-%'));
    assert.ok(!audit.toLowerCase().includes(ANNA), 'no address in the audit log');
    assert.match(audit, /privacy-erasure/);
    assert.match(audit, /privacy-access/);
    assert.match(audit, /privacy-erasure-asked/);
  });

  test('the privacy notice has the request form; it answers with a page, the same for every address', async () => {
    const page = (await request(h.app).get('/de/privacy').expect(200)).text;
    assert.match(page, /<form [^>]*action="\/de\/privacy\/requests" method="post">/);
    const sent = await request(h.app).post('/de/privacy/requests').set('Origin', ORIGIN).type('form').send({ email: 'ben@example.org', kind: 'erasure' }).expect(202);
    assert.match(sent.text, /Schauen Sie in Ihr Postfach/);
    const { path } = await linkTo(h, 'ben@example.org');
    assert.equal(path, '/de/privacy/erasure');
    await request(h.app).post('/de/privacy/requests').set('Origin', ORIGIN).type('form').send({ email: 'x', kind: 'access' }).expect(400);
  });

  test('requests are limited per connection', async () => {
    for (let i = 0; i < 5; i++) await request(h.app).post('/api/privacy/requests').send({ email: `p${i}@example.org`, kind: 'access' }).expect(202);
    const limited = await request(h.app).post('/api/privacy/requests').send({ email: 'p9@example.org', kind: 'access' }).expect(429);
    assert.equal(typeof limited.body.error, 'string');
  });
});

describe('erasure with a running monthly gift, across two instances', () => {
  let fake: FakeStripe;
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  const CARLA = 'carla@example.org';
  let subscriptionId = '';
  before(async () => {
    fake = addMonthlyRoutes(await startFakeStripe());
    pair = await twoInstances('privacy', fake.env({ PUBLIC_URL: ORIGIN }));
    const { customer, subscription } = seedMonthlySubscription(fake, { email: CARLA, amountCents: 2000, currency: 'chf', name: 'Carla Beispiel' });
    subscriptionId = subscription.id;
    await pair.a.deps.db('donation_subscriptions').insert({
      subscriptionId,
      customerId: customer.id,
      donorEmail: CARLA,
      donorName: 'Carla Beispiel',
      amountCents: 2000,
      currency: 'chf',
      language: 'en',
      status: 'active',
      paused: false,
      currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
    });
  });
  after(async () => {
    await pair?.close();
    await fake?.close();
  });

  test('asked on one instance, the link used on the other: the gift is cancelled at Stripe, kept under a pseudonym; the link then works nowhere', async () => {
    await request(pair.a.app).post('/api/privacy/requests').send({ email: CARLA, kind: 'erasure', language: 'en' }).expect(202);
    const { path, token } = await linkTo(pair.a, CARLA);
    await request(pair.b.app).get(`${path}?token=${token}`).expect(200);
    const done = await request(pair.b.app).post(path).set('Origin', ORIGIN).type('form').send({ token }).expect(200);
    assert.match(done.text, /Your data has been erased/);
    assert.ok(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`), 'cancelled at Stripe');
    assert.equal(fake.subscriptions.get(subscriptionId)!.status, 'canceled');
    const row = (await pair.a.deps.db('donation_subscriptions').where({ subscriptionId }).first()) as { status: string; donorEmail: string; donorName: string | null };
    assert.equal(row.status, 'canceled');
    assert.match(row.donorEmail, /^erased-[0-9a-f]{16}@invalid$/);
    assert.equal(row.donorName, null);
    await request(pair.a.app).post(path).set('Origin', ORIGIN).type('form').send({ token }).expect(410);
  });

  test('Stripe does not answer: a clear page, nothing erased; a new link finishes it', async () => {
    const DORA = 'dora@example.org';
    const { customer, subscription } = seedMonthlySubscription(fake, { email: DORA, amountCents: 1500, currency: 'eur' });
    await pair.a.deps.db('donation_subscriptions').insert({ subscriptionId: subscription.id, customerId: customer.id, donorEmail: DORA, amountCents: 1500, currency: 'eur', language: 'de', status: 'active', paused: false });
    await request(pair.a.app).post('/api/privacy/requests').send({ email: DORA, kind: 'erasure', language: 'de' }).expect(202);
    const first = await linkTo(pair.a, DORA);
    // Stripe fails every attempt of the SDK (its own retries included).
    fake.failNext(1 + STRIPE_MAX_NETWORK_RETRIES);
    const failed = await request(pair.a.app).post(first.path).set('Origin', ORIGIN).type('form').send({ token: first.token }).expect(503);
    assert.match(failed.text, /Die Löschung konnte nicht abgeschlossen werden/);
    assert.equal(((await pair.a.deps.db('donation_subscriptions').where({ subscriptionId: subscription.id }).first()) as { donorEmail: string }).donorEmail, DORA);
    await pair.a.deps.db('rate_limits').delete();
    await request(pair.b.app).post('/api/privacy/requests').send({ email: DORA, kind: 'erasure', language: 'de' }).expect(202);
    const second = await linkTo(pair.a, DORA);
    assert.notEqual(second.token, first.token);
    await request(pair.b.app).post(second.path).set('Origin', ORIGIN).type('form').send({ token: second.token }).expect(200);
    assert.equal(fake.subscriptions.get(subscription.id)!.status, 'canceled');
  });
});
