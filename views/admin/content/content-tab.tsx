// One tab of Projects, News, Team or Pages: the list (excerpts, edit, delete with confirmation)
// and the inline form. Without JavaScript every control is a link or a form post; with JavaScript
// the same controls work in place through the admin API and announce the outcome in a toast.
// Projects, News and Team have search, sort and filters (list-tools.ts); an edited form is guarded
// against loss and autosaved in the browser (form-autosave.tsx); a field's message goes as soon as
// the field is valid (content-field.tsx). Under the list, the link to this kind's trash.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApp, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText, withLang, type FieldIssue } from '../lib/api';
import { ENTITIES } from './entities';
import type { EntityName, FieldDef, FormContext } from '../lib/fields';
import { ActionLink, CsrfField, FieldAnchors, Loading, useAdmin, useHydrated, useScreenHref } from '../widgets/ui';
import type { AdminFlash } from '../lib/flash';
import { applyListQuery, EMPTY_QUERY, isListEntity, listQueryString, type ListQuery } from '../lib/list-tools';
import { ListToolsBar } from './list-tools-bar';
import { sameValues, useConfirmDiscard } from '../widgets/unsaved';
import { useFormAutosave } from './form-autosave';
import { PreviewButton, saveLabel } from '../widgets/publishing';
import { publishFieldsOf, publishModeOf, publishState } from '../../../models/shared/publish-state';
import { contentItemPath } from '../../../models/shared/urls';
// Accessibility checks beside Preview, and the question before publishing with problems.
import { useA11yCheck } from '../widgets/a11y-check';
import { PageTextsFields } from './page-texts-fields';
import { RevisionsPanel, type HistoryProps } from './revisions-panel';
import { restoreFromTrash, TrashLink, type TrashProps } from './trash-link';
import { ContentField } from './content-field';
import { ContentList } from './content-list';
import { SavedNote, type SavedNoteProps } from './saved-note';
import { SpendingSection, type SpendingInitial } from './spending-section';
import { useMachineDrafts } from '../widgets/translate-buttons';

type Item = { id: number } & Record<string, any>;

export interface ContentTabProps {
  name: EntityName;
  /** The list (the screen's loader). */
  initialItems: Item[];
  /** The form the server opened (?new=1 or ?edit=<id>). */
  initialForm: { id: number | null; item: Item | null } | null;
  initialConfirm: number | null;
  projectOptions: { id: number; title: string; titleDe: string }[] | null;
  flash: AdminFlash | null;
  /** Search, sort and filters of the list (?q=&sort=...; Projects, News and Team). */
  initialQuery?: ListQuery | null;
  /** Something changed (the Activity panel reloads). */
  onChanged: () => void;
  /** Revisions of the edited item and how many of the kind are in the trash, as the server rendered them (null: fetched). */
  initialHistory?: HistoryProps | null;
  initialTrash?: TrashProps | null;
  /** Projects: the edited project's spending records, as the server rendered them (null: fetched). */
  initialSpending?: SpendingInitial | null;
}

type Mode = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; id: number };

/** When the item was last saved: a copy the browser kept before that is not offered back. */
const updatedAtOf = (item: Item | null): string | null => (typeof item?.updatedAt === 'string' ? item.updatedAt : null);

export function ContentTab({ name, initialItems, initialForm, initialConfirm, projectOptions: initialOptions, flash, initialQuery, onChanged, initialHistory = null, initialTrash = null, initialSpending = null }: ContentTabProps) {
  const t = useT();
  const { site, lang } = useApp();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
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
  // What the form opened with: it is "dirty" (guarded, autosaved) while its values differ.
  const [opened, setOpened] = useState<Record<string, string>>(() => (initialForm ? config.values(initialForm.item, ctx) : {}));
  const [query, setQuery] = useState<ListQuery>(initialQuery ?? EMPTY_QUERY);
  const confirmDiscard = useConfirmDiscard();
  // A publication the server held for accessibility problems (no JavaScript) lists them as the form opens.
  // Its results belong to the item the form shows: another item (or a new one) starts afresh.
  const a11y = useA11yCheck(values, flashForm?.a11y ?? null, mode.kind === 'edit' ? `edit-${mode.id}` : mode.kind);
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(flashForm?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [confirmId, setConfirmId] = useState<number | null>(initialConfirm);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // Machine translation drafts: buttons by the bilingual fields; a save names every drafted field.
  const drafts = useMachineDrafts(config.rows.flat(), values, setValues, mode.kind === 'edit' ? String(mode.id) : mode.kind, { entity: name, id: mode.kind === 'edit' ? mode.id : null, opened });
  const newButton = useRef<HTMLElement>(null);

  // Links keep the list's search and filters (the no-JavaScript list comes back as it was).
  const href = (more: string) => screenHref(name, `${isListEntity(name) ? listQueryString(name, query) : ''}${more}`);

  async function refresh(): Promise<void> {
    try {
      setItems(await adminFetch<Item[]>('GET', `/api/admin/${name}`));
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(t, err));
    }
  }


  useEffect(() => {
    if (mode.kind !== 'closed' && hydrated) formHeading.current?.focus();
  }, [mode.kind === 'edit' ? mode.id : mode.kind]);

  const thing = (verb: 'created' | 'updated' | 'deleted') => t(`admin.${name}.${verb}`);

  // --- No lost work: the guard and the autosave of the open form ---
  const formId = mode.kind === 'edit' ? mode.id : null;
  const dirty = mode.kind !== 'closed' && !sameValues(values, opened);
  /** After a save: where the item is now (shown until the next change). */
  const [savedNote, setSavedNote] = useState<SavedNoteProps['note'] | null>(null);
  const savedNoteRef = useRef<HTMLDivElement>(null);
  /** Saves of the open form: the History panel reads its versions again after each. */
  const [saves, setSaves] = useState(0);
  const autosave = useFormAutosave({
    name,
    formId,
    open: mode.kind !== 'closed',
    values,
    setValues,
    opened,
    dirty,
    hiddenFields: config.rows.flat().filter((f) => f.kind === 'hidden').map((f) => f.name),
    drafts,
    initial: initialForm && { id: initialForm.id, updatedAt: updatedAtOf(initialForm.item) },
  });

  function openForm(next: Mode, start: Record<string, string>, item: Item | null = null) {
    setSavedNote(null);
    setValues(start);
    setOpened(start);
    setErrors({});
    setMode(next);
    autosave.opening(next.kind === 'edit' ? next.id : null, start, updatedAtOf(item));
  }

  async function openNew() {
    if (!(await confirmDiscard())) return;
    openForm({ kind: 'new' }, config.values(null, ctx));
  }

  async function openEdit(id: number) {
    if (mode.kind === 'edit' && mode.id === id) return;
    if (!(await confirmDiscard())) return;
    try {
      // The list may hold a summary only (news): the form gets the whole record.
      const item = await adminFetch<Item>('GET', `/api/admin/${name}/${id}`);
      openForm({ kind: 'edit', id }, config.values(item, ctx), item);
      setConfirmId(null);
    } catch (err) {
      toast({ title: t('common.error'), description: errorText(t, err), variant: 'destructive' });
    }
  }

  function close() {
    setSavedNote(null);
    setMode({ kind: 'closed' });
    setErrors({});
    autosave.closed();
    setTimeout(() => newButton.current?.focus(), 0);
  }

  async function cancel() {
    if (await confirmDiscard()) close();
  }

  // --- Find things: search, sort and filters of the list ---
  const listEntity = isListEntity(name) ? name : null;
  function changeQuery(next: ListQuery) {
    setQuery(next);
    // The address keeps the query, so a reload or a shared link shows the same list.
    if (listEntity) window.history.replaceState(window.history.state, '', screenHref(name, listQueryString(listEntity, next)));
  }

  // Set at once (the state shows only at the next render): a second Enter or click while the
  // accessibility check runs must not start a second check and a second save.
  const saving = useRef(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving.current || busy || mode.kind === 'closed') return;
    saving.current = true;
    setBusy(true);
    let go = false;
    try {
      go = await a11y.confirmSave();
    } finally {
      if (!go) {
        saving.current = false;
        setBusy(false);
      }
    }
    if (!go) return;
    const creating = mode.kind === 'new';
    // Schedule needs its date and time: said at the field, before anything is checked or sent.
    if (publishModeOf(values) === 'schedule' && !values.publishAt) {
      setErrors((old) => ({ ...old, publishAt: { code: 'schedule_time' } }));
      saving.current = false;
      setBusy(false);
      setTimeout(() => document.querySelector<HTMLElement>('#edit-form [name="publishAt"]')?.focus(), 0);
      return;
    }
    const sent = publishFieldsOf(values);
    try {
      // Typed amounts are read in the admin's language (1’250.50, 1250,50 in German).
      const saved = creating
        ? await adminFetch<Item>('POST', withLang(`/api/admin/${name}`, lang), drafts.body(sent))
        : await adminFetch<Item>('PUT', withLang(`/api/admin/${name}/${mode.id}`, lang), drafts.body(sent));
      toast({ title: thing(creating ? 'created' : 'updated'), variant: 'success' });
      autosave.clear();
      // Saved: the form stays open on what was saved (nothing unsaved any more), with the way to
      // see it on the website, or the preview while it is not public.
      const after = config.values(saved, ctx);
      setValues(after);
      setOpened(after);
      setErrors({});
      // The save named the machine-drafted fields; what stays open is saved text now.
      drafts.reset();
      // The History below shows the new version.
      setSaves((n) => n + 1);
      if (creating) {
        setMode({ kind: 'edit', id: saved.id });
        window.history.replaceState(window.history.state, '', href(`&edit=${saved.id}`));
      }
      setSavedNote({ state: publishState({ draft: Boolean(saved.draft), publishAt: saved.publishAt ?? null }), publishAt: saved.publishAt ?? null, path: contentItemPath(name, saved as { slug?: string; pageName?: string }, lang) });
      await refresh();
      onChanged();
      setTimeout(() => savedNoteRef.current?.focus(), 0);
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
      saving.current = false;
      setBusy(false);
    }
  }

  /** The delete's message, with Undo: the trash's own restore of the item. */
  const deletedToast = (id: number, label?: string) =>
    toast({ title: thing('deleted'), variant: 'success', action: { label: t('admin.trash.undo'), run: () => void undo(id, label) } });

  async function undo(id: number, label?: string) {
    try {
      await restoreFromTrash(name, id);
      toast({ title: t('admin.trash.restored'), description: label, variant: 'success' });
      await refresh();
      onChanged();
    } catch (err) {
      toast({ title: t('admin.trash.restoreError'), description: errorText(t, err), variant: 'destructive' });
    }
    // The Undo button is gone: the keyboard goes on from the tab's first control.
    setTimeout(() => newButton.current?.focus(), 0);
  }

  // A delete posted without JavaScript comes back as a message with Undo (admin-app.tsx leaves it to the tab).
  useEffect(() => {
    if (flash?.undo && flash.undo.name === name) deletedToast(flash.undo.id);
  }, []);

  async function remove(id: number, label: string) {
    setBusy(true);
    try {
      await adminFetch('DELETE', `/api/admin/${name}/${id}`);
      deletedToast(id, label);
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
  const listed = listEntity ? applyListQuery(listEntity, items ?? [], query, lang) : (items ?? []);
  const formAction = action(mode.kind === 'edit' ? `/admin/${name}/${mode.id}` : `/admin/${name}`);

  const field = (def: FieldDef) =>
    drafts.wrap(def, <ContentField key={def.name} def={def} name={name} ctx={ctx} values={values} setValues={setValues} errors={errors} setErrors={setErrors} />);

  return (
    <div className="admin-content-tab">
      {a11y.dialog}
      <div className="admin-toolbar">
        <h2 className="admin-tab-title">{t(`admin.tabs.${name}`)}</h2>
        {mode.kind !== 'new' && (
          <ActionLink elementRef={newButton} className="btn btn-primary" href={href('&new=1#edit-form')} onClick={() => void openNew()}>
            + {t(`admin.${name}.new`)}
          </ActionLink>
        )}
      </div>

      {/* The edit form's fields carry the anchors #field-<name> (translation status, accessibility check). */}
      <FieldAnchors.Provider value={true}>
      {mode.kind !== 'closed' && (
        <form id="edit-form" className="admin-form card" method="post" action={formAction} onSubmit={hydrated ? submit : undefined} noValidate aria-labelledby="edit-form-title">
          <h3 id="edit-form-title" ref={formHeading} tabIndex={-1}>
            {mode.kind === 'new' ? t(`admin.${name}.new`) : t(`admin.${name}.edit`)}
          </h3>
          <CsrfField />
          {autosave.panel}
          {Object.keys(errors).length > 0 && (
            <p className="admin-form-errors" role="alert">
              {t('admin.form.fixErrors', { count: Object.keys(errors).length })}
            </p>
          )}
          {drafts.whole}
          {drafts.unavailable}
          {config.rows.map((row, i) => (
            <div key={i} className={`admin-form-row cols-${row.filter((f) => f.kind !== 'hidden').length}`}>
              {row.map(field)}
            </div>
          ))}
          {name === 'pages' && <PageTextsFields pageName={values.pageName ?? ''} values={values} setValues={setValues} errors={errors} draft={drafts.pageText} />}
          {savedNote && !dirty && <SavedNote note={savedNote} elementRef={savedNoteRef} />}
          <div className="admin-form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('admin.form.saving') : saveLabel(t, values, opened, mode.kind === 'edit')}
            </button>
            <PreviewButton name={name} id={mode.kind === 'edit' ? mode.id : null} values={values} />
            {a11y.panel}
            <ActionLink className="btn btn-outline" href={href('')} onClick={() => void cancel()}>
              {t('admin.form.cancel')}
            </ActionLink>
          </div>
        </form>
      )}
      </FieldAnchors.Provider>
      {/* Where the money went: the project's spending records, below its fields (forms cannot nest). */}
      {name === 'projects' && mode.kind === 'edit' && (
        <SpendingSection key={mode.id} projectId={mode.id} initial={initialForm?.id === mode.id ? initialSpending : null} flash={flash} />
      )}
      {mode.kind === 'edit' && (
        <RevisionsPanel
          key={`${mode.id}-${saves}`}
          name={name}
          id={mode.id}
          // The server's History is the one of the page's load: after a save it lacks the new version.
          initial={initialForm?.id === mode.id && saves === 0 ? initialHistory : null}
          current={initialForm?.id === mode.id && saves === 0 ? initialForm.item : null}
          beforeRestore={confirmDiscard}
          onRestored={(item) => {
            // The restored version is what is saved now: nothing is unsaved, and no typed copy
            // from before the restore is offered back or kept.
            const restored = config.values(item, ctx);
            autosave.saved(mode.id);
            setValues(restored);
            setOpened(restored);
            // No machine wrote the restored text: a save must not call it a machine draft.
            drafts.reset();
            setErrors({});
            void refresh();
            onChanged();
          }}
        />
      )}

      {listEntity && items !== null && (
        <ListToolsBar entity={listEntity} query={query} onChange={changeQuery} shown={listed.length} total={items.length} lang={lang} projectOptions={projectOptions} />
      )}

      {items === null ? (
        <Loading error={loadError} />
      ) : listed.length === 0 ? (
        <p className="admin-empty">{items.length > 0 && listed.length === 0 ? t('admin.listTools.none') : t(`admin.${name}.empty`)}</p>
      ) : (
        <ContentList
          name={name}
          config={config}
          items={listed}
          editingId={editingId}
          confirmId={confirmId}
          busy={busy}
          href={href}
          onEdit={(id) => void openEdit(id)}
          onAskDelete={setConfirmId}
          onDelete={(id, label) => void remove(id, label)}
        />
      )}
      <TrashLink name={name} initial={initialTrash} watch={items} />
    </div>
  );
}
