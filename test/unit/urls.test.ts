// The lists derived from the page table (models/shared/site-pages.ts): the page names of the
// Pages screen and their routes, the sitemap's pages, the paths; and the address of a content
// item (the admin's preview and "View on site" use it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentItemPath, PAGE_PATHS } from '../../models/shared/urls';
import { isPageName, PAGE_NAMES, pageNameOf, PUBLIC_PAGE_IDS, routeOfPageName, SITE_PAGES, SITEMAP_PATHS } from '../../models/shared/site-pages';

test('every page name of the Pages screen drives one route, and that route has it back', () => {
  assert.equal(new Set(PAGE_NAMES).size, PAGE_NAMES.length, 'a page name is one page');
  for (const name of PAGE_NAMES) {
    const route = routeOfPageName(name);
    assert.ok(route, `${name} has a page`);
    assert.equal(pageNameOf(route), name);
  }
  // The routes without a page name are those the Pages screen does not edit.
  const named = PUBLIC_PAGE_IDS.filter((id) => pageNameOf(id) !== null);
  assert.deepEqual(named.map((id) => pageNameOf(id)), [...PAGE_NAMES]);
  assert.equal(pageNameOf('projectDetail'), null);
  assert.equal(routeOfPageName('food-security'), 'foodSecurity');
  for (const unknown of ['projectDetail', 'constructor', '__proto__', '']) {
    assert.equal(routeOfPageName(unknown), null, unknown);
    assert.equal(isPageName(unknown), false, unknown);
  }
});

test('the sitemap lists exactly the entries marked so, in the order of the table, none with a parameter', () => {
  const marked = Object.values(SITE_PAGES).filter((p) => 'sitemap' in p && p.sitemap).map((p) => p.path);
  assert.deepEqual(SITEMAP_PATHS, marked);
  assert.ok(SITEMAP_PATHS.includes('/about') && !SITEMAP_PATHS.includes('/fundraisers/manage'));
  for (const path of SITEMAP_PATHS) assert.ok(!path.includes(':'), `${path} is listed as it is`);
});

test("the paths are the table's, then the admin app's and the stand-ins", () => {
  for (const id of PUBLIC_PAGE_IDS) assert.equal(PAGE_PATHS[id], SITE_PAGES[id].path, id);
  assert.deepEqual(Object.keys(PAGE_PATHS), [...PUBLIC_PAGE_IDS, 'adminLogin', 'admin', 'notFound', 'error']);
});

test('a content item\'s page in both languages', () => {
  assert.equal(contentItemPath('projects', { slug: 'solar-kiosk' }, 'en'), '/projects/solar-kiosk');
  assert.equal(contentItemPath('news', { slug: 'harvest' }, 'de'), '/de/news/harvest');
  assert.equal(contentItemPath('team', {}, 'de'), '/de/team');
  assert.equal(contentItemPath('pages', { pageName: 'food-security' }, 'en'), '/food-security');
  assert.equal(contentItemPath('pages', { pageName: 'home' }, 'de'), '/de');
});
