// Media pieces shared by the Media tab and the content forms: the thumbnail with its placeholder,
// the picker dialog that chooses from the library or uploads a new file into it (the upload form is
// media-upload.tsx, the Media screen's too), and the image field that opens the picker.
import { useContext, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../app-context';
import { thumbnailFor, type MediaItem } from '../../../models/shared/media-rules';
import { adminFetch } from '../lib/api';
import { UploadForm } from './media-upload';
import { Dialog, FieldAnchors, Spinner, useHydrated } from './ui';

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
 * The picker dialog: choose a file of the library, or upload one, which is then chosen. `kinds`: the
 * file types offered (images by default; a spending record's receipt may also be a PDF). The
 * upload comes first (one line until it is opened; open at once when there is nothing to choose),
 * then the search and the library.
 */
export function MediaPicker({ open, onClose, onPick, category, kinds = ['image'], title, empty }: { open: boolean; onClose: () => void; onPick: (url: string, item: MediaItem) => void; category: string; kinds?: readonly string[]; title?: string; empty?: string }) {
  const t = useT();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const imagesOnly = kinds.length === 1 && kinds[0] === 'image';

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
      {/* Open when there is nothing to choose; else the volunteer opens it (the element keeps its own state). */}
      <details className="admin-details picker-upload" open={items?.length === 0}>
        <summary>{imagesOnly ? t('admin.media.uploadNew') : t('admin.media.uploadNewFile')}</summary>
        <UploadForm
          imagesOnly={imagesOnly}
          defaultCategory={category}
          onUploaded={(item) => {
            if (!kinds.includes(item.fileType)) return;
            setItems((old) => [item, ...(old ?? [])]);
            onPick(item.url, item);
          }}
        />
      </details>
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
        <p className="admin-empty">{empty ?? (items.length === 0 ? t('admin.media.noImages') : t('admin.media.noMatch'))}</p>
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
  // What the picker chose, said once the focus is back on its button (the dialog's own messages go with it).
  const [chosen, setChosen] = useState('');
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
          onPick={(url, item) => {
            onChange(url);
            setOpen(false);
            opener.current?.focus();
            setChosen(t('admin.media.chosen', { name: item.originalName }));
          }}
        />
      )}
      {hydrated && (
        <p className="sr-only" role="status">
          {chosen}
        </p>
      )}
    </div>
  );
}
