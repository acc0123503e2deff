// Revisions: every admin change (API and no-JavaScript forms) keeps one, with who, when and what
// changed; an earlier one can be compared and restored through the same rules as a typed save.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';

const KEY = 'anna-key-0123456789';
const ADMIN = { 'X-Admin-Key': KEY };

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Rainwater Tanks',
  titleDe: 'Regenwassertanks',
  description: 'Tanks that collect the rain from school roofs.',
  descriptionDe: 'Tanks, die den Regen von Schuldächern sammeln.',
  goalAmount: '12500',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

interface Rev {
  id: number;
  action: string;
  actor: string;
  actorName: string | null;
  createdAt: string;
  changedFields: string[];
  source: string | null;
  data?: Record<string, unknown>;
}

describe('revisions', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ADMIN_KEYS: `Anna Muster <${KEY}>` });
  });
  after(async () => {
    await h.close();
  });

  const revisions = async (name: string, id: number) => (await request(h.app).get(`/api/admin/${name}/${id}/revisions`).set(ADMIN).expect(200)).body as Rev[];

  test('create and updates each keep a revision: who, when, the changed fields, newest first', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Rainwater Tanks for Schools' })).expect(200);
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Rainwater Tanks for Schools', description: 'Bigger tanks.', goalAmount: '15000' })).expect(200);
    const list = await revisions('projects', p.id);
    assert.deepEqual(list.map((r) => r.action), ['update', 'update', 'create']);
    assert.deepEqual(list[0]!.changedFields, ['description', 'goalAmount']);
    assert.deepEqual(list[1]!.changedFields, ['title']);
    assert.deepEqual(list[2]!.changedFields, []);
    for (const r of list) {
      assert.equal(r.actorName, 'Anna Muster');
      assert.match(r.actor, /^key:[0-9a-f]{8}$/);
      assert.equal(r.source, null);
      assert.ok(!Number.isNaN(Date.parse(r.createdAt)));
      assert.equal(r.data, undefined, 'the list leaves the data out');
    }
    const one = (await request(h.app).get(`/api/admin/revisions/${list[1]!.id}`).set(ADMIN).expect(200)).body as Rev;
    assert.equal(one.data!.title, 'Rainwater Tanks for Schools');
    assert.equal(one.data!.description, 'Tanks that collect the rain from school roofs.');
  });

  test('restore brings the editable fields back through the schema, leaves the raised amount, and is audited', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Seeds', raisedAmount: '100' })).expect(201)).body;
    const first = (await revisions('projects', p.id))[0]!;
    // A donation-like change of the total (an admin adjustment through the ledger) after the first revision.
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Seeds and Tools', raisedAmount: '250', raisedAmountBase: '100.00' })).expect(200);
    const restored = await request(h.app).post(`/api/admin/revisions/${first.id}/restore`).set(ADMIN).expect(200);
    assert.equal(restored.body.title, 'Seeds');
    assert.equal(restored.body.raisedAmount, '250.00', 'money moves only through the ledger');
    const list = await revisions('projects', p.id);
    assert.equal(list[0]!.action, 'restore');
    assert.equal(list[0]!.source, 'restore');
    assert.deepEqual(list[0]!.changedFields, ['title']);
    const audit = (await request(h.app).get('/api/admin/audit?kind=projects&action=restore').set(ADMIN).expect(200)).body as { entityId: string; actorName: string; summary: string }[];
    assert.ok(audit.some((e) => e.entityId === String(p.id) && e.actorName === 'Anna Muster' && e.summary.includes(`revision #${first.id}`)));
  });

  test('a restore never publishes or hides: the publication state stays as it is', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Draft words', draft: true })).expect(201)).body;
    assert.equal(p.draft, true);
    const first = (await revisions('projects', p.id))[0]!;
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Published words', draft: false })).expect(200);
    const restored = (await request(h.app).post(`/api/admin/revisions/${first.id}/restore`).set(ADMIN).expect(200)).body;
    assert.equal(restored.title, 'Draft words');
    assert.equal(restored.draft, false);
  });

  test('an item saved before revisions were kept gets its earlier state as a baseline revision', async () => {
    const db = h.deps.db;
    const [row] = await db('team_members')
      .insert({ name: 'Old Member', position: 'Helper', positionDe: 'Helfer', bio: 'Old bio', bioDe: 'Alte Bio', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe', displayOrder: 0, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .returning('id');
    const id = Number(typeof row === 'object' ? (row as { id: number }).id : row);
    await request(h.app)
      .put(`/api/admin/team/${id}`)
      .set(ADMIN)
      .send({ name: 'Old Member', position: 'Helper', positionDe: 'Helfer', bio: 'New bio', bioDe: 'Alte Bio', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' })
      .expect(200);
    const list = await revisions('team', id);
    assert.deepEqual(list.map((r) => r.action), ['update', 'baseline']);
    assert.deepEqual(list[0]!.changedFields, ['bio']);
    await request(h.app).post(`/api/admin/revisions/${list[1]!.id}/restore`).set(ADMIN).expect(200);
    assert.equal((await request(h.app).get(`/api/admin/team/${id}`).set(ADMIN).expect(200)).body.bio, 'Old bio');
  });

  test('a restore that breaks a rule of today is refused with the field (nothing written)', async () => {
    // An article from before abstracts were required: its first state cannot come back as it was.
    const now = new Date().toISOString();
    const [row] = await h.deps.db('news_articles')
      .insert({ slug: 'old-article', title: 'Old', titleDe: 'Alt', abstract: null, abstractDe: null, content: 'Old text', contentDe: 'Alter Text', imageUrl: '/images/news/annual-report-2024-published.svg', publishedAt: now, createdAt: now, updatedAt: now })
      .returning('id');
    const id = Number(typeof row === 'object' ? (row as { id: number }).id : row);
    const fixed = { title: 'Old', titleDe: 'Alt', abstract: 'Now with an abstract', abstractDe: 'Jetzt mit Abstract', content: 'Old text', contentDe: 'Alter Text', imageUrl: '/images/news/annual-report-2024-published.svg' };
    await request(h.app).put(`/api/admin/news/${id}`).set(ADMIN).send(fixed).expect(200);
    const list = await revisions('news', id);
    assert.deepEqual(list.map((r) => r.action), ['update', 'baseline']);
    const res = await request(h.app).post(`/api/admin/revisions/${list[1]!.id}/restore`).set(ADMIN).expect(400);
    assert.equal(res.body.code, 'validation');
    assert.equal(res.body.fieldErrors.abstract.code, 'required');
    assert.equal((await revisions('news', id)).length, 2);
    assert.equal((await request(h.app).get(`/api/admin/news/${id}`).set(ADMIN).expect(200)).body.abstract, 'Now with an abstract');
    // Without JavaScript, on the German page: the refusal names the field in German.
    const agent = request.agent(h.app);
    await agent.post('/de/admin-login').type('form').send({ key: KEY }).expect(303);
    const csrf = /name="_csrf" value="([^"]+)"/.exec((await agent.get('/de/admin/news').expect(200)).text)![1]!;
    const back = await agent.post(`/de/admin/revisions/${list[1]!.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    assert.match(back.headers.location!, new RegExp(`^/de/admin/news\\?edit=${id}`));
    const shown = await agent.get(back.headers.location!).expect(200);
    assert.match(shown.text, /Die frühere Fassung konnte nicht wiederhergestellt werden/);
    assert.match(shown.text, /Zusammenfassung \(Englisch\): Dieses Feld ist erforderlich/);
  });

  test('unknown ids and revisions of trashed items answer clearly', async () => {
    await request(h.app).get('/api/admin/revisions/999999').set(ADMIN).expect(404);
    await request(h.app).post('/api/admin/revisions/999999/restore').set(ADMIN).expect(404);
    await request(h.app).get('/api/admin/projects/999999/revisions').set(ADMIN).expect(404);
    await request(h.app).get('/api/admin/revisions/abc').set(ADMIN).expect(400);
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Gone soon' })).expect(201)).body;
    const rev = (await revisions('projects', p.id))[0]!;
    await request(h.app).delete(`/api/admin/projects/${p.id}`).set(ADMIN).expect(200);
    const res = await request(h.app).post(`/api/admin/revisions/${rev.id}/restore`).set(ADMIN).expect(409);
    assert.equal(res.body.code, 'content.in_trash');
    assert.deepEqual((await revisions('projects', p.id)).map((r) => r.action), ['delete', 'create']);
    await request(h.app).get('/api/admin/revisions/1').expect(401);
  });

  test('the no-JavaScript forms keep revisions too, and restore through a form post', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ key: KEY }).expect(303);
    const page = await agent.get('/admin/news').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const news = { title: 'Tank full', titleDe: 'Tank voll', abstract: 'A', abstractDe: 'A', content: 'First words', contentDe: 'Erste Worte', imageUrl: '/images/news/annual-report-2024-published.svg' };
    await agent.post('/admin/news').type('form').send({ ...news, _csrf: csrf }).expect(303);
    const id = (await request(h.app).get('/api/admin/news').set(ADMIN).expect(200)).body.find((a: { title: string }) => a.title === 'Tank full').id as number;
    await agent.post(`/admin/news/${id}`).type('form').send({ ...news, content: 'Second words', _csrf: csrf }).expect(303);
    const list = await revisions('news', id);
    assert.deepEqual(list.map((r) => [r.action, r.actorName]), [['update', 'Anna Muster'], ['create', 'Anna Muster']]);
    assert.deepEqual(list[0]!.changedFields, ['content']);
    // The comparison is rendered by the server (a link per revision); the restore asks first, then is a form post.
    const compare = await agent.get(`/admin/news?edit=${id}&revision=${list[1]!.id}`).expect(200);
    assert.match(compare.text, /<td><span class="history-text">First words<\/span><\/td><td><span class="history-text">Second words<\/span><\/td>/);
    assert.match(compare.text, new RegExp(`revision=${list[1]!.id}&amp;restore=1#history`));
    assert.doesNotMatch(compare.text, /action="\/admin\/revisions\//);
    const confirm = await agent.get(`/admin/news?edit=${id}&revision=${list[1]!.id}&restore=1`).expect(200);
    assert.match(confirm.text, /The current version stays in the history/);
    assert.match(confirm.text, new RegExp(`action="/admin/revisions/${list[1]!.id}/restore"`));
    const done = await agent.post(`/admin/revisions/${list[1]!.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    assert.match(done.headers.location!, new RegExp(`/admin/news\\?edit=${id}`));
    assert.equal((await request(h.app).get(`/api/admin/news/${id}`).set(ADMIN).expect(200)).body.content, 'First words');
  });
});
