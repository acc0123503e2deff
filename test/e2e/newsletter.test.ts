// In Chromium: the footer subscribe toasts; building, generating and sending a newsletter in the
// admin; generating social posts and copying one. No Mailchimp, no OpenAI (the embedded default).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { axeSerious, launchBrowser, startServer, waitForHydration, watchedPage, type RunningServer, signInAdmin } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { newToken } from '../../models/newsletter/subscriber';
import { startFakeMailchimp } from '../fakes/mailchimp';

let srv: RunningServer;
let browser: Browser;

before(async () => {
  srv = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await srv?.close();
});

const toast = (page: Page, title: string) => page.locator('.toast-title', { hasText: title });

async function login(page: Page, lang: '' | '/de' = ''): Promise<void> {
  await signInAdmin(page, srv.url, { lang });
}

async function openTab(page: Page, lang: '' | '/de', tab: 'newsletter' | 'social'): Promise<void> {
  await page.goto(`${srv.url}${lang}/admin?tab=${tab}`);
  await waitForHydration(page);
  await page.locator(tab === 'newsletter' ? '.nl-tab:not([aria-busy])' : '.social-tab:not([aria-busy])').waitFor();
}

test('footer subscription: empty address, then a pending confirmation (both languages)', async () => {
  for (const [lang, required, pending] of [
    ['', 'Email Required', 'Almost there!'],
    ['/de', 'E-Mail erforderlich', 'Fast geschafft!'],
  ] as const) {
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${srv.url}${lang}/`);
    await waitForHydration(page);
    const form = page.locator('form.newsletter-form');
    await form.getByRole('button').click();
    await toast(page, required).waitFor();
    await form.getByRole('textbox').fill(`footer${lang.replace('/', '-')}@example.org`);
    await form.getByRole('button').click();
    await toast(page, pending).waitFor();
    assert.equal(await form.getByRole('textbox').inputValue(), '', 'the field is cleared');
    const mails = await outboxFor(srv.handle.deps.db, `footer${lang.replace('/', '-')}@example.org`);
    assert.equal(mails.length, 1);
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});

test('footer subscription of an address Mailchimp removed: the form knows it by its code, in German too', async () => {
  const mc = await startFakeMailchimp({ apiKey: 'x-us1' });
  const withMailchimp = await startServer({ MAILCHIMP_API_KEY: 'x-us1', MAILCHIMP_SERVER_PREFIX: 'us1', MAILCHIMP_AUDIENCE_ID: 'aud1', MAILCHIMP_API_BASE: mc.url });
  try {
    mc.forgotten.add('removed@example.org');
    const { page, problems } = await watchedPage(browser);
    await page.goto(`${withMailchimp.url}/de/`);
    await waitForHydration(page);
    const form = page.locator('form.newsletter-form');
    await form.getByRole('textbox').fill('removed@example.org');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/subscribe'));
    await form.getByRole('button').click();
    assert.equal((await (await answer).json()).code, 'newsletter.previously_unsubscribed');
    await toast(page, 'E-Mail-Adresse wurde entfernt').waitFor();
    assert.match((await page.locator('.toast-description').textContent()) ?? '', /früher abgemeldet/);
    // The answer is a 400, which the browser reports itself; nothing else went wrong.
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    await page.context().close();
  } finally {
    await withMailchimp.close();
    await mc.close();
  }
});

test('build, generate and send a newsletter in the admin', async () => {
  const db = srv.handle.deps.db;
  await db('newsletter_subscribers').insert({ email: 'reader@example.org', status: 'subscribed', language: 'en', unsubscribeToken: newToken(), consentAt: new Date() });

  const { page, problems } = await watchedPage(browser);
  await login(page);
  await openTab(page, '', 'newsletter');
  const tab = page.locator('.nl-tab');
  assert.deepEqual(await axeSerious(page), []);

  // Validation (a subject and at least one item): the generate button is marked disabled and explains why.
  const generate = tab.getByRole('button', { name: 'Preview the newsletter' });
  // aria-disabled (not `disabled`) keeps it focusable, so a click can still say what is missing.
  assert.equal(await generate.getAttribute('aria-disabled'), 'true');
  await generate.click({ force: true });
  await toast(page, 'Missing Subject').waitFor();
  await tab.getByLabel('Subject line').fill('Draft');
  await generate.click({ force: true });
  await toast(page, 'No Content Selected').waitFor();
  await tab.getByLabel('Subject line').fill('');

  // Choose content; the lists show 60-character previews and scroll.
  const newsList = tab.getByRole('group', { name: /News articles/ });
  const firstNews = newsList.getByRole('checkbox').first();
  await firstNews.check();
  await tab.getByRole('group', { name: /Projects/ }).getByRole('checkbox').first().check();
  const preview = await newsList.locator('.nl-item-preview').first().textContent();
  assert.ok((preview ?? '').length <= 63, `preview: ${preview}`);
  assert.equal(await newsList.locator('.nl-list').evaluate((el) => getComputedStyle(el).overflowY), 'auto');

  // Suggestions (templates here), dismiss, then again and apply.
  await tab.getByRole('button', { name: 'Suggest subject and preview' }).click();
  await toast(page, 'Template Suggestions Generated!').waitFor();
  await tab.getByRole('button', { name: 'Dismiss' }).click();
  assert.equal(await tab.getByRole('region', { name: 'Suggestions' }).count(), 0);
  await tab.getByRole('button', { name: 'Suggest subject and preview' }).click();
  await tab.getByRole('region', { name: 'Suggestions' }).getByText('Template', { exact: true }).waitFor();
  await tab.getByRole('button', { name: 'Apply' }).click();
  await toast(page, 'Suggestions Applied').waitFor();
  assert.match(await tab.getByLabel('Subject line').inputValue(), /and 1 more update/);
  assert.match(await tab.getByLabel('Preview text').inputValue(), /^In this issue: /);

  await generate.click();
  await toast(page, 'Newsletter Generated').waitFor();
  const frame = page.frameLocator('iframe[title="Preview of the newsletter e-mail"]');
  await frame.getByText('News from the villages').waitFor();

  // Three steps: write and preview, send a test, send. The send makes the mailing first (the
  // spec's campaign: 'Campaign Created'), after the one question.
  for (const step of ['1. Write and preview', '2. Send a test', '3. Send to your subscribers']) await tab.getByRole('heading', { level: 3, name: step }).waitFor();
  assert.equal(await tab.getByRole('button', { name: 'Create Campaign' }).count(), 0, 'no separate campaign step');
  await tab.getByRole('button', { name: 'Send Newsletter' }).click();
  await tab.getByRole('alertdialog').getByRole('button', { name: 'Yes, send now' }).click();
  // The send runs in the background ('Sending started', which one subscriber's send may replace at
  // once: one toast at a time); the Sends panel follows it to the end.
  await toast(page, 'Newsletter Sent!').waitFor({ timeout: 20_000 });
  assert.match((await page.locator('.toast-description').textContent()) ?? '', /sent to all subscribers \(1 recipient\)/);
  const sends = tab.getByRole('region', { name: 'Sends' });
  await sends.getByText('1 of 1 sent · 0 failed · 0 remaining').waitFor();
  assert.equal(await sends.getByRole('progressbar').getAttribute('value'), '1');

  // Everything resets.
  assert.equal(await tab.getByLabel('Subject line').inputValue(), '');
  assert.equal(await tab.getByLabel('Preview text').inputValue(), '');
  assert.equal(await firstNews.isChecked(), false);
  assert.equal(await page.locator('iframe.nl-frame').count(), 0);

  const [mail] = await outboxFor(db, 'reader@example.org');
  assert.match(mail!.subject, /and 1 more update/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('generate social posts, copy one, view and download a preset image', async () => {
  const { page, problems } = await watchedPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.url });
  await login(page);
  await openTab(page, '', 'social');
  const tab = page.locator('.social-tab');
  assert.deepEqual(await axeSerious(page), []);

  assert.equal(await tab.getByRole('button', { name: 'Generate Posts' }).getAttribute('aria-disabled'), 'true');
  await tab.getByRole('button', { name: 'Generate Posts' }).click({ force: true });
  await toast(page, 'Missing Information').waitFor();

  // Switching the content type clears the selection.
  const item = tab.getByLabel('Project', { exact: true }).and(page.locator('select'));
  await item.selectOption({ index: 1 });
  await tab.getByRole('radio', { name: 'News article' }).check();
  assert.equal(await tab.locator('#social-item').inputValue(), '');
  await tab.getByRole('radio', { name: 'Project' }).check();
  await tab.locator('#social-item').selectOption({ index: 1 });

  await tab.getByRole('checkbox', { name: 'Twitter/X' }).check();
  await tab.getByRole('checkbox', { name: 'LinkedIn' }).check();
  await tab.getByRole('button', { name: 'Generate Posts' }).click();
  await toast(page, 'Multi-Platform Content Generated!').waitFor();

  const xText = await tab.getByLabel('Twitter/X post').inputValue();
  assert.match(xText, /http:\/\/localhost:5000\/projects\//);
  assert.match(await tab.getByText(/of 280 characters/).textContent() ?? '', /^\d+ of 280/);
  await tab.getByRole('button', { name: 'Copy text (Twitter/X)' }).click();
  await toast(page, 'Copied!').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), xText);
  assert.deepEqual(await axeSerious(page), []);

  // Opening the platform: a new tab with its share page, the text on the clipboard.
  // The share page is answered locally (no internet here); a 204 would leave the popup unloaded.
  await page.context().route('https://www.linkedin.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>LinkedIn stand-in</title>' }));
  const [popup] = await Promise.all([page.context().waitForEvent('page'), tab.getByRole('button', { name: /Open LinkedIn/ }).click()]);
  await popup.waitForURL(/linkedin/);
  assert.match(popup.url(), /linkedin\.com\/sharing\/share-offsite/);
  await toast(page, 'Platform Opened!').waitFor();
  await popup.close();

  // Seven preset images: view one, download it with a prefixed, timestamped name.
  const images = tab.getByRole('region', { name: 'Images for your post' }).or(tab.locator('.social-images'));
  assert.equal(await images.locator('img').count(), 7);
  await tab.getByRole('button', { name: 'View (Solar light)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solar light' });
  await dialog.getByRole('img').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  assert.match(download.suggestedFilename(), /^kuvaka-social-solar-light-\d{8}-\d{6}\.png$/);
  await toast(page, 'Downloaded!').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the German admin tabs speak German and pass axe', async () => {
  const { page, problems } = await watchedPage(browser);
  await login(page, '/de');
  await openTab(page, '/de', 'newsletter');
  await page.getByRole('heading', { name: 'Newsletter erstellen' }).waitFor();
  await page.getByRole('button', { name: 'Betreff und Vorschau vorschlagen' }).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await openTab(page, '/de', 'social');
  await page.getByRole('heading', { name: 'Social-Media-Beiträge' }).waitFor();
  await page.getByRole('button', { name: 'Beiträge erstellen' }).click({ force: true });
  await toast(page, 'Angaben fehlen').waitFor();
  const text = (await page.locator('.social-tab').innerText()).toLowerCase();
  for (const english of ['generate', 'platforms', 'download', 'choose']) assert.ok(!text.includes(english), `English "${english}" on the German tab`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});
