// S3-compatible object storage (AWS, MinIO, Backblaze B2, Exoscale SOS...) behind the FileStorage
// interface of ./storage.ts, so every instance of the site sees the same files. Loaded only when
// S3_BUCKET is set.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import fsp from 'node:fs/promises';
import fs from 'node:fs';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type StorageEntry, type FileStorage, StorageUnavailable, RangeNotSatisfiable, SAFE_NAME, checkName, typeOf, type S3Settings } from './file-storage';

// --- S3-compatible object storage --------------------------------------------------------------------

export interface S3Timeouts {
  /** Opening the connection. */
  connectMs: number;
  /** From sending a request to the answer's headers (the upload of the bytes included). */
  requestMs: number;
  /** Silence on an open connection, also while a file streams to a visitor. */
  idleMs: number;
  /** Deadline of a whole call, retries included (an upload gets one second more per MB). */
  totalMs: number;
}

export const S3_TIMEOUTS: S3Timeouts = { connectMs: 5_000, requestMs: 30_000, idleMs: 30_000, totalMs: 45_000 };

/** An S3-compatible bucket through the AWS SDK, with a deadline on every call. */
export function s3Storage(settings: S3Settings, options: { log?: Logger; timeouts?: Partial<S3Timeouts> } = {}): FileStorage {
  const t = { ...S3_TIMEOUTS, ...options.timeouts };
  const { bucket, prefix } = settings;
  const endpoint = settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`;
  const where = `S3 bucket ${bucket} at ${endpoint}`;
  const sdkLog = options.log?.child({ scope: 's3' });
  const client = new S3Client({
    region: settings.region,
    // The SDK's own remarks go to our log (it would print them on the console), below the
    // one line per failed call that the callers write.
    logger: {
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: (...args: unknown[]) => sdkLog?.debug({ sdk: args.map(String).join(' ') }, 's3 sdk warning'),
      error: (...args: unknown[]) => sdkLog?.debug({ sdk: args.map(String).join(' ') }, 's3 sdk error'),
    },
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // One retry: a visitor or an admin is waiting, and the total deadline bounds it anyway.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: t.connectMs, requestTimeout: t.requestMs, throwOnRequestTimeout: true, socketTimeout: t.idleMs },
    // Checksums only where S3 requires them: MinIO, Backblaze, Exoscale and older gateways do not
    // all understand the SDK's newer default (aws-chunked uploads with trailing checksums).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (name: string) => {
    checkName(name);
    return prefix + name;
  };

  /** Explains a failed call in one line for the log; the visitor only sees STORAGE_DOWN_MESSAGE. */
  function failure(op: string, name: string, err: unknown, deadlineMs: number): StorageUnavailable {
    const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const target = name ? `${op} ${name}` : op;
    let reason: string;
    if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'ETIMEDOUT') {
      reason = `no answer within ${Math.round(deadlineMs / 1000)} s`;
    } else if (e.code && /^E[A-Z]+$/.test(e.code)) {
      reason = `cannot connect (${e.code}: ${e.message})`;
    } else if (err instanceof S3ServiceException || e.$metadata?.httpStatusCode) {
      const status = e.$metadata?.httpStatusCode;
      const hint =
        e.name === 'NoSuchBucket' ? ' (check S3_BUCKET)'
        : e.name === 'InvalidAccessKeyId' || e.name === 'SignatureDoesNotMatch' || e.name === 'AccessDenied' || status === 403 ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
        : '';
      reason = `refused: ${e.name ?? 'error'}${status ? ` (HTTP ${status})` : ''}${hint}`;
    } else {
      reason = e.message ?? String(err);
    }
    return new StorageUnavailable(`storage: ${where}: ${target} failed: ${reason}`, { cause: err });
  }

  /**
   * Runs one SDK call under a total deadline. The deadline ends when the answer's headers are
   * in: a video may take longer to stream, and the idle timeout guards that part.
   */
  async function call<T>(send: (abortSignal: AbortSignal) => Promise<T>, deadlineMs = t.totalMs): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), deadlineMs);
    try {
      return await send(abort.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  const isMissing = (err: unknown) => {
    const n = (err as { name?: string })?.name;
    return n === 'NoSuchKey' || n === 'NotFound' || statusOf(err) === 404;
  };
  const etagOf = (etag: string | undefined, name: string, size: number, date: Date) =>
    etag ? (etag.startsWith('"') ? etag : `"${etag}"`) : `"${crypto.createHash('sha1').update(`${name}:${size}:${date.getTime()}`).digest('hex')}"`;

  const storage: FileStorage = {
    kind: 's3',
    where,
    async put(name, source, contentType) {
      const k = key(name);
      let size: number;
      try {
        size = typeof source === 'string' ? (await fsp.stat(source)).size : source.length;
      } catch (err) {
        throw new Error(`storage: cannot read ${source as string}: ${(err as Error).message}`, { cause: err });
      }
      const deadline = t.totalMs + Math.ceil(size / (1024 * 1024)) * 1000;
      try {
        await call((abortSignal) => {
          // A file is streamed from disk with its length known (no chunked encoding). The SDK
          // does not retry a stream: the admin sees the failure and uploads again.
          const Body = typeof source === 'string' ? fs.createReadStream(source) : source;
          return client.send(
            new PutObjectCommand({ Bucket: bucket, Key: k, Body, ContentLength: size, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
            { abortSignal },
          );
        }, deadline);
      } catch (err) {
        throw failure('upload', name, err, deadline);
      }
    },
    async get(name, options = {}) {
      const k = key(name);
      const r = options.range;
      if (r && r.start < 0) throw new RangeNotSatisfiable(0);
      try {
        const out = await call((abortSignal) =>
          client.send(new GetObjectCommand({ Bucket: bucket, Key: k, Range: r ? `bytes=${r.start}-${r.end}` : undefined }), { abortSignal }),
        );
        const body = out.Body as Readable | undefined;
        if (!body) throw new Error('the answer has no body');
        const length = Number(out.ContentLength ?? 0);
        // "bytes 0-99/1000": the range sent and the whole size.
        const cr = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
        const size = cr ? Number(cr[3]) : length;
        const range = cr && r ? { start: Number(cr[1]), end: Number(cr[2]) } : null;
        const lastModified = out.LastModified ?? new Date(0);
        return { body, range, length, size, contentType: out.ContentType ?? typeOf(name), etag: etagOf(out.ETag, name, size, lastModified), lastModified };
      } catch (err) {
        if (isMissing(err)) return null;
        if ((err as { name?: string }).name === 'InvalidRange' || statusOf(err) === 416) {
          const info = await storage.stat(name);
          if (!info) return null;
          throw new RangeNotSatisfiable(info.size);
        }
        throw failure('download', name, err, t.totalMs);
      }
    },
    async stat(name) {
      const k = key(name);
      try {
        const out = await call((abortSignal) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: k }), { abortSignal }));
        const size = Number(out.ContentLength ?? 0);
        const lastModified = out.LastModified ?? new Date(0);
        return { size, contentType: out.ContentType ?? typeOf(name), etag: etagOf(out.ETag, name, size, lastModified), lastModified };
      } catch (err) {
        if (isMissing(err)) return null;
        throw failure('stat', name, err, t.totalMs);
      }
    },
    async delete(name) {
      const k = key(name);
      try {
        await call((abortSignal) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: k }), { abortSignal }));
      } catch (err) {
        if (isMissing(err)) return;
        throw failure('delete', name, err, t.totalMs);
      }
    },
    async list() {
      const out: StorageEntry[] = [];
      let token: string | undefined;
      try {
        do {
          const page = await call((abortSignal) =>
            client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }), { abortSignal }),
          );
          for (const o of page.Contents ?? []) {
            const name = (o.Key ?? '').slice(prefix.length);
            // Keys in "subfolders" belong to someone else (another prefix).
            if (!o.Key?.startsWith(prefix) || !SAFE_NAME.test(name)) continue;
            out.push({ name, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) });
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (err) {
        throw failure('list', '', err, t.totalMs);
      }
      return out;
    },
    async check() {
      try {
        await call((abortSignal) => client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal }));
      } catch (err) {
        throw failure('check', '', err, t.totalMs);
      }
    },
    async close() {
      client.destroy();
    },
  };
  return storage;
}
