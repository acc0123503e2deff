// The Trash screen (/admin/trash): every kind's deleted items, newest first, filtered by kind, each
// with its days left and a Restore form (no JavaScript) back to the same filter; for editors and
// admins, not treasurers. The Activity panel links a trashed item there and a live one to its
// form, and words an entry with the item's German title for a German reader, old entries too.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { purgeTrash } from '../../models/content/trash';

const KEYS = { editor: 'eda-key-0123456789', treasurer: 'tom-key-0123456789' };
const EDITOR = { 'X-Admin-Key': KEYS.editor };
const DAY = 24 * 60 * 60 * 1000;

const project = (title: string, titleDe: string, imageUrl = '/images/projects/village-borehole-water-point.svg') => ({ title, titleDe, description: 'Goats.', descriptionDe: 'Ziegen.', goalAmount: '900', imageUrl });
const article = { title: 'The goats arrived', titleDe: 'Die Ziegen sind da', abstract: 'Twelve.', abstractDe: 'Zwölf.', content: 'Well.', contentDe: 'Gut.', imageUrl: '/images/news/annual-report-2024-published.svg' };

describe('the Trash screen and the activity that leads there', () => {
  let h: AppHandle;
  const ids: Record<string, number> = {};
  let editor: ReturnType<typeof request.agent>;
  let csrf: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trash-screen-'));
  before(async () => {
    h = await testApp({ UPLOAD_DIR: dir, ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer` });
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 60 } } }).png().toBuffer();
    const file = (await request(h.app).post('/api/media').set(EDITOR).field('category', 'projects').field('altText', 'Goats at the well').field('altTextDe', 'Ziegen am Brunnen').attach('file', png, 'goats.png').expect(201)).body;
    ids.media = file.id;
    // A live project still shows the file: the Trash screen names it.
    ids.live = (await request(h.app).post('/api/admin/projects').set(EDITOR).send(project('Solar Kiosk', 'Solarkiosk', file.url)).expect(201)).body.id;
    ids.project = (await request(h.app).post('/api/admin/projects').set(EDITOR).send(project('Goat Herd', 'Ziegenherde')).expect(201)).body.id;
    ids.news = (await request(h.app).post('/api/admin/news').set(EDITOR).send(article).expect(201)).body.id;
    // Deleted in this order, one after the other: the screen lists them the other way round.
    await request(h.app).delete(`/api/admin/projects/${ids.project}`).set(EDITOR).expect(200);
    await h.deps.db('projects').where({ id: ids.project }).update({ deletedAt: new Date(Date.now() - 3 * DAY).toISOString() });
    await request(h.app).delete(`/api/admin/news/${ids.news}`).set(EDITOR).expect(200);
    await h.deps.db('news_articles').where({ id: ids.news }).update({ deletedAt: new Date(Date.now() - 2 * DAY).toISOString() });
    await request(h.app).delete(`/api/media/${ids.media}`).set(EDITOR).expect(200);
    editor = request.agent(h.app);
    await editor.post('/admin-login').type('form').send({ key: KEYS.editor }).expect(303);
    csrf = /name="_csrf" value="([^"]+)"/.exec((await editor.get('/admin/trash').expect(200)).text)![1]!;
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The page as a person reads it: its data for the browser (both titles) left out. */
  const shown = (html: string) => html.slice(0, html.indexOf('<script id="__boot"'));
  const anchors = (html: string) => [...html.matchAll(/<li id="(trash-[a-z]+-\d+)"/g)].map((m) => m[1]);

  test('every kind, newest first, with days left and Restore; the filter by kind, in both languages', async () => {
    const all = (await editor.get('/admin/trash').expect(200)).text;
    assert.deepEqual(anchors(all), [`trash-media-${ids.media}`, `trash-news-${ids.news}`, `trash-projects-${ids.project}`]);
    assert.match(all, /<title>Trash · /);
    assert.match(all, /href="\/admin\/trash"[^>]*aria-current="page"[^>]*>All \(3\)</);
    assert.match(all, /href="\/admin\/trash\?kind=news"[^>]*>News \(1\)</);
    assert.match(all, /href="\/admin\/trash\?kind=media"[^>]*>Media \(1\)</);
    assert.match(all, /27 days left/);
    assert.match(all, /30 days left/);
    assert.match(all, /Goats at the well/);
    assert.match(all, new RegExp(`action="/admin/trash/media/${ids.media}/restore" method="post"><input type="hidden" name="_csrf" value="[^"]+"/><input type="hidden" name="kind" value=""/>`));
    // The file is still shown by a live project: said, with the way to its form.
    assert.match(all, new RegExp(`Still shown by this item of the website.*?href="/admin/projects\\?edit=${ids.live}#edit-form">Project: Solar Kiosk<`, 's'));

    const news = (await editor.get('/admin/trash?kind=news').expect(200)).text;
    assert.deepEqual(anchors(news), [`trash-news-${ids.news}`]);
    assert.match(news, /href="\/admin\/trash\?kind=news"[^>]*aria-current="page"/);
    assert.match(news, /name="kind" value="news"/);
    // An unknown kind: every kind.
    assert.equal(anchors((await editor.get('/admin/trash?kind=secrets').expect(200)).text).length, 3);

    const de = shown((await editor.get('/de/admin/trash').expect(200)).text);
    assert.match(de, /<h3 class="admin-item-title">Ziegenherde<\/h3>/);
    assert.match(de, /<h3 class="admin-item-title">Die Ziegen sind da<\/h3>/);
    assert.match(de, /Ziegen am Brunnen/);
    assert.match(de, /noch 27 Tage/);
    assert.match(de, />Alle \(3\)</);
    assert.doesNotMatch(de, /days left|Restore|Still shown|Goat Herd|Goats at the well/);

    // With JavaScript the browser asks for the route's data: the same loader, as JSON.
    const json = await editor.get('/admin/trash?kind=media').set('Accept', 'application/json').set('X-Admin-Route', 'admin.trash').expect(200);
    const props = json.body.props as { kind: string; items: { name: string; id: number; daysLeft: number }[]; counts: Record<string, number>; usedIn: Record<string, { id: number }[]> };
    assert.equal(props.kind, 'media');
    assert.deepEqual(props.items.map((i) => [i.name, i.id, i.daysLeft]), [['media', ids.media, 30]]);
    assert.deepEqual(props.counts, { projects: 1, news: 1, team: 0, pages: 0, media: 1 });
    assert.deepEqual(props.usedIn[String(ids.media)]!.map((u) => u.id), [ids.live]);
  });

  test('for editors and admins: a treasurer has no Trash screen and no link to it', async () => {
    const treasurer = request.agent(h.app);
    await treasurer.post('/admin-login').type('form').send({ key: KEYS.treasurer }).expect(303);
    const away = await treasurer.get('/admin/trash').expect(303);
    assert.equal(away.headers.location, '/admin');
    const dashboard = (await treasurer.get('/admin').expect(200)).text;
    assert.doesNotMatch(dashboard, /id="tab-trash"/);
    assert.doesNotMatch(dashboard, /href="\/admin\/trash/, 'the activity does not link there either');
    // The restore is a change of content: refused.
    await request(h.app).post(`/api/admin/trash/news/${ids.news}/restore`).set({ 'X-Admin-Key': KEYS.treasurer }).expect(403);
    assert.match((await editor.get('/admin/projects').expect(200)).text, /id="tab-trash"[^>]*>Trash</);
  });

  test('the activity links what was moved to the trash to its place there, a live item to its form, in the admin language', async () => {
    const audit = async () => (await request(h.app).get('/api/admin/audit?limit=50').set(EDITOR).expect(200)).body as { action: string; entity: string; entityId: string; details: { name?: string; nameDe?: string }; item?: { name: string; id: number; state: string } }[];
    const entries = await audit();
    const of = (entity: string, id: number, action: string) => entries.find((e) => e.entity === entity && e.entityId === String(id) && e.action === action)!;
    assert.deepEqual(of('news', ids.news, 'delete').item, { name: 'news', id: ids.news, state: 'trash' });
    assert.deepEqual(of('news', ids.news, 'create').item, { name: 'news', id: ids.news, state: 'trash' });
    assert.deepEqual(of('media', ids.media, 'delete').item, { name: 'media', id: ids.media, state: 'trash' });
    assert.deepEqual(of('project', ids.live, 'create').item, { name: 'projects', id: ids.live, state: 'live' });
    assert.equal(of('news', ids.news, 'delete').details.nameDe, 'Die Ziegen sind da', 'the German title is kept with the entry');
    assert.equal(entries.find((e) => e.entity === 'session')?.item, undefined);

    const en = (await editor.get('/admin/projects').expect(200)).text;
    assert.match(en, new RegExp(`<a href="/admin/trash\\?kind=news#trash-news-${ids.news}">Eda Editor moved the news article “The goats arrived” to the trash</a>`));
    assert.match(en, new RegExp(`<a href="/admin/trash\\?kind=media#trash-media-${ids.media}">Eda Editor moved the file “goats.png” to the trash</a>`));
    assert.match(en, new RegExp(`<a href="/admin/projects\\?edit=${ids.live}#edit-form">Eda Editor created the project “Solar Kiosk”</a>`));
    // An entry about a trashed item that is not its delete: no link (its form cannot open).
    assert.match(en, /<p class="activity-what">Eda Editor created the news article “The goats arrived”(<!-- -->)?,/);

    const de = shown((await editor.get('/de/admin/projects').expect(200)).text);
    assert.match(de, new RegExp(`<a href="/de/admin/trash\\?kind=news#trash-news-${ids.news}">Eda Editor hat die Neuigkeit «Die Ziegen sind da» in den Papierkorb verschoben</a>`));
    assert.match(de, /das Projekt «Solarkiosk»/);
    assert.doesNotMatch(de, /The goats arrived|Solar Kiosk|Goat Herd/);

    // Entries written before the German title was kept: the item's German title while it still
    // carries the English title the entry names; another English title stays as it was written.
    const old = (summary: string) => ({ actor: `key:old`, actorName: 'Eda Editor', action: 'update', entity: 'project', entityId: String(ids.live), summary, details: null, createdAt: new Date().toISOString() });
    await h.deps.db('audit_log').insert([old('Solar Kiosk'), old('Solar Stand')]);
    const read = (await audit()).filter((e) => e.entity === 'project' && e.entityId === String(ids.live) && e.action === 'update');
    assert.deepEqual(read.map((e) => [e.details.name, e.details.nameDe]), [['Solar Stand', undefined], ['Solar Kiosk', 'Solarkiosk']]);

    // Purged: the entries stay, with nothing to link.
    await purgeTrash(h.deps.db, new Date(Date.now() + 31 * DAY));
    const after = await audit();
    assert.ok(after.filter((e) => e.entity === 'news' && e.entityId === String(ids.news)).every((e) => e.item === undefined));
    assert.ok(after.some((e) => e.entity === 'news' && e.action === 'erase'));
  });

  test('Restore without JavaScript goes back to the filter shown; Undo to the kind; each in the page language', async () => {
    const team = (await request(h.app).post('/api/admin/team').set(EDITOR).send({ name: 'Rudo', position: 'Driver', positionDe: 'Fahrer', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe' }).expect(201)).body;
    await request(h.app).delete(`/api/admin/team/${team.id}`).set(EDITOR).expect(200);
    const fromAll = await editor.post(`/admin/trash/team/${team.id}/restore`).type('form').send({ _csrf: csrf, kind: '' }).expect(303);
    assert.equal(fromAll.headers.location, '/admin/trash');
    assert.match((await editor.get('/admin/trash').expect(200)).text, /Restored from the trash\.<\/p><p class="small">Rudo</);

    await request(h.app).delete(`/api/admin/team/${team.id}`).set(EDITOR).expect(200);
    const fromKind = await editor.post(`/de/admin/trash/team/${team.id}/restore`).type('form').send({ _csrf: csrf, kind: 'team' }).expect(303);
    assert.equal(fromKind.headers.location, '/de/admin/trash?kind=team');
    await request(h.app).delete(`/api/admin/team/${team.id}`).set(EDITOR).expect(200);
    const undo = await editor.post(`/admin/trash/team/${team.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    assert.equal(undo.headers.location, '/admin/trash?kind=team');
    const again = await editor.post(`/de/admin/trash/team/${team.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    assert.match((await editor.get(again.headers.location!).expect(200)).text, /liegt nicht mehr im Papierkorb/);
    await editor.post('/admin/trash/secrets/1/restore').type('form').send({ _csrf: csrf }).expect(404);
    await editor.post(`/admin/trash/team/${team.id}/restore`).type('form').send({ kind: '' }).expect(403);
  });
});
