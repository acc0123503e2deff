// A killed or frozen instance's jobs are taken over by a living one within a minute. Two real
// instances of the compiled server (dist/server.js, as `npm start` runs it) share one database (a
// SQLite file, or a PostgreSQL database) and one S3 bucket. Instance A gets three jobs and holds
// them in flight: a donation receipt and a newsletter batch waiting on an SMTP server that never
// greets, an image's variants waiting on the bucket. Then A is killed with SIGKILL (or frozen with
// SIGSTOP), the SMTP server and the bucket answer again, and instance B must finish A's jobs
// within 60 s: the variants made, every newsletter recipient whose mail had not left yet served
// once, the receipt's interrupted mail marked as such, and nobody mailed twice (also after a
// frozen A wakes up and carries on).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Knex } from 'knex';
import { openDatabase } from '../../db/connection';
import { ADMIN_KEY, startInstance, type Instance } from '../../scripts/instances';
import { freshDatabase, until } from '../helpers';
import { startFakeSmtp } from '../fakes/smtp';
import { startFakeS3 } from '../fakes/s3';
import { startHoldProxy } from '../fakes/hold-proxy';
import { startFakeStripe } from '../fakes/stripe';

const ADMIN = { 'X-Admin-Key': ADMIN_KEY };
const RECIPIENTS = 30;
const TAKEOVER_MS = 60_000;

async function json(res: Response): Promise<any> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return JSON.parse(text);
}

async function scenario(signal: 'SIGKILL' | 'SIGSTOP'): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-takeover-'));
  const fresh = await freshDatabase();
  const databaseUrl = fresh.env.DATABASE_URL === 'sqlite::memory:' ? `sqlite:${path.join(dir, 'shared.sqlite3')}` : fresh.env.DATABASE_URL!;
  const smtp = await startFakeSmtp();
  const s3 = await startFakeS3();
  const bucket = await startHoldProxy(s3.endpoint);
  const stripe = await startFakeStripe();
  const instances: Instance[] = [];
  let db: Knex | null = null;
  try {
    // Mail servers that accept the connection and then say nothing: every mail waits (up to the
    // 60 s asked for here) with its row claimed.
    await smtp.setMode('silent');
    const env = {
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      ...s3.env,
      S3_ENDPOINT: bucket.url,
      SMTP_URL: `${smtp.url}?connectionTimeout=60000&greetingTimeout=60000&socketTimeout=60000`,
      MAIL_FROM: 'Kuvaka <hello@example.org>',
      ...stripe.env(),
    };
    const a = await startInstance(env, { logDir: dir });
    instances.push(a);
    db = openDatabase(databaseUrl);

    // 1. A newsletter to RECIPIENTS confirmed subscribers.
    for (let i = 0; i < RECIPIENTS; i++) {
      await db('newsletter_subscribers').insert({
        email: `reader${i}@example.org`,
        status: 'subscribed',
        language: 'en',
        unsubscribeToken: crypto.randomBytes(16).toString('hex'),
        consentAt: new Date(),
        consentForm: 'footer',
        consentSource: 'double-opt-in',
      });
    }
    const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { ...ADMIN, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const generated = await json(await post(`${a.url}/api/admin/newsletter/generate`, { subject: 'Harvest news', previewText: 'p', language: 'en', selectedNews: [1], selectedProjects: [] }));
    const campaign = await json(await post(`${a.url}/api/admin/newsletter/create-campaign`, { newsletterData: generated.newsletterData }));
    const campaignId = Number(campaign.campaignId);
    assert.equal((await post(`${a.url}/api/admin/newsletter/send/${campaignId}`, {})).status, 202);

    // 2. A gift whose receipt goes to the donor.
    stripe.webhook = { url: `${a.url}/api/stripe/webhook`, secret: 'whsec_test' };
    const intent = stripe.addIntent({ amount: 2500, status: 'succeeded', metadata: { projectId: '1', language: 'en', email: 'donor@example.org' } });
    assert.equal(await stripe.deliver('payment_intent.succeeded', intent), 200);

    // 3. A photo whose variants are stored in the bucket: their uploads are held.
    bucket.hold((r) => r.method === 'PUT' && /-w\d+\.(webp|avif)$/.test(r.path));
    const form = new FormData();
    form.set('category', 'projects');
    form.set('altText', 'Seedlings in the Nook garden');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 140, b: 60 } } }).png().toBuffer();
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'garden.png');
    const media = await json(await fetch(`${a.url}/api/media`, { method: 'POST', headers: ADMIN, body: form }));

    // All three in flight on A.
    const statusOf = async () => ({
      newsletter: (await db!('newsletter_deliveries').where({ campaignId, status: 'sending' }).pluck('id')) as number[],
      receipt: (await db!('outbox').where({ toAddress: 'donor@example.org' }).first('id', 'status')) as { id: number; status: string } | undefined,
    });
    await until(async () => {
      const s = await statusOf();
      return s.newsletter.length > 0 && s.receipt?.status === 'sending' && bucket.held.length > 0;
    }, 'the newsletter, the receipt and the variants to be in flight on instance A', 30_000);
    const inFlight = (await statusOf()).newsletter;
    const sqlite = databaseUrl.startsWith('sqlite:');
    const locks = async () =>
      (sqlite
        ? ((await db!('jobs').whereNotNull('lockedBy').orderBy('id').select('id', 'lockedBy')) as { id: number; lockedBy: string }[])
        : ((await db!.raw(`select id, locked_by as "lockedBy" from graphile_worker.jobs where locked_by is not null order by id`)).rows as { id: number; lockedBy: string }[])
      ).map((r) => `${r.id}:${r.lockedBy}`);
    const lockedByA = await locks();
    assert.ok(lockedByA.length >= 3, `A holds its jobs: ${lockedByA.join(', ')}`);

    // B joins and leaves a living A's jobs alone (a heartbeat later, they are still A's)...
    const b = await startInstance(env, { logDir: dir });
    instances.push(b);
    await new Promise((r) => setTimeout(r, 1500));
    // None of them is locked by another worker now (one A finished meanwhile, such as the
    // webhook's own job, is no longer locked at all: that is A's doing, not B's).
    const lockNow = new Map((await locks()).map((l) => [l.split(':')[0], l] as const));
    assert.deepEqual(lockedByA.filter((l) => ![undefined, l].includes(lockNow.get(l.split(':')[0]))), [], 'B took none of the jobs A is running');
    // ...then A dies (or freezes) with its jobs locked.
    a.child.kill(signal);
    if (signal === 'SIGKILL') await a.exited;
    const t0 = Date.now();
    await smtp.setMode('ok');
    bucket.release();

    // B finishes A's work within a minute.
    await until(
      async () => {
        const item = await json(await fetch(`${b.url}/api/media/${media.id}`, { headers: ADMIN }));
        if (item.variants.length !== 6) return false;
        const receipt = (await statusOf()).receipt;
        if (receipt?.status !== 'unknown') return false;
        for (let i = 0; i < RECIPIENTS; i++) {
          const id = `reader${i}@example.org`;
          const row = (await db!('newsletter_deliveries as d').join('newsletter_subscribers as s', 's.id', 'd.subscriberId').where({ 'd.campaignId': campaignId, 's.email': id }).first('d.id')) as { id: number };
          if (!inFlight.includes(row.id) && smtp.to(id).length !== 1) return false;
        }
        return true;
      },
      `instance B to take over A's jobs (${signal})`,
      TAKEOVER_MS,
    );
    const took = Date.now() - t0;
    assert.ok(took < TAKEOVER_MS, `taken over in ${took} ms`);

    if (signal === 'SIGSTOP') {
      // A wakes up and carries on where it stopped: its mails time out or arrive, nothing twice.
      a.child.kill('SIGCONT');
      await new Promise((r) => setTimeout(r, 3000));
    }
    // Nobody got the newsletter twice; the donor got the receipt at most once (the interrupted
    // mail may have left: it is never sent again).
    for (let i = 0; i < RECIPIENTS; i++) assert.ok(smtp.to(`reader${i}@example.org`).length <= 1, `reader${i} mailed once at most`);
    assert.ok(smtp.to('donor@example.org').length <= 1);
    // No job stays with the dead or frozen instance.
    if (signal === 'SIGKILL') {
      const stuck = sqlite
        ? await db('jobs').whereNotNull('lockedBy').whereNotIn('lockedBy', db('job_workers').select('workerId')).count({ n: '*' }).first()
        : (await db.raw(`select count(*)::int as n from graphile_worker.jobs where locked_by is not null and locked_by not in (select worker_id from job_workers)`)).rows[0];
      assert.equal(Number(stuck?.n ?? 0), 0, 'no job locked by a worker that is gone');
    }
  } finally {
    for (const i of instances) {
      i.child.kill('SIGCONT');
      await i.stop('SIGKILL');
    }
    await db?.destroy();
    await stripe.close();
    await bucket.close();
    await s3.close();
    await smtp.close();
    await fresh.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('jobs of an instance that dies or freezes', { concurrency: true }, () => {
  test('killed with SIGKILL: another instance takes its receipt, newsletter batch and image variants over within a minute', () => scenario('SIGKILL'));
  test('frozen with SIGSTOP: another instance takes them over, and nothing is done twice when it wakes up', () => scenario('SIGSTOP'));
});
