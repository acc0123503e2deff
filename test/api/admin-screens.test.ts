// The admin's screens as routes: each at its own address in both languages, rendered by its own
// loader; the browser's JSON for one route is that route's data alone; the old ?tab= addresses
// (guides, mails, bookmarks) lead to the new ones.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { ADMIN_TABS, adminHref } from '../../models/shared/admin-rules';

const KEY = 'demo-admin-key-change-me';

describe('admin screens', () => {
  let h: AppHandle;
  let agent: ReturnType<typeof request.agent>;
  before(async () => {
    h = await testApp();
    agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
  });
  after(() => h.close());

  test('every screen at its address, in both languages: its menu entry selected, its name in the title', async () => {
    for (const lang of ['en', 'de'] as const) {
      for (const screen of ADMIN_TABS) {
        const url = adminHref(lang, screen);
        const html = (await agent.get(url).set('Accept', 'text/html').expect(200)).text;
        assert.match(html, new RegExp(`id="tab-${screen}"[^>]*aria-selected="true"`), url);
        assert.equal((html.match(/aria-selected="true"/g) ?? []).length, 1, url);
        const title = /<title>([^<]*)<\/title>/.exec(html)![1]!;
        assert.match(title, lang === 'en' ? /· Content Management \|/ : /· Inhaltsverwaltung \|/, url);
        assert.match(html, new RegExp(`<html lang="${lang}"`), url);
      }
    }
    // An address that is no screen is the site's 404.
    await agent.get('/admin/nonsense').set('Accept', 'text/html').expect(404);
    await agent.get('/de/admin/nonsense').set('Accept', 'text/html').expect(404);
  });

  test('the old ?tab= addresses lead to the screen, with the rest of their query', async () => {
    const moved = async (from: string) => (await agent.get(from).set('Accept', 'text/html').expect(301)).headers.location;
    assert.equal(await moved('/admin?tab=news&edit=3'), '/admin/news?edit=3');
    assert.equal(await moved('/de/admin?tab=projects&q=solar&sort=title'), '/de/admin/projects?q=solar&sort=title');
    assert.equal(await moved('/admin?tab=dashboard&from=2026-01-01&to=2026-06-30'), '/admin?from=2026-01-01&to=2026-06-30');
    assert.equal(await moved('/admin?tab=media'), '/admin/media');
    assert.equal(await moved('/admin?tab=nonsense&edit=1'), '/admin?edit=1');
    // Without a session the old address still goes to the sign-in page first.
    assert.equal((await request(h.app).get('/admin?tab=media').set('Accept', 'text/html').expect(303)).headers.location, '/admin-login');
  });

  test("moving to a screen asks for that screen's data alone; the frame's data is its own route's", async () => {
    const screen = await agent.get('/admin/projects').set('Accept', 'application/json').set('X-Admin-Route', 'admin.projects').expect(200);
    assert.equal(screen.body.routeId, 'admin.projects');
    assert.ok(Array.isArray(screen.body.props.items) && screen.body.props.items.length > 0);
    assert.equal(screen.body.props.csrfToken, undefined, 'no frame data with a screen');
    assert.equal(screen.body.props.activity, undefined);
    assert.match(screen.body.meta.title, /^Projects · Content Management/);
    const frame = await agent.get('/de/admin/projects').set('Accept', 'application/json').set('X-Admin-Route', 'admin').expect(200);
    assert.equal(frame.body.routeId, 'admin');
    assert.equal(frame.body.lang, 'de');
    assert.equal(typeof frame.body.props.csrfToken, 'string');
    assert.ok(Array.isArray(frame.body.props.activity));
    assert.equal(frame.body.props.items, undefined, 'no screen data with the frame');
    // A route the address does not match: nothing (the browser then loads the address as a page).
    await agent.get('/admin/projects').set('Accept', 'application/json').set('X-Admin-Route', 'admin.news').expect(404);
    // Never stored.
    assert.equal(screen.headers['cache-control'], 'private, no-store');
  });
});
