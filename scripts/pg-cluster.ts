// A throwaway PostgreSQL cluster on loopback, for the test suite and the load and fault scripts.
// PostgreSQL refuses to run as root: as root, the cluster belongs to the unprivileged user
// `nobody` (runuser). Nothing is left behind: stop() removes the data folder.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (fast shutdown) and removes the data folder. */
  stop(): void;
  /**
   * Stops the server, waits `downMs`, starts it again on the same port and data (fault scripts;
   * `immediate` is like a crash). Asynchronous, so load generators in this process keep running.
   */
  restart(mode?: 'fast' | 'immediate', downMs?: number): Promise<void>;
}

/** The folder holding initdb and pg_ctl: PG_BIN, the PATH, /usr/local/bin or Debian's /usr/lib/postgresql/<v>/bin. */
export function findPgBin(): string | null {
  const candidates = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/bin'];
  try {
    const debian = '/usr/lib/postgresql';
    for (const v of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, v, 'bin'));
  } catch {
    // no Debian packages
  }
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program, as `nobody` when we are root. */
function pg(bin: string, program: string, args: string[]): void {
  const exe = path.join(bin, program);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'nobody', '--', exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: os.tmpdir() });
  if (r.status !== 0) throw new Error(`${program} failed (${r.status}): ${r.stderr || r.stdout}`);
}

/** The same, without blocking this process's event loop. */
async function pgAsync(bin: string, program: string, args: string[]): Promise<void> {
  const exe = path.join(bin, program);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'nobody', '--', exe, ...args]] : [exe, args];
  await promisify(execFile)(cmd, argv, { cwd: os.tmpdir() });
}

/** Starts a new cluster; tuned for tests (no fsync), 300 connections. */
export async function startCluster(options: { port?: number; durable?: boolean } = {}): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found: apt-get install -y postgresql, or set PG_BIN');
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'charity-pg-'));
  if (isRoot()) execFileSync('chown', ['nobody', dataDir]);
  const logFile = path.join(dataDir, 'server.log');
  pg(bin, 'initdb', ['-D', path.join(dataDir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c max_connections=300',
    ...(options.durable ? [] : ['-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off']),
  ].join(' ');
  const start = () => pg(bin, 'pg_ctl', ['-D', path.join(dataDir, 'data'), '-o', settings, '-l', logFile, '-w', '-t', '60', 'start']);
  const stopServer = (mode: 'fast' | 'immediate') => {
    try {
      pg(bin, 'pg_ctl', ['-D', path.join(dataDir, 'data'), '-m', mode, '-w', '-t', '60', 'stop']);
    } catch {
      // already stopped
    }
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop() {
      stopServer('fast');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async restart(mode = 'fast', downMs = 0) {
      const data = path.join(dataDir, 'data');
      await pgAsync(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']).catch(() => undefined);
      await new Promise((r) => setTimeout(r, downMs));
      await pgAsync(bin, 'pg_ctl', ['-D', data, '-o', settings, '-l', logFile, '-w', '-t', '60', 'start']);
    },
  };
}
