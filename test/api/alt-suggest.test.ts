// Alt text proposals: an uploaded image goes (as a small JPEG data URL) to OpenAI's vision model
// through the real SDK against the local fake; the English and German proposals are stored on the
// item, shown in the media library as a machine's suggestion, and cleared once a person saves.
// Without a key nothing is asked; a failing service leaves the upload whole and says why in the log.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import sharp from 'sharp';
import { testApp, until } from '../helpers';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import type { AppHandle } from '../../app';
import { runAltSuggestJob } from '../../models/media/alt-suggest';
import { createVision } from '../../models/providers/vision';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const photo = () => sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 120, b: 60 } } }).png().toBuffer();

async function upload(h: AppHandle, altText = 'A field at dusk') {
  const res = await request(h.app)
    .post('/api/media')
    .set(ADMIN)
    .field('category', 'projects')
    .field('altText', altText)
    .attach('file', await photo(), { filename: 'IMG_2041.png', contentType: 'image/png' })
    .expect(201);
  return res.body as { id: number };
}
/** The admin page as a signed-in volunteer sees it (server-rendered). */
async function adminPage(h: AppHandle, path: string) {
  const agent = request.agent(h.app);
  await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
  return (await agent.get(path).expect(200)).text;
}
const item = async (h: AppHandle, id: number) => (await request(h.app).get(`/api/media/${id}`).set(ADMIN).expect(200)).body;

describe('alt text suggestions with OpenAI configured', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let dir: string;
  before(async () => {
    ai = await startFakeOpenAI();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alt-suggest-'));
    h = await testApp({ UPLOAD_DIR: dir, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.url, OPENAI_MODEL: 'gpt-vision-test' });
  });
  after(async () => {
    await h.close();
    await ai.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an upload queues the job; the proposal is stored, shown, and cleared when a person saves', async () => {
    const { id } = await upload(h);
    await until(async () => (await item(h, id)).altSuggestion !== null, 'the alt suggestion');
    const got = await item(h, id);
    assert.equal(got.altSuggestion.en, 'AI: Children carrying water cans along a dusty path');
    // Swiss spelling, and the person's own alt text is untouched.
    assert.match(got.altSuggestion.de, /grosse Hitze/);
    assert.doesNotMatch(got.altSuggestion.de, /ß/);
    assert.equal(got.altText, 'A field at dusk');

    // What went out: a small JPEG as a data URL, the configured model, nothing else about the site.
    const sent = ai.requests.find((r) => r.body?.response_format?.json_schema?.name === 'alt_text');
    assert.ok(sent, 'a vision request was made');
    assert.equal(sent.body.model, 'gpt-vision-test');
    const url: string = sent.body.messages[1].content.find((p: any) => p.type === 'image_url').image_url.url;
    assert.match(url, /^data:image\/jpeg;base64,/);
    const meta = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
    assert.ok(Math.max(meta.width!, meta.height!) <= 512, 'the picture is made small before it is sent');
    assert.doesNotMatch(JSON.stringify(sent.body), /IMG_2041|\/uploads\//);

    // The media library says it is a machine's suggestion.
    const page = await adminPage(h, '/admin/media');
    assert.match(page, /Suggested by AI — check it/);
    assert.match(page, /Children carrying water cans/);
    // In German, and inside the item's edit form next to the fields.
    const de = await adminPage(h, `/de/admin/media?edit=${id}`);
    assert.match(de, /Von KI vorgeschlagen – bitte prüfen/);
    assert.match(de, /name="altTextDe"/);

    // A person saves (accepting the German proposal): the suggestion is gone, the texts kept.
    const saved = await request(h.app)
      .put(`/api/media/${id}`)
      .set(ADMIN)
      .send({ category: 'projects', altText: got.altSuggestion.en, altTextDe: got.altSuggestion.de })
      .expect(200);
    assert.equal(saved.body.altSuggestion, null);
    assert.equal(saved.body.altTextDe, got.altSuggestion.de);
    assert.equal((await item(h, id)).altSuggestion, null);
  });

  test('a late proposal (the job ends after a person saved the alt texts) does not come back', async () => {
    const { id } = await upload(h, 'Water point at the school');
    await until(async () => (await item(h, id)).altSuggestion !== null, 'the first proposal');
    await request(h.app).put(`/api/media/${id}`).set(ADMIN).send({ category: 'projects', altText: 'Pupils at the new water point', altTextDe: 'Schulkinder am neuen Wasserhahn' }).expect(200);
    // The same job again, as if its answer arrived only now.
    const vision = await createVision({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-vision-test', log: h.deps.log, timeoutMs: 2_000 });
    const asked = ai.requests.length;
    await runAltSuggestJob({ db: h.deps.db, storage: h.deps.storage, log: h.deps.log, vision, orgName: 'Test' }, { mediaId: id });
    assert.ok(ai.requests.length > asked, 'the late job did ask');
    const got = await item(h, id);
    assert.equal(got.altSuggestion, null, 'no proposal beside what the person saved');
    assert.equal(got.altText, 'Pupils at the new water point');
    assert.equal(got.altTextDe, 'Schulkinder am neuen Wasserhahn');
  });

  test('documents get no vision request', async () => {
    const before = ai.requests.length;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', pdf, { filename: 'r.pdf', contentType: 'application/pdf' }).expect(201);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await item(h, res.body.id)).altSuggestion, null);
    assert.equal(ai.requests.length, before);
  });

  test('a failing vision service: the upload stands, no proposal, the reason is logged', async () => {
    ai.mode = 'error';
    try {
      const { id } = await upload(h, 'Seedlings in a row');
      // The variants job still runs: the upload is whole.
      await until(async () => (await item(h, id)).variants.length > 0, 'the variants');
      await new Promise((r) => setTimeout(r, 500));
      const got = await item(h, id);
      assert.equal(got.altSuggestion, null);
      assert.equal(got.altText, 'Seedlings in a row');

      // The job itself, with a log to read: it ends quietly and names the failure.
      const lines: string[] = [];
      const log = pino({ level: 'info' }, new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
      const vision = await createVision({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-vision-test', log, timeoutMs: 2_000 });
      await runAltSuggestJob({ db: h.deps.db, storage: h.deps.storage, log, vision, orgName: 'Test' }, { mediaId: id });
      assert.equal((await item(h, id)).altSuggestion, null);
      assert.ok(lines.some((l) => /alt-suggest: OpenAI refused the request/.test(l)), lines.join('\n'));

      // An answer that is not in the expected shape is refused too.
      ai.mode = 'wrong';
      lines.length = 0;
      await runAltSuggestJob({ db: h.deps.db, storage: h.deps.storage, log, vision, orgName: 'Test' }, { mediaId: id });
      assert.equal((await item(h, id)).altSuggestion, null);
      assert.ok(lines.some((l) => /does not match the schema/.test(l)), lines.join('\n'));
    } finally {
      ai.mode = 'ok';
    }
  });
});

describe('alt text suggestions without an OpenAI key', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let dir: string;
  before(async () => {
    ai = await startFakeOpenAI();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alt-suggest-'));
    // The fake's address is configured, the key is not: nothing may reach it.
    h = await testApp({ UPLOAD_DIR: dir, OPENAI_BASE_URL: ai.url });
  });
  after(async () => {
    await h.close();
    await ai.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('nothing is suggested and uploads work as before', async () => {
    const { id } = await upload(h);
    await until(async () => (await item(h, id)).variants.length > 0, 'the variants');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await item(h, id)).altSuggestion, null);
    assert.equal(ai.requests.length, 0);
    assert.doesNotMatch(await adminPage(h, '/admin/media'), /Suggested by AI/);
  });

  test('an image still needs its alt text', async () => {
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').attach('file', await photo(), { filename: 'x.png', contentType: 'image/png' }).expect(400);
    assert.ok(res.body.error);
  });
});
