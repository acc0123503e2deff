// Two instances on one database behave as one site: what one writes, the other shows on its next
// request (pages, not only the JSON API); sessions and login limits are shared. On PostgreSQL two
// apps share a fresh database; on SQLite two apps share one database file (as two processes would
// on one machine during a restart).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { createPageCache } from '../../controllers/middleware/caching';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

describe('two instances on one database', () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('instances'));
  });
  after(() => close());

  const title = async (h: AppHandle, url: string, json = false) => {
    const res = await request(h.app).get(url).set('Accept', json ? 'application/json' : 'text/html');
    assert.equal(res.status, 200, url);
    return json ? JSON.stringify(res.body) : res.text;
  };

  test('a project renamed on A shows on B at once, on every page and in both languages', async () => {
    const project = (await request(a.app).get('/api/projects').expect(200)).body[0];
    const pages = ['/projects', '/de/projects', `/projects/${project.slug}`, `/de/projects/${project.slug}`, '/'];
    // B renders and caches every page (and the public API answers) first.
    await request(b.app).get('/api/projects').expect(200);
    await request(b.app).get(`/api/projects/slug/${project.slug}`).expect(200);
    for (const url of pages) {
      const shown: string = url.startsWith('/de') ? (project.titleDe ?? project.title) : project.title;
      assert.match(await title(b, url), new RegExp(shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').slice(0, 20)));
      await title(b, url, true);
    }
    const renamed = { ...project, title: 'Renamed through instance A', titleDe: 'Umbenannt über Instanz A' };
    const put = await request(a.app).put(`/api/admin/projects/${project.id}`).set(ADMIN).send(renamed);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal((await request(b.app).get('/api/projects').expect(200)).body.find((p: { id: number }) => p.id === project.id).title, 'Renamed through instance A');
    assert.equal((await request(b.app).get(`/api/projects/slug/${project.slug}`).expect(200)).body.titleDe, 'Umbenannt über Instanz A');
    for (const url of pages) {
      const html = await title(b, url);
      assert.match(html, url.startsWith('/de') ? /Umbenannt über Instanz A/ : /Renamed through instance A/, url);
      assert.match(await title(b, url, true), url.startsWith('/de') ? /Umbenannt über Instanz A/ : /Renamed through instance A/, `${url} (JSON)`);
    }
  });

  test('an article created on A is listed on B, and a total changed by any writer shows on B', async () => {
    await title(b, '/news');
    const created = await request(a.app)
      .post('/api/admin/news')
      .set(ADMIN)
      .send({
        title: 'Borehole drilled in Village 4',
        titleDe: 'Brunnen in Dorf 4 gebohrt',
        abstract: 'Clean water for 300 people.',
        abstractDe: 'Sauberes Wasser für 300 Menschen.',
        content: 'The new borehole is working.',
        contentDe: 'Der neue Brunnen läuft.',
        imageUrl: '/images/logo.svg',
      });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(await title(b, '/news'), /Borehole drilled in Village 4/);
    assert.match(await title(b, '/de/news'), /Brunnen in Dorf 4 gebohrt/);

    // A write outside the app (a webhook on another instance, a script, psql) moves the version too.
    const project = (await request(b.app).get('/api/projects').expect(200)).body[1];
    await title(b, `/projects/${project.slug}`);
    await a.deps.db('projects').where({ id: project.id }).update({ raisedCents: 123_456_00 });
    assert.match(await title(b, `/projects/${project.slug}`), /123,456/);
  });

  test('a session opened on A works on B', async () => {
    const login = await request(a.app).post('/api/admin/login').send({ key: 'demo-admin-key-change-me' }).expect(200);
    const cookie = login.headers['set-cookie'];
    const session = await request(b.app).get('/api/admin/session').set('Cookie', cookie).expect(200);
    assert.equal(session.body.admin.via, 'session');
  });

  test('giving across instances: a donor link asked on B opens a session on A that B accepts; a certificate run started on B is worked by A', async () => {
    const email = 'two.instances@example.org';
    const year = new Date().getUTCFullYear();
    await a.deps.db('donations').insert({ paymentIntentId: 'pi_two_instances', amountCents: 7000, currency: 'chf', status: 'succeeded', kind: 'one_off', language: 'en', donorEmail: email, appliedAt: `${year}-06-01T10:00:00Z`, refundedCents: 0, disputedCents: 0 });
    await request(b.app).post('/api/donor/manage-link').send({ email, language: 'en' }).expect(200);
    let token = '';
    for (let i = 0; i < 100 && !token; i++) {
      const mail = await a.deps.db('outbox').where({ toAddress: email }).orderBy('id', 'desc').first('textBody');
      token = /token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
      if (!token) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(token, 'the link mail, written by B');
    const opened = await request(a.app).post('/donations/manage/session').set('Origin', a.deps.config.publicUrl).type('form').send({ token }).expect(303);
    const cookie = (opened.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const page = await request(b.app).get('/donations/manage').set('Cookie', cookie).expect(200);
    assert.match(page.text, new RegExp(email.replace('.', '\\.')));
    assert.match(page.text, /CHF(&nbsp;|\s|\u00a0)70\.00/);

    const run = await request(b.app).post('/api/admin/donations/certificates/runs').set(ADMIN).send({ year }).expect(202);
    let status = '';
    for (let i = 0; i < 200 && status !== 'done'; i++) {
      status = String((await a.deps.db('certificate_runs').where({ id: run.body.run.id }).first('status'))?.status ?? '');
      if (status !== 'done') await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 'done', 'the run, started on B, worked by the instance working jobs');
    const mail = await a.deps.db('outbox').where({ toAddress: email }).whereNotNull('attachments').first('subject');
    assert.match(mail.subject, new RegExp(`${year}`));
  });

  test('wrong keys alternated between A and B are limited as on one instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await request(i % 2 ? b.app : a.app).get('/api/admin/pages').set('X-Forwarded-For', '203.0.113.77').set('X-Admin-Key', `wrong-${i}`);
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);
    // Locked out: the right key is refused too (else the lockout would tell the right guess).
    assert.equal((await request(b.app).get('/api/admin/pages').set('X-Forwarded-For', '203.0.113.77').set(ADMIN)).status, 429);
    // Another address is not affected.
    assert.equal((await request(b.app).get('/api/admin/pages').set('X-Forwarded-For', '203.0.113.78').set(ADMIN)).status, 200);
  });
});

test('parallel requests with a valid admin key are never counted as failed logins', async () => {
  const h = await testApp();
  try {
    const all = await Promise.all(Array.from({ length: 20 }, () => request(h.app).get('/api/admin/pages').set('X-Forwarded-For', '198.51.100.9').set(ADMIN)));
    assert.deepEqual(
      all.map((r) => r.status),
      Array(20).fill(200),
    );
  } finally {
    await h.close();
  }
});

test('a page rendered from data read before a write is never served after it', async () => {
  const h = await testApp();
  try {
    const cache = createPageCache(h.deps.db);
    const before = await cache.version();
    // A render starts (version read, data read)...
    const stale = { status: 200, type: 'html' as const, body: 'old title' };
    // ...an admin writes meanwhile...
    await h.deps.db('projects').where({ id: 1 }).update({ title: 'New title' });
    // ...and the slow render is stored afterwards, under the version it started with.
    cache.set('html /projects', stale, before);
    const now = await cache.version();
    assert.notEqual(now, before);
    assert.equal(cache.get('html /projects'), undefined);
  } finally {
    await h.close();
  }
});

test('visitors who ask for the same page at once wait for one render (after a content change, not one render each)', async () => {
  const h = await testApp();
  try {
    const cache = createPageCache(h.deps.db);
    const version = await cache.version();
    let renders = 0;
    const produce = (keep: boolean) => async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 50));
      return { page: { status: 200, type: 'html' as const, body: `render ${renders}` }, keep };
    };
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.obtain('html /projects', version, produce(true))));
    assert.equal(renders, 1);
    assert.ok(pages.every((p) => p === pages[0]));
    // A page that must not be shared (not kept) is rendered for each visitor.
    renders = 0;
    await Promise.all(Array.from({ length: 3 }, () => cache.obtain('html /checkout?payment=success', version, produce(false))));
    assert.equal(renders, 3);
  } finally {
    await h.close();
  }
});
