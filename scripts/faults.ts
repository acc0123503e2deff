// Faults: what visitors and volunteers get when the outside world misbehaves, measured against the
// compiled server in production mode (not a test: a probe that prints figures).
//
//   npm run faults                     all three parts
//   npm run faults -- --part providers|postgres|kill
//
// 1. providers: Stripe, Mailchimp, OpenAI and SMTP down (connection refused), silent (accepts and
//    never answers), trickling (headers, then a byte every 2 s) and answering garbage. For each,
//    the visitor's or volunteer's request must end with a clear message within the stated
//    deadline, while other visitors' pages stay fast (a background load on public pages).
// 2. postgres: two instances on one PostgreSQL under load; the database is restarted in the
//    middle. The instances must recover by themselves (no restart), and jobs must run again.
// 3. kill: kill -9 during a burst of admin writes and Stripe webhook deliveries, five times, on
//    SQLite and on PostgreSQL. After each: the database checks clean, every project's raised
//    amount equals its ledger, every article written has its audit entry and its revision, and
//    after Stripe's redeliveries every payment counts exactly once.
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { openDatabase, isSqlite } from '../db/connection';
import { checkLedger } from '../models/content/ledger';
import { freePort, startCluster } from './pg-cluster';
import { ADMIN_KEY, startInstance, type Instance } from './instances';
import { startSlowServer, type SlowServer } from '../test/fakes/slow';
import { startFakeSmtp, type FakeSmtp } from '../test/fakes/smtp';
import { startFakeStripe, type FakeStripe } from '../test/fakes/stripe';

const { values: args } = parseArgs({ options: { part: { type: 'string', default: 'all' } } });
const part = (name: string) => args.part === 'all' || args.part === name;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-faults-'));
const ADMIN = { 'X-Admin-Key': ADMIN_KEY, 'Content-Type': 'application/json' };
let failures = 0;
const fail = (what: string) => {
  failures++;
  console.log(`  NOT OK: ${what}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on (connection refused). */
const closedPort = freePort;

/** An autocannon run; `onResponse` sees every answer (status, or 0 for a connection error). */
function cannon(options: autocannon.Options, onResponse?: (status: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) {
      instance.on('response', (_client: unknown, status: number) => onResponse(status));
      instance.on('reqError', () => onResponse(0));
    }
  });
}

/** How long a call takes. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = Date.now();
  const value = await fn();
  return { ms: Date.now() - start, value };
}

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
  return { status: res.status, body: await res.text() };
}

const messageOf = (body: string) => {
  try {
    return String((JSON.parse(body) as { error?: unknown }).error ?? body).slice(0, 110);
  } catch {
    return body.slice(0, 110);
  }
};

// --- 1. Providers ------------------------------------------------------------------------------

type Mode = 'down' | 'silent' | 'trickle' | 'garbage';

async function providers(): Promise<void> {
  console.log('\n1. Providers down, silent, trickling and answering garbage (deadlines: Stripe 11 s, OpenAI 25 s, Mailchimp 10 s; mail is queued)');
  const slow: Record<string, SlowServer> = {};
  let smtp: FakeSmtp | null = null;
  for (const mode of ['down', 'silent', 'trickle', 'garbage'] as Mode[]) {
    console.log(`\n  mode: ${mode}`);
    const origin = async (name: string): Promise<string> => {
      if (mode === 'down') return `http://127.0.0.1:${await closedPort()}`;
      slow[name] ??= await startSlowServer();
      slow[name]!.mode = mode === 'garbage' ? 'not-json' : mode;
      slow[name]!.trickleMs = 2000;
      return slow[name]!.url;
    };
    smtp ??= await startFakeSmtp();
    await smtp.setMode(mode === 'trickle' ? 'silent' : mode === 'garbage' ? 'garbage' : mode);
    const env = {
      DATABASE_URL: `sqlite:${path.join(tmp, `providers-${mode}.sqlite3`)}`,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      STRIPE_SECRET_KEY: 'sk_test_faults',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
      STRIPE_WEBHOOK_SECRET: 'whsec_faults',
      STRIPE_API_BASE: await origin('stripe'),
      MAILCHIMP_API_KEY: 'key-us1',
      MAILCHIMP_SERVER_PREFIX: 'us1',
      MAILCHIMP_AUDIENCE_ID: 'aud1',
      MAILCHIMP_API_BASE: await origin('mailchimp'),
      OPENAI_API_KEY: 'sk-faults',
      OPENAI_BASE_URL: `${await origin('openai')}/v1`,
      SMTP_URL: mode === 'down' ? `smtp://127.0.0.1:${await closedPort()}` : smtp.url,
      ADMIN_EMAILS: 'volunteer@example.org',
    };
    const app = await startInstance(env, { logDir: tmp });
    try {
      // Other visitors meanwhile: public pages under a light load.
      const background = cannon({ url: `${app.url}/projects`, connections: 8, duration: 30, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      const calls: [string, number, () => Promise<{ status: number; body: string }>][] = [
        ['donor: create-payment-intent (Stripe)', 11_000, () => call(`${app.url}/api/create-payment-intent`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ amount: 50, projectId: null }) })],
        ['visitor: subscribe (Mailchimp)', 10_000, () => call(`${app.url}/api/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `reader-${mode}@example.org`, language: 'en' }) })],
        ['volunteer: newsletter suggest (OpenAI)', 25_000, () => call(`${app.url}/api/admin/newsletter/suggest`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ selectedNews: [1] }) })],
        ['volunteer: social posts (OpenAI)', 25_000, () => call(`${app.url}/api/admin/social-media/generate`, { method: 'POST', headers: ADMIN, body: JSON.stringify({ contentType: 'project', content: { id: 1 }, platforms: ['facebook'], language: 'en' }) })],
        ['volunteer: sign-in link (SMTP)', 2_000, () => call(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'volunteer@example.org' }) })],
      ];
      const results = await Promise.all(calls.map(async ([label, deadline, fn]) => ({ label, deadline, ...(await timed(fn)) })));
      for (const r of results) {
        const clear = r.value.status >= 200 && r.value.status < 600 && r.value.status !== 500 && messageOf(r.value.body).length > 0;
        const within = r.ms <= r.deadline + 1500;
        console.log(`  ${clear && within ? 'ok' : '!!'} ${r.label.padEnd(40)} ${String(r.value.status).padStart(3)} in ${(r.ms / 1000).toFixed(1).padStart(5)} s: ${messageOf(r.value.body)}`);
        if (!clear || !within) fail(`${mode} ${r.label}`);
      }
      const bg = await background;
      console.log(`  other visitors meanwhile (/projects, 8 connections): ${bg.requests.average.toFixed(0)} req/s, p50 ${bg.latency.p50} ms, p99 ${bg.latency.p99} ms, ${bg.errors + bg.non2xx} errors`);
      if (bg.errors + bg.non2xx > 0 || bg.latency.p99 > 1000) fail(`${mode}: other visitors slowed down or failed`);
      // The sign-in mail: queued, tried in the background, never blocking anyone.
      const db = openDatabase(env.DATABASE_URL);
      try {
        await sleep(1500);
        const row = (await db('outbox').where({ toAddress: 'volunteer@example.org' }).first()) as { status: string; attempts: number; error: string | null } | undefined;
        console.log(`  sign-in mail in the queue: status ${row?.status}, ${row?.attempts} attempt(s)${row?.error ? `, last error: ${row.error.slice(0, 90)}` : ''}`);
        if (!row || row.status === 'sent') fail(`${mode}: the sign-in mail should wait for the mail server`);
      } finally {
        await db.destroy();
      }
      // Sockets left open towards a provider that misbehaves (a client that gave up must close them).
      for (const [name, s] of Object.entries(slow)) {
        if (mode !== 'down' && !(await s.waitForNoSockets(3000))) fail(`${mode}: sockets left open towards ${name}`);
        s.reset();
      }
    } finally {
      await app.stop();
    }
  }
  for (const s of Object.values(slow)) await s.close();
  await smtp?.close();
}

// --- 2. PostgreSQL restarted under load --------------------------------------------------------

async function postgresRestart(): Promise<void> {
  console.log('\n2. PostgreSQL restarted under load (two instances, 20 connections, 40 s; down for 5 s from 10 s)');
  const cluster = await startCluster({ durable: true });
  const env = { DATABASE_URL: cluster.url, UPLOAD_DIR: path.join(tmp, 'uploads-pg') };
  const a = await startInstance(env, { logDir: tmp });
  const b = await startInstance(env, { logDir: tmp });
  try {
    const t0 = Date.now();
    const failuresAt: number[] = [];
    const okAt: number[] = [];
    const load = (inst: Instance) =>
      cannon({ url: inst.url, connections: 10, duration: 40, headers: { accept: 'application/json' }, requests: [{ path: '/api/projects' }, { path: '/news' }, { path: '/de/projects' }] }, (status) =>
        (status >= 200 && status < 400 ? okAt : failuresAt).push(Date.now() - t0),
      );
    const runs = Promise.all([load(a), load(b)]);
    await sleep(10_000);
    const restartAt = Date.now() - t0;
    await cluster.restart('immediate', 5000);
    const backAt = Date.now() - t0;
    const results = await runs;
    const total = results.reduce((s, r) => s + r.requests.total, 0);
    const afterBack = failuresAt.filter((t) => t > backAt + 5000);
    const lastFailure = failuresAt.length ? Math.max(...failuresAt) : null;
    console.log(`  database down from ${(restartAt / 1000).toFixed(1)} s to ${(backAt / 1000).toFixed(1)} s; ${total} requests, ${failuresAt.length} failed (503 with Retry-After while it was down)`);
    console.log(`  last failure at ${lastFailure === null ? '-' : (lastFailure / 1000).toFixed(1) + ' s'}; failures later than 5 s after it was back: ${afterBack.length}`);
    if (afterBack.length) fail('the instances did not recover by themselves within 5 s');
    for (const inst of [a, b]) {
      const ready = await fetch(`${inst.url}/readyz`);
      console.log(`  ${inst.url}/readyz after the restart: ${ready.status}`);
      if (ready.status !== 200) fail('not ready after the restart');
    }
    // The job queue works again: a queued mail is delivered (outbox mode) by one of the instances.
    await fetch(`${a.url}/api/newsletter/subscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'after-restart@example.org', language: 'de' }) });
    const db = openDatabase(cluster.url);
    try {
      let status = '';
      for (let i = 0; i < 60 && status !== 'sent'; i++) {
        status = ((await db('outbox').where({ toAddress: 'after-restart@example.org' }).first()) as { status: string } | undefined)?.status ?? '';
        if (status !== 'sent') await sleep(500);
      }
      console.log(`  a mail queued after the restart: ${status || 'missing'}`);
      if (status !== 'sent') fail('jobs did not run again after the restart');
    } finally {
      await db.destroy();
    }
  } finally {
    await a.stop();
    await b.stop();
    cluster.stop();
  }
}

// --- 3. kill -9 during writes ------------------------------------------------------------------

async function integrity(db: Knex): Promise<string[]> {
  const problems: string[] = [];
  if (isSqlite(db)) {
    const ic = (await db.raw('pragma integrity_check')) as { integrityCheck: string }[];
    if (ic[0]?.integrityCheck !== 'ok') problems.push(`integrity_check: ${JSON.stringify(ic)}`);
    const fk = (await db.raw('pragma foreign_key_check')) as unknown[];
    if (fk.length) problems.push(`foreign_key_check: ${fk.length} rows`);
  }
  for (const m of await checkLedger(db)) problems.push(`project ${m.projectId}: raised ${m.raisedCents} != ledger ${m.ledgerCents}`);
  // Every applied donation is in the ledger once, and nothing else is.
  const applied = Number(((await db('donations').whereNotNull('appliedAt').whereNotNull('projectId').where({ currency: 'usd' }).count({ n: '*' }).first()) as { n: number | string }).n);
  const rows = Number(((await db('project_ledger').where({ kind: 'donation' }).count({ n: '*' }).first()) as { n: number | string }).n);
  if (applied !== rows) problems.push(`${applied} applied donations but ${rows} donation rows in the ledger`);
  // Every article the admins wrote has its audit entry and its revision (they commit with it).
  const written = (await db('news_articles').where('title', 'like', 'Kill round %').pluck('id')) as number[];
  for (const [table, where] of [
    ['audit_log', { entity: 'news', action: 'create' }],
    ['revisions', { entity: 'news', action: 'create' }],
  ] as const) {
    const recorded = new Set(((await db(table).where(where).select('entityId')) as { entityId: string | number }[]).map((r) => Number(r.entityId)));
    const missing = written.filter((id) => !recorded.has(id));
    if (missing.length) problems.push(`${missing.length} of ${written.length} written articles have no ${table === 'audit_log' ? 'audit entry' : 'revision'}`);
  }
  return problems;
}

async function killDuringWrites(kind: 'sqlite' | 'postgres'): Promise<void> {
  console.log(`\n3. kill -9 during admin writes and webhook deliveries, five times (${kind})`);
  const stripe: FakeStripe = await startFakeStripe();
  const cluster = kind === 'postgres' ? await startCluster({ durable: true }) : null;
  const databaseUrl = cluster ? cluster.url : `sqlite:${path.join(tmp, 'kill.sqlite3')}`;
  const port = await freePort();
  const env = { DATABASE_URL: databaseUrl, UPLOAD_DIR: path.join(tmp, `uploads-kill-${kind}`), ...stripe.env({ STRIPE_WEBHOOK_SECRET: 'whsec_kill' }) };
  stripe.webhook = { url: `http://127.0.0.1:${port}/api/stripe/webhook`, secret: 'whsec_kill' };
  const sent = new Map<string, { projectId: number; amount: number }>();
  try {
    for (let round = 1; round <= 5; round++) {
      const app = await startInstance(env, { port, logDir: tmp });
      const projects = (await (await fetch(`${app.url}/api/projects`)).json()) as { id: number; slug: string; raisedAmount: string }[];
      let stop = false;
      let writes = 0;
      const worker = async (n: number) => {
        while (!stop) {
          const p = projects[(n + writes) % projects.length]!;
          try {
            if (n % 3 === 0) {
              // A webhook for a new succeeded payment, as Stripe sends it.
              const amount = 100 + Math.floor(Math.random() * 9900);
              const intent = stripe.addIntent({ amount, status: 'succeeded', metadata: { projectId: String(p.id), language: 'en' } });
              sent.set(intent.id, { projectId: p.id, amount });
              await stripe.deliver('payment_intent.succeeded', intent);
            } else if (n % 3 === 1) {
              // An admin saves a project: a new description, sometimes a manual adjustment.
              const current = (await (await fetch(`${app.url}/api/admin/projects/${p.id}`, { headers: ADMIN })).json()) as Record<string, unknown>;
              const raised = Number(current.raisedAmount);
              const adjust = writes % 5 === 0 ? 10 : 0;
              await fetch(`${app.url}/api/admin/projects/${p.id}`, { method: 'PUT', headers: ADMIN, body: JSON.stringify({ ...current, description: `${String(current.description).slice(0, 200)} (${round}.${writes})`, raisedAmountBase: raised.toFixed(2), raisedAmount: (raised + adjust).toFixed(2) }) });
            } else {
              await fetch(`${app.url}/api/admin/news`, {
                method: 'POST',
                headers: ADMIN,
                body: JSON.stringify({ title: `Kill round ${round} write ${writes}`, titleDe: `Runde ${round} ${writes}`, abstract: 'a', abstractDe: 'b', content: 'c', contentDe: 'd', imageUrl: '/images/logo.svg', projectId: p.id }),
              });
            }
          } catch {
            // the server died under us: that is the point
          }
          writes++;
        }
      };
      const workers = Array.from({ length: 9 }, (_, n) => worker(n));
      await sleep(1000 + Math.random() * 2000);
      app.child.kill('SIGKILL');
      await app.exited;
      stop = true;
      await Promise.all(workers);
      // Back up on the same database: checks, then Stripe's redeliveries of every event.
      const again = await startInstance(env, { port, logDir: tmp });
      const db = openDatabase(databaseUrl);
      try {
        const before = await integrity(db);
        for (const [id] of sent) await stripe.deliver('payment_intent.succeeded', stripe.intents.get(id)!);
        const after = await integrity(db);
        // Every payment counted exactly once: per project, the donation rows of the ledger equal what was paid.
        const paid = new Map<number, number>();
        for (const s of sent.values()) paid.set(s.projectId, (paid.get(s.projectId) ?? 0) + s.amount);
        const booked = (await db('project_ledger').where({ kind: 'donation' }).groupBy('projectId').select('projectId').sum({ cents: 'amountCents' })) as { projectId: number; cents: number | string }[];
        const mismatches = [...paid].filter(([pid, cents]) => Number(booked.find((b) => Number(b.projectId) === pid)?.cents ?? 0) !== cents);
        const ok = before.length === 0 && after.length === 0 && mismatches.length === 0;
        console.log(`  round ${round}: killed after ${writes} writes; ${sent.size} payments so far; after restart: ${before.length ? before.join('; ') : 'clean'}; after redelivery: ${after.length || mismatches.length ? [...after, ...mismatches.map(([p]) => `project ${p} donations differ`)].join('; ') : 'every payment counted once, every total equals its ledger'}`);
        if (!ok) fail(`kill round ${round} (${kind})`);
      } finally {
        await db.destroy();
        await again.stop();
      }
    }
  } finally {
    await stripe.close();
    cluster?.stop();
  }
}

try {
  if (part('providers')) await providers();
  if (part('postgres')) await postgresRestart();
  if (part('kill')) {
    await killDuringWrites('sqlite');
    await killDuringWrites('postgres');
  }
  console.log(failures ? `\n${failures} problem(s): see NOT OK above` : '\nOK: every fault ended with a clear answer in time, and the data checked clean');
  process.exitCode = failures ? 1 : 0;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
