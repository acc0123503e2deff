// axe-core in the editor, in Chromium, in English and in German: an article with an image named
// like a file and a skipped heading level. The check loads axe-core (a hashed file, under the
// app's own Content-Security-Policy: no eval, nothing inline) into a frame with the preview, lists
// axe's problems in the admin's language (never axe's English) beside the site's own (the file
// name), "Go to" switches a Markdown field from Preview back to Write and focuses it, and the save
// that publishes asks first. The media picker's "Use suggestion" names itself by its visible words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

const e2e = serverAndBrowser();
const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const locales = { en: JSON.parse(fs.readFileSync(path.join(root, 'locales', 'en.json'), 'utf8')), de: JSON.parse(fs.readFileSync(path.join(root, 'locales', 'de.json'), 'utf8')) };
/** A locale text as the page shows it (i18next's {{name}} filled in). */
function tr(lang: 'en' | 'de', key: string, params: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<any>((o, k) => o?.[k], locales[lang]);
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
}
const SHOTS = process.env.SHOT_PREFIX;

async function login(page: Page): Promise<void> {
  await page.goto(`${e2e.srv.url}/admin-login`);
  await waitForHydration(page);
  await page.locator('#admin-credential').fill('demo-admin-key-change-me');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/admin(\?|$)/);
  await waitForHydration(page);
}

const CASES = [
  { lang: 'en', width: 1280, field: 'content', text: '## Harvest\n\n![IMG_2041.jpg](/images/logo.svg)\n\n#### Skipped level\n\nSeedlings in rows.', alt: 'IMG_2041.jpg', heading: 'Skipped level' },
  { lang: 'de', width: 390, field: 'contentDe', text: '## Ernte\n\n![DSC_0042.JPG](/images/logo.svg)\n\n#### Übersprungene Ebene\n\nSetzlinge in Reihen.', alt: 'DSC_0042.JPG', heading: 'Übersprungene Ebene' },
] as const;

for (const c of CASES) {
  test(`axe-core on the preview, in ${c.lang === 'en' ? 'English' : 'German'} at ${c.width} px: listed, go to the field, asked before publishing`, async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: c.width, height: 900 } });
    await login(page);
    const article = (await (await page.request.get(`${e2e.srv.url}/api/admin/news`, { headers: ADMIN })).json())[0] as { id: number };
    const response = await page.goto(`${e2e.srv.url}${c.lang === 'de' ? '/de' : ''}/admin?tab=news&edit=${article.id}`);
    // axe runs under the app's own policy: scripts from our origin only, no eval.
    const scriptSrc = /script-src ([^;]*)/.exec(response!.headers()['content-security-policy'] ?? '')?.[1] ?? '';
    assert.match(scriptSrc, /'self'/);
    assert.ok(!/unsafe-eval|unsafe-inline/.test(scriptSrc), scriptSrc);
    await waitForHydration(page);
    const axeRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(axe-|chunks\/a11y-axe-)/.test(r.url())) axeRequests.push(new URL(r.url()).pathname);
    });

    const form = page.locator('#edit-form');
    await form.waitFor();
    await form.locator('input[name="publishMode"][value="now"]').check();
    const area = form.locator(`textarea[name="${c.field}"]`);
    await area.fill(c.text);
    // The field shows its preview while the check runs.
    const field = form.locator(`#field-${c.field}`);
    await field.getByRole('tab', { name: tr(c.lang, 'admin.markdown.preview') }).click();
    await field.locator('.md-preview h4').waitFor();
    assert.deepEqual(axeRequests, [], 'axe-core is not loaded before a check');

    await form.getByRole('button', { name: tr(c.lang, 'admin.a11y.check') }).click();
    const results = form.locator('.admin-a11y-results');
    const skipped = results.locator(`li[data-field="${c.field}"][data-rule="heading-order"][data-source="axe"]`);
    await skipped.waitFor();
    assert.equal(axeRequests.length, 2, `the check chunk and axe-core itself: ${axeRequests.join(', ')}`);
    assert.match(axeRequests.join(' '), /\/assets\/axe-[0-9a-f]{10}\.js/);
    // In the admin's language, from our texts; the file name is the site's own rule.
    assert.ok((await skipped.innerText()).includes(tr(c.lang, 'admin.a11y.rules.heading-order', { detail: c.heading })));
    const fileName = results.locator(`li[data-field="${c.field}"][data-rule="image-alt-filename"][data-source="server"]`);
    assert.ok((await fileName.innerText()).includes(tr(c.lang, 'admin.a11y.rules.image-alt-filename', { detail: c.alt })));
    const listed = await results.innerText();
    assert.ok(!/Heading levels should only increase|Ensure|should have/.test(listed), `no English from axe: ${listed}`);
    assert.ok(listed.includes(tr(c.lang, 'admin.a11y.byAxe')));
    assert.equal(await page.locator('iframe').count(), 0, 'the check frame is gone');
    assert.deepEqual(await axeSerious(page), []);
    if (SHOTS) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await form.locator('.admin-a11y').scrollIntoViewIfNeeded();
        await form.locator('.admin-form-actions').screenshot({ path: `/tmp/${SHOTS}-a11y-${c.lang}-${width}.png` });
      }
      await page.setViewportSize({ width: c.width, height: 900 });
    }

    // "Go to": the field shows Preview, so it switches to Write and the keyboard lands in the text.
    await skipped.getByRole('button', { name: tr(c.lang, 'admin.a11y.goTo', { field: tr(c.lang, `admin.fields.${c.field}`) }) }).click();
    await page.waitForFunction((name) => (document.activeElement as HTMLTextAreaElement | null)?.name === name, c.field);
    assert.equal(await field.getByRole('tab', { name: tr(c.lang, 'admin.markdown.write') }).getAttribute('aria-selected'), 'true');

    // Publishing with the problems asks first; back keeps the text, "Save anyway" saves.
    await form.getByRole('button', { name: tr(c.lang, 'admin.form.save') }).click();
    const dialog = page.getByRole('dialog', { name: tr(c.lang, 'admin.a11y.confirmTitle') });
    await dialog.waitFor();
    assert.deepEqual(await axeSerious(page), []);
    await dialog.getByRole('button', { name: tr(c.lang, 'admin.a11y.confirmBack') }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await area.inputValue(), c.text);
    await form.getByRole('button', { name: tr(c.lang, 'admin.form.save') }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: tr(c.lang, 'admin.a11y.confirmSave') }).click();
    await page.locator('.toast-title', { hasText: tr(c.lang, 'admin.news.updated') }).waitFor();
    const saved = (await (await page.request.get(`${e2e.srv.url}/api/admin/news/${article.id}`, { headers: ADMIN })).json()) as Record<string, string>;
    assert.equal(saved[c.field], c.text);
    assert.deepEqual(problems, []);
  });
}

test('"Use suggestion" names itself by its visible words; only the quoted proposal has its language', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await login(page);
  const media = (await (await page.request.get(`${e2e.srv.url}/api/media`, { headers: ADMIN })).json()) as { id: number; fileType: string; altText: string }[];
  const image = media.find((m) => m.fileType === 'image')!;
  await e2e.srv.handle.deps.db('media_items').where({ id: image.id }).update({ altSuggestionEn: 'Young maize in rows', altSuggestionDe: 'Junger Mais in Reihen', altSuggestedAt: new Date().toISOString() });
  await page.goto(`${e2e.srv.url}/de/admin?tab=media&edit=${image.id}`);
  await waitForHydration(page);
  const use = page.getByRole('button', { name: `${tr('de', 'admin.altSuggest.use')} (${tr('de', 'admin.a11y.english')})`, exact: true });
  await use.waitFor();
  // WCAG 2.5.3: the accessible name starts with the visible text.
  const visible = await use.evaluate((b) => [...b.childNodes].filter((n) => !(n instanceof HTMLElement && n.classList.contains('sr-only'))).map((n) => n.textContent).join('').trim());
  assert.equal(visible, tr('de', 'admin.altSuggest.use'));
  assert.equal(await use.evaluate((b) => b.closest('[lang]')?.getAttribute('lang')), 'de', 'the button is in the page language');
  assert.equal(await page.locator('q[lang="en"]', { hasText: 'Young maize in rows' }).count(), 1);
  await use.click();
  assert.equal(await page.locator('form.media-edit input[name="altText"]').inputValue(), 'Young maize in rows');
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
});
