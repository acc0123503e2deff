// The glossary of machine translation drafts: names and terms that stay as they are or translate
// one way. Without JavaScript every control is a link or a form post (controllers/admin/translate.ts
// glossaryForms); with JavaScript the same controls work in place through the admin API.
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { ActionLink, CsrfField, Loading, TextField, useAdmin, useFieldError, useHydrated, useScreenHref } from '../widgets/ui';
import type { AdminFlash } from '../lib/flash';

export interface GlossaryTermView {
  id: number;
  termEn: string;
  termDe: string;
  note: string | null;
}

export interface GlossaryPanelProps {
  /** The terms (the screen's loader). */
  initialItems: GlossaryTermView[];
  /** The term whose form the server opened (?edit=<id>). */
  initialEdit: number | null;
  /** The term whose delete confirmation the server opened (?delete=<id>, the way without JavaScript). */
  initialConfirm?: number | null;
  flash: AdminFlash | null;
  onChanged: () => void;
}

type Values = { termEn: string; termDe: string; note: string };
const EMPTY: Values = { termEn: '', termDe: '', note: '' };
const valuesOf = (g: GlossaryTermView): Values => ({ termEn: g.termEn, termDe: g.termDe, note: g.note ?? '' });

function TermForm({ id, start, errors: startErrors, onDone, onCancel }: { id: number | null; start: Values; errors: Record<string, FieldIssue>; onDone: () => void; onCancel?: () => void }) {
  const t = useT();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(startErrors);
  const [busy, setBusy] = useState(false);
  const key = id === null ? 'create' : 'update';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (id === null) await adminFetch('POST', '/api/admin/glossary', values);
      else await adminFetch('PUT', `/api/admin/glossary/${id}`, values);
      toast({ title: t(`admin.glossary.${id === null ? 'created' : 'updated'}`), variant: 'success' });
      setErrors({});
      if (id === null) setValues(EMPTY);
      onDone();
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      setErrors(fields);
      const count = Object.keys(fields).length;
      toast({ title: t(`admin.glossary.${key}Error`), description: count ? t('admin.form.fixErrors', { count }) : errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Values, required: boolean) => (
    <TextField
      name={name}
      label={t(`admin.fields.${name}`)}
      value={values[name]}
      required={required}
      error={fieldError(errors[name])}
      onChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
    />
  );
  const formId = id === null ? 'glossary-form' : `glossary-form-${id}`;
  return (
    <form id={formId} className={`admin-form glossary-form${id === null ? ' card' : ''}`} method="post" action={action(id === null ? '/admin/glossary' : `/admin/glossary/${id}`)} onSubmit={hydrated ? submit : undefined} noValidate aria-label={id === null ? t('admin.glossary.add') : t('admin.glossary.editLabel', { term: start.termEn })}>
      <CsrfField />
      <div className="admin-form-row cols-3">
        {field('termEn', true)}
        {field('termDe', true)}
        {field('note', false)}
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          {id === null ? t('admin.glossary.add') : t('admin.glossary.save')}
        </button>
        {onCancel && (
          <ActionLink className="btn btn-outline btn-small" href={screenHref('glossary')} onClick={onCancel}>
            {t('admin.glossary.cancel')}
          </ActionLink>
        )}
      </div>
    </form>
  );
}

export function GlossaryPanel({ initialItems, initialEdit, initialConfirm = null, flash, onChanged }: GlossaryPanelProps) {
  const t = useT();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const [items, setItems] = useState<GlossaryTermView[] | null>(initialItems);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(initialEdit);
  const [busy, setBusy] = useState(false);
  // A delete asks first, as every delete in the admin does: a term removed by a slip would change every later draft.
  const [confirmId, setConfirmId] = useState<number | null>(initialConfirm);
  const failed = flash?.form?.tab === 'glossary' ? flash.form : null;
  const here = (more: string) => screenHref('glossary', more);
  const focusLater = (selector: string) => setTimeout(() => document.querySelector<HTMLElement>(selector)?.focus(), 0);
  const askDelete = (id: number) => {
    setConfirmId(id);
    focusLater(`#glossary-confirm-${id}`);
  };
  const cancelDelete = (id: number) => {
    setConfirmId(null);
    focusLater(`#glossary-actions-${id} .btn-danger-outline`);
  };

  async function refresh() {
    try {
      setItems(await adminFetch<GlossaryTermView[]>('GET', '/api/admin/glossary'));
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(t, err));
    }
  }

  async function remove(g: GlossaryTermView) {
    if (busy) return;
    setBusy(true);
    try {
      await adminFetch('DELETE', `/api/admin/glossary/${g.id}`);
      toast({ title: t('admin.glossary.deleted'), variant: 'success' });
      setConfirmId(null);
      await refresh();
      focusLater('#glossary-title');
      onChanged();
    } catch (err) {
      toast({ title: t('admin.glossary.deleteError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const saved = async () => {
    setEditing(null);
    await refresh();
    onChanged();
  };
  const failedValues = (id: number | null, fallback: Values): Values => (failed && failed.id === id ? { ...fallback, ...(failed.values as Partial<Values>) } : fallback);
  const failedErrors = (id: number | null) => (failed && failed.id === id ? (failed.errors as Record<string, FieldIssue>) : {});

  return (
    <section className="admin-glossary" aria-labelledby="glossary-title">
      <div className="admin-toolbar">
        <h2 id="glossary-title" className="admin-tab-title">{t('admin.glossary.title')}</h2>
      </div>
      <p>{t('admin.glossary.intro')}</p>
      <p className="admin-hint">{t('admin.glossary.sent')}</p>
      <TermForm id={null} start={failedValues(null, EMPTY)} errors={failedErrors(null)} onDone={() => void saved()} />
      {items === null ? (
        <Loading error={loadError} />
      ) : items.length === 0 ? (
        <p className="admin-empty">{t('admin.glossary.empty')}</p>
      ) : (
        <ul className="admin-list glossary-list" aria-label={t('admin.glossary.listLabel')}>
          {items.map((g) => (
            <li key={g.id} className="admin-item">
              <div className="admin-item-body">
                <h3 className="admin-item-title" lang="en">
                  {g.termEn}
                </h3>
                <p className="admin-item-meta">
                  {g.termEn === g.termDe ? (
                    t('admin.glossary.stays')
                  ) : (
                    <>
                      {t('admin.fields.termDe')}: <span lang="de">{g.termDe}</span>
                    </>
                  )}
                  {g.note ? ` · ${g.note}` : ''}
                </p>
                {editing === g.id && (
                  <TermForm id={g.id} start={failedValues(g.id, valuesOf(g))} errors={failedErrors(g.id)} onDone={() => void saved()} onCancel={() => setEditing(null)} />
                )}
              </div>
              {editing !== g.id && confirmId === g.id && (
                <form className="admin-confirm" method="post" action={action(`/admin/glossary/${g.id}/delete`)} onSubmit={hydrated ? (e) => (e.preventDefault(), void remove(g)) : undefined} role="group" aria-label={t('admin.confirm.label')}>
                  <CsrfField />
                  <p id={`glossary-confirm-${g.id}`} className="admin-confirm-text" role="alert" tabIndex={-1}>
                    {t('admin.glossary.confirmDelete', { term: g.termEn })}
                  </p>
                  <div className="admin-item-actions">
                    <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
                      {t('admin.glossary.confirmYes')}
                    </button>
                    <ActionLink className="btn btn-outline btn-small" href={here('')} onClick={() => cancelDelete(g.id)}>
                      {t('admin.glossary.cancel')}
                    </ActionLink>
                  </div>
                </form>
              )}
              {editing !== g.id && confirmId !== g.id && (
                <div className="admin-item-actions" id={`glossary-actions-${g.id}`}>
                  <ActionLink className="btn btn-outline btn-small" href={`${here(`&edit=${g.id}`)}#glossary-form-${g.id}`} onClick={() => setEditing(g.id)} label={t('admin.glossary.editLabel', { term: g.termEn })}>
                    {t('admin.glossary.edit')}
                  </ActionLink>
                  <ActionLink className="btn btn-outline btn-danger-outline btn-small" href={`${here(`&delete=${g.id}`)}#glossary-confirm-${g.id}`} onClick={() => askDelete(g.id)} label={t('admin.glossary.deleteLabel', { term: g.termEn })}>
                    {t('admin.glossary.delete')}
                  </ActionLink>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
