// In Chromium: building, generating and sending a newsletter in the admin, and the Sends panel
// following the send to its end. No Mailchimp, no OpenAI (the embedded default: template
// suggestions, the local send). The rest of the Newsletter and Social tabs and the footer form:
// test/e2e/newsletter.test.ts.
// PostgreSQL: the send is a graphile-worker job there, which claims its mails with `for update skip locked` (models/newsletter/sends.ts); the Sends panel shows its progress to the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, signInAdmin, watchedPage } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { newToken } from '../../models/newsletter/subscriber';

const e2e = serverAndBrowser();

test('build, generate and send a newsletter in the admin', async () => {
  const db = e2e.srv.handle.deps.db;
  await db('newsletter_subscribers').insert({ email: 'reader@example.org', status: 'subscribed', language: 'en', unsubscribeToken: newToken(), consentAt: new Date() });
  // The English edition goes to every confirmed English subscriber: however many the database holds.
  const recipients = Number(((await db('newsletter_subscribers').where({ status: 'subscribed', language: 'en' }).count({ n: '*' }).first()) as { n: unknown }).n);

  const { page, problems, messages } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { tab: 'newsletter' });
  await page.locator('.nl-tab:not([aria-busy])').waitFor();
  const tab = page.locator('.nl-tab');
  assert.deepEqual(await axeSerious(page), []);

  // Validation (a subject and at least one item): the generate button is marked disabled and explains why.
  const generate = tab.getByRole('button', { name: 'Preview the newsletter' });
  // aria-disabled (not `disabled`) keeps it focusable, so a click can still say what is missing.
  assert.equal(await generate.getAttribute('aria-disabled'), 'true');
  await generate.click({ force: true });
  await messages.waitFor('Missing Subject', { kind: 'toast' });
  await tab.getByLabel('Subject line').fill('Draft');
  await generate.click({ force: true });
  await messages.waitFor('No Content Selected', { kind: 'toast' });
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
  const suggestions = tab.getByRole('region', { name: 'Suggestions' });
  await tab.getByRole('button', { name: 'Suggest subject and preview' }).click();
  await messages.waitFor('Template Suggestions Generated!', { kind: 'toast' });
  await suggestions.waitFor();
  await tab.getByRole('button', { name: 'Dismiss' }).click();
  await suggestions.waitFor({ state: 'detached' });
  await tab.getByRole('button', { name: 'Suggest subject and preview' }).click();
  await suggestions.getByText('Template', { exact: true }).waitFor();
  await tab.getByRole('button', { name: 'Apply' }).click();
  await messages.waitFor('Suggestions Applied', { kind: 'toast' });
  assert.match(await tab.getByLabel('Subject line').inputValue(), /and 1 more update/);
  assert.match(await tab.getByLabel('Preview text').inputValue(), /^In this issue: /);

  await generate.click();
  await messages.waitFor('Newsletter Generated', { kind: 'toast' });
  const frame = page.frameLocator('iframe[title="Preview of the newsletter e-mail"]');
  await frame.getByText('News from the villages').waitFor();

  // Three steps: write and preview, send a test, send. The send makes the mailing first (the
  // spec's campaign: 'Campaign Created'), after the one question.
  for (const step of ['1. Write and preview', '2. Send a test', '3. Send to your subscribers']) await tab.getByRole('heading', { level: 3, name: step }).waitFor();
  assert.equal(await tab.getByRole('button', { name: 'Create Campaign' }).count(), 0, 'no separate campaign step');
  await tab.getByRole('button', { name: 'Send Newsletter' }).click();
  await tab.getByRole('alertdialog').getByRole('button', { name: 'Yes, send now' }).click();
  // The send runs in the background ('Sending started'); the Sends panel follows it to the end and
  // says so, with the count. Each toast is recorded as it shows, however briefly (one at a time).
  const word = recipients === 1 ? 'recipient' : 'recipients';
  await messages.waitFor(new RegExp(`^Newsletter Sent! .*sent to all subscribers \\(${recipients} ${word}\\)`), { kind: 'toast' });
  const sends = tab.getByRole('region', { name: 'Sends' });
  await sends.getByText(`${recipients} of ${recipients} sent · 0 failed · 0 remaining`).waitFor();
  assert.equal(await sends.getByRole('progressbar').getAttribute('value'), String(recipients));

  // Everything resets (with the send's answer, before the panel's first look).
  assert.equal(await tab.getByLabel('Subject line').inputValue(), '');
  assert.equal(await tab.getByLabel('Preview text').inputValue(), '');
  assert.equal(await firstNews.isChecked(), false);
  assert.equal(await page.locator('iframe.nl-frame').count(), 0);

  const [mail] = await outboxFor(db, 'reader@example.org');
  assert.match(mail!.subject, /and 1 more update/);
  assert.deepEqual(problems, []);
  await page.context().close();
});
