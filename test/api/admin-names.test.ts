// Each admin named: the configured names reach the session, the users table, the audit log and
// the Activity panel (sign-ins grouped, filtered by person, kind of thing and action).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { keyFingerprint } from '../../models/people/user';

const ANNA = 'anna-key-0123456789';
const PLAIN = 'plain-key-0123456789';

interface Line {
  id: number;
  actor: string;
  actorName: string | null;
  action: string;
  entity: string;
  count: number;
}

describe('named admins', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ADMIN_KEYS: `Anna Muster <${ANNA}>, ${PLAIN}`, ADMIN_EMAILS: 'Beat Brunner <beat@example.org>' });
  });
  after(async () => {
    await h.close();
  });
  const audit = async (query = '') => (await request(h.app).get(`/api/admin/audit?limit=50${query}`).set({ 'X-Admin-Key': ANNA }).expect(200)).body as Line[];

  test('the identity carries the name; an unnamed key has none (pages word it); e-mail header admins are named too', async () => {
    const me = await request(h.app).get('/api/admin/session').set({ 'X-Admin-Key': ANNA }).expect(200);
    assert.equal(me.body.admin.name, 'Anna Muster');
    const plain = await request(h.app).get('/api/admin/session').set({ 'X-Admin-Key': PLAIN }).expect(200);
    assert.equal(plain.body.admin.name, null);
  });

  test('sign-ins: the users table keeps the name, the audit log names the person, and sign-ins in a row are one line', async () => {
    for (let i = 0; i < 5; i++) {
      const agent = request.agent(h.app);
      await agent.post('/admin-login').type('form').send({ key: ANNA }).expect(303);
      if (i === 4) {
        const page = await agent.get('/admin').expect(200);
        assert.match(page.text, /Signed in as Anna Muster/);
        assert.match(page.text, /Anna Muster signed in 5 times/);
        const de = await agent.get('/de/admin').expect(200);
        assert.match(de.text, /Anna Muster hat sich 5-mal angemeldet/);
      }
    }
    const user = await h.deps.db('users').where({ username: keyFingerprint(ANNA) }).first();
    assert.equal(user.displayName, 'Anna Muster');
    assert.equal(user.role, 'admin');
    const lines = (await audit()).filter((l) => l.action === 'login');
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.count, 5);
    assert.equal(lines[0]!.actorName, 'Anna Muster');
  });

  test('changes carry the name; the filter by person, kind and action; old entries are named from the configuration', async () => {
    await request(h.app).post('/api/admin/team').set({ 'X-Admin-Key': PLAIN }).send({ name: 'Rudo', position: 'Driver', positionDe: 'Fahrer', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }).expect(201);
    // An entry from before names were stored.
    await h.deps.db('audit_log').insert({ actor: keyFingerprint(ANNA), action: 'update', entity: 'project', entityId: '1', summary: 'Old change', createdAt: new Date().toISOString() });

    const all = await audit();
    const team = all.find((l) => l.entity === 'team')!;
    // No English words are stored for an unnamed key: the page says "Admin key …" in its language.
    assert.equal(team.actorName, null);
    assert.equal((await h.deps.db('audit_log').where({ entity: 'team' }).first()).actorName, null);
    assert.equal((await h.deps.db('revisions').where({ entity: 'team' }).first()).actorName, null);
    assert.equal(all.find((l) => l.entity === 'project' && l.action === 'update')!.actorName, 'Anna Muster');

    const byPlain = await audit(`&actor=${encodeURIComponent(keyFingerprint(PLAIN))}`);
    assert.ok(byPlain.length >= 1 && byPlain.every((l) => l.actor === keyFingerprint(PLAIN)));
    const teamOnly = await audit('&kind=team');
    assert.ok(teamOnly.length >= 1 && teamOnly.every((l) => l.entity === 'team'));
    const logins = await audit('&action=login');
    assert.ok(logins.every((l) => l.action === 'login'));
    assert.deepEqual(await audit('&kind=nonsense&action=create&actor=nobody'), []);

    const people = (await request(h.app).get('/api/admin/audit/people').set({ 'X-Admin-Key': ANNA }).expect(200)).body as { id: string; name: string | null }[];
    assert.ok(people.some((p) => p.name === 'Anna Muster'));
    assert.ok(people.some((p) => p.id === keyFingerprint(PLAIN) && p.name === null));

    // Without JavaScript: query parameters on /admin.
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ key: ANNA }).expect(303);
    const filtered = await agent.get('/admin/projects?kind=team').expect(200);
    const aside = filtered.text.slice(filtered.text.indexOf('activity-title'));
    assert.match(aside, /<option value="team" selected="">Team<\/option>/);
    const list = aside.slice(aside.indexOf('<ol class="activity-list"'), aside.indexOf('</ol>'));
    assert.match(list, /Admin key [0-9a-f]{8} created the team member “Rudo”/);
    assert.doesNotMatch(list, /signed in|project/);
  });

  test("in the page's language: an unnamed key, the scheduler and the trash purge (system), and their actions", async () => {
    const fp = keyFingerprint(PLAIN).slice(4);
    const m = (await request(h.app).post('/api/admin/team').set({ 'X-Admin-Key': PLAIN }).send({ name: 'Tariro', position: 'Nurse', positionDe: 'Pflegefachfrau', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }).expect(201)).body;
    // What the scheduler and the purge write, and an entry of an unnamed key stored with English words before.
    const at = new Date().toISOString();
    await h.deps.db('audit_log').insert([
      { actor: 'system', action: 'publish', entity: 'news', entityId: '7', summary: 'Harvest news', createdAt: at },
      { actor: 'system', action: 'erase', entity: 'project', entityId: '8', summary: 'Old Well', createdAt: at },
      { actor: keyFingerprint(PLAIN), actorName: `Key ${fp}`, action: 'upload', entity: 'media', entityId: '9', summary: 'old.jpg', createdAt: at },
    ]);
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ key: ANNA }).expect(303);
    const list = (html: string) => html.slice(html.indexOf('<ol class="activity-list"'), html.indexOf('</ol>', html.indexOf('<ol class="activity-list"')));

    const de = await agent.get(`/de/admin/team?edit=${m.id}`).expect(200);
    const deList = list(de.text);
    // The scheduler and the purge: the item says what happened to it, in German.
    assert.match(deList, /Die Neuigkeit «Harvest news» wurde wie geplant veröffentlicht/);
    assert.match(deList, /Das Projekt «Old Well» wurde endgültig aus dem Papierkorb gelöscht/);
    assert.match(deList, new RegExp(`Admin-Schlüssel ${fp} hat die Datei «old\\.jpg» hochgeladen`));
    assert.doesNotMatch(deList, /Key |system|>publish<|publish|erase/);
    // The filter offers the actions, and names the unnamed key in German too.
    assert.match(de.text, /<option value="publish">Veröffentlicht<\/option>/);
    assert.match(de.text, /<option value="erase">Endgültig gelöscht<\/option>/);
    assert.match(de.text, new RegExp(`<option value="${keyFingerprint(PLAIN)}">Admin-Schlüssel ${fp}</option>`));
    // The History of the edit form too.
    const history = de.text.slice(de.text.indexOf('history-list'));
    assert.match(history, new RegExp(`Admin-Schlüssel ${fp}`));
    assert.doesNotMatch(history.slice(0, history.indexOf('</ol>')), /Key /);

    const en = list((await agent.get('/admin/team').expect(200)).text);
    assert.match(en, /The news article “Harvest news” was published as scheduled/);
    assert.match(en, /The project “Old Well” was deleted for good from the trash/);
    assert.match(en, new RegExp(`Admin key ${fp} uploaded the file “old\\.jpg”`));
  });
});
