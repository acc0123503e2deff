// Backups of the site's database and their restore (npm run backup / npm run restore).
//
// SQLite: `VACUUM INTO` on a read-only connection gives a consistent copy of a database in use
// (the site keeps writing: WAL mode); restore refuses while another process has the file open,
// swaps the file in by rename and keeps the previous one.
// PostgreSQL: pg_dump (one snapshot, so consistent) of the site's schema and its job queue's
// schema; restore moves the current schemas aside, runs pg_restore in one transaction and drops
// them only when it succeeded (a failed restore puts them back).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import sqlite3 from 'sqlite3';

/** What a backup needs of the site's configuration (config.ts's Config has these). */
export interface BackupConfig {
  databaseUrl: string;
  /** PostgreSQL only: the schema of the app's tables. */
  databaseSchema: string | undefined;
  uploadDir: string;
}

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  /** What was backed up: the SQLite file, or the PostgreSQL database and schemas. */
  source: string;
}

export interface RestoreResult {
  /** What was replaced: the SQLite file, or the PostgreSQL database and schemas. */
  target: string;
  /** SQLite: where the database that was replaced is kept. */
  previous?: string;
}

const isSqliteUrl = (url: string) => url.startsWith('sqlite:');

function sqliteFile(config: BackupConfig): string {
  const file = config.databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:' || file === '') throw new BackupError('DATABASE_URL is an in-memory SQLite database: there is nothing to back up or restore');
  return path.resolve(file);
}

/** The site's schema and its job queue's schema on PostgreSQL. */
function pgSchemas(config: BackupConfig): { app: string; jobs: string } {
  const app = config.databaseSchema ?? 'public';
  return { app, jobs: config.databaseSchema ? `${config.databaseSchema}_jobs` : 'graphile_worker' };
}

/** libpq gets the URL without its password (visible in the process list) and the password through PGPASSWORD. */
function pgConnection(databaseUrl: string): { url: string; database: string; env: Record<string, string> } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres';
  return { url: u.toString(), database, env: { ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: '10', PGAPPNAME: 'charity-backup' } };
}

function stamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
}

/** <dir>/<db>-<yyyymmdd-hhmmss>.sqlite3 or .dump (local time). */
export function defaultBackupFile(config: BackupConfig, dir: string, now = new Date()): string {
  if (isSqliteUrl(config.databaseUrl)) {
    const name = path.basename(sqliteFile(config)).replace(/\.(sqlite3?|db)$/, '');
    return path.join(dir, `${name}-${stamp(now)}.sqlite3`);
  }
  const { database } = pgConnection(config.databaseUrl);
  const label = config.databaseSchema ? `${database}-${config.databaseSchema}` : database;
  return path.join(dir, `${label.replace(/[^A-Za-z0-9._-]/g, '_')}-${stamp(now)}.dump`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/** The reminder both scripts print: uploads live outside the database. */
export function uploadsReminder(config: BackupConfig): string {
  return (
    `Uploaded files are not in the database: back up UPLOAD_DIR (${config.uploadDir}) as well, ` +
    `e.g. with rsync or restic; with S3 storage (S3_BUCKET) keep versioning switched on for the bucket.`
  );
}

/** An executable on PATH (pg_dump, pg_restore), or null. */
export function findProgram(name: string, pathEnv: string | undefined): string | null {
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function requireProgram(name: string, pathEnv: string | undefined): string {
  const found = findProgram(name, pathEnv);
  if (!found) {
    throw new BackupError(
      `${name} not found on PATH: install PostgreSQL's client programs in the server's major version ` +
        `(Debian/Ubuntu: apt-get install postgresql-client-<version>, or the PGDG packages for a newer one)`,
    );
  }
  return found;
}

type Env = Record<string, string | undefined>;

function run(program: string, args: string[], env: Env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// --- SQLite through the driver itself: a read-only connection, no migrations, no pragmas of the app.

function openSqlite(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, mode, (err) => (err ? reject(err) : resolve(db)));
  });
}
function sqliteAll<T>(db: sqlite3.Database, sql: string, params: unknown[] = []): Promise<T[]> {
  return new Promise((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
}
function closeSqlite(db: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => db.close(() => resolve()));
}

/** Opens a file that should be a backup of this site: an intact SQLite database with our migrations table. */
async function checkSqliteBackup(file: string): Promise<void> {
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.toString('latin1') !== 'SQLite format 3\0') throw new BackupError(`${file} is not a SQLite database`);
  const db = await openSqlite(file, sqlite3.OPEN_READONLY);
  try {
    const check = await sqliteAll<{ integrity_check: string }>(db, 'PRAGMA integrity_check');
    if (check.length !== 1 || check[0]!.integrity_check !== 'ok') {
      throw new BackupError(`${file} is damaged: ${check.map((r) => r.integrity_check).slice(0, 3).join('; ')}`);
    }
    const tables = await sqliteAll(db, "select name from sqlite_master where type = 'table' and name = 'knex_migrations'");
    if (tables.length === 0) throw new BackupError(`${file} is not a backup of this site (no knex_migrations table)`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is damaged: ${(err as Error).message}`);
  } finally {
    await closeSqlite(db);
  }
}

/** Gives `tmp` the name `file` unless `file` exists (a link cannot overwrite), then drops the temporary name. */
function publish(tmp: string, file: string): void {
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${file} already exists: choose another name`);
    throw err;
  }
  fs.rmSync(tmp, { force: true });
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function backupSqlite(config: BackupConfig, file: string): Promise<string> {
  const source = sqliteFile(config);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source} (DATABASE_URL): nothing to back up`);
  const tmp = `${file}.partial-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  const db = await openSqlite(source, sqlite3.OPEN_READONLY);
  try {
    // A writer of the site holds its lock for milliseconds; wait for it rather than fail.
    await sqliteAll(db, 'PRAGMA busy_timeout = 10000');
    await sqliteAll(db, 'VACUUM INTO ?', [tmp]);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw new BackupError(`Backup of ${source} failed: ${(err as Error).message}`);
  } finally {
    await closeSqlite(db);
  }
  try {
    await checkSqliteBackup(tmp);
    fs.chmodSync(tmp, 0o600);
    fsyncFile(tmp);
    publish(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return source;
}

async function restoreSqlite(config: BackupConfig, file: string): Promise<RestoreResult> {
  const target = sqliteFile(config);
  await checkSqliteBackup(file);
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  let mode = 0o600;
  if (fs.existsSync(target)) {
    mode = fs.statSync(target).mode & 0o777;
    // The site opens its database in WAL mode; leaving WAL needs every other connection closed.
    // So this both detects a running site and folds the WAL into the file before it is set aside.
    const db = await openSqlite(target, sqlite3.OPEN_READWRITE);
    try {
      await sqliteAll(db, 'PRAGMA busy_timeout = 2000');
      const rows = await sqliteAll<{ journal_mode: string }>(db, 'PRAGMA journal_mode = DELETE').catch((err: Error) => {
        if (/SQLITE_BUSY|locked/i.test(err.message)) return [{ journal_mode: 'busy' }];
        // A damaged database (often the reason for a restore) is simply set aside.
        if (/SQLITE_(NOTADB|CORRUPT)/.test(err.message)) return [{ journal_mode: 'delete' }];
        throw err;
      });
      if (rows[0]?.journal_mode !== 'delete') {
        throw new BackupError(`${target} is in use (is the site running?): stop every process using it first, e.g. systemctl stop charity`);
      }
    } finally {
      await closeSqlite(db);
    }
  }
  // Copy next to the target (same file system), then rename: the site never sees half a file.
  const tmp = path.join(dir, `.${path.basename(target)}.restore-${process.pid}`);
  let previous: string | undefined;
  try {
    fs.copyFileSync(file, tmp);
    fs.chmodSync(tmp, mode);
    fsyncFile(tmp);
    if (fs.existsSync(target)) {
      previous = `${target}.before-restore-${stamp(new Date())}`;
      fs.renameSync(target, previous);
    }
    // WAL and shared-memory files belong to the file set aside; the restored one must not read them.
    for (const suffix of ['-wal', '-shm', '-journal']) {
      if (!fs.existsSync(target + suffix)) continue;
      if (previous) fs.renameSync(target + suffix, previous + suffix);
      else fs.rmSync(target + suffix, { force: true });
    }
    fs.renameSync(tmp, target);
    fsyncFile(dir);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return { target, previous };
}

// --- PostgreSQL through pg_dump and pg_restore.

function pgKnex(databaseUrl: string): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: databaseUrl, connectionTimeoutMillis: 10_000 },
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 15_000,
  });
}

async function existingSchemas(knex: Knex, names: string[]): Promise<string[]> {
  const rows = await knex('pg_catalog.pg_namespace').select<{ nspname: string }[]>('nspname').whereIn('nspname', names);
  return rows.map((r) => r.nspname);
}

async function backupPostgres(config: BackupConfig, file: string, parentEnv: Env): Promise<string> {
  const pgDump = requireProgram('pg_dump', parentEnv.PATH);
  const conn = pgConnection(config.databaseUrl);
  const { app, jobs } = pgSchemas(config);
  const knex = pgKnex(config.databaseUrl);
  let schemas: string[];
  try {
    schemas = await existingSchemas(knex, [app, jobs]);
  } catch (err) {
    throw new BackupError(`Cannot connect to the database (DATABASE_URL): ${(err as Error).message}`);
  } finally {
    await knex.destroy();
  }
  if (!schemas.includes(app)) throw new BackupError(`The database ${conn.database} has no schema ${app}: nothing to back up`);
  schemas.sort((a, b) => (a === app ? -1 : b === app ? 1 : 0));
  const tmp = `${file}.partial-${process.pid}`;
  try {
    const r = await run(pgDump, ['--format=custom', `--file=${tmp}`, ...schemas.map((s) => `--schema=${s}`), `--dbname=${conn.url}`], { ...parentEnv, ...conn.env });
    if (r.code !== 0) throw new BackupError(`pg_dump failed: ${r.stderr.trim() || `exit code ${r.code}`}`);
    fs.chmodSync(tmp, 0o600);
    fsyncFile(tmp);
    publish(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return `PostgreSQL database ${conn.database}, schema${schemas.length > 1 ? 's' : ''} ${schemas.join(', ')}`;
}

async function restorePostgres(config: BackupConfig, file: string, parentEnv: Env): Promise<RestoreResult> {
  const pgRestore = requireProgram('pg_restore', parentEnv.PATH);
  const conn = pgConnection(config.databaseUrl);
  const env = { ...parentEnv, ...conn.env };
  const { app, jobs } = pgSchemas(config);

  const list = await run(pgRestore, ['--list', file], env);
  if (list.code !== 0) throw new BackupError(`${file} is not a pg_dump archive: ${list.stderr.trim()}`);
  const inBackup = [...list.stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1]!);
  if (!inBackup.includes(app)) {
    throw new BackupError(`${file} holds the schema${inBackup.length === 1 ? '' : 's'} ${inBackup.join(', ') || '(none)'}, not ${app} (DATABASE_SCHEMA): a backup restores into the schema it was taken from`);
  }
  const foreign = inBackup.filter((s) => s !== app && s !== jobs);
  if (foreign.length) throw new BackupError(`${file} also holds schemas this site does not use (${foreign.join(', ')}): not restored`);

  const knex = pgKnex(config.databaseUrl);
  const aside = (s: string) => `${s}_before_restore`;
  let moved: string[] = [];
  try {
    try {
      moved = await knex.transaction(async (trx) => {
        await trx.raw("set local lock_timeout = '10s'");
        const present = await existingSchemas(trx, [app, jobs]);
        const leftovers = await existingSchemas(trx, present.map(aside));
        if (leftovers.length) {
          throw new BackupError(`A previous restore left the schema ${leftovers.join(', ')} behind: check it, drop it (drop schema ... cascade), then restore again`);
        }
        for (const s of present) await trx.raw('alter schema ?? rename to ??', [s, aside(s)]);
        return present;
      });
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(`Cannot prepare the restore (is the site still running? stop it first): ${(err as Error).message}`);
    }
    const r = await run(pgRestore, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${conn.url}`, file], env);
    if (r.code !== 0) {
      // One transaction: nothing of the backup stayed. Put the schemas that were there back.
      await knex
        .transaction(async (trx) => {
          for (const s of moved) await trx.raw('alter schema ?? rename to ??', [aside(s), s]);
        })
        .catch((err: Error) => {
          throw new BackupError(`pg_restore failed (${r.stderr.trim()}), and the previous data could not be put back: it is in ${moved.map(aside).join(', ')} (${err.message})`);
        });
      throw new BackupError(`pg_restore failed, the database is as it was: ${r.stderr.trim() || `exit code ${r.code}`}`);
    }
    await knex.transaction(async (trx) => {
      for (const s of moved) await trx.raw('drop schema ?? cascade', [aside(s)]);
    });
  } finally {
    await knex.destroy();
  }
  return { target: `PostgreSQL database ${conn.database}, schema${inBackup.length > 1 ? 's' : ''} ${inBackup.join(', ')}` };
}

/** Writes a backup of the configured database to `file` (which must not exist yet). */
export async function backupDatabase(config: BackupConfig, file: string, options: { env?: Env } = {}): Promise<BackupResult> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: choose another name`);
  const dir = path.dirname(target);
  // Backups hold personal data (subscribers, donations): readable by the site's user only.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const source = isSqliteUrl(config.databaseUrl) ? await backupSqlite(config, target) : await backupPostgres(config, target, options.env ?? {});
  return { file: target, bytes: fs.statSync(target).size, source };
}

/** Replaces the configured database by the backup in `file`. The site must be stopped. */
export async function restoreDatabase(config: BackupConfig, file: string, options: { env?: Env } = {}): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`No backup file at ${source}`);
  return isSqliteUrl(config.databaseUrl) ? restoreSqlite(config, source) : restorePostgres(config, source, options.env ?? {});
}
