// Public pages take the media library's alt texts: an image from the library written without an
// alt text (in a Markdown text, or as an article's or project's picture) gets the library's, in the
// page's language (German when there is one, else English); an image's own alt text stays.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { libraryFileName } from '../../models/media/library-alts';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
/** The alt attribute of every <img> whose src is `src`. */
/** Every such image (the page may show one twice: in the text and in its photo strip) has this alt text. */
const allAre = (alts: (string | undefined)[], text: string) => alts.length > 0 && alts.every((a) => a === text);
const altsOf = (html: string, src: string) => [...decode(html).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`src="${src}"`)).map((tag) => /alt="([^"]*)"/.exec(tag)?.[1]);

describe('the media library alt texts on public pages', () => {
  let h: AppHandle;
  const both = '/uploads/0123456789abcdef0123456789abcd01.jpg';
  const englishOnly = '/uploads/0123456789abcdef0123456789abcd02.jpg';
  before(async () => {
    h = await testApp();
    const row = (fileName: string, altText: string, altTextDe: string | null) => ({ fileName, originalName: 'photo.jpg', fileType: 'image', fileSize: 10, filePath: fileName, mimeType: 'image/jpeg', category: 'projects', altText, altTextDe, tags: '[]', variants: '[]', width: 1200, height: 800 });
    await h.deps.db('media_items').insert([
      row(libraryFileName(both)!, 'Women planting seedlings in the garden', 'Frauen pflanzen Setzlinge im Garten'),
      row(libraryFileName(englishOnly)!, 'A new water tank beside the school', null),
    ]);
  });
  after(() => h.close());

  test('an article: its picture and a Markdown image without alt take the library text; an own alt stays', async () => {
    const article = {
      title: 'Seedlings in the Ward',
      titleDe: 'Setzlinge im Bezirk',
      abstract: 'The gardens grow.',
      abstractDe: 'Die Gärten wachsen.',
      content: `The first beds.\n\n![](${englishOnly})\n\n![Our own words](${both})`,
      contentDe: `Die ersten Beete.\n\n![](${englishOnly})\n\n![Unsere eigenen Worte](${both})`,
      imageUrl: both,
    };
    const created = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article).expect(201)).body;
    const en = (await request(h.app).get(`/news/${created.slug}`).expect(200)).text;
    assert.ok(altsOf(en, both).includes('Women planting seedlings in the garden'), 'the picture takes the English library text');
    assert.ok(altsOf(en, both).includes('Our own words'), 'an own alt text stays');
    assert.ok(allAre(altsOf(en, englishOnly), 'A new water tank beside the school'), String(altsOf(en, englishOnly)));
    const de = (await request(h.app).get(`/de/news/${created.slug}`).expect(200)).text;
    assert.ok(altsOf(de, both).includes('Frauen pflanzen Setzlinge im Garten'), 'German when the library has German');
    assert.ok(altsOf(de, both).includes('Unsere eigenen Worte'));
    assert.ok(allAre(altsOf(de, englishOnly), 'A new water tank beside the school'), 'else the English one');
    // The lightbox list of the page's images carries it too (client-side navigation reads the JSON).
    const json = (await request(h.app).get(`/de/news/${created.slug}`).set('Accept', 'application/json').expect(200)).body;
    assert.ok(JSON.stringify(json).includes('A new water tank beside the school'));

    // A changed library text shows at once (the library raises the content version).
    const id = (await h.deps.db('media_items').where({ fileName: libraryFileName(englishOnly) }).first('id')).id;
    await request(h.app).put(`/api/media/${id}`).set(ADMIN).send({ category: 'projects', altText: 'A new water tank beside the school', altTextDe: 'Ein neuer Wassertank neben der Schule' }).expect(200);
    assert.ok(allAre(altsOf((await request(h.app).get(`/de/news/${created.slug}`).expect(200)).text, englishOnly), 'Ein neuer Wassertank neben der Schule'));
  });

  test('a project: its picture and the description; page introductions too', async () => {
    const project = {
      title: 'Garden Beds',
      titleDe: 'Gartenbeete',
      description: `Beds for six families.\n\n![](${both})`,
      descriptionDe: `Beete für sechs Familien.\n\n![](${both})`,
      goalAmount: '900',
      imageUrl: englishOnly,
    };
    const created = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project).expect(201)).body;
    const en = (await request(h.app).get(`/projects/${created.slug}`).expect(200)).text;
    // (the first test gave this image a German text too; the English page shows the English one)
    assert.ok(allAre(altsOf(en, englishOnly), 'A new water tank beside the school'), String(altsOf(en, englishOnly)));
    assert.deepEqual(altsOf(en, both), ['Women planting seedlings in the garden']);
    assert.deepEqual(altsOf((await request(h.app).get(`/de/projects/${created.slug}`).expect(200)).text, both), ['Frauen pflanzen Setzlinge im Garten']);

    const pages = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as Record<string, any>[];
    const team = pages.find((p) => p.pageName === 'team')!;
    const { id, updatedAt: _u, draft: _d, publishAt: _p, ...rest } = team;
    await request(h.app).put(`/api/admin/pages/${id}`).set(ADMIN).send({ ...rest, content: `The people.\n\n![](${both})`, contentDe: `Die Menschen.\n\n![](${both})` }).expect(200);
    assert.deepEqual(altsOf((await request(h.app).get('/team').expect(200)).text, both), ['Women planting seedlings in the garden']);
    assert.deepEqual(altsOf((await request(h.app).get('/de/team').expect(200)).text, both), ['Frauen pflanzen Setzlinge im Garten']);
  });

  test('addresses outside the library are left alone', () => {
    assert.equal(libraryFileName('/uploads/abc.jpg?v=2'), 'abc.jpg');
    assert.equal(libraryFileName('/images/projects/x.svg'), '/images/projects/x.svg');
    assert.equal(libraryFileName('/uploads/a/b.jpg'), null);
    assert.equal(libraryFileName('https://example.org/uploads/abc.jpg'), null);
  });
});
