// Where the money went in Chromium: the project page's spent-of-raised and records at phone and
// desktop widths in both languages (no serious axe finding, no horizontal scrolling), and an admin
// adding a record in the project's form with the keyboard, the receipt picked from the library.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, until, waitForHydration, watchedPage, signInAdmin } from '../helpers';

const SLUG = 'nook-vocational-training-center';
const SHOTS = process.env.SPENDING_SHOTS; // a directory: screenshots to look at

describe('spending records in Chromium', () => {
  const e2e = serverAndBrowser();

  test('the project page shows what was spent, in both languages, at 320, 390 and 1280 pixels', async () => {
    for (const [path, spent, heading] of [
      [`/projects/${SLUG}`, /\$12,400 spent of \$58,740 raised/, 'Where the Money Went'],
      [`/de/projects/${SLUG}`, /\$12’400 ausgegeben von \$58’740 gesammelt/, 'Wohin das Geld ging'],
    ] as const) {
      for (const width of [320, 390, 1280]) {
        const { page, problems } = await watchedPage(e2e.browser, { viewport: { width, height: 900 } });
        await page.goto(e2e.srv.url + path);
        await waitForHydration(page);
        assert.match(await page.locator('.sidebar-spent').innerText(), spent);
        await page.getByRole('heading', { name: heading }).waitFor();
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(wide, false, `${path} at ${width}px scrolls sideways`);
        if (SHOTS) {
          await page.locator('.pj-spending').screenshot({ path: `${SHOTS}/spending-${path.replace(/\W+/g, '_')}-${width}.png` });
          await page.locator('.sidebar-card').screenshot({ path: `${SHOTS}/spending-sidebar-${path.replace(/\W+/g, '_')}-${width}.png` });
        }
        if (width === 390) assert.deepEqual(await axeSerious(page), []);
        assert.deepEqual(problems, []);
        await page.context().close();
      }
    }
  });

  test('an admin adds a record in the project form with the keyboard; the page shows it', async () => {
    const db = e2e.srv.handle.deps.db;
    const project = (await db('projects').where({ slug: SLUG }).first()) as { id: number; title: string };
    const { page, problems } = await watchedPage(e2e.browser);
    await signInAdmin(page, e2e.srv.url);

    await page.getByRole('button', { name: `Edit: ${project.title}` }).click();
    await page.getByRole('heading', { name: 'Spending', exact: true }).waitFor();
    assert.match(await page.locator('.admin-spending-total').innerText(), /\$12,400/);

    await page.getByRole('button', { name: '+ Add spending' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'New spending record' }).waitFor();
    const form = page.locator('#spending-form');
    await form.getByLabel('Amount (USD)').fill('600');
    await form.getByLabel('Category').selectOption('transport');
    await form.getByLabel('Description (English)').fill('Bus fares for the trainees');
    await form.getByLabel('Description (German)').fill('Busbillette für die Lernenden');
    await form.getByRole('button', { name: 'Choose receipt' }).click();
    await page.getByRole('dialog').locator('.picker-item').first().click();
    await until(async () => (await form.getByLabel('Receipt (PDF or image from the media library)').inputValue()) !== '', 'a receipt chosen');
    if (SHOTS) await page.locator('#spending').screenshot({ path: `${SHOTS}/spending-admin-form.png` });
    await page.getByRole('button', { name: 'Add record' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.toast').filter({ hasText: 'Spending record added' }).waitFor();
    // The list (and its total) is read again after the toast.
    await until(async () => /\$13,000/.test(await page.locator('.admin-spending-total').innerText()), 'the total with the new record');
    assert.deepEqual(await axeSerious(page), []);
    if (SHOTS) await page.locator('#spending').screenshot({ path: `${SHOTS}/spending-admin-list.png` });

    const row = await db('project_spending').where({ projectId: project.id, description: 'Bus fares for the trainees' }).first();
    assert.ok(row?.receiptMediaId, 'the receipt is kept');
    const audit = await db('audit_log').where({ entity: 'spending', entityId: String(row.id), action: 'create' }).first();
    assert.ok(audit);

    await page.goto(e2e.srv.url + `/de/projects/${SLUG}`);
    await page.getByText('Busbillette für die Lernenden').waitFor();
    assert.deepEqual(problems, []);
  });
});
