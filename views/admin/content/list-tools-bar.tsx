// The search, sort and filter bar above the Projects, News and Team lists. Without JavaScript it
// is a GET form (/admin/projects?q=...&sort=...) that the server renders the list for; with
// JavaScript the list follows every change at once. The result count is announced politely.
import { useId } from 'react';
import { useT } from '../../app-context';
import { localized, type Lang } from '../../../models/shared/rules';
import { useHydrated, useScreenHref } from '../widgets/ui';
import { EMPTY_QUERY, isFiltered, PROJECT_STATUSES, PUBLISH_STATES, SORTS, TEAM_LOCATION_FILTERS, type ListEntity, type ListQuery } from '../lib/list-tools';
import { locationKey } from './entities';

export function ListToolsBar(props: {
  entity: ListEntity;
  query: ListQuery;
  onChange: (query: ListQuery) => void;
  shown: number;
  total: number;
  lang: Lang;
  projectOptions: { id: number; title: string; titleDe: string }[];
}) {
  const { entity, query, onChange, shown, total, lang, projectOptions } = props;
  const t = useT();
  const screenHref = useScreenHref();
  const hydrated = useHydrated();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const id = (name: string) => `lt-${entity}-${name}-${uid}`;
  const set = (key: keyof ListQuery) => (value: string) => onChange({ ...query, [key]: value });

  const select = (key: keyof ListQuery, label: string, options: { value: string; label: string }[]) => (
    <div className="admin-field">
      <label htmlFor={id(key)}>{label}</label>
      <select id={id(key)} name={key} value={query[key]} onChange={(e) => set(key)(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const all = { value: '', label: t('admin.listTools.all') };
  const sorts: readonly string[] = SORTS[entity];

  return (
    <>
      <form className="list-tools" method="get" action={screenHref(entity)} role="search" aria-label={t('admin.listTools.label', { list: t(`admin.tabs.${entity}`) })} onSubmit={hydrated ? (e) => e.preventDefault() : undefined}>
        <div className="admin-field list-tools-search">
          <label htmlFor={id('q')}>{t(`admin.listTools.search.${entity}`)}</label>
          <input id={id('q')} type="search" name="q" value={query.q} maxLength={100} onChange={(e) => set('q')(e.target.value)} />
        </div>
        {/* The first sort is the default: its value is empty, so it never appears in the address. */}
        {select(
          'sort',
          t('admin.listTools.sort'),
          sorts.map((s, i) => ({ value: i === 0 ? '' : s, label: t(`admin.listTools.sorts.${s}`) })),
        )}
        {entity === 'projects' && select('status', t('admin.listTools.status'), [all, ...PROJECT_STATUSES.map((s) => ({ value: s, label: t(`admin.status.${s}`) }))])}
        {entity === 'news' &&
          select('project', t('admin.listTools.project'), [
            all,
            { value: 'none', label: t('admin.form.noProject') },
            ...projectOptions.map((p) => ({ value: String(p.id), label: localized(lang, p.title, p.titleDe) })),
          ])}
        {entity === 'news' && select('lang', t('admin.listTools.language'), [all, { value: 'de-missing', label: t('admin.listTools.germanMissing') }])}
        {entity === 'team' && select('location', t('admin.listTools.location'), [all, ...TEAM_LOCATION_FILTERS.map((l) => ({ value: l, label: t(`admin.locations.${locationKey(l)}`) }))])}
        {select('state', t('admin.listTools.state'), [all, ...PUBLISH_STATES.map((s) => ({ value: s, label: t(`admin.listTools.states.${s}`) }))])}
        <div className="list-tools-actions">
          {!hydrated && (
            <button type="submit" className="btn btn-outline">
              {t('admin.listTools.apply')}
            </button>
          )}
          {isFiltered(query) &&
            (hydrated ? (
              <button type="button" className="btn btn-outline" onClick={() => onChange(EMPTY_QUERY)}>
                {t('admin.listTools.clear')}
              </button>
            ) : (
              <a className="btn btn-outline" href={screenHref(entity)}>
                {t('admin.listTools.clear')}
              </a>
            ))}
        </div>
      </form>
      <p className="list-tools-count small" role="status" aria-live="polite">
        {isFiltered(query) ? t('admin.listTools.countFiltered', { count: shown, total }) : t('admin.listTools.count', { count: total })}
      </p>
    </>
  );
}
