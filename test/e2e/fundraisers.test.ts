// Supporters' fundraisers in Chromium: starting one with the form (its refused
// fields, then the thank-you), in English and in German; once approved, its page, a gift through
// it on the checkout (its currency only, counted on its page), and the owner's page with an
// update. Stripe.js is the stand-in of test/fakes/stripe-js.ts; the server's SDK talks to the fake
// Stripe API, which delivers signed webhooks.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { axeSerious, serverAndBrowserWithStripe, until, waitForHydration, watchedPage, type RunningServer } from '../helpers';
import type { FakeStripe } from '../fakes/stripe';
import { paymentElementFor, recordSessions, routeStripe } from '../fakes/stripe-js';
import { outboxFor } from '../../models/providers/mail';
import { approveFundraiser } from '../../models/giving/fundraiser';
import { swissToday } from '../../models/shared/dates';

const inDays = (n: number) => {
  const d = new Date(`${swissToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('fundraisers in Chromium', () => {
  const e2e = serverAndBrowserWithStripe();
  let fake: FakeStripe;
  let srv: RunningServer;
  let browser: Browser;
  let project: { id: number; slug: string; title: string; titleDe: string | null };

  const db = () => srv.handle.deps.db;

  async function open(pathname: string, width = 1280) {
    // Starting a fundraiser is limited per client, refused forms too: each test starts with its own allowance.
    await db()('rate_limits').delete();
    const watched = await watchedPage(browser, { viewport: { width, height: 900 } });
    await routeStripe(watched.page.context(), fake);
    // The checkout's payment sessions, recorded from the page's opening on (it reaches the checkout later).
    const sessions = recordSessions(watched.page);
    await watched.page.goto(srv.url + pathname);
    await waitForHydration(watched.page);
    return { ...watched, sessions };
  }
  /** Approves the fundraiser an address started and answers its slug and the owner's new link. */
  async function approveOf(email: string): Promise<{ slug: string; manage: string }> {
    const row = await db()('fundraisers').where({ ownerEmail: email }).first();
    const { token } = await db().transaction((trx) => approveFundraiser(trx, row.id, 'test'));
    return { slug: row.slug, manage: `/fundraisers/manage?token=${token}` };
  }

  before(async () => {
    ({ fake, srv, browser } = e2e);
    project = await db()('projects').where({ status: 'funding' }).orderBy('id').first();
  });

  test('English: the form says what is missing, then thanks; approved, its page takes a gift in its currency and counts it', async () => {
    const { page, problems, sessions } = await open(`/fundraisers/new?project=${project.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Start a fundraiser' }).waitFor();
    assert.equal(await page.getByLabel(/^Project\b/).inputValue(), String(project.id), 'the project of the link is chosen');
    assert.deepEqual(await axeSerious(page), []);
    await page.getByLabel('Title of your fundraiser').fill('Sponsored run along the lake');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    // Without JavaScript's help: the server answers with the fields to fix, and keeps what was typed.
    const problemsBox = page.getByRole('alert');
    await problemsBox.getByText('Please check the fields below.').waitFor();
    await problemsBox.getByRole('link', { name: 'Please tell your story in 20 to 5,000 characters.' }).waitFor();
    assert.equal(await page.getByLabel('Title of your fundraiser').inputValue(), 'Sponsored run along the lake');
    assert.equal(await page.getByLabel('Your story').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axeSerious(page), []);
    await page.getByLabel('Your story').fill('I run 21 km along the lake on 12 April. Every kilometre is a gift for the Nook.');
    await page.getByLabel(/^Goal\b/).fill('800');
    await page.getByLabel('Currency').selectOption('chf');
    await page.getByLabel('Last day').fill(inDays(20));
    await page.getByLabel('Your name').fill('Rahel Runner');
    await page.getByLabel('Your e-mail address').fill('rahel@example.ch');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your fundraiser is with us' }).waitFor();
    assert.ok(page.url().endsWith('/fundraisers/new?sent=1'));
    await until(async () => (await outboxFor(db(), 'rahel@example.ch')).length > 0, 'the owner’s mail');

    const { slug } = await approveOf('rahel@example.ch');
    await page.goto(`${srv.url}/fundraisers/${slug}`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Sponsored run along the lake' }).waitFor();
    await page.getByText('Started by Rahel Runner').waitFor();
    await page.getByText(/CHF\s0 of CHF\s800 raised/).waitFor();
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('link', { name: 'Give to this fundraiser' }).click();
    await page.waitForURL(/\/checkout\?fundraiser=/);
    await waitForHydration(page);
    await page.getByText('Your gift counts to the fundraiser “Sponsored run along the lake”', { exact: false }).waitFor();
    // Its currency only, and no other project to choose.
    assert.equal(await page.getByRole('radio', { name: /US dollars|Euros/ }).count(), 0);
    assert.equal(await page.locator('#checkout-project').count(), 0);
    await sessions.next((s) => s.body.amount === 150);
    await page.getByRole('button', { name: 'CHF 50', exact: true }).click();
    const session = await sessions.next((s) => s.body.amount === 50);
    assert.equal(session.body.currency, 'chf');
    await page.getByLabel('E-mail address').fill('friend@example.org');
    await page.getByRole('radio', { name: 'Under a name I choose' }).check();
    await page.getByLabel('Name to show').fill('Team Blue');
    assert.deepEqual(await axeSerious(page), []);
    await paymentElementFor(page, session).waitFor();
    const button = page.getByRole('button', { name: /^Donate CHF\s50$/, disabled: false });
    await button.click();
    await page.waitForURL(`${srv.url}/`);
    await fake.settle();
    await page.goto(`${srv.url}/fundraisers/${slug}`);
    await page.getByText(/CHF\s50 of CHF\s800 raised/).waitFor();
    await page.getByRole('region', { name: 'Thank you' }).getByText('Team Blue').waitFor();
    // The refused form is a 400, which Chromium logs; anything else is a problem.
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    await page.context().close();
  });

  test('German: the form in German only; the owner posts an update from the page in the mail', async () => {
    const { page, problems } = await open(`/de/fundraisers/new`, 390);
    await page.getByRole('heading', { level: 1, name: 'Eine Spendenaktion starten' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const english of ['Start a fundraiser', 'Your story', 'Send for approval', 'Currency', 'Goal']) assert.ok(!text.includes(english), `English "${english}" on /de/fundraisers/new`);
    await page.getByLabel(/^Projekt\b/).selectOption(String(project.id));
    await page.getByLabel('Titel Ihrer Spendenaktion').fill('Kuchenverkauf der 4b');
    await page.getByLabel('Ihre Geschichte').fill('Unsere Klasse backt jeden Freitag im Dezember für das Nook.');
    await page.getByRole('radio', { name: 'Eine Anzahl Spenderinnen und Spender' }).check();
    await page.getByLabel(/^Ziel\b/).fill('30');
    await page.getByLabel('Letzter Tag').fill(inDays(40));
    await page.getByLabel('Ihr Name').fill('Klasse 4b');
    await page.getByLabel('Ihre E-Mail-Adresse').fill('klasse4b@example.ch');
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('button', { name: 'Zur Freigabe senden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Danke! Ihre Spendenaktion ist bei uns' }).waitFor();

    const { slug, manage } = await approveOf('klasse4b@example.ch');
    await page.goto(`${srv.url}/de${manage}`);
    await page.getByRole('heading', { level: 1, name: 'Kuchenverkauf der 4b' }).waitFor();
    assert.deepEqual(await axeSerious(page), []);
    await page.getByLabel('Ihre Neuigkeit').fill('Der erste Freitag: 42 Kuchen verkauft!');
    await page.getByRole('button', { name: 'Neuigkeit veröffentlichen' }).click();
    await page.getByText('Ihre Neuigkeit ist online.').waitFor();
    await page.getByRole('link', { name: 'Öffentliche Seite ansehen' }).click();
    // The manage page shows the update and the progress too: the public page is waited for by its address.
    await page.waitForURL(`${srv.url}/de/fundraisers/${slug}`);
    await page.getByText('Der erste Freitag: 42 Kuchen verkauft!').waitFor();
    await page.getByText('0 von 30 Spenderinnen und Spendern').waitFor();
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
