// Publishing in the admin's content tabs: the Draft and Publish at fields of every form, the state
// badge (and the "German missing" mark) of every list row, and the Preview button of the form.
// Without JavaScript the fields are plain form fields and Preview is a submit button with its own
// formaction (the server stores the preview and redirects to its link); with JavaScript Preview
// asks the admin API for a link, opens it in a new tab and shows it to copy.
import { useId, useState } from 'react';
import { useApp, useT } from '../app-context';
import { publishState, toZurichLocal, type Publishing, type PublishState } from '../../models/shared/publish-state';
import { adminFetch, errorText, withLang } from './api';
import { formatDateTime, useAdmin, useHydrated } from './ui';
import type { EntityName, FieldDef } from './entities';
import type { TFunction } from '../translate';

/** The form row every entity has: Draft beside Publish at. */
export const publishingRow: FieldDef[] = [
  { name: 'draft', label: 'draft', kind: 'draft' },
  { name: 'publishAt', label: 'publishAt', kind: 'publishAt' },
];

/** The form values of the publishing fields ("true"/"false", Swiss local time for the date). */
export function publishingValues(item: Partial<Publishing> | null): Record<string, string> {
  return { draft: item?.draft ? 'true' : 'false', publishAt: toZurichLocal(item?.publishAt ?? null) };
}

/** What a list row shows of an item's publishing state. */
export interface RowState {
  state: PublishState;
  publishAt: string | null;
  /** Locale keys under admin.publishing.marks (e.g. germanMissing). */
  marks: string[];
}

export function rowState(item: Partial<Publishing>, marks: string[] = []): RowState {
  const p: Publishing = { draft: Boolean(item.draft), publishAt: item.publishAt ?? null };
  return { state: publishState(p), publishAt: p.publishAt, marks };
}

interface FieldProps {
  def: FieldDef;
  /** admin.fields.draft / admin.fields.publishAt, as every field's label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The Draft checkbox (a hidden "false" before it: an unticked box still says so) or the Publish at field. */
export function PublishingField({ def, label, value, onChange, error }: FieldProps) {
  const t = useT();
  const id = `f-${def.name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  if (def.kind === 'draft') {
    return (
      <div className={`admin-field admin-field-check${error ? ' has-error' : ''}`}>
        <input type="hidden" name="draft" value="false" />
        <label htmlFor={id} className="admin-check">
          <input id={id} type="checkbox" name="draft" value="true" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} aria-describedby={describedBy} aria-invalid={error ? true : undefined} />{' '}
          {label}
        </label>
        <p className="admin-hint" id={hintId}>
          {t('admin.publishing.draftHint')}
        </p>
        {error && (
          <p className="admin-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className={`admin-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <p className="admin-hint" id={hintId}>
        {t('admin.publishing.publishAtHint')}
      </p>
      <input id={id} type="datetime-local" name="publishAt" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy} aria-invalid={error ? true : undefined} />
      {error && (
        <p className="admin-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The text of a state badge: Draft, Scheduled for <date>, Published. */
export function stateText(t: TFunction, lang: 'en' | 'de', s: RowState): string {
  if (s.state === 'scheduled' && s.publishAt) return t('admin.publishing.state.scheduledFor', { date: formatDateTime(s.publishAt, lang) });
  return t(`admin.publishing.state.${s.state}`);
}

/** A list row's badges: the state, and marks such as "German missing". Text, not colour alone. */
export function StateBadges({ state }: { state: RowState | undefined }) {
  const t = useT();
  const { lang } = useApp();
  if (!state) return null;
  return (
    <p className="admin-item-badges">
      <span className={`admin-badge admin-badge-${state.state}`}>{stateText(t, lang, state)}</span>
      {state.marks.map((m) => (
        <span key={m} className="admin-badge admin-badge-warning" title={t(`admin.publishing.marks.${m}Hint`)}>
          {t(`admin.publishing.marks.${m}`)}
        </span>
      ))}
    </p>
  );
}

/** The form's Preview button; `values` are the form's current values (with JavaScript). */
export function PreviewButton({ name, id, values }: { name: EntityName; id: number | null; values: Record<string, string> }) {
  const t = useT();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; urlDe: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { lang } = useApp();

  async function preview() {
    setBusy(true);
    setError(null);
    // Opened now, while the click still counts as the admin's: a tab opened after the request would be blocked.
    const tab = window.open('', '_blank');
    try {
      const made = await adminFetch<{ url: string; urlDe: string; expiresAt: string }>('POST', withLang('/api/admin/preview', lang), { entity: name, id: id ?? undefined, values });
      setLink(made);
      const url = lang === 'de' ? made.urlDe : made.url;
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      }
    } catch (err) {
      tab?.close();
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="submit"
        className="btn btn-outline"
        formAction={action(`/admin/preview/${name}${id ? `/${id}` : ''}`)}
        formNoValidate
        disabled={busy}
        onClick={hydrated ? (e) => (e.preventDefault(), void preview()) : undefined}
      >
        {busy ? t('admin.publishing.previewing') : t('admin.publishing.preview')}
      </button>
      {(link || error) && (
        <div className="admin-preview-link" role="status">
          {error ? (
            <p className="admin-error">{error}</p>
          ) : (
            link && (
              <>
                <p>{t('admin.publishing.previewReady', { date: formatDateTime(link.expiresAt, lang) })}</p>
                <p>
                  <a href={link.url} target="_blank" rel="noopener">
                    {t('admin.publishing.previewEnglish')}
                  </a>{' '}
                  ·{' '}
                  <a href={link.urlDe} target="_blank" rel="noopener">
                    {t('admin.publishing.previewGerman')}
                  </a>
                </p>
                <label className="admin-preview-copy">
                  {t('admin.publishing.previewCopy')}
                  <input type="text" readOnly value={lang === 'de' ? link.urlDe : link.url} onFocus={(e) => e.currentTarget.select()} />
                </label>
              </>
            )
          )}
        </div>
      )}
    </>
  );
}
