// German pages wholly German: an image uploaded with only an English alt text gets a German machine
// draft (the vision proposal's German, else a machine translation of the English, made by a
// background job through the real SDK against the local OpenAI fake). German pages show it as
// German (no lang="en"), cached pages included; the admin marks it for review (media library,
// Translations tab); a person's German text wins and clears it. Without a key the English stays.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { testApp } from '../helpers';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import type { AppHandle } from '../../app';
import { libraryFileName } from '../../models/media/library-alts';
import { queueMissingAltTranslations } from '../../models/media/alt-translate';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const ENGLISH = 'A large water tank at the school';
// The fake's word-for-word "translation", its "groß" in Swiss spelling.
const TRANSLATED = 'Ein gross Wasser tank at die Schule';
const VISION_DE = 'KI: Kinder tragen Wasserkanister auf einem staubigen Weg, grosse Hitze';

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 140, b: 60 } } }).png().toBuffer();
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
/** Every <img> of the page whose src is `src`. */
const imgsOf = (html: string, src: string) => [...decode(html).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`src="${src}"`));
const altOf = (tag: string) => /alt="([^"]*)"/.exec(tag)?.[1];

async function upload(h: AppHandle, altText = ENGLISH) {
  const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', altText).attach('file', await photo(), { filename: 'tank.png', contentType: 'image/png' }).expect(201);
  return res.body as { id: number; url: string };
}
const item = async (h: AppHandle, id: number) => (await request(h.app).get(`/api/media/${id}`).set(ADMIN).expect(200)).body;
async function germanArticle(h: AppHandle, imageUrl: string) {
  const article = { title: 'Water at school', titleDe: 'Wasser an der Schule', abstract: 'A tank.', abstractDe: 'Ein Tank.', content: 'The tank is full.', contentDe: 'Der Tank ist voll.', imageUrl };
  return (await request(h.app).post('/api/admin/news').set(ADMIN).send(article).expect(201)).body as { slug: string };
}
/** The German page's images of `src`: each with its alt text and whether it is marked English. */
async function germanImages(h: AppHandle, slug: string, src: string) {
  const tags = imgsOf((await request(h.app).get(`/de/news/${slug}`).expect(200)).text, src);
  assert.ok(tags.length > 0, 'the page shows the picture');
  return tags.map((tag) => ({ alt: altOf(tag), english: /\slang="en"/.test(tag) }));
}
async function adminPage(h: AppHandle, address: string) {
  const agent = request.agent(h.app);
  await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
  return decode((await agent.get(address).expect(200)).text);
}
const mediaEntry = async (h: AppHandle, id: number) =>
  ((await request(h.app).get('/api/admin/translations?entity=media&state=all').set(ADMIN).expect(200)).body.entries as any[]).find((e) => e.id === id);

/** An app with its own upload folder and the fake OpenAI (its key only when `env` gives one), for the suite around the call. */
function appWithFakeOpenAI(env: Record<string, string>, use: (h: AppHandle, ai: FakeOpenAI) => void): void {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let dir: string;
  before(async () => {
    ai = await startFakeOpenAI();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alt-de-'));
    h = await testApp({ UPLOAD_DIR: dir, OPENAI_BASE_URL: ai.url, ...env });
    use(h, ai);
  });
  after(async () => {
    await h.close();
    await ai.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

describe('German alt text drafts with OpenAI configured', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  appWithFakeOpenAI({ OPENAI_API_KEY: 'sk-test' }, (app, fake) => ((h = app), (ai = fake)));

  test('an English-only upload: German pages show the machine draft as German, marked for review; a person’s German wins', async () => {
    const { id, url } = await upload(h);
    const { slug } = await germanArticle(h, url);
    await h.deps.jobs.idle();

    // The vision proposal's German first (a person has not saved the item yet).
    const got = await item(h, id);
    assert.deepEqual({ text: got.altDraftDe.text, source: got.altDraftDe.source }, { text: VISION_DE, source: 'suggestion' });
    assert.equal(got.altTextDe, null, 'a person’s field stays empty');
    assert.deepEqual(await germanImages(h, slug, url), [{ alt: VISION_DE, english: false }]);
    // The translation went out with the English alt text only.
    const asked = ai.requests.find((r) => r.body?.response_format?.json_schema?.name === 'translation');
    assert.equal(asked?.body.messages[1].content, ENGLISH);

    // Saved by a person with the English alone: the proposal is gone, the translation shows.
    const saved = (await request(h.app).put(`/api/media/${id}`).set(ADMIN).send({ category: 'projects', altText: ENGLISH }).expect(200)).body;
    assert.equal(saved.altSuggestion, null);
    assert.equal(saved.altDraftDe.text, TRANSLATED);
    assert.equal(saved.altDraftDe.source, 'translation');
    assert.deepEqual(await germanImages(h, slug, url), [{ alt: TRANSLATED, english: false }]);
    // The English page keeps the English.
    assert.equal(altOf(imgsOf((await request(h.app).get(`/news/${slug}`).expect(200)).text, url)[0]!), ENGLISH);

    // Marked for review: the media library (both languages, card and edit form) and the Translations tab.
    assert.match(await adminPage(h, '/admin/media'), /Machine draft — please check/);
    const form = await adminPage(h, `/de/admin/media?edit=${id}`);
    assert.match(form, /Maschinenentwurf – bitte prüfen/);
    assert.ok(form.includes(TRANSLATED));
    assert.deepEqual(await mediaEntry(h, id), { entity: 'media', id, field: 'altText', language: 'de', state: 'missing', label: 'tank.png', link: `/admin/media?edit=${id}#media-${id}`, live: true, machineDraft: true });
    assert.match(await adminPage(h, '/admin/translations?entity=media'), /Machine draft — please check/);

    // A new English text makes the draft stale: a new one is drafted from it.
    await request(h.app).put(`/api/media/${id}`).set(ADMIN).send({ category: 'projects', altText: 'The new school garden' }).expect(200);
    await h.deps.jobs.idle();
    assert.equal((await item(h, id)).altDraftDe.text, 'Die neu Schule Garten');

    // A person's German wins and clears the mark everywhere.
    const german = (await request(h.app).put(`/api/media/${id}`).set(ADMIN).send({ category: 'projects', altText: 'The new school garden', altTextDe: 'Der neue Schulgarten' }).expect(200)).body;
    assert.equal(german.altDraftDe, null);
    assert.equal((await h.deps.db('media_items').where({ id }).first('altTextDeDraft')).altTextDeDraft, null);
    assert.deepEqual(await germanImages(h, slug, url), [{ alt: 'Der neue Schulgarten', english: false }]);
    assert.equal((await mediaEntry(h, id)).state, 'current');
    assert.equal((await mediaEntry(h, id)).machineDraft, undefined);
    assert.doesNotMatch(await adminPage(h, '/admin/media'), /Machine draft — please check/);
    // No job writes into a person's field.
    await h.deps.jobs.idle();
    assert.equal((await item(h, id)).altTextDe, 'Der neue Schulgarten');
  });

  test('a library from before: its images without German get a draft once, and cached German pages show it', async () => {
    const src = '/uploads/0123456789abcdef0123456789abcd0f.jpg';
    await h.deps.db('media_items').insert({ fileName: libraryFileName(src)!, originalName: 'old.jpg', fileType: 'image', fileSize: 10, filePath: libraryFileName(src)!, mimeType: 'image/jpeg', category: 'projects', altText: 'Our village garden', altTextDe: null, tags: '[]', variants: '[]', width: 1200, height: 800 });
    const { slug } = await germanArticle(h, src);
    // Cached with the English, marked as English.
    assert.deepEqual(await germanImages(h, slug, src), [{ alt: 'Our village garden', english: true }]);
    assert.deepEqual(await germanImages(h, slug, src), [{ alt: 'Our village garden', english: true }]);

    // This start's one-time pass has run already (nothing lacked German then): as on an older database.
    assert.equal(await queueMissingAltTranslations(h.deps), 0);
    await h.deps.db('app_settings').where({ key: 'alt_de_drafts_queued' }).delete();
    assert.equal(await queueMissingAltTranslations(h.deps), 1);
    await h.deps.jobs.idle();
    assert.deepEqual(await germanImages(h, slug, src), [{ alt: 'Unser Dorf Garten', english: false }]);
    assert.equal(await queueMissingAltTranslations(h.deps), 0, 'once');
  });
});

describe('German alt text drafts without an OpenAI key', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  appWithFakeOpenAI({}, (app, fake) => ((h = app), (ai = fake)));

  test('nothing is drafted: German pages keep the English alt text, marked as English', async () => {
    const { id, url } = await upload(h);
    const { slug } = await germanArticle(h, url);
    await request(h.app).put(`/api/media/${id}`).set(ADMIN).send({ category: 'projects', altText: ENGLISH }).expect(200);
    await h.deps.jobs.idle();
    assert.equal(await queueMissingAltTranslations(h.deps), 0);
    assert.equal((await item(h, id)).altDraftDe, null);
    assert.deepEqual(await germanImages(h, slug, url), [{ alt: ENGLISH, english: true }]);
    assert.equal(ai.requests.length, 0);
    assert.equal((await mediaEntry(h, id)).state, 'missing');
    assert.doesNotMatch(await adminPage(h, '/admin/media'), /Machine draft/);
  });
});
