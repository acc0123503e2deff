// The admin area in Chromium, as a volunteer uses it: log in with the key, upload an image, create
// a project with it (picked from the library) and see it on /projects, edit it, delete it, log out.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { axeSerious, launchBrowser, startServer, waitForHydration, watchedPage, type RunningServer } from '../helpers';

const KEY = 'demo-admin-key-change-me';

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

  test('log in, upload, create, see it public, edit, delete, log out', async () => {
    const { page, problems } = await watchedPage(browser);
    const toast = (text: string | RegExp) => page.locator('.toast').filter({ hasText: text });

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
    await toast('Invalid credentials').waitFor();
    // The refused login is the browser's one logged failed request here; anything else is a problem.
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 401/.test(p)), []);
    // Nothing sensitive is kept in the browser.
    assert.equal(await page.evaluate(() => localStorage.length + sessionStorage.length), 0);

    await page.getByLabel('Admin Key').fill(KEY);
    // The toast lasts 5 s from when it shows: watched for from the click on.
    const welcomed = toast('Login successful!').waitFor();
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Content Management' }).waitFor();
    await welcomed;
    assert.equal(await page.evaluate(() => localStorage.getItem('adminKey') ?? document.cookie.includes('admin.sid')), false, 'the session cookie is HttpOnly');
    assert.deepEqual(await axeSerious(page), []);
    // The dashboard opens first; then the spec's tabs, Fundraisers, Glossary and Translations, and
    // People (an admin: the people and their own account).
    assert.equal(await page.getByRole('tab').count(), 13);
    assert.equal(await page.getByRole('tab', { name: 'Dashboard', exact: true }).getAttribute('aria-selected'), 'true');

    // Media: upload an image, see it in the grid, look at it.
    await page.getByRole('tab', { name: 'Media', exact: true }).click();
    assert.equal(await page.getByRole('tab', { name: 'Media', exact: true }).getAttribute('aria-selected'), 'true');
    // The library starts with the illustrations shipped with the site.
    await page.locator('.media-card').filter({ hasText: 'slide-1.svg' }).first().waitFor();
    await page.getByText('Upload media').click();
    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 184, g: 111, b: 20 } } }).png().toBuffer();
    const upload = page.locator('.admin-upload-panel');
    await upload.getByLabel('File', { exact: false }).first().setInputFiles({ name: 'e2e-classroom.png', mimeType: 'image/png', buffer: image });
    await upload.getByLabel('Alternative text').fill('An ochre test square');
    await upload.getByLabel('Tags').fill('solar, classroom, test, extra');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast('File uploaded').waitFor();
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
    await toast('Saving the details failed').waitFor();
    await details.getByText('Describe the image for people who cannot see it').waitFor();
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused details');
    await details.getByLabel('Alternative text', { exact: false }).fill('Ochre square standing in for a classroom photo');
    await details.getByLabel('Category').selectOption('facilities');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await toast('Details saved').waitFor();
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

    // Projects: a new project needs its fields; then one made with the picked image.
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'New Project' }).click();
    await page.getByRole('heading', { name: 'New Project' }).waitFor();
    // A new item starts as a draft: publishing is a choice.
    assert.equal(await page.getByRole('radio', { name: 'Save as draft' }).isChecked(), true);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toast('Error creating project').waitFor();
    assert.ok((await page.getByText('This field is required.').count()) >= 5);
    assert.equal(await page.getByLabel('Title (English)').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused form');

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
    await toast('Project created successfully!').waitFor();
    await page.getByRole('heading', { level: 3, name: 'E2E Solar Classroom' }).waitFor();

    // On the public site at once.
    const visitor = await browser.newPage();
    await visitor.goto(srv.url + '/projects');
    await visitor.getByText('E2E Solar Classroom').first().waitFor();
    // Its photo in the card: the AVIF variant of the right size, which Chromium takes.
    await srv.handle.deps.jobs.idle();
    await visitor.reload();
    const photo = visitor.locator('.project-card').filter({ hasText: 'E2E Solar Classroom' }).locator('img');
    await photo.scrollIntoViewIfNeeded();
    await visitor.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
    assert.match(await photo.evaluate((img: HTMLImageElement) => img.currentSrc), /\/uploads\/[0-9a-f]{32}-w(480|960)\.avif$/);
    await visitor.close();

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
    await toast('Project updated successfully!').waitFor();
    await page.getByRole('heading', { level: 3, name: 'E2E Solar Classroom, Extended' }).waitFor();
    await page.locator('.activity-list').getByText(/changed the English title and the status of the project “E2E Solar Classroom, Extended”/).first().waitFor();

    // Delete after the confirmation.
    await page.getByRole('button', { name: 'Delete: E2E Solar Classroom, Extended' }).click();
    await page.getByText('It can be restored there for 30 days').waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await toast('Project deleted successfully!').waitFor();
    await page.getByRole('heading', { level: 3, name: 'E2E Solar Classroom, Extended' }).waitFor({ state: 'detached' });
    // In the trash, not gone: restorable for 30 days.
    const rows = await srv.handle.deps.db('projects').where('title', 'like', 'E2E%').whereNull('deletedAt');
    assert.equal(rows.length, 0);

    // Log out.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin-login\?loggedOut=1$/);
    await page.getByText('Logged out successfully').first().waitFor();
    await page.goto(srv.url + '/admin');
    assert.match(page.url(), /\/admin-login$/);

    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the German admin on a phone: no English interface text, accessible', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(srv.url + '/de/admin-login');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'E-Mail' }).click();
    await page.getByLabel('E-Mail').fill('admin@example.org');
    await page.getByRole('button', { name: 'Zum Verwaltungsbereich' }).click();
    await page.getByText('Anmeldelink').first().waitFor();
    assert.deepEqual(await axeSerious(page), []);

    await page.getByRole('button', { name: 'Admin-Schlüssel' }).click();
    await page.getByLabel('Admin-Schlüssel').fill(KEY);
    await page.getByRole('button', { name: 'Zum Verwaltungsbereich' }).click();
    await page.waitForURL(/\/de\/admin$/);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Inhaltsverwaltung' }).waitFor();
    for (const tab of ['dashboard', 'projects', 'news', 'team', 'pages', 'media']) {
      await page.goto(`${srv.url}/de/admin?tab=${tab}`);
      await waitForHydration(page);
      const text = await page.locator('body').innerText();
      for (const english of ['Content Management', 'Logout', 'Projects', 'Edit', 'Delete', 'New ', 'Activity', 'Loading']) {
        assert.ok(!text.includes(english), `"${english}" on /de/admin?tab=${tab}`);
      }
      assert.deepEqual(await axeSerious(page), [], tab);
    }
    // Keyboard: arrows move between the tabs.
    await page.getByRole('tab', { name: 'Medien', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('tab', { name: 'Newsletter' }).getAttribute('aria-selected'), 'true');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
