// Translation status through the admin API: each bilingual field's state in English and German
// across saves (missing, out of date, current), edited page texts, interface texts, the filters,
// and the admin guard.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import type { TranslationEntry, TranslationReport } from '../../models/translation/translation-status';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Rainwater Tanks for Village Schools',
  titleDe: 'Regenwassertanks für Dorfschulen',
  description: 'Tanks that collect the rain from school roofs.',
  descriptionDe: 'Tanks, die den Regen von Schuldächern sammeln.',
  goalAmount: '12500.50',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

describe('translation status', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  const report = async (query = '') => (await request(h.app).get(`/api/admin/translations${query}`).set(ADMIN).expect(200)).body as TranslationReport;
  const stateOf = (r: TranslationReport, entity: string, id: number, field: string, language: string) =>
    r.entries.find((e) => e.entity === entity && e.id === id && e.field === field && e.language === language)?.state;
  const states = async (entity: string, id: number, field: string) => {
    const r = await report(`?entity=${entity}`);
    return { en: stateOf(r, entity, id, field, 'en'), de: stateOf(r, entity, id, field, 'de') };
  };
  const editable = (item: Record<string, unknown>) => {
    const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, draft: _d, publishAt: _p, raisedAmount: _r, ...rest } = item;
    return rest;
  };

  test('create both -> current; English edit -> German out of date; German update -> both current', async () => {
    const created = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    const id = created.id as number;
    assert.deepEqual(await states('project', id, 'title'), { en: 'current', de: 'current' });

    const englishEdit = (await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...editable(created), title: 'Rain Tanks for Ten Schools' }).expect(200)).body;
    assert.deepEqual(await states('project', id, 'title'), { en: 'current', de: 'outdated' });
    // Only the changed field is out of date.
    assert.deepEqual(await states('project', id, 'description'), { en: 'current', de: 'current' });
    // The entry names the item, links to the German field, and says the old German is still shown.
    const entry = (await report(`?entity=project&state=outdated`)).entries.find((e) => e.id === id)!;
    assert.equal(entry.label, 'Rain Tanks for Ten Schools');
    assert.equal(entry.link, `/admin/projects?edit=${id}#field-titleDe`);
    assert.equal(entry.live, true);

    // Another save that leaves the title alone keeps it out of date.
    const other = (await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...editable(englishEdit), goalAmount: '13000.00' }).expect(200)).body;
    assert.deepEqual(await states('project', id, 'title'), { en: 'current', de: 'outdated' });

    const germanEdit = (await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...editable(other), titleDe: 'Regentanks für zehn Schulen' }).expect(200)).body;
    assert.deepEqual(await states('project', id, 'title'), { en: 'current', de: 'current' });

    // A German-only fix afterwards does not make the English out of date.
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...editable(germanEdit), titleDe: 'Regentanks für zehn Dorfschulen' }).expect(200);
    assert.deepEqual(await states('project', id, 'title'), { en: 'current', de: 'current' });

    // Both changed in one save: both current.
    const both = (await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body;
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...editable(both), description: 'New words.', descriptionDe: 'Neue Worte.' }).expect(200);
    assert.deepEqual(await states('project', id, 'description'), { en: 'current', de: 'current' });
  });

  const pageEntry = async (pageName: string) => {
    const list = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as Record<string, any>[];
    return list.find((p) => p.pageName === pageName)!;
  };
  const putPage = (item: Record<string, any>, changes: Record<string, unknown>) => {
    const { id, updatedAt: _u, draft: _d, publishAt: _p, ...rest } = item;
    return request(h.app).put(`/api/admin/pages/${id}`).set(ADMIN).send({ ...rest, ...changes }).expect(200);
  };

  test('an empty translation is missing; a field empty in both languages is not listed; older content counts as current', async () => {
    const contact = await pageEntry('contact');
    const none = (await putPage(contact, { metaDescription: '', metaDescriptionDe: '' })).body;
    assert.deepEqual(await states('page', contact.id, 'metaDescription'), { en: undefined, de: undefined });
    const english = (await putPage(none, { metaDescription: 'Write to us.' })).body;
    assert.deepEqual(await states('page', contact.id, 'metaDescription'), { en: 'current', de: 'missing' });
    const r = await report('?entity=page&state=missing&language=de');
    assert.ok(r.entries.some((e) => e.id === contact.id && e.field === 'metaDescription'));
    // The German written later, alone: current.
    await putPage(english, { metaDescriptionDe: 'Schreiben Sie uns.' });
    assert.deepEqual(await states('page', contact.id, 'metaDescription'), { en: 'current', de: 'current' });

    // Content older than the tracking (written outside the admin): current, or missing when empty.
    const [row] = (await h.deps.db('team_members').insert({ name: 'Old Entry', position: 'Helper', positionDe: '', bio: 'Helps.', bioDe: 'Hilft.', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }).returning('id')) as { id: number }[];
    const oldId = Number((row as { id: number }).id ?? row);
    assert.deepEqual(await states('team', oldId, 'position'), { en: 'current', de: 'missing' });
    assert.deepEqual(await states('team', oldId, 'bio'), { en: 'current', de: 'current' });
    // Its first English edit leaves the untracked German out of date.
    const old = (await request(h.app).get(`/api/admin/team/${oldId}`).set(ADMIN).expect(200)).body;
    const { id: _i, createdAt: _c, draft: _d, publishAt: _p, ...rest } = old;
    await request(h.app).put(`/api/admin/team/${oldId}`).set(ADMIN).send({ ...rest, positionDe: 'Helfer', bio: 'Helps in the gardens.' }).expect(200);
    assert.deepEqual(await states('team', oldId, 'bio'), { en: 'current', de: 'outdated' });
    assert.deepEqual(await states('team', oldId, 'position'), { en: 'current', de: 'current' });
  });

  test('German written first: the English is its translation and goes out of date when the German changes', async () => {
    const news = await pageEntry('news');
    const german = (await putPage(news, { metaDescription: '', metaDescriptionDe: 'Neuigkeiten aus den Dörfern.' })).body;
    assert.deepEqual(await states('page', news.id, 'metaDescription'), { en: 'missing', de: 'current' });
    const withEnglish = (await putPage(german, { metaDescription: 'News from the villages.' })).body;
    assert.deepEqual(await states('page', news.id, 'metaDescription'), { en: 'current', de: 'current' });
    const germanEdit = (await putPage(withEnglish, { metaDescriptionDe: 'Neuigkeiten aus allen Dörfern.' })).body;
    assert.deepEqual(await states('page', news.id, 'metaDescription'), { en: 'outdated', de: 'current' });
    // An English-only fix of the translation: current again, and the German is not made out of date.
    await putPage(germanEdit, { metaDescription: 'News from all the villages.' });
    assert.deepEqual(await states('page', news.id, 'metaDescription'), { en: 'current', de: 'current' });
  });

  test('edited page texts: an English edit leaves the built-in German out of date; a German edit brings it back', async () => {
    const about = await pageEntry('about');
    const put = (item: Record<string, any>, changes: Record<string, unknown>) => putPage(item, changes);
    // Unedited page texts are the interface texts' built-in copy: listed as locale keys, not twice.
    assert.equal(stateOf(await report('?entity=page'), 'page', about.id, 'texts.about.story.p1', 'de'), undefined);

    const saved = (await put(about, { texts: { 'about.story.p1': { en: 'We became neighbours, planning with the villages every week.' } } })).body;
    assert.deepEqual(await states('page', about.id, 'texts.about.story.p1'), { en: 'current', de: 'outdated' });
    const entry = (await report('?entity=page&state=outdated')).entries.find((e) => e.field === 'texts.about.story.p1')!;
    assert.equal(entry.link, `/admin/pages?edit=${about.id}#field-texts.de.about.story.p1`);
    assert.equal(entry.label, 'about');

    await put(saved, { texts: { 'about.story.p1': { ...saved.texts['about.story.p1'], de: 'Wir wurden Nachbarn und planen jede Woche mit den Dörfern.' } } });
    assert.deepEqual(await states('page', about.id, 'texts.about.story.p1'), { en: 'current', de: 'current' });
  });

  test('interface texts are listed per key, all current from the committed checked hashes', async () => {
    const r = await report('?entity=locale');
    assert.ok(r.entries.length > 1000);
    const e = r.entries.find((x) => x.field === 'nav.home' && x.language === 'de') as TranslationEntry;
    assert.deepEqual({ entity: e.entity, id: e.id, state: e.state, label: e.label, link: e.link }, { entity: 'locale', id: 0, state: 'current', label: 'locales/de.json', link: null });
    assert.equal(r.counts.outdated, 0);
    assert.equal(r.counts.missing, 0);
  });

  test('filters and counts: state (several with commas or "todo"), entity, language; bad values are a 400', async () => {
    const all = await report();
    assert.equal(all.counts.total, all.entries.length);
    assert.equal(all.counts.missing + all.counts.outdated + all.counts.current, all.counts.total);
    const de = await report('?language=de');
    assert.ok(de.entries.every((e) => e.language === 'de'));
    const todo = await report('?state=todo&language=de');
    assert.ok(todo.entries.length > 0 && todo.entries.every((e) => e.state !== 'current'));
    assert.deepEqual(todo.counts, de.counts);
    const two = await report('?state=missing,outdated&language=de');
    assert.equal(two.entries.length, todo.entries.length);
    const news = await report('?entity=news');
    assert.ok(news.entries.every((e) => e.entity === 'news'));
    for (const bad of ['?state=stale', '?entity=donor', '?language=fr']) {
      const res = await request(h.app).get(`/api/admin/translations${bad}`).set(ADMIN).expect(400);
      assert.equal(typeof res.body.error, 'string');
    }
  });

  test('items in the trash are not listed', async () => {
    const created = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Soon in the trash' })).expect(201)).body;
    assert.ok((await report('?entity=project')).entries.some((e) => e.id === created.id));
    await request(h.app).delete(`/api/admin/projects/${created.id}`).set(ADMIN).expect(200);
    assert.ok(!(await report('?entity=project')).entries.some((e) => e.id === created.id));
  });

  test('a page created with edited texts starts from the built-in copy: an English edit leaves the built-in German out of date at once', async () => {
    const about = await pageEntry('about');
    // A page content made anew (as after a purge from the trash) with one text edited in English only.
    await h.deps.db('page_contents').where({ id: about.id }).delete();
    const { id: _i, updatedAt: _u, draft: _d, publishAt: _p, texts: _t, ...rest } = about;
    const created = (await request(h.app).post('/api/admin/pages').set(ADMIN).send({ ...rest, texts: { 'about.story.p2': { en: 'Our second paragraph, written anew.' } } }).expect(201)).body;
    assert.deepEqual(await states('page', created.id, 'texts.about.story.p2'), { en: 'current', de: 'outdated' });
    // The German written in the same create counts as written against the new English.
    await h.deps.db('page_contents').where({ id: created.id }).delete();
    const both = (await request(h.app).post('/api/admin/pages').set(ADMIN).send({ ...rest, texts: { 'about.story.p2': { en: 'Second paragraph.', de: 'Zweiter Absatz.' } } }).expect(201)).body;
    assert.deepEqual(await states('page', both.id, 'texts.about.story.p2'), { en: 'current', de: 'current' });
  });

  test('admin only', async () => {
    await request(h.app).get('/api/admin/translations').expect(401);
  });
});
