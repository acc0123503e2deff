// Preview links: made by admins only, they open the real public page of an item as it would be
// (a draft, an unsaved edit, a new item) in both languages, for 24 hours, for whoever holds the
// link and on any instance; never cached, never indexed, with a visible banner.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { twoInstances } from '../helpers';
import type { AppHandle } from '../../app';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const project = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  titleDe: `${title} (Deutsch)`,
  description: `About ${title}.`,
  descriptionDe: `Über ${title}.`,
  goalAmount: '1000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

/** The path and query of a preview URL (absolute from the API, a path from the form's redirect). */
const local = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

describe('preview links', () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('preview'));
  });
  after(() => close());

  const preview = async (body: Record<string, unknown>, app = a) => {
    const res = await request(app.app).post('/api/admin/preview').set(ADMIN).send(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { url: string; urlDe: string; expiresAt: string };
  };

  test('a draft project: the real page in both languages, with a banner, never cached or indexed', async () => {
    const created = await request(a.app).post('/api/admin/projects').set(ADMIN).send(project('Preview Garden Project', { draft: true })).expect(201);
    await request(a.app).get(`/projects/${created.body.slug}`).expect(404);
    const link = await preview({ entity: 'projects', id: created.body.id, values: project('Preview Garden Project, edited', { draft: true }) });
    assert.ok(Date.parse(link.expiresAt) - Date.now() > 23.9 * 3600_000 && Date.parse(link.expiresAt) - Date.now() <= 24 * 3600_000);
    assert.match(local(link.url), new RegExp(`^/projects/${created.body.slug}\\?preview=[A-Za-z0-9_-]{40,}$`));
    assert.match(local(link.urlDe), new RegExp(`^/de/projects/${created.body.slug}\\?preview=`));

    for (const [url, shown, banner] of [
      [link.url, 'Preview Garden Project, edited', 'Preview — not published'],
      [link.urlDe, 'Preview Garden Project, edited (Deutsch)', 'Vorschau — nicht veröffentlicht'],
    ] as const) {
      // Twice: the second answer must not come from a cache either.
      for (let i = 0; i < 2; i++) {
        const res = await request(a.app).get(local(url)).set('Accept', 'text/html');
        assert.equal(res.status, 200, url);
        assert.ok(res.text.includes(shown), `${url} shows the edit`);
        assert.ok(res.text.includes(banner), `${url} has the banner`);
        assert.equal(res.headers['cache-control'], 'no-store');
        assert.equal(res.headers['x-robots-tag'], 'noindex');
        assert.match(res.text, /<meta name="robots" content="noindex/);
      }
    }
    // The page without the link is still a 404, the saved item unchanged, and the live pages untouched.
    await request(a.app).get(`/projects/${created.body.slug}`).expect(404);
    assert.equal((await request(a.app).get(`/api/admin/projects/${created.body.id}`).set(ADMIN).expect(200)).body.title, 'Preview Garden Project');
    assert.ok(!(await request(a.app).get('/projects').expect(200)).text.includes('Preview Garden Project'));
    // The browser's router gets the page's data the same way.
    const json = await request(a.app).get(local(link.url)).set('Accept', 'application/json').expect(200);
    assert.equal(json.body.props.project.title, 'Preview Garden Project, edited');
    assert.equal(json.headers['cache-control'], 'no-store');
  });

  test('an unsaved edit of a live article and a new article, as if they existed', async () => {
    const news = (await request(a.app).get('/api/news').expect(200)).body as { id: number; slug: string }[];
    const saved = (await request(a.app).get(`/api/admin/news/${news[0]!.id}`).set(ADMIN).expect(200)).body;
    const edit = await preview({ entity: 'news', id: saved.id, values: { ...saved, title: 'An edited headline' } });
    const html = (await request(a.app).get(local(edit.url)).expect(200)).text;
    assert.ok(html.includes('An edited headline'));
    // The public page still shows the saved one.
    assert.ok(!(await request(a.app).get(`/news/${saved.slug}`).expect(200)).text.includes('An edited headline'));

    const fresh = await preview({
      entity: 'news',
      values: { title: 'Brand New Story', titleDe: 'Ganz neue Geschichte', abstract: 'New.', abstractDe: 'Neu.', content: 'A **new** story.', contentDe: 'Eine **neue** Geschichte.', imageUrl: '/images/logo.svg' },
    });
    assert.match(local(fresh.url), /^\/news\/brand-new-story\?preview=/);
    const de = await request(a.app).get(local(fresh.urlDe)).expect(200);
    assert.ok(de.text.includes('Ganz neue Geschichte'));
    assert.equal(de.headers['cache-control'], 'no-store');
    await request(a.app).get('/news/brand-new-story').expect(404);
  });

  test('an article scheduled for a later day shows that day\'s date in its preview, and the one typed wins', async () => {
    const values = { title: 'Harvest Day Story', titleDe: 'Erntetag', abstract: 'Soon.', abstractDe: 'Bald.', content: 'The harvest.', contentDe: 'Die Ernte.', imageUrl: '/images/logo.svg' };
    const scheduled = await preview({ entity: 'news', values: { ...values, publishMode: 'schedule', publishAt: '2031-06-15T09:00' } });
    assert.ok((await request(a.app).get(local(scheduled.url)).expect(200)).text.includes('June 15, 2031'));
    assert.ok((await request(a.app).get(local(scheduled.urlDe)).expect(200)).text.includes('15. Juni 2031'));
    const typed = await preview({ entity: 'news', values: { ...values, publishedAt: '2031-07-01', publishMode: 'schedule', publishAt: '2031-06-15T09:00' } });
    assert.ok((await request(a.app).get(local(typed.url)).expect(200)).text.includes('July 1, 2031'));
  });

  test('team members and page contents open their own pages', async () => {
    const team = await preview({ entity: 'team', values: { name: 'Preview Person', position: 'Helper', positionDe: 'Helferin', bio: 'Helps out.', bioDe: 'Hilft mit.', imageUrl: '/images/logo.svg', location: 'switzerland', draft: 'true' } });
    assert.match(local(team.url), /^\/team\?preview=/);
    assert.ok((await request(a.app).get(local(team.urlDe)).expect(200)).text.includes('Preview Person'));
    assert.ok(!(await request(a.app).get('/de/team').expect(200)).text.includes('Preview Person'));

    const pages = (await request(a.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { id: number; pageName: string }[];
    const about = (await request(a.app).get(`/api/admin/pages/${pages.find((p) => p.pageName === 'about')!.id}`).set(ADMIN).expect(200)).body;
    const page = await preview({ entity: 'pages', id: about.id, values: { ...about, titleDe: 'Neuer Titel der Seite' } });
    assert.match(local(page.urlDe), /^\/de\/about\?preview=/);
    const res = await request(a.app).get(local(page.urlDe)).set('Accept', 'application/json').expect(200);
    assert.equal(res.body.props.content.titleDe ?? res.body.props.content.title, 'Neuer Titel der Seite');
  });

  test('a preview of each page content opens the page it drives', async () => {
    const pages = (await request(a.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { id: number; pageName: string }[];
    const paths: Record<string, string> = {
      home: '/', about: '/about', vision: '/vision', mission: '/mission', projects: '/projects', news: '/news', team: '/team', contact: '/contact',
      'food-security': '/food-security', 'skills-training': '/skills-training', health: '/health', environment: '/environment', nook: '/tariro-nook',
    };
    assert.deepEqual(pages.map((p) => p.pageName).sort(), Object.keys(paths).sort());
    for (const entry of pages) {
      const full = (await request(a.app).get(`/api/admin/pages/${entry.id}`).set(ADMIN).expect(200)).body;
      const made = await preview({ entity: 'pages', id: entry.id, values: full });
      assert.equal(local(made.url).split('?')[0], paths[entry.pageName], entry.pageName);
    }
  });

  test('a colleague opens the link on another instance of the same database', async () => {
    const link = await preview({ entity: 'projects', values: project('Shared Preview Project') });
    const res = await request(b.app).get(local(link.urlDe)).set('Accept', 'text/html');
    assert.equal(res.status, 200);
    assert.ok(res.text.includes('Shared Preview Project (Deutsch)'));
    assert.ok(res.text.includes('Vorschau — nicht veröffentlicht'));
  });

  test('an unknown or expired link is a friendly page in its language', async () => {
    const unknown = await request(a.app).get('/projects/anything?preview=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').set('Accept', 'text/html');
    assert.equal(unknown.status, 404);
    assert.match(unknown.text, /Preview not found/);
    assert.equal(unknown.headers['cache-control'], 'no-store');
    const garbage = await request(a.app).get('/de/news/x?preview=%3Cscript%3E').set('Accept', 'text/html');
    assert.equal(garbage.status, 404);
    assert.match(garbage.text, /Vorschau nicht gefunden/);
    assert.ok(!garbage.text.includes('<script>'));

    const link = await preview({ entity: 'projects', values: project('Short-lived Preview') });
    await a.deps.db('previews').update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await request(a.app).get(local(link.url)).set('Accept', 'text/html');
    assert.equal(expired.status, 410);
    assert.match(expired.text, /This preview link has expired/);
    const expiredDe = await request(a.app).get(local(link.urlDe)).set('Accept', 'text/html');
    assert.equal(expiredDe.status, 410);
    assert.match(expiredDe.text, /Dieser Vorschau-Link ist abgelaufen/);
    assert.ok(!expiredDe.text.includes('Short-lived Preview'));
  });

  test('only admins make links; bad requests are 4xx with a clear message', async () => {
    await request(a.app).post('/api/admin/preview').send({ entity: 'projects', values: project('Nope') }).expect(401);
    const bad = await request(a.app).post('/api/admin/preview').set(ADMIN).send({ entity: 'donations', values: {} });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.error);
    const invalid = await request(a.app).post('/api/admin/preview').set(ADMIN).send({ entity: 'projects', values: { ...project('X'), title: '' } });
    assert.equal(invalid.status, 400);
    assert.ok(invalid.body.fields?.title);
    await request(a.app).post('/api/admin/preview').set(ADMIN).send({ entity: 'projects', id: 999999, values: project('X') }).expect(404);
    // Typed amounts are read in the admin's language (lang=de: 1.500,50), as a save reads them.
    const german = await request(a.app).post('/api/admin/preview?lang=de').set(ADMIN).send({ entity: 'projects', values: project('Amount Preview', { goalAmount: '1.500,50' }) });
    assert.equal(german.status, 201, german.text);
    assert.equal((await request(a.app).get(local(german.body.url)).set('Accept', 'application/json').expect(200)).body.props.project.goalAmount, '1500.50');
    const english = await request(a.app).post('/api/admin/preview').set(ADMIN).send({ entity: 'projects', values: project('Amount Preview', { goalAmount: '1.500,50' }) });
    assert.equal(english.status, 400);
    assert.deepEqual(english.body.fieldErrors?.goalAmount, { code: 'amount' });
    const noValues = await request(a.app).post('/api/admin/preview').set(ADMIN).send({ entity: 'team' });
    assert.equal(noValues.status, 400);
    assert.equal(await a.deps.db('previews').where('data', 'like', '%"Nope"%').first(), undefined);
  });

  test('the no-JavaScript form\'s Preview button stores the preview and redirects to the link', async () => {
    const agent = request.agent(a.app);
    const login = await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200);
    const csrf = login.body.csrfToken as string;
    const res = await agent
      .post('/de/admin/preview/projects')
      .type('form')
      .send({ _csrf: csrf, ...project('Form Preview Project'), draft: ['false', 'true'], publishAt: '' });
    assert.equal(res.status, 303, res.text);
    assert.match(res.headers.location!, /\/de\/projects\/form-preview-project\?preview=/);
    const page = await request(a.app).get(local(res.headers.location!)).expect(200);
    assert.ok(page.text.includes('Form Preview Project (Deutsch)'));
    // Invalid values go back to the form with their messages.
    const invalid = await agent.post('/admin/preview/projects').type('form').send({ _csrf: csrf, ...project(''), draft: 'false' });
    assert.equal(invalid.status, 303);
    assert.match(invalid.headers.location!, /\/admin\/projects\?new=1#edit-form/);
    // Without the CSRF token: refused.
    const forged = await agent.post('/admin/preview/projects').type('form').send(project('Forged'));
    assert.equal(forged.status, 403);
  });
});
