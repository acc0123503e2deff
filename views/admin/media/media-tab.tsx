// The Media tab: upload, a grid with category filter and text search, a view dialog, download,
// and delete after a confirmation.
import { useEffect, useState } from 'react';
import { useApp, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { formatFileSize, MEDIA_CATEGORIES, srcSetFor, visibleTags, type MediaItem } from '../../../models/shared/media-rules';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { ActionLink, CsrfField, Dialog, formatDateTime, Loading, useAdmin, useHydrated, useScreenHref } from '../widgets/ui';
import { MediaIcon, MediaThumb, iconKind } from '../widgets/media-picker';
import { UploadForm } from '../widgets/media-upload';
import type { AdminFlash } from '../lib/flash';
import { MediaUsageNote, useMediaTrash, type MediaUse } from './media-trash';
import { MediaEditForm } from './media-edit-form';

export interface MediaTabProps {
  initialItems: MediaItem[];
  initialFilter: { category: string; q: string };
  initialConfirm: number | null;
  /** With the question the server opened: where the content still shows that file. */
  initialUsage: MediaUse[] | null;
  flash: AdminFlash | null;
  /** ?edit=<id>: the details form of that file is open (and, after a failed save, what was sent). */
  initialEdit: number | null;
  failedEdit: { id: number | null; values: Record<string, string>; errors: Record<string, FieldIssue> } | null;
  onChanged: () => void;
}

/** Text search over what the admin sees of an item. */
export function matchesSearch(item: MediaItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [item.originalName, item.description ?? '', item.altText ?? '', item.category, ...item.tags].join(' ').toLowerCase().includes(q);
}

function MediaPreview({ item }: { item: MediaItem }) {
  const t = useT();
  if (item.fileType === 'image') {
    return (
      <img
        className="media-preview"
        src={item.url}
        srcSet={srcSetFor(item.url)}
        sizes="(min-width: 900px) 800px, 90vw"
        alt={item.altText ?? ''}
        width={item.width ?? undefined}
        height={item.height ?? undefined}
      />
    );
  }
  if (item.mimeType.startsWith('video/')) {
    return <video className="media-preview" src={item.url} controls preload="metadata" aria-label={item.description ?? item.originalName} />;
  }
  return (
    <div className="media-preview media-preview-icon">
      <MediaIcon kind={iconKind(item)} size={72} />
      <p>{t('admin.media.noPreview')}</p>
    </div>
  );
}

export function MediaTab({ initialItems, initialFilter, initialConfirm, initialUsage, flash, initialEdit, failedEdit, onChanged }: MediaTabProps) {
  const t = useT();
  const { lang } = useApp();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const [items, setItems] = useState<MediaItem[] | null>(initialItems);
  const [category, setCategory] = useState(initialFilter.category);
  const [query, setQuery] = useState(initialFilter.q);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<MediaItem | null>(null);
  const [confirmId, setConfirmId] = useState<number | null>(initialConfirm);
  const [editId, setEditId] = useState<number | null>(initialEdit);
  const [refocus, setRefocus] = useState<number | null>(null);
  useEffect(() => {
    if (refocus === null) return;
    document.querySelector<HTMLElement>(`#media-${refocus} .media-edit-button`)?.focus();
    setRefocus(null);
  }, [refocus]);
  const closeEdit = (id: number) => {
    setEditId(null);
    setRefocus(id);
  };
  const [busy, setBusy] = useState(false);

  async function load(cat: string) {
    try {
      // The list, or one category of it.
      setItems(await adminFetch<MediaItem[]>('GET', cat ? `/api/media?category=${encodeURIComponent(cat)}` : '/api/media'));
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(t, err));
    }
  }


  async function remove(item: MediaItem) {
    setBusy(true);
    try {
      await adminFetch('DELETE', `/api/media/${item.id}`);
      trash.deletedToast(item.id, item.originalName);
      setConfirmId(null);
      setViewing(null);
      await load(category);
      onChanged();
    } catch (err) {
      const down = err instanceof AdminApiError && err.code === 'storage.unavailable';
      toast({ title: down ? t('admin.media.storageDown') : t('admin.media.deleteError', { message: errorText(t, err) }), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const trash = useMediaTrash({ confirmId, initialConfirm, initialUsage, flash, reload: () => load(category), onChanged });

  // Server-side the query already filtered the list; in the browser the search filters live.
  const shown = (items ?? []).filter((m) => matchesSearch(m, query));
  const base = screenHref('media');
  const href = (q: string) => screenHref('media', `${category ? `&category=${encodeURIComponent(category)}` : ''}${query ? `&q=${encodeURIComponent(query)}` : ''}${q}`);

  return (
    <div className="admin-media-tab">
      <div className="admin-toolbar">
        <h2 className="admin-tab-title">{t('admin.tabs.media')}</h2>
      </div>

      <details className="admin-details admin-upload-panel">
        <summary>{t('admin.media.uploadTitle')}</summary>
        <UploadForm
          defaultCategory={category || 'projects'}
          onUploaded={() => {
            void load(category);
            onChanged();
          }}
        />
      </details>

      <form className="media-filters" method="get" action={base} role="search" aria-label={t('admin.media.filterLabel')} onSubmit={hydrated ? (e) => e.preventDefault() : undefined}>
        <div className="admin-field">
          <label htmlFor="media-category">{t('admin.media.category')}</label>
          <select
            id="media-category"
            name="category"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              if (hydrated) void load(e.target.value);
            }}
          >
            <option value="">{t('admin.media.allCategories')}</option>
            {MEDIA_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`admin.media.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field media-search">
          <label htmlFor="media-search">{t('admin.media.search')}</label>
          <input id="media-search" type="search" name="q" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        {!hydrated && (
          <button type="submit" className="btn btn-outline">
            {t('admin.media.applyFilter')}
          </button>
        )}
      </form>

      <p className="sr-only" role="status" aria-live="polite">
        {items ? t('admin.media.count', { count: shown.length }) : ''}
      </p>

      {items === null ? (
        <Loading error={loadError} />
      ) : shown.length === 0 ? (
        <div className="admin-empty">
          <p className="admin-empty-title">{t('admin.media.empty')}</p>
          <p>{query.trim() ? t('admin.media.emptySearch') : t('admin.media.emptyCategory')}</p>
        </div>
      ) : (
        <ul className="media-grid" aria-label={t('admin.media.gridLabel')}>
          {shown.map((m) => {
            const { shown: tags, more } = visibleTags(m.tags);
            const confirming = confirmId === m.id;
            const editing = editId === m.id && !confirming;
            return (
              <li key={m.id} id={`media-${m.id}`} className={`media-card${editing ? ' editing' : ''}`}>
                <MediaThumb item={m} />
                <div className="media-card-body">
                  <h3 className="media-name" title={m.originalName}>
                    {m.originalName}
                  </h3>
                  <p className="media-meta">
                    <span className="badge">{t(`admin.media.categories.${m.category}`, { defaultValue: m.category })}</span> {formatFileSize(m.fileSize, lang)}
                  </p>
                  {m.altSuggestion && !editing && (
                    <div className="admin-alt-suggestion">
                      <p>
                        <span className="admin-badge admin-badge-warning">{t('admin.altSuggest.label')}</span>
                      </p>
                      <p lang="en">
                        <q>{m.altSuggestion.en}</q>
                      </p>
                      <p lang="de">
                        <q>{m.altSuggestion.de}</q>
                      </p>
                    </div>
                  )}
                  {m.altDraftDe && !editing && (
                    // German pages show a machine's German until a person writes one: marked for review.
                    <div className="admin-alt-suggestion media-alt-draft">
                      <p>
                        <span className="admin-badge admin-badge-warning">{t('admin.altSuggest.draftLabel')}</span>
                      </p>
                      <p lang="de">
                        <q>{m.altDraftDe.text}</q>
                      </p>
                      <p className="admin-hint">{t('admin.altSuggest.draftShown')}</p>
                    </div>
                  )}
                  {m.tags.length > 0 && (
                    <ul className="media-tags" aria-label={t('admin.media.tags')}>
                      {tags.map((tag) => (
                        <li key={tag} className="chip-sm">
                          {tag}
                        </li>
                      ))}
                      {more > 0 && (
                        <li className="chip-sm chip-more" aria-label={t('admin.media.moreTags', { count: more })}>
                          +{more}
                        </li>
                      )}
                    </ul>
                  )}
                </div>
                {editing ? (
                  <MediaEditForm
                    item={m}
                    initial={failedEdit && failedEdit.id === m.id ? failedEdit : null}
                    focusFirst={hydrated}
                    cancelHref={href('')}
                    onCancel={() => closeEdit(m.id)}
                    onSaved={(saved) => {
                      setItems((list) => (list ?? []).map((x) => (x.id === saved.id ? saved : x)));
                      closeEdit(m.id);
                      onChanged();
                    }}
                  />
                ) : confirming ? (
                  <form
                    className="admin-confirm"
                    method="post"
                    action={action(`/admin/media/${m.id}/delete`)}
                    onSubmit={hydrated ? (e) => (e.preventDefault(), void remove(m)) : undefined}
                    role="group"
                    aria-label={t('admin.confirm.label')}
                  >
                    <CsrfField />
                    <p className="admin-confirm-text" role="alert">
                      {t('admin.confirm.delete', { title: m.originalName })}
                    </p>
                    <MediaUsageNote usedIn={trash.usedIn} />
                    <div className="media-actions">
                      <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
                        {t('admin.confirm.yes')}
                      </button>
                      <ActionLink className="btn btn-outline btn-small" href={href('')} onClick={() => setConfirmId(null)}>
                        {t('admin.form.cancel')}
                      </ActionLink>
                    </div>
                  </form>
                ) : (
                  <div className="media-actions">
                    <ActionLink className="btn btn-outline btn-small" href={m.url} onClick={() => setViewing(m)} label={`${t('admin.media.view')}: ${m.originalName}`}>
                      {t('admin.media.view')}
                    </ActionLink>
                    <a className="btn btn-outline btn-small" href={m.url} download={m.originalName} aria-label={`${t('admin.media.download')}: ${m.originalName}`}>
                      {t('admin.media.download')}
                    </a>
                    <ActionLink className="btn btn-outline btn-small media-edit-button" href={href(`&edit=${m.id}#media-${m.id}`)} onClick={() => (setConfirmId(null), setEditId(m.id))} label={`${t('admin.media.edit')}: ${m.originalName}`}>
                      {t('admin.media.edit')}
                    </ActionLink>
                    <ActionLink className="btn btn-outline btn-danger-outline btn-small" href={href(`&delete=${m.id}`)} onClick={() => setConfirmId(m.id)} label={`${t('admin.actions.delete')}: ${m.originalName}`}>
                      {t('admin.actions.delete')}
                    </ActionLink>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.originalName ?? ''} wide>
        {viewing && (
          <div className="media-view">
            <MediaPreview item={viewing} />
            <dl className="media-details">
              <dt>{t('admin.media.type')}</dt>
              <dd>{viewing.mimeType}</dd>
              <dt>{t('admin.media.size')}</dt>
              <dd>{formatFileSize(viewing.fileSize, lang)}</dd>
              {viewing.width && viewing.height ? (
                <>
                  <dt>{t('admin.media.dimensions')}</dt>
                  <dd>
                    {viewing.width} × {viewing.height} px
                  </dd>
                </>
              ) : null}
              <dt>{t('admin.media.category')}</dt>
              <dd>{t(`admin.media.categories.${viewing.category}`, { defaultValue: viewing.category })}</dd>
              {viewing.altText && (
                <>
                  <dt>{t('admin.media.altText')}</dt>
                  <dd>{viewing.altText}</dd>
                </>
              )}
              {viewing.altTextDe && (
                <>
                  <dt>{t('admin.altSuggest.altTextDe')}</dt>
                  <dd lang="de">{viewing.altTextDe}</dd>
                </>
              )}
              {viewing.description && (
                <>
                  <dt>{t('admin.media.description')}</dt>
                  <dd>{viewing.description}</dd>
                </>
              )}
              {viewing.tags.length > 0 && (
                <>
                  <dt>{t('admin.media.tags')}</dt>
                  <dd>{viewing.tags.join(', ')}</dd>
                </>
              )}
              <dt>{t('admin.media.uploadedAt')}</dt>
              <dd>{formatDateTime(viewing.createdAt, lang)}</dd>
              <dt>{t('admin.media.address')}</dt>
              <dd>
                <code>{viewing.url}</code>
              </dd>
            </dl>
            <div className="media-actions">
              <a className="btn btn-primary" href={viewing.url} download={viewing.originalName}>
                {t('admin.media.download')}
              </a>
              <button type="button" className="btn btn-outline" onClick={() => {
                  setEditId(viewing.id);
                  setViewing(null);
                }}>
                {t('admin.media.edit')}
              </button>
              <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => {
                  setConfirmId(viewing.id);
                  setViewing(null);
                }}>
                {t('admin.actions.delete')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
