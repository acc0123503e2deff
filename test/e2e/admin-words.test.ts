// The admin without developer words, in Chromium: on a site without an OpenAI key the German admin
// offers no "Draft ... from ..." button anywhere a click could only fail, and says once per form,
// in German, that machine drafts need a key the site's operator sets up; the Activity panel and
// the History read as German sentences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, chooseScreen, serverAndBrowser, signInAdmin, watchedPage } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const KEY = 'anna-key-0123456789';
const e2e = serverAndBrowser({ OPENAI_API_KEY: '', ADMIN_KEYS: `Anna Muster <${KEY}>` });

/** Every label a draft button has, in both languages. */
const DRAFT_LABELS = [de.admin.translate.toDe, de.admin.translate.toEn, de.admin.translate.wholeItem, de.admin.translate.wholeItemEn, en.admin.translate.toDe, en.admin.translate.toEn];
const DRAFT_BUTTON = /Entwurf aus dem|entwerfen|^Draft .+ (from|in) /;

test('German admin without an OpenAI key: no draft buttons, one note per form, sentences in German', async () => {
  const title = 'Solar Kiosk';
  const res = await fetch(`${e2e.srv.url}/api/admin/projects`, {
    method: 'POST',
    headers: { 'X-Admin-Key': KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, titleDe: 'Solarkiosk', description: 'A kiosk that charges phones.', descriptionDe: 'Ein Kiosk, der Telefone lädt.', goalAmount: '5000', imageUrl: '/images/projects/nook-solar-power.svg' }),
  });
  assert.equal(res.status, 201);

  const { page, problems, messages } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { key: KEY, lang: '/de' });
  await page.getByText('Angemeldet als Anna Muster').waitFor();
  const note = page.getByText(de.admin.translate.unavailable);
  const noDraftButtons = async (where: string) => {
    for (const label of DRAFT_LABELS) assert.equal(await page.getByRole('button', { name: label }).count(), 0, `${where}: no "${label}"`);
    assert.equal(await page.getByRole('button', { name: DRAFT_BUTTON }).count(), 0, `${where}: no draft button`);
  };

  // The edit form of a project, opened in the app: the note once, not by each of its eight texts.
  // The German list names the project by its German title.
  await page.getByRole('button', { name: `${de.admin.actions.edit}: Solarkiosk` }).click();
  const form = page.locator('#edit-form');
  await form.waitFor();
  await form.getByLabel('Titel (Deutsch)').waitFor();
  await note.first().waitFor();
  assert.equal(await note.count(), 1);
  assert.equal(await form.getByText(de.admin.translate.unavailable).count(), 1, 'the note is in the form');
  await noDraftButtons('project form');
  assert.equal(await page.getByText(en.admin.translate.unavailable).count(), 0, 'no English');

  // Saving a change: the Activity panel and the History say it in German.
  await form.getByLabel('Titel (Deutsch)').fill('Solarkiosk im Dorf');
  await form.getByRole('button', { name: de.admin.form.save }).click();
  await messages.waitFor(de.admin.projects.updated);
  // The form stays open and says, in German, where the project is now.
  await form.getByText(de.admin.saved.live).waitFor();
  assert.equal(await form.getByRole('link', { name: new RegExp(`^${de.admin.saved.view}`) }).getAttribute('href'), '/de/projects/solar-kiosk');
  assert.equal(await form.getByRole('group', { name: de.admin.fields.publishing }).getByRole('radio', { name: de.admin.publishing.modes.now }).isChecked(), true);
  const activity = page.locator('.activity-list');
  // The project by its German title, as a German admin calls it.
  await activity.getByText('Anna Muster hat den deutschen Titel des Projekts «Solarkiosk im Dorf» geändert').waitFor();
  await page.getByRole('button', { name: `${de.admin.actions.edit}: Solarkiosk im Dorf` }).click();
  await page.locator('#history summary').click();
  const entries = page.locator('.history-list > li');
  await entries.nth(1).waitFor();
  assert.match((await entries.nth(0).textContent()) ?? '', /^Anna Muster hat den deutschen Titel geändert, \d{1,2}\. \S+ ?(\d{4})?, \d\d:\d\d/);
  assert.match((await entries.nth(1).textContent()) ?? '', /^Anna Muster hat den Eintrag erstellt, /);
  await entries.nth(1).getByRole('button', { name: /^Mit der aktuellen Fassung vergleichen: die von Anna Muster am .+ gespeicherte Fassung$/ }).click();
  await page.getByRole('heading', { level: 4, name: /^Vergleich mit der aktuellen Fassung: die von Anna Muster am / }).waitFor();
  assert.doesNotMatch((await page.locator('#history').textContent()) ?? '', /Revision|Version #|#\d/);
  assert.deepEqual(await axeSerious(page), []);

  // A new team member's form, and the Pages form with its page texts: the same.
  await chooseScreen(page, de.admin.tabs.team);
  await page.getByRole('button', { name: `+ ${de.admin.team.new}` }).click();
  await page.locator('#edit-form').waitFor();
  await note.first().waitFor();
  assert.equal(await note.count(), 1);
  await noDraftButtons('team form');
  // A new entry starts as a draft: the choice and the button say so in German.
  assert.equal(await page.getByRole('radio', { name: de.admin.publishing.modes.draft }).isChecked(), true);
  await page.getByRole('button', { name: de.admin.publishing.saveDraft }).waitFor();
  await chooseScreen(page, de.admin.tabs.pages);
  await page.getByRole('button', { name: `+ ${de.admin.pages.new}` }).click();
  await page.locator('#edit-form').waitFor();
  await note.first().waitFor();
  assert.equal(await note.count(), 1);
  await noDraftButtons('pages form');

  // The media library's upload form (alternative texts).
  await chooseScreen(page, de.admin.tabs.media);
  await page.locator('.admin-upload').getByText(de.admin.translate.unavailable).waitFor({ state: 'attached' });
  assert.equal(await page.locator('.admin-upload').getByText(de.admin.translate.unavailable).count(), 1);
  await noDraftButtons('media upload');

  // The newsletter in three steps, in German; sending waits for the preview.
  await chooseScreen(page, de.admin.tabs.newsletter);
  const nl = page.locator('.nl-tab:not([aria-busy])');
  for (const step of [de.newsletterAdmin.step1, de.newsletterAdmin.step2, de.newsletterAdmin.step3]) await nl.getByRole('heading', { level: 3, name: step }).waitFor();
  await nl.getByText(de.newsletterAdmin.sendNeedsPreview).waitFor();
  assert.equal(await nl.getByRole('button', { name: de.newsletterAdmin.send }).isDisabled(), true);
  assert.deepEqual(problems, []);
  await page.context().close();
});
