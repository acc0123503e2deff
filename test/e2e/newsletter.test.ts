// In Chromium: the footer subscribe toasts (on a light page: every page has the same footer form);
// the footer's own words for an address Mailchimp removed (the server's half, the code in the 400:
// test/api/newsletter-mailchimp.test.ts); generating social posts and copying one; the German
// Newsletter and Social tabs. No Mailchimp, no OpenAI (the embedded default). Building and sending
// a newsletter in the admin: test/e2e/newsletter-send.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, chooseScreen, currentScreenLink, serverAndBrowser, signInAdmin, waitForHydration, watchedPage } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { FORGOTTEN_MESSAGE } from '../../models/providers/mailing';

const e2e = serverAndBrowser();

test('footer subscription: empty address, then a pending confirmation (both languages)', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  for (const [lang, required, pending] of [
    ['', 'Email Required', 'Almost there!'],
    ['/de', 'E-Mail erforderlich', 'Fast geschafft!'],
  ] as const) {
    const email = `footer${lang.replace('/', '-')}@example.org`;
    await page.goto(`${e2e.srv.url}${lang}/imprint`);
    await waitForHydration(page);
    const form = page.locator('form.newsletter-form');
    await form.getByRole('button').click();
    await messages.waitFor(required, { kind: 'toast' });
    await form.getByRole('textbox').fill(email);
    await form.getByRole('button').click();
    await messages.waitFor(pending, { kind: 'toast' });
    // The field is cleared with the answer (a wait for that state: it fails if it never comes).
    await page.waitForFunction(() => (document.getElementById('newsletter-email') as HTMLInputElement).value === '');
    // The confirmation mail is written before the answer.
    assert.equal((await outboxFor(e2e.srv.handle.deps.db, email)).length, 1);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('footer subscription of an address Mailchimp removed: the form knows it by its code, in German too', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  // The server's answer for such an address (its English sentence and its code, as
  // test/api/newsletter-mailchimp.test.ts proves it), given to the page without a Mailchimp.
  await page.route('**/api/newsletter/subscribe', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: FORGOTTEN_MESSAGE, code: 'newsletter.previously_unsubscribed' }) }));
  await page.goto(`${e2e.srv.url}/de/imprint`);
  await waitForHydration(page);
  const form = page.locator('form.newsletter-form');
  await form.getByRole('textbox').fill('removed@example.org');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/subscribe'));
  await form.getByRole('button').click();
  assert.equal((await answer).status(), 400);
  const shown = await messages.waitFor('E-Mail-Adresse wurde entfernt', { kind: 'toast' });
  assert.match(shown, /früher abgemeldet/);
  assert.doesNotMatch(shown, /previously unsubscribed/, 'the German words, not the server’s English sentence');
  // The answer is a 400, which the browser reports itself; nothing else went wrong.
  assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
  await page.context().close();
});

test('generate social posts, copy one, view and download a preset image', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.srv.url });
  await signInAdmin(page, e2e.srv.url, { tab: 'social' });
  await page.locator('.social-tab:not([aria-busy])').waitFor();
  const tab = page.locator('.social-tab');
  assert.deepEqual(await axeSerious(page), []);

  assert.equal(await tab.getByRole('button', { name: 'Generate Posts' }).getAttribute('aria-disabled'), 'true');
  await tab.getByRole('button', { name: 'Generate Posts' }).click({ force: true });
  await messages.waitFor('Missing Information', { kind: 'toast' });

  // Switching the content type clears the selection.
  const item = tab.getByLabel('Project', { exact: true }).and(page.locator('select'));
  await item.selectOption({ index: 1 });
  await tab.getByRole('radio', { name: 'News article' }).check();
  await page.waitForFunction(() => (document.querySelector('#social-item') as HTMLSelectElement | null)?.value === '');
  await tab.getByRole('radio', { name: 'Project' }).check();
  await tab.locator('#social-item').selectOption({ index: 1 });

  await tab.getByRole('checkbox', { name: 'Twitter/X' }).check();
  await tab.getByRole('checkbox', { name: 'LinkedIn' }).check();
  await tab.getByRole('button', { name: 'Generate Posts' }).click();
  await messages.waitFor('Multi-Platform Content Generated!', { kind: 'toast' });

  const count = tab.getByText(/of 280 characters/);
  await count.waitFor();
  const xText = await tab.getByLabel('Twitter/X post').inputValue();
  assert.match(xText, /http:\/\/localhost:5000\/projects\//);
  assert.match((await count.textContent()) ?? '', /^\d+ of 280/);
  await tab.getByRole('button', { name: 'Copy text (Twitter/X)' }).click();
  await messages.waitFor('Copied!', { kind: 'toast' });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), xText);
  assert.deepEqual(await axeSerious(page), []);

  // Opening the platform: a new tab with its share page, the text on the clipboard.
  // The share page is answered locally (no internet here); a 204 would leave the popup unloaded.
  await page.context().route('https://www.linkedin.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>LinkedIn stand-in</title>' }));
  const [popup] = await Promise.all([page.context().waitForEvent('page'), tab.getByRole('button', { name: /Open LinkedIn/ }).click()]);
  await popup.waitForURL(/linkedin/);
  assert.match(popup.url(), /linkedin\.com\/sharing\/share-offsite/);
  await messages.waitFor('Platform Opened!', { kind: 'toast' });
  await popup.close();

  // Seven preset images: view one, download it with a prefixed, timestamped name.
  const images = tab.getByRole('region', { name: 'Images for your post' }).or(tab.locator('.social-images'));
  assert.equal(await images.locator('img').count(), 7);
  await tab.getByRole('button', { name: 'View (Solar light)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solar light' });
  await dialog.getByRole('img').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  assert.match(download.suggestedFilename(), /^kuvaka-social-solar-light-\d{8}-\d{6}\.png$/);
  await messages.waitFor('Downloaded!', { kind: 'toast' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the German admin tabs speak German and pass axe', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'newsletter' });
  await page.locator('.nl-tab:not([aria-busy])').waitFor();
  await page.getByRole('heading', { name: 'Newsletter erstellen' }).waitFor();
  await page.getByRole('button', { name: 'Betreff und Vorschau vorschlagen' }).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  // On to the social tab in the page (its words come from the API either way).
  await chooseScreen(page, 'Soziale Medien');
  await currentScreenLink(page, 'Soziale Medien').waitFor();
  await page.locator('.social-tab:not([aria-busy])').waitFor();
  await page.getByRole('heading', { name: 'Social-Media-Beiträge' }).waitFor();
  await page.getByRole('button', { name: 'Beiträge erstellen' }).click({ force: true });
  await messages.waitFor('Angaben fehlen', { kind: 'toast' });
  const text = (await page.locator('.social-tab').innerText()).toLowerCase();
  for (const english of ['generate', 'platforms', 'download', 'choose']) assert.ok(!text.includes(english), `English "${english}" on the German tab`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});
