import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../app';
import { localizePath } from '../../models/shared/urls';
import { PAGES } from '../../controllers/pages';
import { openDatabase } from '../../db/connection';
import { startInstance, type Instance } from '../../scripts/instances';
import { freshDatabase } from '../helpers';

const root = path.resolve(import.meta.dirname, '../..');
// What `npm start` runs after its build: the compiled server (npm test builds it first).
const SERVER = path.join(root, 'dist', 'server.js');

function run(env: Record<string, string>, untilOutput?: RegExp): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (untilOutput?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('bad configuration stops the start with one line naming the variable', async () => {
  const r = await run({ PORT: 'not-a-port', DATABASE_URL: 'sqlite::memory:' });
  assert.equal(r.code, 1);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0]!, /PORT/);
});

test('a port in use stops the start with one line, and the server never says it is running', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, () => resolve()));
  try {
    const r = await run({ PORT: String((taken.address() as net.AddressInfo).port), DATABASE_URL: 'sqlite::memory:' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Cannot listen on port \d+/);
    assert.doesNotMatch(r.stdout, /is running at/);
  } finally {
    taken.close();
  }
});

test('npm start without any environment listens on PORT and serves the home page', async () => {
  // Below the ephemeral ports (32768-60999 on Linux), which the other test files' servers and
  // connections take: a port in use there stopped this server (and, before the fix in app.ts, it
  // still said it was running).
  const port = String(20000 + Math.floor(Math.random() * 12000));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-start-'));
  let body = '';
  const statuses: string[] = [];
  const r = await new Promise<{ code: number | null }>((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: port, DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite3')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', async (d: Buffer) => {
      if (d.toString().includes('is running at') && !body) {
        body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
        // Every page of the route table and the admin's, in both languages, from the compiled server: a module
        // that loads under tsx but not under Node's own loader fails here, not in production.
        for (const path of [...PAGES.map((r) => r.path), '/admin-login', '/admin', '/admin/projects']) {
          const p = path.replace(':slug', 'no-such-item');
          for (const url of [p, localizePath(p, 'de')]) {
            const res = await fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual' });
            statuses.push(`${url} ${res.status}`);
          }
        }
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => resolve({ code }));
  });
  assert.ok(body.includes('Support Our Mission'), 'home page served');
  assert.deepEqual(statuses.filter((s) => !/ (200|303|404)$/.test(s)), [], 'every page answers');
  assert.equal(r.code, 0, 'stops cleanly on SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the first start creates, migrates and seeds the SQLite file; later starts keep the data', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-db-'));
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${path.join(dir, 'nested', 'site.sqlite3')}` };
  const first = await createApp({ env });
  const count = Number((await first.deps.db('projects').count({ n: '*' }).first())!.n);
  assert.ok(count >= 8);
  await first.deps.db('projects').where({ slug: 'nook-vocational-training-center' }).update({ title: 'Edited by a volunteer' });
  await first.deps.db('projects').where({ slug: 'nook-solar-power' }).delete();
  const secret = (await first.deps.db('app_settings').where({ key: 'session_secret' }).first()).value;
  await first.close();

  const second = await createApp({ env });
  const again = Number((await second.deps.db('projects').count({ n: '*' }).first())!.n);
  assert.equal(again, count - 1, 'no re-seeding over existing data');
  const edited = await second.deps.db('projects').where({ slug: 'nook-vocational-training-center' }).first();
  assert.equal(edited.title, 'Edited by a volunteer');
  assert.equal((await second.deps.db('app_settings').where({ key: 'session_secret' }).first()).value, secret, 'the generated session secret is kept');
  await second.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the project runs on Node.js 24 or newer (its own node package when the system has an older one)', () => {
  const major = Number(process.versions.node.split('.')[0]);
  assert.ok(major >= 24, `running on Node.js ${process.versions.node}`);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
  assert.equal(pkg.engines.node, '>=24');
});

test('instances started together on an empty database all come up; the first migrates and seeds, the others find it done', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-together-'));
  const fresh = await freshDatabase();
  const databaseUrl = fresh.env.DATABASE_URL === 'sqlite::memory:' ? `sqlite:${path.join(dir, 'site.sqlite3')}` : fresh.env.DATABASE_URL!;
  const started: Instance[] = [];
  const db = openDatabase(databaseUrl);
  try {
    // Three at the very same moment, as an orchestrator starts a deployment.
    const results = await Promise.allSettled([0, 1, 2].map(() => startInstance({ DATABASE_URL: databaseUrl, UPLOAD_DIR: path.join(dir, 'uploads') }, { logDir: dir })));
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message).slice(0, 600)] : []));
    assert.deepEqual(failures, [], 'every instance started');
    for (const i of started) assert.equal((await fetch(`${i.url}/readyz`)).status, 200);
    // Seeded once: no slug, page, member, shipped picture or glossary term twice.
    const twice = async (table: string, column: string) =>
      ((await db(table).select(column).count({ n: '*' }).groupBy(column).havingRaw('count(*) > 1')) as unknown[]).length;
    assert.equal(await twice('projects', 'slug'), 0);
    assert.equal(await twice('news_articles', 'slug'), 0);
    assert.equal(await twice('team_members', 'name'), 0);
    assert.equal(await twice('media_items', 'fileName'), 0);
    assert.equal(await twice('project_ledger', 'projectId'), 0, 'one opening row per project');
    assert.ok(Number((await db('projects').count({ n: '*' }).first())!.n) >= 8);
    assert.equal(Number((await db('app_settings').where({ key: 'session_secret' }).count({ n: '*' }).first())!.n) <= 1, true);
  } finally {
    for (const i of started) await i.stop();
    await db.destroy();
    await fresh.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
