// Projects, project detail, project template, news and articles: complete in the server HTML,
// in both languages, with their search data; unknown slugs answer 404 with their not-found page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { ON_POSTGRES, testApp } from '../helpers';

/** Visible text of the server HTML (scripts and tags removed, the soft hyphen dropped). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00ad/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The JSON-LD objects of a page. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);


const NOOK = '/projects/nook-vocational-training-center';
const SKILLS = '/projects/skills-for-life-youth-programme';
const BOREHOLE = '/projects/village-borehole-water-point';
const SOLAR_ARTICLE = '/news/solar-infrastructure-brings-light-to-the-tariro-nook';
const HIDDEN_ARTICLE = 'water-survey-points-to-new-borehole-site';

describe('projects, news and articles in the server HTML', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  const get = (path: string, status = 200) => request(h.app).get(path).expect(status).expect('Content-Type', /html/);
  /** The page's data as the browser gets it (its JSON, in the page's language). */
  const pageData = async (path: string) => (await request(h.app).get(path).set('Accept', 'application/json').expect(200)).body.props as Record<string, any>;

  const expectText = (body: string, must: string[], mustNot: string[] = [], where = '') => {
    for (const s of must) assert.ok(body.includes(s), `${where} lacks "${s}"`);
    for (const s of mustNot) assert.ok(!body.includes(s), `${where} shows "${s}"`);
  };

  test('/projects and /de/projects: hero, filters and every project', async () => {
    const en = text((await get('/projects')).text);
    expectText(en, ['Our projects', 'All', 'Need Funding', 'In Progress', 'Completed', 'Tariro Nook Vocational Training Center', 'Solar Power for the Tariro Nook', 'Medical Transport for the Mission Hospital'], [], '/projects');
    const deRes = await get('/de/projects');
    assert.match(deRes.text, /<html lang="de">/);
    const de = text(deRes.text);
    expectText(de, ['Unsere Projekte', 'Alle', 'Berufsbildungszentrum Tariro Nook', 'Krankentransport für das Missionsspital'], ['Our projects', 'Need Funding', 'Support Project'], '/de/projects');
    assert.ok(jsonLd(deRes.text).some((ld) => ld['@type'] === 'ItemList' && ld.itemListElement.length === 10));
  });

  test('project detail (English): hero, status badge, about, impact, start date, goal, sidebar, updates, JSON-LD', async () => {
    const res = await get(NOOK);
    const body = text(res.text);
    expectText(body, [
      'Tariro Nook Vocational Training Center',
      'In Progress',
      'About This Project',
      'opened in 2022 as a learning centre',
      'Project Impact',
      'Start date', 'March 1, 2024',
      'Funding goal', '$96,000',
      'Funding Progress', '61% funded', '$58,740 raised of $96,000',
      'Donate Now', 'Share Project', 'Status', 'Last updated',
      'Project Updates', 'Hostel Walls Rise at the Tariro Nook',
      'View All Projects',
    ], ['Loading'], NOOK);
    assert.match(res.text, new RegExp(`href="/checkout\\?project=nook-vocational-training-center"`));
    assert.match(res.text, /href="\/news\/hostel-walls-rise-at-the-tariro-nook"/);
    assert.match(res.text, /href="\/projects"/);
    // Project updates are summaries: no article bodies in the page data.
    const props = await pageData(NOOK);
    assert.ok(props.news.length > 0 && props.news.every((a: Record<string, unknown>) => !('content' in a) && !('contentDe' in a)));
    const ld = jsonLd(res.text);
    const project = ld.find((x) => x['@type'] === 'Project');
    assert.ok(project, 'Project JSON-LD');
    assert.equal(project.funder['@type'], 'NGO');
    assert.equal(project.potentialAction['@type'], 'DonateAction');
    assert.ok(ld.some((x) => x['@type'] === 'NGO'));
    assert.match(res.text, /<link rel="canonical" href="http:\/\/localhost:5000\/projects\/nook-vocational-training-center"\/?>/);
  });

  test('Nook and Skills for Life projects carry the long sections with the 106,660 budget; others do not', async () => {
    for (const path of [NOOK, SKILLS]) {
      const body = text((await get(path)).text);
      expectText(body, [
        'The Tariro Nook in Pictures', 'How the Programme Works', 'Needs assessment', 'Psychosocial Support', 'Vocational Areas',
        'Budget Breakdown', '$35,000', '$28,000', '$25,000', '$12,000', '$6,660', '$106,660',
        'What Has Been Achieved', '$276,428', '36+', 'Voices from the Nook',
      ], [], path);
    }
    const de = text((await get(`/de${SKILLS}`)).text);
    expectText(de, ['Budgetübersicht', '$106’660', 'Psychosoziale Begleitung', 'Stimmen aus dem Nook', 'Finanzierung gesucht'], ['Budget Breakdown', 'Seeking Funding', 'Sucht Finanzierung'], `/de${SKILLS}`);
    const other = text((await get('/projects/mission-hospital-medical-transport')).text);
    expectText(other, ['Project Impact', 'Seeking Funding'], ['Budget Breakdown', 'Voices from the Nook'], 'transport project');
  });

  test('status badges: funding -> Seeking Funding, progress -> In Progress, anything else -> Completed', async () => {
    const badge = async (path: string) => /<span class="badge badge-(\w+)">([^<]+)<\/span>\s*<h1>/.exec((await get(path)).text)?.slice(1);
    assert.deepEqual(await badge(SKILLS), ['funding', 'Seeking Funding']);
    assert.deepEqual(await badge(NOOK), ['progress', 'In Progress']);
    assert.deepEqual(await badge('/projects/nook-solar-power'), ['completed', 'Completed']);
    assert.deepEqual(await badge(`/de${SKILLS}`), ['funding', 'Finanzierung gesucht']);
  });

  test('project updates: only public articles, so neither language links to the one without a German abstract', async () => {
    const res = await get(BOREHOLE);
    expectText(text(res.text), ['Project Updates', 'No news updates available for this project yet'], ['Water Survey Points to a New Borehole Site'], BOREHOLE);
    assert.ok(!res.text.includes(`/news/${HIDDEN_ARTICLE}`));
    assert.ok(!(await get(`/de${BOREHOLE}`)).text.includes(HIDDEN_ARTICLE));
    expectText(text((await get(`/de${BOREHOLE}`)).text), ['Zu diesem Projekt gibt es noch keine Berichte'], ['No news updates'], 'de borehole');
  });

  test('German pages describe their pictures in German: every project and article, no English alt text', async () => {
    const slugs = async (table: string) => ((await h.deps.db(table).whereNull('deletedAt').select('slug')) as { slug: string }[]).map((r) => r.slug);
    const pages = [...(await slugs('projects')).map((s) => `/de/projects/${s}`), ...(await slugs('news_articles')).map((s) => `/de/news/${s}`), '/de', '/de/team', '/de/projects', '/de/news'];
    let pictures = 0;
    for (const page of pages) {
      const res = await request(h.app).get(page).set('Accept', 'text/html');
      if (res.status !== 200) continue;
      for (const [img] of res.text.matchAll(/<img [^>]*>/g)) {
        pictures++;
        assert.doesNotMatch(img, /lang="en"/, `${page}: ${img}`);
      }
    }
    assert.ok(pictures > 50, `${pictures} pictures looked at`);
    // The project's picture in German, as the library keeps it.
    assert.match((await get(`/de${BOREHOLE}`)).text, /alt="Illustration: eine Handpumpe und ein Wassertank in einem Dorf"/);
  });

  test('German project detail: German interface and content, German links', async () => {
    const res = await get(`/de${NOOK}`);
    const body = text(res.text);
    expectText(body, ['Berufsbildungszentrum Tariro Nook', 'In Umsetzung', 'Über dieses Projekt', 'Wirkung des Projekts', 'Projektbeginn', '1. März 2024', 'Finanzierungsziel', '61 % finanziert', 'Jetzt spenden', 'Projekt teilen', 'Zuletzt aktualisiert', 'Projektberichte', 'Alle Projekte ansehen'],
      ['About This Project', 'Project Impact', 'Donate Now', 'Share Project', 'Last updated', 'Project Updates', 'View All Projects', 'Read more', 'In Arbeit'], `/de${NOOK}`);
    assert.match(res.text, /href="\/de\/checkout\?project=nook-vocational-training-center"/);
    assert.match(res.text, /href="\/de\/news\/hostel-walls-rise-at-the-tariro-nook"/);
    assert.doesNotMatch(body, /ß/);
  });

  test('unknown project: 404, Project Not Found (German on /de), Back to Projects, noindex', async () => {
    const res = await get('/projects/no-such-project', 404);
    expectText(text(res.text), ['Project Not Found', 'Back to Projects'], [], 'unknown project');
    assert.match(res.text, /<meta name="robots" content="noindex"\/?>/);
    assert.match(res.text, /href="\/projects"/);
    const de = await get('/de/projects/no-such-project', 404);
    expectText(text(de.text), ['Projekt nicht gefunden', 'Zurück zu den Projekten'], ['Project Not Found'], 'unknown project de');
    const json = await request(h.app).get('/projects/no-such-project').set('Accept', 'application/json').expect(404);
    assert.equal(json.body.props.project, null);
  });

  test('/projects/new-project-template: every section, figure and budget line, in both languages', async () => {
    const res = await get('/projects/new-project-template');
    const body = text(res.text);
    expectText(body, [
      'Youth Skills and Enterprise Programme', 'Need Funding', 'Support Project', '$25,000', '$106,000', '$25,000 raised of $106,000',
      'Project Overview', 'Objectives', 'Implementation Approach',
      'Carpentry', 'Welding', 'Wood carving', 'Baking and pastry', 'Creative arts', 'Weaving',
      'Group therapy', 'Individual counselling', 'Mental health workshops', 'Gallery',
      'Welding machine', '$1,200', 'Sewing machines', '$1,300', 'Baking oven', '$4,000', 'Welding rods', '$1,040',
      'Protective equipment', '$10,000', 'Tool boxes', '$850', 'Wood', '$5,800', 'Trainer salaries', '$24,000',
      'Start-up capital for graduates', '$30,000', 'Operations', '$27,770', 'Bank charges for transfers to Zimbabwe', '$40',
      'Logical Framework', '50+ youth with a sustainable income', '90% master at least 2 skills', '100% receive counselling', '60% start a business',
      'Funding Progress', '24% funded', 'Donate Now', 'Project Details', 'Location', '50 youth', '16-25 years',
      '6 months intensive training + 6 months support', '$500 per graduate', '5 days', '3 months', 'Share Project', 'Contact us',
    ], [], 'template');
    // The total row is the sum of the lines above it.
    const total = /data-testid="budget-total">\$([\d,]+)</.exec(res.text)?.[1];
    const lines = [...res.text.matchAll(/<tr><th scope="row">[^<]+<\/th><td class="pj-num">[^<]*<\/td><td class="pj-num">\$([\d,]+)<\/td><\/tr>/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
    assert.equal(lines.length, 11, 'the ten budget lines and the bank charges');
    assert.equal(Number(total?.replace(/,/g, '')), lines.reduce((a, b) => a + b, 0));
    assert.equal(total, '106,000');
    assert.match(res.text, /aria-valuenow="24"/);
    assert.match(res.text, /href="\/contact"/);
    assert.equal((res.text.match(/class="gallery-open"/g) ?? []).length, 6);
    assert.match(res.text, /<meta property="og:title" content="Project Template: Youth Skills and Enterprise Programme/);

    const de = text((await get('/de/projects/new-project-template')).text);
    expectText(de, ['Berufs- und Unternehmerprogramm für Jugendliche', 'Finanzierung gesucht', 'Projekt unterstützen', '$25’000', '$106’000', '24 % finanziert', 'Schweissgerät', 'Nähmaschinen', 'Wirkungsmodell', 'Holzschnitzerei', 'Weben und Flechten', 'Gruppentherapie', '50 Jugendliche', 'Kontakt aufnehmen'],
      ['Need Funding', 'Support Project', 'Donate Now', 'Logical Framework', 'Welding machine'], 'template de');
  });

  test('/news: only bilingual articles, newest first, with badges, project numbers, clamps and share buttons', async () => {
    const res = await get('/news');
    const props = await pageData('/news');
    const news = props.news as { slug: string; publishedAt: string; abstractDe: string | null; content?: string }[];
    assert.ok(news.length >= 10);
    assert.ok(!news.some((a) => a.slug === HIDDEN_ARTICLE), 'article without a German abstract is listed');
    assert.ok(!res.text.includes(HIDDEN_ARTICLE));
    assert.ok(news.every((a) => a.content === undefined));
    // Every listed article has its German abstract (the English page's data carries English only).
    const deNews = (await pageData('/de/news')).news as { slug: string; abstractDe: string | null }[];
    assert.deepEqual(deNews.map((a) => a.slug), news.map((a) => a.slug));
    assert.ok(deNews.every((a) => a.abstractDe));
    const dates = news.map((a) => Date.parse(a.publishedAt));
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a));
    // Newest first in the HTML too.
    assert.ok(res.text.indexOf('hostel-walls-rise-at-the-tariro-nook') < res.text.indexOf('annual-report-2024-published'));
    const body = text(res.text);
    expectText(body, ['News and updates', 'Project Update', 'General News', 'Project #', 'September 14, 2026', 'Read more'], [], '/news');
    assert.match(res.text, /class="card-title clamp-2"/);
    assert.match(res.text, /class="card-text clamp-3"/);
    assert.ok((res.text.match(/aria-label="Share: /g) ?? []).length >= news.length);

    const de = text((await get('/de/news')).text);
    expectText(de, ['Neuigkeiten', 'Projekt-Update', 'Allgemeine News', 'Projekt Nr.', '14. September 2026', 'Solaranlage bringt Licht ins Tariro Nook'], ['Project Update', 'General News', 'Read more'], '/de/news');
  });

  test('article: hero, date, share, body from the markup, gallery buttons, extras, related project, JSON-LD', async () => {
    const res = await get(SOLAR_ARTICLE);
    const html = res.text;
    const body = text(html);
    expectText(body, [
      'Back to News', 'Project Update', 'May 6, 2025', 'Solar Infrastructure Brings Light to the Tariro Nook',
      'Twenty-four panels, a battery bank and new wiring', 'Published on May 6, 2025', 'Share Article',
      'What was installed', 'Photo Gallery', 'Solar Infrastructure Gallery', 'Installation', 'Batteries and power',
      'Related Project', 'Solar Power for the Tariro Nook', 'View Project', 'Join the Movement', 'More News',
    ], ['Download Complete Report'], SOLAR_ARTICLE);
    assert.match(html, /<h2>What was installed<\/h2>/);
    assert.match(html, /<div class="article-gallery">/);
    assert.equal((html.match(/data-image="/g) ?? []).length, 3);
    // 18 solar photos + 4 unique photos of the article (inline + gallery, deduplicated: 3) + 3 gallery buttons in the text.
    assert.equal((html.match(/class="gallery-open"/g) ?? []).length, 18 + 3 + 3);
    assert.match(html, /href="\/projects\/nook-solar-power"/);
    assert.match(html, /href="\/news"/);
    // The video is a poster button until asked for: no frame in the HTML.
    assert.doesNotMatch(html, /<iframe/);
    assert.match(html, /Play video: The solar installation at the Tariro Nook/);
    const ld = jsonLd(html).find((x) => x['@type'] === 'NewsArticle')!;
    assert.equal(ld.headline, 'Solar Infrastructure Brings Light to the Tariro Nook');
    assert.equal(ld.datePublished, '2025-05-06T07:30:00.000Z');
    assert.equal(ld.inLanguage, 'en');
    assert.equal(ld.publisher['@type'], 'NGO');
    assert.ok(String(ld.image[0]).startsWith('http://localhost:5000/images/news/'));
    assert.match(html, /<meta property="og:type" content="article"\/?>/);
    // The body travels as sanitized HTML; the raw markup does not.
    const props = await pageData(SOLAR_ARTICLE);
    assert.equal(props.article.content, undefined);
    assert.ok(!html.includes(':::gallery'));
  });

  test('German article: German title, abstract, body and interface', async () => {
    const res = await get(`/de${SOLAR_ARTICLE}`);
    const body = text(res.text);
    expectText(body, ['Zurück zu den Neuigkeiten', 'Projekt-Update', '6. Mai 2025', 'Solaranlage bringt Licht ins Tariro Nook', 'Vierundzwanzig Module', 'Was installiert wurde', 'Beitrag teilen', 'Fotogalerie', 'Galerie der Solaranlage', 'Zugehöriges Projekt', 'Solarstrom für das Tariro Nook', 'Machen Sie mit', 'Weitere Neuigkeiten'],
      ['Back to News', 'Share Article', 'What was installed', 'Photo Gallery', 'Related Project', 'Join the Movement', 'More News', 'Twenty-four panels on the'], `/de${SOLAR_ARTICLE}`);
    assert.match(res.text, /href="\/de\/projects\/nook-solar-power"/);
    assert.equal(jsonLd(res.text).find((x) => x['@type'] === 'NewsArticle')!.inLanguage, 'de');
  });

  test('PDF links are collected into Download Complete Report; general news has no related project', async () => {
    const res = await get('/news/annual-report-2024-published');
    const body = text(res.text);
    expectText(body, ['Download Complete Report', 'Download the 2024 annual report (PDF)', 'Join the Movement'], ['Related Project', 'Project Update'], 'annual report');
    assert.match(res.text, /<a href="\/docs\/annual-report-2024\.pdf" class="btn btn-primary" download="">/);
    const de = text((await get('/de/news/annual-report-2024-published')).text);
    expectText(de, ['Vollständigen Bericht herunterladen', 'Jahresbericht 2024 herunterladen (PDF)'], ['Download Complete Report'], 'annual report de');
  });

  test('title rules: Beautification has its gallery and video but no photo gallery; Solar Stand 14 photos; Skills Training gallery', async () => {
    const beauty = await get('/news/beautification-and-recycling-at-the-tariro-nook');
    expectText(text(beauty.text), ['Beautification Gallery', 'Play video'], ['Photo Gallery'], 'beautification');
    const stand = await get('/news/solar-stand-installation-completed');
    expectText(text(stand.text), ['Solar Stand Installation Gallery', 'Photo Gallery'], [], 'solar stand');
    const standGallery = stand.text.slice(stand.text.indexOf('id="extra-solarStand"'));
    assert.equal((standGallery.slice(0, standGallery.indexOf('</section>')).match(/class="gallery-open"/g) ?? []).length, 14);
    expectText(text((await get('/news/skills-training-first-cycle-lessons')).text), ['Skills Training Gallery', 'Related Project', 'Skills for Life: Youth Vocational Programme'], [], 'skills');
  });

  test('an article whose project id is unknown links to the default Nook hostel project', async () => {
    const db = h.deps.db;
    // The foreign key normally clears a deleted project's id; this covers data that skipped it (imports, another database).
    const orphan = { slug: 'orphan-article', title: 'Orphan', titleDe: 'Waise', abstract: 'a', abstractDe: 'b', content: 'Body', contentDe: 'Text', imageUrl: '/images/news/annual-report-2024-published.svg', publishedAt: '2020-01-01T00:00:00.000Z', projectId: 987654 };
    if (ON_POSTGRES) {
      // Foreign-key triggers off for this one transaction (the test cluster's user is a superuser).
      await db.transaction(async (trx) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        await trx('news_articles').insert(orphan);
      });
    } else {
      await db.raw('PRAGMA foreign_keys = OFF');
      try {
        await db('news_articles').insert(orphan);
      } finally {
        await db.raw('PRAGMA foreign_keys = ON');
      }
    }
    const res = await get('/news/orphan-article');
    assert.match(res.text, /href="\/projects\/nook-vocational-training-center"/);
    expectText(text(res.text), ['Related Project', 'Tariro Nook Vocational Training Center', 'Project Update'], [], 'orphan');
  });

  test('an unlisted article (no German abstract) is not public: its address is a 404 in both languages, as /news leaves it out', async () => {
    const en = text((await get(`/news/${HIDDEN_ARTICLE}`, 404)).text);
    expectText(en, ['Article Not Found'], ['Water Survey Points to a New Borehole Site'], 'hidden en');
    const de = text((await get(`/de/news/${HIDDEN_ARTICLE}`, 404)).text);
    expectText(de, ['Beitrag nicht gefunden'], ['Wasseruntersuchung zeigt neuen Standort'], 'hidden de');
  });

  test('unknown article: 404, Article Not Found (German on /de) with a link back to the news', async () => {
    const res = await get('/news/no-such-article', 404);
    expectText(text(res.text), ['Article Not Found', 'Back to News'], [], 'unknown article');
    assert.match(res.text, /<meta name="robots" content="noindex"\/?>/);
    assert.match(res.text, /href="\/news"/);
    const de = await get('/de/news/no-such-article', 404);
    expectText(text(de.text), ['Beitrag nicht gefunden', 'Zurück zu den Neuigkeiten'], ['Article Not Found'], 'unknown article de');
  });

  test('client navigation gets the same pages as JSON', async () => {
    const res = await request(h.app).get(`/de${SOLAR_ARTICLE}`).set('Accept', 'application/json').expect(200);
    assert.equal(res.body.routeId, 'newsDetail');
    assert.match(res.body.props.html, /<h2>Was installiert wurde<\/h2>/);
    assert.equal(res.body.props.relatedProject.slug, 'nook-solar-power');
    const tpl = await request(h.app).get('/projects/new-project-template').set('Accept', 'application/json').expect(200);
    assert.equal(tpl.body.routeId, 'projectTemplate');
  });

  test('the sitemap lists every project and every listed article in both languages', async () => {
    const res = await request(h.app).get('/sitemap.xml').expect(200);
    for (const path of [NOOK, SKILLS, '/projects/new-project-template', '/news', SOLAR_ARTICLE]) {
      assert.ok(res.text.includes(`<loc>http://localhost:5000${path}</loc>`), path);
      assert.ok(res.text.includes(`<loc>http://localhost:5000/de${path}</loc>`), `/de${path}`);
    }
  });

  test('HTML of each page stays within 60 KB compressed', async () => {
    for (const path of ['/projects', NOOK, `/de${SKILLS}`, '/projects/new-project-template', '/de/news', SOLAR_ARTICLE]) {
      const res = await get(path);
      const size = gzipSync(res.text).length;
      assert.ok(size < 60 * 1024, `${path}: ${size} bytes compressed`);
    }
  });
});
