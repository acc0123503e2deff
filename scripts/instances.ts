// Starting the compiled server (dist/server.js, what `npm start` runs) as child processes, for the
// load and fault scripts: production settings, a port each, logs to a file, stopped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg-cluster';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CONFIG = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { config?: { nodeFlags?: string; mallocArenaMax?: string } }).config ?? {};
/** The V8 flags `npm start` runs the server with (package.json config.nodeFlags): measured as run. */
export const NODE_FLAGS: string[] = CONFIG.nodeFlags?.split(/\s+/).filter(Boolean) ?? [];
/**
 * glibc's limit on malloc arenas that `npm start` sets (config.mallocArenaMax): without it every
 * thread that allocates (the thread pool, V8's compiler and GC helpers) gets an arena of its own
 * and keeps its high-water mark (5-8 MB more at peak under `npm run load`).
 */
export const MALLOC_ARENA_MAX = CONFIG.mallocArenaMax;
export const ADMIN_KEY = 'load-test-admin-key-0123456789';

export interface Instance {
  url: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  /** Peak resident memory of the process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** Current resident memory, in MB. */
  rssMb(): number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

function status(pid: number, field: string): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field + ':'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : 0;
  } catch {
    return 0;
  }
}

export function ensureBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server.js'))) throw new Error('dist/server.js is missing: run `npm run build` first');
}

/** Waits until GET <url><path> answers 200 (or throws after `timeoutMs`). */
export async function waitReady(url: string, timeoutMs = 60_000, probe = '/healthz'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url + probe, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs / 1000} s`);
}

/**
 * Starts one instance of the compiled server with production settings and the given env. A free
 * port another process took between our check and the server's listen is tried again with another.
 */
export async function startInstance(env: Record<string, string>, options: { port?: number; logDir?: string } = {}): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (err) {
      if (options.port !== undefined || attempt >= 3 || !/EADDRINUSE|Cannot listen on port/.test(String((err as Error).message))) throw err;
    }
  }
}

async function startOnce(env: Record<string, string>, options: { port?: number; logDir?: string }): Promise<Instance> {
  ensureBuilt();
  const port = options.port ?? (await freePort());
  const logDir = options.logDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'charity-instance-'));
  const logFile = path.join(logDir, `server-${port}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'dist', 'server.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'load-and-fault-scripts-session-secret-0123456789',
      ADMIN_KEYS: ADMIN_KEY,
      LOG_LEVEL: 'warn',
      ...(MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX } : {}),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitReady(url, 60_000, '/'),
    exited.then((code) => {
      throw new Error(`instance on ${port} exited with ${code}: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    }),
  ]);
  return {
    url,
    port,
    child,
    logFile,
    exited,
    peakRssMb: () => status(child.pid!, 'VmHWM'),
    rssMb: () => status(child.pid!, 'VmRSS'),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
