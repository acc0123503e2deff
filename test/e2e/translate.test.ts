// Machine translation drafts in Chromium, as a volunteer uses them: draft the German biography of
// a team member from the English one (the real openai SDK against the fake), see the note by the
// field, edit another draft by hand (it stays marked), save; the History says the version started
// as a machine draft, and both drafted fields are named. The page stays accessible.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowserWithAI, watchedPage, signInAdmin } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };

const KEY = 'eve-key-0123456789';

describe('machine translation drafts in Chromium', () => {
  const e2e = serverAndBrowserWithAI({ ADMIN_KEYS: `Eve Tester <${KEY}>` });

  test('draft German from English, the note, save, the History says machine draft', async () => {
    const { srv, browser } = e2e;
    const res = await fetch(`${srv.url}/api/admin/team`, {
      method: 'POST',
      headers: { 'X-Admin-Key': KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Rudo Test',
        position: 'Driver',
        positionDe: 'Fahrer',
        bio: 'Our **new** school garden in [Mwenezi](https://example.org/mwenezi) helps the children.',
        bioDe: 'Alt.',
        imageUrl: '/images/team/trustee-placeholder.svg',
        location: 'zimbabwe',
      }),
    });
    assert.equal(res.status, 201);
    const id = (await res.json()).id as number;

    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY });
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();

    const bioDe = page.getByLabel('Biography (German)');
    const draftButton = (field: string) => page.locator('.draft-field').filter({ has: page.locator(`[name="${field}"]`) }).getByRole('button');
    assert.equal(await draftButton('bioDe').textContent(), 'Draft German from English');
    const bioRef = (await draftButton('bioDe').getAttribute('aria-describedby')) ?? '';
    assert.match(bioRef, /-draft-for-bioDe$/);
    assert.equal(await page.evaluate((r) => document.getElementById(r)?.textContent, bioRef), 'Biography (German)');
    await draftButton('bioDe').click();
    await page.getByText('Machine draft filled in: check it before saving.').first().waitFor();
    assert.equal(await bioDe.inputValue(), 'Unser **neu** Schule Garten in [Mwenezi](https://example.org/mwenezi) helps die Kinder.');
    const notes = page.locator('.machine-draft-note');
    assert.equal(await notes.count(), 1);
    assert.equal(await notes.first().textContent(), 'Machine draft: check it before saving');
    assert.deepEqual(await axeSerious(page), []);

    // A second draft, then edited by hand: it stays marked (in other words) and is named on the save.
    assert.equal(await draftButton('position').textContent(), 'Draft English from German');
    await draftButton('position').click();
    await page.waitForFunction(() => document.querySelectorAll('.machine-draft-note').length === 2);
    await page.getByLabel('Position (English)').fill('Bus driver');
    assert.equal(await notes.count(), 2);
    assert.equal(await notes.nth(0).textContent(), en.admin.translate.noteEdited);

    // The draft is an unsaved change: Cancel asks before it is lost.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.toast').filter({ hasText: /updated/i }).first().waitFor();

    const revisions = await (await fetch(`${srv.url}/api/admin/team/${id}/revisions`, { headers: { 'X-Admin-Key': KEY } })).json();
    assert.equal(revisions[0].source, 'machine');
    const audit = await (await fetch(`${srv.url}/api/admin/audit?limit=5`, { headers: { 'X-Admin-Key': KEY } })).json();
    assert.ok(JSON.stringify(audit).includes('Rudo Test (machine draft: bioDe, position)'), JSON.stringify(audit).slice(0, 500));

    await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();
    assert.equal(await page.locator('.machine-draft-note').count(), 0, 'a new form starts without notes');
    await page.locator('#history summary').click();
    const newest = page.locator('.history-list > li').first();
    await newest.waitFor();
    assert.match((await newest.textContent()) ?? '', /Started as a machine translation draft\./);
    assert.deepEqual(await axeSerious(page), []);

    // The whole item in German: the out-of-date Position (German) is drafted at once; the saved
    // German biography is current, so the form asks before replacing it.
    await page.getByRole('button', { name: 'Draft the whole item in German' }).click();
    const ask = page.getByRole('dialog', { name: en.admin.translate.askTitleDe });
    await ask.waitFor();
    assert.deepEqual(await ask.locator('li').allTextContents(), ['Biography (German)']);
    await ask.getByRole('button', { name: en.admin.translate.askReplace }).click();
    await page.getByText('2 fields filled with a machine draft: check them before saving.').first().waitFor();
    assert.equal(await page.getByLabel('Position (German)').inputValue(), 'Bus driver');
    assert.equal(await page.locator('.machine-draft-note').count(), 2);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();

    // The glossary tab: the seeded names, a new term, accessible.
    await page.getByRole('tab', { name: 'Glossary' }).click();
    await page.getByRole('heading', { level: 3, name: 'Tariro Nook' }).waitFor();
    await page.getByLabel('English term').fill('Mission Hospital');
    await page.getByLabel('German term').fill('Missionsspital');
    await page.getByRole('button', { name: 'Add a term' }).click();
    await page.getByRole('heading', { level: 3, name: 'Mission Hospital' }).waitFor();
    await page.getByText('German term: Missionsspital').waitFor();
    assert.deepEqual(await axeSerious(page), []);

    // A page's own words (the Pages form's texts) have the buttons too.
    await page.getByRole('tab', { name: 'Pages', exact: true }).click();
    await page.locator('[aria-label^="Edit: About:"]').click();
    await page.locator('.page-texts-section summary', { hasText: en.about.story.title }).click();
    const storyDe = page.locator('textarea[name="texts.de.about.story.p1"]');
    const storyField = page.locator('.page-text-field').filter({ has: storyDe });
    await page.locator('textarea[name="texts.en.about.story.p1"]').fill('The children read in the new school.');
    assert.match((await storyField.getByRole('button', { name: 'Draft German from English' }).getAttribute('aria-describedby')) ?? '', /-draft-for-texts-de-about-story-p1$/);
    await storyField.getByRole('button', { name: 'Draft German from English' }).click();
    await storyField.locator('.machine-draft-note').waitFor();
    assert.equal(await storyDe.inputValue(), 'Die Kinder lesen in die neu Schule.');
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.toast').filter({ hasText: /updated/i }).first().waitFor();
    const pageAudit = await (await fetch(`${srv.url}/api/admin/audit?limit=3`, { headers: { 'X-Admin-Key': KEY } })).json();
    assert.ok(JSON.stringify(pageAudit).includes('(machine draft: texts.de.about.story.p1)'), JSON.stringify(pageAudit).slice(0, 500));
    assert.deepEqual(problems, []);
  });
});
