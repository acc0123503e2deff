// The gift's options in Chromium (issue 28, points 3 and 6): covering the card fee (the box, the
// total, what is charged and what the project counts) and being named on the project's page, in
// English and in German. Stripe.js is the stand-in of test/fakes/stripe-js.ts; the server's SDK
// talks to the fake Stripe API, which delivers signed webhooks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { axeSerious, launchBrowser, startServer, until, waitForHydration, watchedPage, type RunningServer } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { routeStripe } from '../fakes/stripe-js';
import { coveredFeeCents, DEFAULT_FEE_TABLE } from '../../models/shared/fees';

describe('gift options in Chromium: covering the fee, the donor wall', () => {
  let fake: FakeStripe;
  let srv: RunningServer;
  let browser: Browser;
  let project: { id: number; slug: string; title: string };

  const db = () => srv.handle.deps.db;
  const raisedCents = async () => Number((await db()('projects').where({ id: project.id }).first('raisedCents')).raisedCents);

  async function open(pathname: string) {
    const watched = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await routeStripe(watched.page.context(), fake);
    await watched.page.goto(srv.url + pathname);
    await waitForHydration(watched.page);
    return watched;
  }
  function intentBodies(page: Page): Record<string, unknown>[] {
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-payment-intent') && r.method() === 'POST') bodies.push(r.postDataJSON() as Record<string, unknown>);
    });
    return bodies;
  }

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer(fake.env());
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    browser = await launchBrowser();
    project = await db()('projects').where({ status: 'funding' }).orderBy('id').first();
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
    await fake?.close();
  });

  test('English: the fee box adds $1.81 to $50, the total and the button say $51.81; named as "Anna M."; the project counts $50 and shows the name', async () => {
    const before = await raisedCents();
    const fee = coveredFeeCents(5000, DEFAULT_FEE_TABLE.card.usd);
    assert.equal(fee, 181);
    const { page, problems } = await open(`/checkout?project=${project.slug}`);
    const sent = intentBodies(page);
    await page.getByRole('button', { name: '$50', exact: true }).click();
    const box = page.getByRole('checkbox', { name: 'Add $1.81 to cover the card fee' });
    await box.check();
    const summary = page.locator('.summary-total');
    await summary.getByText('Your gift').waitFor();
    await summary.getByText('Card fee covered').waitFor();
    await summary.getByText('$51.81').waitFor();
    const donate = page.getByRole('button', { name: 'Donate $51.81' });
    await until(async () => donate.isEnabled(), 'the Donate button for $51.81');
    await until(() => sent.some((b) => b.coverFees === true && b.amount === 50), 'a session with the fee');
    assert.ok(fake.createRequests().some((r) => r.body.amount === '5181'), 'Stripe is asked for gift and fee');

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
    assert.equal(await raisedCents(), before + 5000, 'the project counts the gift, not the fee');
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
    const { page, problems } = await open(`/de/checkout?project=${project.slug}`);
    await page.getByRole('button', { name: 'CHF 150', exact: true }).click();
    const box = page.getByRole('checkbox', { name: /für die Kartengebühr dazugeben$/ });
    await box.check();
    const summary = page.locator('.summary-total');
    await summary.getByText('Ihre Spende').waitFor();
    await summary.getByText('Übernommene Kartengebühr').waitFor();
    const fee = coveredFeeCents(15000, DEFAULT_FEE_TABLE.card.chf);
    const total = ((15000 + fee) / 100).toFixed(2);
    const button = page.getByRole('button', { name: /spenden$/ });
    await until(async () => ((await button.textContent()) ?? '').replace(/\u00a0/g, ' ').includes(`CHF ${total}`) && (await button.isEnabled()), `the button for CHF ${total}`);
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
    await wall.getByText(/Bisher sind \d+ Spenden für dieses Projekt eingegangen\./).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German: a gift in memory with a card: the missing name is said at its field, then the dedication and the card reach the server', async () => {
    const { page, problems } = await open(`/de/checkout?project=${project.slug}`);
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
    const button = page.getByRole('button', { name: /spenden$/ });
    await until(async () => button.isEnabled(), 'the button to be ready');
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
  let browser: Browser;
  const TWINT = { percent: 1.3, fixedCents: 20 };

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer({ ...fake.env(), FEE_RATES: 'twint chf 1.3% + 0.20' });
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
    await fake?.close();
  });

  async function open(pathname: string) {
    const watched = await watchedPage(browser, { viewport: { width: 390, height: 900 } });
    await routeStripe(watched.page.context(), fake);
    await watched.page.goto(srv.url + pathname);
    await waitForHydration(watched.page);
    return watched;
  }

  test('German, CHF 50 once: TWINT chosen in the form shows and charges the TWINT fee; the gift counts in full', async () => {
    const { page, problems } = await open('/de/checkout');
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    const card = coveredFeeCents(5000, DEFAULT_FEE_TABLE.card.chf);
    const twint = coveredFeeCents(5000, TWINT);
    await page.getByRole('checkbox', { name: /für die Kartengebühr dazugeben$/ }).check();
    const button = page.getByRole('button', { name: /spenden$/ });
    const says = async (cents: number) => ((await button.textContent()) ?? '').replace(/\u00a0/g, ' ').includes(`CHF ${((5000 + cents) / 100).toFixed(2)}`);
    await until(async () => (await says(card)) && (await button.isEnabled()), 'the button with the card fee');
    await page.getByTestId('fake-payment-element').getByRole('button', { name: 'TWINT' }).click();
    await page.getByRole('checkbox', { name: /für die TWINT-Gebühr dazugeben$/ }).waitFor();
    await page.locator('.summary-total').getByText('Übernommene TWINT-Gebühr').waitFor();
    await until(() => says(twint), 'the button with the TWINT fee');
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
    const { page, problems } = await open('/checkout');
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-payment-intent') && r.method() === 'POST') bodies.push(r.postDataJSON() as Record<string, unknown>);
    });
    await page.getByRole('radio', { name: 'CHF' }).check();
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    await page.getByRole('checkbox', { name: /to cover the card fee$/ }).check();
    await page.getByLabel('E-mail address').fill('monthly@example.ch');
    await page.getByLabel('Name', { exact: true }).fill('Mona Monthly');
    const give = page.getByRole('button', { name: /every month$/ });
    await until(async () => give.isEnabled(), 'the Give button');
    await give.click();
    await page.waitForURL(`${srv.url}/`);
    const monthly = bodies.find((b) => b.interval === 'month')!;
    assert.equal(monthly.amount, 50, 'the gift, not gift and fee');
    assert.equal(monthly.coverFees, true);
    assert.equal(monthly.paymentMethod, 'card');
    const sub = [...fake.subscriptions.values()].at(-1)! as unknown as { items: { data: { price: { unit_amount: number } }[] } };
    assert.equal(sub.items.data[0]!.price.unit_amount, 5000 + coveredFeeCents(5000, DEFAULT_FEE_TABLE.card.chf));
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
