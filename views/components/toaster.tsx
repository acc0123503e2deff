import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../app-context';

/** A button beside the message (e.g. Undo): using it closes the toast and runs `run`. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  duration?: number;
  /** A toast with an action is not timed (WCAG 2.2.1): it stays until closed, used or replaced. */
  action?: ToastAction;
}

// One toast at a time, shown 5000 ms (not while hovered or focused; one with an action until it is
// closed, used or replaced), swipe right (50 px) or Escape to dismiss, F8 focuses it.
const TOAST_LIMIT = 1;
const DEFAULT_DURATION = 5000;
const SWIPE_THRESHOLD = 50;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(t: Omit<Toast, 'id'>): number {
  const id = nextId++;
  toasts = [{ ...t, id }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** For the next page (the prefix is views/site.ts's NEXT_PAGE_PREFIX, which wakes that page's messages region at once). */
export const PENDING_KEY = 'vb.next.toast';

/**
 * A message for the next page, shown there once (the checkout moves to the home page after a
 * gift: a page load, which a toast of this page would not survive). The page that leaves it never
 * shows it, even when its own messages region wakes only after this call. The page it leads to
 * wakes its messages region at once when one is waiting (views/island-loader.ts).
 */
export function toastOnNextPage(t: Omit<Toast, 'id'>): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...t, from: location.href }));
  } catch {
    toast(t);
  }
}

function showPending(): void {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return;
    const { from, ...pending } = JSON.parse(raw) as Omit<Toast, 'id'> & { from?: string };
    if (from === location.href) return;
    sessionStorage.removeItem(PENDING_KEY);
    toast(pending);
  } catch {
    // storage disabled or garbled: nothing to show
  }
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const EMPTY: Toast[] = [];

function ToastItem({ item }: { item: Toast }) {
  const t = useT();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const paused = useRef(false);

  const timed = !item.action;
  // The role sits inside the <li>: a list may only hold list items (axe "list" rule).
  const message = (
    <div role={item.variant === 'destructive' ? 'alert' : 'status'}>
      <p className="toast-title">{item.title}</p>
      {item.description && <p className="toast-description">{item.description}</p>}
    </div>
  );
  useEffect(() => {
    // Nobody is hurried through a button: a toast with an action is not dismissed by a timer.
    if (!timed) return;
    const timer = setInterval(() => {
      if (!paused.current) dismissToast(item.id);
    }, item.duration ?? DEFAULT_DURATION);
    return () => clearInterval(timer);
  }, [item.id, item.duration, timed]);

  return (
    <li
      className={`toast toast-${item.variant ?? 'default'}`}
      style={dx ? { transform: `translateX(${dx}px)` } : undefined}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={() => {
        if (dx > SWIPE_THRESHOLD) dismissToast(item.id);
        start.current = null;
        setDx(0);
      }}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismissToast(item.id);
      }}
    >
      {item.action ? (
        // The button under the message, outside its status (the status holds the message only).
        <div className="toast-body">
          {message}
          <button
            type="button"
            className="btn btn-outline btn-small toast-action"
            onClick={() => {
              dismissToast(item.id);
              item.action!.run();
            }}
          >
            {item.action.label}
          </button>
        </div>
      ) : (
        message
      )}
      <button type="button" className="toast-close" onClick={() => dismissToast(item.id)} aria-label={t('common.close')}>
        ×
      </button>
    </li>
  );
}

export function Toaster() {
  const t = useT();
  const items = useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
  const ref = useRef<HTMLOListElement>(null);
  useEffect(showPending, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') ref.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section aria-label={t('common.notifications')} className="toast-region">
      <ol ref={ref} tabIndex={-1} className="toast-viewport" aria-live="polite">
        {items.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
