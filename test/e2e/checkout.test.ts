// The donation flow in Chromium: the real checkout page, Stripe.js replaced by a stand-in through
// request interception (test/fakes/stripe-js.ts), api.stripe.com and the server's Stripe SDK both
// talking to the local fake Stripe API (test/fakes/stripe.ts), which also delivers signed webhooks.
// The card form shows at once: a one-off gift's payment session is made whenever the amount or the
// project changes, and the donor's e-mail address (the receipt goes there) and name join it just
// before the payment is confirmed; a monthly gift's subscription is made when the donor gives. What
// the page sends is read from the browser's own request, so these checks hold whatever the server
// does with the fields.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../config';
import { formatMoney } from '../../models/shared/rules';
import { axeSerious, launchBrowser, startServer, waitForHydration, watchedPage, type RunningServer, until } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { routeStripe } from '../fakes/stripe-js';

interface ProjectRow {
  id: number;
  slug: string;
  title: string;
  titleDe: string;
  raisedCents: number;
  goalCents: number;
}

describe('checkout in Chromium with the Stripe stand-in', () => {
  let fake: FakeStripe;
  let srv: RunningServer;
  let browser: Browser;
  let project: ProjectRow;

  const raisedCents = async (id: number) => Number((await srv.handle.deps.db('projects').where({ id }).first('raisedCents')).raisedCents);
  const amountsRequested = () => fake.createRequests().map((r) => Number(r.body.amount));

  /** `leaves`: the page moves on by itself as it wakes (a return from a payment method). */
  async function open(pathname: string, viewport = { width: 1280, height: 900 }, leaves = false) {
    const watched = await watchedPage(browser, { viewport });
    // Registered after watchedPage's catch-all for outside requests, so these win.
    await routeStripe(watched.page.context(), fake);
    await watched.page.goto(srv.url + pathname);
    if (!leaves) await waitForHydration(watched.page);
    return watched;
  }
  const paymentElement = (page: Page) => page.getByTestId('fake-payment-element');
  const EMAIL = 'donor@example.ch';
  /** The e-mail address for the receipt, asked for in the same form as the card. */
  async function fillEmail(page: Page, email = EMAIL) {
    const lang = await page.getAttribute('html', 'lang');
    await page.getByLabel(lang === 'de' ? 'E-Mail-Adresse' : 'E-mail address').fill(email);
  }
  /** The bodies the page sent to POST /api/create-payment-intent, in order. */
  function intentBodies(page: Page): Record<string, unknown>[] {
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-payment-intent') && r.method() === 'POST') bodies.push(r.postDataJSON() as Record<string, unknown>);
    });
    return bodies;
  }
  const donateButton = (page: Page, name: RegExp = /^Donate/) => page.getByRole('button', { name });

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer(fake.env());
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    browser = await launchBrowser();
    project = await srv.handle.deps.db('projects').where({ status: 'funding' }).orderBy('id').first();
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  for (const [pathname, lang] of [['/checkout', 'en'], ['/de/checkout', 'de']] as const) {
    for (const width of [390, 1280]) {
      test(`${pathname} at ${width}px: the Payment Element in ${lang}, no console problems, axe-core clean`, async () => {
        const { page, problems } = await open(pathname, { width, height: 900 });
        await paymentElement(page).waitFor();
        assert.equal(await paymentElement(page).getAttribute('data-locale'), lang);
        assert.equal(await page.getAttribute('html', 'lang'), lang);
        assert.equal(await page.locator('h1').count(), 1);
        const violations = await axeSerious(page);
        assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
        assert.deepEqual(problems, []);
        await page.context().close();
      });
    }
  }

  test('defaults, presets and the custom amount rules; each change asks for a new intent, never below 100 cents', async () => {
    const { page, problems } = await open('/checkout');
    const select = page.getByLabel('Your donation supports');
    assert.equal(await select.inputValue(), '', 'General Support is the default');
    const preset = (label: string) => page.getByRole('button', { name: label, exact: true });
    assert.equal(await preset('$150').getAttribute('aria-pressed'), 'true', '$150 is the default');
    assert.equal(await page.getByRole('radio', { name: 'USD' }).isChecked(), true, 'an English page suggests USD');
    // The card form shows at once, before any detail is typed: the session is made for the amount.
    await paymentElement(page).waitFor();
    await until(() => amountsRequested().includes(15000), 'the 15000-cent intent');
    assert.equal(fake.createRequests()[0]!.body.metadata?.email, undefined, 'no e-mail address yet');
    assert.equal(fake.createRequests()[0]!.body.metadata?.projectId, '');
    assert.equal(fake.createRequests()[0]!.body.metadata?.language, 'en');
      assert.equal(fake.createRequests()[0]!.body.metadata?.kind, 'one_off');
    assert.equal(fake.createRequests()[0]!.body.currency, 'usd');
    await donateButton(page, /^Donate \$150$/).waitFor();
    // The label shows the amount as soon as the intent exists; the button turns on when Stripe fires ready.
    await until(async () => donateButton(page).isEnabled(), 'the Donate button to be ready once Stripe fired ready');

    await preset('$50').click();
    assert.equal(await preset('$50').getAttribute('aria-pressed'), 'true');
    assert.equal(await preset('$150').getAttribute('aria-pressed'), 'false');
    await until(() => amountsRequested().includes(5000), 'the 5000-cent intent');
    await page.locator('.summary-total').getByText('$50').waitFor();

    // A custom amount overrides the preset...
    const custom = page.getByLabel('Other amount (USD)');
    assert.equal(await custom.getAttribute('type'), 'number');
    assert.equal(await custom.getAttribute('min'), '1');
    assert.equal(await custom.getAttribute('step'), '0.01');
    await custom.fill('12.34');
    for (const label of ['$50', '$150', '$3,500']) assert.equal(await preset(label).getAttribute('aria-pressed'), 'false');
    await until(() => amountsRequested().includes(1234), 'the 1234-cent intent');
    await donateButton(page, /^Donate \$12\.34$/).waitFor();
    await page.locator('.summary-total').getByText('$12.34').waitFor();

    // ...below one dollar nothing is requested and the donor is told why.
    const before = fake.createRequests().length;
    await custom.fill('0.5');
    await page.getByText('The minimum donation is $1.').waitFor();
    assert.equal(await custom.getAttribute('aria-invalid'), 'true');
    assert.equal(await donateButton(page).isDisabled(), true);
    await custom.fill('10.001');
    await page.getByText('Please use at most two decimal places.').waitFor();
    await custom.fill('1000000');
    await page.getByText(/Online donations are limited to \$999,999\.99/).waitFor();
    assert.equal(await donateButton(page).isDisabled(), true);
    assert.equal(fake.createRequests().length, before, 'no intent for invalid amounts');

    // Choosing a preset clears the custom amount.
    await preset('$3,500').click();
    assert.equal(await custom.inputValue(), '');
    assert.equal(await preset('$3,500').getAttribute('aria-pressed'), 'true');
    await until(() => amountsRequested().includes(350000), 'the 350000-cent intent');
    await donateButton(page, /^Donate \$3,500$/).waitFor();

    // Choosing a project asks again, with the project in the metadata.
    await select.selectOption(String(project.id));
    await until(() => fake.createRequests().some((r) => r.body.metadata?.projectId === String(project.id)), 'an intent for the project');
    assert.ok(amountsRequested().every((cents) => cents >= 100), `amounts: ${amountsRequested().join(', ')}`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a donation tier on the home page opens the checkout with its amount chosen; the first intent is for that amount', async () => {
    const { page, problems } = await open('/', { width: 390, height: 844 });
    await page.getByRole('link', { name: /^Give \$3,500/ }).click();
    await page.waitForURL(`${srv.url}/checkout?amount=3500&currency=usd`);
    const preset = (label: string) => page.getByRole('button', { name: label, exact: true });
    await fillEmail(page);
    await paymentElement(page).waitFor();
    assert.equal(await preset('$3,500').getAttribute('aria-pressed'), 'true');
    assert.equal(await preset('$150').getAttribute('aria-pressed'), 'false');
    await donateButton(page, /^Donate \$3,500$/).waitFor();
    await until(() => amountsRequested().length > 0, 'an intent');
    assert.deepEqual(amountsRequested(), [350000], 'never an intent for the default first');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('on the German home page the tiers are in francs, and the checkout opens in francs with that amount', async () => {
    const { page, problems } = await open('/de', { width: 390, height: 844 });
    await page.getByRole('link', { name: /^CHF 3’500 spenden/ }).click();
    await page.waitForURL(`${srv.url}/de/checkout?amount=3500&currency=chf`);
    await waitForHydration(page);
    await fillEmail(page);
    await paymentElement(page).waitFor();
    assert.equal(await page.getByRole('button', { name: 'CHF 3’500', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('radio', { name: 'CHF' }).isChecked(), true);
    await donateButton(page, /^CHF 3’500 spenden$/).waitFor();
    await until(() => fake.createRequests().length > 0, 'an intent');
    assert.deepEqual(
      fake.createRequests().map((r) => [Number(r.body.amount), r.body.currency]),
      [[350000, 'chf']],
      'the first intent is for the amount and currency the tier showed',
    );
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('?amount= another amount fills the custom field (server HTML and after hydration); a bad one is ignored', async () => {
    // Straight from the server, as before hydration.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const raw = await context.newPage();
    await raw.goto(`${srv.url}/de/checkout?amount=100`);
    assert.equal(await raw.locator('#custom-amount').inputValue(), '100');
    assert.equal(await raw.locator('button.amount-chip[aria-pressed="true"]').count(), 0);
    await context.close();

    const { page, problems } = await open('/de/checkout?amount=100');
    await fillEmail(page);
    await paymentElement(page).waitFor();
    assert.equal(await page.getByLabel('Anderer Betrag (CHF)').inputValue(), '100');
    for (const label of ['CHF 50', 'CHF 150', 'CHF 3’500']) assert.equal(await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed'), 'false');
    await donateButton(page, /^CHF 100 spenden$/).waitFor();
    await page.locator('.summary-total').getByText('CHF 100').waitFor();
    await until(() => amountsRequested().length > 0, 'an intent');
    assert.deepEqual(amountsRequested(), [10000]);
    assert.deepEqual(problems, []);
    await page.context().close();

    fake.reset();
    const bad = await open('/checkout?amount=0.5');
    await fillEmail(bad.page);
    await paymentElement(bad.page).waitFor();
    assert.equal(await bad.page.getByRole('button', { name: '$150', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await bad.page.getByLabel('Other amount (USD)').inputValue(), '');
    await until(() => amountsRequested().length > 0, 'an intent');
    assert.deepEqual(amountsRequested(), [15000]);
    assert.deepEqual(bad.problems, []);
    await bad.page.context().close();
  });

  test('?project=slug pre-selects the project and shows its raised and goal amounts', async () => {
    const { page, problems } = await open(`/checkout?project=${project.slug}`);
    assert.equal(await page.getByLabel('Your donation supports').inputValue(), String(project.id));
    const summary = page.getByRole('complementary', { name: 'Your donation' });
    await summary.getByText(project.title, { exact: true }).waitFor();
    await summary.getByText(formatMoney(Number(project.raisedCents) / 100, 'en'), { exact: true }).waitFor();
    await summary.getByText(formatMoney(Number(project.goalCents) / 100, 'en'), { exact: true }).waitFor();
    assert.ok(await summary.getByRole('progressbar').isVisible());
    await fillEmail(page);
    await until(() => fake.createRequests().length > 0, 'an intent');
    const req = fake.createRequests()[0]!;
    assert.equal(req.body.amount, '15000');
    assert.equal(req.body.metadata?.projectId, String(project.id));
    assert.equal(req.body.metadata?.language, 'en');
      assert.equal(req.body.metadata?.kind, 'one_off');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('success: Processing, the thank-you toast, the verified funding call, home, and the total raised once', async () => {
    const before = await raisedCents(project.id);
    const { page, problems } = await open(`/checkout?project=${project.slug}`);
    const order: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payment-details')) order.push('details');
      if (/api\.stripe\.com\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.url())) order.push('confirm');
    });
    await page.getByRole('button', { name: '$50', exact: true }).click();
    await until(() => amountsRequested().includes(5000), 'the 5000-cent intent');
    await donateButton(page, /^Donate \$50$/).waitFor();
    await until(async () => donateButton(page).isEnabled(), 'the Donate button to be ready');

    // Giving before the e-mail address is typed: said at the field, which gets the focus; nothing is charged.
    await donateButton(page).click();
    await page.getByText('Please enter your e-mail address: your receipt goes there.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'donor-email');
    assert.equal(await page.getByLabel('E-mail address').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(order, [], 'nothing sent without the e-mail address');
    await fillEmail(page);

    fake.delayMs = 400; // Stripe takes a moment: the button says so meanwhile.
    const funding = page.waitForResponse((r) => r.url().endsWith('/api/update-project-funding'));
    await donateButton(page).click();
    const processing = page.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    assert.equal(await processing.isDisabled(), true);

    const fundingResponse = await funding;
    assert.equal(fundingResponse.status(), 200);
    const sent = fundingResponse.request().postDataJSON() as { projectId: number; amount: number; paymentIntentId: string; currency: string };
    assert.equal(sent.projectId, project.id);
    assert.equal(sent.amount, 50);
    assert.equal(sent.currency, 'usd');
    assert.match(sent.paymentIntentId, /^pi_/);
    await page.getByText('Payment Successful').waitFor();
    await page.getByText('Thank you for your donation!').waitFor();
    await page.waitForURL(`${srv.url}/`);
    fake.delayMs = 0;

    // The webhook Stripe sends after the confirmation arrives too: the money still counts once.
    await until(() => fake.deliveries.some((d) => d.type === 'payment_intent.succeeded'), 'the webhook delivery');
    await fake.settle();
    assert.deepEqual(
      fake.deliveries.map((d) => d.status),
      [200],
    );
    assert.equal(await raisedCents(project.id), before + 5000);
    const rows = await srv.handle.deps.db('donations').where({ paymentIntentId: sent.paymentIntentId });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, 'succeeded');
    // The e-mail address joined the session before the payment was confirmed: the receipt goes there.
    assert.deepEqual(order, ['details', 'confirm']);
    assert.equal(rows[0].donorEmail, EMAIL);
    assert.equal(fake.intents.get(sent.paymentIntentId)!.metadata.email, EMAIL);

    // The home page thanks the donor in a panel that stays until closed: amount, project,
    // the gift's reference (as on the receipt), where the receipt goes, the manage link, sharing.
    const panel = page.getByRole('region', { name: 'Thank you for your gift!' });
    await panel.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'thanks-heading', 'the focus is on the thanks');
    await panel.getByText(`You gave $50. It goes to ${project.title}.`).waitFor();
    const swissYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date(rows[0].appliedAt));
    const reference = `D-${swissYear}-${String(rows[0].id).padStart(6, '0')}`;
    await panel.getByText(reference).waitFor();
    await panel.getByText('A receipt is on its way to donor@example.ch.').waitFor();
    assert.equal(await panel.getByRole('link', { name: 'Manage my donations' }).getAttribute('href'), '/donations/manage');
    await panel.getByRole('button', { name: 'Tell your friends' }).waitFor();
    assert.deepEqual(await axeSerious(page), []);
    await page.reload();
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await until(async () => (await panel.count()) === 0, 'the panel to close');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.getByText('Thank you for your gift!').count(), 0, 'closed: it does not come back');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('failure: the Payment Failed toast with Stripe\'s message; the page stays and nothing is counted', async () => {
    const before = await raisedCents(project.id);
    const { page, problems } = await open(`/checkout?project=${project.slug}`);
    await fillEmail(page);
    await until(async () => donateButton(page).isEnabled(), 'the Donate button to be ready');
    await page.evaluate(() => {
      (window as unknown as { __stripeFake: object }).__stripeFake = { decline: true };
    });
    let fundingCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/update-project-funding')) fundingCalls++;
    });
    await donateButton(page).click();
    await page.getByText('Payment Failed').waitFor();
    // Said beside the button too, in words, as an alert the button is described by; what the donor typed stays.
    const beside = page.locator('form #pay-declined');
    await beside.getByText('Your payment did not go through').waitFor();
    assert.match(await beside.innerText(), /Your card was declined\.[\s\S]*Nothing was charged/);
    assert.equal(await beside.getAttribute('role'), 'alert');
    assert.equal(await donateButton(page).getAttribute('aria-describedby'), 'pay-declined');
    assert.equal(await page.getByLabel('E-mail address').inputValue(), EMAIL);
    assert.equal(new URL(page.url()).pathname, '/checkout');
    await until(async () => donateButton(page).isEnabled(), 'the Donate button to be usable again');
    await fake.settle();
    assert.equal(fundingCalls, 0);
    assert.equal(await raisedCents(project.id), before);
    assert.deepEqual(
      fake.deliveries.map((d) => [d.type, d.status]),
      [['payment_intent.payment_failed', 200]],
    );
    // Chromium logs the declined confirmation (HTTP 402 from Stripe's API) itself; nothing else may appear.
    assert.deepEqual(problems.filter((p) => !/status of 402/.test(p)), []);
    await page.context().close();
  });

  test('a redirect-based method returns with ?payment=success: toast, funding call, home', async () => {
    const before = await raisedCents(project.id);
    const { page, problems } = await open(`/checkout?project=${project.slug}`);
    await fillEmail(page);
    await page.getByLabel('Other amount (USD)').fill('20.25');
    await until(() => amountsRequested().includes(2025), 'the 2025-cent intent');
    await donateButton(page, /^Donate \$20\.25$/).waitFor();
    await until(async () => donateButton(page).isEnabled(), 'the Donate button to be ready');
    await page.evaluate(() => {
      (window as unknown as { __stripeFake: object }).__stripeFake = { redirect: true };
    });
    const funding = page.waitForResponse((r) => r.url().endsWith('/api/update-project-funding'));
    await donateButton(page).click();
    await page.waitForURL(/\/checkout\?payment=success/);
    const returned = new URL(page.url());
    assert.equal(returned.searchParams.get('project'), project.slug);
    assert.match(returned.searchParams.get('payment_intent') ?? '', /^pi_/);
    assert.equal(returned.searchParams.get('currency'), 'usd');
    assert.equal(returned.searchParams.get('interval'), null);
    assert.equal((await funding).status(), 200);
    await page.getByText('Payment Successful').waitFor();
    await page.waitForURL(`${srv.url}/`);
    await fake.settle();
    assert.equal(await raisedCents(project.id), before + 2025);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a redirect-based method that failed comes back to the form with the same project and amount', async () => {
    const { page, problems } = await open(`/checkout?payment=success&payment_intent=pi_failed123&redirect_status=failed&project=${project.slug}&amount=20.25`, undefined, true);
    await page.waitForURL(`${srv.url}/checkout?project=${project.slug}&amount=20.25`);
    await page.getByText('Payment Failed').waitFor();
    assert.equal(await page.getByLabel('Your donation supports').inputValue(), String(project.id));
    assert.equal(await page.getByLabel('Other amount (USD)').inputValue(), '20.25');
    await fillEmail(page);
    await until(() => amountsRequested().includes(2025), 'an intent for the same amount');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German: texts, Payment Element locale and the failure toast are German', async () => {
    const { page, problems } = await open('/de/checkout');
    await page.getByRole('heading', { level: 1, name: 'Jetzt spenden' }).waitFor();
    assert.equal(await page.getByLabel('Ihre Spende unterstützt').inputValue(), '');
    await fillEmail(page);
    await paymentElement(page).waitFor();
    assert.equal(await paymentElement(page).getAttribute('data-locale'), 'de');
    const button = donateButton(page, /spenden$/);
    await until(async () => button.isEnabled(), 'the Spenden button to be ready');
    await page.getByLabel('Anderer Betrag (CHF)').fill('0.5');
    await page.getByText('Der Mindestbetrag ist CHF 1.').waitFor();
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    await until(async () => (await button.textContent())?.replace(/\u00a0/g, ' ').includes('CHF 50') === true && (await button.isEnabled()), 'the CHF 50 session');
    await page.evaluate(() => {
      (window as unknown as { __stripeFake: object }).__stripeFake = { decline: true };
    });
    await button.click();
    await page.getByText('Zahlung fehlgeschlagen').waitFor();
    await page.locator('#pay-declined').getByText('Ihre Zahlung ist nicht durchgegangen').waitFor();
    await page.locator('#pay-declined').getByText(/Es wurde nichts belastet/).waitFor();
    // Choosing another amount is a new attempt: the message beside the button goes.
    await page.getByRole('button', { name: 'CHF 150', exact: true }).click();
    await until(async () => (await page.locator('#pay-declined').count()) === 0, 'the decline message to go with a new amount');
    const main = (await page.locator('main').innerText()).replace(/Testkarte \(Stripe-Ersatz\)[^\n]*/, '');
    for (const english of ['Donate', 'Choose', 'Payment', 'General Support', 'Back to Home', 'Total', 'Once', 'Monthly', 'E-mail address', 'Currency', 'Manage my donations', 'tax-deductible']) {
      assert.ok(!main.includes(english), `English "${english}" on /de/checkout`);
    }
    assert.deepEqual(problems.filter((p) => !/status of 402/.test(p)), []);
    await page.context().close();
  });

  test('a payment session that cannot be created says payments are unavailable for a moment (not the setup message), with Try again', async () => {
    fake.failNext(3, 500);
    // The session is asked for as the page wakes (no detail needed): the form gives way at once.
    const { page, problems } = await open('/checkout');
    await page.getByRole('heading', { name: 'Payments are unavailable for a moment; please try again in a few minutes' }).waitFor();
    assert.equal(await page.getByText('Donation System Setup Required').count(), 0, 'payments are set up: never the setup message');
    // Bank transfer is offered there too, with the QR-bill.
    await page.getByRole('img', { name: /^Swiss QR-bill for a donation to / }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'info@example.org' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await paymentElement(page).waitFor();
    await until(async () => donateButton(page).isEnabled(), 'the Donate button to be ready');
    // The browser reports the failed request (502) itself; nothing else went wrong.
    assert.deepEqual(
      problems.filter((p) => !/status of 502/.test(p)),
      [],
    );
    await page.context().close();
  });

  test('German: the provider not answering is said in German, with the bank details and Try again', async () => {
    fake.failNext(3, 500);
    const { page, problems } = await open('/de/checkout', { width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Zahlungen sind im Moment nicht möglich; bitte versuchen Sie es in ein paar Minuten noch einmal' }).waitFor();
    assert.equal(await page.getByText('Einrichtung des Spendensystems erforderlich').count(), 0);
    await page.getByRole('heading', { name: 'Banküberweisung' }).waitFor();
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await paymentElement(page).waitFor();
    assert.deepEqual(
      problems.filter((p) => !/status of 502/.test(p)),
      [],
    );
    await page.context().close();
  });

  test('CHF and monthly: the request carries currency, interval, e-mail and name; the button and the manage link say so', async () => {
    const { page, problems } = await open('/checkout');
    const sent = intentBodies(page);
    await page.getByRole('radio', { name: 'CHF' }).check();
    await page.getByRole('radio', { name: 'Monthly' }).check();
    for (const label of ['CHF 50', 'CHF 150', 'CHF 3,500']) await page.getByRole('button', { name: label, exact: true }).waitFor();
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    assert.equal(await page.getByLabel('Other amount (CHF)').count(), 1);
    await page.getByText('TWINT for one-off payments in CHF up to CHF 5,000').waitFor();
    // The card form shows at once for the monthly amount; the subscription is made when the donor gives.
    await paymentElement(page).waitFor();
    assert.equal(await paymentElement(page).getAttribute('data-mode'), 'subscription');
    const calls = () => page.evaluate(() => (window as unknown as { __stripeFakeCalls: { method: string; amount?: number; currency?: string }[] }).__stripeFakeCalls);
    await until(async () => (await calls()).some((c) => (c.method === 'elements' && c.amount === 5000 && c.currency === 'chf') || (c.method === 'elements.update' && c.amount === 5000)), 'the form for CHF 50');
    await fillEmail(page, 'Anna.Muster@example.ch');
    // Monthly needs the name (the certificate): giving without it is said at the field.
    const give = donateButton(page, /^Give CHF 50 every month$/);
    await until(async () => give.isEnabled(), 'the Give button to be ready');
    await give.click();
    await page.getByText('Please enter your name for the monthly gift and its certificate.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'donor-name');
    const monthlyAsked = () => sent.filter((b) => b.interval === 'month');
    assert.equal(monthlyAsked().length, 0, 'no subscription before the donor gives');
    await page.getByLabel('Name', { exact: true }).fill('Anna Muster');
    await page.locator('.summary-total').getByText('every month').waitFor();
    await page.getByText('You can change or cancel your monthly gift at any time through').waitFor();
    const manage = page.locator('.monthly-note').getByRole('link', { name: 'Manage my donations' });
    assert.equal(await manage.getAttribute('href'), '/donations/manage');
    await page.getByText('Gifts are tax-deductible in Switzerland. Your receipt comes by e-mail.').waitFor();
    let fundingCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/update-project-funding')) fundingCalls++;
    });
    await give.click();
    await until(() => monthlyAsked().length > 0, 'the monthly gift to be made');
    const body = monthlyAsked()[0]!;
    assert.deepEqual(
      { ...body, checkoutId: typeof body.checkoutId },
      { amount: 50, currency: 'chf', interval: 'month', projectId: null, language: 'en', checkoutId: 'string', email: 'Anna.Muster@example.ch', name: 'Anna Muster' },
    );
    assert.match(String(body.checkoutId), /^[A-Za-z0-9_-]{8,64}$/);
    assert.equal(monthlyAsked().length, 1, 'one subscription, made on giving');
    assert.ok(sent.every((b) => b.interval === 'month' || !('email' in b)), 'a one-off session is asked for without the e-mail address');
    assert.ok((await calls()).some((c) => c.method === 'submit'), 'the card form was checked before the subscription was made');

    // The first payment: thanked as a monthly gift; the browser does not ask to count it (the webhook does).
    await page.getByText('Your monthly gift of CHF 50 has started. Thank you!').waitFor();
    await page.waitForURL(`${srv.url}/`);
    assert.equal(fundingCalls, 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('monthly gift back from a redirect-based method: thanked as monthly, no funding call', async () => {
    const { page, problems } = await open('/de/checkout?payment=success&payment_intent=pi_monthly123&redirect_status=succeeded&amount=50.00&currency=chf&interval=month', undefined, true);
    let fundingCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/update-project-funding')) fundingCalls++;
    });
    await page.getByText('Ihre monatliche Spende von CHF 50 hat begonnen. Herzlichen Dank!').waitFor();
    await page.waitForURL(`${srv.url}/de`);
    // The thank-you panel, in German, as a monthly gift.
    const panel = page.getByRole('region', { name: 'Herzlichen Dank für Ihre Spende!' });
    await panel.getByText('Ihre monatliche Spende von CHF 50 hat begonnen.', { exact: true }).waitFor();
    await panel.getByText('CHF 50 pro Monat').waitFor();
    await panel.getByText('Ihre Spendenbestätigung ist an Ihre E-Mail-Adresse unterwegs.').waitFor();
    await panel.getByRole('link', { name: 'Meine Spenden verwalten' }).waitFor();
    await panel.getByRole('button', { name: 'Schliessen' }).waitFor();
    assert.equal(fundingCalls, 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German suggests CHF, English USD; the donor\'s choice survives a reload and a later ?amount= link', async () => {
    // Straight from the server, as before hydration: the suggestion, or the currency the address names.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const raw = await context.newPage();
    for (const [pathname, checked, preset] of [
      ['/de/checkout', 'chf', 'CHF 150'],
      ['/checkout', 'usd', '$150'],
      ['/de/checkout?currency=eur&interval=month', 'eur', '€150'],
    ] as const) {
      await raw.goto(srv.url + pathname);
      assert.equal(await raw.locator('input[name="currency"]:checked').getAttribute('value'), checked, pathname);
      assert.equal(await raw.locator('button.amount-chip[aria-pressed="true"]').textContent(), preset, pathname);
    }
    assert.equal(await raw.locator('input[name="interval"]:checked').getAttribute('value'), 'month');
    await context.close();

    const de = await open('/de/checkout');
    assert.equal(await de.page.getByRole('radio', { name: 'CHF' }).isChecked(), true);
    assert.equal(await de.page.getByRole('button', { name: 'CHF 150', exact: true }).getAttribute('aria-pressed'), 'true');
    // The session is asked for as the page wakes (before a listener in the page could see it): read at the fake.
    await until(() => fake.createRequests().length > 0, 'a session request');
    assert.deepEqual(
      fake.createRequests().map((r) => [r.body.amount, r.body.currency, r.body.metadata?.kind]),
      [['15000', 'chf', 'one_off']],
    );
    assert.deepEqual(de.problems, []);
    await de.page.context().close();

    const { page, problems } = await open('/checkout');
    assert.equal(await page.getByRole('radio', { name: 'USD' }).isChecked(), true);
    await page.getByRole('radio', { name: 'EUR' }).check();
    await page.getByRole('button', { name: '€150', exact: true }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('currency'), 'eur');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.getByRole('radio', { name: 'EUR' }).isChecked(), true, 'after a reload');
    // A donation tier on the home page links with ?amount= only: the remembered currency stays.
    const sent = intentBodies(page);
    await page.goto(`${srv.url}/checkout?amount=3500`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '€3,500', exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'EUR' }).isChecked(), true, 'after an ?amount= link');
    assert.equal(await page.getByRole('button', { name: '€3,500', exact: true }).getAttribute('aria-pressed'), 'true');
    await fillEmail(page);
    await until(() => sent.length > 0, 'a session request');
    assert.deepEqual(
      sent.map((b) => [b.amount, b.currency]),
      [[3500, 'eur']],
    );
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('keyboard only: currency and interval by arrow keys, a preset, e-mail and name, then give; focus is visible', async () => {
    const { page, problems } = await open('/checkout', { width: 390, height: 844 });
    const sent = intentBodies(page);
    const active = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { tag: el?.tagName ?? '', name: el?.getAttribute('name') ?? '', value: (el as HTMLInputElement | null)?.value ?? '', text: el?.textContent?.replace(/\u00a0/g, ' ').trim() ?? '', outline: el ? getComputedStyle(el).outlineStyle : 'none' };
    });
    await page.locator('#checkout-project').focus();
    await page.keyboard.press('Tab');
    assert.deepEqual(await active().then((a) => [a.name, a.value]), ['currency', 'usd']);
    assert.notEqual((await active()).outline, 'none', 'a visible focus ring on the radio button');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('radio', { name: 'CHF' }).isChecked(), true);
    await page.keyboard.press('Tab');
    assert.deepEqual(await active().then((a) => [a.name, a.value]), ['interval', 'once']);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('radio', { name: 'Monthly' }).isChecked(), true);
    await page.keyboard.press('Tab');
    assert.equal((await active()).text, 'CHF 50');
    await page.keyboard.press('Enter');
    assert.equal(await page.getByRole('button', { name: 'CHF 50', exact: true }).getAttribute('aria-pressed'), 'true');
    for (let i = 0; i < 10 && (await active()).name !== 'email'; i++) await page.keyboard.press('Tab');
    assert.equal((await active()).name, 'email');
    // Leaving the field empty shows the error tied to it.
    await page.keyboard.press('Tab');
    await page.getByText('Please enter your e-mail address: your receipt goes there.').waitFor();
    const email = page.getByLabel('E-mail address');
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    assert.match((await email.getAttribute('aria-describedby')) ?? '', /donor-email-error/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('kim@example.ch');
    await page.keyboard.press('Tab');
    assert.equal((await active()).name, 'name');
    await page.keyboard.type('Kim Muster');
    await until(async () => donateButton(page, /^Give CHF 50 every month$/).isEnabled(), 'the Give button to be ready');
    for (let i = 0; i < 10 && !/^Give CHF 50 every month$/.test((await active()).text); i++) await page.keyboard.press('Tab');
    assert.match((await active()).text, /^Give CHF 50 every month$/);
    await page.keyboard.press('Enter');
    await page.getByText('Your monthly gift of CHF 50 has started. Thank you!').waitFor();
    assert.ok(sent.some((b) => b.currency === 'chf' && b.interval === 'month' && b.email === 'kim@example.ch' && b.name === 'Kim Muster'));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('Stripe code is loaded on the checkout only: no other page asks js.stripe.com, no other bundle contains it', async () => {
    const { page, problems } = await watchedPage(browser);
    const stripeRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('stripe.com')) stripeRequests.push(r.url());
    });
    for (const p of ['/', '/projects', '/de/news']) {
      await page.goto(srv.url + p);
      await waitForHydration(page);
    }
    assert.deepEqual(stripeRequests, []);
    assert.deepEqual(problems, []);
    await page.context().close();

    const assets = path.join(ROOT, 'public', 'assets');
    const files = [...fs.readdirSync(assets), ...fs.readdirSync(path.join(assets, 'chunks')).map((f) => `chunks/${f}`)].filter((f) => f.endsWith('.js'));
    const withStripe = files.filter((f) => /stripe/i.test(fs.readFileSync(path.join(assets, f), 'utf8')));
    assert.equal(withStripe.length, 1, `files mentioning Stripe: ${withStripe.join(', ')}`);
    assert.match(withStripe[0]!, /^island-checkout-/, 'the checkout island alone');
  });
});

describe('checkout without Stripe keys in Chromium', () => {
  let srv: RunningServer;
  let browser: Browser;
  before(async () => {
    srv = await startServer({ ORG_EMAIL: 'donate@example.org' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
  });

  for (const [pathname, heading, bank] of [
    ['/checkout', 'Donation System Setup Required', 'By bank transfer to our account in Switzerland (details below).'],
    ['/de/checkout', 'Einrichtung des Spendensystems erforderlich', 'Per Banküberweisung auf unser Konto in der Schweiz (Angaben unten).'],
  ] as const) {
    test(`${pathname} shows the setup-required screen with the e-mail address and never loads Stripe.js`, async () => {
      const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 900 } });
      const stripeRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('stripe.com')) stripeRequests.push(r.url());
      });
      await page.goto(srv.url + pathname);
      await waitForHydration(page);
      await page.getByRole('heading', { name: heading }).waitFor();
      const mail = page.getByRole('main').getByRole('link', { name: 'donate@example.org' });
      assert.match((await mail.getAttribute('href')) ?? '', /^mailto:donate@example\.org/);
      await page.getByText(bank).waitFor();
      assert.equal(await page.locator('#custom-amount').count(), 0);
      // The QR-bill is shown open, as a picture that loads, with the PDF beside it.
      const bill = page.getByRole('img', { name: pathname.startsWith('/de') ? /^Schweizer QR-Rechnung für eine Spende an / : /^Swiss QR-bill for a donation to / });
      await bill.scrollIntoViewIfNeeded();
      await until(async () => (await bill.evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0, 'the QR-bill picture to load');
      assert.equal(await page.getByRole('link', { name: pathname.startsWith('/de') ? 'QR-Rechnung herunterladen (PDF)' : 'Download the QR-bill (PDF)' }).getAttribute('href'), pathname.startsWith('/de') ? '/de/qr-bill.pdf' : '/qr-bill.pdf');
      assert.deepEqual(stripeRequests, []);
      const violations = await axeSerious(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
