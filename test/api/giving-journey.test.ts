// One donor's whole year, across every part of giving, with the job worker running: a German donor
// starts a monthly CHF gift from the checkout's API, Stripe.js confirms the first payment, Stripe's
// webhooks credit it in USD, the receipt arrives in German, the donor follows the manage link,
// lowers the amount, Stripe's own subscription event agrees with the change, the next month is
// credited at the new amount, a refund takes its share back, and the yearly certificate arrives as
// a PDF with the year's net sum. Real `stripe` SDK against the fake, on both databases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, until } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes } from '../fakes/stripe-monthly';
import { outboxFor, type MailAttachment } from '../../models/providers/mail';
import { checkLedger } from '../../models/content/ledger';
import { swissYear } from '../../models/giving/names';

const DONOR = 'ruth.meier@example.ch';
const ORIGIN = 'http://127.0.0.1';

describe('a donor’s year of giving, end to end (fake Stripe, real SDK, jobs running)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let server: http.Server;
  let projectId: number;
  let startCents: number;
  let cookie = '';

  const db = () => h.deps.db;
  const raised = async () => Number((await db()('projects').where({ id: projectId }).first('raisedCents')).raisedCents);
  const mails = async () => (await outboxFor(db(), DONOR)).reverse();
  const settleAll = async () => {
    await fake.settle();
    await h.deps.jobs.idle(20_000);
  };

  before(async () => {
    fake = addMonthlyRoutes(await startFakeStripe());
    h = await testApp(fake.env({ PUBLIC_URL: ORIGIN }));
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
    const project = await db()('projects').where({ status: 'funding' }).orderBy('id').first();
    projectId = project.id;
    startCents = await raised();
  });
  after(async () => {
    await fake?.settle();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
  });

  test('checkout -> credited in USD -> German receipt -> manage link -> lower amount -> next month -> refund -> certificate', async () => {
    // 1. The checkout's call for a monthly gift of CHF 50, in German.
    const created = await request(h.app)
      .post('/api/create-payment-intent')
      .send({ amount: '50', currency: 'chf', interval: 'month', projectId, language: 'de', checkoutId: 'journey-0001', email: DONOR, name: 'Ruth Meier' })
      .expect(200);
    assert.equal(created.body.kind, 'monthly');

    // 2. Stripe.js confirms the first payment; Stripe's webhooks follow.
    const intentId = String(created.body.clientSecret).split('_secret_')[0]!;
    const confirmed = await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: 'pk_test_x', client_secret: created.body.clientSecret, payment_method: 'pm_card_visa', return_url: `${ORIGIN}/de/checkout` }).toString(),
    });
    assert.equal(confirmed.status, 200);
    await settleAll();

    const first = await db()('donations').where({ paymentIntentId: intentId }).first();
    assert.equal(first.kind, 'monthly');
    assert.equal(Number(first.amountCents), 5000);
    assert.equal(first.currency, 'chf');
    assert.equal(first.settledCurrency, 'usd');
    const settledFirst = Number(first.settledCents);
    assert.ok(settledFirst > 0 && settledFirst !== 5000, 'credited with what it settled for in USD');
    assert.equal((await raised()) - startCents, settledFirst);
    const sub = await db()('donation_subscriptions').where({ donorEmail: DONOR }).first();
    assert.equal(sub.status, 'active');
    assert.equal(Number(sub.amountCents), 5000);

    // 3. The receipt, in German, once.
    await until(async () => (await mails()).some((m) => /Quittung|Spende/i.test(m.subject)), 'the receipt');
    const receipts = (await mails()).filter((m) => /CHF\u00a050\.00/.test(m.textBody));
    assert.equal(receipts.length, 1, 'one receipt');
    const receipt = receipts[0]!;
    assert.match(receipt.textBody, /Musterstrasse 12/);
    assert.match(receipt.textBody, /6000 Luzern/);
    assert.match(receipt.textBody, new RegExp(`D-${swissYear(new Date())}-\\d{6}`));
    assert.match(receipt.textBody, /\/de\/donations\/manage/);
    assert.doesNotMatch(receipt.textBody, /\bDonation\b|\bThank you\b/, 'no English in the German receipt');

    // 4. Manage my donations: ask for a link, follow it (the GET uses nothing; the POST opens the session).
    await request(h.app).post('/api/donor/manage-link').send({ email: DONOR, language: 'de' }).expect(200);
    await until(async () => (await mails()).some((m) => /token=/.test(m.textBody)), 'the link mail');
    const token = /token=([\w-]+)/.exec((await mails()).find((m) => /token=/.test(m.textBody))!.textBody)![1]!;
    const landing = await request(h.app).get(`/de/donations/manage?token=${token}`).expect(200);
    assert.match(landing.text, /<form[^>]+method="post"/i);
    const opened = await request(h.app).post('/de/donations/manage/session').set('Origin', ORIGIN).type('form').send({ token }).expect(303);
    cookie = (opened.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const managed = await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200);
    assert.match(managed.text, /CHF(&nbsp;|\s|\u00a0)50/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(managed.text)![1]!;

    // 5. Lower the amount to CHF 30; Stripe's own event about it agrees with what the page wrote.
    await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrf, action: 'amount', subscription: String(sub.id), amount: '30' }).expect(303);
    assert.equal(Number((await db()('donation_subscriptions').where({ id: sub.id }).first()).amountCents), 3000);
    assert.equal(await fake.deliver('customer.subscription.updated', fake.subscriptions.get(sub.subscriptionId)!), 200);
    const mirrored = await db()('donation_subscriptions').where({ id: sub.id }).first();
    assert.equal(Number(mirrored.amountCents), 3000, 'the webhook reads the same amount from Stripe');
    assert.equal(Boolean(mirrored.paused), false);
    assert.equal(mirrored.status, 'active');

    // 5b. A new card, saved in Stripe's Billing Portal: the gift is charged to it from now on.
    const csrfCard = /name="_csrf" value="([^"]+)"/.exec((await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200)).text)![1]!;
    const toPortal = await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrfCard, action: 'card', subscription: String(sub.id) }).expect(303);
    assert.ok(toPortal.headers.location!.startsWith(fake.url), 'to the Billing Portal');
    const saved = await fetch(toPortal.headers.location!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ card: '4000 0566 5566 5556' }) });
    assert.equal(saved.status, 303);
    assert.match(saved.headers.get('location') ?? '', /\/de\/donations\/manage\?done=card/);
    await settleAll();
    const newCard = fake.customers.get(sub.customerId)!.invoice_settings.default_payment_method;
    assert.equal(fake.subscriptions.get(sub.subscriptionId)!.default_payment_method, newCard, 'the subscription now uses the new card');

    // 6. Next month: credited once, at the new amount.
    const next = fake.payNextInvoice(sub.subscriptionId);
    assert.equal(next.intent.amount, 3000);
    await fake.deliver('invoice.paid', next.invoice);
    await fake.deliver('invoice.paid', next.invoice);
    await settleAll();
    const second = await db()('donations').where({ paymentIntentId: next.intent.id }).first();
    assert.equal(Number(second.amountCents), 3000);
    const settledSecond = Number(second.settledCents);
    assert.equal((await raised()) - startCents, settledFirst + settledSecond);

    // 7. The first payment is refunded in full: its share comes off the project, once.
    const charge = fake.chargeOf(intentId);
    const { charge: refunded } = fake.refund(charge.id);
    await fake.deliver('charge.refunded', refunded);
    await fake.deliver('charge.refunded', refunded);
    await settleAll();
    assert.equal((await raised()) - startCents, settledSecond);
    assert.deepEqual(await checkLedger(db()), []);

    // 8. The yearly certificate, asked for on the donor page: a German PDF with the net sum (CHF 30).
    const page = await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200);
    const csrf2 = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const year = swissYear(new Date());
    await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrf2, action: 'certificate', year: String(year) }).expect(303);
    await settleAll();
    await until(async () => (await mails()).some((m) => m.attachments), 'the certificate mail');
    const certificateMail = (await mails()).find((m) => m.attachments)!;
    assert.match(certificateMail.subject, new RegExp(`Spendenbescheinigung ${year}`));
    assert.match(certificateMail.textBody, /CHF(\s|\u00a0)30\.00/);
    const [pdf] = JSON.parse(certificateMail.attachments!) as MailAttachment[];
    assert.equal(pdf!.contentType, 'application/pdf');
    assert.equal(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString('latin1'), '%PDF-');
  });
  test('a donor who changes the amount before paying: the subscription left behind is canceled once the first payment is in', async () => {
    const body = { currency: 'eur', interval: 'month', projectId: null, language: 'en', checkoutId: 'journey-0002', email: 'changes.mind@example.org' };
    const first = await request(h.app).post('/api/create-payment-intent').send({ ...body, amount: '25' }).expect(200);
    const second = await request(h.app).post('/api/create-payment-intent').send({ ...body, amount: '40' }).expect(200);
    const subscriptionOf = (clientSecret: string) => {
      const intentId = clientSecret.split('_secret_')[0]!;
      return [...fake.subscriptions.values()].find((s) => s.latest_invoice === fake.invoiceOf(intentId)?.id)!;
    };
    const left = subscriptionOf(first.body.clientSecret);
    const kept = subscriptionOf(second.body.clientSecret);
    assert.notEqual(left.id, kept.id);
    const intentId = String(second.body.clientSecret).split('_secret_')[0]!;
    const confirmed = await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: 'pk_test_x', client_secret: second.body.clientSecret, payment_method: 'pm_card_visa', return_url: `${ORIGIN}/checkout` }).toString(),
    });
    assert.equal(confirmed.status, 200);
    await settleAll();
    await until(() => fake.subscriptions.get(left.id)!.status === 'canceled', 'the subscription left behind canceled');
    assert.equal(fake.subscriptions.get(kept.id)!.status, 'active');
    const rows = (await db()('donation_subscriptions').where({ donorEmail: 'changes.mind@example.org' }).select('subscriptionId', 'status')) as { subscriptionId: string; status: string }[];
    assert.equal(rows.find((r) => r.subscriptionId === kept.id)?.status, 'active');
    assert.ok(!rows.some((r) => r.subscriptionId === left.id && r.status === 'active'));
  });
});
