// The media library: admin-only API, type checked from content, random names, WebP and AVIF variants made
// by a background job, files served so that nothing uploaded runs on the site's origin. Every
// suite runs against the local folder and against S3 (s3rver through the real AWS SDK).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { freshDatabase, ON_POSTGRES, testApp, TEST_ENV, until } from '../helpers';
import { startFakeS3, type FakeS3 } from '../fakes/s3';
import { createApp, type AppHandle } from '../../app';
import { srcSetFor } from '../../models/shared/media-rules';
import { LIBRARY_MARKER, makeImageVariants, purgeMediaTrash, STORED_NAME } from '../../models/media/library';
import { SWEEP_UPLOADS_TASK, sweepUploads } from '../../models/media/sweep';
import { workerSchemaOf } from '../../models/providers/jobs';
import { isSqlite } from '../../db/connection';
import type { FileStorage } from '../../models/providers/storage';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const HOUR = 60 * 60 * 1000;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 31, g: 92, b: 58 } } }).png().toBuffer();

// A minimal, valid PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n170\n%%EOF\n',
);

/** supertest hands binary bodies over as Buffers only when asked to. */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** Names in the storage that the library wrote (the owner mark left out). */
async function storedNames(storage: FileStorage): Promise<string[]> {
  return (await storage.list()).map((e) => e.name).filter((n) => STORED_NAME.test(n)).sort();
}

/** Sweeps waiting in the queue (the one that runs now is not counted). */
async function pendingSweeps(h: AppHandle): Promise<{ runAt: number }[]> {
  const db = h.deps.db;
  if (isSqlite(db)) {
    const rows = (await db('jobs').where({ task: SWEEP_UPLOADS_TASK }).whereNull('lockedAtMs').whereRaw('attempts < max_attempts').select('runAtMs')) as { runAtMs: number }[];
    return rows.map((r) => ({ runAt: Number(r.runAtMs) }));
  }
  const r = await db.raw(`select run_at from ??.jobs where task_identifier = ? and locked_at is null and attempts < max_attempts`, [workerSchemaOf(db), SWEEP_UPLOADS_TASK]);
  return (r.rows as { run_at: Date }[]).map((row) => ({ runAt: new Date(row.run_at).getTime() }));
}

type Kind = 'local' | 's3';

for (const kind of ['local', 's3'] as const satisfies readonly Kind[]) {
  describe(`media library (${kind} storage)`, () => {
    let h: AppHandle;
    let dir: string;
    let s3: FakeS3 | null = null;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
      if (kind === 's3') s3 = await startFakeS3();
      h = await testApp({ UPLOAD_DIR: dir, ...s3?.env });
    });
    after(async () => {
      await h.close();
      await s3?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const files = () => storedNames(h.deps.storage);
    const count = async () => Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n ?? 0);
    const item = async (id: number) => (await request(h.app).get(`/api/media/${id}`).set(ADMIN).expect(200)).body;

    test('the storage is the one configured', async () => {
      assert.equal(h.deps.storage.kind, kind);
    });

    test('list, upload and delete require an admin', async () => {
      await request(h.app).get('/api/media').expect(401);
      await request(h.app).get('/api/media?category=projects').expect(401);
      await request(h.app).delete('/api/media/1').expect(401);
      const upload = await request(h.app).post('/api/media').field('category', 'projects').attach('file', await png(10, 10), 'x.png');
      assert.equal(upload.status, 401);
      assert.equal((await files()).length, 0);
      // The no-JavaScript form too.
      const form = await request(h.app).post('/admin/media').field('category', 'projects').attach('file', await png(10, 10), 'x.png');
      assert.equal(form.status, 303);
      assert.equal((await files()).length, 0);
    });

    test('an image is stored under a random name at once, gets WebP variants in the background, and is served safely', async () => {
      const original = await png(2000, 1000);
      const res = await request(h.app)
        .post('/api/media')
        .set(ADMIN)
        .field('category', 'projects')
        .field('altText', 'Solar panels on the hostel roof')
        .field('description', 'Installed in May')
        .field('tags', 'solar, nook, solar , hostel')
        .attach('file', original, 'Roof Panels.PNG')
        .expect(201);
      const up = res.body;
      assert.equal(up.fileType, 'image');
      assert.equal(up.mimeType, 'image/png');
      assert.equal(up.originalName, 'Roof Panels.PNG');
      assert.match(up.fileName, /^[0-9a-f]{32}\.png$/);
      assert.equal(up.url, `/uploads/${up.fileName}`);
      assert.deepEqual(up.tags, ['solar', 'nook', 'hostel']);
      assert.equal(up.width, 2000, 'the size is known at once');
      assert.equal(up.height, 1000);
      assert.deepEqual(up.variants, [], 'the variants come from a job');
      assert.ok(up.fileSize > 0);

      await h.deps.jobs.idle();
      const done = await item(up.id);
      assert.deepEqual(done.variants.map((v: { width: number }) => v.width), [480, 960, 1600, 480, 960, 1600]);
      assert.deepEqual(done.variants.map((v: { height: number }) => v.height), [240, 480, 800, 240, 480, 800]);
      assert.deepEqual(done.variants.map((v: { fileName: string }) => v.fileName.split('.')[1]), ['webp', 'webp', 'webp', 'avif', 'avif', 'avif']);
      assert.deepEqual([done.width, done.height], [2000, 1000]);

      // Every srcset candidate exists, in its format, at its width.
      for (const format of ['webp', 'avif'] as const) {
        for (const candidate of srcSetFor(up.url, format)!.split(', ')) {
          const [url, w] = candidate.split(' ');
          const variant = await request(h.app).get(url!).buffer(true).parse(binary).expect(200);
          assert.equal(variant.headers['content-type'], `image/${format}`);
          assert.equal(variant.headers['cache-control'], 'public, max-age=31536000, immutable');
          const meta = await sharp(variant.body as Buffer).metadata();
          assert.equal(meta.format, format === 'avif' ? 'heif' : 'webp');
          assert.equal(`${meta.width}w`, w);
        }
      }

      const served = await request(h.app).get(up.url).buffer(true).parse(binary).expect(200);
      assert.ok((served.body as Buffer).equals(original), 'the original, byte for byte');
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.equal(served.headers['content-security-policy'], "default-src 'none'; sandbox");
      assert.equal(served.headers['content-disposition'], undefined);
      assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(served.headers.etag);

      const audit = await request(h.app).get('/api/admin/audit?entity=media').set(ADMIN).expect(200);
      assert.equal(audit.body[0].action, 'upload');
      assert.equal(audit.body[0].summary, 'Roof Panels.PNG');
    });

    test('small images are never enlarged (their variants keep their size)', async () => {
      const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'team').field('altText', 'Portrait').attach('file', await png(300, 200), 'small.png').expect(201);
      await h.deps.jobs.idle();
      assert.deepEqual((await item(res.body.id)).variants.map((v: { width: number }) => v.width), [300, 300, 300, 300, 300, 300]);
    });

    test('an image uploaded before AVIF variants existed gets them the first time one is asked for, the WebP one meanwhile', async () => {
      const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Borehole').attach('file', await png(1200, 600), 'borehole.png').expect(201);
      await h.deps.jobs.idle();
      const id = res.body.id as number;
      const all = (await item(id)).variants as { fileName: string }[];
      // As such an image is: WebP variants recorded and stored, no AVIF.
      await h.deps.db('media_items').where({ id }).update({ variants: JSON.stringify(all.filter((v) => v.fileName.endsWith('.webp'))) });
      for (const v of all.filter((v) => v.fileName.endsWith('.avif'))) await h.deps.storage.delete(v.fileName);
      const avif = all.find((v) => v.fileName.endsWith('-w960.avif'))!.fileName;

      const detour = await request(h.app).get(`/uploads/${avif}`).expect(307);
      assert.equal(detour.headers.location, `/uploads/${avif.replace('.avif', '.webp')}`);
      assert.equal(detour.headers['cache-control'], 'no-store');
      await h.deps.jobs.idle();
      await request(h.app).get(`/uploads/${avif}`).expect(200).expect('Content-Type', 'image/avif');
      assert.deepEqual(((await item(id)).variants as { fileName: string }[]).map((v) => v.fileName), all.map((v) => v.fileName), 'the WebP variants kept, the AVIF ones added');

      // A GIF has no AVIF variants to wait for: its AVIF-like names are not found.
      const gif = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Spinner').attach('file', await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } }).gif().toBuffer(), 'spin.gif').expect(201);
      await h.deps.jobs.idle();
      await request(h.app).get(`/uploads/${gif.body.fileName.replace('.gif', '')}-w480.avif`).expect(404);
    });

    test('until its job has run, a variant address leads to the original; the job is idempotent', async () => {
      const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Well').attach('file', await png(1000, 500), 'well.png').expect(201);
      await h.deps.jobs.idle();
      const id = res.body.id as number;
      const variants = (await item(id)).variants.map((v: { fileName: string }) => v.fileName) as string[];
      // As it is between the upload and the job: a row without variants, no variant files.
      await h.deps.db('media_items').where({ id }).update({ variants: '[]' });
      for (const n of variants) await h.deps.storage.delete(n);

      const pending = await request(h.app).get(`/uploads/${variants[0]}`).expect(307);
      assert.equal(pending.headers.location, res.body.url);
      assert.equal(pending.headers['cache-control'], 'no-store', 'the detour is not cached');
      await request(h.app).get(`/uploads/${variants[0]}`).redirects(1).expect(200).expect('Content-Type', 'image/png');

      await makeImageVariants(h.deps, { mediaId: id });
      await request(h.app).get(`/uploads/${variants[0]}`).expect(200).expect('Content-Type', 'image/webp');
      const row = await h.deps.db('media_items').where({ id }).first();
      const listed = (await h.deps.storage.list()).filter((e) => variants.includes(e.name));
      assert.equal(listed.length, 6, 'three WebP and three AVIF variants');

      // A second run changes nothing: no row change, no file written again.
      await makeImageVariants(h.deps, { mediaId: id });
      assert.deepEqual(await h.deps.db('media_items').where({ id }).first(), row);
      assert.deepEqual((await h.deps.storage.list()).filter((e) => variants.includes(e.name)), listed);
      // Nothing to do for a row that is gone, or a payload without an id.
      const before = await files();
      await makeImageVariants(h.deps, { mediaId: 99999 });
      await makeImageVariants(h.deps, {});
      assert.deepEqual(await files(), before);
    });

    test('a row purged from the trash while its variants are made leaves no file behind', async () => {
      const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Gate').attach('file', await png(800, 600), 'gate.png').expect(201);
      await h.deps.jobs.idle();
      const id = res.body.id as number;
      await h.deps.db('media_items').where({ id }).update({ variants: '[]' });
      const base = res.body.fileName.replace('.png', '');
      for (const w of [480, 960, 1600]) for (const f of ['webp', 'avif']) await h.deps.storage.delete(`${base}-w${w}.${f}`);
      const before = await files();

      // The storage of a job whose row is deleted for good (with its original) right before the variants go in.
      let deleted = false;
      const storage: FileStorage = {
        ...h.deps.storage,
        put: async (name, source, type) => {
          if (!deleted) {
            deleted = true;
            await request(h.app).delete(`/api/media/${id}`).set(ADMIN).expect(200);
            await purgeMediaTrash(h.deps, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
          }
          return h.deps.storage.put(name, source, type);
        },
      };
      await makeImageVariants({ ...h.deps, storage }, { mediaId: id });
      assert.ok(deleted);
      const after = await files();
      assert.deepEqual(after, before.filter((n) => n !== res.body.fileName));
      assert.ok(!after.some((n) => n.startsWith(base)), 'neither the original nor a variant is left');
    });

    test('images need alternative text; the category must be one of the listed ones', async () => {
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
      const before = await files();
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

      assert.deepEqual(await files(), before);
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
      // No variant job for a PDF, and no detour for a variant-like name of it.
      await request(h.app).get(`/uploads/${res.body.fileName.replace('.pdf', '')}-w480.webp`).expect(404);
    });

    test('an office document is served as a download', async () => {
      // A legacy Word file: the CFB container signature, and the .doc name that says which.
      const doc = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
      const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', doc, 'minutes.doc').expect(201);
      const served = await request(h.app).get(res.body.url).buffer(true).parse(binary).expect(200);
      assert.equal(served.headers['content-type'], 'application/msword');
      assert.match(served.headers['content-disposition'] ?? '', /^attachment; filename="?[0-9a-f]{32}\.doc"?$/);
      assert.equal(served.headers['content-security-policy'], "default-src 'none'; sandbox");
      assert.ok((served.body as Buffer).equals(doc));
    });

    test('ETag and If-None-Match (304), byte ranges (206, 416), HEAD', async () => {
      const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', PDF, 'ranges.pdf').expect(201);
      const url = res.body.url as string;
      const size = PDF.length;
      const full = await request(h.app).get(url).buffer(true).parse(binary).expect(200);
      const etag = full.headers.etag!;
      assert.match(etag, /^"[^"]+"$/);
      assert.equal(full.headers['accept-ranges'], 'bytes');
      assert.equal(Number(full.headers['content-length']), size);

      const cached = await request(h.app).get(url).set('If-None-Match', etag).expect(304);
      assert.equal(cached.headers.etag, etag);
      assert.equal(cached.text ?? '', '');
      await request(h.app).get(url).set('If-None-Match', '"something-else"').expect(200);

      const first = await request(h.app).get(url).set('Range', 'bytes=0-9').buffer(true).parse(binary).expect(206);
      assert.equal(first.headers['content-range'], `bytes 0-9/${size}`);
      assert.equal(first.headers['content-length'], '10');
      assert.ok((first.body as Buffer).equals(PDF.subarray(0, 10)));
      assert.equal(first.headers['content-type'], 'application/pdf');
      assert.equal(first.headers['x-content-type-options'], 'nosniff');

      const tail = await request(h.app).get(url).set('Range', 'bytes=-7').buffer(true).parse(binary).expect(206);
      assert.equal(tail.headers['content-range'], `bytes ${size - 7}-${size - 1}/${size}`);
      assert.ok((tail.body as Buffer).equals(PDF.subarray(size - 7)));

      const open = await request(h.app).get(url).set('Range', `bytes=${size - 3}-`).buffer(true).parse(binary).expect(206);
      assert.ok((open.body as Buffer).equals(PDF.subarray(size - 3)));

      const beyond = await request(h.app).get(url).set('Range', `bytes=${size}-`).expect(416);
      assert.equal(beyond.headers['content-range'], `bytes */${size}`);

      // Several ranges, or a range of an older version (If-Range), get the whole file.
      assert.equal((await request(h.app).get(url).set('Range', 'bytes=0-1,5-6').expect(200)).headers['content-length'], String(size));
      await request(h.app).get(url).set('Range', 'bytes=0-9').set('If-Range', '"older"').expect(200);
      await request(h.app).get(url).set('Range', 'bytes=0-9').set('If-Range', etag).expect(206);

      const head = await request(h.app).head(url).expect(200);
      assert.equal(head.headers['content-length'], String(size));
      assert.equal(head.headers.etag, etag);
      assert.equal(head.headers['content-type'], 'application/pdf');
      await request(h.app).head('/uploads/0123456789abcdef0123456789abcdef.pdf').expect(404);
    });

    test('list, category filter and text search', async () => {
      const all = (await request(h.app).get('/api/media').set(ADMIN).expect(200)).body as { category: string; originalName: string }[];
      assert.ok(all.length >= 3);
      const docs = (await request(h.app).get('/api/media?category=documents').set(ADMIN).expect(200)).body as { category: string }[];
      assert.ok(docs.length >= 1 && docs.every((m) => m.category === 'documents'));
      const searched = (await request(h.app).get('/api/media?q=HOSTEL').set(ADMIN).expect(200)).body as { originalName: string }[];
      // Uploads only (the shipped illustrations have hostels too).
      assert.deepEqual(searched.map((m) => m.originalName).filter((n) => !n.endsWith('.svg')), ['Roof Panels.PNG']);
      assert.equal((await request(h.app).get('/api/media?category=secret').set(ADMIN)).status, 400);
      assert.deepEqual((await request(h.app).get('/api/media?category=videos').set(ADMIN).expect(200)).body, []);
    });

    test('delete moves it to the trash (its address a 404), the purge removes the row and every file; a second delete is 404', async () => {
      const up = await request(h.app).post('/api/media').set(ADMIN).field('category', 'partners').field('altText', 'Partner logo').attach('file', await png(600, 300), 'partner.png').expect(201);
      await h.deps.jobs.idle();
      const names = [up.body.fileName, ...(await item(up.body.id)).variants.map((v: { fileName: string }) => v.fileName)];
      assert.equal(names.length, 7, "the original, three WebP and three AVIF variants");
      assert.ok(names.every((n: string) => STORED_NAME.test(n)));
      const stored = await files();
      assert.ok(names.every((n: string) => stored.includes(n)));
      const del = await request(h.app).delete(`/api/media/${up.body.id}`).set(ADMIN).expect(200);
      assert.deepEqual(del.body, { deleted: true, id: up.body.id });
      await purgeMediaTrash(h.deps, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
      const left = await files();
      assert.ok(names.every((n: string) => !left.includes(n)));
      const gone = await request(h.app).get(up.body.url).expect(404);
      assert.doesNotMatch(gone.headers['cache-control'] ?? '', /immutable|max-age=[1-9]/, 'a 404 is not cached for a year');
      await request(h.app).get(`/uploads/${names[1]}`).expect(404);
      await request(h.app).delete(`/api/media/${up.body.id}`).set(ADMIN).expect(404);
      await request(h.app).delete('/api/media/abc').set(ADMIN).expect(400);
    });

    test('only names the library wrote are served', async () => {
      for (const p of ['/uploads/..%2F..%2Fpackage.json', '/uploads/.incoming', '/uploads/evil.html', `/uploads/${LIBRARY_MARKER}`, '/uploads/0123456789abcdef0123456789abcdef.png']) {
        assert.equal((await request(h.app).get(p)).status, 404, p);
      }
    });

    test('the sweep removes stale temporary files and old files no row refers to, and nothing else', async () => {
      await h.deps.jobs.idle();
      const kept = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Kept').attach('file', await png(700, 400), 'kept.png').expect(201);
      await h.deps.jobs.idle();
      const referenced = await files();
      assert.ok(referenced.includes(kept.body.fileName));

      // What a process killed in the middle of uploads leaves: a stored file and a variant
      // without a row, and temporary files in .incoming (one of them from a minute ago).
      const orphan = '0123456789abcdef0123456789abcdef.png';
      const orphanVariant = '0123456789abcdef0123456789abcdef-w480.webp';
      await h.deps.storage.put(orphan, await png(5, 5), 'image/png');
      await h.deps.storage.put(orphanVariant, await png(5, 5), 'image/webp');
      const incoming = path.join(dir, '.incoming');
      fs.mkdirSync(incoming, { recursive: true });
      fs.writeFileSync(path.join(incoming, 'stale'), 'half an upload');
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      fs.utimesSync(path.join(incoming, 'stale'), twoHoursAgo, twoHoursAgo);
      fs.writeFileSync(path.join(incoming, 'fresh'), 'an upload arriving now');
      const sweepDeps = { ...h.deps, uploadDir: dir };

      // Now: the stale temporary file goes; the orphans are too young (their row may be on its way).
      const now = await sweepUploads(sweepDeps);
      assert.deepEqual(now.temporary, ['stale']);
      assert.deepEqual(now.stored, []);
      assert.ok(now.storageSwept);
      assert.deepEqual(fs.readdirSync(incoming).sort(), ['fresh']);
      assert.deepEqual(await files(), [...referenced, orphan, orphanVariant].sort());

      // Two hours later (the clock is injected: S3 keeps its own dates): the orphans go, every
      // file a row refers to stays, and so does the owner mark.
      const later = await sweepUploads(sweepDeps, { now: Date.now() + 2 * HOUR });
      assert.deepEqual(later.stored.sort(), [orphanVariant, orphan]);
      assert.deepEqual(later.temporary, ['fresh']);
      assert.deepEqual(await files(), referenced);
      assert.ok((await h.deps.storage.list()).some((e) => e.name === LIBRARY_MARKER));
      await request(h.app).get(kept.body.url).expect(200);
    });

    test('the sweep job runs at start and keeps exactly one pending run, an hour ahead', async () => {
      await h.deps.jobs.idle();
      const pending = await pendingSweeps(h);
      assert.equal(pending.length, 1, JSON.stringify(pending));
      const ahead = pending[0]!.runAt - Date.now();
      assert.ok(ahead > 0.9 * HOUR && ahead <= HOUR, `next sweep in ${ahead} ms`);
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
      assert.equal(form.headers.location, '/admin/media');
      const page = await agent.get('/admin/media').set('Accept', 'text/html').expect(200);
      assert.match(page.text, /File uploaded/);
      assert.match(page.text, /form\.png/);
    });

    test('details can be edited after upload: API and no-JavaScript form, audited; images keep their alt text', async () => {
      const up = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Placeholder').attach('file', await png(40, 20), 'garden.png').expect(201);
      await h.deps.jobs.idle();
      const files0 = await files();
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
      assert.deepEqual(await files(), files0);
      const audit = await h.deps.db('audit_log').where({ entity: 'media', entityId: String(up.body.id), action: 'update' });
      assert.equal(audit.length, 1);

      const noAlt = await request(h.app).put(`/api/media/${up.body.id}`).set(ADMIN).send({ category: 'facilities', altText: '  ' }).expect(400);
      assert.ok(noAlt.body.fields.altText, 'the alt text field is named');
      const badCategory = await request(h.app).put(`/api/media/${up.body.id}`).set(ADMIN).send({ category: 'secret', altText: 'x' }).expect(400);
      assert.ok(badCategory.body.fields.category);
      assert.equal((await item(up.body.id)).altText, 'Seedlings in the Nook garden', 'a refused change writes nothing');
      await request(h.app).put('/api/media/999999').set(ADMIN).send({ category: 'team', altText: 'x' }).expect(404);

      // A PDF needs no alt text.
      const pdf = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', PDF, 'budget.pdf').expect(201);
      await request(h.app).put(`/api/media/${pdf.body.id}`).set(ADMIN).send({ category: 'documentation', description: 'Budget 2026' }).expect(200);

      // Without JavaScript: a form post, then back to the tab with the outcome.
      const agent = request.agent(h.app);
      await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
      const page = await agent.get(`/admin/media?edit=${up.body.id}`).set('Accept', 'text/html').expect(200);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
      assert.ok(csrf);
      assert.match(page.text, new RegExp(`action="/admin/media/${up.body.id}"`), 'the details form is rendered on the server');
      const noToken = await agent.post(`/admin/media/${up.body.id}`).type('form').send({ category: 'team', altText: 'y' });
      assert.equal(noToken.status, 403);
      const failed = await agent.post(`/de/admin/media/${up.body.id}`).type('form').send({ _csrf: csrf, category: 'team', altText: '' }).expect(303);
      assert.equal(failed.headers.location, `/de/admin/media?edit=${up.body.id}#media-${up.body.id}`);
      const again = await agent.get(failed.headers.location.replace(/#.*$/, '')).set('Accept', 'text/html').expect(200);
      assert.match(again.text, /Die Details konnten nicht gespeichert werden/);
      assert.match(again.text, /<option value="team" selected="">/, 'what was sent is shown again');
      const saved = await agent.post(`/admin/media/${up.body.id}`).type('form').send({ _csrf: csrf, category: 'team', altText: 'The garden team', tags: 'team' }).expect(303);
      assert.equal(saved.headers.location, '/admin/media');
      assert.equal((await item(up.body.id)).category, 'team');
    });
  });
}

describe('a storage that belongs to another database', () => {
  let h: AppHandle;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-foreign-'));
    fs.writeFileSync(path.join(dir, LIBRARY_MARKER), JSON.stringify({ library: 'someone-else' }));
    fs.writeFileSync(path.join(dir, '0123456789abcdef0123456789abcdef.png'), await png(5, 5));
    const old = new Date(Date.now() - 3 * HOUR);
    fs.utimesSync(path.join(dir, '0123456789abcdef0123456789abcdef.png'), old, old);
    // What the last process, killed mid-upload, left on this machine's disk.
    fs.mkdirSync(path.join(dir, '.incoming'));
    fs.writeFileSync(path.join(dir, '.incoming', 'killed-upload'), 'half a file');
    fs.utimesSync(path.join(dir, '.incoming', 'killed-upload'), old, old);
    h = await testApp({ UPLOAD_DIR: dir });
  });

  test('a restarted instance clears its own stale temporary files', async () => {
    await until(() => !fs.existsSync(path.join(dir, '.incoming', 'killed-upload')), 'the temporary file to go');
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('is neither written to nor swept: its files are not this database\'s to judge', async () => {
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'x').attach('file', await png(10, 10), 'x.png');
    assert.equal(res.status, 503);
    assert.match(res.body.error, /File storage is not reachable right now/);
    // Only the illustrations shipped with the site (models/media/shipped-media.ts): no upload.
    assert.equal(Number((await h.deps.db('media_items').where('fileName', 'not like', '/%').count({ n: '*' }).first())?.n), 0);
    const swept = await sweepUploads({ ...h.deps, uploadDir: dir }, { now: Date.now() + 2 * HOUR });
    assert.equal(swept.storageSwept, false);
    assert.ok(fs.existsSync(path.join(dir, '0123456789abcdef0123456789abcdef.png')));
    assert.deepEqual(fs.readdirSync(dir).filter((n) => !n.startsWith('.')).sort(), ['0123456789abcdef0123456789abcdef.png', LIBRARY_MARKER]);
  });
});

describe('S3 storage that fails', () => {
  let h: AppHandle;
  let dir: string;
  let s3: FakeS3;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-s3-down-'));
    s3 = await startFakeS3({ prefix: 'site-a/' });
    h = await testApp({ UPLOAD_DIR: dir, ...s3.env });
  });
  after(async () => {
    await h.close();
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('down: the upload answers 503 with a clear error and writes nothing; serving answers 503; back up: all works', async () => {
    const first = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', PDF, 'before.pdf').expect(201);
    assert.ok((await s3.keys()).includes(`site-a/${first.body.fileName}`), 'keys go under S3_PREFIX');
    const rows = Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n);

    await s3.stop();
    const started = Date.now();
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Down').attach('file', await png(50, 50), 'down.png');
    assert.equal(res.status, 503);
    assert.match(res.headers['content-type'] ?? '', /json/);
    assert.equal(res.body.error, 'File storage is not reachable right now. Please try again in a few minutes.');
    assert.equal(res.body.code, 'storage.unavailable');
    assert.equal(Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n), rows, 'no row written');
    assert.deepEqual(fs.readdirSync(path.join(dir, '.incoming')), [], 'no temporary file left');

    // The no-JavaScript form says it in the admin's language.
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get('/de/admin/media').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const form = await agent.post('/de/admin/media').field('_csrf', csrf).field('category', 'documents').attach('file', PDF, 'form.pdf').expect(303);
    const back = await agent.get(form.headers.location).set('Accept', 'text/html').expect(200);
    assert.match(back.text, /Der Dateispeicher ist gerade nicht erreichbar/);

    for (const method of ['get', 'head'] as const) {
      const served = await request(h.app)[method](first.body.url);
      assert.equal(served.status, 503, method);
      assert.doesNotMatch(served.headers['cache-control'] ?? '', /immutable|max-age=[1-9]/);
    }
    const ranged = await request(h.app).get(first.body.url).set('Range', 'bytes=0-9');
    assert.equal(ranged.status, 503);
    assert.ok(Date.now() - started < 15_000, `answers came in ${Date.now() - started} ms`);
    // A delete needs no storage: the file goes to the trash, row and file kept for a restore.
    await request(h.app).delete(`/api/media/${first.body.id}`).set(ADMIN).expect(200);
    assert.equal(Number((await h.deps.db('media_items').count({ n: '*' }).first())?.n), rows);

    await s3.start();
    await request(h.app).get(first.body.url).expect(404);
    await request(h.app).post(`/api/admin/trash/media/${first.body.id}/restore`).set(ADMIN).expect(200);
    await request(h.app).get(first.body.url).expect(200);
    await request(h.app).delete(`/api/media/${first.body.id}`).set(ADMIN).expect(200);
    await purgeMediaTrash(h.deps, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    await request(h.app).get(first.body.url).expect(404);
    assert.ok(!(await s3.keys()).includes(`site-a/${first.body.fileName}`));
    const again = await request(h.app).post('/api/media').set(ADMIN).field('category', 'documents').attach('file', PDF, 'after.pdf').expect(201);
    await request(h.app).get(again.body.url).expect(200);
  });
});

describe('several instances on one database and one bucket', () => {
  let a: AppHandle;
  let b: AppHandle;
  let s3: FakeS3;
  const dirs: string[] = [];
  before(async () => {
    if (!ON_POSTGRES) return;
    s3 = await startFakeS3();
    for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `media-instance-${i}-`)));
    a = await testApp({ UPLOAD_DIR: dirs[0], ...s3.env });
    // Another machine: the same database and bucket, its own disk.
    b = await testApp({ DATABASE_URL: a.deps.config.databaseUrl, UPLOAD_DIR: dirs[1], ...s3.env });
  });
  after(async () => {
    if (!ON_POSTGRES) return;
    await b?.close();
    await a?.close();
    await s3?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  test('a file uploaded through A is served by B, variants included; one sweep is pending for both', { skip: !ON_POSTGRES }, async () => {
    const original = await png(1200, 900);
    const up = await request(a.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Shared').attach('file', original, 'shared.png').expect(201);
    const viaB = await request(b.app).get(up.body.url).buffer(true).parse(binary).expect(200);
    assert.ok((viaB.body as Buffer).equals(original));

    await a.deps.jobs.idle();
    const variant = `/uploads/${up.body.fileName.replace('.png', '')}-w960.webp`;
    const fromA = await request(a.app).get(variant).buffer(true).parse(binary).expect(200);
    const fromB = await request(b.app).get(variant).buffer(true).parse(binary).expect(200);
    assert.equal(fromB.headers['content-type'], 'image/webp');
    assert.ok((fromB.body as Buffer).equals(fromA.body as Buffer));
    assert.equal(fromB.headers.etag, fromA.headers.etag);

    await b.deps.jobs.idle();
    assert.equal((await pendingSweeps(a)).length, 1, 'two instances started, one sweep waits');
    // Deleted through B: gone for A too.
    await request(b.app).delete(`/api/media/${up.body.id}`).set(ADMIN).expect(200);
    await request(a.app).get(up.body.url).expect(404);
    await request(a.app).get(variant).expect(404);
  });
});

// The pending state without a worker: nothing makes the variants until a job runs.
describe('an instance that does not work jobs', () => {
  let h: AppHandle;
  let drop: () => Promise<void>;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-noworker-'));
    const fresh = await freshDatabase();
    drop = fresh.drop;
    h = await createApp({ env: { ...TEST_ENV, ...fresh.env, UPLOAD_DIR: dir }, worker: false });
  });
  after(async () => {
    await h.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('answers the upload at once; pages get the original until the job has run', async () => {
    const up = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Queued').attach('file', await png(900, 600), 'queued.png').expect(201);
    assert.deepEqual(up.body.variants, []);
    for (const candidate of srcSetFor(up.body.url)!.split(', ')) {
      const res = await request(h.app).get(candidate.split(' ')[0]!).expect(307);
      assert.equal(res.headers.location, up.body.url);
    }
    const stats = await h.deps.jobs.stats();
    assert.ok(stats.waiting >= 1, 'the variants job waits in the queue');
    await makeImageVariants(h.deps, { mediaId: up.body.id });
    await request(h.app).get(srcSetFor(up.body.url)!.split(' ')[0]!).expect(200).expect('Content-Type', 'image/webp');
  });
});
