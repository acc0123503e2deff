// Regular gifts that last (issue 39): a failed payment is recovered kindly, cards are renewed
// before they expire, and the treasurer sees what is at risk and what was saved. Against the real
// `stripe` SDK and the fake's Billing (test/fakes/stripe-recovery.ts): invoice.payment_failed with
// attempt_count and next_payment_attempt, retries, an unpaid subscription, cards with an expiry,
// Stripe's card updater and invoices.pay.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { appWithFakeStripe, twoInstances } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes, portalSessions, seedMonthlySubscription } from '../fakes/stripe-monthly';
import { addRecoveryRoutes, failNextInvoice, giveCard, giveUpInvoice, retryInvoice, updateCardAutomatically } from '../fakes/stripe-recovery';
import { outboxFor } from '../../models/providers/mail';
import { createDonorToken } from '../../models/giving/donor';
import { regularHealth } from '../../models/giving/recovery';
import { checkExpiringCards, nextMonthOf, type CardExpiryDeps } from '../../models/giving/card-expiry';
import { swissDate } from '../../models/giving/names';
import { recoveryMail } from '../../views/mails/recovery';
import { toIso } from '../../models/shared/dates';

const ORIGIN = 'https://charity.example';
const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789' };
const ADMIN_KEYS = `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer`;
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

let seq = 0;
const address = (name: string) => `${name}-${++seq}@example.org`;

/** A running monthly gift at the fake: the site learns of it from Stripe's events. */
function monthly(fake: FakeStripe, email: string, lang: 'en' | 'de', amountCents = 2500, currency = 'chf') {
  return seedMonthlySubscription(fake, { email, amountCents, currency, metadata: { kind: 'monthly', language: lang } }).subscription;
}

const expiryDeps = (h: AppHandle): CardExpiryDeps => ({ db: h.deps.db, mail: h.deps.mail, i18n: h.deps.i18n, config: h.deps.config, log: h.deps.log, render: recoveryMail, payments: h.deps.payments });

/** "2 December" / "2. Dezember": today in Swiss time, as the page and the mail write the day. */
function today(lang: 'en' | 'de'): string {
  const [, m, d] = swissDate(new Date()).split('-').map(Number) as [number, number, number];
  const en = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const de = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
  return lang === 'de' ? `${d}. ${de[m - 1]}` : `${d} ${en[m - 1]}`;
}

describe('failed payments, expiring cards and the at-risk list (fake Stripe, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let close: () => Promise<void>;

  before(async () => {
    ({ fake, h, close } = await appWithFakeStripe({ PUBLIC_URL: ORIGIN, ADMIN_KEYS }, { worker: true }));
    addMonthlyRoutes(fake);
    addRecoveryRoutes(fake);
  });
  after(() => close());

  /** Stripe's events handled, then every job they queued (the mails) done. */
  const settle = async () => {
    await fake.settle();
    await h.deps.jobs.idle();
  };
  const mailsTo = async (email: string) => (await outboxFor(h.deps.db, email)).reverse();
  const subRow = (subscriptionId: string) => h.deps.db('donation_subscriptions').where({ subscriptionId }).first();

  async function signIn(email: string, lang: 'en' | 'de'): Promise<string> {
    const token = await createDonorToken(h.deps.db, email, lang);
    const res = await request(h.app).post(`${lang === 'de' ? '/de' : ''}/donations/manage/session`).set('Origin', ORIGIN).type('form').send({ token }).expect(303);
    return (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  }

  test('a failed payment: one mail in the donor\'s language within the event, however often Stripe delivers it', async () => {
    const email = address('anna');
    const sub = monthly(fake, email, 'de');
    const invoice = failNextInvoice(fake, sub.id);
    await settle();
    // Replays, one after the other and two at the same moment.
    await fake.deliver('invoice.payment_failed', invoice);
    await Promise.all([fake.deliver('invoice.payment_failed', invoice), fake.deliver('invoice.payment_failed', invoice)]);
    await settle();
    assert.ok(fake.deliveries.filter((d) => d.type === 'invoice.payment_failed' && d.objectId === invoice.id).every((d) => d.status === 200));
    const mails = await mailsTo(email);
    assert.equal(mails.length, 1, 'one mail for the invoice');
    const [mail] = mails;
    assert.equal(mail!.subject, `Ihre Spende an ${h.deps.config.site.name}: Die Zahlung von CHF\u00a025.00 ist nicht durchgegangen`);
    for (const body of [mail!.textBody, mail!.htmlBody ?? '']) {
      assert.ok(body.includes('CHF\u00a025.00'), 'how much');
      assert.ok(body.includes(`${today('de')} `), 'the day of the payment, in German');
      assert.ok(body.includes('Karte aktualisieren'), 'the button');
      assert.ok(!/4242|visa/i.test(body), 'no card details');
      assert.ok(!body.includes('ß'));
    }
    const row = await subRow(sub.id);
    assert.equal(row.status, 'past_due', 'the mirror follows Stripe');
    const link = /(https:\/\/charity\.example\/de\/donations\/manage\?token=[^\s"&]+&(?:amp;)?focus=card&(?:amp;)?subscription=(\d+))/.exec(mail!.textBody);
    assert.ok(link, mail!.textBody);
    assert.equal(Number(link[2]), row.id);
    const episode = await h.deps.db('regular_gift_failures').where({ invoiceId: invoice.id }).first();
    assert.equal(Number(episode.attemptCount), 1);
    assert.equal(Number(episode.mailsSent), 1);
    assert.ok(episode.nextAttemptAt, 'Stripe said when it tries again');
    // Written within five minutes of the event (the job runs at once: here within seconds).
    const delay = Date.parse(toIso(mail!.createdAt)) - Date.parse(toIso(episode.failedAt));
    // (SQLite's clock in the outbox row is whole seconds.)
    assert.ok(delay > -1000 && delay < 5 * 60_000, `the mail was written ${delay} ms after the failure`);

    // The mail's button signs the donor in and opens the page on "Update your card" of this gift.
    const url = new URL(link[1]!);
    const landing = await request(h.app).get(url.pathname + url.search).expect(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(landing.text)?.[1]?.replace(/&amp;/g, '&');
    assert.equal(action, `/de/donations/manage/session?focus=card&subscription=${row.id}`);
    const signedIn = await request(h.app).post(action!).set('Origin', ORIGIN).type('form').send({ token: url.searchParams.get('token') }).expect(303);
    assert.equal(signedIn.headers.location, `/de/donations/manage?done=signedIn&focus=card&subscription=${row.id}`);
    const cookie = (signedIn.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const page = await request(h.app).get(signedIn.headers.location).set('Cookie', cookie).expect(200);
    assert.ok(page.text.includes(`Die Zahlung vom ${today('de')} ist fehlgeschlagen. Aktualisieren Sie Ihre Karte.`), 'the state, in German');
    assert.match(page.text, /class="donor-recovery[^"]*" data-focus=""/);
  });

  test('a first payment declined on the checkout (the subscription incomplete): no mail, no episode', async () => {
    const email = address('first');
    const sub = monthly(fake, email, 'en');
    fake.subscriptions.get(sub.id)!.status = 'incomplete';
    const invoice = fake.openNextInvoice(sub.id);
    fake.markFailed(fake.intentOfInvoice(invoice.id).id);
    assert.equal(await fake.deliver('invoice.payment_failed', invoice), 200);
    await settle();
    assert.equal((await mailsTo(email)).length, 0);
    assert.equal(await h.deps.db('regular_gift_failures').where({ invoiceId: invoice.id }).first(), undefined);
  });

  test('in English for an English gift; the page says so in English', async () => {
    const email = address('ben');
    const sub = monthly(fake, email, 'en', 1500, 'usd');
    failNextInvoice(fake, sub.id);
    await settle();
    const [mail, ...more] = await mailsTo(email);
    assert.equal(more.length, 0);
    assert.equal(mail!.subject, `Your donation to ${h.deps.config.site.name}: the payment of $15.00 did not go through`);
    assert.ok(mail!.textBody.includes(`${ORIGIN}/donations/manage?token=`));
    const page = await request(h.app).get('/donations/manage').set('Cookie', await signIn(email, 'en')).expect(200);
    assert.ok(page.text.includes(`The payment of ${today('en')} failed. Update your card.`), 'the state, in English');
    assert.ok(page.text.includes('Update your card'));
    // The card update's redirect to Stripe's Billing Portal is a form's destination the page allows (only this page).
    assert.match(page.headers['content-security-policy'], /form-action 'self' mailto: https:\/\/billing\.stripe\.com/);
    assert.match((await request(h.app).get('/contact')).headers['content-security-policy'], /form-action 'self' mailto:;/);
  });

  test('Stripe\'s retries over: one last mail (the gift paused), and a restart in one click after a new card', async () => {
    const email = address('clara');
    const sub = monthly(fake, email, 'de', 5000);
    const invoice = failNextInvoice(fake, sub.id);
    await settle();
    retryInvoice(fake, invoice.id, 'fail');
    await settle();
    assert.equal((await mailsTo(email)).length, 1, 'a retry that fails again sends nothing more');
    retryInvoice(fake, invoice.id, 'last');
    await settle();
    await fake.deliver('invoice.payment_failed', invoice);
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(sub.id)!);
    await settle();
    const mails = await mailsTo(email);
    assert.equal(mails.length, 2, 'the first mail and the last one');
    assert.equal(mails[1]!.subject, `Ihre Spende an ${h.deps.config.site.name} ist pausiert`);
    assert.ok(mails[1]!.textBody.includes('Spende wieder aufnehmen'));
    assert.equal((await subRow(sub.id)).status, 'unpaid');

    const cookie = await signIn(email, 'de');
    let page = await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200);
    assert.ok(page.text.includes(`Ihre Spende ist pausiert: Die Zahlung von CHF\u00a050.00 vom ${today('de')} ist fehlgeschlagen`));
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const id = (await subRow(sub.id)).id;
    // Restarting with the declining card: refused, nothing changes.
    const declined = await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrf, action: 'restart', subscription: id }).expect(409);
    assert.ok(declined.text.includes('Bitte aktualisieren Sie zuerst Ihre Karte'));
    // A new card in Stripe's Billing Portal (customer.updated moves the gift to it), then the restart.
    const portal = await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrf, action: 'card', subscription: id }).expect(303);
    assert.equal(portalSessions(fake).at(-1)!.flow?.type, 'payment_method_update');
    await fetch(portal.headers.location, { method: 'POST', redirect: 'manual' });
    await settle();
    const restarted = await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrf, action: 'restart', subscription: id }).expect(303);
    assert.equal(restarted.headers.location, '/de/donations/manage?done=restarted');
    await settle();
    assert.equal(fake.invoices.get(invoice.id)!.status, 'paid');
    assert.equal(fake.requestsTo('POST', `/v1/invoices/${invoice.id}/pay`).length, 2);
    assert.equal((await subRow(sub.id)).status, 'active');
    const episode = await h.deps.db('regular_gift_failures').where({ invoiceId: invoice.id }).first();
    assert.ok(episode.recoveredAt, 'the episode ended');
    assert.equal(Number(episode.mailsSent), 2);
    page = await request(h.app).get('/de/donations/manage?done=restarted').set('Cookie', cookie).expect(200);
    assert.ok(!page.text.includes('ist fehlgeschlagen'), 'no failure shown any more');
    // The payment is credited once, by invoice.paid.
    const gifts = await h.deps.db('donations').where({ invoiceId: invoice.id });
    assert.equal(gifts.length, 1);
  });

  test('a retry that goes through ends the episode; each recovered invoice counts once in "recovered this year"', async () => {
    const before = await regularHealth(h.deps.db);
    const recoveredChf = () => before.recovered.find((r) => r.currency === 'chf') ?? { invoices: 0, cents: 0 };
    const start = recoveredChf();
    const email = address('dora');
    const sub = monthly(fake, email, 'en', 3000);
    const invoice = failNextInvoice(fake, sub.id);
    await settle();
    retryInvoice(fake, invoice.id, 'succeed');
    await settle();
    // Stripe delivers invoice.paid again: nothing more is counted.
    await fake.deliver('invoice.paid', fake.invoices.get(invoice.id)!);
    await fake.deliver('invoice.payment_failed', fake.invoices.get(invoice.id)!);
    await settle();
    const now = (await regularHealth(h.deps.db)).recovered.find((r) => r.currency === 'chf')!;
    assert.equal(now.invoices, start.invoices + 1);
    assert.equal(now.cents, start.cents + 3000);
    const mails = await mailsTo(email);
    assert.deepEqual(mails.map((m) => /receipt/i.test(m.subject)), [false, true], 'the failure mail, then the receipt of the payment: no mail about a failure after it was paid');
    const dashboard = await request(h.app).get('/api/admin/dashboard').set(as('treasurer')).expect(200);
    assert.deepEqual(dashboard.body.data.regularHealth.recovered.find((r: { currency: string }) => r.currency === 'chf'), now);
  });

  test('the at-risk list: failed, past due, unpaid and expiring cards, with since and mails sent; treasurers only', async () => {
    const failing = monthly(fake, address('eva'), 'en', 4000);
    failNextInvoice(fake, failing.id);
    const unpaid = monthly(fake, address('fritz'), 'de', 6000);
    failNextInvoice(fake, unpaid.id, { last: true });
    await settle();
    const expiringEmail = address('gina');
    const expiring = monthly(fake, expiringEmail, 'en', 2000, 'eur');
    const soon = new Date(Date.now() + 20 * 86_400_000);
    giveCard(fake, expiring.id, { month: soon.getUTCMonth() + 1, year: soon.getUTCFullYear() });
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(expiring.id)!);
    await checkExpiringCards(expiryDeps(h));

    await request(h.app).get('/api/admin/donations/at-risk').set(as('editor')).expect(403);
    const res = await request(h.app).get('/api/admin/donations/at-risk').set(as('treasurer')).expect(200);
    const bySub = (id: string) => res.body.gifts.find((g: { subscriptionId: string }) => g.subscriptionId === id);
    const a = bySub(failing.id);
    assert.equal(a.reason, 'past_due');
    assert.equal(a.amountCents, 4000);
    assert.equal(a.currency, 'chf');
    assert.equal(a.interval, 'month');
    assert.equal(a.mailsSent, 1);
    assert.equal(swissDate(a.since), swissDate(new Date()));
    assert.match(a.donorEmail, /^eva-/);
    const b = bySub(unpaid.id);
    assert.equal(b.reason, 'unpaid');
    assert.equal(b.mailsSent, 1, 'only the last mail: the retries were off');
    const c = bySub(expiring.id);
    assert.equal(c.reason, 'card_expiring');
    assert.match(c.cardExpires, /^\d{4}-\d{2}$/);
    // A gift that runs well is not listed.
    const fine = monthly(fake, address('hans'), 'en');
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(fine.id)!);
    const again = await request(h.app).get('/api/admin/donations/at-risk').set(as('treasurer')).expect(200);
    assert.ok(!again.body.gifts.some((g: { subscriptionId: string }) => g.subscriptionId === fine.id));

    // The Donations screen shows it, server-rendered, in English and in German; the dashboard the income at risk.
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: KEYS.treasurer }).expect(200);
    const en = await agent.get('/admin/donations').set('Accept', 'text/html').expect(200);
    assert.ok(en.text.includes('Regular gifts at risk'));
    assert.ok(en.text.includes('Unpaid (paused)'));
    const de = await agent.get('/de/admin/donations').set('Accept', 'text/html').expect(200);
    assert.ok(de.text.includes('Gefährdete regelmässige Spenden'));
    assert.ok(de.text.includes('Karte läuft ab'));
    const dash = await request(h.app).get('/api/admin/dashboard').set(as('treasurer')).expect(200);
    const chf = dash.body.data.regularHealth.atRisk.find((r: { currency: string }) => r.currency === 'chf');
    assert.ok(chf.cents >= 10000 && chf.gifts >= 2);
  });

  test('a failed invoice voided or marked uncollectible at Stripe: no longer at risk, nothing more mailed, not recovered, on replays too', async () => {
    const before = (await regularHealth(h.deps.db)).recovered.find((r) => r.currency === 'chf')?.invoices ?? 0;
    const atRisk = async () => (await request(h.app).get('/api/admin/donations/at-risk').set(as('treasurer')).expect(200)).body.gifts as { subscriptionId: string; reason: string }[];
    const voidedEmail = address('ida');
    const voided = monthly(fake, voidedEmail, 'de', 3500);
    const voidedInvoice = failNextInvoice(fake, voided.id);
    const written = monthly(fake, address('jon'), 'en', 4500);
    const writtenInvoice = failNextInvoice(fake, written.id);
    await settle();
    assert.ok((await atRisk()).some((g) => g.subscriptionId === voided.id));
    giveUpInvoice(fake, voidedInvoice.id, 'void');
    giveUpInvoice(fake, writtenInvoice.id, 'uncollectible');
    await settle();
    // Replayed, and a late payment_failed of the same invoice: still closed, no second mail.
    await fake.deliver('invoice.voided', fake.invoices.get(voidedInvoice.id)!);
    await fake.deliver('invoice.payment_failed', fake.invoices.get(voidedInvoice.id)!);
    await settle();
    const list = await atRisk();
    assert.ok(!list.some((g) => g.subscriptionId === voided.id || g.subscriptionId === written.id), JSON.stringify(list));
    assert.equal((await mailsTo(voidedEmail)).length, 1, 'the one failure mail, none after');
    // By invoice: the two failures were recorded side by side, so their row order is not theirs.
    const rows = (await h.deps.db('regular_gift_failures').whereIn('invoiceId', [voidedInvoice.id, writtenInvoice.id]).select('invoiceId', 'closedAs', 'recoveredAt')) as { invoiceId: string; closedAs: string; recoveredAt: unknown }[];
    const closed = (id: string) => rows.filter((r) => r.invoiceId === id).map((r) => [r.closedAs, r.recoveredAt ?? null]);
    assert.deepEqual(closed(voidedInvoice.id), [['void', null]]);
    assert.deepEqual(closed(writtenInvoice.id), [['uncollectible', null]]);
    assert.equal((await regularHealth(h.deps.db)).recovered.find((r) => r.currency === 'chf')?.invoices ?? 0, before);
  });

  test('a card ending next month: one mail per card across runs, none for a card Stripe renewed by itself', async () => {
    const next = nextMonthOf(new Date());
    const email = address('ida');
    const sub = monthly(fake, email, 'de', 2000);
    const card = giveCard(fake, sub.id, next);
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(sub.id)!);
    // Two gifts on one card: still one mail.
    const second = monthly(fake, email, 'de', 1000);
    fake.subscriptions.get(second.id)!.customer = sub.customer;
    fake.subscriptions.get(second.id)!.default_payment_method = card.id;
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(second.id)!);
    const renewedEmail = address('jon');
    const renewed = monthly(fake, renewedEmail, 'en', 2000);
    const renewedCard = giveCard(fake, renewed.id, next);
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(renewed.id)!);
    // Stripe's card updater got a new card from the bank; its expiry reads the same month for now.
    updateCardAutomatically(fake, renewedCard.id, next);
    await settle();

    await checkExpiringCards(expiryDeps(h));
    await Promise.all([checkExpiringCards(expiryDeps(h)), checkExpiringCards(expiryDeps(h))]);
    const mails = await mailsTo(email);
    assert.equal(mails.length, 1, 'one mail for the card');
    assert.equal(mails[0]!.subject, `Ihre Karte für Ihre Spende an ${h.deps.config.site.name} läuft bald ab`);
    assert.ok(mails[0]!.textBody.includes('focus=card'));
    assert.ok(!/4242|visa/i.test(mails[0]!.textBody));
    assert.equal((await mailsTo(renewedEmail)).length, 0, 'the renewed card gets no mail');
    const cookie = await signIn(email, 'de');
    const page = await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200);
    assert.ok(page.text.includes('Ihre Karte läuft Ende'));
    // The donor saves a new card in Stripe's Billing Portal: the page and the at-risk list know it at once.
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const id = (await subRow(sub.id)).id;
    const portal = await request(h.app).post('/de/donations/manage').set('Cookie', cookie).type('form').send({ _csrf: csrf, action: 'card', subscription: id }).expect(303);
    await fetch(portal.headers.location, { method: 'POST', redirect: 'manual' });
    await settle();
    const after = await request(h.app).get('/de/donations/manage').set('Cookie', cookie).expect(200);
    assert.ok(!after.text.includes('Ihre Karte läuft Ende'));
    const list = await request(h.app).get('/api/admin/donations/at-risk').set(as('treasurer')).expect(200);
    assert.ok(!list.body.gifts.some((g: { subscriptionId: string }) => g.subscriptionId === sub.id || g.subscriptionId === second.id));
  });
});

describe('two instances: the failure mail and the card mail once', () => {
  let fake: FakeStripe;
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  const servers: http.Server[] = [];
  const urls: string[] = [];

  before(async () => {
    fake = addRecoveryRoutes(addMonthlyRoutes(await startFakeStripe()));
    ({ a, b, close } = await twoInstances('recovery', { ...fake.env(), PUBLIC_URL: ORIGIN }));
    for (const h of [a, b]) {
      const server = http.createServer(h.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`);
    }
    fake.webhook = { url: urls[0]!, secret: 'whsec_test' };
  });
  after(async () => {
    await fake.settle();
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    await close();
    await fake.close();
  });

  test('the same failed invoice delivered to both instances at once: one mail', async () => {
    const email = address('kim');
    const sub = monthly(fake, email, 'en');
    const invoice = failNextInvoice(fake, sub.id);
    await fake.settle();
    const event = fake.event('invoice.payment_failed', invoice);
    await Promise.all(
      urls.flatMap((url) => [0, 1].map(async () => {
        fake.webhook = { url, secret: 'whsec_test' };
        return fake.deliverEvent(event);
      })),
    );
    await a.deps.jobs.idle();
    await b.deps.jobs.idle();
    const mails = await outboxFor(a.deps.db, email);
    assert.equal(mails.length, 1);
    assert.ok(fake.deliveries.every((d) => d.status === 200), JSON.stringify(fake.deliveries));
  });

  test('the card check run by both instances: one mail per card', async () => {
    const email = address('lea');
    const sub = monthly(fake, email, 'en');
    giveCard(fake, sub.id, nextMonthOf(new Date()));
    fake.webhook = { url: urls[1]!, secret: 'whsec_test' };
    await fake.deliver('customer.subscription.updated', fake.subscriptions.get(sub.id)!);
    await Promise.all([checkExpiringCards(expiryDeps(a)), checkExpiringCards(expiryDeps(b))]);
    await checkExpiringCards(expiryDeps(b));
    assert.equal((await outboxFor(a.deps.db, email)).length, 1);
  });
});
