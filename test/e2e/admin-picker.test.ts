// Uploading inside the image picker, in Chromium and in the German admin: a new article's picture
// is dropped on the picker's upload form and uploaded there, without going to the Media screen. A refusal (no alt text) is said
// in the dialog and next to the field, in German, with the focus there; the upload then shows its
// progress, and the new picture is chosen in the form, which saves the article with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { axeSerious, holdRequests, serverAndBrowserWithUploads, signInAdmin, watchedPage } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const e2e = serverAndBrowserWithUploads();

test('the picker of a new article uploads a picture (refused without alt text first), chooses it, and the article saves with it', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'news' });
  await page.getByRole('button', { name: new RegExp(de.admin.news.new) }).click();
  const form = page.locator('#edit-form');
  await form.getByRole('heading', { name: de.admin.news.new }).waitFor();

  const opener = form.getByRole('button', { name: de.admin.media.choose });
  await opener.click();
  const picker = page.getByRole('dialog', { name: de.admin.media.pickTitle });
  await picker.locator('.picker-item').first().waitFor();
  await picker.getByText(de.admin.media.uploadNew, { exact: true }).click();
  // The file is dropped on its field (choosing it is the Media screen's test, admin.test.ts): the
  // field holds it then, and the form shows the picture to describe.
  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 184, g: 111, b: 20 } } }).png().toBuffer();
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], 'e2e-market-day.png', { type: 'image/png' }));
    return dt;
  }, [...image]);
  await picker.locator('.admin-dropzone').dispatchEvent('drop', { dataTransfer });
  await picker.locator('img.admin-upload-preview').waitFor();
  const file = picker.getByLabel(new RegExp(`^${de.admin.media.file}`));
  assert.equal(await file.evaluate((input: HTMLInputElement) => input.files?.[0]?.name), 'e2e-market-day.png');
  const upload = picker.getByRole('button', { name: de.admin.media.upload, exact: true });

  // Without its alt text the server refuses the image: said in the dialog (where the toasts cannot
  // be heard) and under the field, in German, and the keyboard is in that field.
  await upload.click();
  await picker.getByRole('alert').getByText(new RegExp(`^${de.admin.media.uploadError}: `)).waitFor();
  const alt = picker.getByRole('textbox', { name: `${de.admin.media.altText} (${de.admin.form.required})` });
  assert.equal(await alt.getAttribute('aria-invalid'), 'true');
  await picker.getByText(de.admin.validation.alt_text).waitFor();
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'altText');
  assert.equal(await picker.getByText(en.admin.media.uploadError).count(), 0, 'no English');
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused upload');

  // With it: the progress while the file is under way, then the picture is chosen in the form.
  await alt.fill('Eine ockerfarbene Fläche an Stelle eines Markttags');
  const held = await holdRequests(page, (url) => url.pathname === '/api/media');
  await upload.click();
  await held.arrived();
  await picker.locator('progress').waitFor();
  await picker.getByRole('button', { name: de.admin.media.uploading }).waitFor();
  held.release();
  await picker.waitFor({ state: 'hidden' });
  await form.getByText(de.admin.media.chosen.replace('{{name}}', 'e2e-market-day.png')).waitFor();
  const field = form.getByRole('textbox', { name: new RegExp(`^${de.admin.fields.imageUrl}`) });
  const url = await field.inputValue();
  assert.match(url, /^\/uploads\/[0-9a-f]{32}\.png$/);
  await page.waitForFunction((name) => document.activeElement?.textContent === name, de.admin.media.choose);
  const stored = await e2e.srv.handle.deps.db('media_items').where({ originalName: 'e2e-market-day.png' });
  assert.equal(stored.length, 1, 'uploaded once');
  assert.equal(stored[0].altText, 'Eine ockerfarbene Fläche an Stelle eines Markttags');

  // The article saves with the new picture.
  await form.getByLabel(de.admin.fields.title, { exact: false }).first().fill('Markttag im Dorf');
  await form.getByLabel(de.admin.fields.titleDe, { exact: false }).fill('Markttag im Dorf');
  await form.getByLabel(de.admin.fields.abstract, { exact: false }).fill('The village market opened again.');
  await form.getByLabel(de.admin.fields.abstractDe, { exact: false }).fill('Der Dorfmarkt ist wieder offen.');
  await form.getByRole('button', { name: de.admin.publishing.saveDraft }).click();
  await messages.waitFor(de.admin.news.created);
  const saved = await e2e.srv.handle.deps.db('news_articles').where({ titleDe: 'Markttag im Dorf' }).first();
  assert.equal(saved?.imageUrl, url);

  assert.deepEqual(problems, []);
  await page.context().close();
});
