// The accessibility check sees what visitors get: an image written without an alt text takes the
// media library's (in the field's language, the English one where German is missing), so a good
// library text is no problem and a file-name text is one; the item's picture is checked by its
// library text too. The same holds for the form without JavaScript. And a German page that falls
// back to the library's English alt text marks the image as English (an img's lang applies to its alt).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { newsFormFields, testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { libraryFileName } from '../../models/media/library-alts';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
/** Every <img> tag of a page whose src is `src`. */
const imgsOf = (html: string, src: string) => [...decode(html).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`src="${src}"`));

const GOOD = '/uploads/0123456789abcdef0123456789abcd11.jpg';
const ENGLISH_ONLY = '/uploads/0123456789abcdef0123456789abcd12.jpg';
const FILE_NAME = '/uploads/0123456789abcdef0123456789abcd13.jpg';
/** A German text that is good, over an English one that is a file name. */
const GERMAN_GOOD = '/uploads/0123456789abcdef0123456789abcd14.jpg';

const problemsOf = (body: { problems: { field: string; language: string; rule: string; detail: string }[] }) => body.problems.map((p) => `${p.field}:${p.language}:${p.rule}:${p.detail}`);

describe('the accessibility check reads the media library alt texts', () => {
  let h: AppHandle;
  let agent: ReturnType<typeof request.agent>;
  let csrf: string;
  let article: Record<string, any>;
  before(async () => {
    h = await testApp();
    const row = (src: string, altText: string, altTextDe: string | null) => ({ fileName: libraryFileName(src)!, originalName: 'photo.jpg', fileType: 'image', fileSize: 10, filePath: libraryFileName(src)!, mimeType: 'image/jpeg', category: 'projects', altText, altTextDe, tags: '[]', variants: '[]', width: 1200, height: 800 });
    await h.deps.db('media_items').insert([
      row(GOOD, 'Children at the new hand pump', 'Kinder an der neuen Handpumpe'),
      row(ENGLISH_ONLY, 'A water tank beside the school', null),
      row(FILE_NAME, 'IMG_2041.jpg', null),
      row(GERMAN_GOOD, 'DSC_0042', 'Frauen pflanzen Setzlinge'),
    ]);
    agent = request.agent(h.app);
    csrf = (await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200)).body.csrfToken as string;
    const first = (await request(h.app).get('/api/admin/news').set(ADMIN).expect(200)).body[0];
    article = (await request(h.app).get(`/api/admin/news/${first.id}`).set(ADMIN).expect(200)).body;
  });
  after(() => h.close());

  const check = async (values: Record<string, string>, axe?: boolean) => (await request(h.app).post('/api/admin/a11y-check').set(ADMIN).send(axe === undefined ? { values } : { values, axe }).expect(200)).body;

  test('an image without its own alt text whose library text is good: no problem, and the preview shows that text', async () => {
    const values = { content: `## Water\n\n![](${GOOD})\n\n![](${ENGLISH_ONLY})`, contentDe: `## Wasser\n\n![](${GOOD})\n\n![](${ENGLISH_ONLY})`, imageUrl: GOOD };
    assert.deepEqual(problemsOf(await check(values)), []);
    const axe = await check(values, true);
    assert.deepEqual(problemsOf(axe), []);
    const preview = (field: string) => axe.previews.find((p: { field: string }) => p.field === field).html as string;
    assert.match(preview('content'), /alt="Children at the new hand pump"/);
    assert.match(preview('contentDe'), /alt="Kinder an der neuen Handpumpe"/);
    // axe checks what visitors get: the English fallback on the German page is marked as English.
    assert.match(preview('contentDe'), /alt="A water tank beside the school" lang="en"/);
    assert.doesNotMatch(preview('content'), /lang=/);
  });

  test('a library text that is a file name is a problem, in the text and on the picture, per language', async () => {
    const values = { description: `## Garden\n\n![](${FILE_NAME})`, descriptionDe: `## Garten\n\n![](${GERMAN_GOOD})`, imageUrl: FILE_NAME };
    assert.deepEqual(problemsOf(await check(values)), [
      'description:en:image-alt-filename:IMG_2041.jpg',
      'imageUrl:en:picture-alt-filename:IMG_2041.jpg',
      // No German text: the German page shows the English one.
      'imageUrl:de:picture-alt-filename:IMG_2041.jpg',
    ]);
    // The axe mode keeps them: axe never sees the picture, and the file name is our rule.
    assert.deepEqual(problemsOf(await check(values, true)), problemsOf(await check(values)));
    // A good German text counts on the German side only.
    assert.deepEqual(problemsOf(await check({ content: 'Text.', imageUrl: GERMAN_GOOD })), ['imageUrl:en:picture-alt-filename:DSC_0042']);
  });

  test('a picture the library does not know has no alt text on the public pages', async () => {
    assert.deepEqual(problemsOf(await check({ content: 'Text.', imageUrl: '/uploads/0123456789abcdef0123456789abcdff.jpg' })), [
      'imageUrl:en:picture-alt-missing:/uploads/0123456789abcdef0123456789abcdff.jpg',
      'imageUrl:de:picture-alt-missing:/uploads/0123456789abcdef0123456789abcdff.jpg',
    ]);
    // A team member's portrait (no Markdown text) is decoration beside the name: not checked.
    assert.deepEqual(problemsOf(await check({ bio: 'Text.', imageUrl: FILE_NAME })), []);
  });

  const newsForm = (extra: Record<string, unknown>) => newsFormFields(article, { _csrf: csrf, ...extra });
  const stored = async () => (await request(h.app).get(`/api/admin/news/${article.id}`).set(ADMIN).expect(200)).body;

  test('without JavaScript: a good library text publishes at once; a file-name one on the picture is held, linked to the field', async () => {
    const content = `## Water\n\n![](${GOOD})`;
    const saved = await agent.post(`/admin/news/${article.id}`).type('form').send(newsForm({ content, contentDe: `## Wasser\n\n![](${ENGLISH_ONLY})`, imageUrl: GOOD })).expect(303);
    assert.doesNotMatch(saved.headers.location!, /a11y-held/);
    assert.equal((await stored()).content, content);

    const held = await agent.post(`/admin/news/${article.id}`).type('form').send(newsForm({ imageUrl: FILE_NAME })).expect(303);
    assert.equal(held.headers.location, `/admin/news?edit=${article.id}#a11y-held`);
    assert.equal((await stored()).imageUrl, GOOD, 'nothing written');
    const html = decode((await agent.get(held.headers.location!.replace(/#.*/, '')).expect(200)).text);
    assert.match(html, /The picture’s alt text in the media library, “IMG_2041\.jpg”, looks like a file name/);
    assert.match(html, /href="#field-imageUrl"[^>]*>Go to Image/);
    assert.match(html, /id="field-imageUrl"/, 'the link lands on the field');

    const german = await agent.post(`/de/admin/news/${article.id}`).type('form').send(newsForm({ content: `## Garten\n\n![](${FILE_NAME})`, imageUrl: FILE_NAME })).expect(303);
    const de = decode((await agent.get(german.headers.location!.replace(/#.*/, '')).expect(200)).text);
    assert.match(de, /Der Alternativtext «IMG_2041\.jpg» sieht aus wie ein Dateiname/);
    assert.match(de, /Der Alternativtext des Bildes in der Mediathek, «IMG_2041\.jpg», sieht aus wie ein Dateiname/);
    assert.match(de, /href="#field-imageUrl"[^>]*>Zu Bild/);
  });

  test('a German page that shows the library’s English alt text marks the image lang="en"', async () => {
    const created = (
      await request(h.app)
        .post('/api/admin/news')
        .set(ADMIN)
        .send({ title: 'Tank and pump', titleDe: 'Tank und Pumpe', abstract: 'Water.', abstractDe: 'Wasser.', content: `Text.\n\n![](${ENGLISH_ONLY})\n\n![](${GOOD})`, contentDe: `Text.\n\n![](${ENGLISH_ONLY})\n\n![](${GOOD})`, imageUrl: ENGLISH_ONLY })
        .expect(201)
    ).body;
    const de = (await request(h.app).get(`/de/news/${created.slug}`).expect(200)).text;
    const fallback = imgsOf(de, ENGLISH_ONLY);
    assert.ok(fallback.length >= 2, 'the picture and the image in the text');
    for (const tag of fallback) {
      assert.match(tag, /alt="A water tank beside the school"/);
      assert.match(tag, /lang="en"/);
    }
    for (const tag of imgsOf(de, GOOD)) assert.doesNotMatch(tag, /lang=/, 'a German text needs no mark');
    for (const tag of imgsOf((await request(h.app).get(`/news/${created.slug}`).expect(200)).text, ENGLISH_ONLY)) assert.doesNotMatch(tag, /lang=/);

    const project = (
      await request(h.app)
        .post('/api/admin/projects')
        .set(ADMIN)
        .send({ title: 'Tank', titleDe: 'Tank', description: `Beds.\n\n![](${ENGLISH_ONLY})`, descriptionDe: `Beete.\n\n![](${ENGLISH_ONLY})`, goalAmount: '900', imageUrl: ENGLISH_ONLY })
        .expect(201)
    ).body;
    const tags = imgsOf((await request(h.app).get(`/de/projects/${project.slug}`).expect(200)).text, ENGLISH_ONLY);
    assert.ok(tags.length >= 2);
    for (const tag of tags) assert.match(tag, /lang="en"/);
  });
});
