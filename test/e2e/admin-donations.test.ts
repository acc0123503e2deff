// The Donations tab in Chromium: a volunteer opens it, filters the ledger, opens a gift's ledger
// rows with the keyboard, downloads the CSV, starts the certificates of a year and sees the run
// finish (the job queue of the server sends them); no sideways scrolling at 390 and 1280 px and
// axe finds nothing serious, in English and German.
// PostgreSQL: the tab's dates are read with SQL of their own there (models/giving/donations-admin.ts dateSql: the order and the filters), and the certificate run is a graphile-worker job, whose end the page shows.
// SHOT_PREFIX=name writes screenshots at 390 and 1280 px in both languages to /tmp/name-donations-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { axeSerious, chooseScreen, currentScreenLink, serverAndBrowser, until, waitForHydration, watchedPage, signInAdmin } from '../helpers';
import { addToLedger } from '../../models/content/ledger';

const e2e = serverAndBrowser();
const SHOTS = process.env.SHOT_PREFIX;

let pi = 0;
async function seed(): Promise<void> {
  const db = e2e.srv.handle.deps.db;
  const project = (await db('projects').orderBy('id').first('id')) as { id: number };
  const year = new Date().getUTCFullYear() - 1;
  const gift = async (g: { email: string; name: string; cents: number; currency: string; month: number; refunded?: number; disputed?: number; dispute?: string; kind?: string; projectId?: number | null; language?: string }) => {
    const at = `${year}-${String(g.month).padStart(2, '0')}-12T10:00:00.000Z`;
    const [row] = (await db('donations').insert(
      {
        paymentIntentId: `pi_e2e_${++pi}`,
        amountCents: g.cents,
        currency: g.currency,
        status: 'succeeded',
        appliedAt: at,
        createdAt: at,
        donorEmail: g.email,
        donorName: g.name,
        language: g.language ?? 'en',
        kind: g.kind ?? 'one_off',
        refundedCents: g.refunded ?? 0,
        disputedCents: g.disputed ?? 0,
        disputeStatus: g.dispute ?? null,
        settledCents: Math.round(g.cents * 1.1),
        settledCurrency: 'usd',
        projectId: g.projectId ?? null,
      },
      ['id'],
    )) as ({ id: number } | number)[];
    return typeof row === 'object' ? row.id : Number(row);
  };
  const chf = await gift({ email: 'anna@example.org', name: 'Anna Müller', cents: 350_000, currency: 'chf', month: 3, refunded: 50_000, projectId: project.id, language: 'de' });
  await db.transaction(async (trx) => {
    await addToLedger(trx, { projectId: project.id, kind: 'donation', amountCents: 385_000, donationId: chf, actor: 'stripe:webhook' });
    await addToLedger(trx, { projectId: project.id, kind: 'refund', amountCents: -55_000, donationId: chf, actor: 'stripe:webhook', note: 'refund re_1' });
  });
  await gift({ email: 'bob@example.org', name: 'Bob Smith', cents: 5_000, currency: 'usd', month: 4, kind: 'monthly' });
  await gift({ email: 'bob@example.org', name: 'Bob Smith', cents: 5_000, currency: 'usd', month: 5, kind: 'monthly' });
  await gift({ email: 'carla@example.org', name: '=cmd|"/c calc"!A1', cents: 20_000, currency: 'eur', month: 6, disputed: 20_000, dispute: 'lost' });
  await gift({ email: 'dario@example.org', name: 'Dario Rossi', cents: 15_000, currency: 'eur', month: 7 });
  await db('donation_subscriptions').insert([
    { subscriptionId: 'sub_1', customerId: 'cus_1', donorEmail: 'bob@example.org', donorName: 'Bob Smith', amountCents: 5_000, currency: 'usd', projectId: null, language: 'en', status: 'active', paused: false, currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000).toISOString() },
    { subscriptionId: 'sub_2', customerId: 'cus_2', donorEmail: 'eva@example.ch', donorName: 'Eva Keller', amountCents: 2_000, currency: 'chf', projectId: project.id, language: 'de', status: 'active', paused: true },
  ]);
}

test('open the tab, filter, export, send the certificates of a year; both languages, 390 and 1280 px', async () => {
  await seed();
  const year = new Date().getUTCFullYear() - 1;
  const { page, problems, messages } = await watchedPage(e2e.browser);
  // Signed in on the dashboard: the tab list leads there (keyboard: the arrow keys move between tabs).
  await signInAdmin(page, e2e.srv.url, { tab: null });
  await chooseScreen(page, 'Donations');
  await currentScreenLink(page, 'Donations').waitFor();
  await page.waitForURL(/\/admin\/donations/);
  const tab = page.locator('section.don-tab');
  const ledger = tab.getByRole('table', { name: 'Donations, newest first' });
  // The count first: it says the rows are there.
  await tab.getByText('5 donations', { exact: true }).waitFor();
  assert.equal(await ledger.locator('tbody tr').count(), 5);
  await ledger.getByRole('row', { name: /Anna Müller/ }).getByText('Partially refunded').waitFor();
  await tab.getByRole('table', { name: 'Per project' }).waitFor();
  await tab.getByRole('table', { name: 'Regular gifts running now (active and paused)' }).getByRole('row', { name: /Eva Keller/ }).getByText('paused').waitFor();
  assert.deepEqual(await axeSerious(page), []);

  // Filter: EUR, then also disputed.
  await tab.getByLabel('Currency', { exact: true }).selectOption('eur');
  await tab.getByText('2 donations', { exact: true }).waitFor();
  await tab.getByLabel('Status', { exact: true }).selectOption('disputed');
  await tab.getByText('1 donation', { exact: true }).waitFor();
  const csvLink = tab.getByRole('link', { name: 'Download CSV' });
  // The link names the admin's language: the file's headers, titles, dates and separator follow it.
  assert.equal(await csvLink.getAttribute('href'), '/api/admin/donations.csv?currency=eur&status=disputed&lang=en');
  const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  assert.equal(csv.charCodeAt(0), 0xfeff, 'the UTF-8 byte-order mark comes first');
  assert.equal(csv.trim().split('\r\n').length, 2, 'header and the one disputed gift');
  assert.ok(csv.includes(`"'=cmd|""/c calc""!A1"`), `the formula is defused: ${csv}`);
  await tab.getByRole('button', { name: 'Clear filters' }).click();
  await tab.getByText('5 donations', { exact: true }).waitFor();

  // A gift's ledger rows open with the keyboard.
  const summary = ledger.getByRole('row', { name: /Anna Müller/ }).locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await ledger.getByText('refund re_1').waitFor();
  // axe counts a control the sticky header covers at the current scroll position as too small a
  // target: look from the top, as at the other checks.
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.deepEqual(await axeSerious(page), []);

  // Certificates for last year: four donors; start, confirm, watch it finish.
  const certs = tab.locator('section', { has: page.getByRole('heading', { name: 'Donation certificates' }) });
  await certs.getByLabel('Year').selectOption(String(year));
  await certs.getByText(`4 donors gave in ${year}.`).waitFor();
  await certs.getByRole('button', { name: `Send certificates for ${year}` }).click();
  await certs.getByRole('alertdialog').getByText(`Send the donation certificates for ${year} to 4 donors now?`).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await certs.getByRole('button', { name: 'Yes, send them' }).click();
  const runs = certs.getByRole('table', { name: 'Certificate runs, newest first' });
  await runs.getByText('Done').waitFor();
  // Carla's only gift was lost in a dispute: nothing to certify.
  await runs.getByText('3 of 4 sent, 1 with nothing to certify, 0 failed').waitFor();
  // The toast of the poll that saw the run end (recorded when it showed).
  await messages.waitFor(`Certificates for ${year} sent`, { kind: 'toast' });
  const db = e2e.srv.handle.deps.db;
  await until(async () => (await db('outbox').whereNotNull('attachments')).length === 3, 'three certificate mails');
  const anna = (await db('outbox').where({ toAddress: 'anna@example.org' })) as { subject: string }[];
  assert.equal(anna.length, 1);
  assert.match(anna[0]!.subject, new RegExp(`Spendenbescheinigung ${year}`));
  // The start and the export are in the Activity panel.
  await page.locator('.activity-list').getByText(`started the donation certificates for ${year}`).waitFor();
  await page.locator('.activity-list').getByText('downloaded the list of donations').first().waitFor();

  // No sideways scrolling and axe at each width, in both languages: the English tab as it is now
  // (its run done, a gift's ledger rows open) at 1280 and then 390 px (the admin's layout follows
  // the width in CSS only); the German one loaded at 390 px, then at 1280 px.
  const check = async (lang: '' | '/de', width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page does not scroll sideways at ${width} px (${overflow} px)`);
    assert.deepEqual(await axeSerious(page), [], `${lang || '/'} at ${width}`);
    if (SHOTS) await page.screenshot({ path: `/tmp/${SHOTS}-donations-${lang ? 'de' : 'en'}-${width}.png`, fullPage: true });
  };
  await check('', 1280);
  await check('', 390);
  await page.goto(`${e2e.srv.url}/de/admin/donations`);
  await waitForHydration(page);
  await tab.locator('table').first().waitFor();
  await tab.locator('.don-counts').waitFor();
  await tab.locator('.don-cert-count').waitFor();
  // German: the tab speaks German.
  await page.getByRole('heading', { name: 'Spenden', exact: true }).waitFor();
  await tab.getByRole('table', { name: 'Spenden, neueste zuerst' }).waitFor();
  await tab.locator('.badge', { hasText: 'Teilweise rückerstattet' }).waitFor();
  await check('/de', 390);
  await check('/de', 1280);
  assert.deepEqual(problems, []);
  await page.context().close();
});
