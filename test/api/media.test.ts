// The media library: admin-only API, type checked from content, random names, WebP variants,
// files served so that nothing uploaded runs on the site's origin.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { srcSetFor } from '../../models/media-rules';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 31, g: 92, b: 58 } } }).png().toBuffer();

// A minimal, valid PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n170\n%%EOF\n',
);

describe('media library', () => {
  let h: AppHandle;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
    h = await testApp({ UPLOAD_DIR: dir });
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const files = () => fs.readdirSync(dir).filter((f) => !f.startsWith('.'));
  const count = async () => Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n ?? 0);

  test('list, upload and delete require an admin', async () => {
    await request(h.app).get('/api/media').expect(401);
    await request(h.app).get('/api/media?category=projects').expect(401);
    await request(h.app).delete('/api/media/1').expect(401);
    const upload = await request(h.app).post('/api/media').field('category', 'projects').attach('file', await png(10, 10), 'x.png');
    assert.equal(upload.status, 401);
    assert.equal(files().length, 0);
    // The no-JavaScript form too.
    const form = await request(h.app).post('/admin/media').field('category', 'projects').attach('file', await png(10, 10), 'x.png');
    assert.equal(form.status, 303);
    assert.equal(files().length, 0);
  });

  test('an image is stored under a random name with WebP variants, and served safely', async () => {
    const res = await request(h.app)
      .post('/api/media')
      .set(ADMIN)
      .field('category', 'projects')
      .field('altText', 'Solar panels on the hostel roof')
      .field('description', 'Installed in May')
      .field('tags', 'solar, nook, solar , hostel')
      .attach('file', await png(2000, 1000), 'Roof Panels.PNG')
      .expect(201);
    const item = res.body;
    assert.equal(item.fileType, 'image');
    assert.equal(item.mimeType, 'image/png');
    assert.equal(item.originalName, 'Roof Panels.PNG');
    assert.match(item.fileName, /^[0-9a-f]{32}\.png$/);
    assert.equal(item.url, `/uploads/${item.fileName}`);
    assert.deepEqual(item.tags, ['solar', 'nook', 'hostel']);
    assert.equal(item.width, 2000);
    assert.equal(item.height, 1000);
    assert.deepEqual(item.variants.map((v: { width: number }) => v.width), [480, 960, 1600]);
    assert.ok(item.fileSize > 0);

    // Every srcset candidate exists and is WebP.
    const srcset = srcSetFor(item.url)!;
    for (const candidate of srcset.split(', ')) {
      const [url, w] = candidate.split(' ');
      const variant = await request(h.app).get(url!).expect(200);
      assert.equal(variant.headers['content-type'], 'image/webp');
      const meta = await sharp(variant.body as Buffer).metadata();
      assert.equal(`${meta.width}w`, w);
    }

    const original = await request(h.app).get(item.url).expect(200);
    assert.equal(original.headers['content-type'], 'image/png');
    assert.equal(original.headers['x-content-type-options'], 'nosniff');
    assert.equal(original.headers['content-security-policy'], "default-src 'none'; sandbox");
    assert.equal(original.headers['content-disposition'], undefined);

    const audit = await request(h.app).get('/api/admin/audit?entity=media').set(ADMIN).expect(200);
    assert.equal(audit.body[0].action, 'upload');
    assert.equal(audit.body[0].summary, 'Roof Panels.PNG');
  });

  test('small images are never enlarged (their variants keep their size)', async () => {
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'team').field('altText', 'Portrait').attach('file', await png(300, 200), 'small.png').expect(201);
    assert.deepEqual(res.body.variants.map((v: { width: number }) => v.width), [300, 300, 300]);
  });

  test('images need alternative text; the category must be one of SPEC list', async () => {
    const noAlt = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').attach('file', await png(20, 20), 'a.png');
    assert.equal(noAlt.status, 400);
    assert.ok(noAlt.body.fields.altText);
    const badCategory = await request(h.app).post('/api/media').set(ADMIN).field('category', 'secret').field('altText', 'x').attach('file', await png(20, 20), 'a.png');
    assert.equal(badCategory.status, 400);
    assert.ok(badCategory.body.fields.category);
    const noFile = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects');
    assert.equal(noFile.status, 400);
    assert.ok(noFile.body.fields.file);
  });

  test('a disguised file is refused from its content, not its name, and leaves nothing behind', async () => {
    const before = files().length;
    const rows = await count();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const disguised = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'x').attach('file', html, { filename: 'holiday.png', contentType: 'image/png' });
    assert.equal(disguised.status, 415);
    assert.match(disguised.body.error, /could not be recognised/);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const svgRes = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'x').attach('file', svg, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    assert.equal(svgRes.status, 415);

    // A real image under a dangerous name is refused as well.
    const named = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'x').attach('file', await png(10, 10), 'page.html');
    assert.equal(named.status, 415);

    const zip = Buffer.from('504b0304140000000800', 'hex');
    assert.equal((await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', zip, 'report.docx')).status, 415);

    assert.equal(files().length, before);
    assert.equal(await count(), rows);
    assert.deepEqual(fs.readdirSync(path.join(dir, '.incoming')), [], 'no temporary file is left');
  });

  test('a PDF is accepted as pdf and served inline with its own type', async () => {
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').field('description', 'Annual report').attach('file', PDF, 'report.pdf').expect(201);
    assert.equal(res.body.fileType, 'pdf');
    assert.equal(res.body.mimeType, 'application/pdf');
    assert.deepEqual(res.body.variants, []);
    const served = await request(h.app).get(res.body.url).expect(200);
    assert.equal(served.headers['content-type'], 'application/pdf');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
  });

  test('list, category filter and text search', async () => {
    const all = (await request(h.app).get('/api/media').set(ADMIN).expect(200)).body as { category: string; originalName: string }[];
    assert.ok(all.length >= 3);
    const docs = (await request(h.app).get('/api/media?category=documents').set(ADMIN).expect(200)).body as { category: string }[];
    assert.ok(docs.length >= 1 && docs.every((m) => m.category === 'documents'));
    const searched = (await request(h.app).get('/api/media?q=HOSTEL').set(ADMIN).expect(200)).body as { originalName: string }[];
    assert.deepEqual(searched.map((m) => m.originalName), ['Roof Panels.PNG']);
    assert.equal((await request(h.app).get('/api/media?category=secret').set(ADMIN)).status, 400);
    assert.deepEqual((await request(h.app).get('/api/media?category=videos').set(ADMIN).expect(200)).body, []);
  });

  test('delete removes the row and every file; a second delete is 404', async () => {
    const up = await request(h.app).post('/api/media').set(ADMIN).field('category', 'partners').field('altText', 'Partner logo').attach('file', await png(600, 300), 'partner.png').expect(201);
    const names = [up.body.fileName, ...up.body.variants.map((v: { fileName: string }) => v.fileName)];
    assert.ok(names.every((n: string) => fs.existsSync(path.join(dir, n))));
    const del = await request(h.app).delete(`/api/media/${up.body.id}`).set(ADMIN).expect(200);
    assert.deepEqual(del.body, { deleted: true, id: up.body.id });
    assert.ok(names.every((n: string) => !fs.existsSync(path.join(dir, n))));
    await request(h.app).get(up.body.url).expect(404);
    await request(h.app).delete(`/api/media/${up.body.id}`).set(ADMIN).expect(404);
    await request(h.app).delete('/api/media/abc').set(ADMIN).expect(400);
  });

  test('only names the library wrote are served', async () => {
    for (const p of ['/uploads/..%2F..%2Fpackage.json', '/uploads/.incoming', '/uploads/evil.html', '/uploads/0123456789abcdef0123456789abcdef.png']) {
      assert.equal((await request(h.app).get(p)).status, 404, p);
    }
  });

  test('a session upload needs the CSRF token', async () => {
    const agent = request.agent(h.app);
    const login = await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200);
    const without = await agent.post('/api/media').field('category', 'projects').field('altText', 'x').attach('file', await png(10, 10), 'x.png');
    assert.equal(without.status, 403);
    const withToken = await agent.post('/api/media').set('X-CSRF-Token', login.body.csrfToken).field('category', 'projects').field('altText', 'Green square').attach('file', await png(10, 10), 'x.png');
    assert.equal(withToken.status, 201);
    // The no-JavaScript form: token in the multipart body.
    const form = await agent.post('/admin/media').field('_csrf', login.body.csrfToken).field('category', 'team').field('altText', 'Another square').attach('file', await png(12, 12), 'form.png');
    assert.equal(form.status, 303);
    assert.equal(form.headers.location, '/admin?tab=media');
    const page = await agent.get('/admin?tab=media').set('Accept', 'text/html').expect(200);
    assert.match(page.text, /File uploaded/);
    assert.match(page.text, /form\.png/);
  });
  test('details can be edited after upload: API and no-JavaScript form, audited; images keep their alt text', async () => {
    const up = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Placeholder').attach('file', await png(40, 20), 'garden.png').expect(201);
    const files0 = files().sort();
    await request(h.app).put(`/api/media/${up.body.id}`).send({ category: 'facilities', altText: 'x' }).expect(401);

    const res = await request(h.app)
      .put(`/api/media/${up.body.id}`)
      .set(ADMIN)
      .send({ category: 'facilities', altText: 'Seedlings in the Nook garden', description: 'Spring 2026', tags: 'garden, permaculture' })
      .expect(200);
    assert.equal(res.body.category, 'facilities');
    assert.equal(res.body.altText, 'Seedlings in the Nook garden');
    assert.equal(res.body.description, 'Spring 2026');
    assert.deepEqual(res.body.tags, ['garden', 'permaculture']);
    assert.equal(res.body.fileName, up.body.fileName, 'the file itself never changes');
    assert.deepEqual(files().sort(), files0);
    const audit = await h.deps.db('audit_log').where({ entity: 'media', entityId: String(up.body.id), action: 'update' });
    assert.equal(audit.length, 1);

    const noAlt = await request(h.app).put(`/api/media/${up.body.id}`).set(ADMIN).send({ category: 'facilities', altText: '  ' }).expect(400);
    assert.ok(noAlt.body.fields.altText, 'the alt text field is named');
    const badCategory = await request(h.app).put(`/api/media/${up.body.id}`).set(ADMIN).send({ category: 'secret', altText: 'x' }).expect(400);
    assert.ok(badCategory.body.fields.category);
    assert.equal((await request(h.app).get(`/api/media/${up.body.id}`).set(ADMIN).expect(200)).body.altText, 'Seedlings in the Nook garden', 'a refused change writes nothing');
    await request(h.app).put('/api/media/999999').set(ADMIN).send({ category: 'team', altText: 'x' }).expect(404);

    // A PDF needs no alt text.
    const pdf = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', PDF, 'budget.pdf').expect(201);
    await request(h.app).put(`/api/media/${pdf.body.id}`).set(ADMIN).send({ category: 'documentation', description: 'Budget 2026' }).expect(200);

    // Without JavaScript: a form post, then back to the tab with the outcome.
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get(`/admin?tab=media&edit=${up.body.id}`).set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(csrf);
    assert.match(page.text, new RegExp(`action="/admin/media/${up.body.id}"`), 'the details form is rendered on the server');
    const noToken = await agent.post(`/admin/media/${up.body.id}`).type('form').send({ category: 'team', altText: 'y' });
    assert.equal(noToken.status, 403);
    const failed = await agent.post(`/de/admin/media/${up.body.id}`).type('form').send({ _csrf: csrf, category: 'team', altText: '' }).expect(303);
    assert.equal(failed.headers.location, `/de/admin?tab=media&edit=${up.body.id}#media-${up.body.id}`);
    const again = await agent.get(failed.headers.location.replace(/#.*$/, '')).set('Accept', 'text/html').expect(200);
    assert.match(again.text, /Die Details konnten nicht gespeichert werden/);
    assert.match(again.text, /<option value="team" selected="">/, 'what was sent is shown again');
    const saved = await agent.post(`/admin/media/${up.body.id}`).type('form').send({ _csrf: csrf, category: 'team', altText: 'The garden team', tags: 'team' }).expect(303);
    assert.equal(saved.headers.location, '/admin?tab=media');
    assert.equal((await request(h.app).get(`/api/media/${up.body.id}`).set(ADMIN).expect(200)).body.category, 'team');
  });
});
