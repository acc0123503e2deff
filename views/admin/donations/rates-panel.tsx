// The books' exchange rates: the book currency, the latest recorded rates (the daily job's, the
// treasurer's) and a form to set a day's rate, after which that day's gifts in that currency are
// valued at it. Without JavaScript the form posts to /admin/exchange-rates and the screen comes
// back with the outcome (controllers/admin/exchange-rates.ts); with it, the same through the API.
import { useId, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import type { AdminFlash } from '../lib/flash';
import { CsrfField, SelectField, TextField, useAdmin, useFieldError, useHydrated } from '../widgets/ui';
import type { RatesOverview } from '../../../models/giving/rates';
import { formatDay } from './format';

type Values = { date: string; currency: string; rate: string };

const rateText = (rate: string, lang: string) => new Intl.NumberFormat(lang === 'de' ? 'de-CH' : 'en-GB', { maximumFractionDigits: 6 }).format(Number(rate));

export function RatesPanel({ initial, flash, onChanged }: { initial: RatesOverview; flash: AdminFlash | null; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const failed = flash?.form?.tab === 'rates' ? flash.form : null;
  const [data, setData] = useState(initial);
  const [values, setValues] = useState<Values>({ date: failed?.values.date ?? '', currency: failed?.values.currency ?? initial.currencies[0] ?? '', rate: failed?.values.rate ?? '' });
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(failed?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const book = data.book.toUpperCase();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const r = await adminFetch<{ currency: string; date: string; revalued: number }>('POST', '/api/admin/exchange-rates', values);
      toast({ title: t('admin.donations.rates.saved', { currency: r.currency.toUpperCase(), date: formatDay(`${r.date}T12:00:00Z`, lang), count: String(r.revalued) }), variant: 'success' });
      setErrors({});
      setValues((v) => ({ ...v, rate: '' }));
      setData(await adminFetch<RatesOverview>('GET', '/api/admin/exchange-rates'));
      onChanged?.();
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      setErrors(fields);
      const count = Object.keys(fields).length;
      toast({ title: t('admin.donations.rates.saveError'), description: count ? t('admin.form.fixErrors', { count }) : errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="don-section" id="rates" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.rates.title')}</h3>
      <p className="muted">{t('admin.donations.rates.intro', { book })}</p>
      {data.waiting > 0 && (
        <p className="don-note" role="status">
          {t('admin.donations.rates.waiting', { count: data.waiting })}
        </p>
      )}
      {data.rates.length === 0 ? (
        <p className="muted">{t('admin.donations.rates.none')}</p>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-caption`} tabIndex={0}>
          <table className="don-table">
            <caption id={`${uid}-caption`}>{t('admin.donations.rates.caption', { book })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.rates.day')}</th>
                <th scope="col">{t('admin.donations.rates.currency')}</th>
                <th scope="col" className="num">{t('admin.donations.rates.rate', { book })}</th>
                <th scope="col">{t('admin.donations.rates.source')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rates.map((r) => (
                <tr key={`${r.day}-${r.currency}`}>
                  <th scope="row">{formatDay(`${r.day}T12:00:00Z`, lang)}</th>
                  <td>{r.currency.toUpperCase()}</td>
                  <td className="num">{rateText(r.rate, lang)}</td>
                  <td>{t(`admin.donations.rates.sources.${r.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form id="rates-form" className="admin-form card" method="post" action={action('/admin/exchange-rates')} onSubmit={hydrated ? submit : undefined} noValidate aria-labelledby={`${uid}-form`}>
        <h4 id={`${uid}-form`}>{t('admin.donations.rates.formTitle')}</h4>
        <CsrfField />
        <div className="admin-form-row cols-3">
          <TextField name="date" type="date" label={t('admin.donations.rates.day')} value={values.date} required error={fieldError(errors.date)} onChange={(v) => setValues((o) => ({ ...o, date: v }))} />
          <SelectField
            name="currency"
            label={t('admin.donations.rates.currency')}
            value={values.currency}
            required
            error={fieldError(errors.currency)}
            options={data.currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
            onChange={(v) => setValues((o) => ({ ...o, currency: v }))}
          />
          <TextField
            name="rate"
            label={t('admin.donations.rates.rate', { book })}
            hint={t('admin.donations.rates.rateHint', { book })}
            inputMode="decimal"
            value={values.rate}
            required
            error={fieldError(errors.rate)}
            onChange={(v) => setValues((o) => ({ ...o, rate: v }))}
          />
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
            {t('admin.donations.rates.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
