// The form's accessibility check, beside Preview: the server checks the Markdown fields of both
// languages as the public pages render them (POST /api/admin/a11y-check), the problems are listed
// with a button that takes the keyboard to the field, and a save that publishes (draft unticked)
// with problems asks first in an in-page dialog. It never blocks: the person decides.
// Needs JavaScript: without it the form saves as before.
import { useRef, useState, type ReactNode } from 'react';
import { useT } from '../app-context';
import { adminFetch, errorText } from './api';
import { Dialog, useHydrated } from './ui';

export interface A11yProblem {
  field: string;
  language: 'en' | 'de';
  rule: string;
  severity: 'error' | 'hint';
  detail: string;
  message: string;
}

type CheckState = { state: 'idle' } | { state: 'checking' } | { state: 'done'; problems: A11yProblem[] } | { state: 'failed'; message: string };

/** Takes the keyboard to a field of the edit form (a Markdown field's text area, or any input). */
export function focusField(field: string): void {
  const el = document.querySelector<HTMLElement>(`#edit-form textarea[name="${field}"], #edit-form [name="${field}"]:not([type=hidden])`);
  if (!el) return;
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

export function useA11yCheck(values: Record<string, string>): A11yCheck {
  const checked = CHECKED_FIELDS.some((f) => f in values);
  const t = useT();
  const hydrated = useHydrated();
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const [asking, setAsking] = useState<number | null>(null);
  const answer = useRef<((go: boolean) => void) | null>(null);

  async function run(): Promise<A11yProblem[] | null> {
    setCheck({ state: 'checking' });
    try {
      const { problems } = await adminFetch<{ problems: A11yProblem[] }>('POST', '/api/admin/a11y-check', { values });
      setCheck({ state: 'done', problems });
      return problems;
    } catch (err) {
      setCheck({ state: 'failed', message: errorText(t, err) });
      return null;
    }
  }

  async function confirmSave(): Promise<boolean> {
    // A draft is not public yet: the check is offered, not asked for.
    if (!checked || values.draft === 'true') return true;
    const problems = await run();
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
  const panel = hydrated && checked ? (
    <div className="admin-a11y">
      <button type="button" className="btn btn-outline" onClick={() => void run()} disabled={check.state === 'checking'}>
        {check.state === 'checking' ? t('admin.a11y.checking') : t('admin.a11y.check')}
      </button>
      <div role="status" aria-live="polite">
        {check.state === 'failed' && <p className="admin-error">{t('admin.a11y.error', { message: check.message })}</p>}
        {check.state === 'done' && (
          <section className="admin-a11y-results" aria-labelledby="a11y-results-title">
            <h4 id="a11y-results-title">{check.problems.length ? t('admin.a11y.count', { count: check.problems.length }) : t('admin.a11y.none')}</h4>
            {check.problems.length > 0 && (
              <ul>
                {check.problems.map((p, i) => (
                  <li key={i} className={`admin-a11y-problem admin-a11y-${p.severity}`}>
                    <span className="admin-badge">{language(p.language)}</span>
                    {p.severity === 'hint' && <span className="admin-badge admin-badge-warning">{t('admin.a11y.hint')}</span>} {t(`admin.a11y.rules.${p.rule}`, { detail: p.detail, defaultValue: p.message })}{' '}
                    <button type="button" className="btn btn-outline btn-small" onClick={() => focusField(p.field)}>
                      {t('admin.a11y.goTo', { field: t(`admin.fields.${p.field}`) })}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
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
