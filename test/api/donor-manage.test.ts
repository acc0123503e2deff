// Donors manage their gifts without an account: the link request (same answer for every address,
// a mail only for donors), the scanner-proof one-time link, the signed session cookie, and every
// action against the real `stripe` SDK talking to the fake (test/fakes/stripe-monthly.ts).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, until } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes, portalSessions, seedMonthlySubscription } from '../fakes/stripe-monthly';
import { outboxFor } from '../../models/providers/mail';
import { createDonorToken, signDonorSession, DONOR_TOKEN_TTL_MS } from '../../models/giving/donor';
import { CERTIFICATE_REQUEST_TASK } from '../../models/giving/names';

const ALICE = 'alice@example.org';
const BOB = 'bob@example.org';
const ORIGIN = 'https://charity.example';

describe('donor self-service (fake Stripe, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let projectId: number;
  let aliceSub: { id: number; subscriptionId: string };
  let bobSub: { id: number; subscriptionId: string };
  const jobsAdded: { task: string; payload: Record<string, unknown> }[] = [];

  /** A monthly gift at the fake and its local row. */
  async function seedMonthly(email: string, amountCents: number, currency: string, project: number | null) {
    const { customer, subscription } = seedMonthlySubscription(fake, { email, amountCents, currency });
    const [row] = (await h.deps.db('donation_subscriptions').insert(
      {
        subscriptionId: subscription.id,
        customerId: customer.id,
        donorEmail: email,
        amountCents,
        currency,
        projectId: project,
        language: 'en',
        status: 'active',
        paused: false,
        currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
      },
      ['id'],
    )) as ({ id: number } | number)[];
    return { id: typeof row === 'object' ? row.id : Number(row), subscriptionId: subscription.id };
  }

  const subRow = async (id: number) => h.deps.db('donation_subscriptions').where({ id }).first();

  /** Follows a fresh one-time link for `email`: the cookie header of the donor session. */
  async function signIn(email: string, lang: 'en' | 'de' = 'en'): Promise<string> {
    const token = await createDonorToken(h.deps.db, email, lang);
    const res = await request(h.app).post(`${lang === 'de' ? '/de' : ''}/donations/manage/session`).set('Origin', ORIGIN).type('form').send({ token }).expect(303);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    return cookie.split(';')[0]!;
  }

  /** The page with a session: its HTML, and the form token in it. */
  async function page(cookie: string, path = '/donations/manage') {
    const res = await request(h.app).get(path).set('Cookie', cookie).expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(res.text)?.[1] ?? '';
    return { html: res.text, csrf, res };
  }

  /** A form of the page, posted with the session's form token; the answer must have `status`. */
  async function act(cookie: string, fields: Record<string, string | number | undefined>, status: number, path = '/donations/manage') {
    const { csrf } = await page(cookie);
    return request(h.app).post(path).set('Cookie', cookie).type('form').send({ _csrf: csrf, ...fields }).expect(status);
  }

  before(async () => {
    fake = addMonthlyRoutes(await startFakeStripe());
    // Jobs are not worked here: mails stay in the outbox, a queued certificate request is seen as queued.
    h = await testApp(fake.env({ PUBLIC_URL: ORIGIN }), { worker: false });
    const add = h.deps.jobs.add.bind(h.deps.jobs);
    h.deps.jobs.add = async (task, payload, options) => {
      jobsAdded.push({ task, payload });
      return add(task, payload, options);
    };
    projectId = (await h.deps.db('projects').orderBy('id').first('id')).id;
    await h.deps.db('donations').insert({
      paymentIntentId: 'pi_alice_one_off',
      amountCents: 5000,
      currency: 'chf',
      status: 'succeeded',
      kind: 'one_off',
      projectId,
      language: 'en',
      donorEmail: ALICE,
      appliedAt: new Date().toISOString(),
    });
    aliceSub = await seedMonthly(ALICE, 2000, 'chf', projectId);
    bobSub = await seedMonthly(BOB, 3000, 'eur', null);
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.reset();
    await h.deps.db('rate_limits').delete();
  });

  describe('asking for a link', () => {
    test('the same answer for an unknown and a known address; a mail only to the donor', async () => {
      const unknown = await request(h.app).post('/api/donor/manage-link').send({ email: 'nobody@example.org', language: 'en' }).expect(200);
      const known = await request(h.app).post('/api/donor/manage-link').send({ email: 'Alice@Example.org', language: 'en' }).expect(200);
      assert.deepEqual(unknown.body, known.body);
      assert.equal(known.body.ok, true);
      assert.match(known.body.message, /link valid for 30 minutes/);
      assert.equal(known.headers['cache-control'], 'no-store');
      await until(async () => (await outboxFor(h.deps.db, ALICE)).length > 0, 'the link mail');
      const [mail] = await outboxFor(h.deps.db, ALICE);
      assert.match(mail!.subject, /manage your donations/);
      assert.match(mail!.textBody, /https?:\/\/\S+\/donations\/manage\?token=[\w-]{40,}/);
      assert.match(mail!.textBody, /30 minutes/);
      assert.deepEqual(await outboxFor(h.deps.db, 'nobody@example.org'), []);
    });

    test('in German: the German answer and a German mail with the /de link', async () => {
      const res = await request(h.app).post('/api/donor/manage-link').send({ email: BOB, language: 'de' }).expect(200);
      assert.match(res.body.message, /Link unterwegs/);
      await until(async () => (await outboxFor(h.deps.db, BOB)).length > 0, 'the German link mail');
      const [mail] = await outboxFor(h.deps.db, BOB);
      assert.match(mail!.subject, /Ihr Link zum Verwalten Ihrer Spenden/);
      assert.match(mail!.textBody, /\/de\/donations\/manage\?token=/);
      assert.doesNotMatch(mail!.textBody, /ß/);
    });

    test('a missing or malformed address: 400 with a clear message; no mail', async () => {
      const missing = await request(h.app).post('/api/donor/manage-link').send({ language: 'en' }).expect(400);
      assert.equal(missing.body.error, 'Please enter your e-mail address.');
      const bad = await request(h.app).post('/api/donor/manage-link').send({ email: 'not-an-address', language: 'de' }).expect(400);
      assert.match(bad.body.error, /gültige E-Mail-Adresse/);
      assert.equal(bad.body.code, 'validation');
    });

    test('rate limited per client, for the API and the form together', async () => {
      for (let i = 0; i < 3; i++) await request(h.app).post('/api/donor/manage-link').send({ email: `x${i}@example.org` }).expect(200);
      for (let i = 0; i < 2; i++) await request(h.app).post('/donations/manage').type('form').send({ action: 'link', email: `y${i}@example.org` }).expect(303);
      const api = await request(h.app).post('/api/donor/manage-link').send({ email: 'z@example.org' }).expect(429);
      assert.equal(api.body.code, 'rate_limited');
      const form = await request(h.app).post('/de/donations/manage').type('form').send({ action: 'link', email: 'z@example.org' }).expect(429);
      assert.match(form.text, /zu viele Links angefordert/);
    });

    test('the form without JavaScript: post, redirect, the message; an error is tied to the field', async () => {
      const res = await request(h.app).post('/donations/manage').type('form').send({ action: 'link', email: 'nobody@example.org' }).expect(303);
      assert.equal(res.headers.location, '/donations/manage?done=sent');
      const shown = await request(h.app).get('/donations/manage?done=sent').expect(200);
      assert.match(shown.text, /link valid for 30 minutes is on its way/);
      assert.match(shown.headers['cache-control'] ?? '', /no-store/);
      const bad = await request(h.app).post('/de/donations/manage').type('form').send({ action: 'link', email: 'nope' }).expect(400);
      assert.match(bad.text, /aria-describedby="donor-email-hint donor-email-error"/);
      assert.match(bad.text, /id="donor-email-error">Bitte geben Sie eine gültige E-Mail-Adresse ein/);
    });
  });

  describe('the one-time link', () => {
    test('GET shows a button and uses nothing; only the POST from our page opens the session, once', async () => {
      const token = await createDonorToken(h.deps.db, ALICE, 'en');
      const shown = await request(h.app).get(`/donations/manage?token=${token}`).expect(200);
      assert.match(shown.text, /<button type="submit" class="btn btn-primary">Show my donations<\/button>/);
      assert.equal(shown.headers['set-cookie'], undefined);
      assert.equal(shown.headers['referrer-policy'], 'same-origin');
      // A second look (a mail scanner, then the donor) still shows the button.
      await request(h.app).get(`/donations/manage?token=${token}`).expect(200);

      const elsewhere = await request(h.app).post('/donations/manage/session').set('Origin', 'https://evil.example').type('form').send({ token }).expect(403);
      assert.equal(elsewhere.headers['set-cookie'], undefined);

      const opened = await request(h.app).post('/donations/manage/session').set('Origin', ORIGIN).type('form').send({ token }).expect(303);
      assert.equal(opened.headers.location, '/donations/manage?done=signedIn');
      const cookie = (opened.headers['set-cookie'] as unknown as string[])[0]!;
      assert.match(cookie, /^donor\.sid=[\w-]+\.[\w-]+; Max-Age=3600; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);

      const again = await request(h.app).post('/donations/manage/session').set('Origin', ORIGIN).type('form').send({ token }).expect(400);
      assert.match(again.text, /already been used/);
      const look = await request(h.app).get(`/donations/manage?token=${token}`).expect(400);
      assert.match(look.text, /already been used/);
    });

    test('an expired link is refused with the way to a new one', async () => {
      const token = await createDonorToken(h.deps.db, ALICE, 'de', Date.now() - DONOR_TOKEN_TTL_MS - 1000);
      const res = await request(h.app).post('/de/donations/manage/session').set('Origin', ORIGIN).type('form').send({ token }).expect(400);
      assert.match(res.text, /abgelaufen/);
      assert.match(res.text, /href="\/de\/donations\/manage">Neuen Link anfordern/);
      assert.equal(res.headers['set-cookie'], undefined);
    });
  });

  describe('the session', () => {
    test('lists the donor\'s own monthly gifts and gifts, nobody else\'s', async () => {
      const cookie = await signIn(ALICE);
      const { html, res } = await page(cookie);
      assert.match(res.headers['cache-control'] ?? '', /private, no-store/);
      assert.match(html, /Signed in as alice@example\.org/);
      assert.match(html, /CHF\u00a020 a month/);
      assert.match(html, /Next payment/);
      assert.match(html, /CHF\u00a050\.00/);
      assert.match(html, /D-\d{4}-\d{6}/);
      assert.doesNotMatch(html, /€30/);
      // The German page of the same session.
      const de = await page(cookie, '/de/donations/manage');
      assert.match(de.html, /CHF\u00a020 pro Monat/);
      assert.match(de.html, /Aktiv/);
    });

    test('an altered, foreign or expired cookie is no session', async () => {
      const cookie = await signIn(ALICE);
      const [name, value] = cookie.split('=') as [string, string];
      const [payload, signature] = value.split('.') as [string, string];
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: BOB })).toString('base64url');
      const secret = (await h.deps.db('app_settings').where({ key: 'session_secret' }).first()).value as string;
      for (const bad of [
        `${name}=${forged}.${signature}`,
        `${name}=${signDonorSession('another secret', { email: BOB, lang: 'en', expires: Date.now() + 60_000 })}`,
        `${name}=${signDonorSession(secret, { email: BOB, lang: 'en', expires: Date.now() - 1 })}`,
        `${name}=garbage`,
      ]) {
        const res = await request(h.app).get('/donations/manage').set('Cookie', bad).expect(200);
        assert.doesNotMatch(res.text, /Signed in as/);
        assert.match(res.text, /Send me a link/);
        const post = await request(h.app).post('/donations/manage').set('Cookie', bad).type('form').send({ action: 'pause', subscription: bobSub.id }).expect(303);
        assert.equal(post.headers.location, '/donations/manage?error=expired');
      }
      assert.equal(fake.requests.length, 0, 'nothing reached Stripe');
      // The secret itself still signs a valid session (the forgery failed on the signature alone).
      const good = `${name}=${signDonorSession(secret, { email: BOB, lang: 'en', expires: Date.now() + 60_000 })}`;
      assert.match((await page(good)).html, /Signed in as bob@example\.org/);
    });

    test('signing out ends the session', async () => {
      const cookie = await signIn(ALICE);
      const res = await act(cookie, { action: 'signOut' }, 303);
      assert.equal(res.headers.location, '/donations/manage?done=signedOut');
      assert.match((res.headers['set-cookie'] as unknown as string[])[0]!, /^donor\.sid=;.*Expires=Thu, 01 Jan 1970/);
    });
  });

  describe('actions', () => {
    test('change the amount: Stripe gets new price_data without proration; the local row follows', async () => {
      const cookie = await signIn(ALICE);
      const res = await act(cookie, { action: 'amount', subscription: aliceSub.id, amount: '25.50' }, 303);
      assert.equal(res.headers.location, '/donations/manage?done=amount');
      const update = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${aliceSub.subscriptionId}`);
      assert.ok(update, 'the update reached Stripe');
      assert.equal(update.body.proration_behavior, 'none');
      assert.equal(update.body.items[0].price_data.unit_amount, '2550');
      assert.equal(update.body.items[0].price_data.currency, 'chf');
      assert.equal(update.body.items[0].price_data.recurring.interval, 'month');
      assert.match(update.body.items[0].id, /^si_/);
      assert.equal(fake.subscriptions.get(aliceSub.subscriptionId)!.items.data[0]!.price.unit_amount, 2550);
      assert.equal(Number((await subRow(aliceSub.id)).amountCents), 2550);
      assert.match((await page(cookie, '/donations/manage?done=amount')).html, /new amount applies from the next payment[\s\S]*CHF\u00a025\.50 a month/);
    });

    test('a bad amount: 400 with the error tied to its field; nothing reaches Stripe', async () => {
      const cookie = await signIn(ALICE);
      const res = await act(cookie, { action: 'amount', subscription: aliceSub.id, amount: '0.20' }, 400);
      assert.match(res.text, new RegExp(`aria-describedby="donor-amount-${aliceSub.id}-error"`));
      assert.match(res.text, /The smallest amount per payment is CHF\u00a01\.00/);
      assert.equal(fake.requests.length, 0);
    });

    test('pause and resume: pause_collection void, then empty; the local row follows', async () => {
      const cookie = await signIn(ALICE);
      await act(cookie, { action: 'pause', subscription: aliceSub.id }, 303);
      const pause = fake.requests.find((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'));
      assert.deepEqual(pause?.body.pause_collection, { behavior: 'void' });
      assert.ok((await subRow(aliceSub.id)).paused);
      assert.match((await page(cookie)).html, />Paused</);
      fake.reset();
      await act(cookie, { action: 'resume', subscription: aliceSub.id }, 303);
      const resume = fake.requests.find((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'));
      assert.equal(resume?.body.pause_collection, '');
      assert.ok(!(await subRow(aliceSub.id)).paused);
    });

    test('update the card: a Billing Portal session for the card only, returning to the page', async () => {
      const cookie = await signIn(ALICE, 'de');
      const res = await act(cookie, { action: 'card', subscription: aliceSub.id }, 303, '/de/donations/manage');
      const [session] = portalSessions(fake).slice(-1);
      assert.ok(session);
      assert.equal(res.headers.location, session.url);
      const req = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions');
      assert.equal(req?.body.flow_data.type, 'payment_method_update');
      assert.match(req?.body.return_url, /\/de\/donations\/manage\?done=card$/);
      assert.equal(req?.body.customer, fake.subscriptions.get(aliceSub.subscriptionId)!.customer);
    });

    test('ask for the yearly certificate of a year with gifts: the request is queued', async () => {
      const cookie = await signIn(ALICE, 'de');
      const year = new Date().getUTCFullYear();
      const res = await act(cookie, { action: 'certificate', year }, 303, '/de/donations/manage');
      assert.equal(res.headers.location, `/de/donations/manage?done=certificate&year=${year}`);
      assert.deepEqual(jobsAdded.filter((j) => j.task === CERTIFICATE_REQUEST_TASK).at(-1)?.payload, { email: ALICE, year, lang: 'de' });
      const before = jobsAdded.length;
      await act(cookie, { action: 'certificate', year: 1999 }, 400, '/de/donations/manage');
      assert.equal(jobsAdded.length, before);
    });

    test('another donor\'s gift: 404, nothing changed anywhere', async () => {
      const cookie = await signIn(ALICE);
      for (const action of ['amount', 'pause', 'cancel', 'card']) {
        const res = await act(cookie, { action, subscription: bobSub.id, amount: '10' }, 404);
        assert.match(res.text, /not among yours/);
      }
      await act(cookie, { action: 'pause', subscription: 999999 }, 404);
      assert.equal(fake.requests.length, 0);
      assert.equal((await subRow(bobSub.id)).status, 'active');
    });

    test('without the form token (CSRF): 403, nothing changed', async () => {
      const cookie = await signIn(ALICE);
      await request(h.app).post('/donations/manage').set('Cookie', cookie).type('form').send({ action: 'cancel', subscription: aliceSub.id }).expect(403);
      await request(h.app).post('/donations/manage').set('Cookie', cookie).type('form').send({ action: 'cancel', subscription: aliceSub.id, _csrf: 'x'.repeat(43) }).expect(403);
      // Another session's token does not fit this one.
      const other = await page(await signIn(BOB));
      await request(h.app).post('/donations/manage').set('Cookie', cookie).type('form').send({ action: 'cancel', subscription: aliceSub.id, _csrf: other.csrf }).expect(403);
      assert.equal(fake.requests.length, 0);
      assert.equal((await subRow(aliceSub.id)).status, 'active');
    });

    test('Stripe down: 503 with a clear message in the page\'s language; nothing changed', async () => {
      const cookie = await signIn(ALICE);
      const before = await subRow(aliceSub.id);
      fake.failNext(10, 503, { type: 'api_error', message: 'Service unavailable (fake)' });
      for (const fields of [{ action: 'amount', amount: '99' }, { action: 'pause' }, { action: 'cancel' }, { action: 'card' }]) {
        const res = await act(cookie, { ...fields, subscription: aliceSub.id }, 503);
        assert.match(res.text, /The payment service cannot be reached right now\. Nothing was changed\./);
      }
      fake.reset();
      fake.failNext(10, 503, { type: 'api_error', message: 'Service unavailable (fake)' });
      const de = await act(cookie, { action: 'pause', subscription: aliceSub.id }, 503, '/de/donations/manage');
      assert.match(de.text, /Der Zahlungsdienst ist im Moment nicht erreichbar\. Es wurde nichts geändert\./);
      fake.reset();
      assert.deepEqual(await subRow(aliceSub.id), before);
      assert.equal(fake.subscriptions.get(aliceSub.subscriptionId)!.pause_collection, null);
      assert.equal(fake.subscriptions.get(aliceSub.subscriptionId)!.status, 'active');
    });

    test('cancel: a confirmation step, then Stripe cancels; a canceled gift cannot be changed', async () => {
      const cookie = await signIn(ALICE);
      const confirm = await page(cookie, `/donations/manage?cancel=${aliceSub.id}`);
      assert.match(confirm.html, /Cancel the regular donation of CHF\u00a025\.50\?/);
      assert.match(confirm.html, /Yes, cancel it/);
      const res = await act(cookie, { action: 'cancel', subscription: aliceSub.id }, 303);
      assert.equal(res.headers.location, '/donations/manage?done=canceled');
      assert.ok(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${aliceSub.subscriptionId}`));
      const row = await subRow(aliceSub.id);
      assert.equal(row.status, 'canceled');
      assert.ok(row.canceledAt);
      const after = await page(cookie);
      assert.match(after.html, /Cancelled on/);
      assert.doesNotMatch(after.html, /Change amount/);
      fake.reset();
      await act(cookie, { action: 'pause', subscription: aliceSub.id }, 409);
      assert.equal(fake.requests.length, 0);
    });
  });
});
