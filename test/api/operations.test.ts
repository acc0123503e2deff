// The compiled server as production runs it (`node dist/server.js`, after `npm run build`):
// graceful shutdown on SIGTERM and the request log it writes to stdout.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { freePort } from '../../scripts/pg-cluster';
import { freshDatabase, until } from '../helpers';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(root, 'dist', 'server.js');

interface Spawned {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  exited: Promise<{ code: number | null; at: number }>;
  /** The database the server uses, opened from the test (to break it on purpose). */
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

/** Starts dist/server.js on a fresh database (a SQLite file, or a PostgreSQL schema) and waits until /healthz answers. */
async function spawnServer(extraEnv: Record<string, string | undefined> = {}): Promise<Spawned> {
  const port = await freePort();
  const fresh = await freshDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-ops-'));
  const dbEnv = fresh.env.DATABASE_URL === 'sqlite::memory:' ? { DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite3')}` } : fresh.env;
  const env = Object.fromEntries(
    Object.entries({ PATH: process.env.PATH ?? '', PORT: String(port), LOG_LEVEL: 'info', UPLOAD_DIR: path.join(dir, 'uploads'), ...dbEnv, ...extraEnv }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  );
  const child = spawn(process.execPath, [SERVER], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  let up = false;
  child.on('exit', () => {
    if (!up) out += `\n[exited before it was up] ${err}`;
  });
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`server exited: ${err}${out}`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    } catch {
      return false;
    }
  }, 'the server to answer /healthz', 30_000);
  up = true;
  return {
    child,
    port,
    stdout: () => out,
    exited,
    env: dbEnv,
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function openDb(env: Record<string, string>): Knex {
  const url = env.DATABASE_URL!;
  if (url.startsWith('sqlite:')) return knexFactory({ client: 'sqlite3', connection: { filename: url.slice(7) }, useNullAsDefault: true });
  return knexFactory({ client: 'pg', connection: url, searchPath: env.DATABASE_SCHEMA ? [env.DATABASE_SCHEMA] : undefined, pool: { min: 0, max: 1 } });
}

const connect = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });

/** Reads everything the server sends until it closes the connection. */
const readAll = (s: net.Socket) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    s.setEncoding('latin1');
    s.on('data', (d: string) => (data += d));
    s.on('end', () => resolve(data));
    s.on('error', reject);
  });

/** The log lines (JSON) the server wrote to stdout. */
const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);

describe('graceful shutdown of the compiled server', () => {
  test('SIGTERM: a request in flight finishes completely, idle keep-alive connections close, new connections are refused, exit 0', { timeout: 30_000 }, async () => {
    const srv = await spawnServer();
    try {
      // A keep-alive connection that finished its request and sits idle.
      const idle = await connect(srv.port);
      const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
      idle.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await new Promise((resolve) => idle.once('data', resolve));

      // A request whose headers are half sent when the signal comes.
      const busy = await connect(srv.port);
      const response = readAll(busy);
      busy.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n');
      await new Promise((r) => setTimeout(r, 200));

      const signalledAt = Date.now();
      srv.child.kill('SIGTERM');
      // Without a working shutdown the test fails instead of waiting for ever.
      const guard = setTimeout(() => srv.child.kill('SIGKILL'), 20_000).unref();
      await until(() => srv.stdout().includes('shutting down'), 'the shutdown to start', 5_000);
      await idleClosed;
      await assert.rejects(connect(srv.port), (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED', 'a new connection after SIGTERM is refused');

      busy.write('User-Agent: slow-client\r\n\r\n');
      const raw = await response;
      const [head, body] = [raw.slice(0, raw.indexOf('\r\n\r\n')), raw.slice(raw.indexOf('\r\n\r\n') + 4)];
      assert.match(head, /^HTTP\/1\.1 200 OK/);
      assert.match(head, /\r\nconnection: close/i, 'the connection closes after the response');
      const length = /\r\ncontent-length: (\d+)/i.exec(head);
      if (length) assert.equal(Buffer.byteLength(body, 'latin1'), Number(length[1]), 'the whole body arrived');
      else assert.match(head, /transfer-encoding: chunked/i);
      assert.ok(body.includes('</html>') || /\r\n0\r\n\r\n$/.test(raw), 'the page is complete');

      const { code, at } = await srv.exited;
      assert.equal(code, 0, srv.stdout());
      clearTimeout(guard);
      assert.ok(at - signalledAt < 10_000, `exited ${at - signalledAt} ms after SIGTERM`);
      const lines = logLines(srv.stdout());
      assert.ok(lines.some((l) => l.msg === 'stopped'));
      assert.ok(lines.some((l) => l.req?.url === '/about' && l.res?.statusCode === 200), 'the finished request was logged');
    } finally {
      await srv.cleanup();
    }
  });

  test('a request that never finishes does not hold the process: exit 1 after 10 s, with a log line saying why', { timeout: 30_000 }, async () => {
    const srv = await spawnServer();
    try {
      const stuck = await connect(srv.port);
      stuck.on('error', () => undefined);
      stuck.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await new Promise((r) => setTimeout(r, 200));
      const signalledAt = Date.now();
      srv.child.kill('SIGTERM');
      const guard = setTimeout(() => srv.child.kill('SIGKILL'), 20_000).unref();
      const { code, at } = await srv.exited;
      clearTimeout(guard);
      assert.equal(code, 1);
      const took = at - signalledAt;
      assert.ok(took >= 9_500 && took < 13_000, `exited ${took} ms after SIGTERM`);
      assert.ok(logLines(srv.stdout()).some((l) => l.level === 50 && /longer than 10 s/.test(l.msg)), srv.stdout());
      stuck.destroy();
    } finally {
      await srv.cleanup();
    }
  });
});

describe('request log of the compiled server', () => {
  let srv: Spawned;
  let lines: Record<string, any>[];
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${srv.port}${p}`, { headers });

  before(async () => {
    srv = await spawnServer();
    await (await get('/healthz')).text();
    await (await get('/readyz')).text();
    await (await get('/newsletter/confirm?token=SECRET-TOKEN-123', { 'X-Request-Id': 'ops-test-1' })).text();
    await (await get('/images/logo.svg')).arrayBuffer();
    await (await get('/api/projects?limit=2', { 'X-Request-Id': 'bad id with spaces' })).text();
    // Break the database under the running server, then ask for a page that reads the table.
    const db = openDb(srv.env);
    await db.schema.renameTable('team_members', 'team_members_gone');
    const failed = await get('/api/team', { 'X-Request-Id': 'ops-test-err' });
    assert.equal(failed.status, 500);
    await db.schema.renameTable('team_members_gone', 'team_members');
    await db.destroy();
    srv.child.kill('SIGTERM');
    await srv.exited;
    lines = logLines(srv.stdout());
  });
  after(() => srv.cleanup());

  test('one info line per request with id, method, path, status and duration; the query string (one-time tokens) never', () => {
    const line = lines.find((l) => l.reqId === 'ops-test-1');
    assert.ok(line, srv.stdout());
    assert.equal(line.level, 30);
    assert.deepEqual(line.req, { method: 'GET', url: '/newsletter/confirm' });
    assert.equal(typeof line.res.statusCode, 'number');
    assert.equal(typeof line.responseTime, 'number');
    assert.equal(lines.filter((l) => l.reqId === 'ops-test-1').length, 1);
    assert.ok(!srv.stdout().includes('SECRET-TOKEN-123'), 'the token is not logged');
    assert.ok(!srv.stdout().includes('limit=2'), 'no query strings at all');
    assert.ok(!/cookie|user-agent/i.test(srv.stdout()), 'no headers');
  });

  test('an unusable incoming id is replaced by a UUID', () => {
    const line = lines.find((l) => l.req?.url === '/api/projects');
    assert.match(line?.reqId ?? '', /^[0-9a-f-]{36}$/);
  });

  test('health checks and static files are not logged at info', () => {
    assert.ok(!lines.some((l) => /^\/(healthz|readyz|images\/)/.test(l.req?.url ?? '')), srv.stdout());
  });

  test('a server error is logged with the request id of the request that failed', () => {
    const error = lines.find((l) => l.msg === 'request failed');
    assert.ok(error, srv.stdout());
    assert.equal(error.level, 50);
    assert.equal(error.reqId, 'ops-test-err');
    assert.equal(error.url, '/api/team');
    assert.ok(error.err?.stack, 'with the stack');
    const summary = lines.find((l) => l.reqId === 'ops-test-err' && l.req);
    assert.equal(summary?.res.statusCode, 500);
  });
});

test('tests stay silent: NODE_ENV=test without LOG_LEVEL logs nothing', async () => {
  const srv = await spawnServer({ NODE_ENV: 'test', LOG_LEVEL: undefined });
  try {
    await (await fetch(`http://127.0.0.1:${srv.port}/about`)).text();
    srv.child.kill('SIGTERM');
    const { code } = await srv.exited;
    assert.equal(code, 0);
    assert.equal(srv.stdout(), '');
  } finally {
    await srv.cleanup();
  }
});
