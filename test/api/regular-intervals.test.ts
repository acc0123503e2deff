// Regular gifts every month, quarter, half-year or year (issue 39, point 3): the interval of
// POST /api/create-payment-intent reaches Stripe as the price's recurring (interval_count), the
// mirror keeps it, the receipt and the certificate say it (EN and DE), the donor changes it on
// their page (at Stripe first, without proration), and the Donations export names it. The real
// `stripe` SDK against the fake (test/fakes/stripe.ts, stripe-monthly.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { pdfToText, testApp } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes, seedMonthlySubscription } from '../fakes/stripe-monthly';
import { receiptFor } from '../../models/giving/receipt';
import { donorYearSummary, renderCertificatePdf } from '../../models/giving/certificate';
import { createDonorToken } from '../../models/giving/donor';
import { monthlyOverview } from '../../models/giving/donations-admin';
import { swissYear } from '../../models/giving/names';
import { tFor } from '../../models/shared/text';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const ORIGIN = 'https://charity.example';
const DAY = 24 * 60 * 60;

describe('regular gifts: monthly, quarterly, half-yearly, yearly (fake Stripe, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let server: http.Server;
  let projectId: number;
  const db = () => h.deps.db;
  const create = (body: object) => request(h.app).post('/api/create-payment-intent').send(body);

  async function confirmLikeStripeJs(clientSecret: string): Promise<number> {
    const id = clientSecret.split('_secret_')[0]!;
    const res = await fetch(`${fake.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: 'pk_test_x', client_secret: clientSecret, payment_method: 'pm_card_visa', return_url: 'http://localhost/checkout' }).toString(),
    });
    return res.status;
  }

  /** A regular gift made the way the checkout makes it: its subscription request at Stripe and the fake's subscription. */
  async function give(body: Record<string, unknown>) {
    const res = await create({ currency: 'chf', projectId, ...body }).expect(200);
    assert.equal(res.body.kind, 'monthly');
    const subReq = fake.requestsTo('POST', '/v1/subscriptions').at(-1)!;
    const sub = [...fake.subscriptions.values()].at(-1)!;
    return { res, subReq, sub };
  }

  before(async () => {
    fake = addMonthlyRoutes(await startFakeStripe());
    h = await testApp(fake.env({ PUBLIC_URL: ORIGIN }), { worker: false });
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    projectId = (await db()('projects').where({ status: 'funding' }).orderBy('id').first('id')).id;
  });
  after(async () => {
    await fake?.settle();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
    await db()('rate_limits').delete();
  });

  test('a quarterly gift is a price every 3 months, a half-yearly one every 6, a yearly one every year; the metadata names the interval', async () => {
    const quarterly = await give({ amount: 60, interval: 'quarter', email: 'quarter@example.org', name: 'Quinn Quarter' });
    assert.deepEqual(quarterly.subReq.body.items[0].price_data.recurring, { interval: 'month', interval_count: '3' });
    assert.equal(quarterly.subReq.body.metadata.kind, 'monthly', 'kind stays monthly (a regular gift), as for subscriptions made before');
    assert.equal(quarterly.subReq.body.metadata.interval, 'quarter');
    assert.match(quarterly.subReq.body.description, /^Quarterly donation to /);
    const item = quarterly.sub.items.data[0]!;
    assert.equal(item.current_period_end - item.current_period_start, 90 * DAY, 'the fake bills it every three months');

    const halfYearly = await give({ amount: 90, interval: 'half_year', email: 'half@example.org', name: 'Hal Half' });
    assert.deepEqual(halfYearly.subReq.body.items[0].price_data.recurring, { interval: 'month', interval_count: '6' });

    const yearly = await give({ amount: 240, interval: 'year', email: 'year@example.org', name: 'Yara Year' });
    assert.deepEqual(yearly.subReq.body.items[0].price_data.recurring, { interval: 'year', interval_count: '1' });
    assert.equal(yearly.subReq.body.metadata.interval, 'year');
    assert.equal(yearly.sub.items.data[0]!.current_period_end - yearly.sub.items.data[0]!.current_period_start, 360 * DAY);
  });

  test('an unknown interval is a 400 that names the intervals; every regular interval needs an e-mail address', async () => {
    for (const interval of ['week', 'monthly', 'yearly', 3, '']) {
      const res = await create({ amount: 50, projectId: null, interval, email: 'a@example.org' }).expect(400);
      assert.match(res.body.error, /interval must be one of once, month, quarter, half_year, year/, String(interval));
    }
    for (const [interval, word] of [['quarter', 'quarterly'], ['half_year', 'half-yearly'], ['year', 'yearly']]) {
      const res = await create({ amount: 50, projectId: null, interval }).expect(400);
      assert.match(res.body.error, new RegExp(`email is required for a ${word} donation`));
    }
    assert.equal(fake.requestsTo('POST', '/v1/subscriptions').length, 0, 'nothing reached Stripe');
  });

  test('a yearly gift paid: the mirror keeps its interval; its receipt and its certificate say yearly, in English and in German', async () => {
    const email = 'yearly.donor@example.org';
    const { res, sub } = await give({ amount: 120, interval: 'year', email, name: 'Jana Jährlich', language: 'de' });
    assert.equal(await confirmLikeStripeJs(res.body.clientSecret), 200);
    await fake.settle();
    const mirror = await db()('donation_subscriptions').where({ subscriptionId: sub.id }).first();
    assert.equal(mirror.interval, 'year');
    assert.equal(mirror.status, 'active');
    const donation = await db()('donations').where({ subscriptionId: sub.id }).first();
    assert.equal(donation.kind, 'monthly');

    const de = await receiptFor(h.deps, donation.id);
    assert.equal(de!.facts.kind, 'Jährliche Spende');
    await db()('donations').where({ id: donation.id }).update({ language: 'en' });
    const en = await receiptFor(h.deps, donation.id);
    assert.equal(en!.facts.kind, 'Yearly donation');

    const summary = await donorYearSummary(db(), email, swissYear(new Date()));
    assert.equal(summary.gifts[0]!.interval, 'year');
    const site = h.deps.config.site;
    const pdf = (lang: 'en' | 'de') => renderCertificatePdf({ summary, donorName: summary.donorName, donorEmail: email, lang, site, t: tFor(h.deps.i18n, lang), issuedAt: new Date() });
    assert.match(pdfToText(await pdf('en')), /\(yearly\)/);
    assert.match(pdfToText(await pdf('de')), /\(jährlich\)/);

    // The Donations tab's export names the interval; the treasurer's sum a month counts it as a twelfth.
    const csv = await request(h.app).get(`/api/admin/donations.csv?kind=monthly`).set(ADMIN).expect(200);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.match(lines[0]!, /,Interval$/);
    assert.ok(lines.some((l) => l.includes(email) && l.endsWith(',Yearly')), csv.text);
    const csvDe = await request(h.app).get(`/api/admin/donations.csv?kind=monthly&lang=de`).set(ADMIN).expect(200);
    assert.ok(csvDe.text.split(/\r?\n/).some((l) => l.includes(email) && l.endsWith(';Jährlich')), csvDe.text);
    const overview = await monthlyOverview(db());
    assert.equal(overview.donors.find((d) => d.donorEmail === email)!.interval, 'year');
    const chf = overview.monthly.find((m) => m.currency === 'chf')!.amountCents;
    const running = (await db()('donation_subscriptions').where({ currency: 'chf', status: 'active', paused: false }).select('amountCents', 'interval')) as { amountCents: unknown; interval: string }[];
    const months: Record<string, number> = { month: 1, quarter: 3, half_year: 6, year: 12 };
    assert.equal(chf, Math.round(running.reduce((s, r) => s + Number(r.amountCents) / months[r.interval]!, 0)));
  });

  describe("the donor's page", () => {
    let row: { id: number; subscriptionId: string };
    const subRow = () => db()('donation_subscriptions').where({ id: row.id }).first();

    async function signIn(email: string, lang: 'en' | 'de' = 'en'): Promise<string> {
      const token = await createDonorToken(db(), email, lang);
      const res = await request(h.app).post(`${lang === 'de' ? '/de' : ''}/donations/manage/session`).set('Origin', ORIGIN).type('form').send({ token }).expect(303);
      return (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    }
    async function act(cookie: string, fields: Record<string, string | number>, status: number, path = '/donations/manage') {
      const page = await request(h.app).get(path).set('Cookie', cookie).expect(200);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      return request(h.app).post(path).set('Cookie', cookie).type('form').send({ _csrf: csrf, ...fields }).expect(status);
    }

    before(async () => {
      const email = 'quartal@example.org';
      const { customer, subscription } = seedMonthlySubscription(fake, { email, amountCents: 7500, currency: 'chf', recurring: { interval: 'month', interval_count: 3 } });
      const [inserted] = (await db()('donation_subscriptions').insert(
        { subscriptionId: subscription.id, customerId: customer.id, donorEmail: email, amountCents: 7500, currency: 'chf', interval: 'quarter', projectId: null, language: 'de', status: 'active', paused: false },
        ['id'],
      )) as ({ id: number } | number)[];
      row = { id: typeof inserted === 'object' ? inserted.id : Number(inserted), subscriptionId: subscription.id };
    });

    test('shows the interval in English and German, and offers the four to choose from', async () => {
      const cookie = await signIn('quartal@example.org', 'de');
      const de = await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200);
      assert.match(de.text, /CHF\u00a075 pro Quartal/);
      assert.match(de.text, /Vierteljährlich/);
      assert.match(de.text, new RegExp(`<select id="donor-interval-${row.id}" name="interval"`));
      const en = await request(h.app).get('/donations/manage').set('Cookie', cookie).expect(200);
      assert.match(en.text, /CHF\u00a075 a quarter/);
      for (const label of ['Monthly', 'Quarterly', 'Half-yearly', 'Yearly']) assert.match(en.text, new RegExp(`<option value="[a-z_]+"( selected="")?>${label}</option>`));
    });

    test('changing the amount keeps the quarterly interval at Stripe', async () => {
      const cookie = await signIn('quartal@example.org');
      await act(cookie, { action: 'amount', subscription: row.id, amount: '80' }, 303);
      const update = fake.requestsTo('POST', `/v1/subscriptions/${row.subscriptionId}`)[0]!;
      assert.deepEqual(update.body.items[0].price_data.recurring, { interval: 'month', interval_count: '3' });
      assert.equal((await subRow()).interval, 'quarter');
    });

    test('quarterly to yearly: Stripe gets the new recurring without proration, the same amount; the page says so once Stripe confirmed', async () => {
      const cookie = await signIn('quartal@example.org');
      const amountBefore = fake.subscriptions.get(row.subscriptionId)!.items.data[0]!.price.unit_amount;
      const res = await act(cookie, { action: 'interval', subscription: row.id, interval: 'year' }, 303);
      assert.equal(res.headers.location, '/donations/manage?done=interval');
      const update = fake.requestsTo('POST', `/v1/subscriptions/${row.subscriptionId}`)[0]!;
      assert.equal(update.body.proration_behavior, 'none');
      assert.deepEqual(update.body.items[0].price_data.recurring, { interval: 'year', interval_count: '1' });
      assert.equal(update.body.items[0].price_data.unit_amount, String(amountBefore));
      assert.deepEqual(fake.subscriptions.get(row.subscriptionId)!.items.data[0]!.price.recurring, { interval: 'year', interval_count: 1 });
      assert.equal((await subRow()).interval, 'year');
      const page = await request(h.app).get('/donations/manage?done=interval').set('Cookie', cookie).expect(200);
      assert.match(page.text, /How often your donation is paid was changed/);
      assert.match(page.text, /CHF\u00a080 a year/);
      const de = await request(h.app).get('/de/donations/manage?done=interval').set('Cookie', cookie).expect(200);
      assert.match(de.text, /Der Rhythmus Ihrer Spende wurde geändert/);
    });

    test('an unknown interval is refused before Stripe; with Stripe down nothing changes here', async () => {
      const cookie = await signIn('quartal@example.org');
      const before = await subRow();
      await act(cookie, { action: 'interval', subscription: row.id, interval: 'week' }, 400);
      await act(cookie, { action: 'interval', subscription: row.id }, 400);
      assert.equal(fake.requests.length, 0, 'nothing reached Stripe');
      fake.failNext(10, 503, { type: 'api_error', message: 'Service unavailable (fake)' });
      const res = await act(cookie, { action: 'interval', subscription: row.id, interval: 'month' }, 503);
      assert.match(res.text, /The payment service cannot be reached right now\. Nothing was changed\./);
      fake.reset();
      assert.deepEqual(await subRow(), before);
    });
  });
});
