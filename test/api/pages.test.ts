import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';

const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');

describe('server-rendered pages', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('the English home page is complete in the HTML, with its search data', async () => {
    const res = await request(h.app).get('/').expect(200).expect('Content-Type', /html/);
    const html = res.text;
    assert.match(html, /<html lang="en">/);
    assert.match(html, /<link rel="canonical" href="http:\/\/localhost:5000\/"\/?>/);
    // React writes the attribute as hrefLang (HTML attribute names are case-insensitive).
    assert.match(html, /<link rel="alternate" href="http:\/\/localhost:5000\/" hreflang="en"\/?>/i);
    assert.match(html, /<link rel="alternate" href="http:\/\/localhost:5000\/de" hreflang="de"\/?>/i);
    assert.match(html, /hreflang="x-default"/i);
    assert.match(html, /<meta property="og:title"/);
    assert.match(html, /<meta name="twitter:card"/);
    assert.match(html, /"@type":"NGO"/);
    // Social networks need a raster preview image, and it must exist.
    const og = /<meta property="og:image" content="http:\/\/localhost:5000([^"]+)"\/?>/.exec(html)?.[1];
    assert.match(og ?? '', /\.png$/);
    await request(h.app).get(og!).expect(200).expect('Content-Type', 'image/png');
    const body = text(html);
    for (const s of ['Support Our Mission', 'Discover Our Work', 'Need Funding', 'In Progress', 'Project Successfully Completed', 'Local Team', 'Board of Trustees', 'Swiss Support Team', 'Bridging Two Communities', 'View All News &amp; Updates', '10,000+', 'Visa', 'TWINT', 'Feeds 5 families for 1 month']) {
      assert.ok(body.includes(s), `home page lacks "${s}"`);
    }
    // Sections in order: hero, vision, projects, team, news, impact, sponsors, donation.
    const order = ['id="home"', 'id="vision-heading"', 'id="projects"', 'id="team"', 'id="news"', 'id="impact"', 'id="sponsors-heading"', 'id="donate-heading"'].map((m) => html.indexOf(m));
    assert.ok(order.every((i) => i > 0), 'a section is missing');
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
  });

  test('the German home page is in German, with German content and no English interface text', async () => {
    const res = await request(h.app).get('/de').expect(200);
    assert.match(res.text, /<html lang="de">/);
    assert.match(res.text, /<link rel="canonical" href="http:\/\/localhost:5000\/de"\/?>/);
    const body = text(res.text);
    for (const s of ['Unterstützen Sie unsere Mission', 'Lokales Team', 'Stiftungsrat', 'Jetzt spenden', '10’000+', 'Berufsbildungszentrum Tariro Nook']) {
      assert.ok(body.includes(s), `German home lacks "${s}"`);
    }
    for (const s of ['Support Our Mission', 'Local Team', 'Donate Now', 'View All News', 'Project Update', 'General News']) {
      assert.ok(!body.includes(s), `German home shows English "${s}"`);
    }
  });

  test('news section: at most 4, only bilingual abstracts, newest first', async () => {
    const res = await request(h.app).get('/').set('Accept', 'application/json').expect(200);
    assert.equal(res.headers['vary']?.includes('Accept'), true);
    const news = res.body.props.news as { slug: string; abstractDe?: string | null; publishedAt: string; content?: string }[];
    assert.ok(news.length <= 4 && news.length > 0);
    // The same articles on the German home, each with its German abstract (the English page's data
    // carries English only).
    const deNews = (await request(h.app).get('/de').set('Accept', 'application/json').expect(200)).body.props.news as typeof news;
    assert.deepEqual(deNews.map((a) => a.slug), news.map((a) => a.slug));
    assert.ok(deNews.every((a) => a.abstractDe));
    assert.ok(news.every((a) => a.content === undefined), 'cards do not ship article bodies');
    const dates = news.map((a) => Date.parse(a.publishedAt));
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a));
  });

  test('client navigation gets the same controller as JSON', async () => {
    const res = await request(h.app).get('/de').set('Accept', 'application/json').expect(200).expect('Content-Type', /json/);
    assert.equal(res.body.routeId, 'home');
    assert.equal(res.body.lang, 'de');
    assert.deepEqual(res.body.alternates, { en: '/', de: '/de' });
    assert.ok(Array.isArray(res.body.props.projects));
  });

  test('a chosen language is remembered at the front door', async () => {
    const res = await request(h.app).get('/').set('Cookie', 'lang=de').expect(302);
    assert.equal(res.headers.location, '/de');
    await request(h.app).get('/').set('Cookie', 'lang=en').expect(200);
    // Choosing English on one of our pages is never overridden by the remembered German.
    await request(h.app).get('/').set('Cookie', 'lang=de').set('Host', 'localhost:5000').set('Referer', 'http://localhost:5000/de/team').expect(200);
    await request(h.app).get('/').set('Cookie', 'lang=de').set('Referer', 'https://elsewhere.example/').expect(302);
  });

  test('unknown paths are 404 with the Page Not Found page, in the right language', async () => {
    const en = await request(h.app).get('/no/such/page').expect(404);
    assert.ok(en.text.includes('Page Not Found'));
    assert.ok(en.text.includes('forget to add the page to the router'));
    assert.match(en.text, /<meta name="robots" content="noindex"\/?>/);
    const de = await request(h.app).get('/de/gibt-es-nicht').expect(404);
    assert.ok(de.text.includes('Seite nicht gefunden'));
  });

  test('security headers: CSP allows Stripe.js and nothing else from outside', async () => {
    const res = await request(h.app).get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    // No inline script at all: the page's one script is a file of ours (the islands' loader); the
    // island list and the search data are JSON, which never runs.
    const inline = [...res.text.matchAll(/<script(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([^<]+)<\/script>/g)];
    assert.equal(inline.length, 0);
    assert.deepEqual(scriptSrc, ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    assert.ok(!scriptSrc.includes("'unsafe-inline'"));
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  test('public pages start their code after the first paint; admin pages load it at once', async () => {
    const manifest = h.deps.assets();
    const home = (await request(h.app).get('/').expect(200)).text;
    const head = home.slice(0, home.indexOf('</head>'));
    const body = home.slice(home.indexOf('</head>'));
    // Nothing for the browser to fetch before it paints but the hero picture: no script, no module
    // preload, no text file in the head.
    assert.doesNotMatch(head, /<script(?! type="application\/(?:json|ld\+json)")|rel="modulepreload"|as="fetch"/);
    assert.match(head, /<link rel="preload" href="\/images\/hero\/slide-1\.svg" as="image" fetchPriority="high"\/>/i);
    // One module, at the end of the body: the islands' loader, after the list of the page's islands.
    const modules = [...home.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    assert.deepEqual(modules, [manifest.islands.loader]);
    assert.ok(body.indexOf('id="__islands"') < body.indexOf(manifest.islands.loader), 'the island list comes first');
    assert.match(home, new RegExp(`<script type="module" src="${manifest.islands.loader}"></script>(<noscript>.*</noscript>)?</body></html>\\s*$`));
    // The admin: nothing fetched before it paints but its stylesheets; one module at the end of the
    // body, the start script, which names the app, its chunks and its text (asked for after the paint).
    const admin = (await request(h.app).get('/admin-login').expect(200)).text;
    const adminHead = admin.slice(0, admin.indexOf('</head>'));
    assert.doesNotMatch(adminHead, /<script(?! type="application\/(?:json|ld\+json)")|rel="modulepreload"|as="fetch"/);
    const adminModules = [...admin.matchAll(/<script type="module" src="([^"]+)"[^>]*><\/script>/g)].map((m) => m[1]);
    assert.deepEqual(adminModules, [manifest.admin.start]);
    assert.ok(admin.includes(`data-admin-app="${manifest.admin.js}"`));
    assert.ok(admin.includes(`data-imports="${manifest.admin.imports.join(' ')}"`));
    assert.ok(admin.includes(`data-locale="${manifest.admin.locales.en}"`));
    assert.ok(!admin.includes(manifest.islands.loader));
  });

  test('sitemap.xml lists every public page in both languages with alternates; robots.txt', async () => {
    const res = await request(h.app).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    for (const loc of ['http://localhost:5000/', 'http://localhost:5000/de', 'http://localhost:5000/about', 'http://localhost:5000/de/about', 'http://localhost:5000/projects/nook-vocational-training-center', 'http://localhost:5000/de/news']) {
      assert.ok(res.text.includes(`<loc>${loc}</loc>`), `sitemap lacks ${loc}`);
    }
    assert.ok(!res.text.includes('/admin'));
    assert.ok(!res.text.includes('water-survey-points-to-new-borehole-site'), 'an article without German abstract is not listed');
    assert.match(res.text, /hreflang="de"/);
    const robots = await request(h.app).get('/robots.txt').expect(200);
    assert.match(robots.text, /Disallow: \/admin/);
    assert.match(robots.text, /Sitemap: http:\/\/localhost:5000\/sitemap\.xml/);
  });

  test('rendered pages are cached, and any content write through Knex shows on the next request', async () => {
    const first = await request(h.app).get('/').expect(200);
    const again = await request(h.app).get('/').expect(200);
    assert.equal(again.text, first.text);
    await h.deps.db('projects').where({ slug: 'nook-solar-power' }).update({ title: 'Sunlight for Every Classroom' });
    const after = await request(h.app).get('/').expect(200);
    assert.ok(after.text.includes('Sunlight for Every Classroom'));
    const json = await request(h.app).get('/').set('Accept', 'application/json').expect(200);
    assert.ok(json.body.props.projects.some((p: { title: string }) => p.title === 'Sunlight for Every Classroom'));
  });

  test('public pages never load the admin stylesheet; admin pages do', async () => {
    const home = await request(h.app).get('/').expect(200);
    assert.ok(!home.text.includes('data-admin-css'));
    const manifest = h.deps.assets();
    assert.ok(!home.text.includes(`href="${manifest.adminCss}"`));
    const login = await request(h.app).get('/admin-login').expect(200);
    assert.match(login.text, new RegExp(`<link rel="stylesheet" href="${manifest.adminCss}"/?>`));
  });

  test('built assets are served immutable, pages are revalidated', async () => {
    const page = await request(h.app).get('/').expect(200);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(page.text)![1]!;
    const asset = await request(h.app).get(css).expect(200);
    assert.match(asset.headers['cache-control'], /immutable/);
  });
});
