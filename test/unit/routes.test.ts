import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchRoutes } from 'react-router-dom';
import { localizePath, pathFor, routes, splitLang, twinPath } from '../../views/routes';
import { createRouteTree } from '../../views/router';

const tree = createRouteTree(() => async () => null);
const matchRoute = (path: string) => {
  const matches = matchRoutes(tree, path)!;
  const leaf = matches[matches.length - 1]!;
  return { route: { id: leaf.route.id }, params: leaf.params, lang: splitLang(path).lang };
};

test('every route id is unique and every path but the fallbacks starts with /', () => {
  const ids = routes.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of routes) assert.ok(r.path === '*' || r.path.startsWith('/'), r.id);
});

test('paths are built from the route table in both languages', () => {
  assert.equal(pathFor('home', 'en'), '/');
  assert.equal(pathFor('home', 'de'), '/de');
  assert.equal(pathFor('projectDetail', 'de', { slug: 'solar kiosk' }), '/de/projects/solar%20kiosk');
  assert.equal(localizePath('/news', 'de'), '/de/news');
});

test('React Router matches the tree: static paths win over parameters, German prefix is understood', () => {
  assert.equal(matchRoute('/projects/new-project-template').route.id, 'projectTemplate');
  const m = matchRoute('/de/projects/solar-kiosk');
  assert.equal(m.route.id, 'projectDetail');
  assert.equal(m.lang, 'de');
  assert.deepEqual(m.params, { slug: 'solar-kiosk' });
  assert.equal(matchRoute('/de').route.id, 'home');
  assert.equal(matchRoute('/nothing/here').route.id, 'notFound');
});

test('the language switch goes to the twin URL', () => {
  assert.deepEqual(splitLang('/de/team'), { lang: 'de', path: '/team' });
  assert.equal(twinPath('/team?x=1', 'de'), '/de/team?x=1');
  assert.equal(twinPath('/de/team', 'en'), '/team');
  assert.equal(twinPath('/de', 'en'), '/');
  assert.equal(twinPath('/', 'de'), '/de');
});
