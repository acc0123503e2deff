// No lost work in a content form (views/admin/content/content-tab.tsx): the guard against leaving
// it with changes, and the copy the browser keeps while the admin types, offered back when the same
// form opens again (Restore / Discard). Only the admin's own changes are kept, never the hidden
// fields the server compares against.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useApp, useT } from '../../app-context';
import { formatDateTime } from '../widgets/ui';
import type { MachineDrafts } from '../widgets/translate-buttons';
import { autosaveToOffer, AUTOSAVE_DELAY_MS, browserStorage, clearAutosave, useUnsavedGuard, writeAutosave, type Autosave } from '../widgets/unsaved';

type Values = Record<string, string>;

export interface FormAutosaveOptions {
  /** The screen (the copy's key), and the edited item's id (null: a new one). */
  name: string;
  formId: number | null;
  /** Whether a form is open at all. */
  open: boolean;
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  /** What the form opened with; it is dirty while the values differ. */
  opened: Values;
  dirty: boolean;
  hiddenFields: string[];
  drafts: Pick<MachineDrafts, 'marks' | 'restoreMarks'>;
  /** The form the server opened (its copy is looked for once, after hydration). */
  initial: { id: number | null; updatedAt: string | null } | null;
}

export function useFormAutosave({ name, formId, open, values, setValues, opened, dirty, hiddenFields, drafts, initial }: FormAutosaveOptions) {
  const t = useT();
  const { lang } = useApp();
  const [offer, setOffer] = useState<Autosave | null>(null);
  const [note, setNote] = useState('');
  // Only the admin's own changes are kept (and restored on top of the item as it is then): a
  // field nobody touched, such as a raised amount that donations moved meanwhile, is never put back.
  const kept = (v: Values) => Object.fromEntries(Object.entries(v).filter(([k, x]) => !hiddenFields.includes(k) && x !== (opened[k] ?? '')));
  useUnsavedGuard(dirty, () => clearAutosave(browserStorage(), name, formId));

  // The offer is decided when a form opens, before anything is kept for it (a ref, because the
  // keeping effect must see it in the same render): while it waits, the stored copy is left alone.
  const pendingOffer = useRef<Autosave | null | undefined>(undefined);
  function check(id: number | null, start: Values, updatedAt: string | null) {
    const found = autosaveToOffer(browserStorage(), name, id, start, updatedAt);
    pendingOffer.current = found;
    setOffer(found);
  }
  useEffect(() => {
    if (initial) check(initial.id, opened, initial.updatedAt);
  }, []);

  useEffect(() => {
    if (!open || pendingOffer.current !== null) return;
    const storage = browserStorage();
    if (!dirty) {
      clearAutosave(storage, name, formId);
      return;
    }
    const timer = setTimeout(() => writeAutosave(storage, name, formId, kept(values), undefined, drafts.marks), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, offer, open, formId, drafts.marks]);

  function restore() {
    if (!offer) return;
    // Hidden fields (what the server compares against) stay as the form opened them.
    const restored = Object.fromEntries(Object.entries(offer.values).filter(([k]) => !hiddenFields.includes(k)));
    setValues((old) => ({ ...old, ...restored }));
    drafts.restoreMarks(offer.machineDraft);
    pendingOffer.current = null;
    setOffer(null);
    setNote(t('admin.autosave.restored'));
  }

  function discard() {
    clearAutosave(browserStorage(), name, formId);
    pendingOffer.current = null;
    setOffer(null);
    setNote(t('admin.autosave.discarded'));
  }

  const found = offer ? t('admin.autosave.found', { time: formatDateTime(offer.savedAt, lang) }) : '';
  const panel = (
    <>
      {offer && (
        <div className="admin-autosave" role="group" aria-labelledby="autosave-text">
          <p id="autosave-text">{found}</p>
          <div className="admin-item-actions">
            <button type="button" className="btn btn-primary btn-small" onClick={restore}>
              {t('admin.autosave.restore')}
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={discard}>
              {t('admin.autosave.discard')}
            </button>
          </div>
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {offer ? found : note}
      </p>
    </>
  );

  return {
    /** The offer with its buttons, and the live region that says what happened to it. */
    panel,
    /** A form opens: its copy is looked for. */
    opening(id: number | null, start: Values, updatedAt: string | null) {
      setNote('');
      check(id, start, updatedAt);
    },
    /** The form closed: nothing offered, nothing decided yet for the next one. */
    closed() {
      pendingOffer.current = undefined;
      setOffer(null);
    },
    /** Saved: the kept copy is of no use any more. */
    clear() {
      clearAutosave(browserStorage(), name, formId);
    },
    /** The form shows a restored version: no copy kept or offered from before it. */
    saved(id: number | null = formId) {
      clearAutosave(browserStorage(), name, id);
      pendingOffer.current = null;
      setOffer(null);
      setNote('');
    },
  };
}
