// Machine translation drafts, the History and the trash in Chromium, as a volunteer uses them (the
// real openai SDK against the fake), on one server: draft the German biography of a team member
// from the English one, see the note by the field, edit another draft by hand (it stays marked),
// save; the History says the version started as a machine draft, and both drafted fields are
// named. Then edit it twice, compare the first version with the current one, restore it; delete
// the member and bring it back from the trash. The glossary: a new term, deleted only after the
// question (Cancel goes back to the Delete button). The About page: the introduction with the live
// Markdown preview, a paragraph of the page in English and drafted in German; the public page
// shows both, in its language. A project's spending form, open with the project's: no id twice,
// today's Swiss date, a German draft of its description. Every step is announced and the page
// stays accessible.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, chooseScreen, serverAndBrowserWithAI, signInAdmin, waitForHydration, watchedPage } from '../helpers';
import { swissToday } from '../../models/shared/dates';
import en from '../../locales/en.json' with { type: 'json' };

const KEY = 'eve-key-0123456789';

describe('machine translation drafts, history and trash in Chromium', () => {
  const e2e = serverAndBrowserWithAI({ ADMIN_KEYS: `Eve Tester <${KEY}>` });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${e2e.srv.url}${path}`, {
      method,
      headers: { 'X-Admin-Key': KEY, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
    return res.json();
  };

  test('a team member: drafts and their notes, the History (machine draft, compare, restore), the trash', async () => {
    const { srv, browser } = e2e;
    const created = 'Our **new** school garden in [Mwenezi](https://example.org/mwenezi) helps the children.';
    const { id } = await api('POST', '/api/admin/team', { name: 'Rudo Test', position: 'Driver', positionDe: 'Fahrer', bio: created, bioDe: 'Alt.', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' });
    // No other test of this file deletes a team member: the trash starts empty.
    assert.equal((await api('GET', '/api/admin/trash?name=team')).length, 0);

    const { page, problems, messages } = await watchedPage(browser);
    // The page's clock: a message's 5 s are run through where the test needs it gone.
    await page.clock.install();
    await signInAdmin(page, srv.url, { key: KEY, tab: 'team' });
    await page.getByText('Signed in as Eve Tester').waitFor();
    await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();

    const bio = page.getByLabel('Biography (English)');
    const bioDe = page.getByLabel('Biography (German)');
    const draftButton = (field: string) => page.locator('.draft-field').filter({ has: page.locator(`[name="${field}"]`) }).getByRole('button');
    assert.equal(await draftButton('bioDe').textContent(), 'Draft German from English');
    const bioRef = (await draftButton('bioDe').getAttribute('aria-describedby')) ?? '';
    assert.match(bioRef, /-draft-for-bioDe$/);
    assert.equal(await page.evaluate((r) => document.getElementById(r)?.textContent, bioRef), 'Biography (German)');
    await draftButton('bioDe').click();
    await messages.waitFor(en.admin.translate.filled);
    const notes = page.locator('.machine-draft-note');
    await notes.first().waitFor();
    assert.equal(await bioDe.inputValue(), 'Unser **neu** Schule Garten in [Mwenezi](https://example.org/mwenezi) helps die Kinder.');
    assert.equal(await notes.count(), 1);
    assert.equal(await notes.first().textContent(), 'Machine draft: check it before saving');
    assert.deepEqual(await axeSerious(page), []);

    // A second draft, then edited by hand: it stays marked (in other words) and is named on the save.
    assert.equal(await draftButton('position').textContent(), 'Draft English from German');
    await draftButton('position').click();
    await page.waitForFunction(() => document.querySelectorAll('.machine-draft-note').length === 2);
    await page.getByLabel('Position (English)').fill('Bus driver');
    await page.locator('.machine-draft-note', { hasText: en.admin.translate.noteEdited }).waitFor();
    assert.equal(await notes.count(), 2);
    assert.equal(await notes.nth(0).textContent(), en.admin.translate.noteEdited);

    // The draft is an unsaved change: Cancel asks before it is lost.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Team member updated successfully!', { kind: 'toast' });
    const revisions = await api('GET', `/api/admin/team/${id}/revisions`);
    assert.equal(revisions[0].source, 'machine');
    const audit = await api('GET', '/api/admin/audit?limit=5');
    assert.ok(JSON.stringify(audit).includes('Rudo Test (machine draft: bioDe, position)'), JSON.stringify(audit).slice(0, 500));

    // The saved form has no notes; its History says the version started as a machine draft.
    await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();
    await page.locator('#history summary').click();
    const entries = page.locator('.history-list > li');
    await entries.nth(1).waitFor();
    assert.equal(await page.locator('.machine-draft-note').count(), 0, 'the saved form starts without notes');
    assert.match((await entries.first().textContent()) ?? '', /Started as a machine translation draft\./);
    assert.deepEqual(await axeSerious(page), []);

    // The whole item in German: the out-of-date Position (German) is drafted at once; the saved
    // German biography is current, so the form asks before replacing it.
    await page.getByRole('button', { name: 'Draft the whole item in German' }).click();
    const ask = page.getByRole('dialog', { name: en.admin.translate.askTitleDe });
    await ask.waitFor();
    assert.deepEqual(await ask.locator('li').allTextContents(), ['Biography (German)']);
    await ask.getByRole('button', { name: en.admin.translate.askReplace }).click();
    await messages.waitFor('2 fields filled with a machine draft: check them before saving.');
    await page.waitForFunction(() => document.querySelectorAll('.machine-draft-note').length === 2);
    assert.equal(await page.getByLabel('Position (German)').inputValue(), 'Bus driver');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.locator('#edit-form').waitFor({ state: 'detached' });

    // Two edits by hand, each saved: each its own message.
    const second = 'Rudo drives the clinic bus on Tuesdays and Fridays, repairs it, and takes patients from the southern villages to the mission hospital.';
    for (const text of ['Rudo drives the clinic bus on Tuesdays and Fridays and takes patients from the southern villages to the mission hospital.', second]) {
      await page.getByRole('button', { name: 'Edit: Rudo Test' }).click();
      await bio.fill(text);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await messages.waitFor('Team member updated successfully!', { kind: 'toast' });
    }

    // The History of the edit form: four versions, by name, newest first.
    await page.locator('#history summary').click();
    await entries.nth(3).waitFor();
    assert.equal(await entries.count(), 4);
    // Each version a sentence: who did what, and when (Swiss time).
    assert.match((await entries.nth(0).textContent()) ?? '', /^Eve Tester changed the English biography, \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d/);
    assert.match((await entries.nth(3).textContent()) ?? '', /^Eve Tester created it, /);

    // Compare the first version with the current one: the changed words are marked.
    // Versions are named by who saved them and when, never by a number.
    await entries.nth(3).getByRole('button', { name: /^Compare the version Eve Tester saved on .+ with the current version$/ }).click();
    await page.getByRole('heading', { level: 4, name: /^Comparing the version Eve Tester saved on .+ with the current version$/ }).waitFor();
    await page.getByRole('columnheader', { name: /^Saved by Eve Tester, / }).waitFor();
    assert.match((await page.locator('.history-compare del').allTextContents()).join(' '), /school|garden/);
    assert.match((await page.locator('.history-compare ins').allTextContents()).join(' '), /repairs/);
    // The last save's message (bottom right, over the comparison's button) has had its 5 s.
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await page.locator('.toast').waitFor({ state: 'detached' });
    // At the top of the page: where the focus put the comparison, the form's Save button sits
    // half under the sticky header, which axe's target-size rule counts (a scroll position, not
    // the markup; html's scroll-padding-top keeps a focused element clear of the header).
    await page.evaluate(() => window.scrollTo(0, 0));
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
    assert.equal(messages.count('The earlier version was restored.'), 0);

    // Restore it after the confirmation: the form shows the first text again.
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await messages.waitFor('The earlier version was restored.');
    await page.waitForFunction((text) => (document.querySelector('#edit-form [name="bio"]') as HTMLTextAreaElement | null)?.value === text, created);
    await entries.nth(4).waitFor();
    assert.match((await entries.nth(0).textContent()) ?? '', /^Eve Tester brought back an earlier version, /);
    // The restored version is the saved one: Cancel closes the form without asking.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#edit-form').waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('dialog').count(), 0);

    // Delete: it goes to the trash, and comes back from there.
    await page.getByRole('button', { name: 'Delete: Rudo Test' }).click();
    await page.getByText('It can be restored there for 30 days').waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await messages.waitFor('Team member deleted successfully!');
    await page.getByRole('heading', { level: 3, name: 'Rudo Test' }).waitFor({ state: 'detached' });
    // The team's trash is the Trash screen showing team members.
    await page.getByRole('link', { name: 'Trash (1)' }).click();
    await page.getByRole('heading', { level: 2, name: 'Trash' }).waitFor();
    await page.getByText(/Deleted .* by Eve Tester/).waitFor();
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('button', { name: 'Restore: Rudo Test' }).click();
    await messages.waitFor('Restored from the trash.');
    await page.getByText('The trash is empty.').waitFor();
    await chooseScreen(page, 'Team');
    await page.getByRole('heading', { level: 3, name: 'Rudo Test' }).waitFor();

    // The Activity panel names the volunteer and offers the filter.
    await page.locator('.activity-list').getByText('Eve Tester').first().waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the glossary: a new term, accessible; deleted only after the question', async () => {
    const { srv, browser } = e2e;
    const { page, problems, messages } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY, tab: 'glossary' });
    // The seeded names, then a new term.
    await page.getByRole('heading', { level: 3, name: 'Tariro Nook' }).waitFor();
    await page.getByLabel('English term').fill('Borehole Committee');
    await page.getByLabel('German term').fill('Brunnenkomitee');
    await page.getByRole('button', { name: 'Add a term' }).click();
    const term = page.getByRole('heading', { level: 3, name: 'Borehole Committee' });
    await term.waitFor();
    await page.getByText('German term: Brunnenkomitee').waitFor();

    // Delete asks first (the list with the new term and the question: accessible).
    const del = page.getByRole('button', { name: 'Delete: Borehole Committee' });
    await del.click();
    await page.getByText('Remove “Borehole Committee” from the glossary?').waitFor();
    assert.deepEqual(await axeSerious(page), []);
    // Nothing is gone yet; Cancel closes the question and the keyboard is back on Delete.
    assert.equal((await api('GET', '/api/admin/glossary')).some((g: { termEn: string }) => g.termEn === 'Borehole Committee'), true);
    await page.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Delete: Borehole Committee');

    await del.click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await messages.waitFor('Term removed from the glossary.');
    await term.waitFor({ state: 'detached' });
    assert.equal((await api('GET', '/api/admin/glossary')).some((g: { termEn: string }) => g.termEn === 'Borehole Committee'), false);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the About page: preview the introduction, a paragraph in English and drafted in German, on /about and /de/about', async () => {
    const STORY_EN = 'The children read in the new school.';
    const STORY_DE = 'Die Kinder lesen in die neu Schule.';
    const { srv, browser } = e2e;
    const { page, problems, messages } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY, tab: 'pages' });
    await page.locator('[aria-label^="Edit: About:"]').click();
    await page.getByRole('heading', { name: 'Edit Page Content' }).waitFor();

    // The introduction: formatting help, then Write / Preview with the server's rendering.
    const intro = page.locator('.admin-field').filter({ has: page.locator('textarea[name="content"]') });
    await intro.getByText('Formatting help').click();
    await intro.getByText('**Village 9**').waitFor();
    await page.getByRole('textbox', { name: /^Content \(English\)/ }).fill('We are **volunteers** in Lucerne.\n\n## Why we stay\n\n- trust\n- time');
    const previewTab = intro.getByRole('tab', { name: 'Preview' });
    await previewTab.click();
    await intro.getByRole('tab', { name: 'Preview', selected: true }).waitFor();
    await intro.locator('.md-preview strong', { hasText: 'volunteers' }).waitFor();
    await intro.locator('.md-preview h2', { hasText: 'Why we stay' }).waitFor();
    assert.equal(await intro.locator('.md-preview li').count(), 2);
    // The tabs answer the arrow keys; the text is kept.
    await previewTab.press('ArrowLeft');
    await intro.getByRole('tab', { name: 'Write', selected: true }).waitFor();
    assert.match(await page.getByRole('textbox', { name: /^Content \(English\)/ }).inputValue(), /Why we stay/);

    // The page's words: the story section, English and German side by side.
    await page.locator('.page-texts-section summary', { hasText: en.about.story.title }).click();
    const storyEn = page.locator('textarea[name="texts.en.about.story.p1"]');
    const storyDe = page.locator('textarea[name="texts.de.about.story.p1"]');
    assert.equal(await storyEn.inputValue(), en.about.story.p1, 'prefilled with the built-in text');
    await storyEn.fill('It started with one visit in 2010 and a promise to come back.');
    await storyDe.fill('Es begann 2010 mit einem Besuch und dem Versprechen wiederzukommen.');
    // A reset brings the built-in text back; typing again edits it again.
    const resets = page.locator('.page-text-reset');
    await resets.nth(1).waitFor();
    assert.equal(await resets.count(), 2);
    await resets.first().click();
    await page.waitForFunction((text) => (document.querySelector('textarea[name="texts.en.about.story.p1"]') as HTMLTextAreaElement | null)?.value === text, en.about.story.p1);
    await storyEn.fill(STORY_EN);

    // A page's own words have the draft buttons too: the German drafted from the new English.
    const storyField = page.locator('.page-text-field').filter({ has: storyDe });
    assert.match((await storyField.getByRole('button', { name: 'Draft German from English' }).getAttribute('aria-describedby')) ?? '', /-draft-for-texts-de-about-story-p1$/);
    await storyField.getByRole('button', { name: 'Draft German from English' }).click();
    await storyField.locator('.machine-draft-note').waitFor();
    assert.equal(await storyDe.inputValue(), STORY_DE);
    assert.deepEqual(await axeSerious(page), []);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Page content updated successfully!');
    const pageAudit = await api('GET', '/api/admin/audit?limit=3');
    assert.ok(JSON.stringify(pageAudit).includes('(machine draft: texts.de.about.story.p1)'), JSON.stringify(pageAudit).slice(0, 500));

    await page.goto(srv.url + '/about');
    await waitForHydration(page);
    await page.getByText(STORY_EN).waitFor();
    await page.locator('.lead-html strong', { hasText: 'volunteers' }).waitFor();
    assert.equal(await page.getByText(STORY_DE).count(), 0);
    assert.deepEqual(await axeSerious(page), []);

    await page.goto(srv.url + '/de/about');
    await waitForHydration(page);
    await page.getByText(STORY_DE).waitFor();
    assert.equal(await page.getByText(STORY_EN).count(), 0);
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a project form and its spending form open together: no id twice; today in Swiss time, a German draft of the description', async () => {
    const { srv, browser } = e2e;
    const project = (await srv.handle.deps.db('projects').whereNull('deletedAt').orderBy('id').first()) as { id: number };
    const { page, problems } = await watchedPage(browser);
    await signInAdmin(page, srv.url, { key: KEY, tab: 'projects', query: `?edit=${project.id}&spending=new#spending` });
    const form = page.locator('#spending-form');
    await form.getByRole('button', { name: en.admin.translate.toDe }).waitFor();
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

    // The date starts at today in Swiss time; the German description is drafted from the English one.
    assert.equal(await form.getByLabel('Date').inputValue(), swissToday());
    const asked = e2e.ai.requests.length;
    await form.getByLabel('Description (English)').fill('Seeds for the school garden');
    await form.getByRole('button', { name: 'Draft German from English' }).click();
    await form.getByText('Machine draft: check it before saving').waitFor();
    const drafted = await form.getByLabel('Description (German)').inputValue();
    assert.ok(drafted.trim().length > 0 && drafted !== 'Seeds for the school garden', drafted);
    assert.ok(e2e.ai.requests.length > asked, 'OpenAI was asked');
    assert.deepEqual(await axeSerious(page), []);
    // Nothing was saved by the draft.
    assert.equal(await srv.handle.deps.db('project_spending').where({ description: 'Seeds for the school garden' }).first(), undefined);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
