// The admin's dashboard in Chromium (issue 29, point 3): signing in opens it; its charts are named
// SVG images, each with a table of its numbers (the seeded ones); the quick ranges and the range
// form change the range, a range that is none says so; switching tabs in the browser and back
// draws it again; in German at /de/admin; axe finds nothing serious; and with JavaScript off the
// same tables are there and the range form still works. Screenshot: /tmp/admin-dashboard.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, signInAdmin, waitForHydration, watchedPage } from '../helpers';
import { swissToday } from '../../models/shared/dates';
import { mondayOf } from '../../models/site/stats';

const e2e = serverAndBrowser();

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const SLUG = 'solar-infrastructure-brings-light-to-the-tariro-nook';

/** Last week's Monday and the Monday five weeks before it: in the last 12 weeks, only the first in the last 4. */
function days() {
  const monday = mondayOf(swissToday());
  return { recent: addDays(monday, -7), older: addDays(monday, -42) };
}

async function seed(): Promise<void> {
  const db = e2e.srv.handle.deps.db;
  const { recent, older } = days();
  await db('visit_days').insert([
    { day: recent, views: 40, visitors: 12 },
    { day: older, views: 25, visitors: 9 },
  ]);
  await db('visit_daily').insert({ day: recent, path: `/news/${SLUG}`, lang: 'en', referrer: '', campaign: '', device: 'mobile', views: 9 });
  await db('donations').insert({
    paymentIntentId: 'pi_dashboard_e2e',
    amountCents: 7500,
    currency: 'usd',
    status: 'succeeded',
    kind: 'one_off',
    settledCents: 7500,
    settledCurrency: 'usd',
    appliedAt: `${recent}T10:00:00.000Z`,
    source: `/news/${SLUG}`,
  });
  await db('newsletter_signups').insert({ source: '/', lang: 'en', status: 'pending_confirmation', createdAt: `${recent}T10:00:00.000Z` });
}

/** A table by its caption, and the text of its footer (the totals) with single spaces. */
const table = (page: Page, caption: string) => page.locator('table', { has: page.locator('caption', { hasText: caption }) });
const footText = async (page: Page, caption: string) => (await table(page, caption).locator('tfoot').innerText()).replace(/\s+/g, ' ').trim();

test('the dashboard: the first screen, named charts with their numbers, the range, German, without JavaScript', async () => {
  await seed();
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { tab: null });
  assert.match(page.url(), /\/admin$/);
  assert.equal(await page.getByRole('tab', { name: 'Dashboard', exact: true }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByRole('tab').first().innerText(), 'Dashboard');
  const panel = page.getByRole('tabpanel', { name: 'Dashboard' });
  await panel.getByRole('heading', { level: 2, name: 'Dashboard' }).waitFor();

  // The default range, the last 12 weeks: both seeded days.
  for (const name of ['Page views per week, bar chart', 'Visitors per week, bar chart', 'Gifts per week, worth in US dollars, bar chart', 'New subscribers per week, bar chart', 'Most read articles, page views, bar chart', 'Articles that led to gifts, worth in US dollars, bar chart', "Projects' funding, share of the goal raised, bar chart"]) {
    assert.ok(await panel.getByRole('img', { name, exact: true }).isVisible(), name);
  }
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 65 21');
  assert.equal(await footText(page, 'Gifts per week'), 'Total 1 $75');
  assert.equal(await footText(page, 'New subscribers per week'), 'Total 1');
  assert.match(await table(page, 'Most read articles').innerText(), /Solar Infrastructure Brings Light to the Tariro Nook\t9/);
  assert.match(await table(page, 'Gifts per currency').innerText(), /USD\t1\t\$75/);
  // No monthly gift ran: said, not drawn.
  await panel.getByText('No monthly gifts ran in this range.').waitFor();
  assert.equal(await panel.getByRole('img', { name: 'Monthly donors at the end of each week, bar chart' }).count(), 0);
  assert.deepEqual(await axeSerious(page), []);
  await page.screenshot({ path: '/tmp/admin-dashboard.png', fullPage: true });

  // The quick range "Last 4 weeks": only the recent day.
  await panel.getByRole('link', { name: 'Last 4 weeks' }).click();
  await page.waitForURL(/tab=dashboard&from=\d{4}-\d{2}-\d{2}&to=/);
  await waitForHydration(page);
  assert.equal(await page.getByRole('link', { name: 'Last 4 weeks' }).getAttribute('aria-current'), 'true');
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 40 12');

  // The form: the older day's week only.
  const { older } = days();
  await page.getByLabel('From', { exact: true }).fill(older);
  await page.getByLabel('To', { exact: true }).fill(addDays(older, 6));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.waitForURL(new RegExp(`from=${older}&to=${addDays(older, 6)}`));
  await waitForHydration(page);
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 25 9');
  await page.getByText('No gifts in this range yet.').waitFor();
  await page.getByText('No newsletter subscriptions asked for in this range yet.').waitFor();
  assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), older);

  // A range that is none: the default, and a message.
  await page.goto(`${e2e.srv.url}/admin?tab=dashboard&from=${addDays(older, 6)}&to=${older}`);
  await waitForHydration(page);
  await page.getByRole('alert').filter({ hasText: 'Those dates do not make a range' }).waitFor();
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 65 21');

  // Away to the Projects tab and back in the browser: drawn again from the API.
  await page.getByRole('tab', { name: 'Projects', exact: true }).click();
  await page.getByRole('tab', { name: 'Dashboard', exact: true }).click();
  await page.getByRole('img', { name: 'Page views per week, bar chart' }).waitFor();
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 65 21');
  assert.deepEqual(problems, []);

  // German.
  await page.goto(`${e2e.srv.url}/de/admin`);
  await waitForHydration(page);
  assert.equal(await page.getByRole('tab', { name: 'Übersicht', exact: true }).getAttribute('aria-selected'), 'true');
  await page.getByRole('heading', { level: 2, name: 'Übersicht' }).waitFor();
  await page.getByRole('img', { name: 'Seitenaufrufe pro Woche, Balkendiagramm' }).waitFor();
  assert.equal(await footText(page, 'Seitenaufrufe und Besucher/innen pro Woche'), 'Total 65 21');
  await page.getByRole('link', { name: 'Letzte 12 Wochen' }).waitFor();
  const text = await page.locator('#panel-dashboard').innerText();
  for (const english of ['Page views', 'Visitors', 'Gifts', 'Week', 'Last 4 weeks', 'bar chart']) assert.ok(!text.includes(english), `"${english}" on /de/admin`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);

  // Without JavaScript: the same numbers, and the form still changes the range.
  const noScript = await e2e.browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${e2e.srv.url}/admin`);
  assert.equal(await plain.locator('html').getAttribute('data-hydrated'), null, 'the app did not run');
  assert.ok(await plain.getByRole('img', { name: 'Page views per week, bar chart' }).isVisible());
  assert.equal(await footText(plain, 'Page views and visitors per week'), 'Total 65 21');
  assert.equal(await footText(plain, 'Gifts per week'), 'Total 1 $75');
  await plain.getByLabel('From', { exact: true }).fill(older);
  await plain.getByLabel('To', { exact: true }).fill(addDays(older, 6));
  await plain.getByRole('button', { name: 'Show', exact: true }).click();
  await plain.waitForURL(new RegExp(`from=${older}`));
  assert.equal(await footText(plain, 'Page views and visitors per week'), 'Total 25 9');
  await noScript.close();
  await page.context().close();
});
