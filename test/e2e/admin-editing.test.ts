// Editing without losing work, in Chromium: the unsaved-changes guard on a tab switch and on
// Cancel, the browser's autosave offered back after a reload, a validation message that goes
// while the admin types, and the search that narrows the Projects list. axe-clean throughout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, until, waitForHydration, watchedPage, signInAdmin } from '../helpers';

const e2e = serverAndBrowser();
const toast = (page: Page, title: string) => page.locator('.toast-title', { hasText: title });

async function login(page: Page): Promise<void> {
  await signInAdmin(page, e2e.srv.url);
}

test('the guard, the autosave, messages that clear, and the search', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await login(page);
  const form = page.locator('#edit-form');
  const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  // Search narrows the list, the count is announced, and the address keeps the query.
  const list = page.getByRole('list', { name: 'Projects' });
  const all = await list.getByRole('listitem').count();
  await page.getByLabel('Search projects (title, slug)').fill('solar');
  await page.getByText(/^\d+ of \d+ shown$/).waitFor();
  const shown = await list.getByRole('listitem').count();
  assert.ok(shown > 0 && shown < all, `${shown} of ${all}`);
  assert.equal(await page.locator('.list-tools-count').getAttribute('aria-live'), 'polite');
  assert.match(page.url(), /\?tab=projects&q=solar$/);
  await page.getByLabel('Sort by').selectOption('title');
  await until(async () => {
    const sorted = await list.locator('.admin-item-title').allTextContents();
    return sorted.join('|') === [...sorted].sort((a, b) => a.localeCompare(b, 'en')).join('|');
  }, 'the list sorted by title');
  assert.deepEqual(await axeSerious(page), []);
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await until(async () => (await list.getByRole('listitem').count()) === all, 'the whole list again');

  // A required field's message goes while typing; the summary's count follows.
  await page.getByRole('button', { name: /New Project/ }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await toast(page, 'Error creating project').waitFor();
  const summary = form.locator('.admin-form-errors');
  const before = Number(/(\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
  assert.ok(before >= 5, `${before} errors`);
  const title = page.getByLabel('Title (English)');
  assert.equal(await title.getAttribute('aria-invalid'), 'true');
  await title.pressSequentially('Night');
  await until(async () => (await title.getAttribute('aria-invalid')) === null, 'the title message to go while typing');
  await until(async () => new RegExp(`\\b${before - 1}\\b`).test((await summary.textContent()) ?? ''), 'the summary to count one less');
  await page.getByLabel('Goal amount (USD)').fill('12.345');
  await page.getByLabel('Goal amount (USD)').fill('12.5');
  await until(async () => (await page.getByLabel('Goal amount (USD)').getAttribute('aria-invalid')) === null, 'the amount message to go');
  assert.deepEqual(problems.splice(0).filter((p) => !/status of 400/.test(p)), [], 'only the refused form');

  // Switching tabs with unsaved changes asks; "Keep editing" stays, "Discard" goes.
  await page.getByRole('tab', { name: 'News', exact: true }).click();
  await dialog.waitFor();
  assert.deepEqual(await axeSerious(page), []);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Keep editing');
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.getByRole('tab', { name: 'Projects', exact: true }).getAttribute('aria-selected'), 'true');
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
  await until(async () => (await page.getByLabel('Title (English)').inputValue()) === 'Night', 'the restored title');

  // Discarding in the guard's dialog clears the autosave; no question when nothing changed.
  await page.getByRole('tab', { name: 'Team', exact: true }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('heading', { level: 2, name: 'Team' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('admin-autosave:projects:new')), null);
  await page.getByRole('tab', { name: 'Projects', exact: true }).click();
  await page.getByRole('button', { name: /New Project/ }).click();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await form.waitFor({ state: 'detached' });
  assert.equal(await dialog.isVisible(), false);

  // Saving leaves nothing behind and nothing to ask about.
  await page.getByRole('button', { name: /^Edit: / }).first().click();
  await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
  await page.getByLabel('Title (German)').fill('Geändert');
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('admin-autosave:projects:')));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Project updated successfully!').waitFor();
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('admin-autosave:')).length), 0);
  await page.getByRole('tab', { name: 'News', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'News' }).waitFor();
  assert.equal(await dialog.isVisible(), false);

  assert.deepEqual(problems, []);
  await page.context().close();
});

test('newsletter: a test to oneself first; no send to an edition nobody reads', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await login(page);
  await page.goto(`${e2e.srv.url}/admin?tab=newsletter`);
  await waitForHydration(page);
  const tab = page.locator('.nl-tab:not([aria-busy])');
  await tab.waitFor();
  await tab.getByRole('group', { name: /News articles/ }).getByRole('checkbox').first().check();
  await tab.getByLabel('Subject line').fill('Evening news');

  // Nobody reads the English edition yet: the send is refused here, with the reason beside it.
  await tab.getByRole('button', { name: 'Preview the newsletter' }).click();
  await toast(page, 'Newsletter Generated').waitFor();
  const send = tab.getByRole('button', { name: 'Send Newsletter' });
  assert.equal(await send.isDisabled(), true);
  assert.match((await page.locator(`#${await send.getAttribute('aria-describedby')}`).textContent()) ?? '', /Nobody has subscribed to the English edition yet/);

  // The test goes to the address given (a key sign-in), which this browser remembers.
  await tab.getByLabel('Test address').fill('me@example.org');
  await tab.getByRole('button', { name: 'Send test' }).click();
  await toast(page, 'Test sent to me@example.org').waitFor();
  const [mail] = await e2e.srv.handle.deps.db('outbox').where({ toAddress: 'me@example.org' });
  assert.equal(mail.subject, '[Test] Evening news');
  assert.deepEqual(await axeSerious(page), []);
  await page.reload();
  await waitForHydration(page);
  await page.locator('.nl-tab:not([aria-busy])').waitFor();
  assert.equal(await page.getByLabel('Test address').inputValue(), 'me@example.org');
  assert.deepEqual(problems, []);
  await page.context().close();
});
