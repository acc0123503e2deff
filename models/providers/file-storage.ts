// What every file storage is (the interface the media library uses), its errors and its name
// rules: shared by the local folder (storage.ts) and the S3 bucket (storage-s3.ts), which
// storage.ts loads only when S3_BUCKET is set.
import path from 'node:path';
import type { Readable } from 'node:stream';

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
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
export function checkName(name: string): void {
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
export const typeOf = (name: string) => TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';

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
