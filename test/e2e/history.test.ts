// Revisions and trash in Chromium, as a volunteer uses them: edit a team member twice, open the
// History, compare the first version with the current one, restore it; delete the member and
// bring it back from the trash. Every step is announced and the page stays accessible.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, watchedPage, signInAdmin } from '../helpers';

const KEY = 'eve-key-0123456789';

describe('revisions and trash in Chromium', () => {
  const e2e = serverAndBrowser({ ADMIN_KEYS: `Eve Tester <${KEY}>` });

  test('edit twice, compare, restore; delete and restore from the trash', async () => {
    const { srv, browser } = e2e;
    const res = await fetch(`${srv.url}/api/admin/team`, {
      method: 'POST',
      headers: { 'X-Admin-Key': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Rudo Test', position: 'Driver', positionDe: 'Fahrer', bio: 'Rudo drives the clinic bus every Tuesday and takes patients from the southern villages to the mission hospital.', bioDe: 'Rudo fährt jeden Dienstag den Klinikbus.', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }),
    });
    assert.equal(res.status, 201);

    const { page, problems } = await watchedPage(browser);
    const toast = (text: string | RegExp) => page.locator('.toast').filter({ hasText: text });
    await signInAdmin(page, srv.url, { key: KEY });
    await page.getByText('Signed in as Eve Tester').waitFor();

    await page.getByRole('tab', { name: 'Team' }).click();
    const bio = page.getByLabel('Biography (English)');
    for (const text of ['Rudo drives the clinic bus on Tuesdays and Fridays and takes patients from the southern villages to the mission hospital.', 'Rudo drives the clinic bus on Tuesdays and Fridays, repairs it, and takes patients from the southern villages to the mission hospital.']) {
      await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();
      await bio.fill(text);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await toast(/updated/i).first().waitFor();
      await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    }

    // The History of the edit form: three versions, by name, newest first.
    await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();
    await page.locator('#history summary').click();
    const entries = page.locator('.history-list > li');
    await entries.nth(2).waitFor();
    assert.equal(await entries.count(), 3);
    // Each version a sentence: who did what, and when (Swiss time).
    assert.match((await entries.nth(0).textContent()) ?? '', /^Eve Tester changed the English biography, \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d/);
    assert.match((await entries.nth(2).textContent()) ?? '', /^Eve Tester created it, /);

    // Compare the first version with the current one: the changed words are marked.
    // Versions are named by who saved them and when, never by a number.
    await entries.nth(2).getByRole('button', { name: /^Compare the version Eve Tester saved on .+ with the current version$/ }).click();
    await page.getByRole('heading', { level: 4, name: /^Comparing the version Eve Tester saved on .+ with the current version$/ }).waitFor();
    await page.getByRole('columnheader', { name: /^Saved by Eve Tester, / }).waitFor();
    assert.match((await page.locator('.history-compare del').allTextContents()).join(' '), /every|Tuesday/);
    assert.match((await page.locator('.history-compare ins').allTextContents()).join(' '), /repairs/);
    assert.deepEqual(await axeSerious(page), []);

    // Typing not yet saved is not overwritten by a restore without the unsaved-changes question.
    await bio.fill('Typed but not saved.');
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByText('The current version stays in the history').waitFor();
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await bio.inputValue(), 'Typed but not saved.');
    assert.equal(await toast('The earlier version was restored.').count(), 0);

    // Restore it after the confirmation: the form shows the first text again.
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await toast('The earlier version was restored.').waitFor();
    assert.equal(await bio.inputValue(), 'Rudo drives the clinic bus every Tuesday and takes patients from the southern villages to the mission hospital.');
    await entries.nth(3).waitFor();
    assert.match((await entries.nth(0).textContent()) ?? '', /^Eve Tester brought back an earlier version, /);
    // The restored version is the saved one: Cancel closes the form without asking.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#edit-form').waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('dialog').count(), 0);

    // Delete: it goes to the trash, and comes back from there.
    await page.getByRole('button', { name: 'Delete: Rudo Test' }).click();
    await page.getByText('It can be restored there for 30 days').waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await toast('Team member deleted successfully!').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Rudo Test' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Trash (1)' }).click();
    await page.getByRole('heading', { level: 3, name: 'Trash' }).waitFor();
    await page.getByText(/Deleted .* by Eve Tester/).waitFor();
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('button', { name: 'Restore: Rudo Test' }).click();
    await toast('Restored from the trash.').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Rudo Test' }).waitFor();
    await page.getByText('The trash is empty.').waitFor();

    // The Activity panel names the volunteer and offers the filter.
    await page.locator('.activity-list').getByText('Eve Tester').first().waitFor();
    assert.deepEqual(problems, []);
  });
});
