// Machine translation drafts that never overwrite a person's work, in Chromium (the real openai SDK
// against the fake): the whole item fills only the empty and out-of-date German fields and asks in
// a keyboard-usable dialog (German page) before replacing the rest; the English direction is there
// too. A drafted field stays marked after an edit and through the autosave's restore, and the save
// names it; a glossary term the draft lacks is named under the field; an answer that arrives after
// another item's form opened is dropped.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowserWithAI, waitForHydration, watchedPage } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const KEY = 'eve-key-0123456789';

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

  async function login() {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/admin-login');
    await waitForHydration(page);
    await page.getByLabel('Admin Key').fill(KEY);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await page.waitForURL(/\/admin$/);
    await waitForHydration(page);
    return { page, problems };
  }

  test('the whole item fills the empty and out-of-date fields and asks before replacing text (German page, keyboard)', async () => {
    const created = await member('Rudo Ganz', { bio: 'Our school garden', bioDe: 'Alt.' });
    // The English biography changes after its German: the German is out of date now.
    await api('PUT', `/api/admin/team/${created.id}`, { ...created, bio: 'Our new school garden' });

    const { page, problems } = await login();
    await page.goto(`${e2e.srv.url}/de/admin?tab=team&edit=${created.id}`);
    await waitForHydration(page);
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
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), de.admin.translate.askKeep);
    await page.keyboard.press('Enter');
    await page.getByText('1 Feld mit einem maschinellen Entwurf gefüllt: vor dem Speichern prüfen.').first().waitFor();
    assert.equal(await bioDe.inputValue(), 'Unser neu Schule Garten');
    assert.equal(await positionDe.inputValue(), 'Fahrer');

    // The English position changed in the form: its German is out of date here and drafted without asking.
    await page.getByLabel(de.admin.fields.position).fill('Our school');
    await wholeDe.click();
    await page.getByText('2 Felder mit einem maschinellen Entwurf gefüllt: vor dem Speichern prüfen.').first().waitFor();
    assert.equal(await positionDe.inputValue(), 'Unser Schule');
    assert.equal(await page.getByRole('dialog').count(), 0);

    // The other direction: both English fields have text, so it asks; "replace these too" by keyboard.
    await page.getByRole('button', { name: de.admin.translate.wholeItemEn }).click();
    const dialogEn = page.getByRole('dialog', { name: de.admin.translate.askTitleEn });
    await dialogEn.waitFor();
    assert.deepEqual(await dialogEn.locator('li').allTextContents(), [de.admin.fields.position, de.admin.fields.bio]);
    // Nothing English is empty or out of date: "fill only those" is left out and "replace" has the focus.
    assert.equal(await dialogEn.getByRole('button', { name: de.admin.translate.askKeep }).count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), de.admin.translate.askReplace);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.querySelector('[name="bio"]') as HTMLTextAreaElement | null)?.value === 'Our new School Garden');
    assert.equal(await page.getByLabel(de.admin.fields.position).inputValue(), 'Our School');
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a glossary term the draft lacks is named under the field until the text has it', async () => {
    await api('POST', '/api/admin/glossary', { termEn: 'Mission Hospital', termDe: 'Missionsspital' });
    const created = await member('Chipo Glossar', { bio: 'Water for the Mission Hospital', bioDe: 'Alt.' });
    const { page, problems } = await login();
    await page.goto(`${e2e.srv.url}/admin?tab=team&edit=${created.id}`);
    await waitForHydration(page);
    const bioDe = page.getByLabel('Biography (German)');
    const bioField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    e2e.ai.mode = 'skip_glossary';
    try {
      await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
      await bioField.locator('.glossary-missing-note').waitFor();
    } finally {
      e2e.ai.mode = 'ok';
    }
    assert.equal(await bioDe.inputValue(), 'Wasser für die Mission Hospital');
    assert.equal(await bioField.locator('.glossary-missing-note').textContent(), 'The draft does not use these glossary terms: Missionsspital. Please check it.');
    assert.deepEqual(await axeSerious(page), []);
    await bioDe.fill('Wasser für das Missionsspital');
    assert.equal(await bioField.locator('.glossary-missing-note').count(), 0);
    // The German page names it in German.
    await page.goto(`${e2e.srv.url}/de/admin?tab=team&edit=${created.id}`);
    await waitForHydration(page);
    const discard = page.getByRole('button', { name: de.admin.autosave.discard });
    if (await discard.count()) await discard.click();
    e2e.ai.mode = 'skip_glossary';
    try {
      await bioField.getByRole('button', { name: de.admin.translate.toDe }).click();
      await bioField.locator('.glossary-missing-note').waitFor();
    } finally {
      e2e.ai.mode = 'ok';
    }
    assert.equal(await bioField.locator('.glossary-missing-note').textContent(), 'Der Entwurf verwendet diese Glossarbegriffe nicht: Missionsspital. Bitte prüfen.');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a drafted field stays marked after an edit and through the autosave, and the save names it', async () => {
    const tendai = await member('Tendai Mark', { bio: 'Water for the school', bioDe: 'Alt.' });
    const { page, problems } = await login();
    await page.goto(`${e2e.srv.url}/admin?tab=team&edit=${tendai.id}`);
    await waitForHydration(page);
    const bioDe = page.getByLabel('Biography (German)');
    const bioField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
    await bioField.locator('.machine-draft-note').waitFor();
    assert.equal(await bioDe.inputValue(), 'Wasser für die Schule');

    // Edited by hand: still marked, in other words.
    await bioDe.fill('Wasser für die Schule im Dorf');
    assert.equal(await bioField.locator('.machine-draft-note').textContent(), en.admin.translate.noteEdited);

    // A reload: the autosave brings the text back, and the mark with it.
    await page.waitForTimeout(1_200);
    await page.goto(`${e2e.srv.url}/admin?tab=team&edit=${tendai.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: en.admin.autosave.restore }).click();
    assert.equal(await bioDe.inputValue(), 'Wasser für die Schule im Dorf');
    assert.equal(await bioField.locator('.machine-draft-note').textContent(), en.admin.translate.noteEdited);
    assert.deepEqual(await axeSerious(page), []);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.toast').filter({ hasText: /updated/i }).first().waitFor();
    const revisions = await api('GET', `/api/admin/team/${tendai.id}/revisions`);
    assert.equal(revisions[0].source, 'machine', 'the edited draft is still recorded as a machine draft');
    const audit = await api('GET', '/api/admin/audit?limit=5');
    assert.ok(JSON.stringify(audit).includes('Tendai Mark (machine draft: bioDe)'), JSON.stringify(audit).slice(0, 500));
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("an answer that arrives after another item's form opened is dropped", async () => {
    const slow = await member('Slow Draft', { bio: 'Water for the school', bioDe: 'Alt.' });
    await member('Other Person', { bio: 'The garden', bioDe: 'Garten alt' });
    const { page, problems } = await login();
    await page.goto(`${e2e.srv.url}/admin?tab=team&edit=${slow.id}`);
    await waitForHydration(page);
    const bioDe = page.getByLabel('Biography (German)');
    const bioField = page.locator('.draft-field').filter({ has: page.locator('[name="bioDe"]') });
    e2e.ai.delayMs = 1_500;
    try {
      await bioField.getByRole('button', { name: en.admin.translate.toDe }).click();
      await page.getByRole('button', { name: en.admin.translate.working }).waitFor();
      // Nothing is unsaved yet: the other form opens without a question.
      await page.getByRole('button', { name: 'Edit: Other Person' }).click();
      await page.waitForFunction(() => (document.querySelector('[name="name"]') as HTMLInputElement | null)?.value === 'Other Person');
      await page.waitForTimeout(2_500);
    } finally {
      e2e.ai.delayMs = 0;
    }
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
});
