// The yearly impact report's introduction in the admin (controllers/admin/impact.ts,
// the report's): every year a report exists for with its introduction; a save and reading it back
// (trimmed, line breaks as one character, 4000 characters the most); bad bodies a 400 naming the
// field; a year without a report (or no year at all) a 404; no credential a 401; the roles from the
// one rule (treasurers read, editors and admins save; a session needs its CSRF token); the audit
// entry; the content version moving with a save (the public report is drawn again) and not with a
// refused one; two instances on one database; and the dashboard's form without JavaScript.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { impactYears, IMPACT_INTRO_MAX } from '../../models/site/impact';
import { readContentVersion } from '../../models/site/shared-state';
import { swissToday } from '../../models/shared/dates';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ENV = { ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>` };
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

interface Intro {
  year: number;
  intro: string;
  introDe: string;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

describe('admin: the yearly impact report introduction', () => {
  let h: AppHandle;
  let years: number[];
  /** This year: a report always exists for it. */
  let year: number;

  before(async () => {
    h = await testApp(ENV);
    years = await impactYears(h.deps.db);
    year = years[0]!;
  });
  after(async () => h?.close());

  const put = (body: unknown, role: keyof typeof KEYS = 'admin', y: number | string = year) => request(h.app).put(`/api/admin/impact/${y}`).set(as(role)).send(body as object);

  test('GET /api/admin/impact: every year a report exists for, newest first, each with its introduction', async () => {
    const res = await request(h.app).get('/api/admin/impact').set(as('admin')).expect(200);
    assert.deepEqual(res.body.years, years);
    assert.equal(res.body.years[0], Number(swissToday().slice(0, 4)), 'this Swiss year first');
    assert.equal(res.body.max, IMPACT_INTRO_MAX);
    assert.deepEqual(
      (res.body.reports as Intro[]).map((r) => r.year),
      years,
    );
    const fresh = (res.body.reports as Intro[]).find((r) => r.year === year)!;
    assert.deepEqual(fresh, { year, intro: '', introDe: '', updatedBy: null, updatedByName: null, updatedAt: null });
  });

  test('PUT then GET: the texts come back trimmed, line breaks as one character; who saved it and when', async () => {
    const saved = await put({ intro: '  A year of water and light.\r\n\r\nThank you.  ', introDe: '\nEin Jahr mit Wasser und Licht.\n' }).expect(200);
    assert.equal(saved.body.year, year);
    assert.equal(saved.body.intro, 'A year of water and light.\n\nThank you.');
    assert.equal(saved.body.introDe, 'Ein Jahr mit Wasser und Licht.');
    assert.match(saved.body.updatedBy, /^key:[0-9a-f]{8}$/);
    assert.equal(saved.body.updatedByName, 'Ada Admin');
    assert.ok(Date.now() - Date.parse(saved.body.updatedAt) < 60_000, 'saved just now');
    const one = await request(h.app).get(`/api/admin/impact/${year}`).set(as('admin')).expect(200);
    assert.deepEqual(one.body, saved.body);
    const all = await request(h.app).get('/api/admin/impact').set(as('editor')).expect(200);
    assert.deepEqual((all.body.reports as Intro[]).find((r) => r.year === year), saved.body);
    // Exactly the limit is kept (the space around it does not count); emptying a language is allowed.
    const full = 'x'.repeat(IMPACT_INTRO_MAX);
    const atLimit = await put({ intro: `${full}\r\n`, introDe: '' }).expect(200);
    assert.equal(atLimit.body.intro, full);
    assert.equal(atLimit.body.introDe, '');
  });

  test('bad bodies: a 400 whose message names the field, and nothing stored', async () => {
    await put({ intro: 'Kept.', introDe: 'Bleibt.' }).expect(200);
    const long = await put({ intro: 'Fine.', introDe: 'y'.repeat(IMPACT_INTRO_MAX + 1) }).expect(400);
    assert.equal(long.body.code, 'validation');
    assert.match(long.body.error, /^introDe: This text is too long \(at most 4000 characters\)/);
    assert.deepEqual(long.body.fieldErrors.introDe, { code: 'too_long', params: { max: IMPACT_INTRO_MAX } });
    assert.deepEqual(Object.keys(long.body.fields), ['introDe']);

    const unknown = await put({ intro: 'Fine.', introDe: 'Gut.', title: 'x' }).expect(400);
    assert.match(unknown.body.error, /Unrecognized key: "title"/);

    const notString = await put({ intro: 42, introDe: 'Gut.' }).expect(400);
    assert.match(notString.body.error, /^intro: .*expected string/);
    assert.ok(notString.body.fields.intro);

    const missing = await put({ intro: 'Only English.' }).expect(400);
    assert.ok(missing.body.fields.introDe, 'a missing language is named');
    await put(['intro']).expect(400);
    const malformed = await request(h.app).put(`/api/admin/impact/${year}`).set(as('admin')).set('Content-Type', 'application/json').send('{"intro":').expect(400);
    assert.equal(typeof malformed.body.error, 'string');

    const stored = await request(h.app).get(`/api/admin/impact/${year}`).set(as('admin')).expect(200);
    assert.deepEqual([stored.body.intro, stored.body.introDe], ['Kept.', 'Bleibt.']);
  });

  test('a year without a report, or no year at all: 404 JSON', async () => {
    const oldest = years[years.length - 1]!;
    for (const y of [String(oldest - 1), String(year + 1), '20x6', '2026.pdf', '02026', '1e3']) {
      const get = await request(h.app).get(`/api/admin/impact/${y}`).set(as('admin')).expect(404);
      assert.equal(get.body.code, 'not_found', y);
      assert.equal(typeof get.body.error, 'string');
      const saved = await put({ intro: 'x', introDe: 'y' }, 'admin', y).expect(404);
      assert.equal(saved.body.code, 'not_found', y);
    }
    assert.equal(await h.deps.db('impact_reports').whereNot({ year }).count({ n: '*' }).first().then((r) => Number(r?.n)), 0, 'no row for another year');
  });

  test('no credential: 401; a wrong one: 401', async () => {
    const anon = await request(h.app).get('/api/admin/impact').expect(401);
    assert.equal(typeof anon.body.error, 'string');
    await request(h.app).get(`/api/admin/impact/${year}`).expect(401);
    await request(h.app).put(`/api/admin/impact/${year}`).send({ intro: 'x', introDe: 'y' }).expect(401);
    await request(h.app).put(`/api/admin/impact/${year}`).set('X-Admin-Key', 'not-a-key-0123456789').send({ intro: 'x', introDe: 'y' }).expect(401);
  });

  test('roles (models/shared/roles.ts, one rule): treasurers read and get 403 auth.forbidden on a save; editors and admins save', async () => {
    await request(h.app).get('/api/admin/impact').set(as('treasurer')).expect(200);
    await request(h.app).get(`/api/admin/impact/${year}`).set(as('treasurer')).expect(200);
    const before = (await request(h.app).get(`/api/admin/impact/${year}`).set(as('admin')).expect(200)).body as Intro;
    const refused = await put({ intro: 'By the treasurer.', introDe: 'Von den Finanzen.' }, 'treasurer').expect(403);
    assert.equal(refused.body.code, 'auth.forbidden');
    assert.deepEqual((await request(h.app).get(`/api/admin/impact/${year}`).set(as('admin')).expect(200)).body, before, 'nothing changed');
    const edited = await put({ intro: 'By the editor.', introDe: 'Von der Redaktion.' }, 'editor').expect(200);
    assert.equal(edited.body.updatedByName, 'Eda Editor');
  });

  test('a session needs its CSRF token for a save (as every admin change); with it the save goes through', async () => {
    const agent = request.agent(h.app);
    const login = await agent.post('/api/admin/login').send({ key: KEYS.editor }).expect(200);
    const csrf = login.body.csrfToken as string;
    assert.ok(csrf);
    const without = await agent.put(`/api/admin/impact/${year}`).send({ intro: 'No token.', introDe: 'Kein Token.' }).expect(403);
    assert.equal(without.body.code, 'csrf');
    const withToken = await agent.put(`/api/admin/impact/${year}`).set('X-CSRF-Token', csrf).send({ intro: 'With the token.', introDe: 'Mit dem Token.' }).expect(200);
    assert.equal(withToken.body.intro, 'With the token.');
  });

  test('each save is audited: who, the year, which languages changed (none: saved without changes)', async () => {
    await put({ intro: 'Audited.', introDe: 'Protokolliert.' }).expect(200);
    await put({ intro: 'Audited, again.', introDe: 'Protokolliert.' }, 'editor').expect(200);
    await put({ intro: 'Audited, again.', introDe: 'Protokolliert.' }, 'editor').expect(200);
    const rows = (await h.deps.db('audit_log').where({ entity: 'impact_report', entityId: String(year) }).orderBy('id', 'desc').limit(3)) as { actor: string; actorName: string; action: string; summary: string; details: string }[];
    const [same, english, both] = rows;
    assert.equal(same!.actorName, 'Eda Editor');
    assert.equal(same!.action, 'update');
    assert.deepEqual(JSON.parse(same!.details), { year, fields: [] });
    assert.equal(same!.summary, `Impact report ${year}: introduction (unchanged)`);
    assert.deepEqual(JSON.parse(english!.details), { year, fields: ['intro'] });
    assert.equal(english!.summary, `Impact report ${year}: introduction (English)`);
    assert.equal(both!.actorName, 'Ada Admin');
    assert.deepEqual(JSON.parse(both!.details).fields, ['intro', 'introDe']);
    // The Activity panel's list has it, worded in the admin's language.
    const activity = (await request(h.app).get('/api/admin/audit?limit=5').set(as('admin')).expect(200)).body as { entity: string; entityId: string }[];
    assert.equal(activity[0]!.entity, 'impact_report');
    assert.equal(activity[0]!.entityId, String(year));
    // A refused save writes no entry.
    const count = async () => Number((await h.deps.db('audit_log').where({ entity: 'impact_report' }).count({ n: '*' }).first())?.n);
    const n = await count();
    await put({ intro: 'x'.repeat(IMPACT_INTRO_MAX + 1), introDe: '' }).expect(400);
    await put({ intro: 'x', introDe: 'y' }, 'treasurer').expect(403);
    assert.equal(await count(), n);
  });

  test('a save moves the content version (every instance draws the public report again); a refused one does not', async () => {
    const before = Number(await readContentVersion(h.deps.db));
    await put({ intro: 'Version one.', introDe: 'Fassung eins.' }).expect(200);
    const after = Number(await readContentVersion(h.deps.db));
    assert.ok(after > before, `the content version moved (${before} -> ${after})`);
    await put({ intro: 'Version two.', introDe: 42 }).expect(400);
    await put({ intro: 'Version two.', introDe: 'Fassung zwei.' }, 'treasurer').expect(403);
    assert.equal(Number(await readContentVersion(h.deps.db)), after);
  });

  test('the dashboard without JavaScript: the panel is in the page, its form saves, a refused post brings the words back with the problem', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.admin }).expect(303);
    const page = (await agent.get('/admin').expect(200)).text;
    assert.match(page, /<h3 id="impact-title">Yearly impact report<\/h3>/);
    assert.match(page, new RegExp(`<option value="${year}" selected="">`));
    assert.match(page, new RegExp(`action="/admin/impact/${year}"`));
    assert.match(page, /<label for="impact-intro">Introduction in English<\/label>/);
    assert.match(page, /<label for="impact-intro-de">Introduction in German<\/label>/);
    assert.match(page, new RegExp(`href="/impact/${year}"`));
    assert.match(page, new RegExp(`href="/impact/${year}\\.pdf"`));
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
    assert.ok(csrf, 'the form carries the CSRF token');

    const ok = await agent.post(`/admin/impact/${year}`).type('form').send({ _csrf: csrf, intro: 'Written without JavaScript.', introDe: 'Ohne JavaScript geschrieben.' }).expect(303);
    assert.equal(ok.headers.location, `/admin?impactYear=${year}#impact`);
    const after = (await agent.get(`/admin?impactYear=${year}`).expect(200)).text;
    assert.match(after, new RegExp(`The introduction to the ${year} report is saved\\.`));
    assert.match(after, /<textarea[^>]*id="impact-intro"[^>]*>Written without JavaScript\.<\/textarea>/);
    assert.match(after, /<textarea[^>]*id="impact-intro-de"[^>]*>Ohne JavaScript geschrieben\.<\/textarea>/);

    const tooLong = 'z'.repeat(IMPACT_INTRO_MAX + 1);
    const bad = await agent.post(`/admin/impact/${year}`).type('form').send({ _csrf: csrf, intro: 'Typed again.', introDe: tooLong }).expect(303);
    assert.equal(bad.headers.location, `/admin?impactYear=${year}#impact-form`);
    const refused = (await agent.get(bad.headers.location.replace(/#.*/, '')).expect(200)).text;
    assert.match(refused, /<textarea[^>]*id="impact-intro"[^>]*>Typed again\.<\/textarea>/, 'what was typed is back');
    assert.match(refused, /<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="impact-intro-de-hint impact-intro-de-error"|aria-describedby="impact-intro-de-hint impact-intro-de-error"[^>]*aria-invalid="true"/);
    assert.match(refused, /id="impact-intro-de-error">This text is too long \(at most 4000 characters\)\.</);
    assert.equal((await request(h.app).get(`/api/admin/impact/${year}`).set(as('admin')).expect(200)).body.intro, 'Written without JavaScript.', 'nothing stored');

    // Without the token: 403; a year without a report: 404; a treasurer: 403.
    await agent.post(`/admin/impact/${year}`).type('form').send({ intro: 'x', introDe: 'y' }).expect(403);
    await agent.post(`/admin/impact/${year + 1}`).type('form').send({ _csrf: csrf, intro: 'x', introDe: 'y' }).expect(404);
    const treasurer = request.agent(h.app);
    await treasurer.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.treasurer }).expect(303);
    const readOnly = (await treasurer.get('/admin').expect(200)).text;
    assert.match(readOnly, /Your role can read the introduction; editors and admins write it\./);
    assert.doesNotMatch(readOnly, />Save introduction</);
    assert.match(readOnly, /<textarea[^>]*readOnly=""|<textarea[^>]*readonly=""/);
    const token = /name="_csrf" value="([^"]+)"/.exec(readOnly)?.[1];
    await treasurer.post(`/admin/impact/${year}`).type('form').send({ _csrf: token, intro: 'x', introDe: 'y' }).expect(403);

    // In German: German words, the report's German address.
    const german = (await agent.get('/de/admin').expect(200)).text;
    assert.match(german, /<h3 id="impact-title">Jährlicher Wirkungsbericht<\/h3>/);
    assert.match(german, /<label for="impact-intro-de">Einleitung auf Deutsch<\/label>/);
    assert.match(german, new RegExp(`href="/de/impact/${year}"`));
    assert.match(german, new RegExp(`action="/de/admin/impact/${year}"`));
  });
});

describe('admin: the impact introduction on two instances', () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('impact'));
  });
  after(() => close());

  test('saved on one instance, read on the other at once', async () => {
    const key = { 'X-Admin-Key': 'demo-admin-key-change-me' };
    const year = (await impactYears(a.deps.db))[0]!;
    const before = Number(await readContentVersion(b.deps.db));
    await request(a.app).put(`/api/admin/impact/${year}`).set(key).send({ intro: 'From instance A.', introDe: 'Von Instanz A.' }).expect(200);
    const read = await request(b.app).get(`/api/admin/impact/${year}`).set(key).expect(200);
    assert.deepEqual([read.body.intro, read.body.introDe], ['From instance A.', 'Von Instanz A.']);
    assert.ok(Number(await readContentVersion(b.deps.db)) > before, 'B sees the content version moved');
    const list = await request(b.app).get('/api/admin/impact').set(key).expect(200);
    assert.equal((list.body.reports as Intro[]).find((r) => r.year === year)?.intro, 'From instance A.');
  });
});
