// npm run backup / npm run restore as the operator runs them (child processes reading the
// environment), on SQLite (a database file) and on PostgreSQL (the test app's schema).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createApp, type AppHandle } from '../../app';
import { freshDatabase, ON_POSTGRES, TEST_ENV } from '../helpers';

const root = path.resolve(import.meta.dirname, '../..');

interface Site {
  env: Record<string, string>;
  dir: string;
  /** Runs fn on the site's tables as they are stored (snake_case, no mapping), then closes the connection. */
  raw: <T>(fn: (k: Knex) => Promise<T>) => Promise<T>;
  open: () => Promise<AppHandle>;
  drop: () => Promise<void>;
}

/** A fresh database for one site: a SQLite file, or a PostgreSQL database with the site in a schema. */
async function newSite(): Promise<Site> {
  const fresh = await freshDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-backup-'));
  // On PostgreSQL the site keeps its tables in a schema of its own (DATABASE_SCHEMA), inside a fresh database.
  const pg = { ...fresh.env, DATABASE_SCHEMA: `site_${path.basename(dir).replace(/\W/g, '').toLowerCase().slice(-8)}` };
  const env: Record<string, string> = { ...TEST_ENV, ...(ON_POSTGRES ? pg : { DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite3')}` }), UPLOAD_DIR: path.join(dir, 'uploads') };
  const raw = async <T>(fn: (k: Knex) => Promise<T>): Promise<T> => {
    const k = env.DATABASE_URL!.startsWith('sqlite:')
      ? knexFactory({ client: 'sqlite3', connection: { filename: env.DATABASE_URL!.slice(7) }, useNullAsDefault: true, pool: { min: 1, max: 1 } })
      : knexFactory({ client: 'pg', connection: env.DATABASE_URL!, searchPath: [env.DATABASE_SCHEMA!], pool: { min: 0, max: 1 } });
    try {
      return await fn(k);
    } finally {
      await k.destroy();
    }
  };
  return {
    env,
    dir,
    raw,
    // No job worker: a backup is compared row by row, and the queue would move under it.
    open: () => createApp({ env, worker: false }),
    drop: async () => {
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', `${name}.ts`), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function tables(k: Knex): Promise<string[]> {
  if (k.client.config.client === 'sqlite3') {
    const rows = await k.raw<{ name: string }[]>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name");
    return rows.map((r) => r.name);
  }
  const rows = await k('information_schema.tables').where({ table_schema: k.client.config.searchPath[0] }).orderBy('table_name').select<{ table_name: string }[]>('table_name');
  return rows.map((r) => r.table_name);
}

/** Every row of every table, in a fixed order: "the content is back exactly". */
async function snapshot(k: Knex): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of await tables(k)) out[t] = await k(t).select('*').orderByRaw('1');
  return out;
}

describe('backup and restore', () => {
  test('content changed or deleted after a backup is back exactly after the restore; the backup was taken while the site ran', async () => {
    const site = await newSite();
    try {
      let app = await site.open();
      const db = app.deps.db;
      const [{ id: projectId }] = await db('projects').insert({ slug: 'backup-well', title: 'A new well', titleDe: 'Ein neuer Brunnen', description: 'd', descriptionDe: 'd', imageUrl: '/images/x.svg', raisedCents: 12345 }).returning('id');
      await db('donations').insert({ paymentIntentId: 'pi_backup_1', amountCents: 5000, projectId, status: 'succeeded' });
      await db('news_articles').where({ id: (await db('news_articles').first('id')).id }).update({ title: 'Edited before the backup' });
      const jobs = `${site.env.DATABASE_SCHEMA}_jobs`;
      if (ON_POSTGRES) {
        // The job queue's schema is backed up with the site's (graphile-worker's tables live there).
        await db.raw('create schema if not exists ??', [jobs]);
        await db.raw('create table ??.ops_marker (id int primary key, note text)', [jobs]);
        await db.raw("insert into ??.ops_marker values (1, 'queued before the backup')", [jobs]);
      }
      const before = await site.raw(snapshot);

      const file = path.join(site.dir, 'nested', 'site-backup');
      const backup = await script('backup', [file], site.env);
      assert.equal(backup.code, 0, backup.stderr);
      assert.ok(backup.stdout.includes(file), backup.stdout);
      assert.match(backup.stdout, /\(\d+(\.\d)? (bytes|KB|MB)\)/, 'prints the size');
      assert.match(backup.stdout, /UPLOAD_DIR/, 'reminds of the uploaded files');
      assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'personal data: readable by the owner only');

      await db('projects').where({ id: projectId }).update({ title: 'Changed after the backup', raisedCents: 1 });
      await db('donations').where({ paymentIntentId: 'pi_backup_1' }).delete();
      await db('news_articles').where({ slug: (await db('news_articles').orderBy('id', 'desc').first('slug')).slug }).delete();
      await db('projects').insert({ slug: 'after-backup', title: 'Later', titleDe: 'Später', description: 'd', descriptionDe: 'd', imageUrl: '/images/x.svg' });
      // As if an upgrade had run a new migration: the restore must leave no trace of it.
      await db.schema.createTable('added_after_backup', (t) => t.increments('id'));
      if (ON_POSTGRES) await db.raw("update ??.ops_marker set note = 'changed'", [jobs]);
      assert.notDeepEqual(await site.raw(snapshot), before);
      await app.close();

      const refused = await script('restore', [file], site.env);
      assert.equal(refused.code, 2, 'no terminal to ask on: --yes is required');
      assert.match(refused.stderr, /--yes/);

      const restore = await script('restore', [file, '--yes'], site.env);
      assert.equal(restore.code, 0, restore.stderr + restore.stdout);
      assert.match(restore.stdout, /Restored/);
      assert.deepEqual(await site.raw(snapshot), before);
      assert.ok(!(await site.raw(tables)).includes('added_after_backup'));
      if (ON_POSTGRES) {
        const marker = await site.raw((k) => k.raw('select note from ??.ops_marker', [jobs]));
        assert.equal(marker.rows[0].note, 'queued before the backup');
        const schemas = await site.raw((k) => k('pg_catalog.pg_namespace').where('nspname', 'like', `${site.env.DATABASE_SCHEMA}%`).pluck('nspname'));
        assert.deepEqual(schemas.sort(), [site.env.DATABASE_SCHEMA, jobs].sort(), 'no schema left aside');
      } else {
        const kept = fs.readdirSync(site.dir).filter((f) => f.startsWith('site.sqlite3.before-restore-'));
        assert.equal(kept.length, 1, 'the replaced database is kept');
        assert.ok(!fs.existsSync(path.join(site.dir, 'site.sqlite3-wal')) || fs.statSync(path.join(site.dir, 'site.sqlite3-wal')).size === 0);
      }

      // The restored database is a working site again: ids continue after the restored ones.
      app = await site.open();
      const [{ id: next }] = await app.deps.db('projects').insert({ slug: 'after-restore', title: 'x', titleDe: 'x', description: 'd', descriptionDe: 'd', imageUrl: '/images/x.svg' }).returning('id');
      assert.ok(next > projectId);
      assert.equal((await app.deps.db('projects').where({ id: projectId }).first()).title, 'A new well');
      await app.close();
    } finally {
      await site.drop();
    }
  });

  test('a backup taken while donations are being written restores to a consistent database', async () => {
    const site = await newSite();
    try {
      const app = await site.open();
      const db = app.deps.db;
      let written = 0;
      let stop = false;
      let failure: unknown = null;
      // Each transaction writes a project and a donation for it: a torn copy would have one without the other.
      const writer = (async () => {
        while (!stop) {
          const n = written + 1;
          await db.transaction(async (trx) => {
            const [{ id }] = await trx('projects').insert({ slug: `load-${n}`, title: `Load ${n}`, titleDe: `Last ${n}`, description: 'd', descriptionDe: 'd', imageUrl: '/images/x.svg', raisedCents: n }).returning('id');
            await trx('donations').insert({ paymentIntentId: `pi_load_${n}`, amountCents: n, projectId: id, status: 'succeeded' });
          });
          written = n;
        }
      })().catch((err: unknown) => {
        failure = err;
      });
      while (written < 5 && !failure) await new Promise((r) => setTimeout(r, 10));
      const file = path.join(site.dir, 'during-writes');
      const startedAt = written;
      const backup = await script('backup', [file], site.env);
      const endedAt = written;
      stop = true;
      await writer;
      assert.equal(failure, null, 'the site kept writing during the backup');
      assert.equal(backup.code, 0, backup.stderr);
      assert.ok(endedAt > startedAt, `writes went on during the backup (${startedAt} -> ${endedAt})`);
      await app.close();

      const restore = await script('restore', [file, '--yes'], site.env);
      assert.equal(restore.code, 0, restore.stderr);
      const { projects, donations, integrity, foreignKeys } = await site.raw(async (k) => ({
        projects: await k('projects').where('slug', 'like', 'load-%').select('id', 'slug'),
        donations: await k('donations').where('payment_intent_id', 'like', 'pi_load_%').select('project_id', 'payment_intent_id'),
        integrity: ON_POSTGRES ? null : await k.raw('PRAGMA integrity_check'),
        foreignKeys: ON_POSTGRES ? null : await k.raw('PRAGMA foreign_key_check'),
      }));
      assert.ok(projects.length >= startedAt && projects.length <= endedAt, `${projects.length} pairs restored`);
      assert.equal(donations.length, projects.length, 'every project of a pair has its donation');
      const byId = new Map(projects.map((p) => [p.id, p.slug]));
      for (const d of donations) assert.equal(byId.get(d.project_id), `load-${d.payment_intent_id.slice('pi_load_'.length)}`, "every donation's project exists");
      if (!ON_POSTGRES) {
        assert.deepEqual(integrity, [{ integrity_check: 'ok' }]);
        assert.deepEqual(foreignKeys, []);
      }
    } finally {
      await site.drop();
    }
  });
});

describe('backup and restore refuse what would lose data', () => {
  let site: Site;
  let app: AppHandle;
  before(async () => {
    site = await newSite();
    app = await site.open();
  });
  after(async () => {
    await app.close();
    await site.drop();
  });

  test('no backup over an existing file; no restore from a missing or foreign file; the database is unchanged', async () => {
    const existing = path.join(site.dir, 'existing');
    fs.writeFileSync(existing, 'keep me');
    const over = await script('backup', [existing], site.env);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /already exists/);
    assert.equal(fs.readFileSync(existing, 'utf8'), 'keep me');

    const count = async () => Number((await app.deps.db('projects').count({ n: '*' }).first())!.n);
    const projects = await count();
    const missing = await script('restore', [path.join(site.dir, 'nope'), '--yes'], site.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No backup file/);
    const foreign = await script('restore', [existing, '--yes'], site.env);
    assert.equal(foreign.code, 1);
    assert.match(foreign.stderr, ON_POSTGRES ? /not a pg_dump archive/ : /not a SQLite database/);
    assert.equal(await count(), projects);
  });

  test('a damaged backup is refused, or on PostgreSQL fails inside one transaction: the database is as it was', async () => {
    const file = path.join(site.dir, 'whole');
    assert.equal((await script('backup', [file], site.env)).code, 0);
    const damaged = path.join(site.dir, 'damaged');
    // Cut off at the end: the header and table of contents are intact (the archive lists fine),
    // the last data is missing.
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.97)));
    await app.deps.db('projects').update({ titleDe: 'Nach der Sicherung' });
    const r = await script('restore', [damaged, '--yes'], site.env);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, ON_POSTGRES ? /pg_restore failed, the database is as it was/ : /is damaged/);
    assert.ok(!/\n\s+at /.test(r.stderr), 'a message, not a stack trace');
    const titles = await app.deps.db('projects').distinct('titleDe');
    assert.deepEqual(titles.map((t: { titleDe: string }) => t.titleDe), ['Nach der Sicherung']);
    if (ON_POSTGRES) {
      const schemas = await app.deps.db('pg_catalog.pg_namespace').where('nspname', 'like', `${site.env.DATABASE_SCHEMA}%`).pluck('nspname');
      // The site's schema and its job queue's, nothing left aside.
      assert.deepEqual(schemas.sort(), [site.env.DATABASE_SCHEMA, `${site.env.DATABASE_SCHEMA}_jobs`]);
    }
  });

  test('without a file name the backup goes to backups/<db>-<yyyymmdd-hhmmss>', async () => {
    const r = await script('backup', [], site.env);
    assert.equal(r.code, 0, r.stderr);
    const m = /Wrote (backups\/[^ ]+-\d{8}-\d{6}\.(sqlite3|dump)) /.exec(r.stdout);
    assert.ok(m, r.stdout);
    assert.equal(m[2], ON_POSTGRES ? 'dump' : 'sqlite3');
    const file = path.join(root, m[1]!);
    assert.ok(fs.statSync(file).size > 0);
    fs.rmSync(file);
    if (fs.readdirSync(path.dirname(file)).length === 0) fs.rmdirSync(path.dirname(file));
  });

  test('SQLite: no restore while the site has the database open', { skip: ON_POSTGRES }, async () => {
    const backup = await script('backup', [path.join(site.dir, 'open.sqlite3')], site.env);
    assert.equal(backup.code, 0, backup.stderr);
    await app.deps.db('projects').update({ title: 'Written after the backup' });
    const r = await script('restore', [path.join(site.dir, 'open.sqlite3'), '--yes'], site.env);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /in use .*stop/);
    const titles = await app.deps.db('projects').distinct('title').pluck('title');
    assert.deepEqual(titles, ['Written after the backup'], 'the running site keeps its data');
  });

  test('PostgreSQL: a backup restores only into the schema it was taken from', { skip: !ON_POSTGRES }, async () => {
    const other = await newSite();
    try {
      const otherApp = await other.open();
      await otherApp.close();
      const file = path.join(site.dir, 'other.dump');
      assert.equal((await script('backup', [file], other.env)).code, 0);
      const r = await script('restore', [file, '--yes'], site.env);
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`holds the schemas? ${other.env.DATABASE_SCHEMA}(, ${other.env.DATABASE_SCHEMA}_jobs)?, not ${site.env.DATABASE_SCHEMA}`));
    } finally {
      await other.drop();
    }
  });

  test('PostgreSQL: without pg_dump on PATH a clear message', { skip: !ON_POSTGRES }, async () => {
    const r = await script('backup', [path.join(site.dir, 'x.dump')], { ...site.env, PATH: '/nonexistent' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /pg_dump not found on PATH/);
  });
});
