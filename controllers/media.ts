// The media library: admin API (list, upload, delete to the trash), the no-JavaScript upload and
// delete forms, and /uploads/<name>, which serves the library's files from the storage (UPLOAD_DIR
// or S3) so that nothing uploaded can run on this origin; a file in the trash is a 404 there.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multer from 'multer';
import type { Deps } from './context';
import { langOf } from './context';
import { tFor } from '../models/shared/text';
import { parseId, parseInput } from './middleware/errors';
import { AppError, badRequest, fieldError, invalidField, notFound, type FieldError } from '../models/shared/errors';
import { fieldTextKey } from '../models/shared/error-codes';
import type { AdminIdentity } from './middleware/auth';
import { noStore } from './middleware/cache-control';
import { requireCsrf } from './middleware/csrf';
import { deleteMedia, findMedia, IMAGE_VARIANTS_TASK, isServedName, listMedia, MEDIA_MAX_BYTES, MediaMetaSchema, mimeOfStoredName, pendingVariantFallback, servedInline, storeUpload, STORED_NAME, updateMediaMeta } from '../models/media/library';
import { RangeNotSatisfiable, STORAGE_DOWN_MESSAGE, StorageUnavailable, type ByteRange, type StoredFileInfo } from '../models/providers/storage';
import { formValues } from './admin/content';
import { MEDIA_CATEGORIES } from '../models/shared/media-rules';
import { audited, type AuditInput } from '../models/people/audit';
import { clip, NUL_MESSAGE, textProblem, UNICODE_MESSAGE } from '../models/shared/db-limits';
import { adminHref } from '../models/shared/admin-rules';
import { mediaUsage } from '../models/media/usage';

const MB = 1024 * 1024;

/** Headers of every uploaded file: its own type, never sniffed, and no script or plugin may run. */
function uploadHeaders(res: Response, fileName: string, info: StoredFileInfo): void {
  res.set('Content-Type', mimeOfStoredName(fileName));
  res.set('ETag', info.etag);
  res.set('Last-Modified', info.lastModified.toUTCString());
  res.set('Accept-Ranges', 'bytes');
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('Content-Security-Policy', "default-src 'none'; sandbox");
  // Public pictures: newsletters and partners may embed them.
  res.set('Cross-Origin-Resource-Policy', 'cross-origin');
  res.set('Cache-Control', 'public, max-age=31536000, immutable');
  if (!servedInline(fileName)) res.attachment(fileName);
}

/** Takes uploadHeaders back when the file does not go out after all: the answer is not kept. */
function unsentFile(res: Response): void {
  for (const h of ['ETag', 'Last-Modified', 'Content-Disposition', 'Content-Type']) res.removeHeader(h);
  res.set('Cache-Control', 'no-store');
}

/** The media library's routers; controllers/routes.ts mounts each behind its guard. */
export interface MediaRouters {
  /** GET/HEAD /:name, mounted at /uploads: public. */
  files: Router;
  /** The admin API, mounted at /api/media behind the admin guard (credential and CSRF token). */
  api: Router;
  /** POST /admin/media: the upload form, which checks the CSRF token once its body is read. */
  uploadForm: RequestHandler;
  /** The other forms under /admin/media (details, delete), mounted behind the CSRF check. */
  forms: Router;
}

export function mediaRouters(deps: Deps): MediaRouters {
  const files = Router();
  const api = Router();
  const forms = Router();
  // Files arrive in a private folder of this machine under random names and go to the storage
  // only after their content has been checked (models/media/library.ts storeUpload). Whatever a killed
  // process leaves there is removed by the hourly sweep (models/media/sweep.ts).
  const incoming = path.join(path.resolve(deps.config.uploadDir), '.incoming');
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => {
        fs.mkdir(incoming, { recursive: true }, (err) => cb(err ?? null, incoming));
      },
      filename: (_req, _file, cb) => cb(null, crypto.randomBytes(16).toString('hex')),
    }),
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
    // A name no database can keep as sent is refused before anything is written.
    fileFilter: (_req, file, cb) => {
      const problem = textProblem(file.originalname);
      // The column keeps 300 characters; cut here so an emoji at the end is not split in half.
      file.originalname = clip(file.originalname, 300);
      if (!problem) return cb(null, true);
      const message = problem === 'nul' ? NUL_MESSAGE : UNICODE_MESSAGE;
      cb(new AppError(400, 'invalid_text', message, { file: fieldError('invalid_text', undefined, message) }));
    },
  }).single('file');

  const receive: RequestHandler = (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) {
        // Fields (the same check as rejectUnstorableText for other bodies; they may follow the file).
        const problem = textProblem(req.body);
        if (!problem) return next();
        const refused = new AppError(400, 'invalid_text', problem === 'nul' ? NUL_MESSAGE : UNICODE_MESSAGE);
        if (!req.file) return next(refused);
        return fs.rm(req.file.path, { force: true }, () => next(refused));
      }
      if (err instanceof AppError) return next(err);
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          const message = `The file is larger than ${MEDIA_MAX_BYTES / MB} MB.`;
          return next(new AppError(413, 'payload_too_large', message, { file: fieldError('file_too_large', { maxMb: MEDIA_MAX_BYTES / MB }, message) }));
        }
        return next(badRequest(`Upload refused: ${err.message}`));
      }
      // Our own disk failing (no space, no permission) is ours; anything else busboy raised is a
      // malformed body (no boundary, an unterminated part, a broken part header...). Multer has
      // already removed what it wrote of the file.
      if ((err as { syscall?: unknown }).syscall) return next(err);
      const reason = err instanceof Error && err.message ? ` (${err.message.slice(0, 100)})` : '';
      next(badRequest(`The upload could not be read: the request is not valid multipart/form-data${reason}. Send the file as a form with a "file" field.`));
    });
  };

  /** Validates the form fields and stores the file, with its audit entry in the same transaction. */
  async function accept(req: Request, res: Response) {
    const file = req.file;
    if (!file) throw invalidField('file', 'file');
    try {
      const meta = parseInput(MediaMetaSchema, req.body ?? {});
      // Alt text proposals, and the German draft of an English-only alt text, only when OpenAI is configured.
      return await storeUpload(deps, { tempPath: file.path, originalName: file.originalname, size: file.size }, meta, {
        suggestAlt: Boolean(deps.config.openai.apiKey),
        translateAlt: deps.assistant.kind === 'openai',
        audit: (row) => entry(res, 'upload', row.id, row.originalName),
      });
    } catch (err) {
      throw storageError(err, 'upload');
    } finally {
      // Awaited: the answer goes out only once the temporary file is gone.
      await fs.promises.rm(file.path, { force: true });
    }
  }

  /** A storage that fails is a 503 with one clear sentence (the details go to the log), not a 500. */
  function storageError(err: unknown, what: string): unknown {
    if (!(err instanceof StorageUnavailable)) return err;
    deps.log.error({ err: err.message }, `media: ${what} failed, file storage unavailable`);
    return new AppError(503, 'storage.unavailable', STORAGE_DOWN_MESSAGE, undefined, { cause: err });
  }

  /** Saves new details of a file; a missing alt text of an image is a field error. */
  async function saveMeta(id: number, body: unknown, res: Response) {
    const meta = parseInput(MediaMetaSchema, body ?? {});
    const options = { jobs: deps.jobs, translateAlt: deps.assistant.kind === 'openai' };
    const item = await audited(deps.db, (trx) => updateMediaMeta(trx, id, meta, options), (saved) => saved && entry(res, 'update', saved.id, saved.originalName));
    if (!item) throw notFound('Media item not found');
    return item;
  }

  /** The audit entry of a change in the library (written in the change's transaction). */
  const entry = (res: Response, action: string, id: number, summary: string): AuditInput => ({
    actor: (res.locals.admin as AdminIdentity).id,
    actorName: (res.locals.admin as AdminIdentity).name,
    action,
    entity: 'media',
    entityId: id,
    summary,
  });
  // To the trash: the entry says so (a file delete before the trash removed it at once).
  const removeMedia = (res: Response, id: number) =>
    deleteMedia(deps.db, id, (res.locals.admin as AdminIdentity).id, (item) => ({ ...entry(res, 'delete', item.id, item.originalName), details: { name: item.originalName, trash: true } }));

  // ---- Serving: only names this library wrote; everything else is a 404. GET and HEAD, with
  // ETag / If-None-Match (304) and single byte ranges (206: videos seek), on either storage.
  // Anything but the file itself (a 404, the detour to a pending variant, a refused range, a
  // storage failure) is answered once and not kept: no-store until uploadHeaders says otherwise.
  files.get('/:name', noStore, async (req, res) => {
    const name = String(req.params.name);
    const gone = () => notFound();
    if (!STORED_NAME.test(name)) throw gone();
    // Only a file of an item in the library: one in the trash (or purged) is gone for visitors.
    if (!(await isServedName(deps.db, name))) throw gone();
    // A variant whose job has not run yet: the browser gets the original (or the WebP variant for
    // an AVIF one) meanwhile, not cached. An image uploaded before AVIF variants existed gets its
    // job queued again, which makes only those.
    const missing = async () => {
      const fallback = await pendingVariantFallback(deps.db, name);
      if (!fallback) throw gone();
      if (fallback.makeVariantsOf) {
        const mediaId = fallback.makeVariantsOf;
        await deps.jobs.add(IMAGE_VARIANTS_TASK, { mediaId }, { key: `${IMAGE_VARIANTS_TASK}:${mediaId}` }).catch((err: unknown) => deps.log.warn({ err: (err as Error).message, mediaId }, 'media: the AVIF variants job was not queued'));
      }
      res.redirect(307, fallback.location);
    };
    try {
      const rangeHeader = typeof req.headers.range === 'string';
      const conditional = req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
      let range: ByteRange | null = null;
      // Plain GETs (nearly all) take one call to the storage; the rest ask for the file's details first.
      if (rangeHeader || conditional || req.method === 'HEAD') {
        const info = await deps.storage.stat(name);
        if (!info) return await missing();
        uploadHeaders(res, name, info);
        if (req.fresh) return void res.status(304).end();
        if (req.method === 'HEAD') {
          res.set('Content-Length', String(info.size));
          return void res.status(200).end();
        }
        if (rangeHeader && rangeStillValid(req, info)) {
          const ranges = req.range(info.size, { combine: true });
          if (ranges === -1) {
            unsentFile(res);
            res.set('Content-Range', `bytes */${info.size}`);
            return void res.status(416).end();
          }
          // Several ranges at once are answered with the whole file (allowed, and simpler).
          if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0]!;
        }
      }
      const file = await deps.storage.get(name, { range });
      if (!file) return await missing();
      uploadHeaders(res, name, file);
      res.set('Content-Length', String(file.length));
      if (file.range) {
        res.status(206);
        res.set('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      }
      try {
        await pipeline(file.body, res);
      } catch {
        // The visitor went away, or the storage broke off mid-file: the connection is closed.
      }
    } catch (err) {
      if (err instanceof RangeNotSatisfiable) {
        unsentFile(res);
        res.set('Content-Range', `bytes */${err.size}`);
        return void res.status(416).end();
      }
      unsentFile(res);
      throw storageError(err, `serving ${name}`);
    }
  });

  /** If-Range: a range only applies to the file it was taken from (same ETag, or not newer). */
  function rangeStillValid(req: Request, info: StoredFileInfo): boolean {
    const ifRange = req.get('If-Range');
    if (!ifRange) return true;
    if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === info.etag;
    const date = Date.parse(ifRange);
    return Number.isFinite(date) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= date;
  }

  // ---- Admin API: the guard at its mount lets only admins in; the CSRF token is checked there
  // too, before an upload is read (the API takes it in the X-CSRF-Token header).
  api.get('/', async (req, res) => {
    const category = typeof req.query.category === 'string' ? req.query.category : '';
    if (category && !(MEDIA_CATEGORIES as readonly string[]).includes(category)) {
      throw badRequest(`Unknown category: ${category.slice(0, 40)}. Use one of ${MEDIA_CATEGORIES.join(', ')}.`);
    }
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
    res.json(await listMedia(deps.db, { category: category || undefined, q: q || undefined }));
  });
  api.get('/:id', async (req, res) => {
    const item = await findMedia(deps.db, parseId(req.params.id));
    if (!item) throw notFound('Media item not found');
    res.json(item);
  });
  // Where the content still shows the file (the delete's question names it: in the trash it answers 404).
  api.get('/:id/usage', async (req, res) => {
    const item = await findMedia(deps.db, parseId(req.params.id));
    if (!item) throw notFound('Media item not found');
    res.json({ usedIn: (await mediaUsage(deps.db, [item])).get(item.id) ?? [] });
  });
  api.post('/', receive, async (req, res) => {
    res.status(201).json(await accept(req, res));
  });
  api.put('/:id', async (req, res) => {
    res.json(await saveMeta(parseId(req.params.id), req.body, res));
  });
  api.delete('/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const item = await removeMedia(res, id);
    if (!item) throw notFound('Media item not found');
    res.json({ deleted: true, id: item.id });
  });

  // ---- Forms without JavaScript.
  const back = (req: Request) => adminHref(langOf(req), 'media');
  const formError = (req: Request, res: Response, next: NextFunction, key: string) => (err: unknown) => {
    if (!(err instanceof AppError) || (err.status >= 500 && err.code !== 'storage.unavailable')) return next(err);
    // The storage being down and field problems are said in the page's language; other messages come from the checks.
    const t = tFor(deps.i18n, langOf(req));
    const fieldText = (f: FieldError) => {
      if (f.code === 'invalid') return f.message;
      const { key, params } = fieldTextKey(f);
      return t(key, params);
    };
    const message = err.fields ? Object.values(err.fields).map(fieldText).join(' ') : err.message;
    req.session.flash = err.code === 'storage.unavailable' ? { kind: 'error', key: 'media.storageDown' } : { kind: 'error', key, params: { message } };
    res.redirect(303, back(req));
  };
  // The upload form's token is in its multipart body: checked once the body is read, and a
  // refused token must not leave the received file in the private folder.
  const uploadForm: RequestHandler = (req, res, next) => {
    receive(req, res, (err?: unknown) => {
      if (err) return formError(req, res, next, 'media.uploadError')(err);
      requireCsrf(req, res, (csrfErr?: unknown) => {
        if (csrfErr) {
          if (req.file) return fs.rm(req.file.path, { force: true }, () => next(csrfErr));
          return next(csrfErr);
        }
        accept(req, res)
          .then(() => {
            req.session.flash = { kind: 'success', key: 'media.uploaded' };
            res.redirect(303, back(req));
          })
          .catch(formError(req, res, next, 'media.uploadError'));
      });
    });
  };
  forms.post('/:id', async (req, res, next) => {
    const id = parseId(req.params.id);
    try {
      await saveMeta(id, req.body, res);
      req.session.flash = { kind: 'success', key: 'media.updated' };
      res.redirect(303, back(req));
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) return next(err);
      req.session.flash = {
        kind: 'error',
        key: 'media.updateError',
        params: err.fields ? {} : { message: err.message },
        form: { tab: 'media', id, values: formValues(req.body), errors: err.fields ?? {} },
      };
      res.redirect(303, adminHref(langOf(req), 'media', `?edit=${id}#media-${id}`));
    }
  });
  forms.post('/:id/delete', async (req, res) => {
    const item = await removeMedia(res, parseId(req.params.id));
    // The message's Undo is the trash's Restore (the frame shows it as a form).
    req.session.flash = item
      ? { kind: 'success', key: 'media.deleted', undo: { name: 'media', id: item.id } }
      : { kind: 'error', key: 'media.deleteError', params: { message: 'Media item not found' } };
    res.redirect(303, back(req));
  });

  return { files, api, uploadForm, forms };
}
