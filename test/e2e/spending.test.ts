// Where the money went in Chromium: the project page's spent-of-raised and records on the narrowest
// phone, 320 px, in both languages (no horizontal scrolling; axe and the widths 390 and 1280 px:
// the layout walk of test/e2e/layout-walk.ts, the same page), and an admin adding a record in the
// project's form with the keyboard, the receipt picked from the library.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, waitForHydration, watchedPage, signInAdmin, axeSerious } from '../helpers';
import { withSpent } from '../../models/giving/spending';
import { formatMoney } from '../../models/shared/rules';

const SLUG = 'nook-vocational-training-center';
const SHOTS = process.env.SPENDING_SHOTS; // a directory: screenshots to look at

describe('spending records in Chromium', () => {
  const e2e = serverAndBrowser();

  test('the project page shows what was spent, in both languages, at 320 pixels', async () => {
    // What was spent as the database holds it now (the other test here adds a record).
    const db = e2e.srv.handle.deps.db;
    const project = (await db('projects').where({ slug: SLUG }).first('id')) as { id: number };
    const { spentAmount } = (await withSpent(db, [project]))[0]!;
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 320, height: 900 } });
    for (const [path, spent, heading] of [
      [`/projects/${SLUG}`, `${formatMoney(spentAmount, 'en')} spent of $58,740 raised`, 'Where the Money Went'],
      [`/de/projects/${SLUG}`, `${formatMoney(spentAmount, 'de')} ausgegeben von $58’740 gesammelt`, 'Wohin das Geld ging'],
    ] as const) {
      await page.goto(e2e.srv.url + path);
      await waitForHydration(page);
      assert.ok((await page.locator('.sidebar-spent').innerText()).includes(spent), `${path}: ${spent}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, `${path} at 320px scrolls sideways`);
      if (SHOTS) {
        await page.locator('.pj-spending').screenshot({ path: `${SHOTS}/spending-${path.replace(/\W+/g, '_')}-320.png` });
        await page.locator('.sidebar-card').screenshot({ path: `${SHOTS}/spending-sidebar-${path.replace(/\W+/g, '_')}-320.png` });
      }
    }
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('an admin adds a record in the project form with the keyboard; the page shows it', async () => {
    const db = e2e.srv.handle.deps.db;
    const project = (await db('projects').where({ slug: SLUG }).first()) as { id: number; title: string };
    const { page, problems, messages } = await watchedPage(e2e.browser);
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
    const picker = page.getByRole('dialog');
    await picker.locator('.picker-item').first().click();
    // Chosen: the picker closes, and the form offers to view or remove the receipt it now has.
    await picker.waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Remove receipt' }).waitFor();
    assert.notEqual(await form.getByLabel('Receipt (PDF or image from the media library)').inputValue(), '', 'a receipt chosen');
    if (SHOTS) await page.locator('#spending').screenshot({ path: `${SHOTS}/spending-admin-form.png` });
    await page.getByRole('button', { name: 'Add record' }).focus();
    await page.keyboard.press('Enter');
    await messages.waitFor('Spending record added', { kind: 'toast' });
    // The list (and its total) is read again after the save.
    await page.locator('.admin-spending-total', { hasText: '$13,000' }).waitFor();
    assert.deepEqual(await axeSerious(page), []);
    if (SHOTS) await page.locator('#spending').screenshot({ path: `${SHOTS}/spending-admin-list.png` });

    const row = await db('project_spending').where({ projectId: project.id, description: 'Bus fares for the trainees' }).first();
    assert.ok(row?.receiptMediaId, 'the receipt is kept');
    const audit = await db('audit_log').where({ entity: 'spending', entityId: String(row.id), action: 'create' }).first();
    assert.ok(audit);

    await page.goto(e2e.srv.url + `/de/projects/${SLUG}`);
    await page.getByText('Busbillette für die Lernenden').waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
