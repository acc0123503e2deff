// Every write an admin makes shows on the public pages and the public API at once, even when they
// were cached just before: the writes raise the shared content version (database triggers on the
// content tables, listed in models/site/shared-state.ts), and the page cache is filed under that
// version. If a table a public page reads had no trigger, the pages would keep showing the old content.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { Knex } from 'knex';
import type { AppHandle } from '../../app';
import { PUBLIC_PAGE_PATHS, testApp } from '../helpers';
import { CONTENT_TABLES } from '../../models/site/shared-state';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const project = (title: string) => ({
  title,
  titleDe: `${title} (DE)`,
  description: 'Tanks that collect the rain from school roofs.',
  descriptionDe: 'Tanks, die den Regen von Schuldächern sammeln.',
  goalAmount: '12500.50',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
});
const article = (title: string) => ({
  title,
  titleDe: `${title} (DE)`,
  abstract: 'After two storms the first school tank holds 10,000 litres.',
  abstractDe: 'Nach zwei Gewittern fasst der erste Schultank 10 000 Liter.',
  content: 'The story of the first tank.',
  contentDe: 'Die Geschichte des ersten Tanks.',
  imageUrl: '/images/news/annual-report-2024-published.svg',
});
const member = (name: string) => ({
  name,
  position: 'Garden coordinator',
  positionDe: 'Gartenkoordinatorin',
  bio: 'Coordinates the village gardens.',
  bioDe: 'Koordiniert die Dorfgärten.',
  imageUrl: '/images/team/trustee-placeholder.svg',
  location: 'zimbabwe',
});
const teamPage = (title: string) => ({
  pageName: 'team',
  title,
  titleDe: `${title} (DE)`,
  content: 'The people behind the projects.',
  contentDe: 'Die Menschen hinter den Projekten.',
});

describe('admin writes show at once on cached public pages and the public API', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  /** The page (HTML, and the JSON of client-side navigation) or API answer, cached by asking twice. */
  const cached = async (url: string) => {
    const json = url.startsWith('/api/');
    for (const accept of json ? ['application/json'] : ['text/html', 'application/json']) {
      for (let i = 0; i < 2; i++) await request(h.app).get(url).set('Accept', accept).expect(200);
    }
  };
  const shows = async (url: string, text: string, expected = true) => {
    const json = url.startsWith('/api/');
    for (const accept of json ? ['application/json'] : ['text/html', 'application/json']) {
      const res = await request(h.app).get(url).set('Accept', accept).expect(200);
      const body = accept === 'text/html' ? res.text : JSON.stringify(res.body);
      assert.equal(body.includes(text), expected, `${url} (${accept}) ${expected ? 'shows' : 'no longer shows'} "${text}"`);
    }
  };
  /** Caches every address, runs the write, then checks what each address shows. */
  const afterWrite = async (urls: string[], write: () => Promise<unknown>, text: string, expected = true) => {
    for (const url of urls) await cached(url);
    await write();
    for (const url of urls) await shows(url, text, expected);
  };

  test('projects: create, update, delete (API) and update (form)', async () => {
    const urls = ['/projects', '/de/projects', '/', '/api/projects'];
    let id = 0;
    await afterWrite(urls, async () => {
      id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project('Cache Probe One')).expect(201)).body.id;
    }, 'Cache Probe One');
    await afterWrite(urls, () => request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project('Cache Probe Two')).expect(200), 'Cache Probe Two');

    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: ADMIN['X-Admin-Key'] }).expect(200);
    const page = await agent.get('/admin/projects').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    await afterWrite(urls, () => agent.post(`/de/admin/projects/${id}`).type('form').send({ _csrf: csrf, ...project('Cache Probe Form') }).expect(303), 'Cache Probe Form');

    await afterWrite(urls, () => request(h.app).delete(`/api/admin/projects/${id}`).set(ADMIN).expect(200), 'Cache Probe Form', false);
  });

  test('news: create, update, delete', async () => {
    const urls = ['/news', '/de/news', '/api/news'];
    let id = 0;
    await afterWrite(urls, async () => {
      id = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article('Cache Probe Article')).expect(201)).body.id;
    }, 'Cache Probe Article');
    await afterWrite(urls, () => request(h.app).put(`/api/admin/news/${id}`).set(ADMIN).send(article('Cache Probe Renamed')).expect(200), 'Cache Probe Renamed');
    await afterWrite(urls, () => request(h.app).delete(`/api/admin/news/${id}`).set(ADMIN).expect(200), 'Cache Probe Renamed', false);
  });

  test('team: create, update, delete', async () => {
    const urls = ['/team', '/de/team', '/api/team'];
    let id = 0;
    await afterWrite(urls, async () => {
      id = (await request(h.app).post('/api/admin/team').set(ADMIN).send(member('Cache Probe Person')).expect(201)).body.id;
    }, 'Cache Probe Person');
    await afterWrite(urls, () => request(h.app).put(`/api/admin/team/${id}`).set(ADMIN).send(member('Cache Probe Renamed')).expect(200), 'Cache Probe Renamed');
    await afterWrite(urls, () => request(h.app).delete(`/api/admin/team/${id}`).set(ADMIN).expect(200), 'Cache Probe Renamed', false);
  });

  test('spending records: add, change, delete (the project page and the public API)', async () => {
    const target = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project('Cache Probe Spending')).expect(201)).body as { id: number; slug: string };
    const urls = [`/projects/${target.slug}`, `/de/projects/${target.slug}`, `/api/projects/${target.id}/spending`];
    const spent = (description: string) => ({ date: '2026-02-01', amount: '40', category: 'transport', description, descriptionDe: `${description} (DE)` });
    let id = 0;
    await afterWrite(urls, async () => {
      id = (await request(h.app).post(`/api/admin/projects/${target.id}/spending`).set(ADMIN).send(spent('Cache Probe Lorry')).expect(201)).body.id;
    }, 'Cache Probe Lorry');
    await afterWrite(urls, () => request(h.app).put(`/api/admin/spending/${id}`).set(ADMIN).send(spent('Cache Probe Bus')).expect(200), 'Cache Probe Bus');
    await afterWrite(urls, () => request(h.app).delete(`/api/admin/spending/${id}`).set(ADMIN).expect(200), 'Cache Probe Bus', false);
  });

  test('page contents: update, delete (to the trash), restore from the trash', async () => {
    const urls = ['/team', '/de/team'];
    const pages = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { id: number; pageName: string }[];
    const id = pages.find((p) => p.pageName === 'team')!.id;
    await afterWrite(urls, () => request(h.app).put(`/api/admin/pages/${id}`).set(ADMIN).send(teamPage('Cache Probe Heading')).expect(200), 'Cache Probe Heading');
    await afterWrite(urls, () => request(h.app).delete(`/api/admin/pages/${id}`).set(ADMIN).expect(200), 'Cache Probe Heading', false);
    await afterWrite(urls, () => request(h.app).post(`/api/admin/trash/pages/${id}/restore`).set(ADMIN).expect(200), 'Cache Probe Heading');
  });
});

/** The tables named after FROM and JOIN in the SQL a request sends (schema prefixes left out). */
function tablesRead(db: Knex, run: () => Promise<void>): Promise<Set<string>> {
  const tables = new Set<string>();
  const listen = (q: { sql?: string }) => {
    for (const m of (q.sql ?? '').matchAll(/\b(?:from|join)\s+(?:[`"]?\w+[`"]?\.)?[`"]?(\w+)[`"]?/gi)) tables.add(m[1]!.toLowerCase());
  };
  db.on('query', listen);
  return run().then(
    () => {
      db.off('query', listen);
      return tables;
    },
    (err: unknown) => {
      db.off('query', listen);
      throw err;
    },
  );
}

test('every table a cached public page or public API answer reads raises the content version when written', async () => {
  // No background worker: its polling would show up among the tables.
  const h = await testApp({}, { worker: false });
  try {
    const projects = (await request(h.app).get('/api/projects').expect(200)).body as { id: number; slug: string }[];
    const news = (await request(h.app).get('/api/news').expect(200)).body as { slug: string }[];
    const read = await tablesRead(h.deps.db, async () => {
      for (const path of PUBLIC_PAGE_PATHS) {
        for (const url of [path, path === '/' ? '/de' : `/de${path}`]) {
          await request(h.app).get(url).set('Accept', 'text/html').expect(200);
          await request(h.app).get(url).set('Accept', 'application/json').expect(200);
        }
      }
      for (const url of ['/api/projects', `/api/projects/${projects[0]!.id}`, `/api/projects/slug/${projects[0]!.slug}`, '/api/news', `/api/news/slug/${news[0]!.slug}`, `/api/news/project/${projects[0]!.id}`, '/api/team']) {
        await request(h.app).get(url).expect(200);
      }
    });
    // The counter itself is read before each cached answer.
    read.delete('content_version');
    assert.ok(read.has('projects') && read.has('news_articles'), `the SQL was read: ${[...read].join(', ')}`);
    const tracked: readonly string[] = CONTENT_TABLES;
    const untracked = [...read].filter((t) => !tracked.includes(t));
    assert.deepEqual(untracked, [], 'tables public pages read without a content_version trigger');
  } finally {
    await h.close();
  }
});

test('a write to each listed content table raises the content version (the triggers are there)', async () => {
  const h = await testApp({}, { worker: false });
  try {
    const db = h.deps.db;
    const project = (await db('projects').first('id')) as { id: number };
    if (!(await db('project_spending').first('id'))) {
      await db('project_spending').insert({ projectId: project.id, spentOn: '2026-01-01', amountCents: 100, category: 'other', description: 'x', descriptionDe: 'x' });
    }
    // The donor wall reads the gifts: a fresh database has none.
    if (!(await db('donations').first('id'))) {
      await db('donations').insert({ paymentIntentId: 'pi_content_version', kind: 'one_off', amountCents: 100, currency: 'usd', projectId: project.id, status: 'succeeded' });
    }
    // A fundraiser's page reads its row and its updates.
    const fundraiser = (await db('fundraisers').first('id')) as { id: number } | undefined;
    assert.ok(fundraiser, 'the demo content has a fundraiser');
    if (!(await db('fundraiser_updates').first('id'))) await db('fundraiser_updates').insert({ fundraiserId: fundraiser.id, body: 'x' });
    // The impact report reads the monthly gifts and the admins' introduction.
    if (!(await db('donation_subscriptions').first('id'))) {
      await db('donation_subscriptions').insert({ subscriptionId: 'sub_content_version', customerId: 'cus_x', donorEmail: 'x@example.org', amountCents: 100, currency: 'usd', status: 'active' });
    }
    if (!(await db('impact_reports').first('year'))) await db('impact_reports').insert({ year: 2026, intro: 'x', introDe: 'x' });
    const version = async () => Number(((await db('content_version').where({ id: 1 }).first('version')) as { version: number | string }).version);
    for (const table of CONTENT_TABLES) {
      // impact_reports is keyed by its year.
      const key = table === 'impact_reports' ? 'year' : 'id';
      const row = (await db(table).first(key)) as Record<string, number> | undefined;
      assert.ok(row, `${table} has a row to write`);
      const before = await version();
      await db(table).where({ [key]: row[key] }).update({ [key]: row[key] });
      assert.ok((await version()) > before, `a write to ${table} raises the content version`);
    }
  } finally {
    await h.close();
  }
});
