// The admin's menu and its toasts in Chromium. At 390 px the menu is one button naming the screen
// shown: it opens the grouped list, Escape closes it again, a choice moves there and closes it.
// At 1280 px the list stands open beside the screen, in English and German, no name wrapping or
// cut off. A toast never covers the field it speaks of at 390 px: the picture of an article saved
// without one, wherever the field stands on the screen, and the choices of the Social Media screen.
// axe finds nothing serious. (What each role's menu holds: test/api/admin-menu.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { axeSerious, chooseScreen, screenLink, serverAndBrowser, signInAdmin, watchedPage } from '../helpers';

const EDITOR = 'editor-key-0123456789';
const e2e = serverAndBrowser({ ADMIN_KEYS: `Eda Editor <${EDITOR}> editor, Ada Admin <admin-key-0123456789>` });

type Box = { top: number; bottom: number; left: number; right: number };
const boxOf = async (l: Locator): Promise<Box> => {
  const b = (await l.boundingBox())!;
  return { top: b.y, bottom: b.y + b.height, left: b.x, right: b.x + b.width };
};
const apart = (a: Box, b: Box) => a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;

/** The toast shown and what it must leave in view: each box apart from the toast's and inside the screen. */
async function assertClear(page: Page, what: Record<string, Locator>): Promise<void> {
  const toast = await boxOf(page.locator('.toast'));
  const height = page.viewportSize()!.height;
  for (const [name, l] of Object.entries(what)) {
    const box = await boxOf(l);
    assert.ok(apart(toast, box), `the toast ${JSON.stringify(toast)} covers ${name} ${JSON.stringify(box)}`);
    assert.ok(box.top >= 0 && box.bottom <= height, `${name} is in view: ${JSON.stringify(box)}`);
  }
}

test('at 390 px the menu is one button naming the screen; at 1280 px the groups stand beside it, in both languages', async () => {
  const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 844 } });
  // The editor's first screen (where a sign-in leads: test/api/admin-menu.test.ts).
  await signInAdmin(page, e2e.srv.url, { key: EDITOR, lang: '/de', tab: 'projects' });
  const toggle = page.locator('nav.admin-menu summary');
  assert.equal((await toggle.innerText()).replace(/\s+/g, ' ').trim(), 'Menü Projekte');
  assert.ok((await page.locator('nav.admin-menu').boundingBox())!.height <= 56, 'one row');
  assert.equal(await screenLink(page, 'Medien').isVisible(), false);

  await toggle.click();
  await page.locator('nav.admin-menu').getByText('Inhalte', { exact: true }).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await screenLink(page, 'Medien').focus();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.tagName === 'SUMMARY' && !document.querySelector('nav.admin-menu details')?.hasAttribute('open'));

  await chooseScreen(page, 'Medien');
  await page.getByRole('heading', { level: 2, name: 'Medien' }).waitFor();
  assert.equal(await page.locator('#tab-media').getAttribute('aria-current'), 'page');
  assert.equal(await screenLink(page, 'Medien').isVisible(), false, 'the choice closed the menu');
  assert.equal((await toggle.innerText()).replace(/\s+/g, ' ').trim(), 'Menü Medien');
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'SUMMARY');
  assert.deepEqual(problems, []);
  await page.context().close();

  for (const lang of ['', '/de'] as const) {
    const wide = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 800 } });
    await signInAdmin(wide.page, e2e.srv.url, { key: 'admin-key-0123456789', lang, tab: null });
    const nav = wide.page.locator('nav.admin-menu');
    assert.equal(await nav.locator('summary').isVisible(), false);
    const links = nav.getByRole('link');
    assert.equal(await links.count(), 14);
    const navBox = await boxOf(nav);
    const panel = await boxOf(wide.page.locator('.admin-panel'));
    assert.ok(navBox.right <= panel.left, 'the menu stands beside the screen');
    // Every name on one line, none cut off.
    const lines = await links.evaluateAll((as) =>
      as.map((a) => {
        const box = a.getBoundingClientRect();
        const fits = a.scrollWidth <= a.clientWidth && box.right <= a.closest('.admin-menu-list')!.getBoundingClientRect().right - 1;
        return [a.textContent, fits, a.getClientRects().length === 1 && box.height < 2 * parseFloat(getComputedStyle(a).lineHeight)];
      }),
    );
    assert.deepEqual(lines.filter(([, fits, oneLine]) => !fits || !oneLine), [], lang);
    assert.deepEqual(await axeSerious(wide.page), []);
    assert.deepEqual(wide.problems, []);
    await wide.page.context().close();
  }
});

test('a toast at 390 px covers neither the field it speaks of nor the choices', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 844 } });
  await signInAdmin(page, e2e.srv.url, { key: EDITOR, tab: 'news', query: '?new=1' });
  const form = page.locator('#edit-form');
  for (const name of ['title', 'titleDe', 'abstract', 'abstractDe', 'content', 'contentDe']) await form.locator(`[name="${name}"]`).fill(`Harvest ${name}`);
  const field = form.locator('.admin-field').filter({ has: page.locator('[name="imageUrl"]') });
  const error = field.locator('.admin-error');
  const save = form.locator('.admin-form-actions button[type=submit]').first();

  // Saved without its picture, the field low on the screen, then high up (where a toast at the
  // bottom, then one at the top, would lie): the picture's field and its error stay in view.
  const input = form.locator('[name="imageUrl"]');
  for (const [what, y] of [[field, 0.55 * 844], [input, 85]] as const) {
    await what.evaluate((el, at) => window.scrollBy(0, el.getBoundingClientRect().top - at), y);
    await save.evaluate((b: HTMLButtonElement) => b.click());
    await messages.waitFor('Error creating news', { kind: 'toast' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'imageUrl');
    await assertClear(page, { 'the field': input, 'its error': error });
    await page.locator('.toast').getByRole('button').click();
  }
  assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused saves');

  // Social Media: the platforms chosen, no project, the choices high up; Generate says what is missing.
  await page.goto(`${e2e.srv.url}/admin/social`);
  await page.locator('.social-choice input[type=checkbox]').first().waitFor();
  for (const box of await page.locator('.social-choice input[type=checkbox]').all()) await box.check();
  const choices = page.locator('fieldset.social-choice');
  await choices.first().evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 10));
  await page.getByRole('button', { name: 'Generate Posts' }).evaluate((b: HTMLButtonElement) => b.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await messages.waitFor('Missing Information', { kind: 'toast' });
  await assertClear(page, { 'the content type': choices.first(), 'the platforms': choices.last(), 'the button': page.getByRole('button', { name: 'Generate Posts' }), 'its hint': page.locator('#social-missing') });
  assert.deepEqual(problems, []);
  await page.context().close();
});
