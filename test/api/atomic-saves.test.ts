// Every admin write commits together with its audit entry (and, for content, its revision, the
// translation status of its texts and the announcement of a scheduled publication), or not at all.
// Each case breaks one of the companion tables for a moment (renamed, as a failing disk or a lost
// connection would make it), makes the write, and checks that nothing of it was kept.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { AppHandle } from '../../app';
import { ON_POSTGRES, testApp } from '../helpers';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Rainwater Tanks',
  titleDe: 'Regenwassertanks',
  description: 'Tanks that collect the rain from school roofs.',
  descriptionDe: 'Tanks, die den Regen von Schuldächern sammeln.',
  goalAmount: '12500',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

describe('a write and its audit entry, revision, translation status and schedule: all or nothing', () => {
  let h: AppHandle;
  let db: Knex;
  before(async () => {
    // No worker: the job table is broken on purpose in one case, and nothing else should run meanwhile.
    h = await testApp({ UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'charity-atomic-')) }, { worker: false });
    db = h.deps.db;
  });
  after(async () => {
    await h.close();
    fs.rmSync(h.deps.config.uploadDir, { recursive: true, force: true });
  });

  const jobsTable = ON_POSTGRES ? 'graphile_worker._private_jobs' : 'jobs';
  /** Runs `fn` while `table` cannot be written (renamed away), then puts it back. */
  async function without(table: string, fn: () => Promise<void>): Promise<void> {
    const [schema, name] = table.includes('.') ? table.split('.') : [null, table];
    const rename = (from: string, to: string) => (schema ? db.raw('alter table ??.?? rename to ??', [schema, from, to]) : db.schema.renameTable(from, to));
    await rename(name!, `${name}_away`);
    try {
      await fn();
    } finally {
      await rename(`${name}_away`, name!);
    }
  }
  const count = async (table: string, where: Record<string, unknown> = {}) => Number(((await db(table).where(where).count({ n: '*' }).first()) as { n: number | string }).n);
  const failed = (res: { status: number; body: { error?: unknown } }) => {
    assert.ok(res.status >= 500, `the write failed (${res.status})`);
    assert.equal(typeof res.body.error, 'string');
  };
  const snapshot = async () => ({
    audit: await count('audit_log'),
    revisions: await count('revisions'),
    sources: await count('translation_sources'),
    projects: (await db('projects').orderBy('id').select('id', 'title', 'deletedAt', 'raisedCents')) as unknown[],
    news: await count('news_articles'),
  });

  test('content: create, update, delete, restore and a revision restore keep nothing when the audit entry cannot be written', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    const revision = (await request(h.app).get(`/api/admin/projects/${p.id}/revisions`).set(ADMIN).expect(200)).body[0];
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Rainwater Tanks, phase two' })).expect(200);
    const trashed = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'In the Trash' })).expect(201)).body;
    await request(h.app).delete(`/api/admin/projects/${trashed.id}`).set(ADMIN).expect(200);
    const before = await snapshot();
    await without('audit_log', async () => {
      failed(await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Never Saved' })));
      failed(await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Never Renamed', raisedAmount: '50', raisedAmountBase: '0.00' })));
      failed(await request(h.app).delete(`/api/admin/projects/${p.id}`).set(ADMIN));
      failed(await request(h.app).post(`/api/admin/trash/projects/${trashed.id}/restore`).set(ADMIN));
      failed(await request(h.app).post(`/api/admin/revisions/${revision.id}/restore`).set(ADMIN));
    });
    assert.deepEqual(await snapshot(), before, 'no item, revision, tracking row or ledger change without its audit entry');
  });

  test('content: a save keeps nothing when its revision or its translation status cannot be written', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Solar Kiosk' })).expect(201)).body;
    const before = await snapshot();
    await without('revisions', async () => {
      failed(await request(h.app).post('/api/admin/news').set(ADMIN).send({ title: 'Never Told', titleDe: 'Nie erzählt', abstract: 'a', abstractDe: 'b', content: 'c', contentDe: 'd', imageUrl: '/images/logo.svg' }));
      failed(await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Never Renamed' })));
    });
    await without('translation_sources', async () => {
      failed(await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Never Tracked' })));
      failed(await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ title: 'Never Tracked Either' })));
    });
    assert.deepEqual(await snapshot(), before);
  });

  test('content: an article scheduled for later is not saved when its publication cannot be announced', async () => {
    const before = await snapshot();
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    await without(jobsTable, async () => {
      failed(await request(h.app).post('/api/admin/news').set(ADMIN).send({ title: 'Tomorrow', titleDe: 'Morgen', abstract: 'a', abstractDe: 'b', content: 'c', contentDe: 'd', imageUrl: '/images/logo.svg', publishAt }));
    });
    assert.deepEqual(await snapshot(), before);
    // With the queue back, the same save goes through and its announcement is queued with it.
    await request(h.app).post('/api/admin/news').set(ADMIN).send({ title: 'Tomorrow', titleDe: 'Morgen', abstract: 'a', abstractDe: 'b', content: 'c', contentDe: 'd', imageUrl: '/images/logo.svg', publishAt }).expect(201);
    assert.equal((await h.deps.jobs.stats()).waiting > 0, true);
  });

  test('spending records, glossary terms, media details, subscribers, certificate runs and campaigns keep nothing without their audit entry', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Seed Bank' })).expect(201)).body;
    const spent = (await request(h.app).post(`/api/admin/projects/${p.id}/spending`).set(ADMIN).send({ date: '2026-03-14', amount: '120.00', category: 'materials', description: 'Seed jars', descriptionDe: 'Samengläser' }).expect(201)).body;
    const term = (await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Seed Bank', termDe: 'Samenbank' }).expect(201)).body;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 160, b: 60 } } }).png().toBuffer();
    const media = (await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Jars of seeds').attach('file', photo, 'jars.png').expect(201)).body;
    const [sub] = (await db('newsletter_subscribers').insert({ email: 'reader@example.org', status: 'subscribed', language: 'en', unsubscribeToken: 'tok-reader', consentAt: new Date(), consentForm: 'footer', consentSource: 'double-opt-in' }, ['id'])) as ({ id: number } | number)[];
    const subscriberId = typeof sub === 'object' ? sub.id : Number(sub);
    const generated = (await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Seeds', previewText: 'p', language: 'en', selectedNews: [], selectedProjects: [p.id] }).expect(200)).body;
    const campaign = (await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send({ newsletterData: generated.newsletterData }).expect(201)).body;

    const state = async () => ({
      audit: await count('audit_log'),
      spending: await db('project_spending').orderBy('id').select('id', 'amountCents', 'description'),
      glossary: await db('glossary_terms').orderBy('id').select('id', 'termDe'),
      media: await db('media_items').orderBy('id').select('id', 'altText'),
      subscribers: await count('newsletter_subscribers'),
      runs: await count('certificate_runs'),
      campaigns: await db('newsletter_campaigns').orderBy('id').select('id', 'status'),
      deliveries: await count('newsletter_deliveries'),
    });
    const before = await state();
    await without('audit_log', async () => {
      failed(await request(h.app).post(`/api/admin/projects/${p.id}/spending`).set(ADMIN).send({ date: '2026-03-15', amount: '80.00', category: 'materials', description: 'Labels', descriptionDe: 'Etiketten' }));
      failed(await request(h.app).put(`/api/admin/spending/${spent.id}`).set(ADMIN).send({ date: '2026-03-14', amount: '999.00', category: 'materials', description: 'Changed', descriptionDe: 'Geändert' }));
      failed(await request(h.app).delete(`/api/admin/spending/${spent.id}`).set(ADMIN));
      failed(await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Mission Hospital', termDe: 'Missionsspital' }));
      failed(await request(h.app).put(`/api/admin/glossary/${term.id}`).set(ADMIN).send({ termEn: 'Seed Bank', termDe: 'Saatgutbank' }));
      failed(await request(h.app).delete(`/api/admin/glossary/${term.id}`).set(ADMIN));
      failed(await request(h.app).put(`/api/media/${media.id}`).set(ADMIN).send({ category: 'projects', altText: 'Changed' }));
      failed(await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'Never kept').attach('file', photo, 'never.png'));
      failed(await request(h.app).delete(`/api/media/${media.id}`).set(ADMIN));
      failed(await request(h.app).delete(`/api/admin/newsletter/subscribers/${subscriberId}`).set(ADMIN));
      failed(await request(h.app).post('/api/admin/donations/certificates/runs').set(ADMIN).send({ year: 2025 }));
      failed(await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send({ newsletterData: generated.newsletterData }));
      failed(await request(h.app).post(`/api/admin/newsletter/send/${campaign.campaignId}`).set(ADMIN));
    });
    const now = await state();
    // A picture's move to the trash and its entry go together: neither happened.
    assert.deepEqual(now, before);
  });
});
