// Undo after a delete, in Chromium: the spec's message ("Project deleted successfully!") with an
// Undo button that puts the project back from the trash (the trash tab's own restore), in English
// with the mouse and in German with the keyboard (F8 reaches the message, Tab its button). The
// message with a button is not timed (WCAG 2.2.1): it is still there after the usual 5 s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, signInAdmin, watchedPage } from '../helpers';

const e2e = serverAndBrowser();
const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The projects as the admin API lists them (deleted ones are in the trash, not here). */
async function projects(): Promise<{ id: number; title: string; titleDe: string }[]> {
  return (await (await fetch(`${e2e.srv.url}/api/admin/projects`, { headers: ADMIN })).json()) as { id: number; title: string; titleDe: string }[];
}

test('English: delete a project, the spec message, Undo puts it back in the list', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url);
  const project = (await projects())[0]!;
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
  await sleep(6000);
  const undo = toast.getByRole('button', { name: 'Undo', exact: true });
  assert.equal(await undo.isVisible(), true, 'Undo still offered after 6 s');
  await undo.click();
  await toast.locator('.toast-title', { hasText: 'Restored from the trash.' }).waitFor();
  await toast.getByText(project.title, { exact: true }).waitFor();
  await heading.waitFor();
  assert.equal((await projects()).some((p) => p.id === project.id), true, 'back in the list');
  assert.equal(await toast.getByRole('button', { name: 'Undo' }).count(), 0, 'the restored message has no Undo');
  // The trash is empty again.
  await page.getByRole('button', { name: 'Trash (0)' }).waitFor();
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('German: “Projekt erfolgreich gelöscht!”, Rückgängig by keyboard puts it back', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de' });
  assert.match(page.url(), /\/de\/admin/);
  const project = (await projects())[1]!;
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
  await toast.locator('.toast-title', { hasText: 'Aus dem Papierkorb wiederhergestellt.' }).waitFor();
  await heading.waitFor();
  assert.equal((await projects()).some((p) => p.id === project.id), true, 'back in the list');
  await page.getByRole('button', { name: 'Papierkorb (0)' }).waitFor();
  assert.deepEqual(problems, []);
  await page.context().close();
});
