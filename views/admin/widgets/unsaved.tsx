// No lost work in the admin: a form that differs from what it opened with is "dirty"; switching
// tabs, Cancel and opening another item ask first (an in-page dialog), leaving or reloading the
// page asks through the browser's own prompt. While a form is edited its values are kept in the
// browser's localStorage (debounced), so after a crash or a reload the admin is offered them back.
// Only form values are stored: never the CSRF token, a key or anything about the session.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../app-context';
import { Dialog } from './ui';

type Values = Record<string, string>;

/** Whether two forms hold the same values (a missing field counts as empty). */
export function sameValues(a: Values, b: Values): boolean {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if ((a[key] ?? '') !== (b[key] ?? '')) return false;
  }
  return true;
}

// --- Autosave in the browser ------------------------------------------------------------------

export interface Autosave {
  /** ISO instant of the last keep. */
  savedAt: string;
  values: Values;
  /** The machine-drafted fields and the text each draft filled in: still drafts after a restore. */
  machineDraft?: Values;
}

/** How long the form waits after the last keystroke before keeping its values. */
export const AUTOSAVE_DELAY_MS = 800;
/** Autosaves older than this are not offered any more (and are removed when seen). */
export const AUTOSAVE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const PREFIX = 'admin-autosave:';
export const autosaveKey = (entity: string, id: number | null) => `${PREFIX}${entity}:${id ?? 'new'}`;

/** localStorage, or null where it is not there or not allowed (private modes, the server). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readAutosave(storage: Storage | null, entity: string, id: number | null, now = Date.now()): Autosave | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(autosaveKey(entity, id));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Autosave>;
    const at = Date.parse(String(parsed.savedAt));
    const values = parsed.values;
    if (!Number.isFinite(at) || !values || typeof values !== 'object' || now - at > AUTOSAVE_MAX_AGE_MS) {
      storage.removeItem(autosaveKey(entity, id));
      return null;
    }
    const strings = (from: object): Values => Object.fromEntries(Object.entries(from).filter(([, v]) => typeof v === 'string')) as Values;
    const clean = strings(values);
    const marks = parsed.machineDraft && typeof parsed.machineDraft === 'object' ? strings(parsed.machineDraft) : {};
    return { savedAt: new Date(at).toISOString(), values: clean, ...(Object.keys(marks).length ? { machineDraft: marks } : {}) };
  } catch {
    return null;
  }
}

export function writeAutosave(storage: Storage | null, entity: string, id: number | null, values: Values, now = new Date(), machineDraft: Values = {}): void {
  try {
    const marks = Object.keys(machineDraft).length ? { machineDraft } : {};
    storage?.setItem(autosaveKey(entity, id), JSON.stringify({ savedAt: now.toISOString(), values, ...marks } satisfies Autosave));
  } catch {
    // Storage full or forbidden: the unsaved-changes guard still protects the form.
  }
}

export function clearAutosave(storage: Storage | null, entity: string, id: number | null): void {
  try {
    storage?.removeItem(autosaveKey(entity, id));
  } catch {
    // Nothing to clear where storage is forbidden.
  }
}

/**
 * The autosave worth offering when a form opens: one that exists and differs from what the form
 * opened with (an autosave equal to the saved item is stale and removed).
 */
export function autosaveToOffer(storage: Storage | null, entity: string, id: number | null, opened: Values, itemUpdatedAt?: string | null): Autosave | null {
  const saved = readAutosave(storage, entity, id);
  if (!saved) return null;
  // The item was saved (here or by someone else) after this copy was kept: the copy is older news.
  if (itemUpdatedAt && Date.parse(itemUpdatedAt) > Date.parse(saved.savedAt)) {
    clearAutosave(storage, entity, id);
    return null;
  }
  const comparable = Object.fromEntries(Object.keys(saved.values).map((k) => [k, opened[k] ?? '']));
  if (sameValues(saved.values, comparable)) {
    clearAutosave(storage, entity, id);
    return null;
  }
  return saved;
}

// --- The guard --------------------------------------------------------------------------------

interface Guard {
  dirty: boolean;
  /** Called when the admin chose to discard (the form's autosave goes too). */
  discard: () => void;
}

interface UnsavedApi {
  register: (id: symbol, guard: Guard | null) => void;
  /** True at once when nothing is unsaved; otherwise asks, and discards when the admin agrees. */
  confirmDiscard: () => Promise<boolean>;
}

const UnsavedContext = createContext<UnsavedApi>({ register: () => undefined, confirmDiscard: async () => true });

export const useConfirmDiscard = () => useContext(UnsavedContext).confirmDiscard;

/** Registers a form with the guard while it is mounted. */
export function useUnsavedGuard(dirty: boolean, discard: () => void): void {
  const { register } = useContext(UnsavedContext);
  const id = useRef(Symbol('form')).current;
  const discardRef = useRef(discard);
  discardRef.current = discard;
  useEffect(() => {
    register(id, { dirty, discard: () => discardRef.current() });
  }, [dirty]);
  useEffect(() => () => register(id, null), []);
}

/** Holds the guards of the admin page, the confirm dialog and the browser's leave prompt. */
export function UnsavedProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const guards = useRef(new Map<symbol, Guard>());
  const [asking, setAsking] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  // Where focus goes back to after the question (the tab, Cancel or Edit that asked).
  const opener = useRef<HTMLElement | null>(null);

  const anyDirty = () => [...guards.current.values()].some((g) => g.dirty);

  const register = useCallback((id: symbol, guard: Guard | null) => {
    if (guard) guards.current.set(id, guard);
    else guards.current.delete(id);
  }, []);

  const confirmDiscard = useCallback(() => {
    if (!anyDirty()) return Promise.resolve(true);
    // A second question while one is open gets the same answer.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return new Promise<boolean>((resolve) => {
      const earlier = answer.current;
      answer.current = (ok) => {
        earlier?.(ok);
        resolve(ok);
      };
      setAsking(true);
    });
  }, []);

  const settle = (ok: boolean) => {
    if (ok) {
      for (const g of guards.current.values()) {
        if (!g.dirty) continue;
        g.discard();
        // Discarded: leaving the page now (a logout) must not ask a second time.
        g.dirty = false;
      }
    }
    const done = answer.current;
    answer.current = null;
    setAsking(false);
    done?.(ok);
    const back = opener.current;
    opener.current = null;
    setTimeout(() => {
      if (back?.isConnected && !document.activeElement?.closest('#edit-form, .admin-panel')) back.focus();
    }, 0);
  };

  useEffect(() => {
    // Leaving or reloading the page: the browser asks in its own words (it shows no custom text).
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <UnsavedContext.Provider value={{ register, confirmDiscard }}>
      {children}
      {/* Mounted only while asking: never rendered on the server, so its ids are the browser's own. */}
      {asking && (
        <Dialog open onClose={() => settle(false)} title={t('admin.unsaved.title')}>
          <p>{t('admin.unsaved.text')}</p>
          <div className="admin-form-actions">
            <button type="button" className="btn btn-primary" onClick={() => settle(false)} data-autofocus="">
              {t('admin.unsaved.keep')}
            </button>
            <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => settle(true)}>
              {t('admin.unsaved.discard')}
            </button>
          </div>
        </Dialog>
      )}
    </UnsavedContext.Provider>
  );
}
