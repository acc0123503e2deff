// A local S3-compatible server for the tests (s3rver, in this process, on a free port), so the
// storage goes through the real AWS SDK over HTTP. It can be stopped (connection refused) and
// started again on the same port, or swapped for a server that accepts connections and never
// answers.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The app's configuration for this bucket. */
  env: Record<string, string>;
  /** Keys in the bucket (the fake keeps them as files in a temporary folder). */
  keys(): Promise<string[]>;
  /** Connection refused from now on, until start(). */
  stop(): Promise<void>;
  /** Answers again, on the same port, with the same objects. */
  start(): Promise<void>;
  /** Accepts connections but never answers, until start(). */
  hang(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeS3(options: { bucket?: string; prefix?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'media';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-s3-'));
  let server: S3rver | null = null;
  let blackHole: net.Server | null = null;
  const held = new Set<net.Socket>();
  let port = 0;

  const start = async () => {
    await stop();
    server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    if (server) {
      const s = server;
      server = null;
      s.httpServer?.closeAllConnections();
      await s.close();
    }
    if (blackHole) {
      const b = blackHole;
      blackHole = null;
      for (const socket of held) socket.destroy();
      held.clear();
      await new Promise<void>((resolve) => b.close(() => resolve()));
    }
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;

  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's own account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...(options.prefix ? { S3_PREFIX: options.prefix } : {}),
    },
    async keys() {
      // s3rver stores `<bucket>/<key>._S3rver_object` (+ metadata files); a key with "/" is a subfolder.
      const root = path.join(dir, bucket);
      const walk = (d: string): string[] =>
        fs.existsSync(d)
          ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('._S3rver_object') ? [path.relative(root, path.join(d, e.name)).replace(/\._S3rver_object$/, '')] : []))
          : [];
      return walk(root).sort();
    },
    stop,
    start,
    async hang() {
      await stop();
      blackHole = net.createServer((socket) => {
        held.add(socket);
        socket.on('close', () => held.delete(socket));
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => blackHole!.listen(port, '127.0.0.1', () => resolve()));
    },
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
