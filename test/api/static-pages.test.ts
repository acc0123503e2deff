// The static content pages (about, vision, mission, the programme pages, the Nook, team, contact),
// server-rendered in both languages with their search data.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { testApp } from '../helpers';

/** The visible text of a document: scripts and tags removed, the few entities React writes decoded. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

interface PageCase {
  path: string;
  meta: keyof typeof en.meta;
  en: string[];
  de: string[];
}

// Each page with the content it must show (docs/behaviour.md §2), in English and in German.
const PAGES: PageCase[] = [
  {
    path: '/about',
    meta: 'about',
    en: ['Five pillars of our work', 'Education', 'Health', 'Food', 'Income', 'Environment', 'Get in Touch', 'Switzerland office', 'Zimbabwe office', 'Chat on WhatsApp', 'Explore our projects', 'Meet our team', 'Show map'],
    de: ['Fünf Säulen unserer Arbeit', 'Bildung', 'Gesundheit', 'Ernährung', 'Einkommen', 'Umwelt', 'Nehmen Sie Kontakt auf', 'Büro Schweiz', 'Büro Simbabwe', 'Auf WhatsApp chatten', 'Unsere Projekte entdecken', 'Karte anzeigen'],
  },
  {
    path: '/vision',
    meta: 'vision',
    en: ['Thriving', 'Inclusive', 'Sustainable', 'Our four core values', 'Unity', 'Empowerment', 'Development', 'Sustainability', 'Looking ahead'],
    de: ['Blühend', 'Offen für alle', 'Nachhaltig', 'Unsere vier Grundwerte', 'Zusammenhalt', 'Befähigung', 'Entwicklung', 'Nachhaltigkeit', 'Der Blick nach vorn'],
  },
  {
    path: '/mission',
    meta: 'mission',
    en: ['Mission statement', 'Five commitments', 'How your donation reaches the villages', 'Our work in figures', '36+', '2022'],
    de: ['Leitsatz', 'Fünf Verpflichtungen', 'So erreicht Ihre Spende die Dörfer', 'Unsere Arbeit in Zahlen', '36+', '2022'],
  },
  {
    path: '/food-security',
    meta: 'foodSecurity',
    en: ['Three programmes', 'Community gardens', 'Training and seed saving', 'Water for the gardens', 'Farming in a changing climate', '17', '4+', '100%', 'Support a garden', 'See our projects'],
    de: ['Drei Programme', 'Gemeinschaftsgärten', 'Landwirtschaft im Klimawandel', '4+', '100%', 'Einen Garten unterstützen'],
  },
  {
    path: '/skills-training',
    meta: 'skillsTraining',
    en: ['36+', '$276K', '$276,428', '$106,660', '$35,000', '$28,000', '$25,000', '$12,000', '$6,660', '14', '12', 'Culinary arts', 'Fashion and textiles', 'Digital innovation', 'Crafts and construction', 'A journey of innovation', 'First-cycle results', 'Measurable impact', 'Community voices', 'Fund innovation programs', 'Explore all projects', 'The welding workshop'],
    de: ['36+', '276 Tsd. USD', '$276’428', '$106’660', '$35’000', '$6’660', 'Kochen und Backen', 'Mode und Textilien', 'Digitale Innovation', 'Handwerk und Bau', 'Ein Weg der Innovation', 'Messbare Wirkung', 'Stimmen aus der Gemeinschaft', 'Innovationsprogramme finanzieren', 'Alle Projekte entdecken'],
  },
  {
    path: '/health',
    meta: 'health',
    en: ['Mission hospital support', 'Medical transport', 'Medical staff incentives', 'Drug procurement', 'Donate for healthcare', 'View health projects'],
    de: ['Unterstützung des Missionsspitals', 'Krankentransport', 'Zulagen für das Personal', 'Beschaffung von Medikamenten', 'Für die Gesundheit spenden', 'Gesundheitsprojekte ansehen'],
  },
  {
    path: '/environment',
    meta: 'environment',
    en: ['Soil regeneration', 'Water management', 'Sustainable practices', 'Fund environmental projects', 'View green initiatives'],
    de: ['Bodenregeneration', 'Wassermanagement', 'Nachhaltige Praktiken', 'Umweltprojekte finanzieren', 'Grüne Initiativen ansehen'],
  },
  {
    path: '/tariro-nook',
    meta: 'nook',
    en: ['Tariro Nook', '276K USD', '36+', 'Self-learning', 'Digital literacy', 'Community integration', 'Computer literacy', 'Vocational skills', 'Entrepreneurship', 'Agricultural innovation', '$276,428', 'Learn about the project', 'Donate'],
    de: ['Tariro Nook', '276 Tsd. USD', 'Selbstständiges Lernen', 'Digitale Kompetenzen', 'Verankerung in der Gemeinschaft', 'Computerkenntnisse', 'Unternehmertum', '$276’428', 'Mehr über das Projekt', 'Spenden'],
  },
  {
    path: '/team',
    meta: 'team',
    en: ['Our Team', 'Local Team', 'Board of Trustees', 'Swiss Support Team', 'Bridging Two Communities'],
    de: ['Unser Team', 'Lokales Team', 'Stiftungsrat', 'Schweizer Support-Team'],
  },
  {
    path: '/contact',
    meta: 'contact',
    en: ['Contact Us', 'WhatsApp', 'Email', 'Phone', 'Send us a Message', 'Name', 'Subject', 'Message', 'Switzerland office', 'Zimbabwe office', 'Mwenezi Ward 3', 'Musterstrasse 12, 6000 Luzern, Switzerland', 'Donate by bank transfer', 'IBAN', 'BIC/SWIFT', 'Every franc goes directly to the hospital and the people, without administrative costs.', 'View our projects', 'Chat with us'],
    de: ['Kontakt', 'Senden Sie uns eine Nachricht', 'Betreff', 'Nachricht', 'Büro Schweiz', 'Büro Simbabwe', 'Musterstrasse 12, 6000 Luzern, Schweiz', 'Spenden per Banküberweisung', 'Jeder Franken geht direkt an das Spital und die Menschen, ohne Verwaltungskosten.', 'Mit uns chatten'],
  },
  { path: '/test-images', meta: 'testImages', en: ['Test Images', 'Test image 1', 'Test image 2', 'Test image 3'], de: ['Testbilder', 'Testbild 1', 'Testbild 3'] },
  {
    path: '/backend-demo',
    meta: 'backendDemo',
    en: ['Backend Overview', 'Architecture', 'API Endpoints', 'Live Data', 'Database Schema', 'Loading...'],
    de: ['Backend-Übersicht', 'Architektur', 'API-Endpunkte', 'Live-Daten', 'Datenbankschema', 'Laden...'],
  },
];

/** English strings of this page's interface that differ in German (long enough not to be a shared word). */
function englishOnlyStrings(): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown) => {
    if (typeof a === 'string') {
      if (a !== b && a.length >= 12 && !a.includes('{{')) out.push(a);
      return;
    }
    if (a && typeof a === 'object') for (const k of Object.keys(a)) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)?.[k]);
  };
  for (const ns of ['about', 'vision', 'mission', 'food', 'skills', 'health', 'environment', 'nook', 'teamPage', 'contact', 'testImages', 'backendDemo', 'common', 'nav', 'map', 'team', 'offices'] as const) {
    walk((en as Record<string, unknown>)[ns], (de as Record<string, unknown>)[ns]);
  }
  return out;
}

describe('static content pages', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  for (const page of PAGES) {
    for (const lang of ['en', 'de'] as const) {
      const url = lang === 'en' ? page.path : `/de${page.path}`;
      test(`${url} is complete in the server HTML with its search data`, async () => {
        const res = await request(h.app).get(url).expect(200).expect('Content-Type', /html/);
        const html = res.text;
        const meta = (lang === 'en' ? en : de).meta[page.meta];
        assert.match(html, new RegExp(`<html lang="${lang}">`));
        assert.equal(text(attr(html, /<title>([^<]*)<\/title>/) ?? ''), `${meta.title} | Kuvaka Community Trust`);
        assert.equal(text(attr(html, /<meta name="keywords" content="([^"]*)"/) ?? ''), (meta as { keywords?: string }).keywords);
        assert.ok(attr(html, /<meta name="description" content="([^"]*)"/), 'description');
        assert.equal(attr(html, /<link rel="canonical" href="([^"]*)"/), `http://localhost:5000${url}`);
        assert.match(html, /<meta property="og:title"/);
        assert.match(html, /<meta name="twitter:card"/);
        assert.equal(html.match(/<h1[\s>]/g)?.length, 1, 'exactly one h1');
        const body = text(html);
        for (const s of page[lang]) assert.ok(body.includes(s), `${url} lacks "${s}"`);
        // Every image has its size and an alt attribute.
        for (const img of html.match(/<img [^>]*>/g) ?? []) {
          assert.match(img, / alt="/, img);
          assert.match(img, / width="\d+"/, img);
          assert.match(img, / height="\d+"/, img);
        }
      });
    }
  }

  test('German pages show no English interface text', async () => {
    const english = englishOnlyStrings();
    assert.ok(english.length > 300, 'the check covers the pages’ strings');
    for (const page of PAGES) {
      const body = text((await request(h.app).get(`/de${page.path}`).expect(200)).text);
      const found = english.filter((s) => body.includes(s));
      assert.deepEqual(found, [], `/de${page.path} shows English text`);
    }
  });

  test('the German skills page formats amounts the Swiss way and the English one the US way', async () => {
    const enBody = text((await request(h.app).get('/skills-training')).text);
    const deBody = text((await request(h.app).get('/de/skills-training')).text);
    assert.ok(enBody.includes('32.8%') && enBody.includes('100.0%'));
    assert.ok(deBody.includes('$28’000') && !deBody.includes('$28,000'));
  });

  test('the about page links the pillars (Income has no link), both offices, the chat and the buttons', async () => {
    const html = (await request(h.app).get('/about')).text;
    for (const href of ['/skills-training', '/health', '/food-security', '/environment', '/projects', '/team']) {
      assert.match(html, new RegExp(`href="${href}"`), href);
    }
    assert.match(html, /href="https:\/\/wa\.me\/[^"?]+\?text=Hello[^"]*" target="_blank" rel="noopener noreferrer"/);
    const pillars = html.slice(html.indexOf('id="about-pillars"'));
    const income = pillars.slice(pillars.indexOf('>Income<'), pillars.indexOf('>Environment<'));
    assert.ok(income.length > 0 && !income.includes('<a '), 'the Income pillar has no link');
    const deHtml = (await request(h.app).get('/de/about')).text;
    assert.match(deHtml, /href="\/de\/skills-training"/);
    assert.match(deHtml, /href="https:\/\/wa\.me\/[^"?]+\?text=Hallo/);
  });

  test('the learning-centre page links the Nook project and the checkout', async () => {
    const html = (await request(h.app).get('/tariro-nook')).text;
    assert.match(html, /href="\/projects\/nook-vocational-training-center"/);
    assert.match(html, /href="\/checkout"/);
    const deHtml = (await request(h.app).get('/de/tariro-nook')).text;
    assert.match(deHtml, /href="\/de\/projects\/nook-vocational-training-center"/);
  });

  test('programme pages have their buttons to checkout and projects', async () => {
    for (const path of ['/food-security', '/skills-training', '/health', '/environment']) {
      const html = (await request(h.app).get(path)).text;
      assert.match(html, /href="\/checkout"/, path);
      assert.match(html, /href="\/projects"/, path);
    }
  });

  test('the contact page has the chat, mail and phone links, the bank details and a form that posts to the mail program, not to us', async () => {
    const { site } = h.deps.config;
    const html = (await request(h.app).get('/contact')).text;
    assert.ok(html.includes(`href="mailto:${site.email}"`));
    assert.ok(html.includes(`href="tel:${site.phone.replace(/\s/g, '')}"`));
    assert.match(html, /href="https:\/\/wa\.me\/\d+\?text=/);
    const body = text(html);
    for (const s of [site.iban, site.bic, site.bank]) assert.ok(body.includes(s), s);
    for (const field of ['name', 'email', 'subject', 'message']) assert.match(html, new RegExp(`<label for="contact-${field}"`));
    const form = html.slice(html.indexOf('<form class="contact-form"'));
    const tag = form.slice(0, form.indexOf('>'));
    // Before the script runs (or without it) the browser hands the message to the mail program:
    // never a GET to our own server, which would put the message into the address bar and history.
    assert.match(tag, new RegExp(`action="mailto:${site.email.replace(/[.]/g, '\\.')}\\?subject=Message%20from%20the%20website"`));
    // (HTML attribute names are case-insensitive; React writes encType and minLength.)
    assert.match(tag, /method="post"/i);
    assert.match(tag, /enctype="text\/plain"/i);
    assert.doesNotMatch(tag, /method="get"|action="\/|action="http/i);
    // The browser checks the minimum lengths and the e-mail itself until the script takes over with its own messages.
    assert.doesNotMatch(tag, /novalidate/i);
    const fields = form.slice(0, form.indexOf('</form>'));
    const tagOf = (id: string) => /<(?:input|textarea)\b[^>]*>/.exec(fields.slice(fields.indexOf(`id="${id}"`) - 40))?.[0] ?? '';
    const has = (id: string, ...attrs: string[]) => {
      for (const a of attrs) assert.ok(tagOf(id).toLowerCase().includes(a.toLowerCase()), `${id} lacks ${a}: ${tagOf(id)}`);
    };
    has('contact-name', 'name="Name"', 'required=""', 'minLength="2"');
    has('contact-email', 'name="Email"', 'required=""', 'type="email"');
    has('contact-subject', 'name="Subject"', 'required=""', 'minLength="5"');
    has('contact-message', 'name="Message"', 'required=""', 'minLength="10"');
    // Content-Security-Policy lets the form go to the mail program, and nowhere else but us.
    const csp = (await request(h.app).get('/contact')).headers['content-security-policy'];
    assert.match(csp, /form-action 'self' mailto:;/);

    const de = (await request(h.app).get('/de/contact')).text;
    const deTag = de.slice(de.indexOf('<form class="contact-form"'), de.indexOf('>', de.indexOf('<form class="contact-form"')));
    assert.match(deTag, /\?subject=Nachricht%20%C3%BCber%20die%20Website"/);
    assert.match(de, /<textarea[^>]*name="Nachricht"/);
  });

  test('the team page lists every member in the three groups', async () => {
    const members = await h.deps.db('team_members').select('name', 'location');
    const html = (await request(h.app).get('/team')).text;
    const body = text(html);
    for (const m of members) assert.ok(body.includes(m.name), m.name);
    const groups = text(html.slice(html.indexOf('id="team-groups-title"')));
    const order = ['Local Team', 'Board of Trustees', 'Swiss Support Team'].map((g) => groups.indexOf(g));
    assert.ok(order.every((i) => i > 0));
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
    // Navigation asks for the same page as JSON: the team comes with it.
    const json = await request(h.app).get('/de/team').set('Accept', 'application/json').expect(200);
    assert.equal(json.body.routeId, 'team');
    assert.equal(json.body.props.team.length, members.length);
  });

  test('an intro edited in the admin Pages tab replaces the built-in one, as Markdown (never HTML)', async () => {
    const before = await h.deps.db('page_contents').where({ pageName: 'health' }).first();
    try {
      await h.deps.db('page_contents').where({ pageName: 'health' }).update({
        title: 'Care that arrives in time',
        titleDe: 'Hilfe, die rechtzeitig ankommt',
        content: 'First paragraph.\n\nSecond <script>alert(1)</script> paragraph.',
        contentDe: 'Erster Absatz.\n\nZweiter Absatz.',
      });
      const html = (await request(h.app).get('/health')).text;
      assert.match(html, /<h1[^>]*>Care that arrives in time<\/h1>/);
      assert.match(html, /<div class="lead lead-html"><p>First paragraph\.<\/p>\s*<p>Second &lt;script&gt;alert\(1\)&lt;\/script&gt; paragraph\.<\/p>/);
      assert.doesNotMatch(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''), /<script>alert/);
      const deHtml = (await request(h.app).get('/de/health')).text;
      assert.match(deHtml, /<h1[^>]*>Hilfe, die rechtzeitig ankommt<\/h1>/);
      assert.ok(deHtml.includes('Zweiter Absatz.'));
      // Without an edited intro, the page has its own.
      await h.deps.db('page_contents').where({ pageName: 'health' }).delete();
      const plain = text((await request(h.app).get('/health')).text);
      assert.ok(plain.includes(en.health.hero.title) && plain.includes(en.health.hero.lead));
    } finally {
      await h.deps.db('page_contents').where({ pageName: 'health' }).delete();
      await h.deps.db('page_contents').insert(before);
    }
  });

  test('the team and contact headings stay Our Team and Contact Us, whatever the edited title', async () => {
    const html = (await request(h.app).get('/contact')).text;
    assert.match(html, /<h1[^>]*>Contact Us<\/h1>/);
    assert.match((await request(h.app).get('/team')).text, /<h1[^>]*>Our Team<\/h1>/);
  });
});

describe('backend overview is read from the running application', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
    // A route and a table added after start must show up: the page is not a written copy.
    h.app.get('/api/zz-probe/:id', (_req, res) => {
      res.json({});
    });
    await h.deps.db.schema.createTable('zz_probe_table', (t) => {
      t.increments('id');
      t.string('probe_label').notNullable();
    });
  });
  after(() => h.close());

  test('the API tab lists every /api route of the Express router, with its method', async () => {
    const json = await request(h.app).get('/backend-demo').set('Accept', 'application/json').expect(200);
    const routes = json.body.props.apiRoutes as { method: string; path: string }[];
    const has = (method: string, path: string) => routes.some((r) => r.method === method && r.path === path);
    for (const path of ['/api/projects', '/api/projects/:id', '/api/projects/slug/:slug', '/api/news', '/api/team']) {
      assert.ok(has('GET', path), `GET ${path}`);
    }
    assert.ok(has('GET', '/api/zz-probe/:id'), 'a route added at run time');
    assert.ok(routes.every((r) => r.path.startsWith('/api/')));
    assert.ok(!routes.some((r) => r.method === 'HEAD'));
    const html = (await request(h.app).get('/backend-demo')).text;
    assert.ok(html.includes('/api/projects/slug/:slug') && html.includes('/api/zz-probe/:id'));
  });

  test('the schema tab shows the real tables and columns', async () => {
    const html = (await request(h.app).get('/backend-demo')).text;
    const body = text(html);
    for (const s of ['news_articles', 'projects', 'team_members', 'page_contents', 'title_de', 'raised_cents', 'zz_probe_table', 'probe_label']) {
      assert.ok(body.includes(s), s);
    }
    assert.ok(!body.includes('sqlite_sequence'), 'SQLite bookkeeping tables are left out');
  });

  test('the architecture tab states the port and the route table', async () => {
    const body = text((await request(h.app).get('/backend-demo')).text);
    assert.ok(body.includes('single port, 5000'));
    for (const s of ['/food-security', '/de/food-security', '/tariro-nook', '/projects/:slug', 'Express', 'React', 'Knex']) {
      assert.ok(body.includes(s), s);
    }
    const deBody = text((await request(h.app).get('/de/backend-demo')).text);
    assert.ok(deBody.includes('Port: 5000') || deBody.includes('einen Port aus: 5000'));
  });

  test('the overview is not indexed by search engines', async () => {
    const html = (await request(h.app).get('/backend-demo')).text;
    assert.match(html, /<meta name="robots" content="noindex"\/?>/);
  });
});

describe('backend overview in production tells strangers nothing, a signed-in admin everything', () => {
  const KEY = 'a-long-production-key-0123456789';
  let h: AppHandle;
  before(async () => {
    h = await testApp({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), ADMIN_KEYS: KEY });
  });
  after(() => h.close());

  const VERSION = /\b\d+\.\d+\.\d+\b/;
  const COLUMN_TYPES = /varchar|datetime|\binteger\b|character varying|timestamp|boolean/i;
  const PUBLIC_API = ['GET /api/projects', 'GET /api/projects/slug/:slug', 'GET /api/projects/:id', 'GET /api/team', 'GET /api/news', 'GET /api/news/slug/:slug', 'GET /api/news/project/:id', 'POST /api/newsletter/subscribe', 'POST /api/create-payment-intent', 'POST /api/update-project-funding'];

  test('the public page keeps its four tabs but shows no versions, port, database client, column types or admin routes', async () => {
    for (const [path, tabs] of [
      ['/backend-demo', ['Architecture', 'API Endpoints', 'Live Data', 'Database Schema']],
      ['/de/backend-demo', ['Architektur', 'API-Endpunkte', 'Live-Daten', 'Datenbankschema']],
    ] as const) {
      const html = (await request(h.app).get(path).expect(200)).text;
      const body = text(html);
      for (const tab of tabs) assert.ok(body.includes(tab), `${path}: ${tab}`);
      assert.doesNotMatch(html, VERSION, `${path}: no version numbers`);
      assert.doesNotMatch(html, COLUMN_TYPES, `${path}: no column types`);
      assert.ok(!html.includes('/api/admin'), `${path}: no admin routes`);
      // (The package names stay: sqlite3 and node-postgres are both listed, whichever is in use.)
      for (const s of ['single port, 5000', 'Port: 5000', 'Port:', 'Database client:', 'Datenbank-Client']) assert.ok(!body.includes(s), `${path}: no port, no database client (${s})`);
      // The tables and their columns stay: the tab is the spec's.
      assert.ok(body.includes('projects') && body.includes('title_de'));
    }
    const json = (await request(h.app).get('/backend-demo').set('Accept', 'application/json').expect(200)).body.props;
    assert.equal(json.detail, false);
    assert.equal(json.port, 0);
    assert.equal(json.databaseClient, '');
    const routes = (json.apiRoutes as { method: string; path: string }[]).map((r) => `${r.method} ${r.path}`);
    assert.ok(routes.length > 0 && routes.every((r) => PUBLIC_API.includes(r)), routes.join(', '));
    assert.ok(routes.includes('GET /api/projects/slug/:slug'));
    assert.ok((json.stack as { version: string }[]).every((s) => s.version === ''));
  });

  test('a signed-in admin sees the installed versions, the column types and every API route', async () => {
    const login = await request(h.app).post('/api/admin/login').set('X-Forwarded-Proto', 'https').send({ key: KEY }).expect(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const res = await request(h.app).get('/backend-demo').set('X-Forwarded-Proto', 'https').set('Cookie', cookie).expect(200);
    assert.match(res.text, VERSION);
    assert.ok(res.text.includes(process.versions.node));
    assert.match(res.text, COLUMN_TYPES);
    assert.ok(res.text.includes('/api/admin'));
    assert.ok(text(res.text).includes('single port, 5000'));
    assert.match(String(res.headers['cache-control']), /no-store/);
    // An admin key (scripts) is an admin too; a wrong one is a stranger.
    assert.match((await request(h.app).get('/backend-demo').set('X-Admin-Key', KEY)).text, VERSION);
    assert.doesNotMatch((await request(h.app).get('/backend-demo').set('X-Admin-Key', 'wrong-key-wrong-key-wrong-key-00')).text, VERSION);
  });
});

describe('the test images page shows its three images and nothing else', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('three images with their numbers; no paths, no sizes', async () => {
    const html = (await request(h.app).get('/test-images').expect(200)).text;
    const main = html.slice(html.indexOf('id="page-title"'));
    const figures = main.match(/<figure[\s\S]*?<\/figure>/g) ?? [];
    assert.equal(figures.length, 3);
    for (const [i, f] of figures.entries()) {
      assert.match(f, /<img /);
      assert.equal(text(f.replace(/<img[^>]*>/, '')).trim(), `Test image ${i + 1}`);
    }
    assert.ok(!text(main).includes('/images/'), 'no image paths in the text');
  });
});
