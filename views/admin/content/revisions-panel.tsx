// The History of an item in its edit form: its revisions (who, when, what changed), a comparison
// of one with the current version (long texts word by word), and its restore after a
// confirmation. Without JavaScript every step is a link (?revision=<id>, &restore=1) or a form
// post; with it the same steps happen in place through the admin API.
import { useEffect, useState, type FormEvent } from 'react';
import { useApp, useT } from '../../app-context';
import { actorLabel, formatWhen, namesEveryField, revisionSentence, versionName } from '../lib/activity-text';
import { toast } from '../../components/toaster';
import { diffText } from '../../../models/shared/text-diff';
import type { Revision, RevisionSummary } from '../../../models/content/revisions';
import { adminFetch, AdminApiError, errorText } from '../lib/api';
import type { EntityName } from '../lib/fields';
import { ActionLink, CsrfField, useAdmin, useHydrated, useScreenHref } from '../widgets/ui';

type Item = { id: number } & Record<string, unknown>;

export interface HistoryProps {
  revisions: RevisionSummary[];
  compare: Revision | null;
  confirmRestore: boolean;
}

/** Fields a comparison leaves out: bookkeeping, and what a restore never changes (a project's raised amount, the publication state). */
const NOT_COMPARED = new Set(['id', 'createdAt', 'updatedAt', 'deletedAt', 'deletedBy', 'raisedAmount', 'raisedAmountBase', 'draft', 'publishAt']);
/** Texts longer than this (or with line breaks) are shown as one text with the words marked. */
const LONG_TEXT = 80;

const show = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v, null, 2) : String(v));

/** Fields with a form label (admin.fields), and those only revisions name (admin.revisions.fields). */
const FORM_FIELDS = new Set(['title', 'titleDe', 'description', 'descriptionDe', 'abstract', 'abstractDe', 'content', 'contentDe', 'position', 'positionDe', 'bio', 'bioDe', 'name', 'status', 'order', 'raisedAmount', 'goalAmount', 'imageUrl', 'slug', 'projectId', 'publishedAt', 'excerpt', 'location', 'pageName', 'metaDescription', 'metaDescriptionDe']);
const HISTORY_FIELDS = new Set(['draft', 'publishAt', 'texts', 'startDate']);

const actorLabelOf = (t: ReturnType<typeof useT>, r: { actor: string; actorName: string | null }) => actorLabel(t, r.actor, r.actorName);

export function revisionFieldLabel(t: ReturnType<typeof useT>, field: string): string {
  if (FORM_FIELDS.has(field)) return t(`admin.fields.${field}`);
  if (HISTORY_FIELDS.has(field)) return t(`admin.revisions.fields.${field}`);
  return field;
}

function ValueCell({ value, empty, yes, no }: { value: unknown; empty: string; yes: string; no: string }) {
  if (typeof value === 'boolean') return <>{value ? yes : no}</>;
  const text = show(value);
  return text === '' ? <em className="history-empty">{empty}</em> : <span className="history-text">{text}</span>;
}

/** The changed fields of a revision against the current item, side by side; long texts as one marked text. */
export function Comparison({ revision, current }: { revision: Revision; current: Item }) {
  const t = useT();
  const { lang } = useApp();
  const version = versionName(t, lang, revision);
  // The column of the earlier version, named by who saved it and when.
  const column =
    revision.action === 'baseline' ? t('admin.revisions.says.baseline') : t('admin.revisions.revisionValue', { who: actorLabelOf(t, revision), when: formatWhen(revision.createdAt, lang) });
  const keys = [...new Set([...Object.keys(revision.data), ...Object.keys(current)])].filter((k) => !NOT_COMPARED.has(k));
  const changed = keys.filter((k) => show(revision.data[k]) !== show(current[k]));
  const empty = t('admin.revisions.emptyValue');
  const yes = t('admin.revisions.yes');
  const no = t('admin.revisions.no');
  if (changed.length === 0) return <p className="history-same">{t('admin.revisions.identical')}</p>;
  return (
    <>
      <p className="admin-hint">{t('admin.revisions.legend')}</p>
      <table className="history-compare">
        <caption className="sr-only">{t('admin.revisions.compareCaption', { version })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.revisions.field')}</th>
            <th scope="col">{column}</th>
            <th scope="col">{t('admin.revisions.currentValue')}</th>
          </tr>
        </thead>
        <tbody>
          {changed.map((k) => {
            const before = show(revision.data[k]);
            const after = show(current[k]);
            const long = typeof revision.data[k] !== 'boolean' && (before.length > LONG_TEXT || after.length > LONG_TEXT || before.includes('\n') || after.includes('\n'));
            return (
              <tr key={k}>
                <th scope="row">{revisionFieldLabel(t, k)}</th>
                {long ? (
                  <td colSpan={2} className="history-diff">
                    {diffText(before, after).map((part, i) =>
                      part.kind === 'same' ? (
                        <span key={i}>{part.text}</span>
                      ) : part.kind === 'removed' ? (
                        <del key={i} title={t('admin.revisions.onlyInRevision')}>
                          {part.text}
                        </del>
                      ) : (
                        <ins key={i} title={t('admin.revisions.onlyInCurrent')}>
                          {part.text}
                        </ins>
                      ),
                    )}
                  </td>
                ) : (
                  <>
                    <td>
                      <ValueCell value={revision.data[k]} empty={empty} yes={yes} no={no} />
                    </td>
                    <td>
                      <ValueCell value={current[k]} empty={empty} yes={yes} no={no} />
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export interface RevisionsPanelProps {
  name: EntityName;
  id: number;
  /** What the server rendered (no-JavaScript path), null: fetch it. */
  initial: HistoryProps | null;
  /** The item as saved now (the server's, for the comparison without JavaScript). */
  current: Item | null;
  /** A revision was restored: the form takes the item's new values. */
  onRestored: (item: Item) => void;
  /** Asked before a restore replaces the form's values (false: the admin keeps their typing). */
  beforeRestore?: () => Promise<boolean>;
}

export function RevisionsPanel({ name, id, initial, current: initialCurrent, onRestored, beforeRestore }: RevisionsPanelProps) {
  const t = useT();
  const { lang } = useApp();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(initial?.revisions ?? null);
  const [compare, setCompare] = useState<Revision | null>(initial?.compare ?? null);
  const [current, setCurrent] = useState<Item | null>(initialCurrent);
  const [confirming, setConfirming] = useState(Boolean(initial?.confirmRestore && initial.compare));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Open while the admin works in it (a restore closes the comparison, not the History).
  const [open, setOpen] = useState(Boolean(initial?.compare));

  const href = (query: string) => screenHref(name, `?edit=${id}${query}#history`);

  async function load(): Promise<void> {
    try {
      setRevisions(await adminFetch<RevisionSummary[]>('GET', `/api/admin/${name}/${id}/revisions`));
      setError(null);
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  useEffect(() => {
    if (revisions === null) void load();
  }, []);

  async function openCompare(revId: number) {
    try {
      const [rev, item] = await Promise.all([adminFetch<Revision>('GET', `/api/admin/revisions/${revId}`), adminFetch<Item>('GET', `/api/admin/${name}/${id}`)]);
      setCompare(rev);
      setCurrent(item);
      setConfirming(false);
      setTimeout(() => document.getElementById('history-compare-title')?.focus(), 0);
    } catch (err) {
      toast({ title: t('common.error'), description: errorText(t, err), variant: 'destructive' });
    }
  }

  async function restore(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!compare || busy) return;
    // Unsaved typing in the form would be overwritten by the restored version: the same question as Cancel.
    if (beforeRestore && !(await beforeRestore())) return;
    setBusy(true);
    try {
      const item = await adminFetch<Item>('POST', `/api/admin/revisions/${compare.id}/restore`);
      toast({ title: t('admin.revisions.restored'), variant: 'success' });
      setCompare(null);
      setConfirming(false);
      setCurrent(item);
      onRestored(item);
      await load();
      setTimeout(() => document.getElementById('history-title')?.focus(), 0);
    } catch (err) {
      const fields = err instanceof AdminApiError ? Object.entries(err.fieldIssues).map(([k, v]) => `${revisionFieldLabel(t, k)}: ${v.message ?? v.code}`) : [];
      toast({ title: t('admin.revisions.restoreError'), description: fields.length ? fields.join('; ') : errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const count = revisions?.length ?? 0;

  return (
    <details id="history" className="admin-history card" open={open || undefined} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span id="history-title" tabIndex={-1}>
          {t('admin.revisions.title')}
        </span>{' '}
        <span className="admin-count">({count})</span>
      </summary>
      {error && <p role="alert">{error}</p>}
      {revisions && revisions.length === 0 && <p className="admin-empty">{t('admin.revisions.empty')}</p>}
      {revisions && revisions.length > 0 && (
        <ol className="history-list">
          {revisions.map((r) => (
            <li key={r.id} className={compare?.id === r.id ? 'current' : undefined}>
              <p className="history-what">
                {revisionSentence(t, r)}, <time dateTime={r.createdAt}>{formatWhen(r.createdAt, lang)}</time>
              </p>
              {r.source === 'machine' && <p className="history-note">{t('admin.activity.machineDraft')}</p>}
              {/* The sentence names up to three fields; more are listed here. */}
              {r.changedFields.length > 0 && (r.action !== 'update' || !namesEveryField(r.changedFields)) && (
                <p className="history-fields">
                  {t('admin.revisions.changed')}: {r.changedFields.map((f) => revisionFieldLabel(t, f)).join(', ')}
                </p>
              )}
              {r.action !== 'delete' && r.action !== 'undelete' && (
                <ActionLink className="btn btn-outline btn-small" href={href(`&revision=${r.id}`)} onClick={() => void openCompare(r.id)} label={t('admin.revisions.compareLabel', { version: versionName(t, lang, r) })}>
                  {t('admin.revisions.compare')}
                </ActionLink>
              )}
            </li>
          ))}
        </ol>
      )}

      {compare && current && (
        <section className="history-comparison" aria-labelledby="history-compare-title">
          <h4 id="history-compare-title" tabIndex={-1}>
            {t('admin.revisions.compareTitle', { version: versionName(t, lang, compare) })}
          </h4>
          <Comparison revision={compare} current={current} />
          <p className="admin-hint">{t(name === 'projects' ? 'admin.revisions.keptNoteProjects' : 'admin.revisions.keptNote')}</p>
          {confirming ? (
            <form method="post" action={action(`/admin/revisions/${compare.id}/restore`)} onSubmit={hydrated ? restore : undefined} className="admin-confirm" aria-label={t('admin.revisions.restore')}>
              <CsrfField />
              <p className="admin-confirm-text" role="alert">
                {t('admin.revisions.restoreConfirm', { version: versionName(t, lang, compare) })}
              </p>
              <div className="admin-item-actions">
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t('admin.revisions.restoreYes')}
                </button>
                <ActionLink className="btn btn-outline" href={href(`&revision=${compare.id}`)} onClick={() => setConfirming(false)}>
                  {t('admin.form.cancel')}
                </ActionLink>
              </div>
            </form>
          ) : (
            <div className="admin-item-actions">
              <ActionLink className="btn btn-primary btn-small" href={href(`&revision=${compare.id}&restore=1`)} onClick={() => setConfirming(true)}>
                {t('admin.revisions.restore')}
              </ActionLink>
              <ActionLink className="btn btn-outline btn-small" href={href('')} onClick={() => setCompare(null)}>
                {t('admin.revisions.closeCompare')}
              </ActionLink>
            </div>
          )}
        </section>
      )}
    </details>
  );
}
