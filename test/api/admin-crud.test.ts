// Content management through the admin API and the no-JavaScript forms: round trips, required
// fields and their messages, slugs, the audit log, and changes visible at once in public.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import { purgeTrash } from '../../models/content/trash';
import type { AppHandle } from '../../app';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const ACTOR = /^key:[0-9a-f]{8}$/;

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Rainwater Tanks for Village Schools',
  titleDe: 'Regenwassertanks für Dorfschulen',
  description: 'Tanks that collect the rain from school roofs.',
  descriptionDe: 'Tanks, die den Regen von Schuldächern sammeln.',
  goalAmount: '12500.50',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

const article = (extra: Record<string, unknown> = {}) => ({
  title: 'The First Tank Is Full',
  titleDe: 'Der erste Tank ist voll',
  abstract: 'After two storms the first school tank holds 10,000 litres.',
  abstractDe: 'Nach zwei Gewittern fasst der erste Schultank 10 000 Liter.',
  content: 'The story of the first tank.',
  contentDe: 'Die Geschichte des ersten Tanks.',
  imageUrl: '/images/news/annual-report-2024-published.svg',
  ...extra,
});

const member = (extra: Record<string, unknown> = {}) => ({
  name: 'Tariro Moyo',
  position: 'Garden coordinator',
  positionDe: 'Gartenkoordinatorin',
  bio: 'Tariro coordinates the village gardens.',
  bioDe: 'Tariro koordiniert die Dorfgärten.',
  imageUrl: '/images/team/trustee-placeholder.svg',
  location: 'zimbabwe',
  ...extra,
});

async function auditFor(h: AppHandle, entity: string, entityId: number) {
  const res = await request(h.app).get(`/api/admin/audit?entity=${entity}&limit=50`).set(ADMIN).expect(200);
  return (res.body as { action: string; actor: string; entityId: string; summary: string; createdAt: string }[]).filter((e) => e.entityId === String(entityId));
}

describe('admin content API', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h.close();
  });

  test('projects: create with defaults, read, update, delete, each written to the audit log', async () => {
    const created = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ order: 'not a number' })).expect(201);
    const p = created.body;
    assert.equal(p.slug, 'rainwater-tanks-for-village-schools');
    assert.equal(p.status, 'funding', 'new projects need funding');
    assert.equal(p.raisedAmount, '0.00', 'nothing raised yet');
    assert.equal(p.goalAmount, '12500.50');
    assert.equal(p.order, 0, 'display order 0 when not numeric');

    const got = await request(h.app).get(`/api/admin/projects/${p.id}`).set(ADMIN).expect(200);
    assert.equal(got.body.titleDe, 'Regenwassertanks für Dorfschulen');

    // Any status at any time; the slug stays when only the title changes. The raised amount is
    // changed relative to what the form showed (raisedAmountBase).
    let shown = p.raisedAmount as string;
    for (const status of ['completed', 'progress', 'funding']) {
      const updated = await request(h.app)
        .put(`/api/admin/projects/${p.id}`)
        .set(ADMIN)
        .send(project({ title: `Rain Tanks (${status})`, status, raisedAmount: '300', raisedAmountBase: shown, order: '4' }))
        .expect(200);
      shown = updated.body.raisedAmount;
      assert.equal(updated.body.status, status);
      assert.equal(updated.body.slug, p.slug);
      assert.equal(updated.body.raisedAmount, '300.00');
      assert.equal(updated.body.order, 4);
    }
    const renamed = await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ slug: 'Rain Tanks!' })).expect(200);
    assert.equal(renamed.body.slug, 'rain-tanks');

    const del = await request(h.app).delete(`/api/admin/projects/${p.id}`).set(ADMIN).expect(200);
    assert.deepEqual(del.body, { deleted: true, id: p.id });
    await request(h.app).get(`/api/admin/projects/${p.id}`).set(ADMIN).expect(404);
    await request(h.app).get(`/api/projects/${p.id}`).expect(404);

    const log = await auditFor(h, 'project', p.id);
    // The first save set the raised amount from 0 to 300: an audited adjustment.
    assert.deepEqual(log.map((e) => e.action), ['delete', 'update', 'update', 'update', 'update', 'adjust', 'create']);
    assert.match(log.find((e) => e.action === 'adjust')!.summary, /^Raised amount adjusted by \+300\.00 USD/);
    assert.ok(log.every((e) => ACTOR.test(e.actor) && e.createdAt));
    assert.equal(log.at(-1)!.summary, 'Rainwater Tanks for Village Schools');
  });

  test('projects: missing title, description (both languages), goal and image give 400 with a message per field', async () => {
    const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send({});
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.fields).sort(), ['description', 'descriptionDe', 'goalAmount', 'imageUrl', 'title', 'titleDe']);
    assert.equal(res.body.fields.title, 'This field is required');
    const blank = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: '   ' }));
    assert.deepEqual(Object.keys(blank.body.fields), ['title']);
    const bad = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ goalAmount: 'lots', status: 'dreaming', imageUrl: 'javascript:alert(1)' }));
    assert.equal(bad.status, 400);
    assert.match(bad.body.fields.goalAmount, /amount/);
    assert.match(bad.body.fields.status, /funding, progress or completed/);
    assert.match(bad.body.fields.imageUrl, /image address/);
    // The pages show images from this site only (Content-Security-Policy): an outside address would never display.
    for (const imageUrl of ['https://elsewhere.example/x.png', '//elsewhere.example/x.png', 'data:image/png;base64,AAAA']) {
      const outside = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ imageUrl }));
      assert.equal(outside.status, 400, imageUrl);
      assert.deepEqual(Object.keys(outside.body.fields), ['imageUrl']);
    }
    const badRaised = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ raisedAmount: '-5' }));
    assert.ok(badRaised.body.fields.raisedAmount);
    const malformed = await request(h.app).post('/api/admin/projects').set(ADMIN).set('Content-Type', 'application/json').send('{"title":');
    assert.equal(malformed.status, 400);
  });

  test("projects: goal and raised amounts as people write them, read in the admin's language", async () => {
    const de = await request(h.app).post('/api/admin/projects?lang=de').set(ADMIN).send(project({ title: 'Amounts in German', goalAmount: '12.500,50', raisedAmount: '1’000' })).expect(201);
    assert.deepEqual([de.body.goalAmount, de.body.raisedAmount], ['12500.50', '1000.00']);
    // The form's change is relative to what it showed: 1’000 -> 1’250,50 adds 250.50.
    const edited = await request(h.app).put(`/api/admin/projects/${de.body.id}?lang=de`).set(ADMIN).send(project({ title: 'Amounts in German', goalAmount: '12500,5', raisedAmount: '1’250,50', raisedAmountBase: '1000.00' })).expect(200);
    assert.deepEqual([edited.body.goalAmount, edited.body.raisedAmount], ['12500.50', '1250.50']);
    const en = await request(h.app).post('/api/admin/projects?lang=en').set(ADMIN).send(project({ title: 'Amounts in English', goalAmount: '12,500.50', raisedAmount: "1'000" })).expect(201);
    assert.deepEqual([en.body.goalAmount, en.body.raisedAmount], ['12500.50', '1000.00']);
    // JSON numbers, as scripts send them, in either language.
    const json = await request(h.app).post('/api/admin/projects?lang=de').set(ADMIN).send(project({ title: 'Amounts as numbers', goalAmount: 12500.5, raisedAmount: 0 })).expect(201);
    assert.deepEqual([json.body.goalAmount, json.body.raisedAmount], ['12500.50', '0.00']);
    // Without lang the admin API reads English, as before.
    const comma = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ goalAmount: '12500,50' }));
    assert.equal(comma.status, 400);
    assert.deepEqual(comma.body.fieldErrors.goalAmount, { code: 'amount' });
    // "1,250": English groups thousands; German reads a decimal comma, three decimals: refused, never 1.25.
    assert.equal((await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Ambiguous', goalAmount: '1,250' })).expect(201)).body.goalAmount, '1250.00');
    const ambiguous = await request(h.app).post('/api/admin/projects?lang=de').set(ADMIN).send(project({ title: 'Ambiguous', goalAmount: '1,250' }));
    assert.equal(ambiguous.status, 400);
    assert.deepEqual(ambiguous.body.fieldErrors.goalAmount, { code: 'amount_decimals' });
    const negative = await request(h.app).post('/api/admin/projects?lang=de').set(ADMIN).send(project({ raisedAmount: '-5' }));
    assert.deepEqual(negative.body.fieldErrors.raisedAmount, { code: 'amount_negative' });
    for (const id of [de.body.id, en.body.id, json.body.id]) await request(h.app).delete(`/api/admin/projects/${id}`).set(ADMIN).expect(200);
  });

  test('unknown ids answer 404, malformed ids 400', async () => {
    for (const name of ['projects', 'news', 'team', 'pages']) {
      const put = await request(h.app).put(`/api/admin/${name}/999999`).set(ADMIN).send(name === 'projects' ? project() : name === 'news' ? article() : name === 'team' ? member() : { pageName: 'vision', title: 't', titleDe: 't', content: 'c', contentDe: 'c' });
      assert.equal(put.status, 404, `PUT ${name}`);
      assert.ok(put.body.error);
      assert.equal((await request(h.app).delete(`/api/admin/${name}/999999`).set(ADMIN)).status, 404, `DELETE ${name}`);
      assert.equal((await request(h.app).delete(`/api/admin/${name}/abc`).set(ADMIN)).status, 400, `DELETE ${name}/abc`);
    }
  });

  test('slugs come from the English title and are unique', async () => {
    const a = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Solar Kiosk' })).expect(201);
    const b = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Solar Kiosk' })).expect(201);
    const c = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Solar  Kiosk!' })).expect(201);
    assert.deepEqual([a.body.slug, b.body.slug, c.body.slug], ['solar-kiosk', 'solar-kiosk-2', 'solar-kiosk-3']);
    const clash = await request(h.app).put(`/api/admin/projects/${c.body.id}`).set(ADMIN).send(project({ title: 'Solar Kiosk', slug: 'solar-kiosk' })).expect(200);
    assert.equal(clash.body.slug, 'solar-kiosk-3', 'taking a used slug gives the next free one');
    const reserved = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'New Project Template' })).expect(201);
    assert.notEqual(reserved.body.slug, 'new-project-template', 'the template page keeps its address');
  });

  test('news: related project optional, unknown project refused, slug and date kept on edit', async () => {
    const projects = (await request(h.app).get('/api/projects').expect(200)).body as { id: number }[];
    const linked = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ projectId: projects[0]!.id })).expect(201);
    assert.equal(linked.body.projectId, projects[0]!.id);
    assert.equal(linked.body.slug, 'the-first-tank-is-full');
    assert.ok(Date.now() - Date.parse(linked.body.publishedAt) < 60_000, 'published now');

    const alone = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ projectId: '' })).expect(201);
    assert.equal(alone.body.projectId, null);
    assert.equal(alone.body.slug, 'the-first-tank-is-full-2');

    const unknown = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ projectId: 999999 }));
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.fields.projectId, 'This project does not exist');

    const missing = await request(h.app).post('/api/admin/news').set(ADMIN).send({ title: 'x' });
    assert.deepEqual(Object.keys(missing.body.fields).sort(), ['abstract', 'abstractDe', 'content', 'contentDe', 'imageUrl', 'titleDe']);

    const edited = await request(h.app).put(`/api/admin/news/${linked.body.id}`).set(ADMIN).send(article({ title: 'The First Tank Overflows', projectId: null })).expect(200);
    assert.equal(edited.body.slug, linked.body.slug);
    assert.equal(edited.body.publishedAt, linked.body.publishedAt);
    assert.equal(edited.body.projectId, null);
    const dated = await request(h.app).put(`/api/admin/news/${linked.body.id}`).set(ADMIN).send(article({ publishedAt: '2026-03-01' })).expect(200);
    assert.equal(dated.body.publishedAt.slice(0, 10), '2026-03-01');

    await request(h.app).delete(`/api/admin/news/${alone.body.id}`).set(ADMIN).expect(200);
    assert.deepEqual((await auditFor(h, 'news', alone.body.id)).map((e) => e.action), ['delete', 'create']);
  });

  test('deleting a project keeps its news: linked while it is in the trash, without the link once purged', async () => {
    const p = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Short-lived' })).expect(201);
    const a = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ title: 'About the short-lived project', projectId: p.body.id })).expect(201);
    await request(h.app).delete(`/api/admin/projects/${p.body.id}`).set(ADMIN).expect(200);
    const trashed = await request(h.app).get(`/api/admin/news/${a.body.id}`).set(ADMIN).expect(200);
    assert.equal(trashed.body.projectId, p.body.id);
    await purgeTrash(h.deps.db, new Date(Date.now() + 31 * 24 * 3600 * 1000));
    const after = await request(h.app).get(`/api/admin/news/${a.body.id}`).set(ADMIN).expect(200);
    assert.equal(after.body.projectId, null);
  });

  test('team: location values, display order default, round trip', async () => {
    const created = await request(h.app).post('/api/admin/team').set(ADMIN).send(member({ order: '' })).expect(201);
    assert.equal(created.body.order, 0);
    assert.equal(created.body.location, 'zimbabwe');
    const trustee = await request(h.app).put(`/api/admin/team/${created.body.id}`).set(ADMIN).send(member({ location: 'Board of Trustees', order: 7 })).expect(200);
    assert.equal(trustee.body.location, 'Board of Trustees');
    assert.equal(trustee.body.order, 7);
    const bad = await request(h.app).post('/api/admin/team').set(ADMIN).send(member({ location: 'mars' }));
    assert.equal(bad.status, 400);
    assert.ok(bad.body.fields.location);
    const missing = await request(h.app).post('/api/admin/team').set(ADMIN).send({ location: 'switzerland' });
    assert.deepEqual(Object.keys(missing.body.fields).sort(), ['bio', 'bioDe', 'imageUrl', 'name', 'position', 'positionDe']);
    const team = (await request(h.app).get('/api/team').expect(200)).body as { id: number }[];
    assert.ok(team.some((m) => m.id === created.body.id));
    await request(h.app).delete(`/api/admin/team/${created.body.id}`).set(ADMIN).expect(200);
    assert.deepEqual((await auditFor(h, 'team', created.body.id)).map((e) => e.action), ['delete', 'update', 'create']);
  });

  test('pages: names from the fixed list, one content per page, meta descriptions optional', async () => {
    const list = await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200);
    const vision = (list.body as { id: number; pageName: string }[]).find((p) => p.pageName === 'vision')!;
    assert.ok(vision);
    const bad = await request(h.app).post('/api/admin/pages').set(ADMIN).send({ pageName: 'secret', title: 't', titleDe: 't', content: 'c', contentDe: 'c' });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.fields.pageName);
    const taken = await request(h.app).post('/api/admin/pages').set(ADMIN).send({ pageName: 'vision', title: 't', titleDe: 't', content: 'c', contentDe: 'c' });
    assert.equal(taken.status, 400);
    assert.match(taken.body.fields.pageName, /already exists/);
    const missing = await request(h.app).post('/api/admin/pages').set(ADMIN).send({ pageName: 'vision' });
    assert.deepEqual(Object.keys(missing.body.fields).sort(), ['content', 'contentDe', 'title', 'titleDe']);

    await request(h.app).delete(`/api/admin/pages/${vision.id}`).set(ADMIN).expect(200);
    // The trashed content still holds its page: the admin is told to restore it from the trash.
    const inTrash = await request(h.app).post('/api/admin/pages').set(ADMIN).send({ pageName: 'vision', title: 't', titleDe: 't', content: 'c', contentDe: 'c' }).expect(400);
    assert.equal(inTrash.body.fieldErrors.pageName.code, 'page_in_trash');
    // Once purged (30 days later), the page takes new content.
    await purgeTrash(h.deps.db, new Date(Date.now() + 31 * 24 * 3600 * 1000));
    const created = await request(h.app)
      .post('/api/admin/pages')
      .set(ADMIN)
      .send({ pageName: 'vision', title: 'Our Vision, renewed', titleDe: 'Unsere Vision, erneuert', content: 'A new vision text.', contentDe: 'Ein neuer Visionstext.', metaDescription: '' })
      .expect(201);
    assert.equal(created.body.metaDescription, null);
    const updated = await request(h.app)
      .put(`/api/admin/pages/${created.body.id}`)
      .set(ADMIN)
      .send({ ...created.body, metaDescription: 'Where we are heading with the 17 villages.' })
      .expect(200);
    assert.equal(updated.body.metaDescription, 'Where we are heading with the 17 villages.');
    assert.deepEqual((await auditFor(h, 'page', created.body.id)).map((e) => e.action), ['update', 'create']);
  });
});

describe('changes are visible on the public site at once', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h.close();
  });

  test('a created, edited and deleted project shows on /projects, its page and the public API immediately', async () => {
    // Warm any page cache first.
    const before = await request(h.app).get('/projects').expect(200);
    assert.doesNotMatch(before.text, /Cistern Building Course/);
    await request(h.app).get('/de/projects').expect(200);

    const created = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Cistern Building Course', titleDe: 'Kurs im Zisternenbau' })).expect(201);
    const slug = created.body.slug as string;
    assert.match((await request(h.app).get('/projects').expect(200)).text, /Cistern Building Course/);
    assert.match((await request(h.app).get('/de/projects').expect(200)).text, /Kurs im Zisternenbau/);
    assert.ok(((await request(h.app).get('/api/projects').expect(200)).body as { slug: string }[]).some((p) => p.slug === slug));
    await request(h.app).get(`/projects/${slug}`).expect(200);

    await request(h.app).put(`/api/admin/projects/${created.body.id}`).set(ADMIN).send(project({ title: 'Cistern Masonry Course', titleDe: 'Kurs im Zisternenbau' })).expect(200);
    const detail = await request(h.app).get(`/projects/${slug}`).expect(200);
    assert.match(detail.text, /Cistern Masonry Course/);
    assert.match((await request(h.app).get('/projects').expect(200)).text, /Cistern Masonry Course/);

    await request(h.app).delete(`/api/admin/projects/${created.body.id}`).set(ADMIN).expect(200);
    assert.doesNotMatch((await request(h.app).get('/projects').expect(200)).text, /Cistern Masonry Course/);
    assert.equal((await request(h.app).get(`/projects/${slug}`)).status, 404);
  });

  test('edited page content shows on its page at once', async () => {
    await request(h.app).get('/about').expect(200);
    const pages = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { id: number; pageName: string; title: string; titleDe: string; content: string; contentDe: string }[];
    const about = pages.find((p) => p.pageName === 'about')!;
    await request(h.app).put(`/api/admin/pages/${about.id}`).set(ADMIN).send({ ...about, title: 'Who We Are Today' }).expect(200);
    assert.match((await request(h.app).get('/about').expect(200)).text, /Who We Are Today/);
  });
});

describe('forms without JavaScript', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h.close();
  });

  async function formSession() {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get('/admin').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(csrf, 'the page carries the CSRF token in its forms');
    return { agent, csrf: csrf! };
  }

  test('a failed post comes back with the values and an error next to each field; a good one with the message', async () => {
    const { agent, csrf } = await formSession();
    const bad = await agent.post('/admin/projects').type('form').send({ _csrf: csrf, title: 'Kept title', goalAmount: 'lots' });
    assert.equal(bad.status, 303);
    assert.equal(bad.headers.location, '/admin/projects?new=1#edit-form');
    const again = await agent.get('/admin/projects?new=1').set('Accept', 'text/html').expect(200);
    assert.match(again.text, /value="Kept title"/);
    assert.match(again.text, /This field is required\./);
    assert.match(again.text, /Enter an amount such as 1250\.50 or 1,250\.50\./);
    assert.match(again.text, /aria-invalid="true"/);
    assert.match(again.text, /Error creating project/);

    const good = await agent.post('/admin/projects').type('form').send({ _csrf: csrf, ...project({ title: 'Form-made Project', order: '', status: '' }) });
    assert.equal(good.headers.location, '/admin/projects');
    const list = await agent.get('/admin/projects').set('Accept', 'text/html').expect(200);
    assert.match(list.text, /Project created successfully!/);
    assert.match(list.text, /Form-made Project/);
    const created = await h.deps.db('projects').where({ title: 'Form-made Project' }).first();
    assert.equal(created.status, 'funding');

    // The German form reads German amounts and says in German what it cannot read, with an example.
    const badDe = await agent.post('/de/admin/projects').type('form').send({ _csrf: csrf, ...project({ title: 'Deutsches Formular', goalAmount: 'viel' }) });
    assert.equal(badDe.headers.location, '/de/admin/projects?new=1#edit-form');
    const againDe = await agent.get('/de/admin/projects?new=1').set('Accept', 'text/html').expect(200);
    assert.match(againDe.text, /Geben Sie einen Betrag wie 1250\.50, 1’250\.50 oder 1250,50 ein\./);
    const goodDe = await agent.post('/de/admin/projects').type('form').send({ _csrf: csrf, ...project({ title: 'Deutsches Formular', goalAmount: '12.500,50' }) });
    assert.equal(goodDe.headers.location, '/de/admin/projects');
    // PostgreSQL gives a bigint as a string.
    assert.equal(Number((await h.deps.db('projects').where({ title: 'Deutsches Formular' }).first()).goalCents), 1_250_050);

    // Edit, delete confirmation, delete, in German.
    const edit = await agent.get(`/de/admin/projects?edit=${created.id}`).set('Accept', 'text/html').expect(200);
    assert.match(edit.text, /Projekt bearbeiten/);
    assert.match(edit.text, new RegExp(`action="/de/admin/projects/${created.id}"`));
    const saved = await agent.post(`/de/admin/projects/${created.id}`).type('form').send({ _csrf: csrf, ...project({ title: 'Form-edited Project' }) });
    assert.equal(saved.headers.location, '/de/admin/projects');
    assert.match((await agent.get('/de/admin/projects').set('Accept', 'text/html')).text, /Projekt erfolgreich aktualisiert!/);
    const confirm = await agent.get(`/admin/projects?delete=${created.id}`).set('Accept', 'text/html').expect(200);
    assert.match(confirm.text, /It can be restored there for 30 days/);
    await agent.post(`/admin/projects/${created.id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    assert.match((await agent.get('/admin/projects').set('Accept', 'text/html')).text, /Project deleted successfully!/);
    assert.equal(await h.deps.db('projects').where({ id: created.id }).whereNull('deletedAt').first(), undefined);
  });

  test('a form post without the CSRF token is refused', async () => {
    const { agent } = await formSession();
    const res = await agent.post('/admin/team').type('form').send(member());
    assert.equal(res.status, 403);
    assert.equal(await h.deps.db('team_members').where({ name: 'Tariro Moyo' }).whereNull('deletedAt').first(), undefined);
  });

  test('forms need a session', async () => {
    const res = await request(h.app).post('/admin/projects').type('form').send(project());
    assert.equal(res.status, 303);
    assert.equal(res.headers.location, '/admin-login');
  });

  test('the News form of a new article starts with the outreach call to action in both languages', async () => {
    const { agent } = await formSession();
    const page = await agent.get('/admin/news?new=1').set('Accept', 'text/html').expect(200);
    assert.match(page.text, /Stay connected with/);
    assert.match(page.text, /Bleiben Sie mit/);
    assert.match(page.text, /No related project/);
  });

  test('the Activity panel lists who changed what, newest first', async () => {
    const { agent } = await formSession();
    await request(h.app).post('/api/admin/team').set(ADMIN).send(member({ name: 'Audit Visible' })).expect(201);
    const page = await agent.get('/admin').set('Accept', 'text/html').expect(200);
    assert.match(page.text, /Activity/);
    assert.match(page.text, /Audit Visible/);
  });
});
