// The admin's dashboard in Chromium, one walk on one server: signing in
// opens it; its charts are named SVG images, each with a table of its numbers (the seeded ones);
// the yearly impact report's introduction (views/admin/impact-panel.tsx) is on the same first
// screen with the years a report exists for; the English and German introductions are written with
// a count against the limit; a text over the limit is refused with the problem at its field (named,
// invalid, focused); a save says so in a toast and in the Activity panel, and the next page load
// shows the texts; another year has texts of its own, and leaving unsaved words asks first; the
// links go to the public report and its PDF; the quick ranges and the range form change the range,
// a range that is none says so; switching tabs in the browser and back draws it again from the API;
// in German at /de/admin both speak German; axe finds nothing serious; and with JavaScript off the
// same tables are there and the range form still works.
// SHOT_PREFIX=name writes screenshots to /tmp/name-dashboard.png and /tmp/name-impact.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, chooseScreen, currentScreenLink, screenLink, serverAndBrowser, signInAdmin, waitForHydration, watchedPage } from '../helpers';
import { swissToday } from '../../models/shared/dates';
import { mondayOf } from '../../models/site/stats';

const e2e = serverAndBrowser();
const SHOTS = process.env.SHOT_PREFIX;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const SLUG = 'solar-infrastructure-brings-light-to-the-tariro-nook';

/** Last week's Monday and the Monday five weeks before it: in the last 12 weeks, only the first in the last 4. */
function days() {
  const monday = mondayOf(swissToday());
  return { recent: addDays(monday, -7), older: addDays(monday, -42) };
}

async function seed(recent: string, older: string, lastYear: number): Promise<void> {
  const db = e2e.srv.handle.deps.db;
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
  // A gift last year (outside every range the walk looks at): the books begin then, so last year has a report too.
  await db('donations').insert({
    paymentIntentId: 'pi_impact_e2e',
    amountCents: 5000,
    currency: 'usd',
    status: 'succeeded',
    kind: 'one_off',
    settledCents: 5000,
    settledCurrency: 'usd',
    appliedAt: `${lastYear}-06-15T10:00:00.000Z`,
  });
}

/** A table by its caption, and the text of its footer (the totals) with single spaces. */
const table = (page: Page, caption: string) => page.locator('table', { has: page.locator('caption', { hasText: caption }) });
const footText = async (page: Page, caption: string) => (await table(page, caption).locator('tfoot').innerText()).replace(/\s+/g, ' ').trim();

test('the dashboard and its impact report introduction: charts with their numbers, write, refuse, save, another year, the range, German, without JavaScript', async () => {
  // The days once: a Swiss midnight between two readings would make another range.
  const { recent, older } = days();
  const year = Number(swissToday().slice(0, 4));
  const last = year - 1;
  await seed(recent, older, last);
  const { page, problems, messages } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { tab: null });
  assert.match(page.url(), /\/admin$/);
  assert.equal(await screenLink(page, 'Dashboard').getAttribute('aria-current'), 'page');
  assert.equal(await page.locator('nav.admin-menu').getByRole('link').first().innerText(), 'Dashboard');
  const dashboard = page.locator('#panel-dashboard');
  await dashboard.getByRole('heading', { level: 2, name: 'Dashboard' }).waitFor();

  // The default range, the last 12 weeks: both seeded days.
  for (const name of ['Page views per week, bar chart', 'Visitors per week, bar chart', 'Gifts per week, worth in US dollars, bar chart', 'New subscribers per week, bar chart', 'Most read articles, page views, bar chart', 'Articles that led to gifts, worth in US dollars, bar chart', "Projects' funding, share of the goal raised, bar chart"]) {
    assert.ok(await dashboard.getByRole('img', { name, exact: true }).isVisible(), name);
  }
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 65 21');
  assert.equal(await footText(page, 'Gifts per week'), 'Total 1 $75');
  assert.equal(await footText(page, 'New subscribers per week'), 'Total 1');
  assert.match(await table(page, 'Most read articles').innerText(), /Solar Infrastructure Brings Light to the Tariro Nook\t9/);
  assert.match(await table(page, 'Gifts per currency').innerText(), /USD\t1\t\$75/);
  // No monthly gift ran: said, not drawn.
  await dashboard.getByText('No regular gifts ran in this range.').waitFor();
  assert.equal(await dashboard.getByRole('img', { name: 'Regular donors at the end of each week, bar chart' }).count(), 0);
  if (SHOTS) await page.screenshot({ path: `/tmp/${SHOTS}-dashboard.png`, fullPage: true });

  // The impact report's introduction, on the same first screen: this year open, last year offered.
  const panel = page.getByRole('region', { name: 'Yearly impact report' });
  await panel.getByRole('heading', { level: 3, name: 'Yearly impact report' }).waitFor();
  const yearSelect = panel.getByLabel('Year', { exact: true });
  assert.equal(await yearSelect.inputValue(), String(year), 'this year open first');
  const options = await yearSelect.locator('option').allInnerTexts();
  assert.equal(options[0], `${year} (this year, so far)`);
  assert.ok(options.includes(String(last)), `last year is offered: ${options.join(', ')}`);
  assert.equal(await panel.getByRole('link', { name: `View the ${year} report` }).getAttribute('href'), `/impact/${year}`);
  assert.equal(await panel.getByRole('link', { name: `${year} report as PDF` }).getAttribute('href'), `/impact/${year}.pdf`);
  await panel.getByText('No introduction has been saved for this year yet.').waitFor();

  const english = panel.getByLabel('Introduction in English');
  const german = panel.getByLabel('Introduction in German');
  assert.equal(await english.getAttribute('aria-describedby'), 'impact-intro-hint');
  await panel.locator('#impact-intro-hint', { hasText: '0 of 4,000 characters' }).waitFor();

  // Written; the count follows what will be kept. Too much German: refused at its field.
  const introEn = 'In 2026 the villages got clean water and light.\n\nThank you for standing with us.';
  await english.fill(introEn);
  await panel.locator('#impact-intro-hint', { hasText: `${introEn.length} of 4,000 characters` }).waitFor();
  await german.fill('z'.repeat(4010));
  await panel.locator('#impact-intro-de-hint', { hasText: '4,010 of 4,000 characters: 10 too many' }).waitFor();
  await panel.getByRole('button', { name: 'Save introduction' }).click();
  await messages.waitFor(`The introduction to the ${year} report could not be saved.`, { kind: 'toast' });
  await panel.locator('#impact-intro-de-error', { hasText: 'This text is too long (at most 4000 characters).' }).waitFor();
  assert.equal(await german.getAttribute('aria-invalid'), 'true');
  assert.equal(await german.getAttribute('aria-describedby'), 'impact-intro-de-hint impact-intro-de-error');
  await page.waitForFunction(() => document.activeElement?.id === 'impact-intro-de');
  await panel.getByRole('alert').filter({ hasText: 'Please correct the highlighted field.' }).waitFor();
  // axe once on the whole first screen, the refused form in it.
  assert.deepEqual(await axeSerious(page), [], 'the dashboard with the refused form');
  // The browser logs the refused request (400) as an error: that one is expected, nothing else.
  const refusal = problems.findIndex((p) => /status of 400/.test(p));
  assert.ok(refusal >= 0, 'the save was refused by the server');
  problems.splice(refusal, 1);

  // Corrected and saved: a toast, who saved it, the Activity panel.
  const introDe = 'Im Jahr 2026 bekamen die Dörfer sauberes Wasser und Licht.\n\nDanke, dass Sie uns begleiten.';
  await german.fill(introDe);
  await panel.locator('#impact-intro-de-error').waitFor({ state: 'detached' });
  assert.equal(await german.getAttribute('aria-invalid'), null, 'the problem goes with the change');
  await panel.getByRole('button', { name: 'Save introduction' }).click();
  await messages.waitFor(`The introduction to the ${year} report is saved.`, { kind: 'toast' });
  await panel.getByText(/^Last saved on .+ by .+\.$/).waitFor();
  await page.getByText(`changed the introduction to the ${year} impact report`).first().waitFor();
  const stored = await e2e.srv.handle.deps.db('impact_reports').where({ year }).first('intro', 'introDe');
  assert.deepEqual(stored, { intro: introEn, introDe });
  if (SHOTS) await page.screenshot({ path: `/tmp/${SHOTS}-impact.png`, fullPage: true });

  // The quick range "Last 4 weeks" is a link, a new page load: only the recent day; the saved texts are there.
  await dashboard.getByRole('link', { name: 'Last 4 weeks' }).click();
  await page.waitForURL(/\/admin\?from=\d{4}-\d{2}-\d{2}&to=/);
  await waitForHydration(page);
  assert.equal(await page.getByRole('link', { name: 'Last 4 weeks' }).getAttribute('aria-current'), 'true');
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 40 12');
  assert.equal(await english.inputValue(), introEn);
  assert.equal(await german.inputValue(), introDe);

  // Last year has texts of its own (the year changes in place, once a possible question is answered).
  await yearSelect.selectOption(String(last));
  await panel.getByRole('link', { name: `View the ${last} report` }).waitFor();
  assert.equal(await english.inputValue(), '');
  assert.equal(await panel.getByRole('link', { name: `View the ${last} report` }).getAttribute('href'), `/impact/${last}`);
  // Unsaved words there are not lost without a question.
  await english.fill('A draft for last year.');
  await yearSelect.selectOption(String(year));
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await ask.waitFor({ state: 'hidden' });
  assert.equal(await yearSelect.inputValue(), String(last));
  assert.equal(await english.inputValue(), 'A draft for last year.');
  await yearSelect.selectOption(String(year));
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await panel.getByRole('link', { name: `View the ${year} report` }).waitFor();
  assert.equal(await english.inputValue(), introEn, 'this year’s text back');
  assert.equal(await yearSelect.inputValue(), String(year));
  assert.deepEqual(await axeSerious(page), [], 'the dashboard with a saved introduction');
  assert.deepEqual(problems, []);

  // The form: the older day's week only.
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
  await page.goto(`${e2e.srv.url}/admin?from=${addDays(older, 6)}&to=${older}`);
  await waitForHydration(page);
  await page.getByRole('alert').filter({ hasText: 'Those dates do not make a range' }).waitFor();
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 65 21');

  // Away to the Projects screen and back in the browser: drawn again from the dashboard's own
  // loader, asked for as JSON (the default range).
  await chooseScreen(page, 'Projects');
  await currentScreenLink(page, 'Projects').waitFor();
  await dashboard.waitFor({ state: 'detached' });
  const redrawn = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin' && r.request().headers()['x-admin-route'] === 'admin.dashboard' && r.ok());
  await chooseScreen(page, 'Dashboard');
  await redrawn;
  await currentScreenLink(page, 'Dashboard').waitFor();
  await page.getByRole('img', { name: 'Page views per week, bar chart' }).waitFor();
  assert.equal(await footText(page, 'Page views and visitors per week'), 'Total 65 21');
  assert.deepEqual(problems, []);

  // German: the dashboard and the impact panel speak German, the German report's address, the same texts.
  await page.goto(`${e2e.srv.url}/de/admin`);
  await waitForHydration(page);
  assert.equal(await screenLink(page, 'Übersicht').getAttribute('aria-current'), 'page');
  await page.getByRole('heading', { level: 2, name: 'Übersicht' }).waitFor();
  await page.getByRole('img', { name: 'Seitenaufrufe pro Woche, Balkendiagramm' }).waitFor();
  assert.equal(await footText(page, 'Seitenaufrufe und Besucher/innen pro Woche'), 'Total 65 21');
  await page.getByRole('link', { name: 'Letzte 12 Wochen' }).waitFor();
  const text = await page.locator('#panel-dashboard').innerText();
  for (const word of ['Page views', 'Visitors', 'Gifts', 'Week', 'Last 4 weeks', 'bar chart']) assert.ok(!text.includes(word), `"${word}" on /de/admin`);
  const de = page.getByRole('region', { name: 'Jährlicher Wirkungsbericht' });
  await de.getByRole('heading', { level: 3, name: 'Jährlicher Wirkungsbericht' }).waitFor();
  assert.equal(await de.getByLabel('Einleitung auf Englisch').inputValue(), introEn);
  assert.equal(await de.getByLabel('Einleitung auf Deutsch').inputValue(), introDe);
  assert.equal(await de.getByLabel('Jahr', { exact: true }).inputValue(), String(year));
  assert.equal(await de.getByRole('link', { name: `Bericht ${year} ansehen` }).getAttribute('href'), `/de/impact/${year}`);
  assert.equal(await de.getByRole('link', { name: /PDF/ }).getAttribute('href'), `/de/impact/${year}.pdf`);
  await de.getByRole('button', { name: 'Einleitung speichern' }).waitFor();
  await de.locator('#impact-intro-de-hint', { hasText: `${introDe.length} von 4’000 Zeichen` }).waitFor();
  const deText = await de.innerText();
  for (const word of ['Yearly', 'Introduction', 'Save', 'characters', 'report', 'Last saved']) assert.ok(!deText.includes(word), `"${word}" on /de/admin`);
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
