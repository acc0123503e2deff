// The subscribers panel of the Newsletter tab in Chromium: a volunteer finds a subscriber, shows
// their consent record and history, and erases them after confirming (Swiss FADP / EU GDPR); and
// lifts a suppressed address (bounces, complaints) by keyboard on the German screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, watchedPage, signInAdmin } from '../helpers';
import { confirmSubscription, requestSubscription } from '../../models/newsletter/subscriber';
import { isSuppressed, recordMailEvent } from '../../models/people/mail-suppression';

const e2e = serverAndBrowser();
const CONSENT = 'Send me news from the villages. I can unsubscribe at any time.';

/** Signed in, on the Newsletter tab, its subscribers listed. */
async function openPanel(page: Page, lang: '' | '/de' = '') {
  await signInAdmin(page, e2e.srv.url, { lang, tab: 'newsletter' });
  const panel = page.locator('section.subs');
  await panel.locator('table').first().waitFor();
  return panel;
}

/**
 * Both subscribers, which every test here needs (the first erases one, the second shows the
 * other): made by whichever test runs first, once, so each passes alone and in any order.
 */
let seeded: Promise<void> | undefined;
const subscribers = () =>
  (seeded ??= (async () => {
    const db = e2e.srv.handle.deps.db;
    for (const [email, language] of [['erase.me@example.org', 'en'], ['stays@example.ch', 'de']] as const) {
      const r = await requestSubscription(db, { email, language, form: 'footer', consentText: CONSENT });
      await confirmSubscription(db, r.confirmToken!);
    }
  })());

test('find a subscriber, show the consent record, erase them', async () => {
  await subscribers();
  const db = e2e.srv.handle.deps.db;
  const { page, problems, messages } = await watchedPage(browser());
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
  const csv = panel.getByRole('link', { name: 'Download CSV' });
  await panel.locator('a[href*="status=subscribed"]').waitFor();
  assert.equal(await csv.getAttribute('href'), '/api/admin/newsletter/subscribers.csv?status=subscribed&lang=en');
  // Back to every status: the list is read again; its answer is in before the next click.
  const relisted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/newsletter/subscribers' && !new URL(r.url()).searchParams.has('status'));
  await panel.getByLabel('Status', { exact: true }).selectOption('');
  await relisted;
  await panel.locator('a[href="/api/admin/newsletter/subscribers.csv?lang=en"]').waitFor();

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
  await messages.waitFor('Subscriber erased', { kind: 'toast' });
  await row.waitFor({ state: 'detached' });
  assert.equal(await table.locator('tbody tr').count(), 1);
  assert.equal((await db('newsletter_subscribers').where({ email: 'erase.me@example.org' })).length, 0);
  await panel.getByText('1 confirmed').waitFor();
  // The activity log names the number only.
  const audit = await db('audit_log').where({ entity: 'subscriber', action: 'erase' });
  assert.equal(audit.length, 1);
  assert.doesNotMatch(JSON.stringify(audit), /erase\.me/);

  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('German, on a phone: translated, and the table scrolls in its own box', async () => {
  await subscribers();
  const { page, problems } = await watchedPage(browser(), { viewport: { width: 390, height: 844 } });
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

test('German: a suppressed address with its reason, lifted by keyboard, the list and the badge updated', async () => {
  await subscribers();
  const db = e2e.srv.handle.deps.db;
  await recordMailEvent(db, { source: 'postmark', eventId: 'e2e-bounce-1', address: 'stays@example.ch', kind: 'hard_bounce', detail: '550 5.1.1 user unknown' });
  const { page, problems } = await watchedPage(browser());
  const panel = await openPanel(page, '/de');
  const section = panel.locator('section.subs-suppressed');
  await section.getByRole('heading', { name: 'Gesperrte Adressen' }).waitFor();
  const row = section.getByRole('table', { name: /gesperrte Adresse/ }).getByRole('row', { name: /stays@example\.ch/ });
  await row.getByText('Unzustellbar: Das Postfach existiert nicht').waitFor();
  await row.getByText('Postmark', { exact: true }).waitFor();
  // The subscriber's own row says so too.
  const subscriberRow = panel.getByRole('table', { name: /Newsletter-Abonnierende/ }).getByRole('row', { name: /stays@example\.ch/ });
  await subscriberRow.getByText('Gesperrt', { exact: true }).waitFor();
  // No English on the German screen.
  assert.doesNotMatch((await section.innerText()) ?? '', /\b(?:Lift|Suppress\w*|bounce|mailbox|Reported|Since|Why)\b/i);
  assert.deepEqual(await axeSerious(page), []);

  // By keyboard: the row's button, the confirmation (which starts on Cancel), then "Ja, aufheben".
  await row.getByRole('button', { name: 'Sperre aufheben: stays@example.ch' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Sperre aufheben?' });
  await confirm.getByText(/stays@example\.ch erh\u00e4lt wieder Newsletter/).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Abbrechen');
  assert.deepEqual(await axeSerious(page), []);
  await page.keyboard.press('Shift+Tab');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Ja, aufheben');
  await page.keyboard.press('Enter');
  await section.getByRole('status').filter({ hasText: 'Sperre aufgehoben: stays@example.ch erh\u00e4lt wieder Newsletter.' }).waitFor();
  await row.waitFor({ state: 'detached' });
  await section.getByText('Keine gesperrten Adressen').waitFor();
  await subscriberRow.getByText('Gesperrt', { exact: true }).waitFor({ state: 'detached' });
  assert.equal(await isSuppressed(db, 'stays@example.ch'), false);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

const browser = () => e2e.browser;
