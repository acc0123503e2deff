// The admin area in Chromium, as a volunteer uses it, on one server: log in with the key, upload an
// image, create a project with it (picked from the library) and see it on /projects, edit it,
// delete it, log out; the German admin on a phone; the tab list by keyboard and the Translations
// tab; Undo after a delete (English by mouse, German by keyboard); editing without losing work
// (the guard, the autosave, messages that clear, the search); the newsletter's test send.
// Each test makes its own data and reads the counts other tests change (the trash, the lists).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { axeSerious, chooseScreen, currentScreenLink, launchBrowser, screenLink, signInAdmin, startServer, waitForHydration, watchedPage, type RunningServer } from '../helpers';
import de from '../../locales/de.json' with { type: 'json' };
import { adminHref } from '../../models/shared/admin-rules';

const KEY = 'demo-admin-key-change-me';
const ADMIN = { 'X-Admin-Key': KEY, 'Content-Type': 'application/json' };

describe('admin in Chromium', () => {
  let srv: RunningServer;
  let browser: Browser;
  let uploads: string;

  before(async () => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
    srv = await startServer({ UPLOAD_DIR: uploads });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${srv.url}${url}`, { method, headers: ADMIN, body: body === undefined ? undefined : JSON.stringify(body) });
    assert.ok(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`);
    return res.json();
  };
  /** The projects as the admin API lists them (deleted ones are in the trash, not here). */
  const projects = async () => (await api('GET', '/api/admin/projects')) as { id: number; title: string; titleDe: string }[];
  /** How many projects are in the trash now (other tests of the file delete some too). */
  const inTrash = async () => ((await api('GET', '/api/admin/trash?name=projects')) as unknown[]).length;
  /** An English title edit through the admin API: the project's German title goes out of date. */
  async function outdateGermanTitle(pick: number, title: string): Promise<number> {
    const { id, slug: _s, createdAt: _c, updatedAt: _u, draft: _d, publishAt: _p, raisedAmount: _r, ...rest } = (await api('GET', '/api/admin/projects'))[pick];
    await api('PUT', `/api/admin/projects/${id}`, { ...rest, title });
    return id as number;
  }

  test('log in, upload, create, see it public, edit, delete, log out', async () => {
    const { page, problems, messages } = await watchedPage(browser);

    // Without a session the admin page sends to the login page.
    await page.goto(srv.url + '/admin');
    assert.match(page.url(), /\/admin-login$/);
    await waitForHydration(page);
    assert.deepEqual(await axeSerious(page), []);

    // A wrong key is refused in place; an empty field is explained next to it.
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.getByText('Please enter your admin key').waitFor();
    await page.getByLabel('Admin Key').fill('not-the-key');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await messages.waitFor('Invalid credentials');
    // The refused login is the browser's one logged failed request here; anything else is a problem.
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 401/.test(p)), []);
    // Nothing sensitive is kept in the browser.
    assert.equal(await page.evaluate(() => localStorage.length + sessionStorage.length), 0);

    await page.getByLabel('Admin Key').fill(KEY);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Content Management' }).waitFor();
    // Shown by the login page as it leaves (recorded there, however short it lasted).
    await messages.waitFor('Login successful!');
    assert.equal(await page.evaluate(() => localStorage.getItem('adminKey') ?? document.cookie.includes('admin.sid')), false, 'the session cookie is HttpOnly');
    assert.deepEqual(await axeSerious(page), []);
    // The dashboard opens first; then the spec's tabs, Fundraisers, Glossary, Translations, Trash
    // and People (an admin: the people and their own account).
    assert.equal(await page.locator('nav.admin-menu').getByRole('link').count(), 14);
    assert.equal(await screenLink(page, 'Dashboard').getAttribute('aria-current'), 'page');

    // Media: upload an image, see it in the grid, look at it.
    await chooseScreen(page, 'Media');
    await currentScreenLink(page, 'Media').waitFor();
    // The library starts with the illustrations shipped with the site.
    await page.locator('.media-card').filter({ hasText: 'slide-1.svg' }).first().waitFor();
    await page.getByText('Upload media').click();
    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 184, g: 111, b: 20 } } }).png().toBuffer();
    const upload = page.locator('.admin-upload-panel');
    await upload.getByLabel('File', { exact: false }).first().setInputFiles({ name: 'e2e-classroom.png', mimeType: 'image/png', buffer: image });
    await upload.getByLabel('Alternative text').fill('An ochre test square');
    await upload.getByLabel('Tags').fill('solar, classroom, test, extra');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await messages.waitFor('File uploaded');
    const card = page.locator('.media-card').filter({ hasText: 'e2e-classroom.png' });
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', /\+1/, 'three tags, then +1');
    await card.scrollIntoViewIfNeeded();
    // The thumbnail really loads: the variant, or the original until the variants job has run.
    const loadedImage = await card.locator('img').evaluate(
      (img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0
          ? true
          : new Promise<boolean>((resolve) => {
              img.addEventListener('load', () => resolve(img.naturalWidth > 0));
              img.addEventListener('error', () => resolve(false));
            }),
    );
    assert.equal(loadedImage, true);
    await card.getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog', { name: 'e2e-classroom.png' });
    await dialog.waitFor();
    await dialog.getByText('1200 × 800 px').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Its details can be corrected later: the form opens in the card, keyboard in its first field.
    await card.getByRole('button', { name: 'Edit details: e2e-classroom.png' }).click();
    const details = page.getByRole('form', { name: 'Details of e2e-classroom.png' });
    await details.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('form.media-edit') !== null);
    assert.equal(await details.getByLabel('Alternative text', { exact: false }).inputValue(), 'An ochre test square');
    await details.getByLabel('Alternative text', { exact: false }).fill('');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Saving the details failed');
    await details.getByText('Describe the image for people who cannot see it').waitFor();
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused details');
    await details.getByLabel('Alternative text', { exact: false }).fill('Ochre square standing in for a classroom photo');
    await details.getByLabel('Category').selectOption('facilities');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Details saved');
    await details.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.classList.contains('media-edit-button') === true);
    await card.getByText('Facilities', { exact: true }).waitFor();
    assert.equal(await card.locator('img').getAttribute('alt'), 'Ochre square standing in for a classroom photo');

    // A picture that cannot load shows a placeholder icon instead (once the variants are made,
    // a missing one is a 404, no longer a detour to the original).
    await srv.handle.deps.jobs.idle();
    const stored = /\/uploads\/([0-9a-f]{32})-w480\.webp/.exec((await card.locator('img').getAttribute('src')) ?? '')?.[1];
    assert.ok(stored);
    const thumb = path.join(uploads, `${stored}-w480.webp`);
    const saved = fs.readFileSync(thumb);
    fs.rmSync(thumb);
    await page.reload();
    await waitForHydration(page);
    await page.locator('.media-card').filter({ hasText: 'e2e-classroom.png' }).locator('.media-thumb-icon.failed').waitFor();
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 404/.test(p)), [], 'only the missing picture');
    fs.writeFileSync(thumb, saved);

    // Projects: a new one made with the picked image. (The refused empty form, its required fields
    // and the new item starting as a draft: "the guard, the autosave, messages that clear, and the
    // search" below and publishing.test.ts.)
    await chooseScreen(page, 'Projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    await page.getByRole('heading', { name: 'New Project' }).waitFor();
    await page.getByLabel('Title (English)').fill('E2E Solar Classroom');
    await page.getByLabel('Title (German)').fill('E2E Solar-Klassenzimmer');
    await page.getByLabel('Description (English)').fill('A classroom with solar light for evening lessons.');
    await page.getByLabel('Description (German)').fill('Ein Klassenzimmer mit Solarlicht für Abendkurse.');
    await page.getByLabel('Goal amount (USD)').fill('4800');
    await page.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('button', { name: /e2e-classroom\.png/ }).click();
    await picker.waitFor({ state: 'hidden' });
    assert.match(await page.getByLabel('Image', { exact: false }).first().inputValue(), /^\/uploads\/[0-9a-f]{32}\.png$/);
    await page.getByRole('radio', { name: 'Publish now' }).check();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await messages.waitFor('Project created successfully!');
    await page.getByRole('heading', { level: 3, name: 'E2E Solar Classroom' }).waitFor();

    // On the public site at once.
    const visitor = await watchedPage(browser);
    await visitor.page.goto(srv.url + '/projects');
    await visitor.page.getByText('E2E Solar Classroom').first().waitFor();
    // Its photo in the card: the AVIF variant of the right size, which Chromium takes.
    await srv.handle.deps.jobs.idle();
    await visitor.page.reload();
    const photo = visitor.page.locator('.project-card').filter({ hasText: 'E2E Solar Classroom' }).locator('img');
    await photo.scrollIntoViewIfNeeded();
    await visitor.page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
    assert.match(await photo.evaluate((img: HTMLImageElement) => img.currentSrc), /\/uploads\/[0-9a-f]{32}-w(480|960)\.avif$/);
    assert.deepEqual(visitor.problems, [], 'the public list');
    await visitor.page.context().close();

    // After the save the form stayed open on the new project, with the way to see it on the site.
    await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
    await page.getByText('Saved. It is on the website now.').waitFor();
    const onSite = page.getByRole('link', { name: /^View on site/ });
    assert.equal(await onSite.getAttribute('href'), '/projects/e2e-solar-classroom');
    assert.equal(await onSite.getAttribute('target'), '_blank');
    // The item being edited stays in the list, marked as open.
    await page.locator('.admin-item').filter({ hasText: 'E2E Solar Classroom' }).getByText('Open in the form above').waitFor();
    await page.getByLabel('Title (English)').fill('E2E Solar Classroom, Extended');
    await page.getByLabel('Status', { exact: true }).selectOption('progress');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Project updated successfully!');
    await page.getByRole('heading', { level: 3, name: 'E2E Solar Classroom, Extended' }).waitFor();
    await page.locator('.activity-list').getByText(/changed the English title and the status of the project “E2E Solar Classroom, Extended”/).first().waitFor();

    // Delete after the confirmation.
    await page.getByRole('button', { name: 'Delete: E2E Solar Classroom, Extended' }).click();
    await page.getByText('It can be restored there for 30 days').waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await messages.waitFor('Project deleted successfully!');
    await page.getByRole('heading', { level: 3, name: 'E2E Solar Classroom, Extended' }).waitFor({ state: 'detached' });
    // In the trash, not gone: restorable for 30 days.
    const rows = await srv.handle.deps.db('projects').where('title', 'like', 'E2E%').whereNull('deletedAt');
    assert.equal(rows.length, 0);

    // Log out: the calls under way (the list and Activity refresh after the delete) finish first,
    // so none is refused by a session that has ended (views/admin/api.ts signOut).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin-login\?loggedOut=1$/);
    await messages.waitFor('Logged out successfully');
    await page.goto(srv.url + '/admin');
    assert.match(page.url(), /\/admin-login$/);

    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the German admin on a phone: no English interface text, accessible, a link to the German field', async () => {
    // Its own out-of-date German title, for the Translations tab's link.
    const outdated = await outdateGermanTitle(1, 'Clean water for the village school');
    const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(srv.url + '/de/admin-login');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'E-Mail' }).click();
    await page.getByLabel('E-Mail').fill('admin@example.org');
    await page.getByRole('button', { name: 'Zum Verwaltungsbereich' }).click();
    // The answer is in: the notice that the link is on its way (the hint above the field says
    // "Anmeldelink" from the start, so it proves nothing).
    await page.getByRole('status').getByText(de.admin.login.notices.sent).waitFor();
    assert.deepEqual(await axeSerious(page), []);

    await page.getByRole('button', { name: 'Admin-Schlüssel' }).click();
    await page.getByLabel('Admin-Schlüssel').fill(KEY);
    await page.getByRole('button', { name: 'Zum Verwaltungsbereich' }).click();
    await page.waitForURL(/\/de\/admin$/);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Inhaltsverwaltung' }).waitFor();
    for (const tab of ['dashboard', 'projects', 'news', 'team', 'pages', 'media', 'translations'] as const) {
      await page.goto(`${srv.url}${adminHref('de', tab)}`);
      await waitForHydration(page);
      // The interface's words, not the data: titles quoted in the Activity sentences and the
      // Translations tab's item labels are the items' own (English titles of other tests' projects
      // included).
      const labels = await page.locator('.tr-table tbody th:has(.don-sub)').evaluateAll((ths) => ths.map((th) => th.firstChild?.textContent ?? '').filter(Boolean));
      const text = labels.reduce((t, label) => t.replaceAll(label, ''), await page.locator('body').innerText()).replace(/«[^»]*»|“[^”]*”/g, '');
      for (const english of ['Content Management', 'Logout', 'Projects', 'Edit', 'Delete', 'New ', 'Activity', 'Loading']) {
        assert.ok(!text.includes(english), `"${english}" on ${adminHref('de', tab)}`);
      }
      assert.deepEqual(await axeSerious(page), [], tab);
    }
    // The Translations tab links straight to the German field that is out of date.
    await page.getByRole('heading', { name: 'Stand der Übersetzungen' }).waitFor();
    await page.locator(`a[href$="/admin/projects?edit=${outdated}#field-titleDe"]`).first().click();
    await page.locator('#field-titleDe').waitFor();
    assert.equal(await page.locator('#field-titleDe textarea, #field-titleDe input').count(), 1);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the tab list by keyboard; the Translations tab: a link to the field, filters in place, a page text in its section', async () => {
    // An English edit through the admin API: the German title goes out of date.
    const id = await outdateGermanTitle(0, 'Clean water for every school');
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { tab: 'projects' });

    // The menu by keyboard: ArrowRight moves to the next entry (Enter opens it), End to the last
    // one (People: "Your account"), ArrowLeft to the one before it (Trash), and the one before
    // that, Translations.
    await page.locator('#tab-projects').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await currentScreenLink(page, 'News').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'tab-news');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await currentScreenLink(page, 'Trash').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Translation status' }).waitFor();
    await currentScreenLink(page, 'Translations').waitFor();
    const link = page.locator(`a[href$="/admin/projects?edit=${id}#field-titleDe"]`);
    await link.first().waitFor();
    assert.deepEqual(await axeSerious(page), []);

    // Filter in place (no page load: a mark set in this document survives): current English
    // interface texts.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.locator('select[name=state]').selectOption('current');
    await page.locator('select[name=entity]').selectOption('locale');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.locator('code', { hasText: /^nav\.home$/ }).first().waitFor();
    assert.match(page.url(), /\/admin\/translations\?state=current&entity=locale/);
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'filtered in place');

    // A page text's German sits in a collapsed section of the Pages form: the link opens it.
    const pages = await api('GET', '/api/admin/pages');
    const about = pages.find((p: { pageName: string }) => p.pageName === 'about');
    const { id: aboutId, updatedAt: _au, draft: _ad, publishAt: _ap, ...aboutRest } = about;
    await api('PUT', `/api/admin/pages/${aboutId}`, { ...aboutRest, texts: { 'about.story.p1': { en: 'We became neighbours.' } } });
    await page.goto(`${srv.url}/admin/translations?entity=page&state=outdated`);
    await waitForHydration(page);
    await page.locator('a[href$="#field-texts.de.about.story.p1"]').first().click();
    const german = page.locator('[id="field-texts.de.about.story.p1"] textarea');
    await german.waitFor({ state: 'visible' });
    assert.ok(await german.isVisible());
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  // Undo after a delete: the spec's message ("Project deleted successfully!") with an Undo button
  // that puts the project back from the trash (the trash tab's own restore). The message with a
  // button is not timed (WCAG 2.2.1): the page's clock is run past the usual 5 s to show it stays.
  test('English: delete a project, the spec message, Undo puts it back in the list', async () => {
    const { page, problems, messages } = await watchedPage(browser);
    await page.clock.install();
    await signInAdmin(page, srv.url);
    const project = (await projects())[0]!;
    const trashed = await inTrash();
    const list = page.getByRole('list', { name: 'Projects' });
    const heading = list.getByRole('heading', { level: 3, name: project.title, exact: true });
    await heading.waitFor();

    await list.getByRole('button', { name: `Delete: ${project.title}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    const toast = page.locator('.toast');
    await toast.locator('.toast-title', { hasText: 'Project deleted successfully!' }).waitFor();
    await heading.waitFor({ state: 'detached' });
    assert.equal((await projects()).some((p) => p.id === project.id), false, 'in the trash');
    // Announced politely, with the message only (the button is beside it, not read as part of it).
    assert.equal((await toast.getByRole('status').innerText()).trim(), 'Project deleted successfully!');

    // Longer than a timed toast stays: the one with Undo waits for the admin.
    await page.clock.runFor(6000);
    const undo = toast.getByRole('button', { name: 'Undo', exact: true });
    assert.equal(await undo.isVisible(), true, 'Undo still offered after 6 s');
    await undo.click();
    const restored = await messages.waitFor('Restored from the trash.', { kind: 'toast' });
    assert.ok(restored.includes(project.title), restored);
    assert.doesNotMatch(restored, /Undo/, 'the restored message has no Undo');
    await heading.waitFor();
    assert.equal((await projects()).some((p) => p.id === project.id), true, 'back in the list');
    // The trash is as it was before the delete.
    await page.getByRole('link', { name: `Trash (${trashed})` }).waitFor();
    // The control: a message without a button is timed, and the same clock takes it away.
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await toast.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German: “Projekt erfolgreich gelöscht!”, Rückgängig by keyboard puts it back', async () => {
    const { page, problems, messages } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { lang: '/de' });
    assert.match(page.url(), /\/de\/admin/);
    const project = (await projects())[1]!;
    const trashed = await inTrash();
    const list = page.getByRole('list', { name: 'Projekte' });
    const heading = list.getByRole('heading', { level: 3, name: project.titleDe, exact: true });
    await heading.waitFor();

    await list.getByRole('button', { name: `Löschen: ${project.titleDe}` }).click();
    await page.getByRole('button', { name: 'Ja, löschen' }).click();
    const toast = page.locator('.toast');
    await toast.locator('.toast-title', { hasText: 'Projekt erfolgreich gelöscht!' }).waitFor();
    await heading.waitFor({ state: 'detached' });
    assert.doesNotMatch(await toast.innerText(), /Undo|deleted|trash/i, 'no English in the German message');

    // F8 moves to the messages, Tab to the button, Enter uses it.
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    const undo = toast.getByRole('button', { name: 'Rückgängig', exact: true });
    assert.equal(await undo.evaluate((el) => el === document.activeElement), true, 'Rückgängig has the focus');
    await page.keyboard.press('Enter');
    await messages.waitFor('Aus dem Papierkorb wiederhergestellt.', { kind: 'toast' });
    await heading.waitFor();
    assert.equal((await projects()).some((p) => p.id === project.id), true, 'back in the list');
    await page.getByRole('link', { name: `Papierkorb (${trashed})` }).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  // Editing without losing work: the unsaved-changes guard on a tab switch and on Cancel, the
  // browser's autosave offered back after a reload, a validation message that goes while the
  // admin types, and the search that narrows the Projects list. axe-clean throughout.
  test('the guard, the autosave, messages that clear, and the search', async () => {
    const { page, problems, messages } = await watchedPage(browser);
    await signInAdmin(page, srv.url);
    const form = page.locator('#edit-form');
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

    // Search narrows the list, the count is announced, and the address keeps the query.
    const list = page.getByRole('list', { name: 'Projects' });
    await list.waitFor();
    const items = () => page.evaluate(() => document.querySelectorAll('ul.admin-list[aria-label="Projects"] li').length);
    const all = await items();
    await page.getByLabel('Search projects (title, slug)').fill('solar');
    await page.getByText(/^\d+ of \d+ shown$/).waitFor();
    const shown = await items();
    assert.ok(shown > 0 && shown < all, `${shown} of ${all}`);
    assert.equal(await page.locator('.list-tools-count').getAttribute('aria-live'), 'polite');
    assert.match(page.url(), /\/admin\/projects\?q=solar$/);
    await page.getByLabel('Sort by').selectOption('title');
    await page.waitForFunction(() => {
      const titles = [...document.querySelectorAll('ul.admin-list[aria-label="Projects"] .admin-item-title')].map((e) => e.textContent ?? '');
      return titles.length > 0 && titles.join('|') === [...titles].sort((a, b) => a.localeCompare(b, 'en')).join('|');
    });
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('ul.admin-list[aria-label="Projects"] li').length === n, all);

    // A new item's empty save: every required field says so; the message goes while typing and
    // the summary's count follows.
    await page.getByRole('button', { name: /New Project/ }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await messages.waitFor('Error creating project');
    const summary = form.locator('.admin-form-errors');
    await summary.waitFor();
    const before = Number(/(\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
    assert.ok(before >= 5, `${before} errors`);
    assert.ok((await page.getByText('This field is required.').count()) >= 5);
    const title = page.getByLabel('Title (English)');
    assert.equal(await title.getAttribute('aria-invalid'), 'true');
    await title.pressSequentially('Night');
    await form.locator('[name="title"]:not([aria-invalid])').waitFor();
    await page.waitForFunction((n) => new RegExp(`\\b${n}\\b`).test(document.querySelector('#edit-form .admin-form-errors')?.textContent ?? ''), before - 1);
    await page.getByLabel('Goal amount (USD)').fill('12.345');
    await page.getByLabel('Goal amount (USD)').fill('12.5');
    await form.locator('[name="goalAmount"]:not([aria-invalid])').waitFor();
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused form');

    // Switching tabs with unsaved changes asks; "Keep editing" stays, "Discard" goes.
    await chooseScreen(page, 'News');
    await dialog.waitFor();
    assert.deepEqual(await axeSerious(page), []);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Keep editing');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await screenLink(page, 'Projects').getAttribute('aria-current'), 'page');
    assert.equal(await title.inputValue(), 'Night');

    // Cancel asks too.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await form.count(), 1, 'Escape keeps editing');

    // The values are kept in the browser meanwhile: a reload (the browser asks first) offers them back.
    await page.waitForFunction(() => Boolean(localStorage.getItem('admin-autosave:projects:new')));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('admin-autosave:projects:new')!));
    assert.equal(stored.values.title, 'Night');
    assert.deepEqual(Object.keys(stored).sort(), ['savedAt', 'values']);
    assert.deepEqual(Object.keys(stored.values).sort(), ['goalAmount', 'title'], 'only the fields the admin changed');
    assert.ok(!JSON.stringify(stored).includes('_csrf'), 'form values only');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.type();
      void d.accept();
    });
    await page.reload();
    assert.equal(asked, 'beforeunload', 'leaving the page asked first');
    await waitForHydration(page);
    await page.getByRole('button', { name: /New Project/ }).click();
    const offer = page.getByRole('group', { name: /Unsaved changes from .* found\./ });
    await offer.waitFor();
    assert.match((await page.locator('#edit-form [role=status]').first().textContent()) ?? '', /Unsaved changes from/);
    assert.deepEqual(await axeSerious(page), []);
    await offer.getByRole('button', { name: 'Restore' }).click();
    await page.waitForFunction(() => (document.querySelector('#edit-form [name="title"]') as HTMLInputElement | null)?.value === 'Night');

    // Discarding in the guard's dialog clears the autosave; no question when nothing changed.
    await chooseScreen(page, 'Team');
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('heading', { level: 2, name: 'Team' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('admin-autosave:projects:new')), null);
    await chooseScreen(page, 'Projects');
    await page.getByRole('button', { name: /New Project/ }).click();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    assert.equal(await dialog.isVisible(), false);

    // Saving leaves nothing behind and nothing to ask about (a seeded project, named from the database).
    const edited = (await srv.handle.deps.db('projects').where({ slug: 'nook-vocational-training-center' }).first()) as { title: string };
    await page.getByRole('button', { name: `Edit: ${edited.title}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
    await page.getByLabel('Title (German)').fill('Geändert');
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('admin-autosave:projects:')));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Project updated successfully!');
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('admin-autosave:')).length), 0);
    await chooseScreen(page, 'News');
    await page.getByRole('heading', { level: 2, name: 'News' }).waitFor();
    assert.equal(await dialog.isVisible(), false);

    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('newsletter: a test to oneself first; no send to an edition nobody reads', async () => {
    // No test of this file confirms a subscriber: the English edition has no reader.
    assert.equal((await srv.handle.deps.db('newsletter_subscribers').where({ status: 'subscribed', language: 'en' })).length, 0);
    const { page, problems, messages } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { tab: 'newsletter' });
    const tab = page.locator('.nl-tab:not([aria-busy])');
    await tab.waitFor();
    await tab.getByRole('group', { name: /News articles/ }).getByRole('checkbox').first().check();
    await tab.getByLabel('Subject line').fill('Evening news');

    // Nobody reads the English edition yet: the send is refused here, with the reason beside it.
    await tab.getByRole('button', { name: 'Preview the newsletter' }).click();
    await messages.waitFor('Newsletter Generated');
    const send = tab.getByRole('button', { name: 'Send Newsletter' });
    assert.equal(await send.isDisabled(), true);
    assert.match((await page.locator(`#${await send.getAttribute('aria-describedby')}`).textContent()) ?? '', /Nobody has subscribed to the English edition yet/);

    // The test goes to the address given (a key sign-in), which this browser remembers.
    await tab.getByLabel('Test address').fill('me@example.org');
    await tab.getByRole('button', { name: 'Send test' }).click();
    await messages.waitFor('Test sent to me@example.org');
    const [mail] = await srv.handle.deps.db('outbox').where({ toAddress: 'me@example.org' });
    assert.equal(mail.subject, '[Test] Evening news');
    assert.deepEqual(await axeSerious(page), []);
    await page.reload();
    await waitForHydration(page);
    await page.locator('.nl-tab:not([aria-busy])').waitFor();
    assert.equal(await page.getByLabel('Test address').inputValue(), 'me@example.org');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
