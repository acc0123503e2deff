// The Translations tab: every text of the site in English and German with its state (missing,
// out of date, current), counts, filters and a link straight to the form field. The filter is a
// GET form: without JavaScript it loads the page again; with it the list is fetched in place.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useT } from '../../app-context';
import { adminFetch } from '../lib/api';
import { Spinner, useHydrated, useScreenHref } from '../widgets/ui';
import { TRANSLATION_ENTITIES, TRANSLATION_STATES, VIEW_STATES, type TranslationEntry, type TranslationsView } from '../../../models/shared/translation-rules';

/** Rows the tab shows at once (the counts cover all; as the server's TAB_ROWS). */
const ROWS = 300;

const queryOf = (f: TranslationsView['filter']) => {
  const p = new URLSearchParams({ state: f.state });
  if (f.entity) p.set('entity', f.entity);
  if (f.language) p.set('language', f.language);
  return p.toString();
};

export function TranslationsTab({ initial }: { initial: TranslationsView | null }) {
  const t = useT();
  const screenHref = useScreenHref();
  const hydrated = useHydrated();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [filter, setFilter] = useState<TranslationsView['filter']>(initial?.filter ?? { state: 'todo', entity: '', language: '' });
  // What the selects show (the list follows on "Show").
  const [chosen, setChosen] = useState(filter);
  const choose = (k: keyof TranslationsView['filter']) => (e: { currentTarget: HTMLSelectElement }) => {
    const v = e.currentTarget.value;
    setChosen((c) => ({ ...c, [k]: v }));
  };
  const [report, setReport] = useState(initial?.report ?? null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(initial ? 0 : 1);

  useEffect(() => {
    if (reload === 0) return;
    let stale = false;
    setError(null);
    adminFetch<TranslationsView['report']>('GET', `/api/admin/translations?${queryOf(filter)}&limit=${ROWS}`)
      .then((r) => {
        if (!stale) setReport(r);
      })
      .catch((e: Error) => {
        if (!stale) setError(e.message);
      });
    return () => {
      stale = true;
    };
  }, [reload]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = chosen;
    setFilter(next);
    window.history.replaceState(window.history.state, '', screenHref('translations', `?${queryOf(next)}`));
    setReload((n) => n + 1);
  }

  const fieldName = (e: TranslationEntry) => {
    if (e.entity === 'locale') return e.field;
    if (e.entity === 'media') return t('admin.altSuggest.altTextDe');
    if (e.field.startsWith('texts.')) return t('admin.translations.pageText', { key: e.field.slice(6) });
    return t(`admin.fields.${e.language === 'de' ? `${e.field}De` : e.field}`);
  };

  return (
    <section className="don-tab tr-tab" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('admin.translations.title')}</h2>
      <p>{t('admin.translations.intro')}</p>

      <form method="get" action={screenHref('translations')} className="don-filters" aria-label={t('admin.translations.filtersLabel')} onSubmit={hydrated ? submit : undefined}>
        <div className="admin-field">
          <label htmlFor={`${uid}-state`}>{t('admin.translations.state')}</label>
          <select id={`${uid}-state`} name="state" value={chosen.state} onChange={choose('state')}>
            {VIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.translations.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-entity`}>{t('admin.translations.kind')}</label>
          <select id={`${uid}-entity`} name="entity" value={chosen.entity} onChange={choose('entity')}>
            <option value="">{t('admin.translations.entities.all')}</option>
            {TRANSLATION_ENTITIES.map((x) => (
              <option key={x} value={x}>
                {t(`admin.translations.entities.${x}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-language`}>{t('admin.translations.language')}</label>
          <select id={`${uid}-language`} name="language" value={chosen.language} onChange={choose('language')}>
            <option value="">{t('admin.translations.languages.all')}</option>
            <option value="en">{t('admin.translations.languages.en')}</option>
            <option value="de">{t('admin.translations.languages.de')}</option>
          </select>
        </div>
        <div className="don-filter-actions">
          <button type="submit" className="btn btn-primary btn-small">
            {t('admin.translations.apply')}
          </button>
        </div>
      </form>

      {error && (
        <div className="admin-error" role="alert">
          <p>{t('admin.translations.loadFailed', { message: error })}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => setReload((n) => n + 1)}>
            {t('admin.translations.retry')}
          </button>
        </div>
      )}
      {!report ? (
        !error && <Spinner label={t('common.loading')} />
      ) : (
        <>
          <ul className="tr-counts" aria-label={t('admin.translations.countsLabel')}>
            {TRANSLATION_STATES.map((s) => (
              <li key={s} className={`tr-count tr-${s}`}>
                <span className="tr-count-n">{report.counts[s]}</span> {t(`admin.translations.states.${s}`)}
              </li>
            ))}
          </ul>
          <p className="don-count" role="status" aria-live="polite">
            {report.matched > report.entries.length
              ? t('admin.translations.limited', { shown: report.entries.length, count: report.matched })
              : t('admin.translations.shown', { count: report.matched })}
          </p>
          {report.entries.length === 0 ? (
            <div className="admin-empty">
              <p className="admin-empty-title">{t('admin.translations.empty')}</p>
            </div>
          ) : (
            <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-caption`} tabIndex={0}>
              <table className="don-table tr-table">
                <caption id={`${uid}-caption`}>{t('admin.translations.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.translations.columns.item')}</th>
                    <th scope="col">{t('admin.translations.columns.field')}</th>
                    <th scope="col">{t('admin.translations.columns.language')}</th>
                    <th scope="col">{t('admin.translations.columns.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.entries.map((e) => (
                    <tr key={`${e.entity}-${e.id}-${e.field}-${e.language}`}>
                      <th scope="row">
                        {/* An interface text's label is its file: a volunteer reads what kind of text it is instead. */}
                        {e.entity === 'locale' ? (
                          t('admin.translations.entities.locale')
                        ) : (
                          <>
                            {e.label}
                            <span className="don-sub">{t(`admin.translations.entities.${e.entity}`)}</span>
                          </>
                        )}
                      </th>
                      <td>
                        {e.link ? (
                          <a href={e.link}>{fieldName(e)}</a>
                        ) : (
                          <>
                            <code>{fieldName(e)}</code>
                            <span className="don-sub">{t('admin.translations.localeFile')}</span>
                          </>
                        )}
                      </td>
                      <td>{t(`admin.translations.languages.${e.language}`)}</td>
                      <td>
                        <span className={`badge tr-badge-${e.state}`}>{t(`admin.translations.states.${e.state}`)}</span>
                        {e.state === 'outdated' && e.live && <span className="don-sub">{t('admin.translations.stillShown')}</span>}
                        {e.machineDraft && (
                          <span className="don-sub">
                            <span className="admin-badge admin-badge-warning">{t('admin.altSuggest.draftLabel')}</span>
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {(filter.entity === '' || filter.entity === 'locale') && <p className="admin-hint">{t('admin.translations.localeHint')}</p>}
        </>
      )}
    </section>
  );
}
