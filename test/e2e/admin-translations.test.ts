// The Translations tab in Chromium: a volunteer opens it with the keyboard, filters the list in
// place, follows a link straight to the out-of-date German field; axe finds nothing serious, in
// English and German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, waitForHydration, watchedPage, signInAdmin } from '../helpers';

const e2e = serverAndBrowser();

async function login(page: Page): Promise<void> {
  await signInAdmin(page, e2e.srv.url);
}

test('Translations tab: counts, filters, a link to the field; axe clean in both languages', async () => {
  const w = await watchedPage(e2e.browser);
  const page = w.page;
  await login(page);
  // An English edit through the admin API: the German title goes out of date.
  const key = { 'X-Admin-Key': 'demo-admin-key-change-me', 'Content-Type': 'application/json' };
  const list = await (await fetch(`${e2e.srv.url}/api/admin/projects`, { headers: key })).json();
  const { id, slug: _s, createdAt: _c, updatedAt: _u, draft: _d, publishAt: _p, raisedAmount: _r, ...rest } = list[0];
  const saved = await fetch(`${e2e.srv.url}/api/admin/projects/${id}`, { method: 'PUT', headers: key, body: JSON.stringify({ ...rest, title: 'Clean water for every school' }) });
  const project = { id, status: saved.status };
  assert.equal(project.status, 200);

  // Tabs by keyboard: the tab list's End key reaches the last tab, People, and ArrowLeft the one
  // before it, Translations.
  await page.goto(`${e2e.srv.url}/admin?tab=projects`);
  await waitForHydration(page);
  await page.locator('#tab-projects').focus();
  await page.keyboard.press('End');
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('heading', { name: 'Translation status' }).waitFor();
  const link = page.locator(`a[href$="tab=projects&edit=${project.id}#field-titleDe"]`);
  await link.waitFor();
  assert.deepEqual(await axeSerious(page), []);

  // Filter in place: current English interface texts.
  await page.locator('select[name=state]').selectOption('current');
  await page.locator('select[name=entity]').selectOption('locale');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.locator('code', { hasText: /^nav\.home$/ }).first().waitFor();
  assert.match(page.url(), /tab=translations&state=current&entity=locale/);

  // Straight to the field.
  await page.goto(`${e2e.srv.url}/de/admin?tab=translations`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Stand der Übersetzungen' }).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await page.locator(`a[href$="tab=projects&edit=${project.id}#field-titleDe"]`).first().click();
  await page.locator('#field-titleDe').waitFor();
  assert.equal(await page.locator('#field-titleDe textarea, #field-titleDe input').count(), 1);

  // A page text's German sits in a collapsed section of the Pages form: the link opens it.
  const pages = await (await fetch(`${e2e.srv.url}/api/admin/pages`, { headers: key })).json();
  const about = pages.find((p: { pageName: string }) => p.pageName === 'about');
  const { id: aboutId, updatedAt: _au, draft: _ad, publishAt: _ap, ...aboutRest } = about;
  const edited = await fetch(`${e2e.srv.url}/api/admin/pages/${aboutId}`, { method: 'PUT', headers: key, body: JSON.stringify({ ...aboutRest, texts: { 'about.story.p1': { en: 'We became neighbours.' } } }) });
  assert.equal(edited.status, 200);
  await page.goto(`${e2e.srv.url}/admin?tab=translations&entity=page&state=outdated`);
  await waitForHydration(page);
  await page.locator('a[href$="#field-texts.de.about.story.p1"]').click();
  const german = page.locator('[id="field-texts.de.about.story.p1"] textarea');
  await german.waitFor({ state: 'visible' });
  assert.ok(await german.isVisible());
  assert.deepEqual(w.problems, []);
  await page.context().close();
});
