// Where uploaded files live: a folder on this machine (UPLOAD_DIR, the default), or an
// S3-compatible bucket (AWS, MinIO, Backblaze B2, Exoscale SOS...) so that every instance of the
// site sees the same files. Names are flat (`<random>.<ext>`); the media library decides them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

import {
  checkName,
  RangeNotSatisfiable,
  SAFE_NAME,
  StorageUnavailable,
  typeOf,
  type ByteRange,
  type FileStorage,
  type StorageConfig,
  type StorageEntry,
  type StoredFile,
  type StoredFileInfo,
} from './file-storage';

export * from './file-storage';

/** The storage the configuration asks for: S3 when a bucket is set, else UPLOAD_DIR. */
/** The local folder, or the bucket (the AWS SDK is loaded only when S3_BUCKET is set). */
export async function createStorage(config: StorageConfig, log?: Logger): Promise<FileStorage> {
  if (!config.s3) return localStorage(config.uploadDir);
  const { s3Storage } = await import('./storage-s3');
  return s3Storage(config.s3, { log });
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
