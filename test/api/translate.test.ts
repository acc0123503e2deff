// Machine translation drafts: POST /api/admin/translate through the real openai SDK against the
// fake (Markdown and links kept, glossary honoured, Swiss spelling, a draft that loses a link
// refused), "not configured" without a key, bad input, admin only; the glossary's API and forms;
// a save from a draft recorded as a machine revision.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp, testAppWithAI } from '../helpers';
import type { AppHandle } from '../../app';
import type { FakeOpenAI } from '../fakes/openai';
import { seedGlossary } from '../../models/translation/glossary';
import { checkedDraft, urlsOf } from '../../models/providers/assistant';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const SOURCE = [
  '## Our new school',
  '',
  'The **children** of the villages read more at the [Tariro Nook](https://example.org/tariro?x=1&y=2).',
  '',
  '![The large garden](/uploads/garden-2041.jpg "Garden")',
  '',
  '- Water for the school, see <https://water.example/report>',
  '- Our street: https://maps.example/street.',
].join('\n');

describe('translate with OpenAI (the real SDK against the fake)', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let close: () => Promise<void>;
  before(async () => {
    ({ h, ai, close } = await testAppWithAI({ ORG_NAME: 'Kuvaka Community Trust' }));
  });
  after(() => close());

  test('Markdown, links and image addresses survive; glossary names stay; Swiss spelling in German', async () => {
    ai.mode = 'ok';
    ai.requests.length = 0;
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: SOURCE, from: 'en', to: 'de' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const text: string = res.body.text;
    for (const url of urlsOf(SOURCE)) assert.ok(text.includes(url), `keeps ${url}`);
    assert.match(text, /^## Unser neu Schule$/m, 'the heading stays a heading');
    assert.match(text, /\*\*Kinder\*\*/);
    assert.match(text, /\[Tariro Nook\]\(https:\/\/example\.org\/tariro\?x=1&y=2\)/);
    assert.match(text, /!\[Die gross Garten\]\(\/uploads\/garden-2041\.jpg "Garden"\)/);
    // The fake answers "Straße" and "groß": the draft says "Strasse" and "gross".
    assert.ok(!text.includes('ß'), text);
    assert.match(text, /Strasse/);
    const req = ai.requests.at(-1)!.body;
    assert.equal(req.response_format.json_schema.name, 'translation');
    assert.equal(req.response_format.json_schema.strict, true);
    const system: string = req.messages[0].content;
    assert.match(system, /into German/);
    assert.match(system, /"Tariro Nook" stays "Tariro Nook"/, 'the glossary term in the text is sent');
    assert.ok(!system.includes('Kuvaka Community Trust'), 'terms not in the text are not sent');
    assert.equal(req.messages[1].content, SOURCE, 'only the text goes as the user message');
  });

  test('a glossary term that translates one way is used, in both directions', async () => {
    ai.mode = 'ok';
    const created = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Mission Hospital', termDe: 'Missionsspital', note: 'Our partner' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const de = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water for the Mission Hospital', from: 'en', to: 'de' }).expect(200);
    assert.equal(de.body.text, 'Wasser für die Missionsspital');
    const en = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Wasser für das Missionsspital in Mwenezi', from: 'de', to: 'en' }).expect(200);
    assert.equal(en.body.text, 'Water for das Mission Hospital in Mwenezi');
    assert.match(ai.requests.at(-1)!.body.messages[0].content, /"Missionsspital" is "Mission Hospital"/);
    assert.match(ai.requests.at(-1)!.body.messages[0].content, /"Mwenezi" stays "Mwenezi"/);
    await request(h.app).delete(`/api/admin/glossary/${created.body.id}`).set(ADMIN).expect(200);
  });

  test('a draft that loses a link address is refused (502 assistant.bad_answer), nothing filled in', async () => {
    ai.mode = 'drop_url';
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: SOURCE, from: 'en', to: 'de' });
    assert.equal(res.status, 502);
    assert.equal(res.body.code, 'assistant.bad_answer');
    assert.match(res.body.error, /link/);
    assert.equal(res.body.text, undefined);
    ai.mode = 'ok';
  });

  test('the other failures carry the assistant codes', async () => {
    ai.mode = 'malformed';
    const bad = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(bad.status, 502);
    assert.equal(bad.body.code, 'assistant.bad_answer');
    ai.mode = 'error';
    const down = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(down.status, 502);
    assert.equal(down.body.code, 'assistant.unavailable');
    ai.mode = 'ok';
  });

  test('bad input is a 400 with a clear message, before anything is sent', async () => {
    const before = ai.requests.length;
    const cases: [unknown, RegExp][] = [
      [{}, /text/],
      [{ text: '   ', from: 'en', to: 'de' }, /text is required/],
      [{ text: 'x'.repeat(20_001), from: 'en', to: 'de' }, /too long/],
      [{ text: 'Hello', from: 'en', to: 'fr' }, /"en" or "de"/],
      [{ text: 'Hello', from: 'en', to: 'en' }, /different/],
      [{ text: 42, from: 'en', to: 'de' }, /text/],
    ];
    for (const [body, message] of cases) {
      const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send(body as object);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error, message);
    }
    assert.equal(ai.requests.length, before);
  });

  test('admin only, and a session needs the CSRF token', async () => {
    const anon = await request(h.app).post('/api/admin/translate').send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(anon.status, 401);
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const noToken = await agent.post('/api/admin/translate').send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(noToken.status, 403);
    const page = await agent.get('/admin').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const ok = await agent.post('/api/admin/translate').set('X-CSRF-Token', csrf).send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.text, 'Wasser');
  });
});

describe('without OPENAI_API_KEY', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ OPENAI_API_KEY: '' });
  });
  after(async () => h.close());

  test('503 assistant.not_configured with a clear message; bad input still 400', async () => {
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(res.status, 503);
    assert.equal(res.body.code, 'assistant.not_configured');
    assert.match(res.body.error, /not configured.*OPENAI_API_KEY/);
    const bad = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: '', from: 'en', to: 'de' });
    assert.equal(bad.status, 400);
  });
});

describe('the draft checks', () => {
  test('every kind of address is found, and a changed one refuses the draft', () => {
    assert.deepEqual(urlsOf(SOURCE).sort(), ['/uploads/garden-2041.jpg', 'https://example.org/tariro?x=1&y=2', 'https://maps.example/street', 'https://water.example/report'].sort());
    assert.throws(() => checkedDraft('[a](https://a.example/x)', '[a](https://a.example/y)', 'de'), /link/);
    assert.equal(checkedDraft('Street', 'Straße ẞ', 'de'), 'Strasse SS');
    assert.equal(checkedDraft('Strasse', 'Straße', 'en'), 'Straße', 'English is left as it is');
  });
});

describe('the glossary', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ORG_NAME: 'Kuvaka Community Trust' });
  });
  after(async () => h.close());

  test('seeded with the names that must stay, once (a deleted name is not brought back)', async () => {
    const list = await request(h.app).get('/api/admin/glossary').set(ADMIN).expect(200);
    const names = list.body.map((g: { termEn: string }) => g.termEn);
    for (const n of ['Tariro Nook', 'Mwenezi', 'Skills for Life', 'Kuvaka Community Trust']) assert.ok(names.includes(n), n);
    for (const g of list.body) assert.equal(g.termEn, g.termDe, 'names stay the same in German');
    assert.equal(await seedGlossary(h.deps.db, 'Kuvaka Community Trust'), 0, 'a second start adds nothing');
    const skills = list.body.find((g: { termEn: string }) => g.termEn === 'Skills for Life');
    await request(h.app).delete(`/api/admin/glossary/${skills.id}`).set(ADMIN).expect(200);
    assert.equal(await seedGlossary(h.deps.db, 'Kuvaka Community Trust'), 0);
    assert.equal(await seedGlossary(h.deps.db, 'Another Name'), 1, 'a new charity name is added once');
    const after = (await request(h.app).get('/api/admin/glossary').set(ADMIN).expect(200)).body.map((g: { termEn: string }) => g.termEn);
    assert.ok(!after.includes('Skills for Life'));
    assert.ok(after.includes('Another Name'));
  });

  test('create, update, delete: checked, unique, audited, admin only', async () => {
    assert.equal((await request(h.app).get('/api/admin/glossary')).status, 401);
    const created = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Mission Hospital', termDe: 'Missionsspital' });
    assert.equal(created.status, 201);
    assert.equal(created.body.note, null);
    const dup = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'mission hospital', termDe: 'X' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.fieldErrors.termEn.code, 'term_taken');
    const empty = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: '', termDe: 'x'.repeat(201) });
    assert.equal(empty.status, 400);
    assert.deepEqual(Object.keys(empty.body.fieldErrors).sort(), ['termDe', 'termEn']);
    const updated = await request(h.app).put(`/api/admin/glossary/${created.body.id}`).set(ADMIN).send({ termEn: 'Mission Hospital', termDe: 'Missionsspital Mwenezi', note: 'Partner' });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.termDe, 'Missionsspital Mwenezi');
    assert.equal((await request(h.app).put('/api/admin/glossary/999999').set(ADMIN).send({ termEn: 'A', termDe: 'B' })).status, 404);
    assert.equal((await request(h.app).put('/api/admin/glossary/abc').set(ADMIN).send({ termEn: 'A', termDe: 'B' })).status, 400);
    await request(h.app).delete(`/api/admin/glossary/${created.body.id}`).set(ADMIN).expect(200);
    assert.equal((await request(h.app).delete(`/api/admin/glossary/${created.body.id}`).set(ADMIN)).status, 404);
    const audit = await h.deps.db('audit_log').where({ entity: 'glossary', entityId: String(created.body.id) }).orderBy('id');
    assert.deepEqual(audit.map((a) => a.action), ['create', 'update', 'delete']);
    assert.match(audit[1].summary, /Mission Hospital → Missionsspital Mwenezi/);
  });

  test('the forms without JavaScript', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get('/admin/glossary').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    assert.match(page.text, /Tariro Nook/);
    const made = await agent.post('/admin/glossary').type('form').send({ _csrf: csrf, termEn: 'Ward', termDe: 'Ward', note: '' });
    assert.equal(made.status, 303);
    assert.match(made.headers.location!, /\/admin\/glossary/);
    const row = await h.deps.db('glossary_terms').where({ termEn: 'Ward' }).first();
    assert.ok(row);
    await agent.post(`/admin/glossary/${row.id}`).type('form').send({ _csrf: csrf, termEn: 'Ward', termDe: 'Bezirk' }).expect(303);
    assert.equal((await h.deps.db('glossary_terms').where({ id: row.id }).first()).termDe, 'Bezirk');
    const bad = await agent.post(`/admin/glossary/${row.id}`).type('form').send({ _csrf: csrf, termEn: '', termDe: 'Bezirk' });
    assert.equal(bad.status, 303);
    const shown = await agent.get(bad.headers.location!).set('Accept', 'text/html').expect(200);
    assert.match(shown.text, /This field is required/);
    await agent.post(`/admin/glossary/${row.id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    assert.equal(await h.deps.db('glossary_terms').where({ id: row.id }).first(), undefined);
    const noCsrf = await agent.post('/admin/glossary').type('form').send({ termEn: 'X', termDe: 'Y' });
    assert.equal(noCsrf.status, 403);
  });
});

describe('a save from a machine draft', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => h.close());

  test('records the revision with source "machine" and says so in the audit summary', async () => {
    const project = (await request(h.app).get('/api/admin/projects/1').set(ADMIN).expect(200)).body;
    const typed = await request(h.app).put('/api/admin/projects/1').set(ADMIN).send({ ...project, descriptionDe: 'Von Hand.' }).expect(200);
    assert.equal(typed.body.descriptionDe, 'Von Hand.');
    await request(h.app)
      .put('/api/admin/projects/1')
      .set(ADMIN)
      .send({ ...project, descriptionDe: 'Maschinell.', _machineDraft: ['descriptionDe', 'bad name!', 42] })
      .expect(200);
    const revisions = (await request(h.app).get('/api/admin/projects/1/revisions').set(ADMIN).expect(200)).body;
    assert.equal(revisions[0].source, 'machine');
    assert.notEqual(revisions[1].source, 'machine');
    const audit = await h.deps.db('audit_log').where({ entity: 'project', entityId: '1' }).orderBy('id', 'desc').first();
    assert.match(audit.summary, /\(machine draft: descriptionDe\)$/);
    // A new item from a draft, through the form without JavaScript's comma-separated field.
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get('/admin/team').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    await agent.post('/admin/team').type('form').send({ _csrf: csrf, name: 'Rudo', position: 'Nurse', positionDe: 'Pflegefachfrau', bio: 'Bio', bioDe: 'Bio de', imageUrl: '/images/team/placeholder.svg', _machineDraft: 'positionDe,bioDe' }).expect(303);
    const member = await h.deps.db('team_members').where({ name: 'Rudo' }).first();
    assert.ok(member, 'saved');
    const memberRevs = (await request(h.app).get(`/api/admin/team/${member.id}/revisions`).set(ADMIN).expect(200)).body;
    assert.equal(memberRevs[0].source, 'machine');
    const memberAudit = await h.deps.db('audit_log').where({ entity: 'team', entityId: String(member.id) }).first();
    assert.match(memberAudit.summary, /machine draft: positionDe, bioDe/);
  });
});
