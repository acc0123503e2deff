// The trash: a delete moves an item there (restorable for 30 days, hidden from visitors, its
// relations kept), the admin lists and restores it (API and no-JavaScript forms, audited, with a
// revision), and the purge job deletes for good what stayed longer.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { purgeTrash, runTrashPurgeJob, TRASH_MS } from '../../models/content/trash';

const KEY = 'bea-key-0123456789';
const ADMIN = { 'X-Admin-Key': KEY };
const DAY = 24 * 60 * 60 * 1000;

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Goat Herd',
  titleDe: 'Ziegenherde',
  description: 'Goats for three families.',
  descriptionDe: 'Ziegen für drei Familien.',
  goalAmount: '900',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});
const article = (extra: Record<string, unknown> = {}) => ({
  title: 'The goats arrived',
  titleDe: 'Die Ziegen sind da',
  abstract: 'Twelve goats.',
  abstractDe: 'Zwölf Ziegen.',
  content: 'They are well.',
  contentDe: 'Es geht ihnen gut.',
  imageUrl: '/images/news/annual-report-2024-published.svg',
  ...extra,
});

interface Trashed {
  entity: string;
  name: string;
  id: number;
  label: string;
  deletedAt: string;
  deletedBy: string;
  deletedByName: string;
  purgeAt: string;
}

describe('trash', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ADMIN_KEYS: `Bea Keller <${KEY}>` });
  });
  after(async () => {
    await h.close();
  });
  const trash = async () => (await request(h.app).get('/api/admin/trash').set(ADMIN).expect(200)).body as Trashed[];

  test('a deleted project goes to the trash: hidden in public, its articles keep the link, listed with who and when', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    const a = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ projectId: p.id })).expect(201)).body;
    await request(h.app).delete(`/api/admin/projects/${p.id}`).set(ADMIN).expect(200);

    await request(h.app).get(`/api/admin/projects/${p.id}`).set(ADMIN).expect(404);
    await request(h.app).get(`/api/projects/${p.id}`).expect(404);
    await request(h.app).get(`/projects/${p.slug}`).expect(404);
    const page = await request(h.app).get(`/news/${a.slug}`).expect(200);
    assert.doesNotMatch(page.text, new RegExp(`/projects/${p.slug}"`), 'the article does not link the trashed project');
    assert.equal((await request(h.app).get(`/api/admin/news/${a.id}`).set(ADMIN).expect(200)).body.projectId, p.id);

    const item = (await trash()).find((x) => x.name === 'projects' && x.id === p.id)!;
    assert.equal(item.entity, 'project');
    assert.equal(item.label, 'Goat Herd');
    assert.equal(item.deletedByName, 'Bea Keller');
    assert.match(item.deletedBy, /^key:/);
    assert.equal(Date.parse(item.purgeAt) - Date.parse(item.deletedAt), TRASH_MS);

    // A new project with the same title does not take the trashed one's address: it comes back under it.
    const twin = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    assert.notEqual(twin.slug, p.slug);

    const restored = await request(h.app).post(`/api/admin/trash/projects/${p.id}/restore`).set(ADMIN).expect(200);
    assert.equal(restored.body.slug, p.slug);
    await request(h.app).get(`/api/projects/${p.id}`).expect(200);
    assert.ok(!(await trash()).some((x) => x.name === 'projects' && x.id === p.id));
    const revs = (await request(h.app).get(`/api/admin/projects/${p.id}/revisions`).set(ADMIN).expect(200)).body as { action: string; actorName: string }[];
    assert.deepEqual(revs.map((r) => r.action), ['undelete', 'delete', 'create']);
    const audit = (await request(h.app).get('/api/admin/audit?kind=projects').set(ADMIN).expect(200)).body as { action: string; entityId: string; actorName: string }[];
    assert.deepEqual(audit.filter((e) => e.entityId === String(p.id)).map((e) => [e.action, e.actorName]), [['undelete', 'Bea Keller'], ['delete', 'Bea Keller'], ['create', 'Bea Keller']]);

    await request(h.app).post(`/api/admin/trash/projects/${p.id}/restore`).set(ADMIN).expect(404);
    await request(h.app).post('/api/admin/trash/secrets/1/restore').set(ADMIN).expect(404);
    await request(h.app).post('/api/admin/trash/projects/abc/restore').set(ADMIN).expect(400);
    await request(h.app).get('/api/admin/trash').expect(401);
  });

  test('team and page contents too; the trash of one kind; a page in the trash still holds its page name', async () => {
    const pages = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { id: number; pageName: string }[];
    const mission = pages.find((x) => x.pageName === 'mission')!;
    await request(h.app).delete(`/api/admin/pages/${mission.id}`).set(ADMIN).expect(200);
    const taken = await request(h.app).post('/api/admin/pages').set(ADMIN).send({ pageName: 'mission', title: 'M', titleDe: 'M', content: 'c', contentDe: 'c' }).expect(400);
    assert.equal(taken.body.fieldErrors.pageName.code, 'page_in_trash');
    assert.match(taken.body.fields.pageName, /in the trash/);
    const only = (await request(h.app).get('/api/admin/trash?name=pages').set(ADMIN).expect(200)).body as Trashed[];
    assert.ok(only.length >= 1 && only.every((x) => x.name === 'pages'));
    assert.ok(only.some((x) => x.id === mission.id && x.label === 'mission'));
    await request(h.app).post(`/api/admin/trash/pages/${mission.id}/restore`).set(ADMIN).expect(200);
  });

  test('the no-JavaScript path: the trash view with a count, and a Restore form post', async () => {
    const m = (await request(h.app).post('/api/admin/team').set(ADMIN).send({ name: 'Rudo', position: 'Driver', positionDe: 'Fahrer', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }).expect(201)).body;
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ key: KEY }).expect(303);
    const tab = await agent.get('/admin/team').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(tab.text)![1]!;
    await agent.post(`/admin/team/${m.id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    const after = await agent.get('/admin/team').expect(200);
    assert.match(after.text, /Team member deleted successfully!/);
    // The message's Undo: the trash's Restore form.
    assert.match(after.text, new RegExp(`<form class="admin-flash-action" action="/admin/trash/team/${m.id}/restore" method="post"><input type="hidden" name="_csrf" value="[^"]+"/><button type="submit"[^>]*>Undo</button></form>`));
    assert.match(after.text, /href="\/admin\/trash\?kind=team"[^>]*>Trash \(1\)/);
    // The screen's trash of before leads to the Trash screen, showing this kind.
    const moved = await agent.get('/admin/team?trash=1').expect(301);
    assert.equal(moved.headers.location, '/admin/trash?kind=team');
    const view = await agent.get(moved.headers.location!).expect(200);
    assert.match(view.text, /Rudo/);
    assert.match(view.text, /Deleted .* by Bea Keller/);
    assert.match(view.text, new RegExp(`action="/admin/trash/team/${m.id}/restore"`));
    const done = await agent.post(`/admin/trash/team/${m.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    assert.match(done.headers.location!, /\/admin\/trash\?kind=team/);
    await request(h.app).get(`/api/admin/team/${m.id}`).set(ADMIN).expect(200);
    // German page: German words.
    assert.equal((await agent.get('/de/admin/team?trash=1').expect(301)).headers.location, '/de/admin/trash?kind=team');
    const de = await agent.get('/de/admin/team').expect(200);
    assert.match(de.text, /Papierkorb \(0\)/);
    // A German delete: the spec's message in German, and its Undo (Rückgängig) puts the member back.
    await agent.post(`/de/admin/team/${m.id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    const deleted = await agent.get('/de/admin/team').expect(200);
    assert.match(deleted.text, /Teammitglied erfolgreich gelöscht!/);
    assert.match(deleted.text, new RegExp(`class="admin-flash-action" action="/de/admin/trash/team/${m.id}/restore" method="post">.*?>Rückgängig</button>`));
    await request(h.app).get(`/api/admin/team/${m.id}`).set(ADMIN).expect(404);
    await agent.post(`/de/admin/trash/team/${m.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    await request(h.app).get(`/api/admin/team/${m.id}`).set(ADMIN).expect(200);
    assert.match((await agent.get('/de/admin/team').expect(200)).text, /Aus dem Papierkorb wiederhergestellt\./);
  });

  test('the purge deletes for good what stayed over 30 days: articles unlinked, ledger rows gone, revisions gone; the job queues its next run', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Old Well', raisedAmount: '50' })).expect(201)).body;
    const a = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ title: 'Well news', projectId: p.id })).expect(201)).body;
    const fresh = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Fresh Well' })).expect(201)).body;
    await request(h.app).delete(`/api/admin/projects/${p.id}`).set(ADMIN).expect(200);
    await request(h.app).delete(`/api/admin/projects/${fresh.id}`).set(ADMIN).expect(200);
    const db = h.deps.db;
    // The old one was trashed 31 days ago.
    await db('projects').where({ id: p.id }).update({ deletedAt: new Date(Date.now() - 31 * DAY).toISOString() });
    assert.ok(Number((await db('project_ledger').where({ projectId: p.id }).count({ n: '*' }))[0]!.n) > 0);
    // The purged project's spending records and translation status rows go with it.
    await db('projects').where({ id: p.id }).update({ deletedAt: null });
    await request(h.app).post(`/api/admin/projects/${p.id}/spending`).set(ADMIN).send({ date: '2026-01-05', amount: '12.50', category: 'materials', description: 'Rope', descriptionDe: 'Seil' }).expect(201);
    await db('projects').where({ id: p.id }).update({ deletedAt: new Date(Date.now() - 31 * DAY).toISOString() });
    const rowsOf = async (table: string, where: Record<string, unknown>) => Number((await db(table).where(where).count({ n: '*' }))[0]!.n);
    assert.ok((await rowsOf('translation_sources', { entity: 'project', entityId: p.id })) > 0);
    assert.equal(await rowsOf('project_spending', { projectId: p.id }), 1);

    assert.deepEqual((await purgeTrash(db, new Date(Date.now() - 2 * DAY))).purged, [], 'two days earlier nothing was due');
    const result = await runTrashPurgeJob({ db, jobs: h.deps.jobs, log: h.deps.log });
    assert.deepEqual(result?.purged, [{ name: 'projects', id: p.id }]);
    assert.equal(await db('projects').where({ id: p.id }).first(), undefined);
    assert.ok(await db('projects').where({ id: fresh.id }).first(), 'a day-old trash item stays');
    assert.equal((await request(h.app).get(`/api/admin/news/${a.id}`).set(ADMIN).expect(200)).body.projectId, null);
    assert.equal(Number((await db('project_ledger').where({ projectId: p.id }).count({ n: '*' }))[0]!.n), 0);
    assert.equal(Number((await db('revisions').where({ entity: 'project', entityId: p.id }).count({ n: '*' }))[0]!.n), 0);
    assert.equal(await rowsOf('translation_sources', { entity: 'project', entityId: p.id }), 0);
    assert.equal(await rowsOf('project_spending', { projectId: p.id }), 0);
    assert.ok((await h.deps.jobs.stats()).waiting >= 1, 'the next purge is queued');
    // The final deletion leaves a trace: by the system, erased, with what it was called.
    const erased = await db('audit_log').where({ action: 'erase', entity: 'project', entityId: String(p.id) });
    assert.equal(erased.length, 1);
    assert.equal(erased[0].actor, 'system');
    assert.equal(erased[0].summary, 'Old Well');
    // With a clock 31 days ahead, the other one goes too.
    const later = await runTrashPurgeJob({ db, jobs: h.deps.jobs, log: h.deps.log }, h.deps.log, () => new Date(Date.now() + 31 * DAY));
    assert.ok(later?.purged.some((x) => x.id === fresh.id));
  });

  test('an item in the trash cannot be saved (409, API and forms); a refused form keeps what was typed, in the language of the page', async () => {
    const m = (await request(h.app).post('/api/admin/team').set(ADMIN).send({ name: 'Chipo', position: 'Cook', positionDe: 'Köchin', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }).expect(201)).body;
    await request(h.app).delete(`/api/admin/team/${m.id}`).set(ADMIN).expect(200);
    const typed = { name: 'Chipo Moyo', position: 'Head cook', positionDe: 'Küchenchefin', bio: 'Typed while a colleague deleted her.', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' };
    const put = await request(h.app).put(`/api/admin/team/${m.id}`).set(ADMIN).send(typed);
    assert.equal(put.status, 409);
    assert.equal(put.body.code, 'content.in_trash');
    assert.equal((await h.deps.db('team_members').where({ id: m.id }).first()).name, 'Chipo', 'nothing written');
    assert.equal((await request(h.app).put('/api/admin/team/999999').set(ADMIN).send(typed)).status, 404);

    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ key: KEY }).expect(303);
    const tab = await agent.get('/de/admin/team').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(tab.text)![1]!;
    const post = await agent.post(`/de/admin/team/${m.id}`).type('form').send({ ...typed, _csrf: csrf }).expect(303);
    const back = await agent.get(post.headers.location!).expect(200);
    assert.match(back.text, /Dieser Eintrag liegt im Papierkorb/);
    assert.doesNotMatch(back.text, /This item is in the trash|not found/i);
    assert.match(back.text, /id="edit-form"/, 'the form is open');
    assert.match(back.text, /value="Chipo Moyo"/);
    assert.match(back.text, /Typed while a colleague deleted her\./);

    // Gone for good: the same, with the German "no longer exists".
    const gone = await agent.post('/de/admin/team/999999').type('form').send({ ...typed, _csrf: csrf }).expect(303);
    const goneBack = await agent.get(gone.headers.location!).expect(200);
    assert.match(goneBack.text, /Dieser Eintrag existiert nicht mehr/);
    assert.match(goneBack.text, /value="Chipo Moyo"/);

    // A trash restore of something no longer in the trash says so in German.
    await request(h.app).post(`/api/admin/trash/team/${m.id}/restore`).set(ADMIN).expect(200);
    const again = await agent.post(`/de/admin/trash/team/${m.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    const page = await agent.get(again.headers.location!).expect(200);
    assert.match(page.text, /liegt nicht mehr im Papierkorb/);
    assert.doesNotMatch(page.text, /Not in the trash/);
  });
});
