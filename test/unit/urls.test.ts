// The page-name maps of models/shared/urls.ts and the address of a content item (the admin's preview
// and "View on site" use it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentItemPath, PAGE_NAME_BY_ROUTE, ROUTE_BY_PAGE_NAME } from '../../models/shared/urls';
import { PAGE_NAMES } from '../../models/shared/admin-rules';

test('page name -> route mirrors route -> page name, for every page name of the Pages tab', () => {
  assert.deepEqual(ROUTE_BY_PAGE_NAME, Object.fromEntries(Object.entries(PAGE_NAME_BY_ROUTE).map(([route, name]) => [name, route])));
  for (const name of PAGE_NAMES) assert.ok(ROUTE_BY_PAGE_NAME[name], `${name} has a page`);
});

test('a content item\'s page in both languages', () => {
  assert.equal(contentItemPath('projects', { slug: 'solar-kiosk' }, 'en'), '/projects/solar-kiosk');
  assert.equal(contentItemPath('news', { slug: 'harvest' }, 'de'), '/de/news/harvest');
  assert.equal(contentItemPath('team', {}, 'de'), '/de/team');
  assert.equal(contentItemPath('pages', { pageName: 'food-security' }, 'en'), '/food-security');
  assert.equal(contentItemPath('pages', { pageName: 'home' }, 'de'), '/de');
});
