// The upload form of the media library, on the Media screen and inside the image picker alike
// (media-picker.tsx): a file (chosen, or dropped on its field), its details (media-fields.tsx),
// the progress while it is sent, and what the server said. Without JavaScript it is a plain
// multipart POST to /admin/media (the Media screen; the picker needs JavaScript anyway); with it,
// POST /api/media, whose checks (type from the content, size, an image's alt text) answer here:
// a field's problem next to the field, in the page's language, the focus on the first such field,
// and the whole refusal said in the form (inside a modal dialog the toasts cannot be heard).
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { formatNumber } from '../../../models/shared/rules';
import type { MediaItem } from '../../../models/shared/media-rules';
import { adminUpload, AdminApiError, errorText, NetworkError, type FieldIssue } from '../lib/api';
import { EMPTY_META, MediaMetaFields, type MediaMetaValues } from './media-fields';
import { CsrfField, useAdmin, useFieldError, useHydrated } from './ui';

export const IMAGE_FILES = 'image/jpeg,image/png,image/webp,image/gif';
export const ACCEPTED_FILES = `${IMAGE_FILES},application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,video/mp4,video/webm`;

/** The fields in the order the form shows them: the focus goes to the first that has a problem. */
const FIELD_ORDER = ['file', 'category', 'altText', 'altTextDe', 'description', 'tags'] as const;

/**
 * `imagesOnly`: the picker of a picture takes only images (a dropped PDF is refused here, before it
 * is sent, as it could not be chosen). `onUploaded` gets the new library item.
 */
export function UploadForm({ onUploaded, defaultCategory = 'projects', imagesOnly = false }: { onUploaded?: (item: MediaItem) => void; defaultCategory?: string; imagesOnly?: boolean }) {
  const t = useT();
  const lang = useLang();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const id = `upload-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [meta, setMeta] = useState<MediaMetaValues>({ ...EMPTY_META, category: defaultCategory });
  const [errors, setErrors] = useState<Record<string, FieldIssue>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  /** Under way: the share sent (null: not known yet). */
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [said, setSaid] = useState('');
  const busy = progress !== undefined;
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const stop = useRef<AbortController | null>(null);
  // Each upload starts a new file's details: the drafts of the last one are not marked in it.
  const [uploads, setUploads] = useState(0);
  const preview = usePreview(file);
  useEffect(() => () => stop.current?.abort(), []);

  const isImage = (f: File | null) => Boolean(f && IMAGE_FILES.split(',').includes(f.type));
  const altRequired = imagesOnly || isImage(file);

  function take(chosen: File | null) {
    setFile(chosen);
    setFailure(null);
    setErrors(({ file: _gone, ...rest }) => rest);
  }

  function drop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    const input = fileInput.current;
    if (!dropped || !input) return;
    // The input holds the file, as if it had been chosen: the form sends what it shows.
    const list = new DataTransfer();
    list.items.add(dropped);
    input.files = list.files;
    take(dropped);
    input.focus();
  }

  /** A refusal: each field's problem by it, the whole in the form, the focus on the first field concerned. */
  function refused(issues: Record<string, FieldIssue>, description: string) {
    setErrors(issues);
    setFailure(`${t('admin.media.uploadError')}: ${description}`);
    const first = FIELD_ORDER.find((k) => issues[k]);
    if (first) setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus(), 0);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // In the picker this form sits (through a portal) inside the content form: keep the event here.
    e.stopPropagation();
    if (busy) return;
    if (imagesOnly && file && !isImage(file)) {
      const issue: FieldIssue = { code: 'file_type' };
      return refused({ file: issue }, fieldError(issue) ?? '');
    }
    const data = new FormData(e.currentTarget);
    const controller = new AbortController();
    stop.current = controller;
    setFailure(null);
    setProgress(null);
    setSaid(t('admin.media.uploadingName', { name: file?.name ?? '' }));
    try {
      const item = await adminUpload<MediaItem>('/api/media', data, setProgress, { signal: controller.signal });
      toast({ title: t('admin.media.uploaded'), description: item.originalName, variant: 'success' });
      setSaid(`${t('admin.media.uploaded')}: ${item.originalName}`);
      setErrors({});
      setMeta((m) => ({ ...EMPTY_META, category: m.category }));
      setUploads((n) => n + 1);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onUploaded?.(item);
    } catch (err) {
      if (controller.signal.aborted) return;
      setSaid('');
      // The storage being down is said in the page's language (the server's sentence is English).
      const description = err instanceof NetworkError ? t('admin.media.uploadBroke') : errorText(t, err);
      toast({ title: t('admin.media.uploadError'), description, variant: 'destructive' });
      refused(err instanceof AdminApiError ? err.fieldIssues : {}, description);
    } finally {
      if (stop.current === controller) stop.current = null;
      setProgress(undefined);
    }
  }

  const percent = progress ? Math.round(progress * 100) : 0;
  const describedBy = `${id}-hint${errors.file ? ` ${id}-error` : ''}`;
  const input = (
    <input
      ref={fileInput}
      id={id}
      type="file"
      name="file"
      accept={imagesOnly ? IMAGE_FILES : ACCEPTED_FILES}
      aria-describedby={describedBy}
      aria-invalid={errors.file ? true : undefined}
      onChange={(e) => take(e.target.files?.[0] ?? null)}
    />
  );
  return (
    <form ref={formRef} className="admin-upload" method="post" encType="multipart/form-data" action={action('/admin/media')} onSubmit={hydrated ? submit : undefined} noValidate>
      <CsrfField />
      <div className={`admin-field${errors.file ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {t('admin.media.file')} <span className="admin-required">({t('admin.form.required')})</span>
        </label>
        <p className="admin-hint" id={`${id}-hint`}>
          {imagesOnly ? t('admin.media.imageTypes') : t('admin.media.fileTypes')}
        </p>
        {hydrated ? (
          // Dropping is for the mouse; the field inside is the way for the keyboard and screen readers.
          <div
            className={`admin-dropzone${dragging ? ' dragging' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            {preview && <img className="admin-upload-preview" src={preview} alt="" width={96} height={72} />}
            {input}
            <span className="admin-dropzone-text" aria-hidden="true">
              {t('admin.media.dropHere')}
            </span>
          </div>
        ) : (
          input
        )}
        {errors.file && (
          <p className="admin-error" id={`${id}-error`}>
            {fieldError(errors.file)}
          </p>
        )}
      </div>
      <MediaMetaFields values={meta} onChange={setMeta} errors={errors} altRequired={altRequired} draftKey={`upload-${uploads}`} />
      {busy && (
        <div className="admin-upload-progress">
          <span id={`${id}-progress`}>{progress === 1 ? t('admin.media.checking', { name: file?.name ?? '' }) : t('admin.media.progress', { name: file?.name ?? '', percent: formatNumber(percent, lang) })}</span>
          <progress aria-labelledby={`${id}-progress`} max={100} value={progress === null ? undefined : percent} />
        </div>
      )}
      {failure && (
        <p className="admin-error admin-upload-failure" role="alert">
          {failure}
        </p>
      )}
      <p className="sr-only" role="status">
        {said}
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('admin.media.uploading') : t('admin.media.upload')}
      </button>
    </form>
  );
}

/** A local address of the chosen image, to look at while writing its alt text (freed when it changes). */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return setUrl(null);
    const local = URL.createObjectURL(file);
    setUrl(local);
    return () => URL.revokeObjectURL(local);
  }, [file]);
  return url;
}
