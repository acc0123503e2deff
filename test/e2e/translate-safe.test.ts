// Machine translation drafts that never overwrite a person's work, in Chromium (the real openai SDK
// against the fake), on one server: the whole item fills only the empty and out-of-date German
// fields and asks in a keyboard-usable dialog (German page) before replacing the rest; the English
// direction, with nothing empty or out of date, leaves "fill only" out and puts the focus on the
// next choice. A drafted field stays marked after an edit and through the autosave's restore, and
// the save names it; a restored revision forgets the marks (its save is not a machine draft). A
// glossary term the draft lacks is named under the field; an answer that arrives after another
// item's form opened is dropped; a text over the limit is said in the page's language and number
// format before anything is sent; the media library's alt text pair has the draft button.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { axeSerious, holdRequests, serverAndBrowserWithAI, signInAdmin, watchedPage } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const KEY = 'eve-key-0123456789';
const TRANSLATE = '/api/admin/translate';
const isTranslate = (r: Request) => new URL(r.url()).pathname === TRANSLATE;

describe('machine drafts made safe, in Chromium', () => {
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
  const member = (name: string, more: Record<string, string>) =>
    api('POST', '/api/admin/team', { name, position: 'Driver', positionDe: 'Fahrer', bio: 'Bio.', bioDe: 'Bio de.', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe', ...more });
  /** A team member's edit form, signed in with one page load. */
  async function openMember(id: number, lang: '' | '/de' = '') {
    const watched = await watchedPage(e2e.browser);
    await signInAdmin(watched.page, e2e.srv.url, { key: KEY, lang, tab: 'team', query: `?edit=${id}` });
    return watched;
  }
  /** Waits until the form's autosave (after its pause) holds `text`. */
  const autosaved = (page: Page, text: string) =>
    page.waitForFunction((t) => Object.entries(localStorage).some(([k, v]) => k.startsWith('admin-autosave:team:') && v.includes(t)), text);

  test('the whole item fills the empty and out-of-date fields and asks before replacing text (German page, keyboard)', async () => {
    const created = await member('Rudo Ganz', { bio: 'Our school garden', bioDe: 'Alt.' });
    // The English biography changes after its German: the German is out of date now.
    await api('PUT', `/api/admin/team/${created.id}`, { ...created, bio: 'Our new school garden' });

    const { page, problems, messages } = await openMember(created.id, '/de');
    const positionDe = page.getByLabel(de.admin.fields.positionDe);
    const bioDe = page.getByLabel(de.admin.fields.bioDe);
    const wholeDe = page.getByRole('button', { name: de.admin.translate.wholeItem });
    const dialog = page.getByRole('dialog', { name: de.admin.translate.askTitleDe });

    await wholeDe.click();
    await dialog.waitFor();
    // Only the field with current text a person wrote is asked about.
    assert.deepEqual(await dialog.locator('li').allTextContents(), [de.admin.fields.positionDe]);
    assert.deepEqual(await axeSerious(page), []);
    // Escape: nothing is drafted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await bioDe.inputValue(), 'Alt.');
    assert.equal(await positionDe.inputValue(), 'Fahrer');

    // Enter on the first choice (it has the focus): the out-of-date German is drafted, "Fahrer" stays.
    await wholeDe.click();
    await dialog.waitFor();
    await page.waitForFunction((name) => document.activeElement?.textContent === name, de.admin.translate.askKeep);
    await page.keyboard.press('Enter');
    await messages.waitFor('1 Feld mit einem maschinellen Entwurf gefüllt: vor dem Speichern prüfen.');
    await page.waitForFunction(() => (document.querySelector('[name="bioDe"]') as HTMLTextAreaElement | null)?.value === 'Unser neu Schule Garten');
    assert.equal(await positionDe.inputValue(), 'Fahrer');

    // The English position changed in the form: its German is out of date here and drafted without asking.
    await page.getByLabel(de.admin.fields.position).fill('Our school');
    await wholeDe.click();
    await messages.waitFor('2 Felder mit einem maschinellen Entwurf gefüllt: vor dem Speichern prüfen.');
    await page.waitForFunction(() => (document.querySelector('[name="positionDe"]') as HTMLInputElement | null)?.value === 'Unser Schule');
    assert.equal(await page.getByRole('dialog').count(), 0);

    // The other direction: both English fields have text, so it asks; "replace these too" by keyboard.
    await page.getByRole('button', { name: de.admin.translate.wholeItemEn }).click();
    const dialogEn = page.getByRole('dialog', { name: de.admin.translate.askTitleEn });
    await dialogEn.waitFor();
    assert.deepEqual(await dialogEn.locator('li').allTextContents(), [de.admin.fields.position, de.admin.fields.bio]);
    // Nothing English is empty or out of date: "fill only those" is left out and "replace" has the focus.
    assert.equal(await dialogEn.getByRole('button', { name: de.admin.translate.askKeep }).count(), 0);
    await page.waitForFunction((name) => document.activeElement?.textContent === name && document.activeElement.closest('dialog[open]') !== null, de.admin.translate.askReplace);
    // The question without "fill only", over the form with its German drafts marked: accessible.
    assert.deepEqual(await axeSerious(page), []);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.querySelector('[name="bio"]') as HTMLTextAreaElement | null)?.value === 'Our new School Garden');
    assert.equal(await page.getByLabel(de.admin.fields.position).inputValue(), 'Our School');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a glossary term the draft lacks is named under the field until the text has it', async () => {
    await api('POST', '/api/admin/glossary', { termEn: 'Mission Hospital', termDe: 'Missionsspital' });
    const created = await member('Chipo Glossar', { bio: 'Water for the Mission Hospital', bioDe: 'Alt.' });
    const { page, problems } = await openMember(created.id);
    const bioDe = page.getByLabel('Biography (German)');
    const bioField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    const note = bioField.locator('.glossary-missing-note');
    e2e.ai.mode = 'skip_glossary';
    try {
      await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
      await note.waitFor();
    } finally {
      e2e.ai.mode = 'ok';
    }
    assert.equal(await bioDe.inputValue(), 'Wasser für die Mission Hospital');
    assert.equal(await note.textContent(), 'The draft does not use these glossary terms: Missionsspital. Please check it.');
    assert.deepEqual(await axeSerious(page), []);
    await bioDe.fill('Wasser für das Missionsspital');
    await note.waitFor({ state: 'detached' });
    // The German page names it in German. The edit above is kept in the browser first, so the
    // German form always offers it back, and it is discarded there.
    await autosaved(page, 'Wasser für das Missionsspital');
    await page.goto(`${e2e.srv.url}/de/admin/team?edit=${created.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: de.admin.autosave.discard }).click();
    await page.getByRole('button', { name: de.admin.autosave.discard }).waitFor({ state: 'detached' });
    e2e.ai.mode = 'skip_glossary';
    try {
      await bioField.getByRole('button', { name: de.admin.translate.toDe }).click();
      await note.waitFor();
    } finally {
      e2e.ai.mode = 'ok';
    }
    assert.equal(await note.textContent(), 'Der Entwurf verwendet diese Glossarbegriffe nicht: Missionsspital. Bitte prüfen.');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a drafted field stays marked after an edit and through the autosave, the save names it; a restored revision forgets the marks', async () => {
    const tendai = await member('Tendai Mark', { bio: 'Water for the school', bioDe: 'Alt.' });
    const { page, problems, messages } = await openMember(tendai.id);
    const bioDe = page.getByLabel('Biography (German)');
    const bioField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    const mark = bioField.locator('.machine-draft-note');
    await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
    await mark.waitFor();
    assert.equal(await bioDe.inputValue(), 'Wasser für die Schule');

    // Edited by hand: still marked, in other words.
    await bioDe.fill('Wasser für die Schule im Dorf');
    await bioField.locator('.machine-draft-note', { hasText: en.admin.translate.noteEdited }).waitFor();
    assert.equal(await mark.textContent(), en.admin.translate.noteEdited);

    // A reload: the autosave brings the text back, and the mark with it.
    await autosaved(page, 'im Dorf');
    await page.goto(`${e2e.srv.url}/admin/team?edit=${tendai.id}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('button', { name: en.admin.autosave.restore }).click();
    await page.waitForFunction(() => (document.querySelector('[name="bioDe"]') as HTMLTextAreaElement | null)?.value === 'Wasser für die Schule im Dorf');
    await mark.waitFor();
    assert.equal(await mark.textContent(), en.admin.translate.noteEdited);
    assert.deepEqual(await axeSerious(page), []);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Team member updated successfully!', { kind: 'toast' });
    const revisions = await api('GET', `/api/admin/team/${tendai.id}/revisions`);
    assert.equal(revisions[0].source, 'machine', 'the edited draft is still recorded as a machine draft');
    const audit = await api('GET', '/api/admin/audit?limit=5');
    assert.ok(JSON.stringify(audit).includes('Tendai Mark (machine draft: bioDe)'), JSON.stringify(audit).slice(0, 500));

    // A new draft, then the first version restored from the History: the marks go with the
    // drafted text, and the save after it is not a machine draft.
    await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
    await mark.waitFor();
    await page.locator('#history summary').click();
    const entries = page.locator('.history-list > li');
    await entries.nth(1).waitFor();
    await entries.nth(1).getByRole('button', { name: /^Compare the version .+ saved on / }).click();
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await messages.waitFor('The earlier version was restored.');
    await page.waitForFunction(() => (document.querySelector('[name="bioDe"]') as HTMLTextAreaElement | null)?.value === 'Alt.');
    assert.equal(await page.locator('.machine-draft-note').count(), 0, 'no marks after the restore');

    await page.getByLabel('Position (English)').fill('Bus driver');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await messages.waitFor('Team member updated successfully!', { kind: 'toast' });
    const after = await api('GET', `/api/admin/team/${tendai.id}/revisions`);
    assert.notEqual(after[0].source, 'machine', JSON.stringify(after[0]));
    // The newest entry of the audit is this save: not called a machine draft.
    const [newest] = await api('GET', '/api/admin/audit?limit=1');
    assert.ok(JSON.stringify(newest).includes('Tendai Mark') && !JSON.stringify(newest).includes('machine draft'), JSON.stringify(newest));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("an answer that arrives after another item's form opened is dropped", async () => {
    const slow = await member('Slow Draft', { bio: 'Water for the school', bioDe: 'Alt.' });
    await member('Other Person', { bio: 'The garden', bioDe: 'Garten alt' });
    const { page, problems } = await openMember(slow.id);
    const bioDe = page.getByLabel('Biography (German)');
    const bioField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    // The answer is held until the other form is open; then the request's end is awaited (the
    // page aborts it, or, were it not to, its answer arrives and must be dropped).
    const held = await holdRequests(page, `**${TRANSLATE}`);
    const ended = new Promise<void>((resolve) => {
      const done = (r: Request) => isTranslate(r) && resolve();
      page.on('requestfailed', done);
      page.on('requestfinished', done);
    });
    await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
    await page.getByRole('button', { name: en.admin.translate.working }).waitFor();
    await held.arrived(1);
    // Nothing is unsaved yet: the other form opens without a question.
    await page.getByRole('button', { name: 'Edit: Other Person' }).click();
    await page.waitForFunction(() => (document.querySelector('[name="name"]') as HTMLInputElement | null)?.value === 'Other Person');
    held.release();
    await ended;
    // Two frames: whatever the page does with an answer has been rendered.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await bioDe.inputValue(), 'Garten alt');
    assert.equal(await page.locator('.machine-draft-note').count(), 0);
    assert.equal(await page.locator('.toast').filter({ hasText: en.admin.translate.filled }).count(), 0);
    // The buttons work again for this form.
    assert.equal(await bioField.getByRole('button', { name: en.admin.translate.toDe }).isEnabled(), true);
    // The form is not dirty: Cancel closes it without asking.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit: Other Person' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a text over the limit, on the German admin page: said in German with 20’000, nothing sent', async () => {
    const chipo = await member('Chipo Lang', { bio: 'Our new school garden helps the children.', bioDe: 'Unser neuer Schulgarten hilft den Kindern.' });
    const { page, problems, messages } = await openMember(chipo.id, '/de');
    await page.getByLabel(de.admin.fields.bio).fill('The school garden. '.repeat(1_100));
    const asked = e2e.ai.requests.length;
    // The page itself refuses it: no request leaves for the server's translation either.
    const sent: string[] = [];
    page.on('request', (r) => isTranslate(r) && sent.push(r.url()));
    await page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') }).getByRole('button', { name: de.admin.translate.toDe }).click();
    await messages.waitFor(de.admin.translate.tooLong.replace('{{max}}', '20’000'));
    assert.deepEqual(sent, [], 'nothing was sent to the server');
    assert.equal(e2e.ai.requests.length, asked, 'nothing was sent to OpenAI');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the media library: the alt text pair has "Draft German from English"', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await signInAdmin(page, e2e.srv.url, { key: KEY, tab: 'media' });
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
});
