// Publishing and its accessibility check in Chromium, on one server: save a new project as a draft
// (the list says so, visitors do not see it), open its preview in a new tab (the real page, with
// the banner), then publish it, a second Enter and submit while the check before the publication
// runs saving nothing twice. The check on a project: the library picker of the German text, a
// file-name alt text listed, "Go to" the field, the results staying with their item. axe-core in
// the editor, in English and in German, on an article with an image named like a file and a
// skipped heading level: axe-core loads (a hashed file, under the app's own Content-Security-Policy:
// no eval, nothing inline) into a frame with the preview, its problems are listed in the admin's
// language (never axe's English) beside the site's own (the file name), "Go to" switches a Markdown
// field from Preview back to Write and focuses it, and the save that publishes asks first. The
// media picker's "Use suggestion" names itself by its visible words. Accessible throughout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { axeSerious, holdRequests, serverAndBrowser, signInAdmin, waitForHydration, watchedPage } from '../helpers';

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
const CHECK = '/api/admin/a11y-check';

/**
 * Counts, in the page, the calls it makes to fetch for `pathname`, as they are made (before any
 * answer): the admin's calls go out in the same task as the submit that starts them (after the
 * cached CSRF token's microtask), so the count read afterwards has every call a submit started.
 */
async function countFetches(page: Page, pathname: string): Promise<() => Promise<number>> {
  // A string, not a function: tsx would compile a function with helpers the page lacks.
  await page.evaluate(`(() => {
    window.fetchCount = 0;
    const original = window.fetch;
    window.fetch = function (input, init) {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === ${JSON.stringify(pathname)}) window.fetchCount++;
      return original.call(this, input, init);
    };
  })()`);
  return () => page.evaluate(() => (window as unknown as { fetchCount: number }).fetchCount);
}

test('save a draft, see its badge, preview it, publish it: a second submit while the check runs saves once', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  const { srv, browser } = e2e;
  await signInAdmin(page, srv.url);

  await page.getByRole('button', { name: 'New Project' }).click();
  await page.getByLabel('Title (English)').fill('Seedling Nursery');
  await page.getByLabel('Title (German)').fill('Setzlingsgärtnerei');
  await page.getByLabel('Description (English)').fill('A nursery for fruit tree seedlings.');
  await page.getByLabel('Description (German)').fill('Eine Gärtnerei für Obstbaum-Setzlinge.');
  await page.getByLabel('Goal amount (USD)').fill('2400');
  await page.getByLabel('Image', { exact: false }).first().fill('/images/projects/village-borehole-water-point.svg');
  // One publishing choice; a new item starts as a draft, and the button says what it does.
  const publishing = page.getByRole('group', { name: 'Publishing' });
  assert.equal(await publishing.getByRole('radio', { name: 'Save as draft' }).isChecked(), true);
  assert.equal(await page.getByLabel('Publish at (Swiss time)').isVisible(), false, 'the time shows for Schedule only');
  await publishing.getByRole('radio', { name: 'Schedule' }).check();
  await page.getByLabel('Publish at (Swiss time)').waitFor();
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await page.getByText('Choose the date and time to publish at.').waitFor();
  assert.equal(await page.getByLabel('Publish at (Swiss time)').getAttribute('aria-invalid'), 'true');
  // The form moves the keyboard to the field after the message has rendered.
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'publishAt');
  await publishing.getByRole('radio', { name: 'Save as draft' }).check();
  assert.deepEqual(await axeSerious(page), [], 'the form with its publishing choice');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await messages.waitFor('Project created successfully!');
  // The form stays open on the saved draft and says where it is; the focus is on that.
  const note = page.getByRole('status').filter({ hasText: 'Saved as a draft: visitors do not see it yet.' });
  await note.waitFor();
  await page.waitForFunction(() => document.activeElement?.classList.contains('admin-saved') === true);
  assert.equal(await page.getByRole('link', { name: /^View on site/ }).count(), 0, 'not on the site yet');
  await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
  const row = page.locator('.admin-item').filter({ hasText: 'Seedling Nursery' });
  await row.locator('.admin-badge-draft', { hasText: 'Draft' }).waitFor();
  assert.deepEqual(await axeSerious(page), [], 'the list with its badges');
  const { id } = (await srv.handle.deps.db('projects').where({ slug: 'seedling-nursery' }).first()) as { id: number };

  // Visitors do not see it.
  const visitor = await watchedPage(browser);
  await visitor.page.goto(srv.url + '/projects');
  assert.equal(await visitor.page.getByText('Seedling Nursery').count(), 0);
  const hidden = await visitor.page.goto(srv.url + '/projects/seedling-nursery');
  assert.equal(hidden?.status(), 404);

  // Preview: a new tab with the real page and the banner; the link is offered to copy.
  await row.getByRole('button', { name: 'Edit: Seedling Nursery' }).click();
  await page.getByLabel('Title (English)').fill('Seedling Nursery for Village 9');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview' }).click()]);
  await tab.waitForURL(/\/projects\/seedling-nursery\?preview=/);
  await tab.getByRole('heading', { level: 1, name: 'Seedling Nursery for Village 9' }).waitFor();
  await tab.getByText('Preview — not published').waitFor();
  await waitForHydration(tab);
  assert.deepEqual(await axeSerious(tab), [], 'the preview page');
  // The German preview through the banner's link.
  await tab.getByRole('link', { name: 'Deutsche Vorschau' }).click();
  await tab.getByText('Vorschau — nicht veröffentlicht').waitFor();
  await tab.getByRole('heading', { level: 1, name: 'Setzlingsgärtnerei' }).waitFor();
  // Leaving the previewed page in the browser (client navigation) leaves the banner behind.
  await waitForHydration(tab);
  await tab.locator('header').getByRole('link', { name: 'Projekte', exact: true }).first().click();
  await tab.waitForURL(/\/de\/projects$/);
  await tab.locator('.preview-banner').waitFor({ state: 'detached' });
  await tab.close();
  const copy = page.getByLabel('Link to copy');
  assert.match(await copy.inputValue(), /\/projects\/seedling-nursery\?preview=/);
  // The preview changed nothing: the saved title is the old one.
  assert.equal((await srv.handle.deps.db('projects').where({ slug: 'seedling-nursery' }).first()).title, 'Seedling Nursery');

  // Publish: choose Publish now and save. The save that publishes runs the accessibility check
  // first; held, it leaves time for an Enter in a field and a second submit, as a quick second
  // click would make it: neither starts a second check or a second save.
  const versions = () => srv.handle.deps.db('revisions').where({ entity: 'project', entityId: id });
  const versionsBefore = (await versions()).length;
  const checks = await holdRequests(page, `**${CHECK}`);
  const checkCalls = await countFetches(page, CHECK);
  const saves: Request[] = [];
  page.on('request', (r) => {
    if (['POST', 'PUT'].includes(r.method()) && /^\/api\/admin\/projects(\/\d+)?$/.test(new URL(r.url()).pathname)) saves.push(r);
  });
  await page.getByRole('radio', { name: 'Publish now' }).check();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await checks.arrived(1);
  await page.getByLabel('Title (English)').press('Enter');
  await page.locator('#edit-form').evaluate((f: HTMLFormElement) => f.requestSubmit());
  assert.equal(await checkCalls(), 1, 'one check asked for');
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/admin/projects/${id}`);
  checks.release();
  await saved;
  await messages.waitFor('Project updated successfully!');
  await page.getByText('Saved. It is on the website now.').waitFor();
  assert.equal(await checkCalls(), 1, 'one check');
  assert.equal(checks.count, 1, 'one check request');
  assert.deepEqual(saves.map((r) => `${r.method()} ${new URL(r.url()).pathname}`), [`PUT /api/admin/projects/${id}`], 'one save');
  assert.equal((await srv.handle.deps.db('projects').where('title', 'like', 'Seedling Nursery%')).length, 1);
  assert.equal((await versions()).length, versionsBefore + 1, 'one new version');
  assert.equal(await page.getByRole('link', { name: /^View on site/ }).getAttribute('href'), '/projects/seedling-nursery');
  // Already public: the button now says Save changes.
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
  const published = page.locator('.admin-item').filter({ hasText: 'Seedling Nursery for Village 9' });
  await published.locator('.admin-badge-published', { hasText: 'Published' }).waitFor();
  await visitor.page.goto(srv.url + '/projects/seedling-nursery');
  await visitor.page.getByRole('heading', { level: 1, name: 'Seedling Nursery for Village 9' }).waitFor();
  assert.equal(await visitor.page.getByText('Preview — not published').count(), 0);
  // The 404 of the draft's address is the one failed load the visitor saw.
  assert.deepEqual(visitor.problems.filter((p) => !/status of 404/.test(p)), [], 'the visitor');
  await visitor.page.context().close();

  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the check on a project: the picker into the German text, listed, go to the field; the results stay with their item', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  // Three seeded projects, named from the database (other tests add theirs to the list).
  const [a, b, c] = (await e2e.srv.handle.deps.db('projects').whereNull('deletedAt').orderBy('id').limit(3)) as { id: number; title: string }[];
  await signInAdmin(page, e2e.srv.url);
  const list = page.getByRole('list', { name: 'Projects' });
  const form = page.locator('#edit-form');
  /** Opens an item of the list; the form posts to its address then. */
  const open = async (item: { id: number; title: string }) => {
    await list.getByRole('button', { name: `Edit: ${item.title}`, exact: true }).click();
    await page.waitForFunction((id) => new RegExp(`/projects/${id}(?!\\d)`).test(document.querySelector('#edit-form')?.getAttribute('action') ?? ''), item.id);
  };
  await open(a!);
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
  await page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement | null)?.name === 'descriptionDe');

  await form.getByRole('button', { name: 'Check accessibility' }).click();
  const results = form.locator('.admin-a11y-results');
  await results.getByText(/IMG_2041\.jpg.*looks like a file name/).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await results.getByRole('button', { name: 'Go to Description (English)' }).first().click();
  await page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement | null)?.name === 'description');
  // (Saving with the problems asks first, back keeps the text, "Save anyway" saves: the same form
  // code, proved on an article by "axe-core on the preview, in English at 1280 px" below.)

  // The next item opens without the results of the one before (its changes discarded when asked).
  await list.getByRole('button', { name: `Edit: ${b!.title}`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await page.waitForFunction((id) => new RegExp(`/projects/${id}(?!\\d)`).test(document.querySelector('#edit-form')?.getAttribute('action') ?? ''), b!.id);
  assert.equal(await results.count(), 0, 'no results of the item before');

  // A check still under way when the form moves on shows nothing on the next item: held until
  // the next item is open, then its answer (and the axe run on it, in a frame) is awaited.
  const held = await holdRequests(page, `**${CHECK}`);
  await form.getByRole('button', { name: 'Check accessibility' }).click();
  await form.getByRole('button', { name: 'Checking…' }).waitFor();
  await held.arrived(1);
  await open(c!);
  await page.evaluate(() => {
    (window as unknown as { frameGone: Promise<boolean> }).frameGone = new Promise<boolean>((resolve) => {
      new MutationObserver((records, observer) => {
        if (records.some((r) => [...r.removedNodes].some((n) => n.nodeName === 'IFRAME'))) {
          observer.disconnect();
          resolve(true);
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === CHECK);
  held.release();
  await answered;
  // The old check ran to its end (its frame removed) and was dropped.
  await page.evaluate(() => (window as unknown as { frameGone: Promise<boolean> }).frameGone);
  assert.equal(await results.count(), 0, 'the old check’s answer is dropped');
  assert.equal(await form.getByRole('button', { name: 'Check accessibility' }).isEnabled(), true);
  assert.deepEqual(problems, []);
  await page.context().close();
});

const CASES = [
  { lang: 'en', width: 1280, field: 'content', article: 0, text: '## Harvest\n\n![IMG_2041.jpg](/images/logo.svg)\n\n#### Skipped level\n\nSeedlings in rows.', alt: 'IMG_2041.jpg', heading: 'Skipped level' },
  { lang: 'de', width: 390, field: 'contentDe', article: 1, text: '## Ernte\n\n![DSC_0042.JPG](/images/logo.svg)\n\n#### Übersprungene Ebene\n\nSetzlinge in Reihen.', alt: 'DSC_0042.JPG', heading: 'Übersprungene Ebene' },
] as const;

for (const c of CASES) {
  test(`axe-core on the preview, in ${c.lang === 'en' ? 'English' : 'German'} at ${c.width} px: listed, go to the field, asked before publishing`, async () => {
    const { page, problems, messages } = await watchedPage(e2e.browser, { viewport: { width: c.width, height: 900 } });
    // Each case its own article: the one case's saved problems are never the other's.
    const article = (await (await fetch(`${e2e.srv.url}/api/admin/news`, { headers: ADMIN })).json())[c.article] as { id: number };
    // Every request for axe's code, from the page's opening on.
    const axeRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(axe-|chunks\/a11y-axe-)/.test(r.url())) axeRequests.push(new URL(r.url()).pathname);
    });
    const adminPage = page.waitForResponse((r) => r.request().resourceType() === 'document' && /\/admin\/news$/.test(new URL(r.url()).pathname));
    await signInAdmin(page, e2e.srv.url, { lang: c.lang === 'de' ? '/de' : '', tab: 'news', query: `?edit=${article.id}` });
    // axe runs under the app's own policy: scripts from our origin only, no eval.
    const scriptSrc = /script-src ([^;]*)/.exec((await adminPage).headers()['content-security-policy'] ?? '')?.[1] ?? '';
    assert.match(scriptSrc, /'self'/);
    assert.ok(!/unsafe-eval|unsafe-inline/.test(scriptSrc), scriptSrc);

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
    await messages.waitFor(tr(c.lang, 'admin.news.updated'));
    const saved = (await (await fetch(`${e2e.srv.url}/api/admin/news/${article.id}`, { headers: ADMIN })).json()) as Record<string, string>;
    assert.equal(saved[c.field], c.text);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test('"Use suggestion" names itself by its visible words; only the quoted proposal has its language', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  const media = (await (await fetch(`${e2e.srv.url}/api/media`, { headers: ADMIN })).json()) as { id: number; fileType: string; altText: string }[];
  const image = media.find((m) => m.fileType === 'image')!;
  await e2e.srv.handle.deps.db('media_items').where({ id: image.id }).update({ altSuggestionEn: 'Young maize in rows', altSuggestionDe: 'Junger Mais in Reihen', altSuggestedAt: new Date().toISOString() });
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'media', query: `?edit=${image.id}` });
  const use = page.getByRole('button', { name: `${tr('de', 'admin.altSuggest.use')} (${tr('de', 'admin.a11y.english')})`, exact: true });
  await use.waitFor();
  // WCAG 2.5.3: the accessible name starts with the visible text.
  const visible = await use.evaluate((b) => [...b.childNodes].filter((n) => !(n instanceof HTMLElement && n.classList.contains('sr-only'))).map((n) => n.textContent).join('').trim());
  assert.equal(visible, tr('de', 'admin.altSuggest.use'));
  assert.equal(await use.evaluate((b) => b.closest('[lang]')?.getAttribute('lang')), 'de', 'the button is in the page language');
  assert.equal(await page.locator('q[lang="en"]', { hasText: 'Young maize in rows' }).count(), 1);
  await use.click();
  await page.waitForFunction(() => (document.querySelector('form.media-edit input[name="altText"]') as HTMLInputElement | null)?.value === 'Young maize in rows');
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});
