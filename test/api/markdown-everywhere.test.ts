// One markup everywhere: a project description written in Markdown is rendered on its page (never
// shown as marks), its words only on cards, in search data, the checkout, the newsletter and the
// social posts; the admin's live preview is the same renderer; page introductions are Markdown too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const DESCRIPTION = [
  'In **Village 9** the nearest water is *two hours* away.',
  '',
  '## What we need',
  '',
  '- pipes',
  '- a pump',
  '- [training](/skills-training) for the water committee',
].join('\n');
const DESCRIPTION_DE = ['In **Dorf 9** ist das nächste Wasser *zwei Stunden* entfernt.', '', '## Was wir brauchen', '', '- Rohre', '- eine Pumpe'].join('\n');
const MARKS = /\*\*|##|\]\(/;

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);
/** The page's data as the browser gets it: each island's props (data-props on <vb-island>). */
const islandProps = (html: string) =>
  [...html.matchAll(/data-props="([^"]*)"/g)].map((m) => JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as Record<string, any>);
const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"\/?>/.exec(html)?.[1] ?? '';

describe('Markdown on every public surface', () => {
  let h: AppHandle;
  let id: number;
  let slug: string;
  before(async () => {
    h = await testApp();
    const created = await request(h.app)
      .post('/api/admin/projects')
      .set(ADMIN)
      .send({ title: 'Water for Village 9', titleDe: 'Wasser für Dorf 9', description: DESCRIPTION, descriptionDe: DESCRIPTION_DE, goalAmount: '9000', imageUrl: '/images/projects/village-borehole-water-point.svg', order: -100 })
      .expect(201);
    id = created.body.id;
    slug = created.body.slug;
  });
  after(() => h.close());

  test('the project page renders the description: bold, italic, headings from h2, a list, a link', async () => {
    const html = (await request(h.app).get(`/projects/${slug}`).expect(200)).text;
    assert.ok(html.includes('<p>In <strong>Village 9</strong> the nearest water is <em>two hours</em> away.</p>'), 'bold and italic');
    assert.ok(html.includes('<h2>What we need</h2>'), 'the heading');
    assert.match(html, /<ul>\s*<li>pipes<\/li>\s*<li>a pump<\/li>\s*<li><a href="\/skills-training">training<\/a> for the water committee<\/li>\s*<\/ul>/);
    assert.ok(!text(html).includes('**'), 'no marks on the page');
    assert.doesNotMatch(html, /<h1>What we need/);
    // Search data and sharing get the words only.
    assert.doesNotMatch(metaDescription(html), MARKS);
    assert.match(metaDescription(html), /^In Village 9 the nearest water is two hours away\. What we need pipes/);
    const project = jsonLd(html).find((ld) => ld['@type'] === 'Project')!;
    assert.doesNotMatch(project.description, MARKS);
    assert.doesNotMatch(JSON.stringify((await request(h.app).get(`/projects/${slug}`).set('Accept', 'application/json').expect(200)).body.props.project), MARKS);
    const de = (await request(h.app).get(`/de/projects/${slug}`).expect(200)).text;
    assert.ok(de.includes('<p>In <strong>Dorf 9</strong> ist das nächste Wasser <em>zwei Stunden</em> entfernt.</p>'));
    assert.ok(de.includes('<h2>Was wir brauchen</h2>'));
  });

  test('cards (projects page, home page) and the checkout show the words without marks', async () => {
    for (const path of ['/projects', '/', '/de/projects', '/de']) {
      const html = (await request(h.app).get(path).expect(200)).text;
      const body = text(html);
      assert.ok(body.includes(path.startsWith('/de') ? 'In Dorf 9 ist das nächste Wasser zwei Stunden entfernt.' : 'In Village 9 the nearest water is two hours away.'), `${path} shows the words`);
      assert.ok(!body.includes('**'), `${path} shows no marks`);
      // The project cards are in the projects island: its props carry the words only.
      const card = islandProps(html).flatMap((p) => (p.projects ?? []) as { id: number; description: string }[]).find((p) => p.id === id)!;
      assert.ok(card, `${path}: the card's project is in the island's props`);
      assert.doesNotMatch(card.description, MARKS, `${path} sends no marks`);
    }
    const checkout = (await request(h.app).get(`/checkout?project=${slug}`).expect(200)).text;
    assert.ok(!text(checkout).includes('**'));
    // The public API keeps the Markdown as written (for whoever renders it).
    const api = (await request(h.app).get(`/api/projects/${id}`).expect(200)).body;
    assert.equal(api.description, DESCRIPTION);
  });

  test('the newsletter mail shows the words, in HTML and in plain text', async () => {
    const res = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Water', selectedProjects: [id] }).expect(200);
    const { html, text: plain } = res.body.newsletterData as { html: string; text: string };
    assert.ok(html.includes('In Village 9 the nearest water is two hours away. What we need pipes a pump training for the water committee'));
    assert.doesNotMatch(html, /\*\*Village|## What/);
    assert.doesNotMatch(plain, /\*\*Village|## What/);
  });

  test('social posts carry the words without marks', async () => {
    const res = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'project', content: { id }, platforms: ['facebook', 'linkedin', 'twitter'], language: 'en' }).expect(200);
    for (const [platform, post] of Object.entries(res.body.content as Record<string, { text: string }>)) {
      assert.doesNotMatch(post.text, /\*\*|## /, platform);
      assert.match(post.text, /Village 9/, platform);
    }
  });

  test('a page introduction is Markdown, rendered on the page', async () => {
    const list = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as Record<string, any>[];
    const { id: pageId, updatedAt: _u, draft: _d, publishAt: _p, texts: _t, ...about } = list.find((p) => p.pageName === 'about')!;
    await request(h.app).put(`/api/admin/pages/${pageId}`).set(ADMIN).send({ ...about, content: 'We are **volunteers**.\n\n- in Lucerne\n- in Mwenezi' }).expect(200);
    const html = (await request(h.app).get('/about').expect(200)).text;
    assert.match(html, /<div class="lead lead-html"><p>We are <strong>volunteers<\/strong>\.<\/p>\s*<ul>\s*<li>in Lucerne<\/li>/);
  });

  test('the admin preview is the same renderer: sanitized, admin only, size-limited', async () => {
    const ok = await request(h.app).post('/api/admin/markdown/preview').set(ADMIN).send({ text: '# Title\n\n**bold** <script>alert(1)</script> [x](javascript:alert(1))' }).expect(200);
    assert.match(ok.body.html, /^<h2>Title<\/h2>/);
    assert.match(ok.body.html, /<strong>bold<\/strong> &lt;script&gt;/);
    assert.doesNotMatch(ok.body.html, /<script|href="javascript:/);
    await request(h.app).post('/api/admin/markdown/preview').send({ text: 'x' }).expect(401);
    const tooLong = await request(h.app).post('/api/admin/markdown/preview').set(ADMIN).send({ text: 'x'.repeat(100_001) }).expect(400);
    assert.ok(tooLong.body.fields.text);
    const notText = await request(h.app).post('/api/admin/markdown/preview').set(ADMIN).send({ text: 42 }).expect(400);
    assert.ok(notText.body.fields.text);
    // A signed-in browser needs its CSRF token, like every other change.
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    await agent.post('/api/admin/markdown/preview').send({ text: 'x' }).expect(403);
  });
});
