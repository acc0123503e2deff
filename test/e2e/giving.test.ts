// Gifts made to the end in Chromium: a one-off card gift (Processing, the thanks, the total counted
// once with the webhook after the browser's call, the thank-you panel with the gift's reference), a
// declined card, a redirect-based method's return, and a monthly gift's subscription given by
// keyboard alone. The real checkout page; Stripe.js is the stand-in of test/fakes/stripe-js.ts, the
// server's SDK talks to the fake Stripe API of test/fakes/stripe.ts, which delivers signed webhooks.
// The form's behaviour before a gift is given (amounts, currencies, messages, axe) is
// test/e2e/checkout.test.ts, on SQLite only.
// PostgreSQL: the money paths end in PostgreSQL-only code: the payment applied under forUpdate locks (models/giving/donation.ts, ledger.ts) with the browser's call and the webhook racing, the receipt job queued on graphile-worker in the same transaction, the subscription mirrored with onConflict, and the reference read from appliedAt's timestamptz.
import { before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { axeSerious, holdRequests, serverAndBrowserWithStripe, waitForHydration, type RunningServer } from '../helpers';
import type { FakeStripe } from '../fakes/stripe';
import { openCheckout, readyFor } from './checkout-page';
import { checkLedger } from '../../models/content/ledger';

describe('gifts given to the end in Chromium with the Stripe stand-in', () => {
  const e2e = serverAndBrowserWithStripe();
  let fake: FakeStripe;
  let srv: RunningServer;
  let browser: Browser;
  let project: { id: number; slug: string; title: string };
  const db = () => srv.handle.deps.db;
  const EMAIL = 'donor@example.ch';

  const open = (pathname: string, viewport = { width: 1280, height: 900 }) => openCheckout(browser, srv.url, fake, pathname, { viewport });
  const donateButton = (page: Page, name: RegExp = /^Donate/) => page.getByRole('button', { name });
  const setStripeFlag = (page: Page, flags: { decline?: boolean; redirect?: boolean }) =>
    page.evaluate((f) => {
      (window as unknown as { __stripeFake: object }).__stripeFake = f;
    }, flags);
  /** The ledger rows that count a gift (a project's total is the sum of its rows: checkLedger). */
  const ledgerOf = async (paymentIntentId: string) => {
    const rows = await db()('donations').where({ paymentIntentId });
    const ledger = rows.length ? await db()('project_ledger').whereIn('donationId', rows.map((r) => r.id)).orderBy('id') : [];
    return { rows, ledger: ledger.map((l) => ({ projectId: Number(l.projectId), kind: l.kind, amountCents: Number(l.amountCents) })) };
  };

  before(async () => {
    ({ fake, srv, browser } = e2e);
    project = await db()('projects').where({ status: 'funding' }).orderBy('id').first();
  });
  // Every test waits for its own webhooks; what another test left is still waited for before the records are cleared.
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
  });

  test('success: Processing, the thank-you toast, the verified funding call, home, and the total raised once', async () => {
    const { page, problems, messages, sessions } = await open(`/checkout?project=${project.slug}`);
    const order: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payment-details')) order.push('details');
      if (/api\.stripe\.com\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.url())) order.push('confirm');
    });
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('button', { name: '$50', exact: true }).click();
    const fifty = await sessions.next((s) => s.body.amount === 50);
    assert.equal(fake.intents.get(fifty.intentId!)!.amount, 5000);
    await readyFor(page, fifty, /^Donate \$50$/);

    // Giving before the e-mail address is typed: said at the field, which gets the focus; nothing is charged.
    await donateButton(page).click();
    await page.getByText('Please enter your e-mail address: your receipt goes there.').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'donor-email');
    assert.equal(await page.getByLabel('E-mail address').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(order, [], 'nothing sent without the e-mail address');
    await page.getByLabel('E-mail address').fill(EMAIL);

    // The donor's details are held on their way: the button says the payment is under way meanwhile.
    const details = await holdRequests(page, (url) => url.pathname === '/api/payment-details');
    const funding = page.waitForResponse((r) => r.url().endsWith('/api/update-project-funding'));
    await donateButton(page).click();
    await page.getByRole('button', { name: 'Processing...', disabled: true }).waitFor();
    await details.arrived();
    details.release();

    const fundingResponse = await funding;
    assert.equal(fundingResponse.status(), 200);
    const sent = fundingResponse.request().postDataJSON() as { projectId: number; amount: number; paymentIntentId: string; currency: string };
    assert.equal(sent.projectId, project.id);
    assert.equal(sent.amount, 50);
    assert.equal(sent.currency, 'usd');
    assert.equal(sent.paymentIntentId, fifty.intentId);
    await messages.waitFor(/Payment Successful.*Thank you for your donation!/);
    await page.waitForURL(`${srv.url}/`);

    // The webhook Stripe sends after the confirmation arrives too: the money still counts once.
    await fake.settle();
    assert.deepEqual(
      fake.deliveries.filter((d) => d.objectId === sent.paymentIntentId).map((d) => [d.type, d.status]),
      [['payment_intent.succeeded', 200]],
    );
    const { rows, ledger } = await ledgerOf(sent.paymentIntentId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, 'succeeded');
    assert.deepEqual(ledger, [{ projectId: project.id, kind: 'donation', amountCents: 5000 }], 'counted once, for the project');
    assert.deepEqual(await checkLedger(db()), [], 'every total is the sum of its rows');
    // The e-mail address joined the session before the payment was confirmed: the receipt goes there.
    assert.deepEqual(order, ['details', 'confirm']);
    assert.equal(rows[0].donorEmail, EMAIL);
    assert.equal(fake.intents.get(sent.paymentIntentId)!.metadata.email, EMAIL);

    // The home page thanks the donor in a panel that stays until closed: amount, project,
    // the gift's reference (as on the receipt), where the receipt goes, the manage link, sharing.
    const panel = page.getByRole('region', { name: 'Thank you for your gift!' });
    await panel.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'thanks-heading');
    await panel.getByText(`You gave $50. It goes to ${project.title}.`).waitFor();
    const swissYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date(rows[0].appliedAt));
    const reference = `D-${swissYear}-${String(rows[0].id).padStart(6, '0')}`;
    await panel.getByText(reference).waitFor();
    await panel.getByText('A receipt is on its way to donor@example.ch.').waitFor();
    assert.equal(await panel.getByRole('link', { name: 'Manage my donations' }).getAttribute('href'), '/donations/manage');
    await panel.getByRole('button', { name: 'Tell your friends' }).waitFor();
    // A one-off card gift is offered as a regular one: the same amount, currency and project, the interval to choose.
    const regular = panel.getByRole('group', { name: 'Make it a regular gift?' });
    await regular.getByText('Give $50 to the same cause regularly').waitFor();
    const offered = await regular.getByRole('link').evaluateAll((links) => links.map((l) => [l.textContent, l.getAttribute('href')]));
    const filled = (interval: string) => `/checkout?amount=50&currency=usd&project=${project.slug}&interval=${interval}`;
    assert.deepEqual(offered, [
      ['Every month', filled('month')],
      ['Every quarter', filled('quarter')],
      ['Every half-year', filled('half_year')],
      ['Every year', filled('year')],
    ]);
    assert.deepEqual(await axeSerious(page), []);
    await page.reload();
    await panel.getByText(reference).waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.getByText('Thank you for your gift!').count(), 0, 'closed: it does not come back');
    // The offer's checkout opens with the gift filled in (monthly: the interval the checkout knows).
    await page.goto(srv.url + filled('month'));
    await waitForHydration(page);
    assert.equal(await page.getByRole('radio', { name: 'Monthly' }).isChecked(), true);
    assert.equal(await page.getByRole('button', { name: '$50', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('#checkout-project').inputValue(), String(project.id));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('failure: the Payment Failed toast with Stripe\'s message; the page stays and nothing is counted', async () => {
    const { page, problems, messages, sessions, funding } = await open(`/checkout?project=${project.slug}`);
    const session = await sessions.next((s) => s.body.amount === 150);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await readyFor(page, session, /^Donate \$150$/);
    await setStripeFlag(page, { decline: true });
    await donateButton(page).click();
    await messages.waitFor(/Payment Failed.*Your card was declined\./);
    // Said beside the button too, in words, as an alert the button is described by; what the donor typed stays.
    const beside = page.locator('form #pay-declined');
    await beside.getByText('Your payment did not go through').waitFor();
    assert.match(await beside.innerText(), /Your card was declined\.[\s\S]*Nothing was charged/);
    assert.equal(await beside.getAttribute('role'), 'alert');
    assert.equal(await donateButton(page).getAttribute('aria-describedby'), 'pay-declined');
    assert.equal(await page.getByLabel('E-mail address').inputValue(), EMAIL);
    assert.equal(new URL(page.url()).pathname, '/checkout');
    await page.getByRole('button', { name: /^Donate \$150$/, disabled: false }).waitFor();
    await fake.settle();
    assert.deepEqual(funding, []);
    assert.deepEqual(
      fake.deliveries.filter((d) => d.objectId === session.intentId).map((d) => [d.type, d.status]),
      [['payment_intent.payment_failed', 200]],
    );
    const { rows, ledger } = await ledgerOf(session.intentId!);
    assert.deepEqual(rows.map((r) => r.status), ['failed'], 'the failure is recorded');
    assert.deepEqual(ledger, [], 'nothing is counted');
    assert.deepEqual(await checkLedger(db()), []);
    // Chromium logs the declined confirmation (HTTP 402 from Stripe's API) itself; nothing else may appear.
    assert.deepEqual(problems.filter((p) => !/status of 402/.test(p)), []);
    await page.context().close();
  });

  test('a redirect-based method returns with ?payment=success: toast, funding call, home', async () => {
    const { page, problems, messages, sessions } = await open(`/checkout?project=${project.slug}`);
    await sessions.next((s) => s.body.amount === 150);
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel('Other amount (USD)').fill('20.25');
    const session = await sessions.next((s) => s.body.amount === 20.25);
    assert.equal(fake.intents.get(session.intentId!)!.amount, 2025);
    await readyFor(page, session, /^Donate \$20\.25$/);
    await setStripeFlag(page, { redirect: true });
    // The return address, as the browser asks for it (the page replaces it with home at once).
    const back = page.waitForRequest((r) => r.isNavigationRequest() && /[?&]payment=success/.test(r.url()));
    const funding = page.waitForResponse((r) => r.url().endsWith('/api/update-project-funding'));
    await donateButton(page).click();
    const returned = new URL((await back).url());
    assert.equal(returned.pathname, '/checkout');
    assert.equal(returned.searchParams.get('project'), project.slug);
    assert.equal(returned.searchParams.get('payment_intent'), session.intentId);
    assert.equal(returned.searchParams.get('currency'), 'usd');
    assert.equal(returned.searchParams.get('interval'), null);
    assert.equal((await funding).status(), 200);
    await messages.waitFor('Payment Successful');
    await page.waitForURL(`${srv.url}/`);
    await fake.settle();
    const { rows, ledger } = await ledgerOf(session.intentId!);
    assert.deepEqual(rows.map((r) => r.status), ['succeeded']);
    assert.deepEqual(ledger, [{ projectId: project.id, kind: 'donation', amountCents: 2025 }], 'counted once, for the project');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('keyboard only: currency and interval by arrow keys, a preset, e-mail and name, then give a monthly gift; focus is visible; its subscription counts the first month', async () => {
    const { page, problems, messages, sessions, stripeJs, funding } = await open('/checkout', { width: 390, height: 844 });
    // The one-off session the page asked for as it woke, answered before the choice changes.
    await sessions.next((s) => s.body.amount === 150);
    const active = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return { tag: el?.tagName ?? '', name: el?.getAttribute('name') ?? '', value: (el as HTMLInputElement | null)?.value ?? '', text: el?.textContent?.replace(/\u00a0/g, ' ').trim() ?? '', outline: el ? getComputedStyle(el).outlineStyle : 'none' };
      });
    await page.locator('#checkout-project').focus();
    await page.keyboard.press('Tab');
    assert.deepEqual(await active().then((a) => [a.name, a.value]), ['currency', 'usd']);
    assert.notEqual((await active()).outline, 'none', 'a visible focus ring on the radio button');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('radio', { name: 'CHF', checked: true }).waitFor();
    // A one-off session in francs is asked for: answered before the next change.
    await sessions.next((s) => s.body.currency === 'chf' && s.body.interval === 'once');
    await page.keyboard.press('Tab');
    assert.deepEqual(await active().then((a) => [a.name, a.value]), ['interval', 'once']);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('radio', { name: 'Monthly', checked: true }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal((await active()).text, 'CHF 50');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'CHF 50', exact: true, pressed: true }).waitFor();
    for (let i = 0; i < 10 && (await active()).name !== 'email'; i++) await page.keyboard.press('Tab');
    assert.equal((await active()).name, 'email');
    // Leaving the field empty shows the error tied to it.
    await page.keyboard.press('Tab');
    await page.getByText('Please enter your e-mail address: your receipt goes there.').waitFor();
    const email = page.getByLabel('E-mail address');
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    assert.match((await email.getAttribute('aria-describedby')) ?? '', /donor-email-error/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Kim.Muster@example.ch');
    await page.keyboard.press('Tab');
    assert.equal((await active()).name, 'name');
    await page.keyboard.type('Kim Muster');
    // The monthly card form, for CHF 50, then the button.
    await page.locator('[data-testid="fake-payment-element"][data-mode="subscription"][data-amount="5000"][data-currency="chf"]').waitFor();
    await page.getByRole('button', { name: /^Give CHF 50 every month$/, disabled: false }).waitFor();
    for (let i = 0; i < 10 && !/^Give CHF 50 every month$/.test((await active()).text); i++) await page.keyboard.press('Tab');
    assert.match((await active()).text, /^Give CHF 50 every month$/);
    await page.keyboard.press('Enter');
    const monthly = await sessions.next((s) => s.body.interval === 'month');

    // What the page asked for: the gift, its currency and interval, e-mail (as typed) and name.
    const body = monthly.body;
    assert.deepEqual(
      { ...body, checkoutId: typeof body.checkoutId },
      { amount: 50, currency: 'chf', interval: 'month', projectId: null, language: 'en', checkoutId: 'string', email: 'Kim.Muster@example.ch', name: 'Kim Muster' },
    );
    assert.match(String(body.checkoutId), /^[A-Za-z0-9_-]{8,64}$/);
    assert.equal(monthly.status, 200);

    // The first payment: thanked as a monthly gift; the browser does not ask to count it (the webhook does).
    await messages.waitFor('Your monthly gift of CHF 50 has started. Thank you!');
    await page.waitForURL(`${srv.url}/`);
    // A regular gift is not offered as one again.
    await page.getByRole('region', { name: 'Thank you for your gift!' }).getByText('Your monthly gift of CHF 50 has started.').waitFor();
    assert.equal(await page.getByText('Make it a regular gift?').count(), 0);
    assert.equal(sessions.sent.filter((b) => b.interval === 'month').length, 1, 'one subscription, made on giving');
    assert.ok(sessions.sent.every((b) => b.interval === 'month' || !('email' in b)), 'a one-off session is asked for without the e-mail address');
    const submitted = stripeJs.calls.findIndex((c) => c.method === 'submit');
    assert.ok(submitted >= 0, 'the card form was checked before the subscription was made');
    assert.ok(submitted < stripeJs.calls.findIndex((c) => c.method === 'confirmPayment'), 'checked, then confirmed');
    assert.deepEqual(funding, []);

    // Stripe's events for the first invoice: the month counts once, the subscription is mirrored active.
    await fake.settle();
    const subscriptionId = fake.invoiceOf(monthly.intentId!)!.parent.subscription_details.subscription;
    assert.ok(fake.deliveries.length > 0 && fake.deliveries.every((d) => d.status === 200), JSON.stringify(fake.deliveries));
    const gifts = await db()('donations').where({ subscriptionId });
    // (The address is kept in lower case.)
    assert.deepEqual(gifts.map((g) => [g.status, Number(g.amountCents), g.currency, g.donorEmail]), [['succeeded', 5000, 'chf', 'kim.muster@example.ch']]);
    const mirror = await db()('donation_subscriptions').where({ subscriptionId }).first();
    assert.equal(mirror.status, 'active');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
