// Gifts outside the website on the Donations screen: the form "Record a gift" (cash, a cheque, a
// transfer recorded by hand), and the latest bank and offline gifts, each with "Reverse" (a
// reversing entry with its reason) and "Donor details" (name, address, e-mail, language
// afterwards), and its certificate as a PDF to print. Without JavaScript every form posts to
// /admin/donations/... (controllers/admin/offline.ts) and comes back with the outcome; with
// JavaScript the same work is done in place through the API.
import { useState, type FormEvent } from 'react';
import { useApp, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { localized } from '../../../models/shared/rules';
import { swissToday } from '../../../models/shared/dates';
import type { BookedGift } from '../../../models/giving/offline';
import type { AdminFlash } from '../lib/flash';
import { adminFetch, AdminApiError, errorText, withLang, type FieldIssue } from '../lib/api';
import { CsrfField, SelectField, TextArea, TextField, useAdmin, useFieldError, useHydrated } from '../widgets/ui';
import { money, formatDay } from './format';
import type { ProjectOption } from './bank-panel';

/** The same lists as models/giving/offline.ts (the admin bundle stays free of server models). */
const METHODS = ['cash', 'cheque', 'bank', 'other'] as const;
const CURRENCIES = ['chf', 'eur', 'usd'] as const;
const LANGS = ['de', 'en'] as const;

type Values = Record<'amount' | 'currency' | 'date' | 'method' | 'projectId' | 'donorName' | 'donorEmail' | 'donorAddress' | 'note' | 'language', string>;

const emptyValues = (lang: string): Values => ({ amount: '', currency: 'chf', date: swissToday(), method: 'cash', projectId: '', donorName: '', donorEmail: '', donorAddress: '', note: '', language: lang });

export function OfflinePanel({ initial, projects, flash, onChanged }: { initial: BookedGift[]; projects: ProjectOption[]; flash: AdminFlash | null; onChanged?: () => void }) {
  const t = useT();
  const { lang } = useApp();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const flashed = flash?.form?.tab === 'offline' && flash.form.id === null ? flash.form : null;
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(lang), ...((flashed?.values ?? {}) as Partial<Values>) }));
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(flashed?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [gifts, setGifts] = useState<BookedGift[]>(initial);

  const set = (key: keyof Values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors((old) => {
      if (!old[key]) return old;
      const { [key]: _gone, ...rest } = old;
      return rest;
    });
  };

  async function refresh() {
    try {
      setGifts((await adminFetch<{ items: BookedGift[] }>('GET', '/api/admin/donations/booked')).items);
    } catch {
      // The list stays as it was; the next change reloads it.
    }
    onChanged?.();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // The amount is read in the admin's language (1’250.50, 1250,50 in German).
      const res = await adminFetch<{ id: number; reference: string }>('POST', withLang('/api/admin/donations/offline', lang), values);
      toast({ title: t('admin.donations.offline.recorded', { reference: res.reference }), variant: 'success' });
      setValues(emptyValues(lang));
      setErrors({});
      await refresh();
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      setErrors(fields);
      const count = Object.keys(fields).length;
      toast({ title: t('admin.donations.offline.recordError'), description: count ? t('admin.form.fixErrors', { count }) : errorText(t, err), variant: 'destructive' });
      const first = Object.keys(fields)[0];
      if (first) document.querySelector<HTMLElement>(`#offline-form [name="${first}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  const projectOptions = [{ value: '', label: t('admin.donations.generalSupport') }, ...projects.map((p) => ({ value: String(p.id), label: localized(lang, p.title, p.titleDe) }))];

  return (
    <>
      <section className="don-section" id="offline-gifts" aria-labelledby="offline-title">
        <h3 id="offline-title">{t('admin.donations.offline.title')}</h3>
        <p className="muted">{t('admin.donations.offline.intro')}</p>
        <form id="offline-form" className="admin-form" method="post" action={action('/admin/donations/offline')} onSubmit={hydrated ? submit : undefined} noValidate aria-labelledby="offline-form-title">
          <h4 id="offline-form-title">{t('admin.donations.offline.record')}</h4>
          <CsrfField />
          {Object.keys(errors).length > 0 && (
            <p className="admin-form-errors" role="alert">
              {t('admin.form.fixErrors', { count: Object.keys(errors).length })}
            </p>
          )}
          <div className="admin-form-row cols-3">
            <TextField name="amount" inputMode="decimal" placeholder="0.00" label={t('admin.donations.offline.amount')} value={values.amount} onChange={set('amount')} error={fieldError(errors.amount)} required />
            <SelectField name="currency" label={t('admin.donations.offline.currency')} value={values.currency} onChange={set('currency')} error={fieldError(errors.currency)} required options={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))} />
            <TextField name="date" type="date" label={t('admin.donations.offline.date')} value={values.date} onChange={set('date')} error={fieldError(errors.date)} required />
          </div>
          <div className="admin-form-row cols-2">
            <SelectField name="method" label={t('admin.donations.offline.method')} value={values.method} onChange={set('method')} error={fieldError(errors.method)} required options={METHODS.map((m) => ({ value: m, label: t(`admin.donations.methods.${m}`) }))} />
            <SelectField name="projectId" label={t('admin.donations.offline.project')} value={values.projectId} onChange={set('projectId')} error={fieldError(errors.projectId)} options={projectOptions} />
          </div>
          <div className="admin-form-row cols-3">
            <TextField name="donorName" label={t('admin.donations.offline.donorName')} value={values.donorName} onChange={set('donorName')} error={fieldError(errors.donorName)} />
            <TextField name="donorEmail" type="email" inputMode="email" label={t('admin.donations.offline.donorEmail')} value={values.donorEmail} onChange={set('donorEmail')} error={fieldError(errors.donorEmail)} />
            <SelectField name="language" label={t('admin.donations.offline.language')} value={values.language} onChange={set('language')} error={fieldError(errors.language)} options={LANGS.map((l) => ({ value: l, label: t(`admin.donations.offline.languages.${l}`) }))} />
          </div>
          <div className="admin-form-row cols-2">
            <TextArea name="donorAddress" rows={2} label={t('admin.donations.offline.donorAddress')} value={values.donorAddress} onChange={set('donorAddress')} error={fieldError(errors.donorAddress)} />
            <TextArea name="note" rows={2} label={t('admin.donations.offline.note')} value={values.note} onChange={set('note')} error={fieldError(errors.note)} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('admin.donations.offline.saving') : t('admin.donations.offline.save')}
          </button>
        </form>
      </section>
      <BookedGifts gifts={gifts} onChanged={refresh} />
    </>
  );
}

function BookedGifts({ gifts, onChanged }: { gifts: BookedGift[]; onChanged: () => Promise<void> }) {
  const t = useT();
  const { lang } = useApp();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<number | null>(null);

  async function send(e: FormEvent<HTMLFormElement>, id: number, what: 'reverse' | 'donor') {
    e.preventDefault();
    if (busy !== null) return;
    const form = e.currentTarget;
    const body = Object.fromEntries([...new FormData(form).entries()].filter(([k]) => k !== '_csrf').map(([k, v]) => [k, String(v)]));
    const gift = gifts.find((g) => g.id === id);
    setBusy(id);
    try {
      if (what === 'reverse') {
        await adminFetch('POST', `/api/admin/donations/${id}/reverse`, body);
        toast({ title: t('admin.donations.offline.reversed', { reference: gift?.reference ?? '' }), variant: 'success' });
      } else {
        const res = await adminFetch<{ receiptQueued: boolean }>('PUT', `/api/admin/donations/${id}/donor`, body);
        toast({ title: t(res.receiptQueued ? 'admin.donations.offline.donorSavedReceipt' : 'admin.donations.offline.donorSaved', { reference: gift?.reference ?? '' }), variant: 'success' });
      }
      await onChanged();
    } catch (err) {
      toast({ title: t(what === 'reverse' ? 'admin.donations.offline.reverseError' : 'admin.donations.offline.donorError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="don-section" id="booked-gifts" aria-labelledby="booked-title">
      <h3 id="booked-title">{t('admin.donations.offline.booked')}</h3>
      <p className="muted">{t('admin.donations.offline.bookedIntro')}</p>
      {gifts.length === 0 ? (
        <p>{t('admin.donations.offline.empty')}</p>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby="booked-caption" tabIndex={0}>
          <table className="don-table">
            <caption id="booked-caption">{t('admin.donations.offline.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.offline.columns.date')}</th>
                <th scope="col">{t('admin.donations.offline.columns.reference')}</th>
                <th scope="col">{t('admin.donations.offline.columns.donor')}</th>
                <th scope="col">{t('admin.donations.offline.columns.project')}</th>
                <th scope="col">{t('admin.donations.offline.columns.method')}</th>
                <th scope="col" className="num">
                  {t('admin.donations.offline.columns.amount')}
                </th>
                <th scope="col">{t('admin.donations.offline.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((g) => {
                const reversed = g.status === 'reversed';
                const year = g.date.slice(0, 4);
                return (
                  <tr key={g.id}>
                    <td>{formatDay(g.date, lang)}</td>
                    <td>
                      <span className="don-ref">{g.reference}</span>
                    </td>
                    <td>{g.donorName ?? g.donorEmail ?? t('admin.donations.offline.anonymous')}</td>
                    <td>{g.projectId === null ? t('admin.donations.generalSupport') : localized(lang, g.projectTitle ?? `#${g.projectId}`, g.projectTitleDe)}</td>
                    <td>{t(`admin.donations.methods.${g.kind === 'bank' ? 'bank' : (g.method ?? 'other')}`)}</td>
                    <td className="num">{money(g.amountCents, g.currency, lang)}</td>
                    <td>
                      {reversed ? (
                        <span className="badge badge-neutral">{t('admin.donations.offline.isReversed')}</span>
                      ) : (
                        <div className="don-booked-actions">
                          <details>
                            <summary>{t('admin.donations.offline.reverse')}</summary>
                            <form method="post" action={action(`/admin/donations/${g.id}/reverse`)} onSubmit={hydrated ? (e) => void send(e, g.id, 'reverse') : undefined}>
                              <CsrfField />
                              <label htmlFor={`reason-${g.id}`}>{t('admin.donations.offline.reason')}</label>
                              <input id={`reason-${g.id}`} name="reason" required maxLength={500} />
                              <button type="submit" className="btn btn-outline btn-small" disabled={busy === g.id}>
                                {t('admin.donations.offline.reverseSubmit')}
                              </button>
                            </form>
                          </details>
                          <details>
                            <summary>{t('admin.donations.offline.donorDetails')}</summary>
                            <form method="post" action={action(`/admin/donations/${g.id}/donor`)} onSubmit={hydrated ? (e) => void send(e, g.id, 'donor') : undefined}>
                              <CsrfField />
                              <label htmlFor={`dn-${g.id}`}>{t('admin.donations.offline.donorName')}</label>
                              <input id={`dn-${g.id}`} name="donorName" defaultValue={g.donorName ?? ''} maxLength={200} />
                              <label htmlFor={`de-${g.id}`}>{t('admin.donations.offline.donorEmail')}</label>
                              <input id={`de-${g.id}`} name="donorEmail" type="email" defaultValue={g.donorEmail ?? ''} maxLength={320} />
                              <label htmlFor={`da-${g.id}`}>{t('admin.donations.offline.donorAddress')}</label>
                              <textarea id={`da-${g.id}`} name="donorAddress" rows={2} defaultValue={g.donorAddress ?? ''} maxLength={500} />
                              <label htmlFor={`dl-${g.id}`}>{t('admin.donations.offline.language')}</label>
                              <select id={`dl-${g.id}`} name="language" defaultValue={g.language ?? lang}>
                                {LANGS.map((l) => (
                                  <option key={l} value={l}>
                                    {t(`admin.donations.offline.languages.${l}`)}
                                  </option>
                                ))}
                              </select>
                              <button type="submit" className="btn btn-outline btn-small" disabled={busy === g.id}>
                                {t('admin.donations.offline.saveDonor')}
                              </button>
                            </form>
                          </details>
                          <a href={`/api/admin/donations/certificates/pdf?year=${year}&donor=${g.id}`} download>
                            {t('admin.donations.offline.certificatePdf', { year })}
                          </a>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
