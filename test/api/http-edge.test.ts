// The HTTP edge as app.ts mounts it: what may be stored (no admin or personal data in any cache,
// uploaded files for a year), the admin API behind one guard whatever the address under it, the
// failed-login limiter on every admin entrance, and routes written once for both languages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { inEveryLanguage } from '../../controllers/lang-routes';
import { LOGIN_FAILURES_LIMIT } from '../../controllers/admin/session';

const KEY = 'demo-admin-key-change-me';
const ADMIN = { 'X-Admin-Key': KEY };

describe('the HTTP edge', () => {
  let h: AppHandle;
  let mediaId = 0;
  let fileUrl = '';
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-edge-'));
  before(async () => {
    h = await testApp({ UPLOAD_DIR: uploads });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } }).png().toBuffer();
    const up = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'A green square').attach('file', png, 'edge.png').expect(201);
    mediaId = up.body.id;
    fileUrl = up.body.url;
  });
  after(async () => {
    await h.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  test('every admin API answer is no-store: data, errors, the media API (one item too) and the sign-in', async () => {
    const project = (await request(h.app).get('/api/projects').expect(200)).body[0];
    const reads = [
      '/api/admin/session',
      '/api/admin/audit',
      '/api/admin/projects',
      `/api/admin/projects/${project.id}`,
      `/api/admin/projects/${project.id}/ledger`,
      '/api/admin/news',
      '/api/admin/team',
      '/api/admin/pages',
      '/api/admin/newsletter/status',
      '/api/admin/newsletter/campaigns',
      '/api/admin/newsletter/subscribers',
      '/api/admin/newsletter/subscribers.csv',
      '/api/media',
      `/api/media/${mediaId}`,
    ];
    for (const url of reads) {
      const res = await request(h.app).get(url).set(ADMIN);
      assert.equal(res.status, 200, url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
      const refused = await request(h.app).get(url);
      assert.equal(refused.status, 401, `${url} without a credential`);
      assert.equal(refused.headers['cache-control'], 'no-store', `${url} (401)`);
    }
    const missing = await request(h.app).get('/api/media/999999').set(ADMIN);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['cache-control'], 'no-store');
    const login = await request(h.app).post('/api/admin/login').send({ key: KEY }).expect(200);
    assert.equal(login.headers['cache-control'], 'no-store', 'the sign-in answer carries the CSRF token');
  });

  test('an uploaded file is cached for a year; a missing one is not cached at all', async () => {
    const file = await request(h.app).get(fileUrl).expect(200);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    const head = await request(h.app).head(fileUrl).expect(200);
    assert.equal(head.headers['cache-control'], 'public, max-age=31536000, immutable');
    const gone = await request(h.app).get('/uploads/0123456789abcdef0123456789abcdef.png').expect(404);
    assert.equal(gone.headers['cache-control'], 'no-store');
    const badRange = await request(h.app).get(fileUrl).set('Range', 'bytes=999999-').expect(416);
    assert.equal(badRange.headers['cache-control'], 'no-store');
    assert.equal(badRange.headers.etag, undefined, 'a refused range does not describe the file');
  });

  test('admin pages are private and never stored, in both languages', async () => {
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
    for (const url of ['/admin', '/de/admin', '/admin/media']) {
      const page = await agent.get(url).set('Accept', 'text/html').expect(200);
      assert.equal(page.headers['cache-control'], 'private, no-store', url);
    }
    for (const url of ['/admin-login', '/de/admin-login']) {
      const page = await request(h.app).get(url).set('Accept', 'text/html').expect(200);
      assert.equal(page.headers['cache-control'], 'private, no-store', url);
    }
    // Public pages stay revalidated, shared: the admin policy stops at its mount.
    const pub = await request(h.app).get('/de/projects').set('Accept', 'text/html').expect(200);
    assert.equal(pub.headers['cache-control'], 'no-cache');
  });

  test('the guard covers every address under /api/admin, known or not; signing in is the one open door', async () => {
    for (const [method, url] of [
      ['get', '/api/admin/no-such-thing'],
      ['post', '/api/admin/newsletter/no-such-thing'],
      ['get', '/api/admin/login'],
      ['delete', '/api/media/1'],
    ] as const) {
      const res = await request(h.app)[method](url);
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.equal(res.body.error, 'No admin credentials found');
    }
    const unknown = await request(h.app).get('/api/admin/no-such-thing').set(ADMIN);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error, /Not found/);
  });

  test('a session needs the CSRF token for changes under every admin mount, the media API included', async () => {
    const agent = request.agent(h.app);
    const login = await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
    const csrf = login.body.csrfToken as string;
    const refused = await agent.put(`/api/media/${mediaId}`).send({ category: 'team', altText: 'Renamed square' });
    assert.equal(refused.status, 403);
    assert.match(refused.body.error, /CSRF/);
    await agent.put(`/api/media/${mediaId}`).set('X-CSRF-Token', csrf).send({ category: 'team', altText: 'Renamed square' }).expect(200);
    const social = await agent.post('/api/admin/social-media/generate').send({ contentType: 'project', content: { id: 1 }, platforms: ['facebook'] });
    assert.equal(social.status, 403);
  });

  test('routes written once answer in both languages, with the language of the address', async () => {
    assert.deepEqual(inEveryLanguage('/'), ['/de', '/']);
    assert.deepEqual(inEveryLanguage('/admin', '/admin-login'), ['/de/admin', '/de/admin-login', '/admin', '/admin-login']);
    const en = await request(h.app).get('/newsletter/confirm?token=nope').expect(400);
    assert.match(en.text, /<html lang="en">/);
    const de = await request(h.app).get('/de/newsletter/confirm?token=nope').expect(400);
    assert.match(de.text, /<html lang="de">/);
    const toLogin = await request(h.app).get('/de/admin').set('Accept', 'text/html').expect(303);
    assert.equal(toLogin.headers.location, '/de/admin-login');
    // Only the two languages: no doubled prefix.
    await request(h.app).get('/de/de/newsletter/confirm?token=nope').set('Accept', 'text/html').expect(404);
  });
});

test('the failed-login limiter guards the media API as it guards /api/admin (counted together, one lockout)', async () => {
  const h = await testApp();
  try {
    const from = (r: request.Test) => r.set('X-Forwarded-For', '203.0.113.50');
    for (let i = 0; i < LOGIN_FAILURES_LIMIT; i++) {
      const url = i % 2 ? '/api/media' : '/api/admin/projects';
      assert.equal((await from(request(h.app).get(url)).set('X-Admin-Key', `wrong-${i}`)).status, 401, url);
    }
    for (const url of ['/api/media', `/api/media/1`, '/api/admin/projects']) {
      const locked = await from(request(h.app).get(url)).set(ADMIN);
      assert.equal(locked.status, 429, `${url}: locked out, the right key too`);
    }
    const form = await from(request(h.app).post('/de/admin-login')).type('form').send({ key: KEY });
    assert.equal(form.status, 303);
    assert.equal(form.headers.location, '/de/admin-login?error=rate');
  } finally {
    await h.close();
  }
});
