// In Chromium: deleting a glossary term asks first (Cancel goes back to the Delete button, the
// question's button deletes); the spending form starts at today's Swiss date and drafts its German
// description from the English one (the real openai SDK against the fake), as an unsaved change
// with its note. Axe finds nothing serious on either.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowserWithAI, signInAdmin, until, watchedPage } from '../helpers';
import { swissToday } from '../../models/shared/dates';

describe('glossary delete question and spending drafts in Chromium', () => {
  const e2e = serverAndBrowserWithAI();
  const KEY = { 'X-Admin-Key': 'demo-admin-key-change-me', 'Content-Type': 'application/json' };

  test('a glossary term is deleted only after the question', async () => {
    const { srv, browser } = e2e;
    const res = await fetch(`${srv.url}/api/admin/glossary`, { method: 'POST', headers: KEY, body: JSON.stringify({ termEn: 'Borehole Committee', termDe: 'Brunnenkomitee' }) });
    assert.equal(res.status, 201);
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url);
    await page.locator('#tab-glossary').click();
    await page.getByRole('heading', { name: 'Borehole Committee' }).waitFor();

    const del = page.getByRole('button', { name: 'Delete: Borehole Committee' });
    await del.click();
    const question = page.getByText('Remove “Borehole Committee” from the glossary?');
    await question.waitFor();
    assert.deepEqual(await axeSerious(page), []);
    // Nothing is gone yet; Cancel closes the question and the keyboard is back on Delete.
    assert.equal((await (await fetch(`${srv.url}/api/admin/glossary`, { headers: KEY })).json()).some((g: { termEn: string }) => g.termEn === 'Borehole Committee'), true);
    await page.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Cancel' }).click();
    await until(async () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Delete: Borehole Committee'), 'focus back on Delete');

    await del.click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await page.locator('.toast').filter({ hasText: 'Term removed from the glossary.' }).waitFor();
    await until(async () => (await page.getByRole('heading', { name: 'Borehole Committee' }).count()) === 0, 'the term gone from the list');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the spending form: today in Swiss time, and a German draft of the description', async () => {
    const { srv, browser } = e2e;
    const project = (await srv.handle.deps.db('projects').whereNull('deletedAt').orderBy('id').first()) as { id: number; title: string };
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url);
    await page.goto(`${srv.url}/admin?tab=projects&edit=${project.id}&spending=new#spending`);
    const form = page.locator('#spending-form');
    await form.waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.equal(await form.getByLabel('Date').inputValue(), swissToday());

    await form.getByLabel('Description (English)').fill('Seeds for the school garden');
    await form.getByRole('button', { name: 'Draft German from English' }).click();
    await form.getByText('Machine draft: check it before saving').waitFor();
    const drafted = await form.getByLabel('Description (German)').inputValue();
    assert.ok(drafted.trim().length > 0 && drafted !== 'Seeds for the school garden', drafted);
    assert.ok(e2e.ai.requests.length > 0, 'OpenAI was asked');
    assert.deepEqual(await axeSerious(page), []);
    // Nothing was saved by the draft.
    assert.equal(await srv.handle.deps.db('project_spending').where({ description: 'Seeds for the school garden' }).first(), undefined);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
