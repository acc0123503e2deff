import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGES } from '../../controllers/pages';
import { localizePath, PAGE_PATHS, pathFor, splitLang, twinPath } from '../../models/shared/urls';

test('every page is in the table once, at its path of models/urls.ts', () => {
  const ids = PAGES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of PAGES) assert.equal(r.path, PAGE_PATHS[r.id], r.id);
  // Every path but the admin's (the admin app's routes, views/admin-routes.tsx) and the stand-ins
  // (not found, error) has a page.
  const paged = new Set<string>(ids);
  assert.deepEqual(Object.keys(PAGE_PATHS).filter((id) => !paged.has(id)), ['adminLogin', 'admin', 'notFound', 'error']);
});

test("Express tries the pages in the table's order: a fixed address before a parameter at its place", () => {
  const index = (id: string) => PAGES.findIndex((r) => r.id === id);
  assert.ok(index('projectTemplate') < index('projectDetail'));
});

test('paths are built from the route table in both languages', () => {
  assert.equal(pathFor('home', 'en'), '/');
  assert.equal(pathFor('home', 'de'), '/de');
  assert.equal(pathFor('projectDetail', 'de', { slug: 'solar kiosk' }), '/de/projects/solar%20kiosk');
  assert.equal(localizePath('/news', 'de'), '/de/news');
});

test('the language switch goes to the twin URL', () => {
  assert.deepEqual(splitLang('/de/team'), { lang: 'de', path: '/team' });
  assert.equal(twinPath('/team?x=1', 'de'), '/de/team?x=1');
  assert.equal(twinPath('/de/team', 'en'), '/team');
  assert.equal(twinPath('/de', 'en'), '/');
  assert.equal(twinPath('/', 'de'), '/de');
});
