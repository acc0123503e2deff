// Publishing in the admin's content tabs: the one publishing choice of every form (Save draft,
// Publish now, Schedule), the state badge (and the "German missing" mark) of every list row, and
// the Preview button of the form.
// Without JavaScript the fields are plain form fields and Preview is a submit button with its own
// formaction (the server stores the preview and redirects to its link); with JavaScript Preview
// asks the admin API for a link, opens it in a new tab and shows it to copy.
import { useId, useState } from 'react';
import { useApp, useT } from '../../app-context';
import { PUBLISH_MODES, publishModeOf, publishState, toZurichLocal, type Publishing, type PublishMode, type PublishState } from '../../../models/shared/publish-state';
import { adminFetch, errorText, withLang } from '../lib/api';
import { formatDateTime, useAdmin, useHydrated } from './ui';
import type { EntityName, FieldDef } from '../lib/fields';
import type { TFunction } from '../../translate';

/** The form row every entity has: the publishing choice. */
export const publishingRow: FieldDef[] = [{ name: 'publishMode', label: 'publishing', kind: 'publishing' }];

/**
 * The form values of the publishing fields ("true"/"false", Swiss local time for the date). A new
 * item starts as a draft: publishing is a choice the volunteer makes.
 */
export function publishingValues(item: Partial<Publishing> | null): Record<string, string> {
  if (!item) return { draft: 'true', publishAt: '', publishMode: 'draft' };
  const values = { draft: item.draft ? 'true' : 'false', publishAt: toZurichLocal(item.publishAt ?? null) };
  return { ...values, publishMode: publishModeOf(values) };
}

/** The save button says what it does: Save draft, Schedule, Publish now (Save changes for what is public already). */
export function saveLabel(t: TFunction, values: Record<string, string>, opened: Record<string, string> | null, editing: boolean): string {
  const mode = publishModeOf(values);
  if (mode === 'draft') return t('admin.publishing.saveDraft');
  if (mode === 'schedule') return t('admin.publishing.schedule');
  return editing && opened && publishModeOf({ draft: opened.draft, publishAt: opened.publishAt }) === 'now' ? t('admin.form.save') : t('admin.publishing.publishNow');
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

interface ControlProps {
  values: Record<string, string>;
  /** Sets some of the form's values. */
  onChange: (changes: Record<string, string>) => void;
  /** The publishAt field's error. */
  error?: string;
}

/**
 * The one publishing choice: three radio buttons and, for Schedule, one date and time (Swiss time).
 * Without JavaScript the server reads the choice (publishMode) itself; the time field shows only
 * while Schedule is chosen (admin.css, :has()).
 */
export function PublishControl({ values, onChange, error }: ControlProps) {
  const t = useT();
  const base = `f-publish-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const mode: PublishMode = publishModeOf(values);
  const whenId = `${base}-when`;
  const errorId = `${whenId}-error`;
  return (
    <fieldset className={`admin-field admin-publish${error ? ' has-error' : ''}`} aria-describedby={`${base}-hint`}>
      <legend>{t('admin.fields.publishing')}</legend>
      <p className="admin-hint" id={`${base}-hint`}>
        {t('admin.publishing.hint')}
      </p>
      <input type="hidden" name="draft" value={mode === 'draft' ? 'true' : 'false'} />
      <div className="admin-publish-choices">
        {PUBLISH_MODES.map((m) => (
          <div key={m} className="admin-publish-choice">
            <input id={`${base}-${m}`} type="radio" name="publishMode" value={m} checked={mode === m} onChange={() => onChange({ publishMode: m, draft: m === 'draft' ? 'true' : 'false' })} aria-describedby={`${base}-${m}-hint`} />
            <label htmlFor={`${base}-${m}`}>
              <strong>{t(`admin.publishing.modes.${m}`)}</strong>
              <span className="admin-hint" id={`${base}-${m}-hint`}>
                {t(`admin.publishing.modes.${m}Hint`)}
              </span>
            </label>
          </div>
        ))}
      </div>
      <div className="admin-publish-when">
        <label htmlFor={whenId}>{t('admin.fields.publishAt')}</label>
        <input
          id={whenId}
          type="datetime-local"
          name="publishAt"
          value={values.publishAt ?? ''}
          onChange={(e) => onChange({ publishAt: e.target.value, publishMode: 'schedule', draft: 'false' })}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p className="admin-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    </fieldset>
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
