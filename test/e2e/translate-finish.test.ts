// Machine drafts in Chromium, the last rough edges: a restored revision carries no draft marks (its
// save is not called a machine draft); a text over the limit is said in the page's language and
// number format before anything is sent; a project form and its spending form open together have
// no duplicate ids; the media library's alt text pair has the draft button; the whole-item
// question leaves out "Fill only the empty and out-of-date fields" when there is none (the focus
// goes to the next choice).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowserWithAI, watchedPage, signInAdmin } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const KEY = 'eve-key-0123456789';

describe('machine drafts: restore, limits, ids, media, the whole-item question', () => {
  const e2e = serverAndBrowserWithAI({ ADMIN_KEYS: `Eve Tester <${KEY}>` });

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${e2e.srv.url}${path}`, { method, headers: { 'X-Admin-Key': KEY, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    assert.ok(res.ok, `${method} ${path}: ${res.status}`);
    return res.json();
  };
  const member = (name: string) => ({
    name,
    position: 'Driver',
    positionDe: 'Fahrer',
    bio: 'Our new school garden helps the children.',
    bioDe: 'Unser neuer Schulgarten hilft den Kindern.',
    imageUrl: '/images/team/trustee-placeholder.svg',
    location: 'zimbabwe',
  });

  test('a restored revision forgets the draft marks: its save is not a machine draft', async () => {
    const { srv, browser } = e2e;
    const { id } = await api('POST', '/api/admin/team', member('Tendai Restore'));
    await api('PUT', `/api/admin/team/${id}`, { ...member('Tendai Restore'), bio: 'Our new school garden helps the children every day.' });

    const { page, problems } = await watchedPage(browser);
    const toast = (text: string | RegExp) => page.locator('.toast').filter({ hasText: text });
    await signInAdmin(page, srv.url, { key: KEY });
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Edit: Tendai Restore' }).click();
    const bioDeField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    await bioDeField.getByRole('button', { name: en.admin.translate.toDe }).click();
    await bioDeField.locator('.machine-draft-note').waitFor();

    await page.locator('#history summary').click();
    const entries = page.locator('.history-list > li');
    await entries.nth(1).waitFor();
    await entries.nth(1).getByRole('button', { name: /^Compare the version .+ saved on / }).click();
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await toast('The earlier version was restored.').waitFor();
    assert.equal(await page.getByLabel('Biography (German)').inputValue(), 'Unser neuer Schulgarten hilft den Kindern.');
    assert.equal(await page.locator('.machine-draft-note').count(), 0, 'no marks after the restore');

    await page.getByLabel('Position (English)').fill('Bus driver');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(/updated/i).first().waitFor();
    const revisions = await api('GET', `/api/admin/team/${id}/revisions`);
    assert.notEqual(revisions[0].source, 'machine', JSON.stringify(revisions[0]));
    const audit = await api('GET', '/api/admin/audit?limit=3');
    assert.ok(!JSON.stringify(audit).includes('machine draft'), JSON.stringify(audit).slice(0, 500));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a text over the limit, on the German admin page: said in German with 20’000, nothing sent', async () => {
    const { srv, browser } = e2e;
    await api('POST', '/api/admin/team', member('Chipo Lang'));
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY, lang: '/de' });
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Bearbeiten: Chipo Lang' }).click();
    await page.getByLabel(de.admin.fields.bio).fill('The school garden. '.repeat(1_100));
    const asked = e2e.ai.requests.length;
    await page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') }).getByRole('button', { name: de.admin.translate.toDe }).click();
    const message = de.admin.translate.tooLong.replace('{{max}}', '20’000');
    await page.locator('.toast').filter({ hasText: message }).waitFor();
    assert.equal(e2e.ai.requests.length, asked, 'nothing was sent to OpenAI');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a project form and its spending form open together: no id twice', async () => {
    const { srv, browser } = e2e;
    const project = (await srv.handle.deps.db('projects').whereNull('deletedAt').orderBy('id').first()) as { id: number };
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY });
    await page.goto(`${srv.url}/admin?tab=projects&edit=${project.id}&spending=new#spending`);
    await page.locator('#spending-form').waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('#spending-form').getByRole('button', { name: en.admin.translate.toDe }).waitFor();
    const twice = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    });
    assert.deepEqual(twice, []);
    // Each button names its own field.
    for (const button of await page.getByRole('button', { name: en.admin.translate.toDe }).all()) {
      const ref = await button.getAttribute('aria-describedby');
      assert.ok(ref && (await page.evaluate((r) => document.getElementById(r)?.textContent ?? '', ref)), `the button's field: ${ref}`);
    }
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the media library: the alt text pair has "Draft German from English"', async () => {
    const { srv, browser } = e2e;
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY });
    await page.getByRole('tab', { name: 'Media', exact: true }).click();
    const card = page.locator('.media-card').filter({ hasText: 'slide-1.svg' }).first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Edit details: slide-1.svg' }).click();
    const details = page.getByRole('form', { name: 'Details of slide-1.svg' });
    await details.waitFor();
    await details.getByLabel('Alternative text', { exact: false }).fill('The children in the school garden');
    await details.getByLabel(en.admin.altSuggest.altTextDe).fill('');
    await details.getByRole('button', { name: en.admin.translate.toDe }).click();
    await details.locator('.machine-draft-note').waitFor();
    assert.equal(await details.getByLabel(en.admin.altSuggest.altTextDe).inputValue(), 'Die Kinder in die Schule Garten');
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the whole item with nothing empty or out of date: no "fill only" button, the focus on the next choice', async () => {
    const { srv, browser } = e2e;
    await api('POST', '/api/admin/team', member('Farai Ganz'));
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY });
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Edit: Farai Ganz' }).click();
    await page.getByRole('button', { name: en.admin.translate.wholeItem }).click();
    const ask = page.getByRole('dialog', { name: en.admin.translate.askTitleDe });
    await ask.waitFor();
    assert.equal(await ask.getByRole('button', { name: en.admin.translate.askKeep }).count(), 0);
    await ask.getByRole('button', { name: en.admin.translate.askReplace }).waitFor();
    await page.waitForFunction((name) => document.activeElement?.textContent === name && document.activeElement.closest('dialog[open]') !== null, en.admin.translate.askReplace);
    assert.deepEqual(await axeSerious(page), []);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Biography (German)').inputValue(), member('Farai Ganz').bioDe, 'nothing replaced');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
