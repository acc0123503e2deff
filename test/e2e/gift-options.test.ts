// The gift's options in Chromium: covering the card fee (the box, the
// total, what is charged and what the project counts) and being named on the project's page, in
// English and in German. Stripe.js is the stand-in of test/fakes/stripe-js.ts; the server's SDK
// talks to the fake Stripe API, which delivers signed webhooks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { axeSerious, launchBrowser, startServer, type RunningServer } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { paymentElementFor } from '../fakes/stripe-js';
import { openCheckout, readyFor } from './checkout-page';
import { coveredFeeCents, DEFAULT_FEE_TABLE } from '../../models/shared/fees';
import { donorWall } from '../../models/giving/donor-wall';

// One Chromium for the file; each describe has the server its configuration needs.
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A new page on the server at `url`, awake; its payment sessions recorded from before its opening. */
const openOn = (url: string, fake: FakeStripe, pathname: string, viewport: { width: number; height: number }) => openCheckout(browser, url, fake, pathname, { viewport });

/** "CHF 51.81 spenden" as a button's name (the space after CHF is a no-break space in the page). */
const chfButton = (cents: number, word: string) => new RegExp(`CHF\\s${(cents / 100).toFixed(2).replace('.', '\\.')} ${word}$`);

describe('gift options in Chromium: covering the fee, the donor wall', () => {
  let fake: FakeStripe;
  let srv: RunningServer;
  let project: { id: number; slug: string; title: string };

  const db = () => srv.handle.deps.db;
  const open = (pathname: string) => openOn(srv.url, fake, pathname, { width: 1280, height: 900 });

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer(fake.env());
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    project = await db()('projects').where({ status: 'funding' }).orderBy('id').first();
  });
  after(async () => {
    await srv?.close();
    await fake?.close();
  });

  test('English: the fee box adds $1.81 to $50, the total and the button say $51.81; named as "Anna M."; the project counts $50 and shows the name', async () => {
    const fee = coveredFeeCents(5000, DEFAULT_FEE_TABLE.card.usd);
    assert.equal(fee, 181);
    const { page, problems, sessions } = await open(`/checkout?project=${project.slug}`);
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('button', { name: '$50', exact: true }).click();
    await sessions.next((s) => s.body.amount === 50 && !s.body.coverFees);
    const box = page.getByRole('checkbox', { name: 'Add $1.81 to cover the card fee' });
    await box.check();
    const summary = page.locator('.summary-total');
    await summary.getByText('Your gift').waitFor();
    await summary.getByText('Card fee covered').waitFor();
    await summary.getByText('$51.81').waitFor();
    const withFee = await sessions.next((s) => s.body.coverFees === true && s.body.amount === 50);
    assert.equal(fake.intents.get(withFee.intentId!)!.amount, 5181, 'Stripe is asked for gift and fee');
    await readyFor(page, withFee, /^Donate \$51\.81$/);
    const donate = page.getByRole('button', { name: 'Donate $51.81' });

    await page.getByLabel('E-mail address').fill('anna@example.ch');
    await page.getByLabel('Name (optional)').fill('Anna Muster');
    await page.getByRole('radio', { name: 'As “Anna M.”' }).check();
    await page.getByRole('checkbox', { name: 'Tell me how this project goes' }).check();
    const details = page.waitForRequest((r) => r.url().endsWith('/api/payment-details'));
    assert.deepEqual(await axeSerious(page), []);
    const funding = page.waitForResponse((r) => r.url().endsWith('/api/update-project-funding'));
    await donate.click();
    const sentFunding = (await funding).request().postDataJSON() as { amount: number; paymentIntentId: string };
    assert.equal(sentFunding.amount, 51.81, 'the browser reports what was charged');
    assert.equal((await details).postDataJSON().followProject, true);
    await page.waitForURL(`${srv.url}/`);
    await fake.settle();
    const row = await db()('donations').where({ paymentIntentId: sentFunding.paymentIntentId }).first();
    assert.equal(Number(row.amountCents), 5181);
    assert.equal(Number(row.coveredFeeCents), 181);
    assert.equal(row.publicName, 'Anna M.');
    const ledger = await db()('project_ledger').where({ donationId: row.id });
    assert.deepEqual(
      ledger.map((l) => [Number(l.projectId), l.kind, Number(l.amountCents), Number(l.coveredFeeCents)]),
      [[project.id, 'donation', 5000, 181]],
      'the project counts the gift, not the fee',
    );
    const follower = await db()('project_followers').where({ email: 'anna@example.ch' }).first();
    assert.equal(follower.projectId, project.id);
    assert.equal(follower.lang, 'en');

    await page.goto(`${srv.url}/projects/${project.slug}`);
    const wall = page.getByRole('region', { name: 'Thank you' });
    await wall.getByRole('listitem').filter({ hasText: 'Anna M.' }).waitFor();
    assert.equal(await page.getByText('Anna Muster').count(), 0);
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German: the box, the parts of the total and the name of choice in German; a typed name on the wall', async () => {
    const { page, problems, sessions } = await open(`/de/checkout?project=${project.slug}`);
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('button', { name: 'CHF 150', exact: true }).click();
    const box = page.getByRole('checkbox', { name: /für die Kartengebühr dazugeben$/ });
    await box.check();
    const summary = page.locator('.summary-total');
    await summary.getByText('Ihre Spende').waitFor();
    await summary.getByText('Übernommene Kartengebühr').waitFor();
    const fee = coveredFeeCents(15000, DEFAULT_FEE_TABLE.card.chf);
    await readyFor(page, await sessions.next((s) => s.body.coverFees === true), chfButton(15000 + fee, 'spenden'));
    const button = page.getByRole('button', { name: /spenden$/ });
    await page.getByLabel('E-Mail-Adresse').fill('familie@example.ch');
    await page.getByRole('group', { name: 'Auf der Projektseite meine Spende zeigen' }).waitFor();
    await page.getByRole('radio', { name: 'Unter einem Namen meiner Wahl' }).check();
    await page.getByLabel('Angezeigter Name').fill('Familie Meier');
    assert.deepEqual(await axeSerious(page), []);
    const main = (await page.locator('main').innerText()).replace(/Testkarte \(Stripe-Ersatz\)[^\n]*/, '');
    for (const english of ['Add', 'card fee', 'Your gift', 'Anonymously', 'Name to show']) assert.ok(!main.includes(english), `English "${english}" on /de/checkout`);
    await button.click();
    await page.waitForURL(`${srv.url}/de`);
    await fake.settle();
    await page.goto(`${srv.url}/de/projects/${project.slug}`);
    const wall = page.getByRole('region', { name: 'Danke' });
    await wall.getByRole('listitem').filter({ hasText: 'Familie Meier' }).waitFor();
    // The count of the project's gifts: read, as the other tests of the file give to the project too.
    const { gifts } = await donorWall(db(), project.id);
    assert.ok(gifts >= 1);
    await wall.getByText(gifts === 1 ? 'Bisher ist 1 Spende für dieses Projekt eingegangen.' : `Bisher sind ${gifts} Spenden für dieses Projekt eingegangen.`).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German: a gift in memory with a card: the missing name is said at its field, then the dedication and the card reach the server', async () => {
    const { page, problems, sessions } = await open(`/de/checkout?project=${project.slug}`);
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    const details: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payment-details')) details.push(r.postDataJSON() as Record<string, unknown>);
    });
    await page.getByLabel('E-Mail-Adresse').fill('spenderin@example.ch');
    await page.getByLabel('Name (freiwillig)').fill('Gina Muster');
    await page.getByRole('checkbox', { name: 'Zu Ehren oder im Gedenken an jemanden spenden' }).check();
    await page.getByRole('radio', { name: 'Im Gedenken an' }).check();
    await page.getByRole('checkbox', { name: 'Eine Karte senden, um jemandem davon zu erzählen' }).check();
    assert.deepEqual(await axeSerious(page), []);
    await readyFor(page, await sessions.next((s) => s.body.amount === 50), /^CHF 50 spenden$/);
    const button = page.getByRole('button', { name: /spenden$/ });
    await button.click();
    await page.getByText('Bitte geben Sie den Namen der Person ein, für die Sie spenden.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tribute-name');
    assert.equal(details.length, 0, 'nothing sent while the dedication lacks its name');
    await page.getByLabel('Name der Person').fill('Rosa Muster');
    await page.getByLabel('Name der Empfängerin oder des Empfängers').fill('Lena');
    await page.getByLabel('E-Mail-Adresse der Empfängerin oder des Empfängers').fill('lena@example.ch');
    const main = (await page.locator('main').innerText()).replace(/Testkarte \(Stripe-Ersatz\)[^\n]*/, '').replace(/English/, '');
    for (const english of ['honour', 'memory', 'Recipient', 'Send the card']) assert.ok(!main.includes(english), `English "${english}" on /de/checkout`);
    await button.click();
    await page.waitForURL(`${srv.url}/de`);
    await fake.settle();
    const sent = details[0] as { tribute: unknown; language: string };
    assert.equal(sent.language, 'de');
    assert.deepEqual(sent.tribute, { kind: 'memory', name: 'Rosa Muster', notify: { email: 'lena@example.ch', name: 'Lena', language: 'de', sendOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()) } });
    const row = await db()('donations').where({ tributeName: 'Rosa Muster' }).first();
    assert.equal(row.tributeKind, 'memory');
    const card = await db()('tribute_cards').where({ donationId: row.id }).first();
    assert.equal(card.email, 'lena@example.ch');
    assert.equal(card.lang, 'de');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});

describe('covering the fee of the method chosen in the payment form (FEE_RATES with TWINT apart)', () => {
  let fake: FakeStripe;
  let srv: RunningServer;
  const TWINT = { percent: 1.3, fixedCents: 20 };

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer({ ...fake.env(), FEE_RATES: 'twint chf 1.3% + 0.20' });
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
  });
  after(async () => {
    await srv?.close();
    await fake?.close();
  });

  const open = (pathname: string) => openOn(srv.url, fake, pathname, { width: 390, height: 900 });

  test('German, CHF 50 once: TWINT chosen in the form shows and charges the TWINT fee; the gift counts in full', async () => {
    const { page, problems, sessions } = await open('/de/checkout');
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    await sessions.next((s) => s.body.amount === 50 && !s.body.coverFees);
    const card = coveredFeeCents(5000, DEFAULT_FEE_TABLE.card.chf);
    const twint = coveredFeeCents(5000, TWINT);
    await page.getByRole('checkbox', { name: /für die Kartengebühr dazugeben$/ }).check();
    // The fee box asks for a new session, whose card form replaces the last one: TWINT is chosen in
    // that new form, once it is there (a click on the form being replaced is lost with it).
    const withFee = await sessions.next((s) => s.body.amount === 50 && s.body.coverFees === true);
    await readyFor(page, withFee, chfButton(5000 + card, 'spenden'));
    await paymentElementFor(page, withFee).getByRole('button', { name: 'TWINT' }).click();
    await page.getByRole('checkbox', { name: /für die TWINT-Gebühr dazugeben$/ }).waitFor();
    await page.locator('.summary-total').getByText('Übernommene TWINT-Gebühr').waitFor();
    await page.getByRole('button', { name: chfButton(5000 + twint, 'spenden'), disabled: false }).waitFor();
    const button = page.getByRole('button', { name: /spenden$/ });
    await page.getByLabel('E-Mail-Adresse').fill('twint@example.ch');
    assert.deepEqual(await axeSerious(page), []);
    const details = page.waitForRequest((r) => r.url().endsWith('/api/payment-details'));
    await button.click();
    assert.equal((await details).postDataJSON().paymentMethod, 'twint');
    await page.waitForURL(`${srv.url}/de`);
    await fake.settle();
    const row = await srv.handle.deps.db('donations').where({ donorEmail: 'twint@example.ch' }).first();
    assert.equal(Number(row.amountCents), 5000 + twint);
    assert.equal(Number(row.coveredFeeCents), twint);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a monthly gift with the fee: the server is sent the gift (it adds the fee), and the form and the payment agree', async () => {
    const { page, problems, sessions } = await open('/checkout');
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('radio', { name: 'CHF' }).check();
    await sessions.next((s) => s.body.currency === 'chf');
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    await page.getByRole('checkbox', { name: /to cover the card fee$/ }).check();
    await page.getByLabel('E-mail address').fill('monthly@example.ch');
    await page.getByLabel('Name', { exact: true }).fill('Mona Monthly');
    const fee = coveredFeeCents(5000, DEFAULT_FEE_TABLE.card.chf);
    // The monthly card form is shown for what is charged: gift and fee.
    await page.locator(`[data-testid="fake-payment-element"][data-mode="subscription"][data-amount="${5000 + fee}"]`).waitFor();
    const give = page.getByRole('button', { name: /every month$/, disabled: false });
    await give.click();
    const made = await sessions.next((s) => s.body.interval === 'month');
    await page.waitForURL(`${srv.url}/`);
    const monthly = made.body;
    assert.equal(monthly.amount, 50, 'the gift, not gift and fee');
    assert.equal(monthly.coverFees, true);
    assert.equal(monthly.paymentMethod, 'card');
    // The subscription of this gift (its first invoice's payment is the session's PaymentIntent).
    const sub = fake.subscriptions.get(fake.invoiceOf(made.intentId!)!.parent.subscription_details.subscription)!;
    assert.equal(sub.items.data[0]!.price.unit_amount, 5000 + fee);
    await fake.settle();
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
