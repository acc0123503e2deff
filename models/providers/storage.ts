// Where uploaded files live: a folder on this machine (UPLOAD_DIR, the default), or an
// S3-compatible bucket (AWS, MinIO, Backblaze B2, Exoscale SOS...) so that every instance of the
// site sees the same files. Names are flat (`<random>.<ext>`); the media library decides them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
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

/** Bytes `start` to `end`, both included (as in HTTP Range headers). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileInfo {
  /** Size of the whole file in bytes. */
  size: number;
  contentType: string;
  /** A strong validator, quoted as in HTTP (`"..."`). */
  etag: string;
  lastModified: Date;
}

export interface StoredFile extends StoredFileInfo {
  body: Readable;
  /** The part of the file in `body`; null when it is the whole file. */
  range: ByteRange | null;
  /** Bytes in `body`. */
  length: number;
}

export interface StorageEntry {
  name: string;
  size: number;
  lastModified: Date;
}

export interface FileStorage {
  kind: 'local' | 's3';
  /** Where the files are, for logs: `UPLOAD_DIR /srv/uploads` or `S3 bucket media at https://...`. */
  where: string;
  /** Stores a file (from a path on this machine, or bytes), replacing one of the same name. */
  put(name: string, source: string | Buffer, contentType: string): Promise<void>;
  /** The file, or the range of it; null when there is no such file. */
  get(name: string, options?: { range?: ByteRange | null }): Promise<StoredFile | null>;
  /** What get would say, without the bytes; null when there is no such file. */
  stat(name: string): Promise<StoredFileInfo | null>;
  /** Removes a file; nothing happens when it does not exist. */
  delete(name: string): Promise<void>;
  /** Every stored file (for sweeps). */
  list(): Promise<StorageEntry[]>;
  /** Throws StorageUnavailable when the storage cannot be used (health checks). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** What a visitor or admin is told when the storage fails; details go to the log. */
export const STORAGE_DOWN_MESSAGE = 'File storage is not reachable right now. Please try again in a few minutes.';

/** The storage did not answer, refused us, or failed: the message says which, for the log. */
export class StorageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}

/** The range asked for starts after the end of the file. */
export class RangeNotSatisfiable extends Error {
  constructor(public size: number) {
    super(`The requested range is not satisfiable (the file has ${size} bytes)`);
  }
}

// Flat names only: nothing can reach outside the folder or the key prefix.
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
function checkName(name: string): void {
  if (!SAFE_NAME.test(name) || name.length > 200) throw new Error(`storage: invalid file name ${JSON.stringify(name.slice(0, 60))}`);
}

// The local folder keeps no metadata: the type comes from the name (the library's own names).
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const typeOf = (name: string) => TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

export interface StorageConfig {
  uploadDir: string;
  s3?: S3Settings;
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Key prefix (`charity/`), several sites or environments in one bucket. */
  prefix: string;
}

/** The storage the configuration asks for: S3 when a bucket is set, else UPLOAD_DIR. */
export function createStorage(config: StorageConfig, log?: Logger): FileStorage {
  return config.s3 ? s3Storage(config.s3, { log }) : localStorage(config.uploadDir);
}

// --- Local folder ----------------------------------------------------------------------------------

const DISK_FAILURES = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EDQUOT', 'ENOTDIR', 'EMFILE', 'ENFILE']);

function diskError(op: string, where: string, err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code && DISK_FAILURES.has(code)) {
    return new StorageUnavailable(`storage: cannot ${op} in ${where}: ${code} (${(err as Error).message})`, { cause: err });
  }
  return err;
}

/** Files in a folder of this machine. Writes go to a temporary name first, then are renamed. */
export function localStorage(uploadDir: string): FileStorage {
  const root = path.resolve(uploadDir);
  // Half-written files live in .incoming (swept after an hour), never under a stored name.
  const scratch = path.join(root, '.incoming');
  const where = `UPLOAD_DIR ${root}`;
  const file = (name: string) => {
    checkName(name);
    return path.join(root, name);
  };
  const etagOf = (st: fs.Stats) => `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;

  return {
    kind: 'local',
    where,
    async put(name, source, _contentType) {
      const target = file(name);
      const temp = path.join(scratch, `${crypto.randomBytes(8).toString('hex')}.part`);
      try {
        await fsp.mkdir(scratch, { recursive: true });
        if (typeof source === 'string') await fsp.copyFile(source, temp);
        else await fsp.writeFile(temp, source);
        await fsp.rename(temp, target);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw diskError('write', where, err);
      }
    },
    async get(name, options = {}) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file(name), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw diskError('read', where, err);
      }
      try {
        // The open file's own size and date: a file replaced meanwhile cannot mix up the two.
        const st = await handle.stat();
        if (!st.isFile()) {
          await handle.close();
          return null;
        }
        let range: ByteRange | null = null;
        if (options.range) {
          if (options.range.start >= st.size || options.range.start < 0) throw new RangeNotSatisfiable(st.size);
          range = { start: options.range.start, end: Math.min(options.range.end, st.size - 1) };
        }
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return {
          body,
          range,
          length: range ? range.end - range.start + 1 : st.size,
          size: st.size,
          contentType: typeOf(name),
          etag: etagOf(st),
          lastModified: st.mtime,
        };
      } catch (err) {
        await handle.close();
        throw diskError('read', where, err);
      }
    },
    async stat(name) {
      try {
        const st = await fsp.stat(file(name));
        if (!st.isFile()) return null;
        return { size: st.size, contentType: typeOf(name), etag: etagOf(st), lastModified: st.mtime };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw diskError('read', where, err);
      }
    },
    async delete(name) {
      try {
        await fsp.rm(file(name), { force: true });
      } catch (err) {
        throw diskError('delete', where, err);
      }
    },
    async list() {
      let names: fs.Dirent[];
      try {
        names = await fsp.readdir(root, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw diskError('list', where, err);
      }
      const out: StorageEntry[] = [];
      for (const d of names) {
        if (!d.isFile() || !SAFE_NAME.test(d.name)) continue;
        const st = await fsp.stat(path.join(root, d.name)).catch(() => null);
        if (st) out.push({ name: d.name, size: st.size, lastModified: st.mtime });
      }
      return out;
    },
    async check() {
      try {
        await fsp.mkdir(root, { recursive: true });
        await fsp.access(root, fs.constants.W_OK);
      } catch (err) {
        throw new StorageUnavailable(`storage: ${where} is not writable: ${(err as Error).message}`, { cause: err });
      }
    },
    async close() {},
  };
}

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
