// The Activity panel: the audit log's newest entries (who changed what, when), by name, with a
// person's sign-ins in a row as one line, filtered by person, kind of thing and action. The
// filter is a GET form (query parameters on /admin) and works in place with JavaScript. An entry
// about an item that still exists links to it: what was moved to the trash to its place on the
// Trash screen while it lies there, anything else to its form (a file: its details).
import { useState, type FormEvent } from 'react';
import { useT } from '../app-context';
import type { ActivityLine, AuditFilter } from '../../models/people/audit';
import { isTrashName, itemHref, trashHref, type AdminTab } from '../../models/shared/admin-rules';
import { tabAllowed, type AdminRole } from '../../models/shared/roles';
import type { Lang } from '../types';
import { useAdmin, useHydrated, useScreenHref } from './widgets/ui';
import { ScreenLink } from './widgets/screen-link';
import { activitySentence, actorLabel, formatWhen } from './lib/activity-text';

const KNOWN_ACTIONS = ['create', 'update', 'adjust', 'delete', 'restore', 'undelete', 'publish', 'upload', 'login', 'send', 'retry', 'generate', 'erase', 'export', 'start', 'lift'];
/** The kinds of thing of the filter (models/audit.ts AUDIT_KINDS, which the browser bundle does not load). */
const KINDS = ['projects', 'news', 'team', 'pages', 'media', 'newsletter', 'social', 'donations', 'signins'] as const;


export interface ActivityPanelProps {
  entries: ActivityLine[];
  lang: Lang;
  filter?: AuditFilter;
  people?: { id: string; name: string | null }[];
  /** The tab the page shows: the no-JavaScript filter form keeps it. */
  tab?: AdminTab;
  /** With JavaScript: the filter changed (the page loads the matching entries). */
  onFilter?: (filter: AuditFilter) => void;
}

/**
 * Where an entry's item is now, for its link, or null: a delete's item on the Trash screen (for
 * the roles that see it) while it is in the trash; an item that is live, at its form.
 */
export function activityHref(e: Pick<ActivityLine, 'action' | 'item'>, lang: Lang, role: AdminRole): string | null {
  const item = e.item;
  if (!item || !isTrashName(item.name)) return null;
  if (item.state === 'trash') return e.action === 'delete' && tabAllowed(role, 'trash') ? trashHref(lang, item.name, item.id) : null;
  return itemHref(lang, item.name, item.id);
}

/** The filter as query parameters (the API's and the page's alike). */
export function activityQuery(filter: AuditFilter): string {
  const p = new URLSearchParams();
  if (filter.actor) p.set('actor', filter.actor);
  if (filter.kind) p.set('kind', filter.kind);
  if (filter.action) p.set('action', filter.action);
  return p.toString();
}

export function ActivityPanel({ entries, lang, filter = {}, people = [], tab, onFilter }: ActivityPanelProps) {
  const t = useT();
  const screenHref = useScreenHref();
  const hydrated = useHydrated();
  const { role } = useAdmin();
  const [draft, setDraft] = useState<AuditFilter>(filter);
  const filtered = Boolean(filter.actor || filter.kind || filter.action);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!onFilter) return;
    e.preventDefault();
    onFilter(draft);
  };
  const reset = () => {
    setDraft({});
    onFilter?.({});
  };

  return (
    <div className="admin-activity card">
      <h2 id="activity-title">{t('admin.activity.title')}</h2>
      <details className="activity-filter" open={filtered || undefined}>
        <summary>{t('admin.activity.filter')}</summary>
        <form method="get" action={screenHref(tab ?? 'dashboard', '#activity-title')} onSubmit={hydrated ? submit : undefined}>
          <label>
            {t('admin.activity.person')}
            <select name="actor" value={draft.actor ?? ''} onChange={(e) => setDraft({ ...draft, actor: e.target.value || undefined })}>
              <option value="">{t('admin.activity.all')}</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {actorLabel(t, p.id, p.name)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('admin.activity.kind')}
            <select name="kind" value={draft.kind ?? ''} onChange={(e) => setDraft({ ...draft, kind: (e.target.value || undefined) as AuditFilter['kind'] })}>
              <option value="">{t('admin.activity.all')}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`admin.activity.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('admin.activity.action')}
            <select name="action" value={draft.action ?? ''} onChange={(e) => setDraft({ ...draft, action: e.target.value || undefined })}>
              <option value="">{t('admin.activity.all')}</option>
              {KNOWN_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`admin.activity.actions.${a}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="activity-filter-actions">
            <button type="submit" className="btn btn-outline btn-small">
              {t('admin.activity.apply')}
            </button>
            {filtered &&
              (hydrated ? (
                <button type="button" className="btn btn-outline btn-small" onClick={reset}>
                  {t('admin.activity.reset')}
                </button>
              ) : (
                <a className="btn btn-outline btn-small" href={screenHref(tab ?? 'dashboard', '#activity-title')}>
                  {t('admin.activity.reset')}
                </a>
              ))}
          </div>
        </form>
      </details>
      {entries.length === 0 ? (
        <p className="admin-empty">{filtered ? t('admin.activity.noMatch') : t('admin.activity.empty')}</p>
      ) : (
        <ol className="activity-list">
          {entries.map((e) => {
            const grouped = e.action === 'login' && (e.count ?? 1) > 1;
            const sentence = activitySentence(t, lang, e);
            const href = activityHref(e, lang, role);
            return (
              <li key={e.id}>
                <p className="activity-what">
                  {href ? <ScreenLink href={href}>{sentence}</ScreenLink> : sentence},{' '}
                  {grouped && e.firstAt && formatWhen(e.firstAt, lang) !== formatWhen(e.createdAt, lang) ? (
                    <>
                      <time dateTime={e.firstAt}>{formatWhen(e.firstAt, lang)}</time> – <time dateTime={e.createdAt}>{formatWhen(e.createdAt, lang)}</time>
                    </>
                  ) : (
                    <time dateTime={e.createdAt}>{formatWhen(e.createdAt, lang)}</time>
                  )}
                </p>
                {e.details?.machine?.length ? <p className="activity-note">{t('admin.activity.machineDraft')}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
