// The subscribers panel of the Newsletter tab in Chromium: a volunteer finds a subscriber, shows
// their consent record and history, and erases them after confirming (Swiss FADP / EU GDPR).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, waitForHydration, watchedPage, signInAdmin } from '../helpers';
import { confirmSubscription, requestSubscription } from '../../models/newsletter/subscriber';

const e2e = serverAndBrowser();
const CONSENT = 'Send me news from the villages. I can unsubscribe at any time.';

async function login(page: Page, lang: '' | '/de' = ''): Promise<void> {
  await signInAdmin(page, e2e.srv.url, { lang });
}

async function openPanel(page: Page, lang: '' | '/de' = '') {
  await page.goto(`${e2e.srv.url}${lang}/admin?tab=newsletter`);
  await waitForHydration(page);
  const panel = page.locator('section.subs');
  await panel.locator('table').waitFor();
  return panel;
}

test('find a subscriber, show the consent record, erase them', async () => {
  const db = e2e.srv.handle.deps.db;
  for (const [email, language] of [['erase.me@example.org', 'en'], ['stays@example.ch', 'de']] as const) {
    const r = await requestSubscription(db, { email, language, form: 'footer', consentText: CONSENT });
    await confirmSubscription(db, r.confirmToken!);
  }

  const { page, problems } = await watchedPage(browser());
  await login(page);
  const panel = await openPanel(page);
  const table = panel.getByRole('table', { name: /Newsletter subscribers/ });
  const row = table.getByRole('row', { name: /erase\.me@example\.org/ });
  await row.waitFor();
  assert.equal(await table.locator('tbody tr').count(), 2);
  await row.getByText('Subscribed', { exact: true }).waitFor();
  assert.deepEqual(await axeSerious(page), []);

  // Search narrows the list (on the server).
  await panel.getByLabel('Search e-mail addresses').fill('example.ch');
  await table.getByRole('row', { name: /erase\.me/ }).waitFor({ state: 'detached' });
  assert.equal(await table.locator('tbody tr').count(), 1);
  await panel.getByLabel('Search e-mail addresses').fill('');
  await row.waitFor();

  // The CSV link carries the filter and the admin's language.
  await panel.getByLabel('Status', { exact: true }).selectOption('subscribed');
  assert.equal(await panel.getByRole('link', { name: 'Download CSV' }).getAttribute('href'), '/api/admin/newsletter/subscribers.csv?status=subscribed&lang=en');
  await panel.getByLabel('Status', { exact: true }).selectOption('');

  // Details: the consent record and its history, in a modal dialog.
  await row.getByRole('button', { name: 'Details: erase.me@example.org' }).click();
  const dialog = page.getByRole('dialog', { name: 'erase.me@example.org' });
  await dialog.getByRole('heading', { name: 'Consent history' }).waitFor();
  await dialog.getByText(CONSENT).waitFor();
  const events = dialog.locator('.subs-history li');
  assert.equal(await events.count(), 2);
  assert.match((await events.nth(0).textContent()) ?? '', /Asked to subscribe/);
  assert.match((await events.nth(1).textContent()) ?? '', /Confirmed/);
  assert.deepEqual(await axeSerious(page), []);

  // Erase: a confirmation step first, which starts on Cancel.
  await dialog.getByRole('button', { name: 'Erase' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase this subscriber?' });
  await confirm.getByText(/erase\.me@example\.org will be deleted for good/).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
  assert.deepEqual(await axeSerious(page), []);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  assert.equal(await row.count(), 1, 'cancel keeps the subscriber');

  // Straight from the table's Erase button.
  await row.getByRole('button', { name: 'Erase: erase.me@example.org' }).click();
  await confirm.getByRole('button', { name: 'Yes, erase' }).click();
  await page.locator('.toast-title', { hasText: 'Subscriber erased' }).waitFor();
  await row.waitFor({ state: 'detached' });
  assert.equal(await table.locator('tbody tr').count(), 1);
  assert.equal((await db('newsletter_subscribers').where({ email: 'erase.me@example.org' })).length, 0);
  await panel.getByText('1 confirmed').waitFor();
  // The activity log names the number only.
  const audit = await db('audit_log').where({ entity: 'subscriber' });
  assert.equal(audit.length, 1);
  assert.doesNotMatch(JSON.stringify(audit), /erase\.me/);

  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('German, on a phone: translated, and the table scrolls in its own box', async () => {
  const { page, problems } = await watchedPage(browser(), { viewport: { width: 390, height: 844 } });
  await login(page, '/de');
  const panel = await openPanel(page, '/de');
  await panel.getByRole('heading', { name: 'Abonnentinnen und Abonnenten' }).waitFor();
  await panel.getByRole('table', { name: /Newsletter-Abonnierende/ }).waitFor();
  await panel.getByRole('button', { name: 'Löschen: stays@example.ch' }).waitFor();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  assert.ok(widths.page <= widths.view, `the page does not scroll sideways: ${JSON.stringify(widths)}`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

const browser = () => e2e.browser;
