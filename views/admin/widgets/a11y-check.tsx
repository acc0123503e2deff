// The form's accessibility check, beside Preview. With JavaScript: the server renders the Markdown
// fields of both languages as the public pages do and checks what axe-core lacks (POST
// /api/admin/a11y-check with `axe`), and axe-core runs on that preview in the browser (a11y-axe.ts,
// loaded only now); the problems are listed with a button that takes the keyboard to the field,
// and a save that publishes (Publish now or Schedule) with problems asks first in an in-page dialog. When
// axe cannot run, the server's own checks of every rule stand in. Without JavaScript the server
// holds a publication with problems (controllers/admin/content.ts): the form comes back with them
// listed, links to the fields, and a "Publish anyway" checkbox. It never blocks: the person decides.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../app-context';
import { adminFetch, errorText } from '../lib/api';
import { Dialog, useHydrated } from './ui';
import { publishModeOf } from '../../../models/shared/publish-state';

export interface A11yProblem {
  field: string;
  language: 'en' | 'de';
  rule: string;
  severity: 'error' | 'hint';
  detail: string;
  /** The server's text (its checks only); axe's problems are named by our rule texts. */
  message?: string;
  /** 'axe': found by axe-core in the browser. */
  source?: 'axe' | 'server';
}

type CheckState = { state: 'idle' } | { state: 'checking' } | { state: 'done'; problems: A11yProblem[]; axe: boolean } | { state: 'failed'; message: string };

/** The no-JavaScript form's "Publish anyway" box (controllers/admin/content.ts A11Y_CONFIRM_FIELD). */
export const A11Y_CONFIRM_FIELD = '_a11yConfirm';

/** Asks a Markdown field to show its Write tab (markdown-field.tsx listens), so its text area can take focus. */
export const REVEAL_FIELD_EVENT = 'admin:reveal-field';

/**
 * Takes the keyboard to a field of the edit form (a Markdown field's text area, or any input). A
 * Markdown field showing its Preview tab switches to Write first and then focuses its text area.
 */
export function focusField(field: string): void {
  const el = document.querySelector<HTMLElement>(`#edit-form textarea[name="${field}"], #edit-form [name="${field}"]:not([type=hidden])`);
  if (!el) return;
  if (el.closest('[hidden]')) {
    el.dispatchEvent(new CustomEvent(REVEAL_FIELD_EVENT));
    return;
  }
  el.scrollIntoView({ block: 'center' });
  el.focus();
}

export interface A11yCheck {
  /** The Check button and the result list, for the form's actions. */
  panel: ReactNode;
  /** The confirmation dialog (render it once inside the tab). */
  dialog: ReactNode;
  /** Before a save: true to go on (no problems, a draft, the check failed, or the person said so). */
  confirmSave: () => Promise<boolean>;
}

/** The Markdown fields the server checks (models/a11y-rules.ts MARKDOWN_FIELDS; not imported: it brings a parser). */
const CHECKED_FIELDS = ['description', 'content'];
const FIELD_ORDER = CHECKED_FIELDS.flatMap((f) => [f, `${f}De`]);

/** axe's problems and the server's, field by field in the form's order (axe's first within a field). */
export function mergeProblems(axe: A11yProblem[], server: A11yProblem[]): A11yProblem[] {
  const all = [...axe.map((p) => ({ ...p, source: 'axe' as const })), ...server.map((p) => ({ ...p, source: 'server' as const }))];
  const rank = (p: A11yProblem) => (FIELD_ORDER.indexOf(p.field) + 1 || FIELD_ORDER.length + 1) * 2 + (p.severity === 'hint' ? 1 : 0);
  return all.map((p, i) => [p, i] as const).sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j).map(([p]) => p);
}

/**
 * `held`: the problems a publication without JavaScript was held for (listed as the form opens).
 * `formKey`: which item the form shows ('new', an id...): when it changes, the results go (they
 * were about another item), and a check still under way for the old one is dropped.
 */
export function useA11yCheck(values: Record<string, string>, held: A11yProblem[] | null = null, formKey = ''): A11yCheck {
  const checked = CHECKED_FIELDS.some((f) => f in values);
  const t = useT();
  const hydrated = useHydrated();
  const [checkState, setCheck] = useState<CheckState>(held?.length ? { state: 'done', problems: held, axe: false } : { state: 'idle' });
  const [asking, setAsking] = useState<number | null>(null);
  const answer = useRef<((go: boolean) => void) | null>(null);
  // Raised for every other form: an answer arriving after it is about the item before.
  const generation = useRef(0);
  const shownKey = useRef(formKey);
  useEffect(() => {
    if (shownKey.current === formKey) return;
    shownKey.current = formKey;
    generation.current++;
    setCheck({ state: 'idle' });
    if (answer.current) close(false);
  }, [formKey]);
  // The render in which another item arrives already shows none of the results of the one before
  // (the effect above clears them only after that render has been painted).
  const check: CheckState = shownKey.current === formKey ? checkState : { state: 'idle' };

  /** The problems found; null when the check could not run; 'stale' when the form moved on to another item meanwhile. */
  async function run(): Promise<A11yProblem[] | null | 'stale'> {
    const mine = ++generation.current;
    const current = () => generation.current === mine;
    setCheck({ state: 'checking' });
    try {
      const { problems, previews } = await adminFetch<{ problems: A11yProblem[]; previews: { field: string; language: 'en' | 'de'; html: string }[] }>('POST', '/api/admin/a11y-check', { values, axe: true });
      let found: A11yProblem[];
      let axe = true;
      try {
        const { runAxe } = await import('../lib/a11y-axe');
        found = mergeProblems(await runAxe(previews, { en: values.title ?? '', de: values.titleDe ?? '' }), problems);
      } catch {
        // axe-core could not load or run: the server's own checks of every rule stand in.
        axe = false;
        found = (await adminFetch<{ problems: A11yProblem[] }>('POST', '/api/admin/a11y-check', { values })).problems;
      }
      if (!current()) return 'stale';
      setCheck({ state: 'done', problems: found, axe });
      return found;
    } catch (err) {
      if (!current()) return 'stale';
      setCheck({ state: 'failed', message: errorText(t, err) });
      return null;
    }
  }

  async function confirmSave(): Promise<boolean> {
    // A draft is not public yet: the check is offered, not asked for.
    if (!checked || publishModeOf(values) === 'draft') return true;
    const problems = await run();
    // The form shows another item now: this save is not what the person sees any more.
    if (problems === 'stale') return false;
    // A check that could not run must not stop the save.
    const barriers = problems?.filter((p) => p.severity === 'error') ?? [];
    if (!barriers.length) return true;
    setAsking(barriers.length);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }

  function close(go: boolean) {
    setAsking(null);
    answer.current?.(go);
    answer.current = null;
  }

  const language = (l: 'en' | 'de') => t(l === 'de' ? 'admin.a11y.german' : 'admin.a11y.english');
  const results = check.state === 'done' && (
    <section className="admin-a11y-results" aria-labelledby="a11y-results-title">
      <h4 id="a11y-results-title">{check.problems.length ? t('admin.a11y.count', { count: check.problems.length }) : t('admin.a11y.none')}</h4>
      {check.problems.length > 0 && (
        <ul>
          {check.problems.map((p, i) => {
            const goTo = t('admin.a11y.goTo', { field: t(`admin.fields.${p.field}`) });
            return (
              <li key={i} className={`admin-a11y-problem admin-a11y-${p.severity}`} data-field={p.field} data-rule={p.rule} data-source={p.source ?? 'server'}>
                <span className="admin-badge">{language(p.language)}</span>
                {p.severity === 'hint' && <span className="admin-badge admin-badge-warning">{t('admin.a11y.hint')}</span>} {t(`admin.a11y.rules.${p.rule}`, { detail: p.detail, defaultValue: p.message ?? t('admin.a11y.rules.axe-other') })}{' '}
                {hydrated ? (
                  <button type="button" className="btn btn-outline btn-small" onClick={() => focusField(p.field)}>
                    {goTo}
                  </button>
                ) : (
                  // The content forms' fields carry the anchor #field-<name> (views/admin/ui.tsx).
                  <a className="btn btn-outline btn-small" href={`#field-${p.field}`}>
                    {goTo}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {hydrated && <p className="admin-a11y-source">{t(check.axe ? 'admin.a11y.byAxe' : 'admin.a11y.byServer')}</p>}
    </section>
  );
  const panel = hydrated && checked ? (
    <div className="admin-a11y">
      <button type="button" className="btn btn-outline" onClick={() => void run()} disabled={check.state === 'checking'}>
        {check.state === 'checking' ? t('admin.a11y.checking') : t('admin.a11y.check')}
      </button>
      <div role="status" aria-live="polite">
        {check.state === 'failed' && <p className="admin-error">{t('admin.a11y.error', { message: check.message })}</p>}
        {results}
      </div>
    </div>
  ) : checked && held?.length ? (
    // Without JavaScript: the publication was held; the problems, and the box that lets it through.
    <div className="admin-a11y" id="a11y-held">
      <p className="admin-error">{t('admin.a11y.heldText')}</p>
      {results}
      <label className="admin-check">
        <input type="checkbox" name={A11Y_CONFIRM_FIELD} value="yes" /> {t('admin.a11y.publishAnyway')}
      </label>
    </div>
  ) : null;

  // Made in the browser only: an id made by the server's React would not match the browser's.
  const dialog = hydrated && (
    <Dialog open={asking !== null} onClose={() => close(false)} title={t('admin.a11y.confirmTitle')}>
      <p>{t('admin.a11y.confirmText', { count: asking ?? 0 })}</p>
      <div className="admin-item-actions">
        <button type="button" className="btn btn-outline" onClick={() => close(false)}>
          {t('admin.a11y.confirmBack')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => close(true)}>
          {t('admin.a11y.confirmSave')}
        </button>
      </div>
    </Dialog>
  );

  return { panel, dialog, confirmSave };
}
