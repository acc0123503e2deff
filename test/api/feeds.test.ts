// The news as Atom and JSON Feed (models/content/feeds.ts, controllers/feeds.ts): one per language
// and one per project, valid by each format's rules, announced in the pages' heads, and new as
// soon as an article is (the feeds are kept with the pages, under the content version).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { FEED_ITEMS } from '../../models/content/feeds';
import { listLiveNews, listLiveNewsForProject } from '../../models/content/news';
import { findLiveProjectBySlug } from '../../models/content/project';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const NOOK = 'nook-vocational-training-center';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The answer's body as text, whatever its type (supertest parses only the types it knows). */
const getText = (h: AppHandle, url: string) =>
  request(h.app)
    .get(url)
    .buffer(true)
    .parse((r, cb) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (text += c));
      r.on('end', () => cb(null, text));
    })
    .expect(200);

const atom = async (h: AppHandle, url: string) => {
  const res = await getText(h, url);
  assert.match(res.headers['content-type']!, /^application\/atom\+xml; charset=utf-8/);
  const doc = parseDocument(res.body as string, { xmlMode: true });
  const feed = DomUtils.findOne((e) => e.name === 'feed', doc.children)!;
  const child = (el: Element, name: string) => el.children.find((c): c is Element => (c as Element).name === name);
  const text = (el: Element | undefined) => (el ? DomUtils.textContent(el) : undefined);
  const entries = feed.children.filter((c): c is Element => (c as Element).name === 'entry');
  return { res, feed, child, text, entries };
};

describe('news feeds', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('Atom in English and German: the latest articles with title, summary, picture, dates and absolute addresses', async () => {
    const live = await listLiveNews(h.deps.db);
    for (const lang of ['en', 'de'] as const) {
      const prefix = lang === 'de' ? '/de' : '';
      const { feed, child, text, entries } = await atom(h, `${prefix}/news/feed.xml`);
      assert.equal(feed.attribs.xmlns, 'http://www.w3.org/2005/Atom');
      assert.equal(feed.attribs['xml:lang'], lang);
      // RFC 4287: a feed has exactly one id, title, updated, and an author (here at feed level).
      for (const name of ['id', 'title', 'updated', 'author']) assert.equal(feed.children.filter((c) => (c as Element).name === name).length, 1, name);
      assert.match(text(child(feed, 'title'))!, lang === 'de' ? /Neuigkeiten/ : /News/);
      assert.match(text(child(feed, 'updated'))!, ISO);
      const self = feed.children.find((c) => (c as Element).name === 'link' && (c as Element).attribs.rel === 'self') as Element;
      assert.equal(self.attribs.href, `${h.deps.config.publicUrl}${prefix}/news/feed.xml`);
      assert.equal(entries.length, Math.min(FEED_ITEMS, live.length));
      assert.ok(entries.length > 0);
      for (const entry of entries) {
        for (const name of ['id', 'title', 'updated', 'published', 'summary']) assert.ok(child(entry, name), `entry ${name}`);
        assert.match(text(child(entry, 'updated'))!, ISO);
        const alternate = entry.children.find((c) => (c as Element).name === 'link' && (c as Element).attribs.rel === 'alternate') as Element;
        assert.match(alternate.attribs.href!, new RegExp(`^${h.deps.config.publicUrl}${prefix}/news/[a-z0-9-]+$`));
        const picture = entry.children.find((c) => (c as Element).name === 'link' && (c as Element).attribs.rel === 'enclosure') as Element | undefined;
        assert.ok(picture && /^https?:\/\//.test(picture.attribs.href!) && /^image\//.test(picture.attribs.type!), 'the picture');
        assert.ok(text(child(entry, 'summary'))!.length > 10);
      }
      const first = live[0]!;
      assert.equal(text(child(entries[0]!, 'title')), lang === 'de' ? first.titleDe || first.title : first.title);
    }
  });

  test('JSON Feed 1.1 in English and German', async () => {
    for (const lang of ['en', 'de'] as const) {
      const prefix = lang === 'de' ? '/de' : '';
      const res = await getText(h, `${prefix}/news/feed.json`);
      assert.match(res.headers['content-type']!, /^application\/feed\+json; charset=utf-8/);
      const feed = JSON.parse(res.body as string);
      assert.equal(feed.version, 'https://jsonfeed.org/version/1.1');
      assert.equal(feed.language, lang);
      assert.equal(feed.feed_url, `${h.deps.config.publicUrl}${prefix}/news/feed.json`);
      assert.equal(feed.home_page_url, `${h.deps.config.publicUrl}${prefix}/news`);
      assert.ok(feed.items.length > 0);
      for (const item of feed.items) {
        // Every item has an id and content_html or content_text (the spec's two musts).
        assert.equal(typeof item.id, 'string');
        assert.ok(typeof item.content_text === 'string' && item.content_text.length > 0);
        assert.match(item.url, new RegExp(`^${h.deps.config.publicUrl}${prefix}/news/`));
        assert.match(item.date_published, ISO);
        assert.match(item.image, /^https?:\/\//);
      }
    }
  });

  test("a project's feed carries its articles only; an unknown project is a 404", async () => {
    const project = (await findLiveProjectBySlug(h.deps.db, NOOK))!;
    const own = await listLiveNewsForProject(h.deps.db, project.id);
    const { entries, child, text, feed } = await atom(h, `/de/projects/${NOOK}/feed.xml`);
    assert.match(text(child(feed, 'title'))!, new RegExp(project.titleDe));
    assert.deepEqual(entries.map((e) => text(child(e, 'id'))), own.slice(0, FEED_ITEMS).map((a) => `${h.deps.config.publicUrl}/de/news/${a.slug}`));
    await request(h.app).get('/projects/no-such-project/feed.xml').expect(404);
  });

  test('announced in the heads of the home, news and project pages, in their language', async () => {
    const head = async (url: string) => (await request(h.app).get(url).set('Accept', 'text/html').expect(200)).text.split('</head>')[0]!;
    for (const [url, feed] of [
      ['/', '/news/feed.xml'],
      ['/de', '/de/news/feed.xml'],
      ['/news', '/news/feed.json'],
      ['/de/news', '/de/news/feed.json'],
      [`/de/projects/${NOOK}`, `/de/projects/${NOOK}/feed.xml`],
    ] as const) {
      assert.match(await head(url), new RegExp(`<link rel="alternate" type="application/(atom|feed)\\+(xml|json)" title="[^"]+" href="${h.deps.config.publicUrl}${feed}"/?>`), url);
    }
  });

  test('a new article is in the feeds at once, though they were kept just before', async () => {
    const ask = async (url: string) => (await getText(h, url)).body as string;
    const urls = ['/news/feed.xml', '/de/news/feed.json'];
    for (const url of urls) await ask(url), await ask(url);
    await request(h.app).post('/api/admin/news').set(ADMIN).send({
      title: 'Feed Probe Article', titleDe: 'Feed-Probe Artikel', abstract: 'A tank for the school.', abstractDe: 'Ein Tank für die Schule.',
      content: 'The first tank.', contentDe: 'Der erste Tank.', imageUrl: '/images/news/annual-report-2024-published.svg',
    }).expect(201);
    assert.match(await ask('/news/feed.xml'), /Feed Probe Article/);
    assert.match(await ask('/de/news/feed.json'), /Feed-Probe Artikel/);
  });
});
