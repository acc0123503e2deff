// Where the money went: a project's spending records through the admin API and the no-JavaScript
// forms (validation, audit, unknown ids), and what visitors see (spentAmount in the public project
// JSON, the public list of a live project only, the project page in both languages, at once after
// a change although pages are cached).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import { swissToday } from '../../models/shared/dates';
import type { AppHandle } from '../../app';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Rainwater Tanks for Village Schools',
  titleDe: 'Regenwassertanks für Dorfschulen',
  description: 'Tanks that collect the rain from school roofs.',
  descriptionDe: 'Tanks, die den Regen von Schuldächern sammeln.',
  goalAmount: '20000',
  raisedAmount: '15000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

const record = (extra: Record<string, unknown> = {}) => ({
  date: '2026-03-14',
  amount: '1250.50',
  category: 'materials',
  description: 'Cement and gutters for the first tank',
  descriptionDe: 'Zement und Dachrinnen für den ersten Tank',
  ...extra,
});

describe('spending records', () => {
  let h: AppHandle;
  let live: { id: number; slug: string };
  let draft: { id: number; slug: string };
  let imageId: number;
  let documentId: number;

  before(async () => {
    h = await testApp();
    live = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    draft = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Hidden Draft Project', draft: 'true' })).expect(201)).body;
    const image = await h.deps.db('media_items').where({ fileType: 'image' }).first('id');
    assert.ok(image, 'the shipped images are in the media library');
    imageId = Number(image.id);
    const [doc] = (await h
      .deps.db('media_items')
      .insert({ fileName: '0123456789abcdef0123456789abcdef.docx', originalName: 'plan.docx', fileType: 'document', fileSize: 10, filePath: 'x', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', category: 'documents', tags: '[]', variants: '[]' })
      .returning('id')) as ({ id: number } | number)[];
    documentId = typeof doc === 'object' ? Number(doc!.id) : Number(doc);
  });
  after(async () => {
    await h.close();
  });

  test('create, list with total, update, delete; each audited with the admin; unknown ids are 404', async () => {
    const created = await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ receiptMediaId: String(imageId) })).expect(201);
    const r = created.body;
    assert.equal(r.amount, '1250.50');
    assert.equal(r.date, '2026-03-14');
    assert.equal(r.category, 'materials');
    assert.equal(r.categoryKey, 'projectDetail.spending.categories.materials');
    assert.equal(r.receiptMediaId, imageId);
    assert.match(r.receiptUrl, /^\/(uploads|images)\//);

    await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ date: '2026-04-01', amount: 99.5, category: 'transport', description: 'Lorry', descriptionDe: 'Lastwagen' })).expect(201);
    const list = await request(h.app).get(`/api/admin/projects/${live.id}/spending`).set(ADMIN).expect(200);
    assert.equal(list.body.total, '1350.00');
    assert.deepEqual(
      list.body.records.map((x: { date: string }) => x.date),
      ['2026-04-01', '2026-03-14'],
      'newest first',
    );

    const updated = await request(h.app).put(`/api/admin/spending/${r.id}`).set(ADMIN).send(record({ amount: '1300', receiptMediaId: '' })).expect(200);
    assert.equal(updated.body.amount, '1300.00');
    assert.equal(updated.body.receiptUrl, null);

    await request(h.app).delete(`/api/admin/spending/${r.id}`).set(ADMIN).expect(200);
    await request(h.app).delete(`/api/admin/spending/${r.id}`).set(ADMIN).expect(404);
    await request(h.app).put(`/api/admin/spending/${r.id}`).set(ADMIN).send(record()).expect(404);
    await request(h.app).get('/api/admin/projects/999999/spending').set(ADMIN).expect(404);
    await request(h.app).post('/api/admin/projects/999999/spending').set(ADMIN).send(record()).expect(404);
    await request(h.app).post(`/api/admin/projects/${live.id}/spending`).send(record()).expect(401);

    const audit = (await request(h.app).get('/api/admin/audit?entity=spending&limit=50').set(ADMIN).expect(200)).body as { action: string; actor: string; actorName: string | null; entityId: string; summary: string }[];
    const mine = audit.filter((e) => e.entityId === String(r.id)).map((e) => e.action);
    assert.deepEqual(mine.sort(), ['create', 'delete', 'update']);
    const entry = audit.find((e) => e.entityId === String(r.id) && e.action === 'create')!;
    assert.match(entry.actor, /^key:/);
    assert.match(entry.summary, /1250\.50 USD materials on 2026-03-14: Cement and gutters/);
    // The Activity panel files them with the projects.
    const projects = (await request(h.app).get('/api/admin/audit?kind=projects&limit=200').set(ADMIN).expect(200)).body as { entity: string; entityId: string }[];
    assert.ok(projects.some((e) => e.entity === 'spending' && e.entityId === String(r.id)));

    // Clean up for the next tests.
    for (const x of (await request(h.app).get(`/api/admin/projects/${live.id}/spending`).set(ADMIN)).body.records) await request(h.app).delete(`/api/admin/spending/${x.id}`).set(ADMIN).expect(200);
  });

  test("amounts as people write them, read in the admin's language (lang=de: the comma is a decimal mark too)", async () => {
    const add = async (amount: unknown, lang?: 'en' | 'de') =>
      request(h.app).post(`/api/admin/projects/${live.id}/spending${lang ? `?lang=${lang}` : ''}`).set(ADMIN).send(record({ amount }));
    const cases: [unknown, 'en' | 'de' | undefined, string][] = [
      ['1,250.50', undefined, '1250.50'],
      ["1'250.50", 'en', '1250.50'],
      ['1’250.50', 'de', '1250.50'],
      ['1\u202f250.50', 'de', '1250.50'],
      ['1250,50', 'de', '1250.50'],
      ['1.250,50', 'de', '1250.50'],
      ['1,250', 'en', '1250.00'],
      [1250.5, 'de', '1250.50'],
    ];
    for (const [amount, lang, stored] of cases) {
      const res = await add(amount, lang);
      assert.equal(res.status, 201, `${JSON.stringify(amount)} ${lang}: ${res.text}`);
      assert.equal(res.body.amount, stored, `${JSON.stringify(amount)} ${lang}`);
      await request(h.app).delete(`/api/admin/spending/${res.body.id}`).set(ADMIN).expect(200);
    }
    // German: a single comma is the decimal mark, so 1,250 has three decimals: refused, never 1.25.
    const ambiguous = await add('1,250', 'de');
    assert.equal(ambiguous.status, 400);
    assert.deepEqual(ambiguous.body.fieldErrors.amount, { code: 'amount_decimals' });
    const changed = await request(h.app).put('/api/admin/spending/1?lang=fr').set(ADMIN).send(record());
    assert.equal(changed.status, 400, 'an unknown language is refused');
    assert.equal(changed.body.code, 'bad_request');
    const list = await request(h.app).get(`/api/admin/projects/${live.id}/spending`).set(ADMIN).expect(200);
    assert.equal(list.body.records.length, 0);
  });

  test('bad input is a 400 with field errors and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [record({ amount: 'lots' }), 'amount', 'amount'],
      [record({ amount: '0' }), 'amount', 'amount'],
      [record({ amount: '-5' }), 'amount', 'amount_negative'],
      [record({ amount: '12.345' }), 'amount', 'amount_decimals'],
      // English: a comma groups thousands, it is no decimal mark.
      [record({ amount: '1250,50' }), 'amount', 'amount'],
      [record({ date: '2026-02-30' }), 'date', 'date'],
      [record({ date: '' }), 'date', 'required'],
      [record({ category: 'snacks' }), 'category', 'category'],
      [record({ description: '' }), 'description', 'required'],
      [record({ descriptionDe: '   ' }), 'descriptionDe', 'required'],
      [record({ description: 'x'.repeat(301) }), 'description', 'too_long'],
      [record({ receiptMediaId: 999999 }), 'receiptMediaId', 'file'],
      [record({ receiptMediaId: 'abc' }), 'receiptMediaId', 'file'],
      [record({ receiptMediaId: String(documentId) }), 'receiptMediaId', 'file_type'],
    ];
    for (const [body, field, code] of cases) {
      const res = await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(body).expect(400);
      assert.equal(typeof res.body.error, 'string');
      assert.equal(res.body.fieldErrors?.[field]?.code, code, `${JSON.stringify(body).slice(0, 80)} -> ${field} ${code}: ${JSON.stringify(res.body)}`);
    }
    const list = await request(h.app).get(`/api/admin/projects/${live.id}/spending`).set(ADMIN).expect(200);
    assert.equal(list.body.records.length, 0, 'nothing half-written');
  });

  test('public: spentAmount in the project JSON, the list of a live project, a draft hidden', async () => {
    await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record()).expect(201);
    await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ amount: '749.50', category: 'equipment', date: '2026-05-02' })).expect(201);
    await request(h.app).post(`/api/admin/projects/${draft.id}/spending`).set(ADMIN).send(record()).expect(201);

    const all = (await request(h.app).get('/api/projects').expect(200)).body as { id: number; spentAmount: string }[];
    assert.equal(all.find((p) => p.id === live.id)?.spentAmount, '2000.00');
    assert.ok(all.every((p) => /^\d+\.\d{2}$/.test(p.spentAmount)), 'every project has spentAmount');
    assert.equal(all.find((p) => p.id === draft.id), undefined);
    assert.equal((await request(h.app).get(`/api/projects/${live.id}`).expect(200)).body.spentAmount, '2000.00');
    assert.equal((await request(h.app).get(`/api/projects/slug/${live.slug}`).expect(200)).body.spentAmount, '2000.00');

    const records = (await request(h.app).get(`/api/projects/${live.id}/spending`).expect(200)).body;
    assert.equal(records.length, 2);
    assert.deepEqual(Object.keys(records[0]).sort(), ['amount', 'category', 'categoryKey', 'date', 'description', 'descriptionDe', 'id', 'receiptUrl']);
    assert.equal(records[0].categoryKey, 'projectDetail.spending.categories.equipment');
    assert.equal(records[1].descriptionDe, 'Zement und Dachrinnen für den ersten Tank');

    await request(h.app).get(`/api/projects/${draft.id}/spending`).expect(404);
    await request(h.app).get('/api/projects/999999/spending').expect(404);
    await request(h.app).get('/api/projects/abc/spending').expect(400);
  });

  test('the project page shows spent of raised and the records in both languages; a change shows at once', async () => {
    const en = (await request(h.app).get(`/projects/${live.slug}`).expect(200)).text;
    assert.match(en, /\$2,000 spent of \$15,000 raised/);
    assert.match(en, /Where the Money Went/);
    assert.match(en, /Cement and gutters for the first tank/);
    assert.match(en, /Materials/);
    assert.match(en, /March 14, 2026/);
    const de = (await request(h.app).get(`/de/projects/${live.slug}`).expect(200)).text;
    assert.match(de, /\$2’000 ausgegeben von \$15’000 gesammelt/);
    assert.match(de, /Wohin das Geld ging/);
    assert.match(de, /Zement und Dachrinnen für den ersten Tank/);
    assert.match(de, /Material/);
    assert.match(de, /14\. März 2026/);
    assert.doesNotMatch(de, /Cement and gutters/);

    // Cached pages follow a change at once (the table raises the content version).
    await request(h.app).get(`/projects/${live.slug}`).expect(200);
    const added = await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ amount: '1000', description: 'Two new taps', descriptionDe: 'Zwei neue Hähne' })).expect(201);
    const after1 = (await request(h.app).get(`/projects/${live.slug}`).expect(200)).text;
    assert.match(after1, /\$3,000 spent of \$15,000 raised/);
    assert.match(after1, /Two new taps/);
    assert.equal((await request(h.app).get(`/api/projects/${live.id}`).expect(200)).body.spentAmount, '3000.00');
    await request(h.app).delete(`/api/admin/spending/${added.body.id}`).set(ADMIN).expect(200);
    assert.match((await request(h.app).get(`/projects/${live.slug}`).expect(200)).text, /\$2,000 spent of \$15,000 raised/);

    // Nothing recorded: the empty state, in both languages.
    const empty = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Empty Project' })).expect(201)).body;
    assert.match((await request(h.app).get(`/projects/${empty.slug}`).expect(200)).text, /Nothing has been spent on this project yet/);
    assert.match((await request(h.app).get(`/de/projects/${empty.slug}`).expect(200)).text, /Für dieses Projekt wurde noch nichts ausgegeben/);

    // One record: the count's singular in both languages, and the salaries label in Swiss German.
    await request(h.app).post(`/api/admin/projects/${empty.id}/spending`).set(ADMIN).send(record({ amount: '300', category: 'salaries' })).expect(201);
    const one = (await request(h.app).get(`/projects/${empty.slug}`).expect(200)).text;
    assert.match(one, /\$300 spent so far, in 1 record\./);
    const eins = (await request(h.app).get(`/de/projects/${empty.slug}`).expect(200)).text;
    assert.match(eins, /Bisher \$300 ausgegeben, in 1 Eintrag\./);
    assert.match(eins, /Löhne und Entschädigungen/);
    assert.doesNotMatch(eins, /Stipendien/);
    assert.match(after1, /spent so far, in 3 records\./);
  });

  test('the no-JavaScript forms add, change and delete a record; a bad one comes back with its values', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get('/admin').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(csrf);
    const target = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Form Spending Project' })).expect(201)).body;

    const bad = await agent.post(`/admin/projects/${target.id}/spending`).type('form').send({ _csrf: csrf, ...record({ amount: 'lots' }) });
    assert.equal(bad.status, 303);
    assert.match(bad.headers.location, new RegExp(`/admin/projects\\?edit=${target.id}&spending=new#spending`));
    const none = await request(h.app).get(`/api/admin/projects/${target.id}/spending`).set(ADMIN).expect(200);
    assert.equal(none.body.records.length, 0);
    // The project's form opens with the Spending section, the typed values and the field's message.
    const again = (await agent.get(bad.headers.location.replace(/#.*$/, '')).set('Accept', 'text/html').expect(200)).text;
    assert.match(again, /id="spending"/);
    assert.match(again, /id="spending-form"/);
    assert.match(again, /value="lots"/);
    assert.match(again, /Enter an amount such as 1250\.50 or 1,250\.50\./);

    // The German form reads German amounts, and says what is wrong in German, with an example.
    const badDe = await agent.post(`/de/admin/projects/${target.id}/spending`).type('form').send({ _csrf: csrf, ...record({ amount: '-12,50' }) });
    assert.equal(badDe.status, 303);
    const againDe = (await agent.get(badDe.headers.location.replace(/#.*$/, '')).set('Accept', 'text/html').expect(200)).text;
    assert.match(againDe, /Ein Betrag kann nicht negativ sein\. Geben Sie einen Betrag wie 1’250\.50 ein\./);
    const good = await agent.post(`/de/admin/projects/${target.id}/spending`).type('form').send({ _csrf: csrf, ...record({ amount: '1.250,50', receiptMediaId: 'none' }) });
    assert.equal(good.status, 303);
    assert.match(good.headers.location, /^\/de\/admin\/projects\?edit=\d+#spending$/);
    const [made] = (await request(h.app).get(`/api/admin/projects/${target.id}/spending`).set(ADMIN).expect(200)).body.records;
    assert.equal(made.amount, '1250.50');
    const listed = (await agent.get(`/de/admin/projects?edit=${target.id}`).set('Accept', 'text/html').expect(200)).text;
    assert.match(listed, /Ausgaben/);
    assert.match(listed, /Zement und Dachrinnen für den ersten Tank/);
    assert.match(listed, /Ausgabe erfasst/);

    await agent.post(`/admin/spending/${made.id}`).type('form').send({ _csrf: csrf, ...record({ amount: '10' }) }).expect(303);
    assert.equal((await request(h.app).get(`/api/admin/spending/${made.id}`).set(ADMIN).expect(200)).body.amount, '10.00');
    // Without the CSRF token nothing changes.
    const forged = await agent.post(`/admin/spending/${made.id}/delete`).type('form').send({});
    assert.ok(forged.status >= 400);
    await agent.post(`/admin/spending/${made.id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    await request(h.app).get(`/api/admin/spending/${made.id}`).set(ADMIN).expect(404);
  });

  test('a project in the trash: adding, changing or deleting its records is a 409 (restore it first), nothing written', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Trashed Spending Project' })).expect(201)).body;
    const r = (await request(h.app).post(`/api/admin/projects/${p.id}/spending`).set(ADMIN).send(record()).expect(201)).body;
    await request(h.app).delete(`/api/admin/projects/${p.id}`).set(ADMIN).expect(200);
    const add = await request(h.app).post(`/api/admin/projects/${p.id}/spending`).set(ADMIN).send(record({ description: 'After the delete' }));
    assert.equal(add.status, 409, add.text);
    assert.equal(add.body.code, 'content.in_trash');
    assert.match(add.body.error, /trash/);
    const put = await request(h.app).put(`/api/admin/spending/${r.id}`).set(ADMIN).send(record({ amount: '5' }));
    assert.equal(put.status, 409, put.text);
    assert.equal(put.body.code, 'content.in_trash');
    assert.equal((await request(h.app).delete(`/api/admin/spending/${r.id}`).set(ADMIN)).status, 409);
    const rows = await h.deps.db('project_spending').where({ projectId: p.id });
    assert.deepEqual(rows.map((x: { amountCents: number | string }) => Number(x.amountCents)), [125050], 'nothing written');
    // Restored, it can be changed again; an unknown project stays a 404.
    await request(h.app).post(`/api/admin/trash/projects/${p.id}/restore`).set(ADMIN).expect(200);
    await request(h.app).put(`/api/admin/spending/${r.id}`).set(ADMIN).send(record({ amount: '5' })).expect(200);
    await request(h.app).post('/api/admin/projects/999999/spending').set(ADMIN).send(record()).expect(404);
  });

  test('a date after today (Swiss time) is refused with a clear message; today is fine', async () => {
    const tomorrow = swissToday(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const res = await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ date: tomorrow, description: 'Not yet spent' }));
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.fieldErrors.date.code, 'date_future');
    assert.match(res.body.error, /date: This date is in the future/);
    assert.equal(await h.deps.db('project_spending').where({ description: 'Not yet spent' }).first(), undefined);
    await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ date: '2099-01-01', description: 'Not yet spent' })).expect(400);
    const today = await request(h.app).post(`/api/admin/projects/${live.id}/spending`).set(ADMIN).send(record({ date: swissToday(), description: 'Spent today' })).expect(201);
    await request(h.app).delete(`/api/admin/spending/${today.body.id}`).set(ADMIN).expect(200);
  });

  test("the form's default date is today in Swiss time, also after midnight there while UTC is still yesterday", async (t) => {
    // 23:30 UTC is 00:30 or 01:30 the next day in Zurich (the clock is set before signing in, so the session is of that time too).
    const late = new Date();
    late.setUTCHours(23, 30, 0, 0);
    t.mock.timers.enable({ apis: ['Date'], now: late });
    try {
      const agent = request.agent(h.app);
      await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
      const html = (await agent.get(`/admin/projects?edit=${live.id}&spending=new`).set('Accept', 'text/html').expect(200)).text;
      const next = new Date(late.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      assert.equal(swissToday(late), next);
      const field = /<input[^>]*name="date"[^>]*>/.exec(html)?.[0] ?? '';
      assert.match(field, /type="date"/);
      assert.match(field, new RegExp(`value="${next}"`));
    } finally {
      t.mock.timers.reset();
    }
  });

  test('the demo content has spending for projects that started, once', async () => {
    const projects = (await request(h.app).get('/api/projects').expect(200)).body as { slug: string; spentAmount: string }[];
    const nook = projects.find((p) => p.slug === 'nook-vocational-training-center');
    assert.ok(nook && Number(nook.spentAmount) > 0);
    assert.equal(projects.find((p) => p.slug === 'skills-for-life-youth-programme')?.spentAmount, '0.00');
    const before = await h.deps.db('project_spending').count({ n: '*' }).first();
    const { seedDemoContent } = await import('../../db/seeds/demo-content');
    await seedDemoContent(h.deps.db);
    const after = await h.deps.db('project_spending').count({ n: '*' }).first();
    assert.equal(Number(after?.n), Number(before?.n), 'a second run adds nothing');
  });
});
