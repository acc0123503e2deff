// The yearly impact report's introduction on the admin's dashboard in Chromium (issue 29, point 4;
// views/admin/impact-panel.tsx): the section is on the first screen with the years a report exists
// for; the English and German introductions are written with a count against the limit; a text
// over the limit is refused with the problem at its field (named, invalid, focused); a save says
// so in a toast and in the Activity panel, and a reload shows the texts; another year has texts of
// its own, and leaving unsaved words asks first; the links go to the public report and its PDF; the
// German admin speaks German; axe finds nothing serious. Screenshot: /tmp/admin-impact.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, signInAdmin, until, waitForHydration, watchedPage } from '../helpers';
import { swissToday } from '../../models/shared/dates';

const e2e = serverAndBrowser();

const toast = (page: Page, text: string) => page.locator('.toast-title', { hasText: text });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

test('the impact report introduction: write both languages, save, reload, another year, German, accessible', async () => {
  const year = Number(swissToday().slice(0, 4));
  const last = year - 1;
  // A gift last year: the books begin then, so last year has a report too.
  await e2e.srv.handle.deps.db('donations').insert({
    paymentIntentId: 'pi_impact_e2e',
    amountCents: 5000,
    currency: 'usd',
    status: 'succeeded',
    kind: 'one_off',
    settledCents: 5000,
    settledCurrency: 'usd',
    appliedAt: `${last}-06-15T10:00:00.000Z`,
  });

  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { tab: null });
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
  await toast(page, `The introduction to the ${year} report could not be saved.`).waitFor();
  await panel.locator('#impact-intro-de-error', { hasText: 'This text is too long (at most 4000 characters).' }).waitFor();
  assert.equal(await german.getAttribute('aria-invalid'), 'true');
  assert.equal(await german.getAttribute('aria-describedby'), 'impact-intro-de-hint impact-intro-de-error');
  await until(async () => (await focusedId(page)) === 'impact-intro-de', 'the focus on the German field', 5000);
  await panel.getByRole('alert').filter({ hasText: 'Please correct the highlighted field.' }).waitFor();
  assert.deepEqual(await axeSerious(page), [], 'the refused form');
  // The browser logs the refused request (400) as an error: that one is expected, nothing else.
  const refusal = problems.findIndex((p) => /status of 400/.test(p));
  assert.ok(refusal >= 0, 'the save was refused by the server');
  problems.splice(refusal, 1);

  // Corrected and saved: a toast, who saved it, the Activity panel.
  const introDe = 'Im Jahr 2026 bekamen die Dörfer sauberes Wasser und Licht.\n\nDanke, dass Sie uns begleiten.';
  await german.fill(introDe);
  assert.equal(await german.getAttribute('aria-invalid'), null, 'the problem goes with the change');
  await panel.getByRole('button', { name: 'Save introduction' }).click();
  await toast(page, `The introduction to the ${year} report is saved.`).waitFor();
  await panel.getByText(/^Last saved on .+ by .+\.$/).waitFor();
  await page.getByText(`changed the introduction to the ${year} impact report`).first().waitFor();
  const stored = await e2e.srv.handle.deps.db('impact_reports').where({ year }).first('intro', 'introDe');
  assert.deepEqual(stored, { intro: introEn, introDe });
  await page.screenshot({ path: '/tmp/admin-impact.png', fullPage: true });

  // Reloaded: the texts are there.
  await page.reload();
  await waitForHydration(page);
  assert.equal(await english.inputValue(), introEn);
  assert.equal(await german.inputValue(), introDe);

  // Last year has texts of its own; unsaved words there are not lost without a question.
  await yearSelect.selectOption(String(last));
  assert.equal(await english.inputValue(), '');
  assert.equal(await panel.getByRole('link', { name: `View the ${last} report` }).getAttribute('href'), `/impact/${last}`);
  await english.fill('A draft for last year.');
  await yearSelect.selectOption(String(year));
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await ask.waitFor();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  assert.equal(await yearSelect.inputValue(), String(last));
  assert.equal(await english.inputValue(), 'A draft for last year.');
  await yearSelect.selectOption(String(year));
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await until(async () => (await english.inputValue()) === introEn, 'this year’s text back');
  assert.equal(await yearSelect.inputValue(), String(year));
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);

  // The German admin: German words, the German report's address, the same texts.
  await page.goto(`${e2e.srv.url}/de/admin`);
  await waitForHydration(page);
  const de = page.getByRole('region', { name: 'Jährlicher Wirkungsbericht' });
  await de.getByRole('heading', { level: 3, name: 'Jährlicher Wirkungsbericht' }).waitFor();
  assert.equal(await de.getByLabel('Einleitung auf Englisch').inputValue(), introEn);
  assert.equal(await de.getByLabel('Einleitung auf Deutsch').inputValue(), introDe);
  assert.equal(await de.getByLabel('Jahr', { exact: true }).inputValue(), String(year));
  assert.equal(await de.getByRole('link', { name: `Bericht ${year} ansehen` }).getAttribute('href'), `/de/impact/${year}`);
  assert.equal(await de.getByRole('link', { name: /PDF/ }).getAttribute('href'), `/de/impact/${year}.pdf`);
  await de.getByRole('button', { name: 'Einleitung speichern' }).waitFor();
  await de.locator('#impact-intro-de-hint', { hasText: `${introDe.length} von 4’000 Zeichen` }).waitFor();
  const text = await de.innerText();
  for (const word of ['Yearly', 'Introduction', 'Save', 'characters', 'report', 'Last saved']) assert.ok(!text.includes(word), `"${word}" on /de/admin`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});
