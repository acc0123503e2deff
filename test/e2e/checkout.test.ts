// The checkout form in Chromium, up to the moment a gift is given: the real checkout page, Stripe.js
// replaced by a stand-in through request interception (test/fakes/stripe-js.ts), api.stripe.com and
// the server's Stripe SDK both talking to the local fake Stripe API (test/fakes/stripe.ts). The card
// form shows at once: a one-off gift's payment session is made whenever the amount or the project
// changes, and the donor's e-mail address (the receipt goes there) and name join it just before the
// payment is confirmed; a monthly gift's subscription is made when the donor gives. What the page
// sends is read from the browser's own requests (recorded from the page's opening on), and what
// Stripe was asked for from the fake's record of the session the page got, so these checks hold
// whatever another test left behind. Gifts given to the end (the money counted, a declined card, a
// return from a redirect-based method, a monthly subscription) are test/e2e/giving.test.ts.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../config';
import { formatMoney } from '../../models/shared/rules';
import { axeSerious, launchBrowser, startServer, waitForHydration, watchedPage, type RunningServer } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { paymentElementFor, type CheckoutSession } from '../fakes/stripe-js';
import { openCheckout, readyFor } from './checkout-page';

interface ProjectRow {
  id: number;
  slug: string;
  title: string;
  titleDe: string;
  raisedCents: number;
  goalCents: number;
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('checkout in Chromium with the Stripe stand-in', () => {
  let fake: FakeStripe;
  let srv: RunningServer;
  let project: ProjectRow;

  const open = (pathname: string, viewport = { width: 1280, height: 900 }, leaves = false) => openCheckout(browser, srv.url, fake, pathname, { viewport, leaves });
  const paymentElement = (page: Page) => page.getByTestId('fake-payment-element');
  /** What the fake Stripe was asked to make for a session the page got. */
  const intentOf = (session: CheckoutSession) => {
    const intent = fake.intents.get(session.intentId ?? '');
    assert.ok(intent, `the fake has the session's PaymentIntent (${session.status} ${JSON.stringify(session.body)})`);
    return intent;
  };
  const EMAIL = 'donor@example.ch';
  /** The e-mail address for the receipt, asked for in the same form as the card. */
  async function fillEmail(page: Page, email = EMAIL) {
    const lang = await page.getAttribute('html', 'lang');
    await page.getByLabel(lang === 'de' ? 'E-Mail-Adresse' : 'E-mail address').fill(email);
  }
  const donateButton = (page: Page, name: RegExp = /^Donate/) => page.getByRole('button', { name });
  async function axeClean(page: Page) {
    const violations = await axeSerious(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  }

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer(fake.env());
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    project = await srv.handle.deps.db('projects').where({ status: 'funding' }).orderBy('id').first();
  });
  after(async () => {
    await srv?.close();
    await fake?.close();
  });
  // Each test waits for the sessions and webhooks it caused; what is still on its way is waited for before the records are cleared.
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
  });

  // At 1280px: the tests below that open /checkout and /de/checkout check the same, with axe.
  for (const [pathname, lang] of [['/checkout', 'en'], ['/de/checkout', 'de']] as const) {
    test(`${pathname} at 390px: the Payment Element in ${lang}, no console problems, axe-core clean`, async () => {
      const { page, problems, sessions } = await open(pathname, { width: 390, height: 900 });
      await paymentElementFor(page, await sessions.next()).waitFor();
      assert.equal(await paymentElement(page).getAttribute('data-locale'), lang);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.equal(await page.locator('h1').count(), 1);
      await axeClean(page);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  test('defaults, presets and the custom amount rules; each change asks for a new intent, never below 100 cents; at 1280px the Payment Element in en, axe-core clean', async () => {
    const { page, problems, sessions } = await open('/checkout');
    const select = page.getByLabel('Your donation supports');
    assert.equal(await select.inputValue(), '', 'General Support is the default');
    const preset = (label: string, pressed?: boolean) => page.getByRole('button', { name: label, exact: true, ...(pressed === undefined ? {} : { pressed }) });
    assert.equal(await preset('$150').getAttribute('aria-pressed'), 'true', '$150 is the default');
    assert.equal(await page.getByRole('radio', { name: 'USD' }).isChecked(), true, 'an English page suggests USD');
    // The card form shows at once, before any detail is typed: the session is made for the amount.
    const first = await sessions.next();
    const firstIntent = intentOf(first);
    assert.equal(firstIntent.amount, 15000);
    assert.equal(firstIntent.metadata.email, undefined, 'no e-mail address yet');
    assert.equal(firstIntent.metadata.projectId, '');
    assert.equal(firstIntent.metadata.language, 'en');
    assert.equal(firstIntent.metadata.kind, 'one_off');
    assert.equal(firstIntent.currency, 'usd');
    // The label shows the amount as soon as the intent exists; the button turns on when Stripe fires ready.
    await readyFor(page, first, /^Donate \$150$/);
    assert.equal(await paymentElement(page).getAttribute('data-locale'), 'en');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.locator('h1').count(), 1);
    await axeClean(page);

    await preset('$50').click();
    await preset('$50', true).waitFor();
    assert.equal(await preset('$150').getAttribute('aria-pressed'), 'false');
    assert.equal(intentOf(await sessions.next((s) => s.body.amount === 50)).amount, 5000);
    await page.locator('.summary-total').getByText('$50').waitFor();

    // A custom amount overrides the preset...
    const custom = page.getByLabel('Other amount (USD)');
    assert.equal(await custom.getAttribute('type'), 'number');
    assert.equal(await custom.getAttribute('min'), '1');
    assert.equal(await custom.getAttribute('step'), '0.01');
    await custom.fill('12.34');
    await page.locator('.summary-total').getByText('$12.34').waitFor();
    for (const label of ['$50', '$150', '$3,500']) assert.equal(await preset(label).getAttribute('aria-pressed'), 'false');
    assert.equal(intentOf(await sessions.next((s) => s.body.amount === 12.34)).amount, 1234);
    await donateButton(page, /^Donate \$12\.34$/).waitFor();

    // ...below one dollar nothing is requested and the donor is told why.
    const before = sessions.sent.length;
    await custom.fill('0.5');
    await page.getByText('The minimum donation is $1.').waitFor();
    assert.equal(await custom.getAttribute('aria-invalid'), 'true');
    assert.equal(await donateButton(page).isDisabled(), true);
    await custom.fill('10.001');
    await page.getByText('Please use at most two decimal places.').waitFor();
    await custom.fill('1000000');
    await page.getByText(/Online donations are limited to \$999,999\.99/).waitFor();
    assert.equal(await donateButton(page).isDisabled(), true);
    assert.equal(sessions.sent.length, before, 'no intent for invalid amounts');

    // Choosing a preset clears the custom amount.
    await preset('$3,500').click();
    await preset('$3,500', true).waitFor();
    assert.equal(await custom.inputValue(), '');
    assert.equal(intentOf(await sessions.next((s) => s.body.amount === 3500)).amount, 350000);
    await donateButton(page, /^Donate \$3,500$/).waitFor();

    // Choosing a project asks again, with the project in the metadata.
    await select.selectOption(String(project.id));
    assert.equal(intentOf(await sessions.next((s) => s.body.projectId === project.id)).metadata.projectId, String(project.id));
    const cents = sessions.answered.map((s) => intentOf(s).amount);
    assert.ok(cents.every((c) => c >= 100), `amounts: ${cents.join(', ')}`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a donation tier on the home page opens the checkout with its amount chosen; the first intent is for that amount', async () => {
    const { page, problems, sessions } = await open('/', { width: 390, height: 844 });
    await page.getByRole('link', { name: /^Give \$3,500/ }).click();
    await page.waitForURL(`${srv.url}/checkout?amount=3500&currency=usd`);
    await waitForHydration(page);
    const preset = (label: string) => page.getByRole('button', { name: label, exact: true });
    await fillEmail(page);
    const first = await sessions.next();
    await paymentElementFor(page, first).waitFor();
    assert.equal(await preset('$3,500').getAttribute('aria-pressed'), 'true');
    assert.equal(await preset('$150').getAttribute('aria-pressed'), 'false');
    await donateButton(page, /^Donate \$3,500$/).waitFor();
    assert.deepEqual(sessions.sent.map((b) => b.amount), [3500], 'never an intent for the default first');
    assert.equal(intentOf(first).amount, 350000);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('on the German home page the tiers are in francs, and the checkout opens in francs with that amount', async () => {
    const { page, problems, sessions } = await open('/de', { width: 390, height: 844 });
    await page.getByRole('link', { name: /^CHF 3’500 spenden/ }).click();
    await page.waitForURL(`${srv.url}/de/checkout?amount=3500&currency=chf`);
    await waitForHydration(page);
    await fillEmail(page);
    const first = await sessions.next();
    await paymentElementFor(page, first).waitFor();
    assert.equal(await page.getByRole('button', { name: 'CHF 3’500', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('radio', { name: 'CHF' }).isChecked(), true);
    await donateButton(page, /^CHF 3’500 spenden$/).waitFor();
    assert.deepEqual(
      sessions.sent.map((b) => [b.amount, b.currency]),
      [[3500, 'chf']],
      'the first intent is for the amount and currency the tier showed',
    );
    assert.deepEqual([intentOf(first).amount, intentOf(first).currency], [350000, 'chf']);
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

    const { page, problems, sessions } = await open('/de/checkout?amount=100');
    await fillEmail(page);
    const first = await sessions.next();
    await paymentElementFor(page, first).waitFor();
    assert.equal(await page.getByLabel('Anderer Betrag (CHF)').inputValue(), '100');
    for (const label of ['CHF 50', 'CHF 150', 'CHF 3’500']) assert.equal(await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed'), 'false');
    await donateButton(page, /^CHF 100 spenden$/).waitFor();
    await page.locator('.summary-total').getByText('CHF 100').waitFor();
    assert.deepEqual(sessions.sent.map((b) => b.amount), [100]);
    assert.equal(intentOf(first).amount, 10000);
    assert.deepEqual(problems, []);
    await page.context().close();

    const bad = await open('/checkout?amount=0.5');
    await fillEmail(bad.page);
    const badFirst = await bad.sessions.next();
    await paymentElementFor(bad.page, badFirst).waitFor();
    assert.equal(await bad.page.getByRole('button', { name: '$150', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await bad.page.getByLabel('Other amount (USD)').inputValue(), '');
    assert.deepEqual(bad.sessions.sent.map((b) => b.amount), [150]);
    assert.equal(intentOf(badFirst).amount, 15000);
    assert.deepEqual(bad.problems, []);
    await bad.page.context().close();
  });

  test('?project=slug pre-selects the project and shows its raised and goal amounts', async () => {
    const { page, problems, sessions } = await open(`/checkout?project=${project.slug}`);
    assert.equal(await page.getByLabel('Your donation supports').inputValue(), String(project.id));
    const summary = page.getByRole('complementary', { name: 'Your donation' });
    await summary.getByText(project.title, { exact: true }).waitFor();
    await summary.getByText(formatMoney(Number(project.raisedCents) / 100, 'en'), { exact: true }).waitFor();
    await summary.getByText(formatMoney(Number(project.goalCents) / 100, 'en'), { exact: true }).waitFor();
    assert.ok(await summary.getByRole('progressbar').isVisible());
    await fillEmail(page);
    const intent = intentOf(await sessions.next());
    assert.equal(intent.amount, 15000);
    assert.equal(intent.metadata.projectId, String(project.id));
    assert.equal(intent.metadata.language, 'en');
    assert.equal(intent.metadata.kind, 'one_off');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a redirect-based method that failed comes back to the form with the same project and amount', async () => {
    const { page, problems, messages, sessions } = await open(`/checkout?payment=success&payment_intent=pi_failed123&redirect_status=failed&project=${project.slug}&amount=20.25`, undefined, true);
    await page.waitForURL(`${srv.url}/checkout?project=${project.slug}&amount=20.25`);
    await messages.waitFor('Payment Failed');
    await waitForHydration(page);
    assert.equal(await page.getByLabel('Your donation supports').inputValue(), String(project.id));
    assert.equal(await page.getByLabel('Other amount (USD)').inputValue(), '20.25');
    await fillEmail(page);
    const again = await sessions.next();
    assert.equal(again.body.amount, 20.25);
    assert.equal(intentOf(again).amount, 2025, 'an intent for the same amount');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German: texts, Payment Element locale and the failure toast are German; at 1280px axe-core clean', async () => {
    const { page, problems, messages, sessions } = await open('/de/checkout');
    await page.getByRole('heading', { level: 1, name: 'Jetzt spenden' }).waitFor();
    assert.equal(await page.getByLabel('Ihre Spende unterstützt').inputValue(), '');
    await fillEmail(page);
    await readyFor(page, await sessions.next(), /^CHF 150 spenden$/);
    assert.equal(await paymentElement(page).getAttribute('data-locale'), 'de');
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    assert.equal(await page.locator('h1').count(), 1);
    await axeClean(page);
    await page.getByLabel('Anderer Betrag (CHF)').fill('0.5');
    await page.getByText('Der Mindestbetrag ist CHF 1.').waitFor();
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    await readyFor(page, await sessions.next((s) => s.body.amount === 50), /^CHF 50 spenden$/);
    await page.evaluate(() => {
      (window as unknown as { __stripeFake: object }).__stripeFake = { decline: true };
    });
    await donateButton(page, /^CHF 50 spenden$/).click();
    await messages.waitFor('Zahlung fehlgeschlagen');
    await page.locator('#pay-declined').getByText('Ihre Zahlung ist nicht durchgegangen').waitFor();
    await page.locator('#pay-declined').getByText(/Es wurde nichts belastet/).waitFor();
    // Choosing another amount is a new attempt: the message beside the button goes.
    await page.getByRole('button', { name: 'CHF 150', exact: true }).click();
    await page.locator('#pay-declined').waitFor({ state: 'detached' });
    const main = (await page.locator('main').innerText()).replace(/Testkarte \(Stripe-Ersatz\)[^\n]*/, '');
    for (const english of ['Donate', 'Choose', 'Payment', 'General Support', 'Back to Home', 'Total', 'Once', 'Monthly', 'E-mail address', 'Currency', 'Manage my donations', 'tax-deductible']) {
      assert.ok(!main.includes(english), `English "${english}" on /de/checkout`);
    }
    // The new session is answered before the page goes (and the declined payment's webhook is waited for by the next test).
    await sessions.next((s) => s.body.amount === 150);
    assert.deepEqual(problems.filter((p) => !/status of 402/.test(p)), []);
    await page.context().close();
  });

  // Stripe failing to make the session: the server's SDK tries twice (two requests), then answers 502.
  const SESSION_REQUESTS = { method: 'POST', path: '/v1/payment_intents' };

  test('a payment session that cannot be created says payments are unavailable for a moment (not the setup message), with Try again', async () => {
    fake.failNext(3, 500, undefined, SESSION_REQUESTS);
    // The session is asked for as the page wakes (no detail needed): the form gives way at once.
    const { page, problems, sessions } = await open('/checkout');
    await page.getByRole('heading', { name: 'Payments are unavailable for a moment; please try again in a few minutes' }).waitFor();
    assert.equal(await page.getByText('Donation System Setup Required').count(), 0, 'payments are set up: never the setup message');
    // Bank transfer is offered there too, with the QR-bill.
    await page.getByRole('img', { name: /^Swiss QR-bill for a donation to / }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'info@example.org' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await readyFor(page, await sessions.next((s) => s.status === 200), /^Donate \$150$/);
    // The browser reports the failed request (502) itself; nothing else went wrong.
    assert.deepEqual(
      problems.filter((p) => !/status of 502/.test(p)),
      [],
    );
    await page.context().close();
  });

  test('German: the provider not answering is said in German, with the bank details and Try again', async () => {
    fake.failNext(3, 500, undefined, SESSION_REQUESTS);
    const { page, problems, sessions } = await open('/de/checkout', { width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Zahlungen sind im Moment nicht möglich; bitte versuchen Sie es in ein paar Minuten noch einmal' }).waitFor();
    assert.equal(await page.getByText('Einrichtung des Spendensystems erforderlich').count(), 0);
    await page.getByRole('heading', { name: 'Banküberweisung' }).waitFor();
    // The gift the form had (its default, CHF 150) stays on the bill and its PDF.
    await page.locator('.setup-required dd', { hasText: 'CHF 150.00' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'QR-Rechnung herunterladen (PDF)' }).getAttribute('href'), '/de/qr-bill.pdf?amount=150.00&currency=chf');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await paymentElementFor(page, await sessions.next((s) => s.status === 200)).waitFor();
    assert.deepEqual(
      problems.filter((p) => !/status of 502/.test(p)),
      [],
    );
    await page.context().close();
  });

  test('CHF and monthly: the choices, the TWINT note and the monthly form; the name is asked for at its field, nothing made before giving; the button and the manage link say so', async () => {
    const { page, problems, sessions } = await open('/checkout');
    // The one-off session the page asked for as it woke, answered before the choice changes.
    await sessions.next();
    await page.getByRole('radio', { name: 'CHF' }).check();
    await sessions.next((s) => s.body.currency === 'chf');
    await page.getByRole('radio', { name: 'Monthly' }).check();
    for (const label of ['CHF 50', 'CHF 150', 'CHF 3,500']) await page.getByRole('button', { name: label, exact: true }).waitFor();
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    assert.equal(await page.getByLabel('Other amount (CHF)').count(), 1);
    await page.getByText('TWINT for one-off payments in CHF up to CHF 5,000').waitFor();
    // The card form shows at once for the monthly amount; the subscription is made when the donor gives.
    await page.locator('[data-testid="fake-payment-element"][data-mode="subscription"][data-amount="5000"][data-currency="chf"]').waitFor();
    await fillEmail(page, 'Anna.Muster@example.ch');
    // Monthly needs the name (the certificate): giving without it is said at the field.
    const give = page.getByRole('button', { name: /^Give CHF 50 every month$/, disabled: false });
    await give.click();
    await page.getByText('Please enter your name for the regular gift and its certificate.').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'donor-name');
    assert.equal(sessions.sent.filter((b) => b.interval === 'month').length, 0, 'no subscription before the donor gives');
    await page.getByLabel('Name', { exact: true }).fill('Anna Muster');
    await page.locator('.summary-total').getByText('every month').waitFor();
    await page.getByText('You can change or cancel your regular gift at any time through').waitFor();
    const manage = page.locator('.monthly-note').getByRole('link', { name: 'Manage my donations' });
    assert.equal(await manage.getAttribute('href'), '/donations/manage');
    await page.getByText('Gifts are tax-deductible in Switzerland. Your receipt comes by e-mail.').waitFor();
    await give.waitFor();
    assert.ok(sessions.sent.every((b) => b.interval === 'month' || !('email' in b)), 'a one-off session is asked for without the e-mail address');
    // Giving it to the end (the body sent, the subscription, the thanks): giving.test.ts, by keyboard.
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a yearly gift in German on a 320 px phone: the five choices fit, the summary, the note and the button say yearly; Stripe gets a yearly price; the thanks say so', async () => {
    const { page, problems, messages, sessions, funding } = await open('/de/checkout', { width: 320, height: 740 });
    await sessions.next();
    const group = page.getByRole('group', { name: 'Wie oft' });
    for (const label of ['Einmalig', 'Monatlich', 'Vierteljährlich', 'Halbjährlich', 'Jährlich']) await group.getByRole('radio', { name: label, exact: true }).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling at 320 px');
    await group.getByRole('radio', { name: 'Jährlich', exact: true }).check();
    await page.locator('[data-testid="fake-payment-element"][data-mode="subscription"][data-amount="15000"][data-currency="chf"]').waitFor();
    await fillEmail(page, 'jana.muster@example.ch');
    await page.getByLabel('Name', { exact: true }).fill('Jana Muster');
    await page.locator('.summary-total').getByText('jedes Jahr').waitFor();
    await page.getByText('Sie können Ihre regelmässige Spende jederzeit unter').waitFor();
    await page.getByRole('button', { name: /^Jedes Jahr CHF 150 spenden$/, disabled: false }).click();
    const made = await sessions.next((s) => s.body.interval === 'year');
    assert.equal(made.status, 200);
    assert.deepEqual([made.body.amount, made.body.currency, made.body.language], [150, 'chf', 'de']);
    await messages.waitFor('Ihre jährliche Spende von CHF 150 hat begonnen. Herzlichen Dank!');
    const panel = page.getByRole('region', { name: 'Herzlichen Dank für Ihre Spende!' });
    await panel.getByText('Ihre jährliche Spende von CHF 150 hat begonnen.', { exact: true }).waitFor();
    await panel.getByText('CHF 150 pro Jahr').waitFor();
    const subscription = [...fake.subscriptions.values()].find((sub) => sub.metadata.interval === 'year')!;
    assert.deepEqual(subscription.items.data[0]!.price.recurring, { interval: 'year', interval_count: 1 });
    assert.deepEqual(funding, []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('monthly gift back from a redirect-based method: thanked as monthly, no funding call', async () => {
    const { page, problems, messages, funding } = await open('/de/checkout?payment=success&payment_intent=pi_monthly123&redirect_status=succeeded&amount=50.00&currency=chf&interval=month', undefined, true);
    await messages.waitFor('Ihre monatliche Spende von CHF 50 hat begonnen. Herzlichen Dank!');
    // The thank-you panel, in German, as a monthly gift.
    const panel = page.getByRole('region', { name: 'Herzlichen Dank für Ihre Spende!' });
    await panel.getByText('Ihre monatliche Spende von CHF 50 hat begonnen.', { exact: true }).waitFor();
    assert.equal(page.url(), `${srv.url}/de`);
    await panel.getByText('CHF 50 pro Monat').waitFor();
    await panel.getByText('Ihre Spendenbestätigung ist an Ihre E-Mail-Adresse unterwegs.').waitFor();
    await panel.getByRole('link', { name: 'Meine Spenden verwalten' }).waitFor();
    await panel.getByRole('button', { name: 'Schliessen' }).waitFor();
    assert.deepEqual(funding, []);
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
    // The session is asked for as the page wakes: recorded from the page's opening.
    const deFirst = intentOf(await de.sessions.next());
    assert.deepEqual(de.sessions.sent.map((b) => [b.amount, b.currency, b.interval]), [[150, 'chf', 'once']]);
    assert.deepEqual([deFirst.amount, deFirst.currency, deFirst.metadata.kind], [15000, 'chf', 'one_off']);
    assert.deepEqual(de.problems, []);
    await de.page.context().close();

    const { page, problems, sessions } = await open('/checkout');
    assert.equal(await page.getByRole('radio', { name: 'USD' }).isChecked(), true);
    await sessions.next();
    await page.getByRole('radio', { name: 'EUR' }).check();
    await page.getByRole('button', { name: '€150', exact: true }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('currency') === 'eur');
    await sessions.next((s) => s.body.currency === 'eur');
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.getByRole('radio', { name: 'EUR' }).isChecked(), true, 'after a reload');
    await sessions.next((s) => s.body.currency === 'eur');
    // A donation tier on the home page links with ?amount= only: the remembered currency stays.
    const from = sessions.sent.length;
    await page.goto(`${srv.url}/checkout?amount=3500`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '€3,500', exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'EUR' }).isChecked(), true, 'after an ?amount= link');
    assert.equal(await page.getByRole('button', { name: '€3,500', exact: true }).getAttribute('aria-pressed'), 'true');
    await fillEmail(page);
    await sessions.next((s) => s.body.amount === 3500);
    assert.deepEqual(
      sessions.sent.slice(from).map((b) => [b.amount, b.currency]),
      [[3500, 'eur']],
    );
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
    // Stripe's loader (@stripe/stripe-js) names the script it loads; the word alone is no code
    // (the admin's chart of accounts has a 'stripe' account, its error codes a 'bank.no_stripe').
    const withStripe = files.filter((f) => /js\.stripe\.com|loadStripe/.test(fs.readFileSync(path.join(assets, f), 'utf8')));
    assert.equal(withStripe.length, 1, `files mentioning Stripe: ${withStripe.join(', ')}`);
    assert.match(withStripe[0]!, /^island-checkout-/, 'the checkout island alone');
  });
});

describe('checkout without Stripe keys in Chromium', () => {
  let srv: RunningServer;
  before(async () => {
    srv = await startServer({ ORG_EMAIL: 'donate@example.org' });
  });
  after(async () => {
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
      // The QR-bill is shown open, as a picture that loads (decode() waits for it), with the PDF beside it.
      const bill = page.getByRole('img', { name: pathname.startsWith('/de') ? /^Schweizer QR-Rechnung für eine Spende an / : /^Swiss QR-bill for a donation to / });
      await bill.scrollIntoViewIfNeeded();
      await bill.evaluate((img) => (img as HTMLImageElement).decode());
      assert.ok((await bill.evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0, 'the QR-bill picture loaded');
      assert.equal(await page.getByRole('link', { name: pathname.startsWith('/de') ? 'QR-Rechnung herunterladen (PDF)' : 'Download the QR-bill (PDF)' }).getAttribute('href'), pathname.startsWith('/de') ? '/de/qr-bill.pdf' : '/qr-bill.pdf');
      assert.deepEqual(stripeRequests, []);
      const violations = await axeSerious(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
