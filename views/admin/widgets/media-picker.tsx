// Media pieces shared by the Media tab and the content forms: the upload form, the thumbnail with
// its placeholder, and the image field whose picker chooses from (or uploads to) the library.
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { MEDIA_CATEGORIES, thumbnailFor, type MediaItem } from '../../../models/shared/media-rules';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { useMachineDrafts } from './translate-buttons';
import type { FieldDef } from '../lib/fields';
import { CsrfField, Dialog, FieldAnchors, SelectField, Spinner, TextField, useAdmin, useFieldError, useHydrated } from './ui';

export const ACCEPTED_FILES = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,video/mp4,video/webm';

/** Decorative file-type pictograms (the text next to them names the file). */
export function MediaIcon({ kind, size = 40 }: { kind: 'image' | 'pdf' | 'document' | 'video' | 'file'; size?: number }) {
  const d: Record<typeof kind, string> = {
    image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z',
    pdf: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h2a1.5 1.5 0 010 3H9v-3zm0 3v2',
    document: 'M6 2h9l5 5v15H6zM14 2v6h6M9 12h8M9 15h8M9 18h5',
    video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
    file: 'M6 2h9l5 5v15H6zM14 2v6h6',
  };
  return (
    <svg className="media-icon" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d[kind]} />
    </svg>
  );
}

export const iconKind = (m: Pick<MediaItem, 'fileType' | 'mimeType'>): 'image' | 'pdf' | 'document' | 'video' | 'file' =>
  m.fileType === 'image' ? 'image' : m.fileType === 'pdf' ? 'pdf' : m.fileType === 'document' ? 'document' : m.mimeType.startsWith('video/') ? 'video' : 'file';

/** An image thumbnail that turns into a placeholder icon when the image cannot load. */
export function MediaThumb({ item, width = 320, height = 200 }: { item: MediaItem; width?: number; height?: number }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The error may have happened before hydration attached the handler.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (item.fileType !== 'image' || failed) {
    return (
      <span className={`media-thumb media-thumb-icon${failed ? ' failed' : ''}`}>
        <MediaIcon kind={iconKind(item)} />
      </span>
    );
  }
  return (
    <span className="media-thumb">
      <img ref={ref} src={thumbnailFor(item.url)} alt={item.altText ?? ''} width={width} height={height} loading="lazy" onError={() => setFailed(true)} />
    </span>
  );
}

/** What the library says about a file, as the forms hold it. */
export interface MediaMetaValues {
  category: string;
  altText: string;
  altTextDe: string;
  description: string;
  tags: string;
}
const EMPTY_META: MediaMetaValues = { category: 'projects', altText: '', altTextDe: '', description: '', tags: '' };

/**
 * An AI proposal of an alt text, next to its field and marked as such: the volunteer copies it
 * into the field (with JavaScript) or reads and types it; saving the item clears the proposal.
 */
function AltSuggestionNote({ text, language, onUse }: { text: string; language: 'en' | 'de'; onUse: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const languageName = t(language === 'de' ? 'admin.a11y.german' : 'admin.a11y.english');
  return (
    <div className="admin-alt-suggestion">
      <p>
        {/* Only the suggestion is in its language; the badge and the button are in the admin's. */}
        <span className="admin-badge admin-badge-warning">{t('admin.altSuggest.label')}</span> <q lang={language}>{text}</q>
      </p>
      {hydrated && (
        // The name begins with the visible words (a speech command says what it sees); the
        // language follows for screen readers, which hear two such buttons.
        <button type="button" className="btn btn-outline btn-small" onClick={onUse}>
          {t('admin.altSuggest.use')}
          <span className="sr-only"> ({languageName})</span>
        </button>
      )}
    </div>
  );
}

/** The bilingual pair of a library item: its alt texts (labels are whole locale keys). */
const ALT_DEFS: FieldDef[] = [
  { name: 'altText', label: 'admin.media.altText', kind: 'text' },
  { name: 'altTextDe', label: 'admin.altSuggest.altTextDe', kind: 'text' },
];

/**
 * The details of a file, for the upload form and the edit form alike. `draftKey` names the file the
 * form is about: a new one forgets the machine-draft marks of the last.
 */
export function MediaMetaFields({
  values,
  onChange,
  errors,
  altRequired = false,
  suggestion = null,
  draftKey = 'media',
}: {
  values: MediaMetaValues;
  onChange: (v: MediaMetaValues) => void;
  errors: Record<string, FieldIssue>;
  altRequired?: boolean;
  suggestion?: MediaItem['altSuggestion'];
  draftKey?: string;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const set = (key: keyof MediaMetaValues) => (v: string) => onChange({ ...values, [key]: v });
  // A draft lands after a wait: it goes into the values as they are then, not as they were at the click.
  const latest = useRef(values);
  latest.current = values;
  const asRecord = (v: MediaMetaValues) => v as unknown as Record<string, string>;
  const drafts = useMachineDrafts(ALT_DEFS, asRecord(values), (update) => onChange({ ...latest.current, ...update(asRecord(latest.current)) }), draftKey, {
    entity: null,
    id: null,
    opened: asRecord(values),
  });
  return (
    <>
      {drafts.unavailable}
      <div className="admin-form-row cols-2">
        <SelectField name="category" label={t('admin.media.category')} value={values.category} onChange={set('category')} error={fieldError(errors.category)} required options={MEDIA_CATEGORIES.map((c) => ({ value: c, label: t(`admin.media.categories.${c}`) }))} />
        <div>
          {drafts.wrap(ALT_DEFS[0]!, <TextField name="altText" label={t('admin.media.altText')} value={values.altText} onChange={set('altText')} error={fieldError(errors.altText)} required={altRequired} hint={t('admin.media.altTextHint')} />)}
          {suggestion && suggestion.en !== values.altText && <AltSuggestionNote text={suggestion.en} language="en" onUse={() => onChange({ ...values, altText: suggestion.en })} />}
        </div>
      </div>
      <div className="admin-form-row cols-2">
        <div>
          {drafts.wrap(ALT_DEFS[1]!, <TextField name="altTextDe" label={t('admin.altSuggest.altTextDe')} value={values.altTextDe} onChange={set('altTextDe')} error={fieldError(errors.altTextDe)} />)}
          {suggestion && suggestion.de !== values.altTextDe && <AltSuggestionNote text={suggestion.de} language="de" onUse={() => onChange({ ...values, altTextDe: suggestion.de })} />}
        </div>
      </div>
      <div className="admin-form-row cols-2">
        <TextField name="description" label={t('admin.media.description')} value={values.description} onChange={set('description')} error={fieldError(errors.description)} />
        <TextField name="tags" label={t('admin.media.tags')} value={values.tags} onChange={set('tags')} hint={t('admin.media.tagsHint')} error={fieldError(errors.tags)} />
      </div>
    </>
  );
}

/** The upload form: multipart post without JavaScript, the admin API with it. */
export function UploadForm({ onUploaded, defaultCategory = 'projects', imagesOnly = false }: { onUploaded?: (item: MediaItem) => void; defaultCategory?: string; imagesOnly?: boolean }) {
  const t = useT();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const [meta, setMeta] = useState<MediaMetaValues>({ ...EMPTY_META, category: defaultCategory });
  const [errors, setErrors] = useState<Record<string, FieldIssue>>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // Each upload starts a new file's details: the drafts of the last one are not marked in it.
  const [uploads, setUploads] = useState(0);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // In the picker this form sits (through a portal) inside the content form: keep the event here.
    e.stopPropagation();
    const form = e.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    try {
      const item = await adminFetch<MediaItem>('POST', '/api/media', data);
      toast({ title: t('admin.media.uploaded'), description: item.originalName, variant: 'success' });
      setErrors({});
      setMeta((m) => ({ ...EMPTY_META, category: m.category }));
      setUploads((n) => n + 1);
      if (fileInput.current) fileInput.current.value = '';
      onUploaded?.(item);
    } catch (err) {
      setErrors(err instanceof AdminApiError ? err.fieldIssues : {});
      // The storage being down is said in the page's language (the server's sentence is English).
      toast({ title: t('admin.media.uploadError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-upload" method="post" encType="multipart/form-data" action={action('/admin/media')} onSubmit={hydrated ? submit : undefined} noValidate>
      <CsrfField />
      <div className={`admin-field${errors.file ? ' has-error' : ''}`}>
        <label htmlFor={imagesOnly ? 'picker-file' : 'upload-file'}>
          {t('admin.media.file')} <span className="admin-required">({t('admin.form.required')})</span>
        </label>
        <p className="admin-hint" id={imagesOnly ? 'picker-file-hint' : 'upload-file-hint'}>
          {imagesOnly ? t('admin.media.imageTypes') : t('admin.media.fileTypes')}
        </p>
        <input
          ref={fileInput}
          id={imagesOnly ? 'picker-file' : 'upload-file'}
          type="file"
          name="file"
          accept={imagesOnly ? 'image/jpeg,image/png,image/webp,image/gif' : ACCEPTED_FILES}
          aria-describedby={`${imagesOnly ? 'picker-file' : 'upload-file'}-hint${errors.file ? ` ${imagesOnly ? 'picker-file' : 'upload-file'}-error` : ''}`}
          aria-invalid={errors.file ? true : undefined}
        />
        {errors.file && (
          <p className="admin-error" id={`${imagesOnly ? 'picker-file' : 'upload-file'}-error`}>
            {fieldError(errors.file)}
          </p>
        )}
      </div>
      <MediaMetaFields values={meta} onChange={setMeta} errors={errors} draftKey={`upload-${uploads}`} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('admin.media.uploading') : t('admin.media.upload')}
      </button>
    </form>
  );
}

/**
 * The Markdown of a library image inserted into a text: the alt text of the text's language (the
 * German field takes the German alt text, or the English one while there is none).
 */
export function imageMarkdown(item: Pick<MediaItem, 'url' | 'altText' | 'altTextDe'>, language: 'en' | 'de'): string {
  const alt = (language === 'de' ? item.altTextDe || item.altText : item.altText) ?? '';
  // Brackets and line breaks would end the image's text early.
  return `![${alt.replace(/[\[\]\\]/g, '\\$&').replace(/\s+/g, ' ').trim()}](${item.url})`;
}

/**
 * The picker dialog: choose an image of the library, or upload one and use it. `kinds`: the file
 * types offered (images by default; a spending record's receipt may also be a PDF).
 */
export function MediaPicker({ open, onClose, onPick, category, kinds = ['image'], title, empty }: { open: boolean; onClose: () => void; onPick: (url: string, item: MediaItem) => void; category: string; kinds?: readonly string[]; title?: string; empty?: string }) {
  const t = useT();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (!open || items) return;
    adminFetch<MediaItem[]>('GET', '/api/media')
      .then((list) => setItems(list.filter((m) => kinds.includes(m.fileType))))
      .catch((err: Error) => setError(err.message));
  }, [open]);

  const q = query.trim().toLowerCase();
  const shown = (items ?? []).filter((m) => !q || `${m.originalName} ${m.altText ?? ''} ${m.description ?? ''} ${m.tags.join(' ')}`.toLowerCase().includes(q));

  return createPortal(
    // Its upload form is not the content form whose fields the anchors name, though it sits inside it.
    <FieldAnchors.Provider value={false}>
    <Dialog open={open} onClose={onClose} title={title ?? t('admin.media.pickTitle')} wide>
      <div className="admin-field">
        <label htmlFor="picker-search">{t('admin.media.search')}</label>
        <input id="picker-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : !items ? (
        <Spinner label={t('common.loading')} />
      ) : shown.length === 0 ? (
        <p className="admin-empty">{empty ?? t('admin.media.noImages')}</p>
      ) : (
        <ul className="picker-grid">
          {shown.map((m) => (
            <li key={m.id}>
              <button type="button" className="picker-item" onClick={() => onPick(m.url, m)}>
                <MediaThumb item={m} width={160} height={100} />
                <span className="picker-name">{m.originalName}</span>
                <span className="sr-only">{t('admin.media.use')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <details className="admin-details">
        <summary>{t('admin.media.uploadNew')}</summary>
        <UploadForm
          imagesOnly={kinds.length === 1 && kinds[0] === 'image'}
          defaultCategory={category}
          onUploaded={(item) => {
            setItems((old) => [item, ...(old ?? [])]);
            if (kinds.includes(item.fileType)) onPick(item.url, item);
          }}
        />
      </details>
    </Dialog>
    </FieldAnchors.Provider>,
    document.body,
  );
}

/** The image address of a project, article or team member, with a preview and the library picker. */
export function ImageField({ name, label, value, onChange, error, required, hint, category }: { name: string; label: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean; hint?: string; category: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setBroken(false), [value]);
  const id = `f-${name}-image`;
  // The edit form's fields carry #field-<name> (the accessibility check links to the picture).
  const anchors = useContext(FieldAnchors);
  return (
    <div className={`admin-field admin-image-field${error ? ' has-error' : ''}`} id={anchors ? `field-${name}` : undefined}>
      <label htmlFor={id}>
        {label}
        {required && <span className="admin-required"> ({t('admin.form.required')})</span>}
      </label>
      <p className="admin-hint" id={`${id}-hint`}>
        {hint ?? t('admin.hints.imageUrl')}
      </p>
      <div className="admin-image-row">
        <span className="admin-image-preview">
          {value && !broken && /^\/(?!\/)/.test(value) ? <img src={thumbnailFor(value)} alt="" width={96} height={72} onError={() => setBroken(true)} /> : <MediaIcon kind="image" size={28} />}
        </span>
        <input
          id={id}
          name={name}
          type="text"
          value={value}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
        />
        {hydrated && (
          <button ref={opener} type="button" className="btn btn-outline btn-small" onClick={() => setOpen(true)}>
            {t('admin.media.choose')}
          </button>
        )}
      </div>
      {error && (
        <p className="admin-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hydrated && (
        <MediaPicker
          open={open}
          category={category}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
          onPick={(url) => {
            onChange(url);
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}
