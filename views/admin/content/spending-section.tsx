// The Spending section of a project's edit form: where the project's money went, with the total,
// add / edit / delete (with confirmation) and the receipt chosen from the media library. Its forms
// sit beside the project's form (forms cannot nest). Without JavaScript every control is a link
// or a form post (controllers/admin/spending.ts); with JavaScript the same work in place.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApp, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { formatDate, formatMoney, localized } from '../../../models/shared/rules';
import { swissToday } from '../../../models/shared/dates';
import type { SpendingRecord } from '../../../models/giving/spending';
import type { MediaItem } from '../../../models/shared/media-rules';
import { adminFetch, AdminApiError, errorText, withLang, type FieldIssue } from '../lib/api';
import { ActionLink, CsrfField, Loading, SelectField, TextField, useAdmin, useFieldError, useHydrated, useScreenHref } from '../widgets/ui';
import { MediaPicker } from '../widgets/media-picker';
import { useMachineDrafts } from '../widgets/translate-buttons';
import type { FieldDef } from '../lib/fields';
import type { AdminFlash } from '../lib/flash';

/** The categories (models/spending.ts SPENDING_CATEGORIES; repeated: the admin bundle stays free of server models). */
const CATEGORIES = ['materials', 'equipment', 'salaries', 'transport', 'training', 'construction', 'medical', 'seeds', 'other'] as const;

/** A file that can be a receipt: a PDF or an image of the media library. */
export interface ReceiptOption {
  id: number;
  name: string;
  url: string;
}

/** What the server renders for the section (the form without JavaScript needs all of it). */
export interface SpendingInitial {
  records: SpendingRecord[];
  total: string;
  receipts: ReceiptOption[];
  /** ?spending=new or ?spending=<id>: the form that is open. */
  open: 'new' | number | null;
  /** ?spendingDelete=<id>: the delete confirmation that is open. */
  confirm: number | null;
}

type Values = Record<'date' | 'amount' | 'category' | 'description' | 'descriptionDe' | 'receiptMediaId', string>;

const emptyValues = (): Values => ({ date: swissToday(), amount: '', category: 'materials', description: '', descriptionDe: '', receiptMediaId: '' });
const valuesOf = (r: SpendingRecord): Values => ({
  date: r.date,
  amount: r.amount,
  category: r.category,
  description: r.description,
  descriptionDe: r.descriptionDe,
  receiptMediaId: r.receiptMediaId ? String(r.receiptMediaId) : '',
});
/** The description's two languages, for the machine draft buttons (labels under admin.fields). */
const DESCRIPTION_DEFS: FieldDef[] = [
  { name: 'description', label: 'description', kind: 'text' },
  { name: 'descriptionDe', label: 'descriptionDe', kind: 'text' },
];

const sumOf = (records: SpendingRecord[]) => (records.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0) / 100).toFixed(2);

export function SpendingSection({ projectId, initial, flash }: { projectId: number; initial: SpendingInitial | null; flash: AdminFlash | null }) {
  const t = useT();
  const { lang } = useApp();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();

  const [records, setRecords] = useState<SpendingRecord[] | null>(initial?.records ?? null);
  const [receipts, setReceipts] = useState<ReceiptOption[]>(initial?.receipts ?? []);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A failed post of the form without JavaScript comes back with its values and errors.
  const flashed = flash?.form?.tab === 'spending' ? flash.form : null;
  const startOpen = initial?.open ?? null;
  const [open, setOpen] = useState<'new' | number | null>(startOpen);
  const [values, setValues] = useState<Values>(() => {
    const base = typeof startOpen === 'number' ? initial?.records.find((r) => r.id === startOpen) : null;
    return { ...(base ? valuesOf(base) : emptyValues()), ...((flashed?.values ?? {}) as Partial<Values>) };
  });
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(flashed?.errors ?? {});
  const [confirmId, setConfirmId] = useState<number | null>(initial?.confirm ?? null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLElement>(null);
  const pickButton = useRef<HTMLButtonElement>(null);
  // "Draft German from English" (and back) under the description, as in the content forms: it fills
  // the field for a person to check; only the form's save writes it.
  const drafts = useMachineDrafts(DESCRIPTION_DEFS, values, (update) => setValues((old) => ({ ...old, ...update(old) }) as Values), String(open), {
    entity: null,
    id: typeof open === 'number' ? open : null,
    opened: values,
  });

  const here = (more: string) => screenHref('projects', `?edit=${projectId}${more}#spending`);

  async function refresh() {
    try {
      const res = await adminFetch<{ records: SpendingRecord[] }>('GET', `/api/admin/projects/${projectId}/spending`);
      setRecords(res.records);
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(t, err));
    }
  }

  useEffect(() => {
    if (records === null) void refresh();
    if (initial === null) {
      adminFetch<MediaItem[]>('GET', '/api/media')
        .then((list) => setReceipts(list.filter((m) => m.fileType === 'pdf' || m.fileType === 'image').map((m) => ({ id: m.id, name: m.originalName, url: m.url }))))
        .catch(() => undefined);
    }
  }, []);

  function openForm(next: 'new' | number) {
    const record = typeof next === 'number' ? records?.find((r) => r.id === next) : null;
    setValues(record ? valuesOf(record) : emptyValues());
    setErrors({});
    setConfirmId(null);
    setOpen(next);
    setTimeout(() => document.getElementById('spending-form-title')?.focus(), 0);
  }

  function close() {
    setOpen(null);
    setErrors({});
    setTimeout(() => addButton.current?.focus(), 0);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || open === null) return;
    const creating = open === 'new';
    setBusy(true);
    try {
      // The amount is read in the admin's language (1’250.50, 1250,50 in German).
      if (creating) await adminFetch('POST', withLang(`/api/admin/projects/${projectId}/spending`, lang), values);
      else await adminFetch('PUT', withLang(`/api/admin/spending/${open}`, lang), values);
      toast({ title: t(creating ? 'admin.spending.created' : 'admin.spending.updated'), variant: 'success' });
      await refresh();
      close();
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      setErrors(fields);
      const count = Object.keys(fields).length;
      toast({ title: t(creating ? 'admin.spending.createError' : 'admin.spending.updateError'), description: count ? t('admin.form.fixErrors', { count }) : errorText(t, err), variant: 'destructive' });
      const first = Object.keys(fields)[0];
      if (first) document.querySelector<HTMLElement>(`#spending-form [name="${first}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number) {
    setBusy(true);
    try {
      await adminFetch('DELETE', `/api/admin/spending/${id}`);
      toast({ title: t('admin.spending.deleted'), variant: 'success' });
      setConfirmId(null);
      await refresh();
      setTimeout(() => addButton.current?.focus(), 0);
    } catch (err) {
      toast({ title: t('admin.spending.deleteError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const set = (key: keyof Values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors((old) => {
      if (!old[key]) return old;
      const { [key]: _gone, ...rest } = old;
      return rest;
    });
  };
  const receipt = receipts.find((r) => String(r.id) === values.receiptMediaId);
  const categoryOptions = CATEGORIES.map((c) => ({ value: c, label: t(`admin.spending.categories.${c}`) }));
  const receiptOptions = [{ value: '', label: t('admin.spending.noReceipt') }, ...receipts.map((r) => ({ value: String(r.id), label: r.name }))];
  const formAction = action(open === 'new' || open === null ? `/admin/projects/${projectId}/spending` : `/admin/spending/${open}`);

  const form = open !== null && (
    <form id="spending-form" className="admin-form admin-spending-form" method="post" action={formAction} onSubmit={hydrated ? submit : undefined} noValidate aria-labelledby="spending-form-title">
      <h4 id="spending-form-title" tabIndex={-1}>
        {open === 'new' ? t('admin.spending.new') : t('admin.spending.edit')}
      </h4>
      <CsrfField />
      {Object.keys(errors).length > 0 && (
        <p className="admin-form-errors" role="alert">
          {t('admin.form.fixErrors', { count: Object.keys(errors).length })}
        </p>
      )}
      <div className="admin-form-row cols-3">
        <TextField name="date" type="date" label={t('admin.spending.date')} value={values.date} onChange={set('date')} error={fieldError(errors.date)} required />
        <TextField name="amount" inputMode="decimal" placeholder="0.00" label={t('admin.spending.amount')} value={values.amount} onChange={set('amount')} error={fieldError(errors.amount)} required />
        <SelectField name="category" label={t('admin.spending.category')} value={values.category} onChange={set('category')} error={fieldError(errors.category)} required options={categoryOptions} />
      </div>
      {drafts.unavailable}
      <div className="admin-form-row cols-2">
        {drafts.wrap(DESCRIPTION_DEFS[0]!, <TextField name="description" label={t('admin.spending.description')} value={values.description} onChange={set('description')} error={fieldError(errors.description)} required />)}
        {drafts.wrap(DESCRIPTION_DEFS[1]!, <TextField name="descriptionDe" label={t('admin.spending.descriptionDe')} value={values.descriptionDe} onChange={set('descriptionDe')} error={fieldError(errors.descriptionDe)} required />)}
      </div>
      <div className="admin-form-row cols-1">
        <SelectField name="receiptMediaId" label={t('admin.spending.receipt')} hint={t('admin.spending.receiptHint')} value={values.receiptMediaId} onChange={set('receiptMediaId')} error={fieldError(errors.receiptMediaId)} options={receiptOptions} />
      </div>
      {hydrated && (
        <div className="admin-item-actions">
          <button ref={pickButton} type="button" className="btn btn-outline btn-small" onClick={() => setPicking(true)}>
            {t('admin.spending.chooseReceipt')}
          </button>
          {values.receiptMediaId && (
            <button type="button" className="btn btn-outline btn-small" onClick={() => set('receiptMediaId')('')}>
              {t('admin.spending.removeReceipt')}
            </button>
          )}
          {receipt && (
            <a className="btn btn-outline btn-small" href={receipt.url} target="_blank" rel="noopener">
              {t('admin.spending.viewReceipt')}
            </a>
          )}
          <MediaPicker
            open={picking}
            category="documents"
            kinds={['pdf', 'image']}
            title={t('admin.spending.pickTitle')}
            empty={t('admin.spending.noFiles')}
            onClose={() => {
              setPicking(false);
              pickButton.current?.focus();
            }}
            onPick={(_url, item) => {
              setReceipts((old) => (old.some((r) => r.id === item.id) ? old : [{ id: item.id, name: item.originalName, url: item.url }, ...old]));
              set('receiptMediaId')(String(item.id));
              setPicking(false);
              pickButton.current?.focus();
            }}
          />
        </div>
      )}
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {open === 'new' ? t('admin.spending.create') : t('admin.spending.save')}
        </button>
        <ActionLink className="btn btn-outline" href={here('')} onClick={close}>
          {t('admin.spending.cancel')}
        </ActionLink>
      </div>
    </form>
  );

  return (
    <section id="spending" className="admin-spending card" aria-labelledby="spending-title">
      <h3 id="spending-title" ref={heading} tabIndex={-1}>
        {t('admin.spending.title')}
      </h3>
      <p className="admin-hint">{t('admin.spending.intro')}</p>
      {records === null ? (
        <Loading error={loadError} />
      ) : (
        <>
          <p className="admin-spending-total">{t('admin.spending.total', { total: formatMoney(sumOf(records), lang) })}</p>
          {records.length === 0 ? (
            <p className="admin-empty">{t('admin.spending.empty')}</p>
          ) : (
            <ul className="admin-list admin-spending-list" aria-label={t('admin.spending.listLabel')}>
              {records.map((r) => {
                const description = localized(lang, r.description, r.descriptionDe);
                const amount = formatMoney(r.amount, lang);
                if (open === r.id) return <li key={r.id} className="admin-item">{form}</li>;
                return (
                  <li key={r.id} className="admin-item">
                    <div className="admin-item-body">
                      <p className="admin-item-title">
                        {amount} · {description}
                      </p>
                      <p className="admin-item-meta">
                        <time dateTime={r.date}>{formatDate(r.date, lang)}</time> · {t(`admin.spending.categories.${r.category}`)}
                        {r.receiptUrl && (
                          <>
                            {' · '}
                            <a href={r.receiptUrl} target="_blank" rel="noopener">
                              {t('admin.spending.viewReceipt')}
                            </a>
                          </>
                        )}
                      </p>
                    </div>
                    {confirmId === r.id ? (
                      <form className="admin-confirm" method="post" action={action(`/admin/spending/${r.id}/delete`)} onSubmit={hydrated ? (e) => (e.preventDefault(), void remove(r.id)) : undefined} role="group" aria-label={t('admin.confirm.label')}>
                        <CsrfField />
                        <p className="admin-confirm-text" role="alert">
                          {t('admin.spending.confirmDelete', { description, amount })}
                        </p>
                        <div className="admin-item-actions">
                          <button type="submit" className="btn btn-danger" disabled={busy}>
                            {t('admin.spending.confirmYes')}
                          </button>
                          <ActionLink className="btn btn-outline" href={here('')} onClick={() => setConfirmId(null)}>
                            {t('admin.spending.cancel')}
                          </ActionLink>
                        </div>
                      </form>
                    ) : (
                      <div className="admin-item-actions">
                        <ActionLink className="btn btn-outline btn-small" href={here(`&spending=${r.id}`)} onClick={() => openForm(r.id)} label={`${t('admin.spending.edit_')}: ${description}`}>
                          {t('admin.spending.edit_')}
                        </ActionLink>
                        <ActionLink className="btn btn-outline btn-danger-outline btn-small" href={here(`&spendingDelete=${r.id}`)} onClick={() => setConfirmId(r.id)} label={`${t('admin.spending.delete')}: ${description}`}>
                          {t('admin.spending.delete')}
                        </ActionLink>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      {open === 'new' ? (
        form
      ) : (
        <ActionLink elementRef={addButton} className="btn btn-primary btn-small" href={here('&spending=new')} onClick={() => openForm('new')}>
          + {t('admin.spending.add')}
        </ActionLink>
      )}
    </section>
  );
}
