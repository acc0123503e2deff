// The editor's accessibility check in Chromium: it lists a file-name alt text of the English
// description, its button takes the keyboard to the field, and publishing with the problem asks
// first in an in-page dialog (back to the form, or save anyway). axe-clean with the results open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, watchedPage, signInAdmin } from '../helpers';

const e2e = serverAndBrowser();

async function login(page: Page): Promise<void> {
  await signInAdmin(page, e2e.srv.url);
}

test('check, jump to the field, and confirm before publishing with problems', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await login(page);
  await page.getByRole('button', { name: /^Edit: / }).first().click();
  const form = page.locator('#edit-form');
  await form.waitFor();
  // A published item (Publish now): its save is a publication.
  await form.locator('input[name="publishMode"][value="now"]').check();
  const description = form.locator('textarea[name="description"]');
  await description.fill('## Our garden\n\n![IMG_2041.jpg](/images/garden.jpg)\n\nSeedlings in rows.');

  // The library picker of the German text inserts an image with an alt text (German where there is one).
  const german = form.locator('textarea[name="descriptionDe"]');
  const before = await german.inputValue();
  await form.locator('[role=tabpanel]').filter({ has: page.locator('textarea[name="descriptionDe"]') }).getByRole('button', { name: 'Insert image from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.locator('.picker-item').first().waitFor();
  await picker.locator('.picker-item').first().click();
  await picker.waitFor({ state: 'hidden' });
  const images = (text: string) => text.match(/!\[[^\]]{3,}\]\(\/(images|uploads)\/[^)]+\)/g) ?? [];
  assert.equal(images(await german.inputValue()).length, images(before).length + 1);
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.name), 'descriptionDe');

  await form.getByRole('button', { name: 'Check accessibility' }).click();
  const results = form.locator('.admin-a11y-results');
  await results.getByText(/IMG_2041\.jpg.*looks like a file name/).waitFor();
  assert.deepEqual(await axeSerious(page), []);

  await results.getByRole('button', { name: 'Go to Description (English)' }).first().click();
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.name), 'description');

  // Saving asks first; "Back to the form" keeps the form as typed.
  await form.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish with accessibility problems?' });
  await dialog.waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await dialog.getByRole('button', { name: 'Back to the form' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.match(await description.inputValue(), /IMG_2041/);

  // "Save anyway" saves: the check never blocks.
  await form.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await page.locator('.toast-title', { hasText: 'Project updated successfully!' }).waitFor();
  assert.deepEqual(problems, []);
});
