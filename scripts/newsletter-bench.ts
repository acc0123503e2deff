// A local newsletter send to 3,000 subscribers through an SMTP server on this machine (the tests'
// smtp-server fake), against the compiled server: how long the volunteer's request takes (the
// send runs in the background) and how long until the last mail has gone. On PostgreSQL two
// instances work the same queue.
//
//   npm run newsletter-bench [-- --db sqlite|postgres --subscribers 3000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection';
import { newToken } from '../models/newsletter/subscriber';
import { startCluster, type Cluster } from './pg-cluster';
import { ADMIN_KEY, startInstance, type Instance } from './instances';
import { startFakeSmtp } from '../test/fakes/smtp';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' }, subscribers: { type: 'string', default: '3000' } } });
const COUNT = Number(args.subscribers);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-send-'));
const smtp = await startFakeSmtp();
let cluster: Cluster | null = null;
const instances: Instance[] = [];
try {
  cluster = args.db === 'postgres' ? await startCluster({ durable: true }) : null;
  const env = { DATABASE_URL: cluster ? cluster.url : `sqlite:${path.join(tmp, 'send.sqlite3')}`, SMTP_URL: smtp.url, UPLOAD_DIR: path.join(tmp, 'uploads') };
  instances.push(await startInstance(env, { logDir: tmp }));
  if (cluster) instances.push(await startInstance(env, { logDir: tmp }));
  const a = instances[0]!;
  const db = openDatabase(env.DATABASE_URL);
  try {
    const rows = Array.from({ length: COUNT }, (_, i) => ({ email: `reader${i}@example.org`, status: 'subscribed', language: 'en', unsubscribeToken: newToken(), consentAt: new Date(), consentSource: 'double-opt-in' }));
    for (let i = 0; i < rows.length; i += 200) await db('newsletter_subscribers').insert(rows.slice(i, i + 200));
  } finally {
    await db.destroy();
  }
  const headers = { 'X-Admin-Key': ADMIN_KEY, 'Content-Type': 'application/json' };
  const generated = (await (await fetch(`${a.url}/api/admin/newsletter/generate`, { method: 'POST', headers, body: JSON.stringify({ subject: 'News from Mwenezi', previewText: '', language: 'en', selectedNews: [1], selectedProjects: [1] }) })).json()) as { newsletterData: unknown };
  const campaign = (await (await fetch(`${a.url}/api/admin/newsletter/create-campaign`, { method: 'POST', headers, body: JSON.stringify(generated.newsletterData) })).json()) as { campaignId: string };
  const t0 = Date.now();
  const started = await fetch(`${a.url}/api/admin/newsletter/send/${campaign.campaignId}`, { method: 'POST', headers });
  const requestMs = Date.now() - t0;
  let progress: { status: string; sent: number; failed: number; remaining: number } = { status: '', sent: 0, failed: 0, remaining: COUNT };
  while (progress.status !== 'sent' && Date.now() - t0 < 600_000) {
    await new Promise((r) => setTimeout(r, 500));
    progress = (await (await fetch(`${a.url}/api/admin/newsletter/campaigns/${campaign.campaignId}/progress`, { headers })).json()) as typeof progress;
  }
  const totalMs = Date.now() - t0;
  const received = new Set(smtp.received.flatMap((m) => m.to));
  const copies = smtp.received.length;
  console.log(`${COUNT} subscribers, ${args.db === 'postgres' ? 'two instances on PostgreSQL' : 'SQLite, one instance'}, SMTP on this machine`);
  console.log(`  the volunteer's request: ${started.status} in ${requestMs} ms`);
  console.log(`  all sent after ${(totalMs / 1000).toFixed(1)} s (${Math.round(progress.sent / (totalMs / 1000))} mails/s): sent ${progress.sent}, failed ${progress.failed}, remaining ${progress.remaining}`);
  console.log(`  the SMTP server received ${copies} mails for ${received.size} addresses (${copies === received.size ? 'nobody got two' : 'DUPLICATES'})`);
  process.exitCode = progress.status === 'sent' && copies === COUNT && received.size === COUNT ? 0 : 1;
} finally {
  for (const i of instances) await i.stop();
  cluster?.stop();
  await smtp.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
