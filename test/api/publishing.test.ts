// Drafts, scheduled items and trashed items are invisible to visitors on every surface (pages in
// both languages, the public API, the sitemap, the newsletter and social pickers, related links);
// admin lists see them with their state; a scheduled item goes live by itself through its job, and
// the caches learn of it (content version, audit entry by 'system').
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { announceDue } from '../../models/content/publish-schedule';
import { workerSchemaOf } from '../../models/providers/jobs';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const DAY = 24 * 60 * 60 * 1000;
const future = () => new Date(Date.now() + DAY).toISOString();

const project = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  titleDe: `${title} DE`,
  description: `About ${title}.`,
  descriptionDe: `Über ${title}.`,
  goalAmount: '1000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  titleDe: `${title} DE`,
  abstract: `Abstract of ${title}.`,
  abstractDe: `Kurzfassung von ${title}.`,
  content: `Story of ${title}.`,
  contentDe: `Geschichte von ${title}.`,
  imageUrl: '/images/news/annual-report-2024-published.svg',
  ...extra,
});

const member = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  position: 'Volunteer',
  positionDe: 'Freiwillige',
  bio: `${name} helps.`,
  bioDe: `${name} hilft.`,
  imageUrl: '/images/team/trustee-placeholder.svg',
  location: 'switzerland',
  ...extra,
});

describe('drafts and scheduled items are invisible to visitors', () => {
  let h: AppHandle;
  const made: Record<string, { id: number; slug?: string }> = {};
  const post = async (name: string, body: Record<string, unknown>) => {
    const res = await request(h.app).post(`/api/admin/${name}`).set(ADMIN).send(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: number; slug?: string; draft: boolean; publishAt: string | null };
  };
  const page = async (url: string, status = 200) => {
    const res = await request(h.app).get(url).set('Accept', 'text/html');
    assert.equal(res.status, status, url);
    return res.text;
  };

  before(async () => {
    h = await testApp();
    made.liveProject = await post('projects', project('Open Well Project'));
    made.draftProject = await post('projects', project('Secret Draft Project', { draft: true }));
    made.futureProject = await post('projects', project('Future Scheduled Project', { publishAt: future() }));
    made.draftArticle = await post('news', article('Draft Story Here', { draft: true, projectId: made.liveProject.id }));
    made.futureArticle = await post('news', article('Future Story Here', { publishAt: future(), projectId: made.liveProject.id }));
    // The admin form requires both abstracts; older articles may lack the German one.
    made.englishOnly = await post('news', article('English Only Story', { projectId: made.liveProject.id }));
    await h.deps.db('news_articles').where({ id: made.englishOnly.id }).update({ abstractDe: null });
    // A live article about a project visitors cannot see.
    made.orphanArticle = await post('news', article('Story About Hidden Project', { projectId: made.draftProject.id }));
    made.draftMember = await post('team', member('Hidden Volunteer', { draft: true }));
    made.futureMember = await post('team', member('Future Volunteer', { publishAt: future() }));
  });
  after(async () => {
    await h?.close();
  });

  test('the admin API stores the fields and reports them', async () => {
    const res = await request(h.app).get(`/api/admin/projects/${made.draftProject.id}`).set(ADMIN).expect(200);
    assert.equal(res.body.draft, true);
    const f = await request(h.app).get(`/api/admin/projects/${made.futureProject.id}`).set(ADMIN).expect(200);
    assert.equal(f.body.draft, false);
    assert.ok(Date.parse(f.body.publishAt) > Date.now());
    const list = (await request(h.app).get('/api/admin/projects').set(ADMIN).expect(200)).body as { id: number }[];
    for (const key of ['liveProject', 'draftProject', 'futureProject']) assert.ok(list.some((p) => p.id === made[key]!.id), `admin list has ${key}`);
  });

  test('the public API lists and finds only live items (404 for the others)', async () => {
    const projects = (await request(h.app).get('/api/projects').expect(200)).body as { id: number }[];
    assert.ok(projects.some((p) => p.id === made.liveProject!.id));
    assert.ok(!projects.some((p) => p.id === made.draftProject!.id || p.id === made.futureProject!.id));
    for (const key of ['draftProject', 'futureProject']) {
      await request(h.app).get(`/api/projects/slug/${made[key]!.slug}`).expect(404);
      await request(h.app).get(`/api/projects/${made[key]!.id}`).expect(404);
      await request(h.app).get(`/api/news/project/${made[key]!.id}`).expect(404);
    }
    await request(h.app).get(`/api/projects/slug/${made.liveProject!.slug}`).expect(200);

    const news = (await request(h.app).get('/api/news').expect(200)).body as { id: number }[];
    for (const key of ['draftArticle', 'futureArticle', 'englishOnly']) {
      assert.ok(!news.some((a) => a.id === made[key]!.id), `${key} not listed`);
      await request(h.app).get(`/api/news/slug/${made[key]!.slug}`).expect(404);
    }
    const about = (await request(h.app).get(`/api/news/project/${made.liveProject!.id}`).expect(200)).body as { id: number }[];
    assert.deepEqual(about.map((a) => a.id), []);

    const team = (await request(h.app).get('/api/team').expect(200)).body as { name: string }[];
    assert.ok(team.length > 0);
    assert.ok(!team.some((m) => m.name === 'Hidden Volunteer' || m.name === 'Future Volunteer'));
  });

  test('their addresses are 404 pages in both languages, and no page lists them', async () => {
    for (const lang of ['', '/de']) {
      for (const key of ['draftProject', 'futureProject']) await page(`${lang}/projects/${made[key]!.slug}`, 404);
      for (const key of ['draftArticle', 'futureArticle', 'englishOnly']) await page(`${lang}/news/${made[key]!.slug}`, 404);
      for (const url of ['/', '/projects', '/news', '/team']) {
        const html = await page(`${lang}${url}`);
        for (const hidden of ['Secret Draft Project', 'Future Scheduled Project', 'Draft Story Here', 'Future Story Here', 'English Only Story', 'Hidden Volunteer', 'Future Volunteer']) {
          assert.ok(!html.includes(hidden), `${lang}${url} shows ${hidden}`);
        }
      }
      const home = await page(`${lang}/`);
      assert.ok(home.includes('Open Well Project'), 'the live project is on the home page');
    }
  });

  test('a project page links only to public articles; an article of a hidden project links to no project', async () => {
    for (const lang of ['', '/de']) {
      const html = await page(`${lang}/projects/${made.liveProject!.slug}`);
      for (const key of ['draftArticle', 'futureArticle', 'englishOnly']) assert.ok(!html.includes(`/news/${made[key]!.slug}`), `${lang}: no link to ${key}`);
      const orphan = await page(`${lang}/news/${made.orphanArticle!.slug}`);
      assert.ok(!orphan.includes(`/projects/${made.draftProject!.slug}`), `${lang}: no link to the draft project`);
    }
  });

  test('the sitemap leaves them out', async () => {
    const xml = (await request(h.app).get('/sitemap.xml').expect(200)).text;
    assert.ok(xml.includes(`/projects/${made.liveProject!.slug}`));
    for (const key of ['draftProject', 'futureProject']) assert.ok(!xml.includes(`/projects/${made[key]!.slug}<`), key);
    for (const key of ['draftArticle', 'futureArticle', 'englishOnly']) assert.ok(!xml.includes(`/news/${made[key]!.slug}<`), key);
  });

  test('a newsletter or a social post cannot take a hidden item', async () => {
    const gen = await request(h.app)
      .post('/api/admin/newsletter/generate')
      .set(ADMIN)
      .send({ subject: 'Hello', selectedNews: [made.draftArticle!.id], selectedProjects: [] });
    assert.equal(gen.status, 400, JSON.stringify(gen.body));
    const genProject = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hello', selectedProjects: [made.futureProject!.id] });
    assert.equal(genProject.status, 400);
    const ok = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hello', selectedProjects: [made.liveProject!.id] });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const social = await request(h.app)
      .post('/api/admin/social-media/generate')
      .set(ADMIN)
      .send({ contentType: 'news', content: { id: made.futureArticle!.id }, platforms: ['facebook'] });
    assert.equal(social.status, 404);
    const socialProject = await request(h.app)
      .post('/api/admin/social-media/generate')
      .set(ADMIN)
      .send({ contentType: 'project', content: { id: made.draftProject!.id }, platforms: ['facebook'] });
    assert.equal(socialProject.status, 404);
  });

  test('a draft page content leaves the page with its built-in copy', async () => {
    const pages = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { id: number; pageName: string }[];
    const about = pages.find((p) => p.pageName === 'about')!;
    const full = (await request(h.app).get(`/api/admin/pages/${about.id}`).set(ADMIN).expect(200)).body;
    const before = await request(h.app).get('/about').set('Accept', 'application/json').expect(200);
    assert.equal(before.body.props.content.title, full.title);
    await request(h.app).put(`/api/admin/pages/${about.id}`).set(ADMIN).send({ ...full, title: 'Unfinished about text', draft: true }).expect(200);
    for (const url of ['/about', '/de/about']) {
      const res = await request(h.app).get(url).set('Accept', 'application/json').expect(200);
      assert.equal(res.body.props.content, null, url);
      assert.ok(!(await page(url)).includes('Unfinished about text'));
    }
    await request(h.app).put(`/api/admin/pages/${about.id}`).set(ADMIN).send({ ...full, draft: false }).expect(200);
    assert.equal((await request(h.app).get('/about').set('Accept', 'application/json').expect(200)).body.props.content.title, full.title);
  });

  test('a PUT without the fields keeps the state; one with them changes it', async () => {
    const current = (await request(h.app).get(`/api/admin/projects/${made.draftProject!.id}`).set(ADMIN).expect(200)).body;
    const { draft: _d, publishAt: _p, ...rest } = current;
    const put = await request(h.app).put(`/api/admin/projects/${made.draftProject!.id}`).set(ADMIN).send({ ...rest, title: 'Secret Draft Project renamed' }).expect(200);
    assert.equal(put.body.draft, true);
    await request(h.app).get(`/api/projects/${made.draftProject!.id}`).expect(404);
    const scheduled = (await request(h.app).get(`/api/admin/team/${made.futureMember!.id}`).set(ADMIN).expect(200)).body;
    const { draft: _d2, publishAt: _p2, ...memberRest } = scheduled;
    const kept = await request(h.app).put(`/api/admin/team/${made.futureMember!.id}`).set(ADMIN).send(memberRest).expect(200);
    assert.equal(kept.body.publishAt, scheduled.publishAt);
    // Published: the page shows it at once.
    await request(h.app).put(`/api/admin/projects/${made.draftProject!.id}`).set(ADMIN).send({ ...rest, draft: false }).expect(200);
    await request(h.app).get(`/api/projects/${made.draftProject!.id}`).expect(200);
    assert.ok((await page(`/de/news/${made.orphanArticle!.slug}`)).includes(`/de/projects/${made.draftProject!.slug}`), 'the article links to its project once it is public');
    await request(h.app).put(`/api/admin/projects/${made.draftProject!.id}`).set(ADMIN).send({ ...rest, draft: true }).expect(200);
  });

  test('a bad publishAt or draft is a 400 with a field error, and nothing is written', async () => {
    for (const [field, value] of [
      ['publishAt', 'next tuesday'],
      ['publishAt', '2026-13-45T10:00'],
      ['publishAt', '1999-01-01T00:00'],
      ['publishAt', 42],
      ['draft', 'maybe'],
    ] as const) {
      const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project(`Bad ${field} ${String(value)}`, { [field]: value }));
      assert.equal(res.status, 400, `${field}=${String(value)}: ${JSON.stringify(res.body)}`);
      assert.ok(res.body.fields?.[field], JSON.stringify(res.body));
    }
    const list = (await request(h.app).get('/api/admin/projects').set(ADMIN).expect(200)).body as { title: string }[];
    assert.ok(!list.some((p) => p.title.startsWith('Bad ')));
  });

  test('a Swiss local time from the form is read as Swiss time', async () => {
    const res = await request(h.app).post('/api/admin/team').set(ADMIN).send(member('Winter Volunteer', { publishAt: '2031-01-15T09:30', draft: 'false' })).expect(201);
    assert.equal(res.body.publishAt, '2031-01-15T08:30:00.000Z');
    const summer = await request(h.app).post('/api/admin/team').set(ADMIN).send(member('Summer Volunteer', { publishAt: '2031-07-15T09:30', draft: ['false', 'true'] })).expect(201);
    assert.equal(summer.body.publishAt, '2031-07-15T07:30:00.000Z');
    assert.equal(summer.body.draft, true);
  });

  test('the no-JavaScript form saves Draft (hidden "false", then the ticked box) and Publish at (Swiss time)', async () => {
    const agent = request.agent(h.app);
    const csrf = (await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200)).body.csrfToken as string;
    await agent.post('/admin/projects').type('form').send({ _csrf: csrf, ...project('Form Draft Project'), draft: ['false', 'true'], publishAt: '' }).expect(303);
    const saved = (await request(h.app).get('/api/admin/projects').set(ADMIN).expect(200)).body.find((p: { title: string }) => p.title === 'Form Draft Project');
    assert.equal(saved.draft, true);
    assert.equal(saved.publishAt, null);
    await request(h.app).get(`/api/projects/${saved.id}`).expect(404);
    // Unticked (only the hidden "false") with a time in the Swiss winter: scheduled.
    await agent.post(`/admin/projects/${saved.id}`).type('form').send({ _csrf: csrf, ...project('Form Draft Project'), draft: 'false', publishAt: '2031-12-01T18:00' }).expect(303);
    const scheduled = (await request(h.app).get(`/api/admin/projects/${saved.id}`).set(ADMIN).expect(200)).body;
    assert.equal(scheduled.draft, false);
    assert.equal(scheduled.publishAt, '2031-12-01T17:00:00.000Z');
    // A bad time comes back to the form with its message; nothing changes.
    const bad = await agent.post(`/admin/projects/${saved.id}`).type('form').send({ _csrf: csrf, ...project('Form Draft Project'), draft: 'false', publishAt: '2031-02-30T10:00' });
    assert.equal(bad.status, 303);
    assert.match(bad.headers.location!, /edit=/);
    assert.equal((await request(h.app).get(`/api/admin/projects/${saved.id}`).set(ADMIN).expect(200)).body.publishAt, '2031-12-01T17:00:00.000Z');
  });

  test('the form\'s one publishing choice: Save draft, Publish now, Schedule (its time required); the date shown does not hide', async () => {
    const agent = request.agent(h.app);
    const csrf = (await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200)).body.csrfToken as string;
    const stored = async (title: string) => (await request(h.app).get('/api/admin/news').set(ADMIN).expect(200)).body.find((a: { title: string }) => a.title === title);
    // Without JavaScript the hidden draft field cannot follow the choice: the choice wins.
    await agent.post('/admin/news').type('form').send({ _csrf: csrf, ...article('Choice Draft'), publishMode: 'draft', draft: 'false', publishAt: '2031-03-01T10:00' }).expect(303);
    const draft = await stored('Choice Draft');
    assert.equal(draft.draft, true);
    await request(h.app).get(`/api/news/slug/${draft.slug}`).expect(404);
    // Schedule without its time: back to the form with the field's message, nothing written.
    const missing = await agent.post(`/admin/news/${draft.id}`).type('form').send({ _csrf: csrf, ...article('Choice Draft'), publishMode: 'schedule', draft: 'true', publishAt: '' }).expect(303);
    assert.match(missing.headers.location!, new RegExp(`edit=${draft.id}`));
    const form = await agent.get(missing.headers.location!.replace(/#.*/, '')).expect(200);
    assert.match(form.text, /name="publishMode" checked="" value="schedule"/);
    assert.match(form.text, /Choose the date and time to publish at\./);
    assert.equal((await stored('Choice Draft')).draft, true);
    // Schedule with its time (Swiss winter time): hidden until then, dated then.
    await agent.post(`/admin/news/${draft.id}`).type('form').send({ _csrf: csrf, ...article('Choice Draft'), publishMode: 'schedule', draft: 'true', publishAt: '2031-12-01T18:00' }).expect(303);
    const scheduled = await stored('Choice Draft');
    assert.equal(scheduled.draft, false);
    assert.equal(scheduled.publishAt, '2031-12-01T17:00:00.000Z');
    // Publish now: public at once, with the publication date typed in the future shown, not waited for.
    const nextYear = new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10);
    await agent.post(`/admin/news/${draft.id}`).type('form').send({ _csrf: csrf, ...article('Choice Draft'), publishedAt: nextYear, publishMode: 'now', draft: 'true', publishAt: '2031-12-01T18:00' }).expect(303);
    const live = await stored('Choice Draft');
    assert.equal(live.draft, false);
    assert.equal(live.publishAt, null);
    assert.equal(live.publishedAt, `${nextYear}T00:00:00.000Z`);
    await request(h.app).get(`/api/news/slug/${live.slug}`).expect(200);
    // The JSON API takes the same choice; without it, draft and publishAt as before.
    const viaApi = await request(h.app).post('/api/admin/news').set(ADMIN).send(article('Choice API', { publishMode: 'draft' })).expect(201);
    assert.equal(viaApi.body.draft, true);
    const refused = await request(h.app).put(`/api/admin/news/${viaApi.body.id}`).set(ADMIN).send(article('Choice API', { publishMode: 'schedule' })).expect(400);
    assert.equal(refused.body.fieldErrors?.publishAt?.code, 'schedule_time', JSON.stringify(refused.body));
  });

  test('an article dated in the future waits for its date; a scheduled one is dated when it goes public', async () => {
    const nextYear = new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10);
    const dated = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article('Dated Next Year', { publishedAt: nextYear })).expect(201)).body;
    assert.equal(dated.publishAt, `${nextYear}T00:00:00.000Z`);
    assert.equal(dated.publishedAt, `${nextYear}T00:00:00.000Z`);
    await request(h.app).get(`/api/news/slug/${dated.slug}`).expect(404);
    assert.ok(!(await request(h.app).get('/news').expect(200)).text.includes('Dated Next Year'));
    // A later publication time chosen by the admin stays.
    const later = new Date(Date.now() + 500 * DAY).toISOString();
    const kept = await request(h.app).put(`/api/admin/news/${dated.id}`).set(ADMIN).send(article('Dated Next Year', { publishedAt: nextYear, publishAt: later })).expect(200);
    assert.equal(kept.body.publishAt, later);
    // Scheduled without a date of its own: dated at its publication time, not when it was written.
    const at = future();
    const scheduled = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article('Scheduled Undated', { publishAt: at })).expect(201)).body;
    assert.equal(scheduled.publishedAt, at);
    // A past date publishes at once, as before.
    const past = (await request(h.app).post('/api/admin/news').set(ADMIN).send(article('Dated Last Year', { publishedAt: '2025-03-01' })).expect(201)).body;
    assert.equal(past.publishAt, null);
    await request(h.app).get(`/api/news/slug/${past.slug}`).expect(200);
  });

  test('the admin page shows each row\'s state and the German-missing mark', async () => {
    // The admin page through the no-JavaScript sign-in: the key form, then the page.
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200);
    const news = await agent.get('/admin/news').expect(200);
    assert.match(news.text, /admin-badge-draft">Draft</);
    assert.match(news.text, /admin-badge-scheduled">Scheduled for /);
    assert.match(news.text, /admin-badge-published">Published</);
    assert.match(news.text, /German missing/);
    const de = await agent.get('/de/admin/projects').expect(200);
    assert.match(de.text, /Entwurf/);
    assert.match(de.text, /Geplant für/);
  });
});

describe('a scheduled item goes live by itself', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h?.close();
  });

  const version = async () => Number(((await h.deps.db('content_version').where({ id: 1 }).first()) as { version: number | string }).version);

  test('its job raises the content version at its time: cached pages and API answers show it', async () => {
    // Far enough ahead that the renders below finish before it on a busy machine.
    const at = new Date(Date.now() + 5000);
    const created = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project('Punctual Project', { publishAt: at.toISOString() })).expect(201);
    // Visitors' answers are rendered and kept now, before the time.
    for (const url of ['/projects', '/de/projects', '/']) assert.ok(!(await request(h.app).get(url).expect(200)).text.includes('Punctual Project'), url);
    assert.ok(!(await request(h.app).get('/api/projects').expect(200)).text.includes('Punctual Project'));
    await request(h.app).get(`/projects/${created.body.slug}`).expect(404);
    const before = await version();
    assert.ok(Date.now() < at.getTime(), 'the pages above were rendered before the publication time');
    await new Promise((r) => setTimeout(r, Math.max(0, at.getTime() - Date.now()) + 20));
    await h.deps.jobs.idle();
    assert.ok((await version()) > before, 'the content version moved');
    for (const url of ['/projects', '/de/projects', '/']) assert.ok((await request(h.app).get(url).expect(200)).text.includes('Punctual Project'), url);
    assert.ok((await request(h.app).get('/api/projects').expect(200)).text.includes('Punctual Project'));
    await request(h.app).get(`/projects/${created.body.slug}`).expect(200);
    const audit = (await request(h.app).get('/api/admin/audit?entity=project').set(ADMIN).expect(200)).body as { action: string; actor: string; entityId: string }[];
    const published = audit.filter((e) => e.action === 'publish' && e.entityId === String(created.body.id));
    assert.equal(published.length, 1, JSON.stringify(audit));
    assert.equal(published[0]!.actor, 'system');
  });

  test('a re-save replaces the waiting job (one per item)', async () => {
    const created = await request(h.app).post('/api/admin/news').set(ADMIN).send(article('Moved Story', { publishAt: future() })).expect(201);
    const later = new Date(Date.now() + 2 * DAY).toISOString();
    await request(h.app).put(`/api/admin/news/${created.body.id}`).set(ADMIN).send(article('Moved Story', { publishAt: later })).expect(200);
    const jobs = await h.deps.jobs.stats();
    assert.ok(jobs.waiting >= 1);
    const key = `publish:news:${created.body.id}`;
    const count = await waitingWithKey(h, key);
    assert.equal(count, 1);
  });

  test('the minute check announces an item whose job was lost, once', async () => {
    // Written past the admin (as a lost job would leave it): no job for it.
    const at = new Date(Date.now() + 1000).toISOString();
    const now = new Date().toISOString();
    const [row] = (await h.deps.db('projects')
      .insert({ slug: 'lost-job-project', title: 'Lost Job Project', titleDe: 'Projekt ohne Auftrag', description: 'x', descriptionDe: 'x', imageUrl: '/images/logo.svg', status: 'funding', raisedCents: 0, goalCents: 100, displayOrder: 0, createdAt: now, updatedAt: now, draft: false, publishAt: at })
      .returning('id')) as ({ id: number } | number)[];
    const id = typeof row === 'object' ? row!.id : row!;
    await announceDue(h.deps.db);
    const before = await version();
    await new Promise((r) => setTimeout(r, 1100));
    const first = await announceDue(h.deps.db);
    assert.deepEqual(first.map((d) => [d.entity, d.id]), [['project', id]]);
    assert.ok((await version()) > before);
    assert.deepEqual(await announceDue(h.deps.db), [], 'announced once');
    // The next run raises the version once more (an instance whose clock lags rendered without
    // it meanwhile), without a second announcement.
    const again = await version();
    assert.deepEqual(await announceDue(h.deps.db, new Date(Date.now() + 30_000)), []);
    assert.ok((await version()) > again, 'raised again for lagging clocks');
  });
});

async function waitingWithKey(h: AppHandle, key: string): Promise<number> {
  const db = h.deps.db;
  if (db.client.config.client === 'sqlite3') {
    const r = await db('jobs').where({ key }).count({ n: '*' }).first();
    return Number(r?.n ?? 0);
  }
  const rows = await db.raw(`select count(*)::int as n from ??.jobs where key = ?`, [workerSchemaOf(db), key]);
  return Number((rows.rows as { n: number }[])[0]?.n ?? 0);
}
