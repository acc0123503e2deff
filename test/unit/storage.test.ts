// The file storage behind uploads: the same behaviour from the local folder and from S3 (s3rver
// through the real AWS SDK), and S3 failures that end quickly with a message saying what failed.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeS3, type FakeS3 } from '../fakes/s3';
import { localStorage, RangeNotSatisfiable, StorageUnavailable, type FileStorage, type S3Settings } from '../../models/providers/storage';
import { s3Storage } from '../../models/providers/storage-s3';

const read = async (body: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c);
  return Buffer.concat(chunks);
};

const settingsOf = (s3: FakeS3, extra: Partial<S3Settings> = {}): S3Settings => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: '',
  ...extra,
});

for (const kind of ['local', 's3'] as const) {
  describe(`${kind} storage`, () => {
    let storage: FileStorage;
    let dir: string;
    let s3: FakeS3 | null = null;
    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
      if (kind === 's3') s3 = await startFakeS3();
      storage = s3 ? s3Storage(settingsOf(s3, { prefix: 'site/' })) : localStorage(path.join(dir, 'files'));
    });
    after(async () => {
      await storage.close();
      await s3?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

    test('put from bytes and from a file, get whole or a range, stat, list, delete', async () => {
      await storage.check();
      assert.equal(await storage.get('missing.png'), null);
      assert.equal(await storage.stat('missing.png'), null);

      await storage.put('a.pdf', bytes, 'application/pdf');
      const file = path.join(dir, 'upload.bin');
      fs.writeFileSync(file, bytes.subarray(0, 100));
      await storage.put('b.png', file, 'image/png');

      const whole = (await storage.get('a.pdf'))!;
      assert.equal(whole.size, 1000);
      assert.equal(whole.length, 1000);
      assert.equal(whole.range, null);
      assert.equal(whole.contentType, 'application/pdf');
      assert.match(whole.etag, /^"[^"]+"$/);
      assert.ok(whole.lastModified instanceof Date);
      assert.ok((await read(whole.body)).equals(bytes));

      const part = (await storage.get('a.pdf', { range: { start: 10, end: 19 } }))!;
      assert.deepEqual(part.range, { start: 10, end: 19 });
      assert.equal(part.length, 10);
      assert.equal(part.size, 1000);
      assert.ok((await read(part.body)).equals(bytes.subarray(10, 20)));
      // A range past the end is cut at the end; one starting past it is refused.
      const clipped = (await storage.get('a.pdf', { range: { start: 990, end: 5000 } }))!;
      assert.deepEqual(clipped.range, { start: 990, end: 999 });
      assert.ok((await read(clipped.body)).equals(bytes.subarray(990)));
      await assert.rejects(storage.get('a.pdf', { range: { start: 1000, end: 1100 } }), (e: unknown) => e instanceof RangeNotSatisfiable && e.size === 1000);

      const info = (await storage.stat('b.png'))!;
      assert.equal(info.size, 100);
      const again = (await storage.get('b.png'))!;
      again.body.destroy();
      assert.equal(info.etag, again.etag, 'stat and get agree on the ETag');

      const listed = (await storage.list()).map((e) => `${e.name}:${e.size}`).sort();
      assert.deepEqual(listed, ['a.pdf:1000', 'b.png:100']);

      // Replacing a file changes its ETag.
      await storage.put('b.png', bytes.subarray(0, 50), 'image/png');
      assert.notEqual((await storage.stat('b.png'))!.etag, info.etag);

      await storage.delete('a.pdf');
      await storage.delete('a.pdf');
      assert.equal(await storage.get('a.pdf'), null);
      assert.deepEqual((await storage.list()).map((e) => e.name), ['b.png']);
    });

    test('names cannot leave the folder or the prefix', async () => {
      for (const bad of ['../x.png', 'a/b.png', '.incoming', '', 'x\\y.png', '..']) {
        await assert.rejects(storage.put(bad, Buffer.from('x'), 'image/png'), /invalid file name/, bad);
        await assert.rejects(storage.get(bad), /invalid file name/, bad);
      }
    });
  });
}

test('S3 keys under another prefix are not listed', async () => {
  const s3 = await startFakeS3();
  const a = s3Storage(settingsOf(s3, { prefix: 'a/' }));
  const b = s3Storage(settingsOf(s3, { prefix: 'b/' }));
  const root = s3Storage(settingsOf(s3));
  try {
    await a.put('one.png', Buffer.from('1'), 'image/png');
    await b.put('two.png', Buffer.from('2'), 'image/png');
    assert.deepEqual((await a.list()).map((e) => e.name), ['one.png']);
    assert.deepEqual((await b.list()).map((e) => e.name), ['two.png']);
    assert.equal(await a.get('two.png'), null);
    assert.deepEqual((await root.list()).map((e) => e.name), [], 'keys in "folders" are not the root\'s');
    assert.deepEqual(await s3.keys(), ['a/one.png', 'b/two.png']);
  } finally {
    await Promise.all([a.close(), b.close(), root.close()]);
    await s3.close();
  }
});

describe('S3 that fails', () => {
  let s3: FakeS3;
  let storage: FileStorage;
  before(async () => {
    s3 = await startFakeS3();
    storage = s3Storage(settingsOf(s3), { timeouts: { connectMs: 300, requestMs: 500, idleMs: 500, totalMs: 800 } });
    await storage.put('kept.png', Buffer.alloc(64 * 1024, 1), 'image/png');
  });
  after(async () => {
    await storage.close();
    await s3.close();
  });

  const unavailable = (pattern: RegExp) => (e: unknown) => {
    assert.ok(e instanceof StorageUnavailable, String(e));
    assert.match(e.message, pattern);
    return true;
  };

  test('a server that never answers: every call ends within its deadline, saying so', async () => {
    await s3.hang();
    try {
      for (const call of [() => storage.put('x.png', Buffer.from('x'), 'image/png'), () => storage.get('kept.png'), () => storage.stat('kept.png'), () => storage.list(), () => storage.delete('x.png'), () => storage.check()]) {
        const started = Date.now();
        await assert.rejects(call(), unavailable(/no answer within|cannot connect/));
        assert.ok(Date.now() - started < 3000, `ended after ${Date.now() - started} ms`);
      }
    } finally {
      await s3.start();
    }
  });

  test('a server that is down: refused at once, with the endpoint named', async () => {
    await s3.stop();
    try {
      const started = Date.now();
      await assert.rejects(storage.get('kept.png'), unavailable(new RegExp(`${s3.endpoint.replace(/[.:/]/g, '\\$&')}.*cannot connect \\(ECONNREFUSED`)));
      await assert.rejects(storage.put('y.png', Buffer.from('y'), 'image/png'), unavailable(/upload y\.png failed/));
      assert.ok(Date.now() - started < 3000);
    } finally {
      await s3.start();
    }
    assert.equal((await storage.stat('kept.png'))?.size, 64 * 1024, 'back up with its files');
  });

  test('wrong credentials or bucket: the message says which setting to check', async () => {
    const badKey = s3Storage(settingsOf(s3, { accessKeyId: 'nobody', secretAccessKey: 'nothing' }));
    const badBucket = s3Storage(settingsOf(s3, { bucket: 'no-such-bucket' }));
    try {
      await assert.rejects(badKey.put('z.png', Buffer.from('z'), 'image/png'), unavailable(/check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/));
      await assert.rejects(badBucket.list(), unavailable(/NoSuchBucket.*check S3_BUCKET/));
    } finally {
      await badKey.close();
      await badBucket.close();
    }
  });
});
