// Finding things in the admin without JavaScript: the Projects, News and Team lists read search,
// sort and filters from the address (/admin/projects?q=...&sort=...), as the GET form sends
// them. And the site's own illustrations are in the media library from the first start.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { startFakeS3, type FakeS3 } from '../fakes/s3';
import { seedShippedMedia, shippedImages } from '../../models/media/shipped-media';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');

async function formSession(h: AppHandle) {
  const agent = request.agent(h.app);
  await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
  return agent;
}

/** The titles of the list items on an admin page, in order. */
const titles = (html: string) => [...html.matchAll(/<h3 class="admin-item-title">([^<]*)<\/h3>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'"));

describe('admin lists without JavaScript', () => {
  let h: AppHandle;
  let agent: ReturnType<typeof request.agent>;
  before(async () => {
    h = await testApp();
    agent = await formSession(h);
  });
  after(async () => {
    await h.close();
  });
  const page = async (query: string) => (await agent.get(`/admin/${query}`).set('Accept', 'text/html').expect(200)).text;

  test('search looks in both languages and the slug; the count says how many of all', async () => {
    const all = titles(await page('projects'));
    assert.ok(all.length >= 8);
    const html = await page('projects?q=solar');
    const found = titles(html);
    assert.ok(found.length > 0 && found.length < all.length, found.join(', '));
    assert.ok(found.every((t) => /solar/i.test(t)));
    assert.match(html, new RegExp(`${found.length} of ${all.length} shown`));
    // German title only ("Brunnen"), and the slug.
    const { body: projects } = await request(h.app).get('/api/admin/projects').set(ADMIN).expect(200);
    const borehole = projects.find((p: any) => /borehole/i.test(p.slug));
    assert.deepEqual(titles(await page(`projects?q=${encodeURIComponent(borehole.titleDe.split(' ')[0])}`)), [borehole.title]);
    assert.deepEqual(titles(await page(`projects?q=${borehole.slug}`)), [borehole.title]);
    // The search form keeps what was asked, and a way back to the whole list.
    assert.match(html, /<form class="list-tools" role="search" aria-label="Search and filter Projects" action="\/admin\/projects" method="get">/);
    assert.match(html, /name="q" value="solar"/);
    assert.match(html, /<a class="btn btn-outline" href="\/admin\/projects">Clear search and filters</);
    // Links of the filtered list keep the query.
    assert.match(html, /href="\/admin\/projects\?q=solar&amp;edit=\d+#edit-form"/);
  });

  test('projects: sort by title and most funded; filter by status and publication state', async () => {
    const { body: projects } = await request(h.app).get('/api/admin/projects').set(ADMIN).expect(200);
    const byTitle = titles(await page('projects?sort=title'));
    assert.deepEqual(byTitle, [...byTitle].sort((a, b) => a.localeCompare(b, 'en')));
    const funded = titles(await page('projects?sort=funded'));
    const pct = (t: string) => {
      const p = projects.find((x: any) => x.title === t);
      return Number(p.raisedAmount) / Number(p.goalAmount);
    };
    for (let i = 1; i < funded.length; i++) assert.ok(pct(funded[i - 1]!) >= pct(funded[i]!), 'most funded first');
    const completed = titles(await page('projects?status=completed'));
    assert.deepEqual(completed.sort(), projects.filter((p: any) => p.status === 'completed').map((p: any) => p.title).sort());

    const draft = await request(h.app).post('/api/admin/projects').set(ADMIN).send({ title: 'Quiet Draft', titleDe: 'Stiller Entwurf', description: 'd', descriptionDe: 'd', goalAmount: '10', imageUrl: '/images/logo.svg', draft: true });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    assert.deepEqual(titles(await page('projects?state=draft')), ['Quiet Draft']);
    assert.ok(!titles(await page('projects?state=published')).includes('Quiet Draft'));
    // Unknown values are ignored: the whole list, no error.
    assert.equal(titles(await page('projects?sort=nope&status=x&state=later')).length, projects.length + 1);
  });

  test('news: oldest first, by project, and the articles whose German is missing', async () => {
    const { body: news } = await request(h.app).get('/api/admin/news').set(ADMIN).expect(200);
    const oldest = titles(await page('news?sort=oldest'));
    assert.deepEqual(oldest, [...news].sort((a: any, b: any) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt) || a.id - b.id).map((a: any) => a.title));
    const missing = titles(await page('news?lang=de-missing'));
    assert.deepEqual(missing, news.filter((a: any) => !a.abstractDe?.trim()).map((a: any) => a.title));
    assert.ok(missing.length >= 1);
    const withProject = news.find((a: any) => a.projectId);
    assert.deepEqual(titles(await page(`news?project=${withProject.projectId}`)), news.filter((a: any) => a.projectId === withProject.projectId).map((a: any) => a.title));
    assert.deepEqual(titles(await page('news?project=none')), news.filter((a: any) => !a.projectId).map((a: any) => a.title));
  });

  test('team: search by position, filter by location, sort by name; German page in German', async () => {
    const { body: team } = await request(h.app).get('/api/admin/team').set(ADMIN).expect(200);
    const swiss = titles(await page('team?location=switzerland'));
    assert.deepEqual(swiss.sort(), team.filter((m: any) => m.location === 'switzerland').map((m: any) => m.name).sort());
    const byName = titles(await page('team?sort=name'));
    assert.deepEqual(byName, [...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const someone = team[0];
    const word = someone.positionDe.split(/\s+/)[0];
    assert.ok(titles(await page(`team?q=${encodeURIComponent(word)}`)).includes(someone.name));
    const de = (await agent.get('/de/admin/team?q=zzzz').set('Accept', 'text/html').expect(200)).text;
    assert.match(de, /Nichts passt zu dieser Suche und diesen Filtern\./);
    assert.match(de, /0 von \d+ angezeigt/);
    assert.match(de, /Personen suchen \(Name, Funktion\)/);
  });
});

describe('the site\'s illustrations in the media library', () => {
  let h: AppHandle;
  let s3: FakeS3;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipped-media-'));
    s3 = await startFakeS3();
    h = await testApp({ UPLOAD_DIR: dir, ...s3.env });
  });
  after(async () => {
    await h.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('are there from the first start, with alt text, category and size, pointing at the shipped files', async () => {
    const shipped = await shippedImages(PUBLIC_DIR);
    assert.ok(shipped.length >= 60, `${shipped.length} images`);
    const { body: all } = await request(h.app).get('/api/media').set(ADMIN).expect(200);
    assert.equal(all.length, shipped.length);
    const hero = all.find((m: any) => m.url === '/images/hero/slide-1.svg');
    assert.equal(hero.category, 'projects');
    assert.equal(hero.mimeType, 'image/svg+xml');
    assert.match(hero.altText, /villages at dawn/);
    assert.deepEqual([hero.width, hero.height], [1600, 900]);
    const portrait = all.find((m: any) => m.url === '/images/team/tendai-moyo.svg');
    assert.equal(portrait.category, 'team');
    // The picker's category filter and search find them.
    const { body: gallery } = await request(h.app).get('/api/media?category=facilities&q=hand%20pump').set(ADMIN).expect(200);
    assert.deepEqual(gallery.map((m: any) => m.url), ['/images/gallery/water-point.svg']);
    // A PNG rendition beside an SVG is not offered twice; a PNG alone is.
    assert.ok(!all.some((m: any) => m.url === '/images/social/thank-you.png'));
    // A PNG's size comes from its header (no libvips at start), as sharp reads it.
    const png = all.find((m: any) => m.url === '/images/og-default.png');
    assert.deepEqual([png.mimeType, png.width, png.height], ['image/png', 1200, 630]);
    // Served from the site itself.
    await request(h.app).get(hero.url).expect(200);
    // Nothing was put in the storage.
    assert.deepEqual((await s3.keys()).filter((k) => !k.endsWith('media-library.json')), []);
  });

  test('seeding again (a restart, two instances at once) adds nothing', async () => {
    const before = Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n);
    const added = await Promise.all([seedShippedMedia(h.deps.db, PUBLIC_DIR), seedShippedMedia(h.deps.db, PUBLIC_DIR)]);
    assert.deepEqual(added, [0, 0]);
    assert.equal(Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n), before);
  });

  test('deleting one removes the library entry only: the shipped file stays, and it does not come back', async () => {
    const { body: all } = await request(h.app).get('/api/media?q=water-point').set(ADMIN).expect(200);
    const item = all.find((m: any) => m.url === '/images/gallery/water-point.svg');
    await request(h.app).delete(`/api/media/${item.id}`).set(ADMIN).expect(200);
    assert.ok(fs.existsSync(path.join(PUBLIC_DIR, 'images/gallery/water-point.svg')));
    await request(h.app).get('/images/gallery/water-point.svg').expect(200);
    assert.equal(await seedShippedMedia(h.deps.db, PUBLIC_DIR), 0);
    const { body: after } = await request(h.app).get('/api/media?q=water-point').set(ADMIN).expect(200);
    assert.ok(!after.some((m: any) => m.url === '/images/gallery/water-point.svg'));
  });

  test('a project can use one as its image', async () => {
    const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send({ title: 'Pump', titleDe: 'Pumpe', description: 'd', descriptionDe: 'd', goalAmount: '10', imageUrl: '/images/gallery/garden-beds.svg' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });
});
