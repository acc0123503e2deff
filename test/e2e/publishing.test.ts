// Drafts and previews in Chromium, as a volunteer works: save a new project as a draft (the list
// says so, visitors do not see it), open its preview in a new tab (the real page, with the banner),
// then publish it. Accessible throughout.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { axeSerious, launchBrowser, startServer, waitForHydration, watchedPage, type RunningServer, signInAdmin } from '../helpers';

const KEY = 'demo-admin-key-change-me';

describe('drafts and previews in Chromium', () => {
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

  test('save a draft, see its badge, preview it, publish it', async () => {
    const { page, problems } = await watchedPage(browser);
    const toast = (text: string | RegExp) => page.locator('.toast').filter({ hasText: text });
    await signInAdmin(page, srv.url, { key: KEY });

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
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'publishAt');
    await publishing.getByRole('radio', { name: 'Save as draft' }).check();
    assert.deepEqual(await axeSerious(page), [], 'the form with its publishing choice');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toast('Project created successfully!').waitFor();
    // The form stays open on the saved draft and says where it is; the focus is on that.
    const note = page.getByRole('status').filter({ hasText: 'Saved as a draft: visitors do not see it yet.' });
    await note.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('admin-saved') === true);
    assert.equal(await page.getByRole('link', { name: /^View on site/ }).count(), 0, 'not on the site yet');
    await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
    const row = page.locator('.admin-item').filter({ hasText: 'Seedling Nursery' });
    await row.locator('.admin-badge-draft', { hasText: 'Draft' }).waitFor();
    assert.deepEqual(await axeSerious(page), [], 'the list with its badges');

    // Visitors do not see it.
    const visitor = await browser.newPage();
    await visitor.goto(srv.url + '/projects');
    assert.equal(await visitor.getByText('Seedling Nursery').count(), 0);
    const hidden = await visitor.goto(srv.url + '/projects/seedling-nursery');
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

    // Publish: choose Publish now and save.
    await page.getByRole('radio', { name: 'Publish now' }).check();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await toast('Project updated successfully!').waitFor();
    await page.getByText('Saved. It is on the website now.').waitFor();
    assert.equal(await page.getByRole('link', { name: /^View on site/ }).getAttribute('href'), '/projects/seedling-nursery');
    // Already public: the button now says Save changes.
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    const published = page.locator('.admin-item').filter({ hasText: 'Seedling Nursery for Village 9' });
    await published.locator('.admin-badge-published', { hasText: 'Published' }).waitFor();
    await visitor.goto(srv.url + '/projects/seedling-nursery');
    await visitor.getByRole('heading', { level: 1, name: 'Seedling Nursery for Village 9' }).waitFor();
    assert.equal(await visitor.getByText('Preview — not published').count(), 0);
    await visitor.close();

    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
