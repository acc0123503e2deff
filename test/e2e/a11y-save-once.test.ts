// The accessibility check in the editor's flow, in Chromium: a second Enter or submit while the
// check before a publication runs saves nothing twice, and the check's results stay with the item
// they are about (another item opens without them, and a check still under way for the item before
// shows nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serverAndBrowser, signInAdmin, watchedPage } from '../helpers';

const e2e = serverAndBrowser();
const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds each accessibility check request for `ms`, and counts those of the editor (axe: true). */
async function slowChecks(page: Page, ms: number): Promise<{ count: number }> {
  const seen = { count: 0 };
  await page.route('**/api/admin/a11y-check', async (route) => {
    if ((route.request().postDataJSON() as { axe?: boolean } | null)?.axe) seen.count++;
    await sleep(ms);
    await route.continue();
  });
  return seen;
}

test('a second submit while the check runs creates the item once', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url);
  await page.getByRole('button', { name: '+ New Project' }).click();
  const form = page.locator('#edit-form');
  await form.waitFor();
  const title = 'Solar lamps for the night school';
  await form.locator('input[name="title"]').fill(title);
  await form.locator('input[name="titleDe"]').fill('Solarlampen für die Abendschule');
  await form.locator('textarea[name="description"]').fill('## Light\n\nForty lamps let the evening class read.');
  await form.locator('textarea[name="descriptionDe"]').fill('## Licht\n\nVierzig Lampen für die Abendklasse.');
  await form.locator('input[name="goalAmount"]').fill('900');
  await form.locator('input[name="imageUrl"]').fill('/images/projects/nook-solar-power.svg');

  const checks = await slowChecks(page, 1500);
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/admin/projects') creates++;
  });
  // Publishing a new item runs the check first.
  await form.getByRole('radio', { name: 'Publish now' }).check();
  await form.getByRole('button', { name: 'Publish now' }).click();
  // While the check runs: Enter in a field, and a second submit as a quick second click would make it.
  await form.locator('input[name="title"]').press('Enter');
  await form.evaluate((f: HTMLFormElement) => f.requestSubmit());
  await page.locator('.toast-title', { hasText: 'Project created successfully!' }).waitFor();
  // Any second check and save would have landed by now.
  await sleep(2500);
  assert.equal(checks.count, 1, 'one check');
  assert.equal(creates, 1, 'one save');
  const list = (await (await fetch(`${e2e.srv.url}/api/admin/projects`, { headers: ADMIN })).json()) as { title: string }[];
  assert.equal(list.filter((p) => p.title === title).length, 1);
  assert.deepEqual(problems, []);
});

test('the results stay with their item: another item opens without them', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url);
  // The projects list's Edit buttons (the spending records below a project have their own).
  const edits = page.getByRole('list', { name: 'Projects' }).getByRole('button', { name: /^Edit: / });
  await edits.first().click();
  const form = page.locator('#edit-form');
  const description = form.locator('textarea[name="description"]');
  await description.waitFor();
  /** Opens the next item of the list (the open one stays listed); the form posts to its address then. */
  let next = 1;
  const nextItem = async () => {
    const before = await form.getAttribute('action');
    await edits.nth(next++).click();
    await page.waitForFunction((action) => document.querySelector('#edit-form')?.getAttribute('action') !== action, before);
  };
  const original = await description.inputValue();
  await description.fill('## Our garden\n\n![IMG_2041.jpg](/images/garden.jpg)');
  await form.getByRole('button', { name: 'Check accessibility' }).click();
  const results = form.locator('.admin-a11y-results');
  await results.getByText(/IMG_2041\.jpg.*looks like a file name/).waitFor();
  // Back as it was (nothing unsaved), then the next item.
  await description.fill(original);
  await nextItem();
  assert.equal(await results.count(), 0, 'no results of the item before');

  // A check still under way when the form moves on shows nothing on the next item.
  await slowChecks(page, 1500);
  await form.getByRole('button', { name: 'Check accessibility' }).click();
  await form.getByRole('button', { name: 'Checking…' }).waitFor();
  await nextItem();
  await sleep(2500);
  assert.equal(await results.count(), 0, 'the old check’s answer is dropped');
  assert.equal(await form.getByRole('button', { name: 'Check accessibility' }).isEnabled(), true);
  assert.deepEqual(problems, []);
});
