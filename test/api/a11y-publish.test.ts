// Accessibility before publishing, on the server's side: the no-JavaScript form's publication with
// problems is held (nothing written) and comes back with the problems and a "Publish anyway" box,
// in the page's language; the ticked box lets it through; drafts and hint-only texts are not held.
// The check's axe mode (the editor's browser runs axe-core) answers the rendered previews and only
// the rules axe lacks. And the admin page has no repeated ids with several forms open: only the
// content edit form carries the #field-<name> anchors.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newsFormFields, testApp } from '../helpers';
import type { AppHandle } from '../../app';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const PROBLEMS = '## Harvest\n\n![IMG_2041.jpg](/images/garden.jpg)\n\n#### Skipped level\n\nSeedlings in rows.';

/** Every id that occurs more than once in a page's HTML. */
function repeatedIds(html: string): string[] {
  const seen = new Map<string, number>();
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

describe('publishing without JavaScript asks about accessibility problems first', () => {
  let h: AppHandle;
  let agent: ReturnType<typeof request.agent>;
  let csrf: string;
  let article: Record<string, any>;
  before(async () => {
    h = await testApp();
    agent = request.agent(h.app);
    csrf = (await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200)).body.csrfToken as string;
    const first = (await request(h.app).get('/api/admin/news').set(ADMIN).expect(200)).body[0];
    article = (await request(h.app).get(`/api/admin/news/${first.id}`).set(ADMIN).expect(200)).body;
  });
  after(() => h.close());

  const stored = async () => (await request(h.app).get(`/api/admin/news/${article.id}`).set(ADMIN).expect(200)).body;

  test('a publication with problems is held, listed in English with links to the fields, and the box lets it through', async () => {
    const held = await agent.post(`/admin/news/${article.id}`).type('form').send({ _csrf: csrf, ...newsFormFields(article, { content: PROBLEMS }) }).expect(303);
    assert.equal(held.headers.location, `/admin/news?edit=${article.id}#a11y-held`);
    assert.equal((await stored()).content, article.content, 'nothing written');

    const html = decode((await agent.get(held.headers.location!.replace(/#.*/, '')).expect(200)).text);
    assert.match(html, /Not published yet: the accessibility check found the problems below/);
    assert.match(html, /The alt text “IMG_2041\.jpg” looks like a file name/);
    assert.match(html, /The heading “Skipped level” skips a level/);
    assert.match(html, /href="#field-content"[^>]*>Go to Content \(English\)/);
    assert.match(html, /id="field-content"/, 'the link lands on the field');
    assert.match(html, /<input type="checkbox" name="_a11yConfirm" value="yes"\/> (<!-- -->)?Publish anyway/);
    // The form comes back as typed, still a publication.
    assert.ok(html.includes('#### Skipped level'));
    assert.match(html, /name="publishMode" checked="" value="now"/);
    assert.doesNotMatch(html, /name="publishMode" checked="" value="(draft|schedule)"/);

    await agent.post(`/admin/news/${article.id}`).type('form').send({ _csrf: csrf, ...newsFormFields(article, { content: PROBLEMS }), _a11yConfirm: 'yes' }).expect(303, /\/admin\/news$/);
    const saved = await stored();
    assert.equal(saved.content, PROBLEMS);
    assert.equal(saved.draft, false);
  });

  test('in German: the held form says so in German', async () => {
    const held = await agent.post(`/de/admin/news/${article.id}`).type('form').send({ _csrf: csrf, ...newsFormFields(article, { contentDe: '## Ernte\n\n![DSC_0042.JPG](/images/garden.jpg)' }) }).expect(303);
    assert.equal(held.headers.location, `/de/admin/news?edit=${article.id}#a11y-held`);
    const html = decode((await agent.get(held.headers.location!.replace(/#.*/, '')).expect(200)).text);
    assert.match(html, /Noch nicht veröffentlicht: Die Prüfung der Barrierefreiheit hat die Probleme unten gefunden/);
    assert.match(html, /Der Alternativtext «DSC_0042\.JPG» sieht aus wie ein Dateiname/);
    assert.match(html, /href="#field-contentDe"[^>]*>Zu Inhalt \(Deutsch\)/);
    assert.match(html, /Trotzdem veröffentlichen/);
    assert.ok(!/Publish anyway|Not published yet/.test(html), 'no English interface text');
  });

  test('a new item with problems is not created until confirmed', async () => {
    const count = async () => (await request(h.app).get('/api/admin/news').set(ADMIN).expect(200)).body.length;
    const before = await count();
    const form = newsFormFields({ ...article, title: 'Held article', titleDe: 'Zurückgehaltener Artikel', slug: '' }, { content: PROBLEMS });
    const held = await agent.post('/admin/news').type('form').send({ _csrf: csrf, ...form }).expect(303);
    assert.equal(held.headers.location, '/admin/news?new=1#a11y-held');
    assert.equal(await count(), before);
    await agent.post('/admin/news').type('form').send({ _csrf: csrf, ...form, _a11yConfirm: 'yes' }).expect(303);
    assert.equal(await count(), before + 1);
  });

  test('a draft, and a text with only reading hints, save at once', async () => {
    // The form's Draft box: a hidden "false", then the ticked "true".
    await agent.post(`/admin/news/${article.id}`).type('form').send({ _csrf: csrf, ...newsFormFields(article, { content: `${PROBLEMS}\n\nAs a draft.`, draft: ['false', 'true'] }) }).expect(303, /\/admin\/news$/);
    assert.match((await stored()).content, /As a draft\./);
    const long = `## Report\n\n${Array(130).fill('word').join(' ')}`;
    await agent.post(`/admin/news/${article.id}`).type('form').send({ _csrf: csrf, ...newsFormFields(article, { content: long }) }).expect(303, /\/admin\/news$/);
    assert.equal((await stored()).content, long);
  });
});

describe('the check for the editor whose browser runs axe-core', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('axe mode: the rendered previews and only the rules axe lacks', async () => {
    const values = {
      content: '### Too deep\n\n![IMG_2041.jpg](/images/a.jpg)\n\n![](/images/b.jpg)\n\n## Fine\n\n#### Skipped\n\n[](/empty)',
      contentDe: '#### Zu tief\n\nMehr [hier](/bericht.pdf).',
    };
    const full = (await request(h.app).post('/api/admin/a11y-check').set(ADMIN).send({ values }).expect(200)).body;
    assert.deepEqual(
      full.problems.map((p: any) => `${p.field}:${p.rule}`),
      ['content:heading-start', 'content:image-alt-filename', 'content:image-alt-missing', 'content:heading-order', 'content:link-name', 'contentDe:heading-start', 'contentDe:link-generic'],
    );
    assert.equal(full.previews, undefined);
    const axe = (await request(h.app).post('/api/admin/a11y-check').set(ADMIN).send({ values, axe: true }).expect(200)).body;
    // axe's heading-order finds the skips (after the page title, too) and its link-name the empty
    // link; an empty alt text (decorative for axe) stays ours.
    assert.deepEqual(
      axe.problems.map((p: any) => `${p.field}:${p.rule}`),
      ['content:image-alt-filename', 'content:image-alt-missing', 'contentDe:link-generic'],
    );
    assert.deepEqual(
      axe.previews.map((p: any) => [p.field, p.language]),
      [
        ['content', 'en'],
        ['contentDe', 'de'],
      ],
    );
    assert.match(axe.previews[0].html, /<h4[^>]*>Skipped<\/h4>/);
    await request(h.app).post('/api/admin/a11y-check').set(ADMIN).send({ values, axe: 'yes' }).expect(400, /Send axe as true or false/);
  });
});

describe('no repeated ids on the admin page with several forms open', () => {
  let h: AppHandle;
  let agent: ReturnType<typeof request.agent>;
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'a11y-ids-'));
  before(async () => {
    h = await testApp({ UPLOAD_DIR: uploads });
    agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
  });
  after(async () => {
    await h.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  test('a project with its spending forms, the glossary with a term open, the media library with a file open', async () => {
    const project = (await request(h.app).get('/api/admin/projects').set(ADMIN).expect(200)).body[0];
    const record = (
      await request(h.app)
        .post(`/api/admin/projects/${project.id}/spending`)
        .set(ADMIN)
        .send({ date: '2026-01-15', amount: '120.00', category: 'seeds', description: 'Seeds', descriptionDe: 'Saatgut' })
        .expect(201)
    ).body;
    const term = (await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Borehole committee', termDe: 'Brunnenkomitee', note: '' }).expect(201)).body;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 60 } } }).png().toBuffer();
    const media = (await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'A green field').attach('file', png, { filename: 'field.png', contentType: 'image/png' }).expect(201)).body;
    await h.deps.db('media_items').where({ id: media.id }).update({ altSuggestionEn: 'Young maize in rows', altSuggestionDe: 'Junger Mais in Reihen', altSuggestedAt: new Date().toISOString() });

    const spendingPath = `/admin/projects?edit=${project.id}&spending=${record.id}`;
    for (const path of [spendingPath, `/admin/glossary?edit=${term.id}`, `/admin/media?edit=${media.id}`, `/de/admin/media?edit=${media.id}`]) {
      const html = (await agent.get(path).expect(200)).text;
      assert.deepEqual(repeatedIds(html), [], `repeated ids on ${path}`);
    }
    // The content edit form keeps its anchors; the other forms go without.
    const projectPage = (await agent.get(spendingPath).expect(200)).text;
    assert.match(projectPage, /id="field-titleDe"/);
    assert.match(projectPage, /id="field-description"/);
    assert.ok(!/id="field-(amount|date|category|termEn|altText)"/.test(projectPage));

    // The alt text suggestion: only the quoted proposal is in its language, not the badge or button.
    const mediaPage = decode((await agent.get(`/admin/media?edit=${media.id}`).expect(200)).text);
    assert.match(mediaPage, /<q lang="en">Young maize in rows<\/q>/);
    assert.match(mediaPage, /<q lang="de">Junger Mais in Reihen<\/q>/);
    assert.ok(!/class="admin-alt-suggestion" lang=/.test(mediaPage));
  });
});
