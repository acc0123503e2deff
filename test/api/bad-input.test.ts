// Bad input gets a 4xx with a clear message, the same on SQLite and PostgreSQL, never a 500: the
// cases a fuzz probe of every route found (test/api/fuzz.test.ts keeps looking for more).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { LIBRARY_MARKER, purgeMediaTrash } from '../../models/media/library';
import sharp from 'sharp';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const NUL = 'Text must not contain NUL characters';

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Rainwater Tanks',
  titleDe: 'Regenwassertanks',
  description: 'Tanks that collect the rain.',
  descriptionDe: 'Tanks, die den Regen sammeln.',
  goalAmount: '1000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

const article = (extra: Record<string, unknown> = {}) => ({
  title: 'The First Tank Is Full',
  titleDe: 'Der erste Tank ist voll',
  abstract: 'After two storms.',
  abstractDe: 'Nach zwei Gewittern.',
  content: 'The story.',
  contentDe: 'Die Geschichte.',
  imageUrl: '/images/news/annual-report-2024-published.svg',
  ...extra,
});

describe('bad input', () => {
  let h: AppHandle;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-input-'));
    h = await testApp({ UPLOAD_DIR: dir });
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A signed-in admin browser: the session cookie and the CSRF token of its forms. */
  async function formSession() {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const page = await agent.get('/admin').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(csrf);
    return { agent, csrf: csrf! };
  }

  /**
   * Parallel admin API calls through a session (cookie and CSRF header): the failed-login limiter
   * counts requests carrying the key header while they are in flight, the session's it does not.
   */
  async function apiSession() {
    const agent = request.agent(h.app);
    const login = await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200);
    const csrf = login.body.csrfToken as string;
    return {
      post: (url: string, body: object) => agent.post(url).set('X-CSRF-Token', csrf).send(body),
      put: (url: string, body: object) => agent.put(url).set('X-CSRF-Token', csrf).send(body),
    };
  }

  test('GET / with a malformed Referer is the home page (and the German choice still redirects)', async () => {
    for (const referer of ['http://[::1', 'http://a b', 'http://%zz', 'http://', '::::']) {
      await request(h.app).get('/').set('Referer', referer).expect(200);
      const de = await request(h.app).get('/').set('Referer', referer).set('Cookie', 'lang=de').set('Accept', 'text/html');
      assert.equal(de.status, 302, referer);
      assert.equal(de.headers.location, '/de');
    }
  });

  describe('malformed multipart uploads are a 400 and leave no file behind', () => {
    const incoming = () => (fs.existsSync(path.join(dir, '.incoming')) ? fs.readdirSync(path.join(dir, '.incoming')) : []);
    const stored = () => fs.readdirSync(dir).filter((f) => !f.startsWith('.') && f !== LIBRARY_MARKER);
    const B = 'XyZboundary42';
    const part = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filePart = (filename: string, bytes: Buffer, param = `filename="${filename}"`) =>
      Buffer.concat([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; ${param}\r\nContent-Type: image/png\r\n\r\n`, 'latin1'), bytes, Buffer.from('\r\n')]);

    async function bodies() {
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#1f5c3a' } }).png().toBuffer();
      return {
        png,
        cases: [
          { what: 'garbage', type: `multipart/form-data; boundary=${B}`, body: Buffer.from('this is not multipart at all \x00\xff'), message: /not valid multipart\/form-data/ },
          {
            what: 'an unterminated part',
            type: `multipart/form-data; boundary=${B}`,
            body: Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A square')), filePart('x.png', png).subarray(0, 200)]),
            message: /Unexpected end of form/,
          },
          { what: 'no boundary', type: 'multipart/form-data', body: Buffer.from(part('category', 'projects')), message: /Boundary not found/ },
          {
            what: 'a raw NUL in the part header',
            type: `multipart/form-data; boundary=${B}`,
            body: Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A square')), filePart('evil\x00.png', png), Buffer.from(`--${B}--\r\n`)]),
            message: /Malformed part header/,
          },
          {
            what: 'a NUL in the file name (RFC 5987 encoded)',
            type: `multipart/form-data; boundary=${B}`,
            body: Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A square')), filePart('', png, "filename*=utf-8''evil%00.png"), Buffer.from(`--${B}--\r\n`)]),
            message: new RegExp(NUL),
          },
          {
            what: 'a NUL in a field',
            type: `multipart/form-data; boundary=${B}`,
            body: Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A\x00square')), filePart('x.png', png), Buffer.from(`--${B}--\r\n`)]),
            message: new RegExp(NUL),
          },
        ],
      };
    }

    test('POST /api/media: JSON { error } naming the problem', async () => {
      const { png, cases } = await bodies();
      for (const c of cases) {
        const res = await request(h.app).post('/api/media').set(ADMIN).set('Content-Type', c.type).send(c.body);
        assert.equal(res.status, 400, `${c.what}: ${res.status} ${res.text.slice(0, 200)}`);
        assert.match(res.body.error, c.message, c.what);
        assert.deepEqual(incoming(), [], `${c.what}: no temporary file is left`);
      }
      assert.deepEqual(stored(), []);
      // The same form, well made, is accepted.
      const good = Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A square')), filePart('x.png', png), Buffer.from(`--${B}--\r\n`)]);
      const ok = await request(h.app).post('/api/media').set(ADMIN).set('Content-Type', `multipart/form-data; boundary=${B}`).send(good);
      assert.equal(ok.status, 201, ok.text);
      await request(h.app).delete(`/api/media/${ok.body.id}`).set(ADMIN).expect(200);
      // A delete moves it to the trash; gone for good with the purge, 30 days later.
      await purgeMediaTrash(h.deps, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    });

    test('an upload refused for its CSRF token leaves no temporary file', async () => {
      const { png } = await bodies();
      const agent = request.agent(h.app);
      await agent.post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200);
      // The image variants of earlier uploads are written by a background job through the same
      // scratch folder: wait until it has finished, so what is left afterwards is this request's.
      await h.deps.jobs.idle();
      const body = Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A square')), filePart('x.png', png), Buffer.from(`--${B}--\r\n`)]);
      const res = await agent.post('/api/media').set('X-CSRF-Token', 'not-the-token').set('Content-Type', `multipart/form-data; boundary=${B}`).send(body);
      assert.equal(res.status, 403);
      assert.deepEqual(incoming(), []);
    });

    test('a long file name with emoji is cut to its column without splitting one', async () => {
      const { png } = await bodies();
      const name = 'a'.repeat(299) + '🌾.png';
      const encoded = [...Buffer.from(name, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      const body = Buffer.concat([Buffer.from(part('category', 'projects') + part('altText', 'A square')), filePart('', png, `filename*=utf-8''${encoded}`), Buffer.from(`--${B}--\r\n`)]);
      const res = await request(h.app).post('/api/media').set(ADMIN).set('Content-Type', `multipart/form-data; boundary=${B}`).send(body);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.originalName, 'a'.repeat(299));
      const row = await h.deps.db('media_items').where({ id: res.body.id }).first('originalName');
      assert.equal(row.originalName, 'a'.repeat(299), 'no U+FFFD from half an emoji');
      await request(h.app).delete(`/api/media/${res.body.id}`).set(ADMIN).expect(200);
      // A delete moves it to the trash; gone for good with the purge, 30 days later.
      await purgeMediaTrash(h.deps, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    });

    test('POST /admin/media (no-JavaScript form): back to the media tab with the message', async () => {
      const { agent } = await formSession();
      // As above: the variants of the uploads before this test are made through the scratch folder.
      await h.deps.jobs.idle();
      const { cases } = await bodies();
      for (const c of cases) {
        const res = await agent.post('/admin/media').set('Content-Type', c.type).send(c.body);
        // The CSRF token cannot be read from a body that cannot be read: refused either way, never a 500.
        assert.ok(res.status === 303 || res.status === 400 || res.status === 403, `${c.what}: ${res.status}`);
        assert.deepEqual(incoming(), [], `${c.what}: no temporary file is left`);
      }
      const garbage = await agent.post('/admin/media').set('Content-Type', `multipart/form-data; boundary=${B}`).send(Buffer.from('garbage'));
      assert.equal(garbage.status, 303);
      const page = await agent.get('/admin/media').expect(200);
      assert.match(page.text, /not valid multipart\/form-data/);
      assert.deepEqual(stored(), []);
    });
  });

  describe('slugs under concurrency', () => {
    for (const kind of ['projects', 'news'] as const) {
      const body = kind === 'projects' ? project : article;
      test(`20 parallel ${kind} creates with one title all succeed under distinct slugs`, async () => {
        const title = `Same Title ${kind}`;
        const api = await apiSession();
        const results = await Promise.all(Array.from({ length: 20 }, () => api.post(`/api/admin/${kind}`, body({ title }))));
        assert.deepEqual(
          results.map((r) => r.status),
          Array(20).fill(201),
          results.map((r) => r.text.slice(0, 120)).join('\n'),
        );
        const slugs = results.map((r) => r.body.slug as string).sort();
        assert.equal(new Set(slugs).size, 20);
        const base = `same-title-${kind}`;
        assert.deepEqual(new Set(slugs), new Set([base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`)]));
      });

      test(`20 parallel ${kind} updates to one edited slug all succeed under distinct slugs`, async () => {
        const ids: number[] = [];
        for (let i = 0; i < 20; i++) ids.push((await request(h.app).post(`/api/admin/${kind}`).set(ADMIN).send(body({ title: `Edit Me ${kind} ${i}` })).expect(201)).body.id);
        const api = await apiSession();
        const results = await Promise.all(ids.map((id) => api.put(`/api/admin/${kind}/${id}`, body({ slug: `wanted-${kind}` }))));
        assert.deepEqual(
          results.map((r) => r.status),
          Array(20).fill(200),
          results.map((r) => r.text.slice(0, 120)).join('\n'),
        );
        assert.equal(new Set(results.map((r) => r.body.slug)).size, 20);
      });
    }

    test('two admins saving the same page at once: one is told the page exists, no 500', async () => {
      const page = { pageName: 'health', title: 'Health', titleDe: 'Gesundheit', content: 'x', contentDe: 'y' };
      await h.deps.db('page_contents').where({ pageName: 'health' }).delete();
      const api = await apiSession();
      const results = await Promise.all(Array.from({ length: 6 }, () => api.post('/api/admin/pages', page)));
      const statuses = results.map((r) => r.status).sort();
      assert.deepEqual(statuses, [201, 400, 400, 400, 400, 400], results.map((r) => r.text.slice(0, 120)).join('\n'));
      for (const r of results.filter((x) => x.status === 400)) assert.equal(r.body.fields.pageName, 'Content for this page already exists: edit it instead');
    });
  });

  test('a malformed %-escape in the address is a 400 that says so (not "something went wrong on our side")', async () => {
    for (const url of ['/api/projects/slug/%zz', '/api/news/project/%E0%A4%A', '/api/admin/projects/%ED%A0%80']) {
      const res = await request(h.app).get(url).set(ADMIN);
      assert.equal(res.status, 400, url);
      assert.deepEqual(res.body, { error: 'The address contains a malformed %-escape (such as %zz)', code: 'bad_request' });
    }
    const de = await request(h.app).get('/de/news/%zz').set('Accept', 'text/html').expect(400);
    assert.match(de.text, /fehlerhafte %-Kodierung/);
    assert.doesNotMatch(de.text, /on our side/);
  });

  describe('NUL characters are refused everywhere, with one message', () => {
    test('in the path and the query string', async () => {
      for (const url of ['/api/news/slug/%00', '/api/projects/slug/a%00b', '/api/news?x=%00', '/api/admin/audit?entity=%00']) {
        const res = await request(h.app).get(url).set(ADMIN);
        assert.equal(res.status, 400, url);
        assert.deepEqual(res.body, { error: NUL, code: 'invalid_text' });
      }
      // Pages get the error page, in their language.
      const en = await request(h.app).get('/news/%00').expect(400);
      assert.match(en.text, /contains a NUL character/);
      const de = await request(h.app).get('/de/projects?x=a%00').expect(400);
      assert.match(de.text, /enthält ein NUL-Zeichen/);
      assert.doesNotMatch(de.text, /contains a NUL/);
    });

    test('in JSON bodies (values and keys, however deep) and form fields', async () => {
      for (const body of [project({ title: 'a\u0000b' }), project({ extra: { deep: ['\u0000'] } }), { 'k\u0000': 1 }]) {
        const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send(body);
        assert.equal(res.status, 400);
        assert.deepEqual(res.body, { error: NUL, code: 'invalid_text' });
      }
      const sub = await request(h.app).post('/api/newsletter/subscribe').send({ email: 'a\u0000@example.org' });
      assert.deepEqual([sub.status, sub.body], [400, { error: NUL, code: 'invalid_text' }]);
      const { agent, csrf } = await formSession();
      const form = await agent.post('/admin/projects').type('form').send({ _csrf: csrf, ...project({ title: 'x\u0000' }) });
      assert.equal(form.status, 400);
      assert.match(form.text, /contains a NUL character/);
      assert.equal(await h.deps.db('projects').where('title', 'like', 'x%').andWhere('title', '<>', 'x').count({ n: '*' }).first().then((r) => Number(r?.n)), 0);
    });
  });

  describe('what PostgreSQL cannot store is a 4xx on both databases', () => {
    test('ids beyond PostgreSQL integer in routes', async () => {
      for (const url of ['/api/projects/2147483648', '/api/news/project/2147483648', '/api/projects/9999999999', '/api/admin/projects/2147483648', '/api/media/4294967296', '/api/admin/newsletter/subscribers/2147483648', '/api/admin/newsletter/campaigns/2147483648/preview']) {
        const res = await request(h.app).get(url).set(ADMIN);
        assert.equal(res.status, 400, `${url}: ${res.status} ${res.text.slice(0, 100)}`);
        assert.match(res.body.error, /^Invalid id/);
      }
      await request(h.app).get('/api/projects/2147483647').expect(404);
      await request(h.app).delete('/api/admin/news/2147483648').set(ADMIN).expect(400);
      const send = await request(h.app).post('/api/admin/newsletter/send/2147483648').set(ADMIN);
      assert.equal(send.status, 404, send.text);
      const { agent } = await formSession();
      await agent.get('/admin/news?edit=2147483648').expect(200);
      await agent.get('/admin/projects?delete=9999999999').expect(200);
    });

    test('ids beyond PostgreSQL integer in bodies', async () => {
      const news = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ projectId: 2147483648 }));
      assert.equal(news.status, 400);
      assert.equal(news.body.fields.projectId, 'This project does not exist');
      const social = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'project', content: { id: 2147483648 }, platforms: ['facebook'] });
      assert.equal(social.status, 400, social.text);
      const letter = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hi', selectedProjects: [2147483648] });
      assert.equal(letter.status, 400, letter.text);
      const suggest = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [{ id: 2 ** 53 }] });
      assert.equal(suggest.status, 400, suggest.text);
    });

    test('texts longer than their column, with the limit in the message', async () => {
      const cases: [string, string, Record<string, unknown>, string, number][] = [
        ['projects', 'title', project({ title: 'x'.repeat(201) }), 'title', 200],
        ['projects', 'imageUrl', project({ imageUrl: '/' + 'x'.repeat(500) }), 'imageUrl', 500],
        ['projects', 'slug', project({ slug: 'x'.repeat(161) }), 'slug', 160],
        ['news', 'titleDe', article({ titleDe: 'ü'.repeat(201) }), 'titleDe', 200],
        ['team', 'name', { name: 'n'.repeat(161), position: 'p', positionDe: 'p', bio: 'b', bioDe: 'b', imageUrl: '/x.svg' }, 'name', 160],
        ['team', 'position', { name: 'n', position: 'p'.repeat(201), positionDe: 'p', bio: 'b', bioDe: 'b', imageUrl: '/x.svg' }, 'position', 200],
        ['pages', 'metaDescription', { pageName: 'about', title: 't', titleDe: 't', content: 'c', contentDe: 'c', metaDescription: 'm'.repeat(321) }, 'metaDescription', 320],
      ];
      for (const [kind, what, body, field, max] of cases) {
        const res = await request(h.app).post(`/api/admin/${kind}`).set(ADMIN).send(body);
        assert.equal(res.status, 400, `${kind}.${what}`);
        assert.equal(res.body.fields[field], `This text is too long (at most ${max} characters)`, `${kind}.${what}`);
      }
      // Exactly at the limit, in characters PostgreSQL counts (an emoji is two UTF-16 units in JavaScript).
      const full = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: '🌧'.repeat(100), titleDe: 'ä'.repeat(200) }));
      assert.equal(full.status, 201, full.text);
      assert.equal(full.body.title, '🌧'.repeat(100));
    });

    test('dates PostgreSQL cannot store', async () => {
      for (const publishedAt of ['+010000-01-01T00:00:00Z', '0000-01-01', '-000001-01-01T00:00:00Z', '275760-09-13', 'not a date']) {
        const res = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ publishedAt }));
        assert.equal(res.status, 400, `${publishedAt}: ${res.text.slice(0, 100)}`);
        assert.equal(res.body.fields.publishedAt, 'Enter a date such as 2026-03-01');
      }
      const ok = await request(h.app).post('/api/admin/news').set(ADMIN).send(article({ publishedAt: '1999-12-31' })).expect(201);
      assert.equal(ok.body.publishedAt, '1999-12-31T00:00:00.000Z');
    });

    test('amounts beyond what a bigint of cents can hold', async () => {
      for (const goalAmount of ['99999999999999999999', '1000000000000000.00', '9223372036854775807', '1000000000000', 1e15, 1e21, '9'.repeat(5000)]) {
        const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ goalAmount }));
        assert.equal(res.status, 400, String(goalAmount));
        assert.equal(res.body.fields.goalAmount, 'This amount is too large');
      }
      const messages = {
        amount: 'Enter an amount such as 1250.50 or 1,250.50',
        amount_negative: 'An amount cannot be negative: enter one such as 1,250.50',
        amount_decimals: 'Use at most two decimal places, such as 1,250.50 (group thousands with a comma, an apostrophe or a space)',
      };
      for (const [goalAmount, code] of [['1e21', 'amount'], ['Infinity', 'amount'], ['-5', 'amount_negative'], ['1.005', 'amount_decimals']] as const) {
        const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ goalAmount }));
        assert.equal(res.status, 400, String(goalAmount));
        assert.equal(res.body.fields.goalAmount, messages[code]);
        assert.deepEqual(res.body.fieldErrors.goalAmount, { code });
      }
      const big = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ goalAmount: '999999999999.99', raisedAmount: '999999999999.99' }));
      assert.equal(big.status, 201, big.text);
      assert.equal(big.body.goalAmount, '999999999999.99');
      const pay = await request(h.app).post('/api/create-payment-intent').send({ amount: 10, projectId: 2147483648 });
      assert.ok(pay.status === 400 || pay.status === 503, pay.text);
    });
  });

  describe('odd Unicode', () => {
    test('emoji, right-to-left text, combining marks and zero-width characters come back exactly as sent', async () => {
      const title = 'مرحبا 👩🏽‍🌾 e\u0301 z\u200bw\u200d\u2060 \u202Eabc\u202C \uFEFF 𝔘𝔫𝔦';
      const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title, titleDe: title, description: title.repeat(3) })).expect(201);
      assert.equal(res.body.title, title);
      const got = await request(h.app).get(`/api/projects/${res.body.id}`).expect(200);
      assert.equal(got.body.title, title);
      assert.equal(got.body.description, title.repeat(3));
      const bySlug = await request(h.app).get(`/api/projects/slug/${encodeURIComponent(res.body.slug)}`).expect(200);
      assert.equal(bySlug.body.id, res.body.id);
    });

    test('lone surrogates are refused clearly (neither database could store them as sent)', async () => {
      for (const bad of ['\ud800', 'a\udfffb', '\udc00\ud800']) {
        const res = await request(h.app)
          .post('/api/admin/projects')
          .set(ADMIN)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(project({ title: bad })));
        assert.equal(res.status, 400);
        assert.match(res.body.error, /valid Unicode/);
      }
    });
  });
});

describe('a donation asked for again after the project was renamed', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env());
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });

  test('gets a PaymentIntent, not a 502 for an idempotency key reused with other parameters', async () => {
    const project = await h.deps.db('projects').orderBy('id').first('id');
    const ask = () => request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: project.id, checkoutId: 'visit-12345678' });
    await ask().expect(200);
    await request(h.app).put(`/api/admin/projects/${project.id}`).set(ADMIN).send({ ...(await request(h.app).get(`/api/projects/${project.id}`)).body, title: 'Renamed Project' }).expect(200);
    const again = await ask();
    assert.equal(again.status, 200, again.text);
  });
});
