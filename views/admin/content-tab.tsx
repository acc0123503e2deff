// One tab of Projects, News, Team or Pages: the list (excerpts, edit, delete with confirmation)
// and the inline form. Without JavaScript every control is a link or a form post; with JavaScript
// the same controls work in place through the admin API and announce the outcome in a toast.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApp, useLinks, useT } from '../app-context';
import { toast } from '../components/toaster';
import { truncate } from '../../models/rules';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from './api';
import { ENTITIES, excerptLength, type EntityName, type FieldDef, type FormContext } from './entities';
import { ActionLink, CsrfField, Loading, SelectField, TextArea, TextField, useAdmin, useFieldError, useHydrated } from './ui';
import { ImageField } from './media-picker';
import type { AdminFlash } from './flash';
import { RevisionsPanel, type HistoryProps } from './revisions-panel';
import { TrashPanel, type TrashProps } from './trash-panel';

type Item = { id: number } & Record<string, any>;

export interface ContentTabProps {
  name: EntityName;
  /** The list from the server (null: fetch it). */
  initialItems: Item[] | null;
  /** The form the server opened (?new=1 or ?edit=<id>). */
  initialForm: { id: number | null; item: Item | null } | null;
  initialConfirm: number | null;
  projectOptions: { id: number; title: string; titleDe: string }[] | null;
  flash: AdminFlash | null;
  /** Something changed (the Activity panel reloads). */
  onChanged: () => void;
  /** Revisions of the edited item and the tab's trash, as the server rendered them (null: fetched). */
  initialHistory?: HistoryProps | null;
  initialTrash?: TrashProps | null;
}

type Mode = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; id: number };

export function ContentTab({ name, initialItems, initialForm, initialConfirm, projectOptions: initialOptions, flash, onChanged, initialHistory = null, initialTrash = null }: ContentTabProps) {
  const t = useT();
  const { site, lang } = useApp();
  const link = useLinks();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const config = ENTITIES[name];

  const [items, setItems] = useState<Item[] | null>(initialItems);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [projectOptions, setProjectOptions] = useState(initialOptions ?? []);
  const ctx: FormContext = { t, lang, site, projectOptions, usedPageNames: (items ?? []).map((i) => String(i.pageName)) };

  // The form the server opened, with the values and errors of a failed post when there was one.
  const flashForm = flash?.form && flash.form.tab === name ? flash.form : null;
  const [mode, setMode] = useState<Mode>(initialForm ? (initialForm.id ? { kind: 'edit', id: initialForm.id } : { kind: 'new' }) : { kind: 'closed' });
  const [values, setValues] = useState<Record<string, string>>(() =>
    initialForm ? { ...config.values(initialForm.item, ctx), ...(flashForm?.values ?? {}) } : {},
  );
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(flashForm?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [confirmId, setConfirmId] = useState<number | null>(initialConfirm);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const newButton = useRef<HTMLElement>(null);

  const base = link('admin');
  const href = (query: string) => `${base}?tab=${name}${query}`;

  async function refresh(): Promise<void> {
    try {
      setItems(await adminFetch<Item[]>('GET', `/api/admin/${name}`));
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(t, err));
    }
  }

  useEffect(() => {
    if (items === null) void refresh();
    if (name === 'news' && initialOptions === null) {
      adminFetch<{ id: number; title: string; titleDe: string }[]>('GET', '/api/admin/projects')
        .then((list) => setProjectOptions(list.map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe }))))
        .catch(() => undefined);
    }
  }, []);

  useEffect(() => {
    if (mode.kind !== 'closed' && hydrated) formHeading.current?.focus();
  }, [mode.kind === 'edit' ? mode.id : mode.kind]);

  const thing = (verb: 'created' | 'updated' | 'deleted') => t(`admin.${name}.${verb}`);

  function openNew() {
    setValues(config.values(null, ctx));
    setErrors({});
    setMode({ kind: 'new' });
  }

  async function openEdit(id: number) {
    try {
      // The list may hold a summary only (news): the form gets the whole record.
      const item = await adminFetch<Item>('GET', `/api/admin/${name}/${id}`);
      setValues(config.values(item, ctx));
      setErrors({});
      setMode({ kind: 'edit', id });
      setConfirmId(null);
    } catch (err) {
      toast({ title: t('common.error'), description: errorText(t, err), variant: 'destructive' });
    }
  }

  function close() {
    setMode({ kind: 'closed' });
    setErrors({});
    setTimeout(() => newButton.current?.focus(), 0);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || mode.kind === 'closed') return;
    const creating = mode.kind === 'new';
    setBusy(true);
    try {
      if (creating) await adminFetch('POST', `/api/admin/${name}`, values);
      else await adminFetch('PUT', `/api/admin/${name}/${mode.id}`, values);
      toast({ title: thing(creating ? 'created' : 'updated'), variant: 'success' });
      setMode({ kind: 'closed' });
      setErrors({});
      await refresh();
      onChanged();
      setTimeout(() => newButton.current?.focus(), 0);
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      const count = Object.keys(fields).length;
      setErrors(fields);
      // Field errors are shown (translated) next to their fields; the toast says how many.
      const description = count ? t('admin.form.fixErrors', { count }) : errorText(t, err);
      toast({ title: t(`admin.${name}.${creating ? 'createError' : 'updateError'}`), description, variant: 'destructive' });
      const first = Object.keys(fields)[0];
      if (first) document.querySelector<HTMLElement>(`#edit-form [name="${first}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number) {
    setBusy(true);
    try {
      await adminFetch('DELETE', `/api/admin/${name}/${id}`);
      toast({ title: thing('deleted'), variant: 'success' });
      setConfirmId(null);
      await refresh();
      onChanged();
      setTimeout(() => newButton.current?.focus(), 0);
    } catch (err) {
      toast({ title: t(`admin.${name}.deleteError`), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const editingId = mode.kind === 'edit' ? mode.id : null;
  const visible = (items ?? []).filter((i) => i.id !== editingId);
  const formAction = action(mode.kind === 'edit' ? `/admin/${name}/${mode.id}` : `/admin/${name}`);

  function field(def: FieldDef) {
    const common = {
      name: def.name,
      label: t(`admin.fields.${def.label}`),
      value: values[def.name] ?? '',
      onChange: (v: string) => setValues((old) => ({ ...old, [def.name]: v })),
      error: fieldError(errors[def.name]),
      required: def.required,
      hint: def.hint ? t(`admin.hints.${def.hint}`) : undefined,
    };
    switch (def.kind) {
      case 'hidden':
        return <input key={def.name} type="hidden" name={def.name} value={values[def.name] ?? ''} />;
      case 'textarea':
        return <TextArea key={def.name} {...common} rows={def.rows} />;
      case 'select':
        return <SelectField key={def.name} {...common} options={def.options!(ctx)} />;
      case 'image':
        return <ImageField key={def.name} {...common} category={name === 'team' ? 'team' : 'projects'} />;
      case 'number':
        return <TextField key={def.name} {...common} inputMode="numeric" />;
      case 'amount':
        return <TextField key={def.name} {...common} inputMode="decimal" placeholder="0.00" />;
      case 'date':
        return <TextField key={def.name} {...common} type="date" />;
      default:
        return <TextField key={def.name} {...common} />;
    }
  }

  return (
    <div className="admin-content-tab">
      <div className="admin-toolbar">
        <h2 className="admin-tab-title">{t(`admin.tabs.${name}`)}</h2>
        {mode.kind === 'closed' && (
          <ActionLink elementRef={newButton} className="btn btn-primary" href={href('&new=1#edit-form')} onClick={openNew}>
            + {t(`admin.${name}.new`)}
          </ActionLink>
        )}
      </div>

      {mode.kind !== 'closed' && (
        <form id="edit-form" className="admin-form card" method="post" action={formAction} onSubmit={hydrated ? submit : undefined} noValidate aria-labelledby="edit-form-title">
          <h3 id="edit-form-title" ref={formHeading} tabIndex={-1}>
            {mode.kind === 'new' ? t(`admin.${name}.new`) : t(`admin.${name}.edit`)}
          </h3>
          <CsrfField />
          {Object.keys(errors).length > 0 && (
            <p className="admin-form-errors" role="alert">
              {t('admin.form.fixErrors', { count: Object.keys(errors).length })}
            </p>
          )}
          {config.rows.map((row, i) => (
            <div key={i} className={`admin-form-row cols-${row.filter((f) => f.kind !== 'hidden').length}`}>
              {row.map(field)}
            </div>
          ))}
          <div className="admin-form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('admin.form.saving') : mode.kind === 'new' ? t('admin.form.create') : t('admin.form.save')}
            </button>
            <ActionLink className="btn btn-outline" href={href('')} onClick={close}>
              {t('admin.form.cancel')}
            </ActionLink>
          </div>
        </form>
      )}
      {mode.kind === 'edit' && (
        <RevisionsPanel
          key={mode.id}
          name={name}
          id={mode.id}
          initial={initialForm?.id === mode.id ? initialHistory : null}
          current={initialForm?.id === mode.id ? initialForm.item : null}
          onRestored={(item) => {
            setValues(config.values(item, ctx));
            setErrors({});
            void refresh();
            onChanged();
          }}
        />
      )}

      {items === null ? (
        <Loading error={loadError} />
      ) : visible.length === 0 ? (
        <p className="admin-empty">{t(`admin.${name}.empty`)}</p>
      ) : (
        <ul className="admin-list" aria-label={t(`admin.tabs.${name}`)}>
          {visible.map((item) => {
            const row = config.row(item, lang, t);
            const confirming = confirmId === item.id;
            return (
              <li key={item.id} className={`admin-item${confirming ? ' confirming' : ''}`}>
                {row.image && <img className="admin-thumb" src={row.image} alt="" width={72} height={54} loading="lazy" />}
                <div className="admin-item-body">
                  <h3 className="admin-item-title">{row.title}</h3>
                  <p className="admin-item-meta">{row.meta.filter(Boolean).join(' · ')}</p>
                  <p className="admin-item-excerpt">{truncate(row.excerpt, excerptLength(name))}</p>
                </div>
                {confirming ? (
                  <form className="admin-confirm" method="post" action={action(`/admin/${name}/${item.id}/delete`)} onSubmit={hydrated ? (e) => (e.preventDefault(), void remove(item.id)) : undefined} role="group" aria-label={t('admin.confirm.label')}>
                    <CsrfField />
                    <p className="admin-confirm-text" role="alert">{t('admin.confirm.delete', { title: row.title })}</p>
                    <div className="admin-item-actions">
                      <button type="submit" className="btn btn-danger" disabled={busy}>
                        {t('admin.confirm.yes')}
                      </button>
                      <ActionLink className="btn btn-outline" href={href('')} onClick={() => setConfirmId(null)}>
                        {t('admin.form.cancel')}
                      </ActionLink>
                    </div>
                  </form>
                ) : (
                  <div className="admin-item-actions">
                    <ActionLink className="btn btn-outline btn-small" href={href(`&edit=${item.id}#edit-form`)} onClick={() => void openEdit(item.id)} label={`${t('admin.actions.edit')}: ${row.title}`}>
                      {t('admin.actions.edit')}
                    </ActionLink>
                    <ActionLink className="btn btn-outline btn-danger-outline btn-small" href={href(`&delete=${item.id}`)} onClick={() => setConfirmId(item.id)} label={`${t('admin.actions.delete')}: ${row.title}`}>
                      {t('admin.actions.delete')}
                    </ActionLink>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <TrashPanel name={name} initial={initialTrash} watch={items} onRestored={() => (void refresh(), onChanged())} />
    </div>
  );
}
