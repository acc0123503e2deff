// The server-rendered Translations tab (no JavaScript needed): counts, GET filters, the table
// in both languages, and links that land on the form field's anchor.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import { DEMO_ADMIN_KEY } from '../../config';
import type { AppHandle } from '../../app';

const KEY = { 'X-Admin-Key': DEMO_ADMIN_KEY };
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

describe('the Translations tab without JavaScript', () => {
  let h: AppHandle;
  let admin: ReturnType<typeof request.agent>;
  let projectId: number;
  before(async () => {
    h = await testApp();
    admin = request.agent(h.app);
    await admin.post('/admin-login').type('form').send({ mode: 'key', key: DEMO_ADMIN_KEY }).expect(303);
    // An English edit: the German title is out of date.
    const first = (await request(h.app).get('/api/admin/projects').set(KEY).expect(200)).body[0];
    projectId = first.id;
    const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, draft: _d, publishAt: _p, raisedAmount: _r, ...rest } = first;
    await request(h.app).put(`/api/admin/projects/${projectId}`).set(KEY).send({ ...rest, title: 'A brand new English title' }).expect(200);
  });
  after(() => h.close());

  test('the tab lists what needs work by default, with counts and a link to the German field', async () => {
    const html = decode((await admin.get('/admin/translations').expect(200)).text);
    assert.match(html, /id="tab-translations"[^>]*aria-current="page"/);
    assert.match(html, /<h2[^>]*>Translation status<\/h2>/);
    assert.match(html, /Texts per state/);
    assert.match(html, /<caption[^>]*>Texts and their translation state<\/caption>/);
    assert.ok(html.includes(`href="/admin/projects?edit=${projectId}#field-titleDe"`), 'links to the German title');
    assert.match(html, /Out of date<\/span><span class="don-sub">still shown to visitors/);
    // The default filter is "needs work": no current rows.
    assert.ok(!/class="badge tr-badge-current"/.test(html));
  });

  test('GET filters: state, kind, language; bad values fall back to the defaults', async () => {
    const current = decode((await admin.get('/admin/translations?state=current&entity=locale&language=de').expect(200)).text);
    assert.match(current, /class="badge tr-badge-current"/);
    assert.ok(!/tr-badge-outdated/.test(current));
    assert.match(current, /<code>nav\.home<\/code>/);
    assert.match(current, /<option value="current" selected="">/);
    const news = decode((await admin.get('/admin/translations?entity=news&state=all').expect(200)).text);
    assert.ok(!news.includes('/admin/projects?edit='));
    await admin.get('/admin/translations?state=nope&entity=donor&language=fr').expect(200);
  });

  test('the number of matching texts takes the singular for one, in both languages', async () => {
    const query = '/translations?entity=project&state=outdated&language=de';
    assert.match((await admin.get(`/admin${query}`).expect(200)).text, />1 text matches\.</);
    assert.match((await admin.get(`/de/admin${query}`).expect(200)).text, />1 Text passt\.</);
    assert.match((await admin.get('/admin/translations?entity=project&state=all&language=de').expect(200)).text, /\d texts match\.</);
  });

  test('in German: German words, links to the German admin page', async () => {
    const html = decode((await admin.get('/de/admin/translations').expect(200)).text);
    assert.match(html, /<h2[^>]*>Stand der Übersetzungen<\/h2>/);
    assert.match(html, /Veraltet<\/span><span class="don-sub">wird weiterhin angezeigt/);
    assert.ok(html.includes(`href="/de/admin/projects?edit=${projectId}#field-titleDe"`));
    assert.ok(!html.includes('Translation status'));
  });

  test('the form field the link points to has the anchor', async () => {
    const html = (await admin.get(`/admin/projects?edit=${projectId}`).expect(200)).text;
    assert.match(html, /id="field-titleDe"/);
    assert.match(html, /id="field-descriptionDe"/);
    const pages = (await request(h.app).get('/api/admin/pages').set(KEY).expect(200)).body as { id: number; pageName: string }[];
    const about = pages.find((p) => p.pageName === 'about')!;
    const pageHtml = (await admin.get(`/admin/pages?edit=${about.id}`).expect(200)).text;
    assert.match(pageHtml, /id="field-texts\.de\.about\.story\.p1"/);
  });

  test('admin only', async () => {
    const res = await request(h.app).get('/admin/translations');
    assert.ok([302, 303, 401].includes(res.status), `got ${res.status}`);
  });
});
