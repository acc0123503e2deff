import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/** The union of the boxes on the screen (the empty ones left out), or null. */
function unionOf(elements: Element[]): DOMRect | null {
  const boxes = elements.map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
  if (!boxes.length) return null;
  const top = Math.min(...boxes.map((b) => b.top));
  const left = Math.min(...boxes.map((b) => b.left));
  return new DOMRect(left, top, Math.max(...boxes.map((b) => b.right)) - left, Math.max(...boxes.map((b) => b.bottom)) - top);
}

const FIELDS = 'input, select, textarea';

/**
 * What a message speaks of is where the person is, as boxes on the screen from the most to the
 * least: for a field, the field with its label, hint and error (aria-describedby,
 * aria-errormessage), or the whole group of choices of a radio button or checkbox (its fieldset);
 * for a button (Save, Generate, Copy), also the fields it acts on (its nearest container that
 * holds fields, or the fields just before it). Null when nothing is focused, or the toast itself is.
 */
function subjectOf(region: Element): { around: DOMRect | null; own: DOMRect; control: DOMRect } | null {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body || region.contains(el)) return null;
  const choices = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? el.closest('fieldset') : null;
  const own: Element[] = [choices ?? el];
  if (!choices) {
    own.push(...((el as HTMLInputElement).labels ?? []));
    for (const attr of ['aria-describedby', 'aria-errormessage']) {
      for (const id of (el.getAttribute(attr) ?? '').split(/\s+/)) {
        const described = id ? document.getElementById(id) : null;
        if (described) own.push(described);
      }
    }
  }
  // The fields a button acts on: those of its container, or those just before it.
  let around: Element | null = null;
  for (let up: Element | null = el.matches(FIELDS) ? null : el; up && up !== document.body && up.tagName !== 'MAIN'; up = up.parentElement) {
    const before = up.previousElementSibling;
    if (up !== el && up.querySelector(FIELDS)) around = up;
    else if (before?.matches(FIELDS) || before?.querySelector(FIELDS)) around = before;
    if (around) break;
  }
  const control = el.getBoundingClientRect();
  return { around: around && unionOf([around, ...own]), own: unionOf(own) ?? control, control };
}

const GAP = 8;

/**
 * A toast never covers what it speaks of: when it lies over the focused field with its error (or
 * over the choices a button acts on), or the field's error stands past the screen's edge, the page
 * scrolls so that they stand in the room the toast leaves: below a toast at the top edge, above one
 * at the bottom (not under a fixed header: the page's scroll-padding-top). The most of the subject
 * that fits the room is kept in view, at least the control itself (WCAG 2.4.11, focus not obscured).
 * Nothing moves when nothing is covered.
 */
function keepClear(list: HTMLElement): void {
  if (!list.children.length) return;
  const subject = subjectOf(list);
  if (!subject) return;
  const toast = list.getBoundingClientRect();
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const atTop = toast.top + toast.height / 2 < window.innerHeight / 2;
  const beside = (b: DOMRect) => b.right <= toast.left || b.left >= toast.right;
  const covered = (b: DOMRect | null) => Boolean(b) && !beside(b!) && b!.top < toast.bottom + GAP && b!.bottom > toast.top - GAP;
  const { around, own, control } = subject;
  if (!covered(around) && !covered(own) && own.top >= header && own.bottom <= window.innerHeight) return;
  const end = window.innerHeight - GAP;
  const roomOf = (b: DOMRect) => (beside(b) ? [header, end] : atTop ? [toast.bottom + GAP, end] : [header, toast.top - GAP]) as [number, number];
  const box = [around, own, control].find((b): b is DOMRect => b !== null && b.height <= roomOf(b)[1] - roomOf(b)[0]) ?? control;
  const [top, bottom] = roomOf(box);
  const by = box.top < top ? box.top - top : box.bottom > bottom ? Math.min(box.bottom - bottom, box.top - top) : 0;
  // Whole pixels, away from the toast (a scroll position is rounded).
  if (by) window.scrollBy({ top: by > 0 ? Math.ceil(by) : Math.floor(by), behavior: 'instant' });
}

/** Whether a pointer is pressed: the page does not move under a click (a focus it gives is where the pointer is). */
let pressed = false;

export function Toaster() {
  const t = useT();
  const items = useSyncExternalStore(subscribe, () => toasts, () => EMPTY);
  const ref = useRef<HTMLOListElement>(null);
  useEffect(showPending, []);
  // While a toast is shown: kept clear of the field it speaks of, and of every control focused meanwhile.
  useLayoutEffect(() => {
    const list = ref.current;
    if (!list || !items.length) return;
    const check = () => !pressed && keepClear(list);
    const press = (e: Event) => (pressed = e.type === 'pointerdown');
    check();
    document.addEventListener('focusin', check);
    window.addEventListener('resize', check);
    for (const type of ['pointerdown', 'pointerup', 'pointercancel']) window.addEventListener(type, press, true);
    return () => {
      document.removeEventListener('focusin', check);
      window.removeEventListener('resize', check);
      for (const type of ['pointerdown', 'pointerup', 'pointercancel']) window.removeEventListener(type, press, true);
      pressed = false;
    };
  }, [items]);
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
