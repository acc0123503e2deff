// The dashboard's "Yearly impact report" section: the introduction that opens a
// year's public report (/impact/{year} and its PDF), written in English and German. A year is
// chosen from the years a report exists for; both texts are saved together (PUT
// /api/admin/impact/:year, controllers/admin/impact.ts). It renders on the server with every year's
// texts and works without JavaScript (the year is a GET form, the texts a POST to
// /admin/impact/:year); with JavaScript the year changes in place and a save is a toast. Treasurers
// read it: the server refuses their saves (models/shared/roles.ts), so the page offers none.
import { useEffect, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { formatNumber } from '../../../models/shared/rules';
import { pathFor } from '../../../models/shared/urls';
import { roleCan } from '../../../models/shared/roles';
import type { ImpactIntro } from '../../../models/site/impact';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { CsrfField, describedBy, FieldShell, Loading, useAdmin, useFieldError, useHydrated, useScreenHref } from '../widgets/ui';
import { useConfirmDiscard, useUnsavedGuard } from '../widgets/unsaved';
import { actorLabel, formatWhen } from '../lib/activity-text';
import type { AdminFlash } from '../lib/flash';

/** One year's introduction as the admin shows it: who saved it last, by name where one is known. */
export type AdminImpactIntro = ImpactIntro & { updatedByName: string | null };

/** GET /api/admin/impact: the years a report exists for (newest first), the longest text, each year's introduction. */
export interface AdminImpactView {
  years: number[];
  max: number;
  reports: AdminImpactIntro[];
}

/** What the server renders the panel with: the view and the year open (?impactYear=). */
export interface ImpactPanelData extends AdminImpactView {
  year: number;
}

type Field = 'intro' | 'introDe';
type Values = Record<Field, string>;

const API = '/api/admin/impact';
/** What the server keeps and counts: line breaks as one character, no space around the text. */
const kept = (text: string) => text.replace(/\r\n?/g, '\n').trim();
const valuesOf = (r: AdminImpactIntro | undefined): Values => ({ intro: r?.intro ?? '', introDe: r?.introDe ?? '' });

/** The public report (its route, /impact/{year} or /de/impact/{year}) and its PDF, in the admin's language. */
const reportPath = (year: number, lang: 'en' | 'de') => pathFor('impact', lang, { year: String(year) });
const reportPdfPath = (year: number, lang: 'en' | 'de') => `${reportPath(year, lang)}.pdf`;

export function ImpactPanel({ initial, flash, onChanged }: { initial: ImpactPanelData | null; flash: AdminFlash | null; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const screenHref = useScreenHref();
  const { role, action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const confirmDiscard = useConfirmDiscard();
  const canChange = roleCan(role, 'content');
  const fieldId: Record<Field, string> = { intro: 'impact-intro', introDe: 'impact-intro-de' };

  const [view, setView] = useState<AdminImpactView | null>(initial);
  const [year, setYear] = useState<number | null>(initial?.year ?? null);
  // A refused post of the form without JavaScript comes back with what was typed and its problems.
  const failed = flash?.form?.tab === 'impact' && flash.form.id === initial?.year ? flash.form : null;
  const report = view?.reports.find((r) => r.year === year);
  const [values, setValues] = useState<Values>(() => {
    const stored = valuesOf(initial?.reports.find((r) => r.year === initial.year));
    return failed ? { intro: failed.values.intro ?? stored.intro, introDe: failed.values.introDe ?? stored.introDe } : stored;
  });
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(failed?.errors ?? {});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const dirty = Boolean(report) && (kept(values.intro) !== report!.intro || kept(values.introDe) !== report!.introDe);
  useUnsavedGuard(canChange && dirty, () => setValues(valuesOf(report)));

  useEffect(() => {
    // Opened from another tab in the browser: every year's texts, the newest year open.
    if (view === null) {
      adminFetch<AdminImpactView>('GET', API)
        .then((v) => {
          setView(v);
          setYear(v.years[0] ?? null);
          setValues(valuesOf(v.reports[0]));
        })
        .catch((err) => setLoadError(errorText(t, err)));
    }
  }, []);

  async function choose(next: number) {
    if (next === year || !view) return;
    if (!(await confirmDiscard())) return;
    setYear(next);
    setValues(valuesOf(view.reports.find((r) => r.year === next)));
    setErrors({});
  }

  const set = (field: Field) => (text: string) => {
    setValues((old) => ({ ...old, [field]: text }));
    setErrors((old) => {
      if (!old[field]) return old;
      const { [field]: _gone, ...rest } = old;
      return rest;
    });
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || year === null || !canChange) return;
    setBusy(true);
    try {
      const saved = await adminFetch<AdminImpactIntro>('PUT', `${API}/${year}`, values);
      setView((old) => (old ? { ...old, reports: old.reports.map((r) => (r.year === saved.year ? saved : r)) } : old));
      setValues(valuesOf(saved));
      setErrors({});
      toast({ title: t('admin.impact.saved', { year: String(year) }), variant: 'success' });
      onChanged?.();
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      setErrors(fields);
      const count = Object.keys(fields).length;
      toast({ title: t('admin.impact.saveError', { year: String(year) }), description: count ? t('admin.form.fixErrors', { count }) : errorText(t, err), variant: 'destructive' });
      const first = (['intro', 'introDe'] as const).find((f) => fields[f]);
      if (first) document.getElementById(fieldId[first])?.focus();
    } finally {
      setBusy(false);
    }
  }

  const max = view?.max ?? 0;
  const fieldCount = Object.keys(errors).length;
  // A problem that is no field's (the body as a whole) is said above the fields.
  const general = errors._ ? fieldError(errors._) : undefined;

  return (
    <section id="impact" className="dash-section impact-panel" aria-labelledby="impact-title">
      <h3 id="impact-title">{t('admin.impact.title')}</h3>
      <p className="dash-note">{t('admin.impact.intro')}</p>
      {view === null || year === null ? (
        <Loading error={loadError} />
      ) : (
        <>
          <form method="get" action={screenHref('dashboard')} className="impact-year" onSubmit={hydrated ? (e) => e.preventDefault() : undefined}>
            <div className="admin-field">
              <label htmlFor="impact-year">{t('admin.impact.year')}</label>
              <select id="impact-year" name="impactYear" value={String(year)} onChange={(e) => void choose(Number(e.target.value))}>
                {view.years.map((y) => (
                  <option key={y} value={String(y)}>
                    {y === view.years[0] ? t('admin.impact.yearCurrent', { year: String(y) }) : String(y)}
                  </option>
                ))}
              </select>
            </div>
            {!hydrated && (
              <button type="submit" className="btn btn-outline btn-small">
                {t('admin.impact.open')}
              </button>
            )}
          </form>
          <p className="impact-links">
            <a href={reportPath(year, lang)}>{t('admin.impact.view', { year: String(year) })}</a>
            {' · '}
            <a href={reportPdfPath(year, lang)}>{t('admin.impact.pdf', { year: String(year) })}</a>
          </p>
          {year === view.years[0] && <p className="admin-hint">{t('admin.impact.currentNote')}</p>}
          {!canChange && <p className="admin-hint">{t('admin.impact.readOnly')}</p>}

          <form id="impact-form" className="admin-form impact-form" method="post" action={action(`/admin/impact/${year}`)} onSubmit={hydrated ? submit : undefined} noValidate aria-labelledby="impact-form-title">
            <h4 id="impact-form-title">{t('admin.impact.formTitle', { year: String(year) })}</h4>
            <CsrfField />
            {fieldCount > 0 && (
              <p className="admin-form-errors" role="alert">
                {general ?? t('admin.form.fixErrors', { count: fieldCount })}
              </p>
            )}
            <div className="admin-form-row cols-2">
              {(['intro', 'introDe'] as const).map((f) => (
                <IntroField
                  key={f}
                  id={fieldId[f]}
                  name={f}
                  label={t(f === 'intro' ? 'admin.impact.introEn' : 'admin.impact.introDe')}
                  lang={f === 'intro' ? 'en' : 'de'}
                  value={values[f]}
                  max={max}
                  readOnly={!canChange}
                  error={fieldError(errors[f])}
                  onChange={set(f)}
                />
              ))}
            </div>
            <p className="admin-hint">
              {report?.updatedAt
                ? t('admin.impact.lastSaved', { when: formatWhen(report.updatedAt, lang), who: actorLabel(t, report.updatedBy, report.updatedByName) })
                : t('admin.impact.neverSaved')}
            </p>
            {canChange && (
              <div className="admin-form-actions">
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? t('admin.form.saving') : t('admin.impact.save')}
                </button>
              </div>
            )}
          </form>
        </>
      )}
    </section>
  );
}

/** A labelled textarea in its language, with the count of what will be kept against the limit. */
function IntroField({ id, name, label, lang, value, max, readOnly, error, onChange }: { id: string; name: Field; label: string; lang: 'en' | 'de'; value: string; max: number; readOnly: boolean; error?: string; onChange: (v: string) => void }) {
  const t = useT();
  const page = useLang();
  const count = kept(value).length;
  const over = count > max;
  const hint = t(over ? 'admin.impact.countOver' : 'admin.impact.count', { count: formatNumber(count, page), max: formatNumber(max, page), over: formatNumber(count - max, page) });
  return (
    <FieldShell id={id} name={name} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        lang={lang}
        rows={8}
        value={value}
        readOnly={readOnly}
        className={over ? 'impact-over' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}
