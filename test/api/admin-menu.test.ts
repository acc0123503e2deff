// The admin's menu per role, as the server draws it (the page without JavaScript): the screens of
// the role's groups, its first screen where /admin and the sign-in lead, and a screen outside its
// menu leading there too (models/shared/roles.ts menuFor, homeScreen; controllers/admin/pages.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ENV = { ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>` };
type Role = keyof typeof KEYS;

/** The menu of a page: its group names and its entries (screen, name, current or not), in order. */
function menuOf(html: string): { groups: string[]; entries: string[] } {
  const nav = /<nav class="admin-menu"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
  assert.ok(nav, 'the page has the menu');
  const groups = [...nav.matchAll(/class="admin-menu-group-name"[^>]*>([^<]+)</g)].map((m) => m[1]!);
  const entries = [...nav.matchAll(/<a id="tab-(\w+)" href="[^"]+"( aria-current="page")?[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[1]}${m[2] ? '*' : ''} ${m[3]}`);
  return { groups, entries };
}

describe('the admin menu per role', () => {
  let h: AppHandle;
  const agents = {} as Record<Role, ReturnType<typeof request.agent>>;
  before(async () => {
    h = await testApp(ENV);
  });
  after(async () => h?.close());

  test('signing in leads to where the role works: an editor to Projects, a treasurer and an admin to the dashboard', async () => {
    const home: Record<Role, string> = { editor: '/de/admin/projects', treasurer: '/de/admin', admin: '/de/admin' };
    for (const role of Object.keys(KEYS) as Role[]) {
      agents[role] = request.agent(h.app);
      const res = await agents[role].post('/de/admin-login').type('form').send({ mode: 'key', key: KEYS[role] }).expect(303);
      assert.equal(res.headers.location, home[role], role);
      // Signed in already, the sign-in page leads there too.
      assert.equal((await agents[role].get('/admin-login').set('Accept', 'text/html').expect(303)).headers.location, home[role].replace('/de', ''), role);
    }
  });

  test('/admin is the dashboard for every role (an editor writes the impact report there; a sign-in leads the editor to Projects)', async () => {
    const editor = agents.editor;
    assert.ok(menuOf((await editor.get('/de/admin?from=2026-01-05&to=2026-03-01').expect(200)).text).entries.includes('dashboard* Übersicht'));
    // The old address of a screen leads to the screen first, and from there to the role's first screen.
    assert.equal((await editor.get('/admin?tab=donations').expect(301)).headers.location, '/admin/donations');
    assert.equal((await editor.get('/admin/donations?page=2').expect(303)).headers.location, '/admin/projects');
    // A treasurer's menu holds no News: its address leads to the dashboard.
    assert.equal((await agents.treasurer.get('/admin/news?edit=1').expect(303)).headers.location, '/admin');
    for (const role of ['editor', 'treasurer', 'admin'] as const) {
      assert.ok(menuOf((await agents[role].get('/admin').expect(200)).text).entries.includes('dashboard* Dashboard'), role);
    }
  });

  test("each role's menu: its groups first, the screens it works in, its own account", async () => {
    const editor = menuOf((await agents.editor.get('/admin/news').expect(200)).text);
    assert.deepEqual(editor.groups, ['Content', 'Money']);
    assert.deepEqual(editor.entries, [
      'projects Projects', 'news* News', 'team Team', 'pages Pages', 'media Media', 'newsletter Newsletter', 'social Social Media',
      'glossary Glossary', 'translations Translations', 'trash Trash', 'dashboard Dashboard', 'fundraisers Fundraisers', 'people Your account',
    ]);
    const treasurer = menuOf((await agents.treasurer.get('/de/admin/donations').expect(200)).text);
    assert.deepEqual(treasurer.groups, ['Finanzen']);
    assert.deepEqual(treasurer.entries, ['dashboard Übersicht', 'donations* Spenden', 'fundraisers Spendenaktionen', 'projects Projekte', 'people Ihr Konto']);
    const admin = menuOf((await agents.admin.get('/admin/people').expect(200)).text);
    assert.deepEqual(admin.groups, ['Money', 'Content']);
    assert.deepEqual(admin.entries.map((e) => e.split(' ')[0]), [
      'dashboard', 'donations', 'fundraisers', 'projects', 'news', 'team', 'pages', 'media', 'newsletter', 'social', 'glossary', 'translations', 'trash', 'people*',
    ]);
  });

  test('without JavaScript the menu is a disclosure of plain links, its button naming the screen shown', async () => {
    const html = (await agents.editor.get('/de/admin/media').expect(200)).text;
    assert.match(html, /<nav class="admin-menu" aria-label="Bereiche der Verwaltung"><details class="admin-menu-disclosure"><summary class="admin-menu-toggle"><span class="admin-menu-toggle-label">Menü<\/span> <span class="admin-menu-current">Medien<\/span><\/summary>/);
    assert.match(html, /<a id="tab-glossary" href="\/de\/admin\/glossary" class="admin-menu-link">Glossar<\/a>/);
    assert.doesNotMatch(html, /role="tab/);
  });
});
