// What the machine drafts of a content form show (translate-buttons.tsx holds the state and the
// requests): the draft button by a field with its notes, and the "whole item" group with its
// question before text a person wrote is replaced. Plain components: every decision comes in props.
import type { ReactNode } from 'react';
import { useT } from '../../app-context';
import { Dialog } from './ui';

export type Lang = 'en' | 'de';

/** The question before a whole-item draft replaces text a person wrote. */
export interface Question {
  to: Lang;
  fill: string[];
  replace: string[];
}

/**
 * The notes under a drafted field: that it is a draft (edited since or not), and any glossary term
 * it still lacks. `drafted`: the text the draft filled in (undefined: the field was not drafted).
 */
export function DraftNotes({ drafted, current, missing }: { drafted: string | undefined; current: string | undefined; missing: string[] }) {
  const t = useT();
  if (drafted === undefined) return null;
  const lacking = missing.filter((term) => !(current ?? '').includes(term));
  return (
    <>
      <p className="machine-draft-note">{t(current === drafted ? 'admin.translate.note' : 'admin.translate.noteEdited')}</p>
      {lacking.length > 0 && <p className="machine-draft-note glossary-missing-note">{t('admin.translate.glossaryMissing', { terms: lacking.join(', ') })}</p>}
    </>
  );
}

/**
 * The draft button of one field and its notes. `describedById` names the hidden text (the field's
 * label) the button is described by: said after its name (a label would also name the field's own
 * lookups).
 */
export function DraftActions({ to, working, disabled, describedById, label, onDraft, children }: { to: Lang; working: boolean; disabled: boolean; describedById: string; label: string; onDraft: () => void; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="draft-actions">
      <button type="button" className="btn btn-outline btn-small" disabled={disabled} aria-describedby={describedById} onClick={onDraft}>
        {working ? t('admin.translate.working') : t(to === 'de' ? 'admin.translate.toDe' : 'admin.translate.toEn')}
      </button>
      <span id={describedById} hidden>
        {label}
      </span>
      {children}
    </div>
  );
}

/** The "Draft the whole item in ..." buttons, what the last draft said, and the question when one is open. */
export function WholeItemDrafts({
  langs,
  busy,
  hintId,
  announce,
  question,
  labelOf,
  onDraft,
  onAnswer,
}: {
  langs: readonly Lang[];
  busy: string | null;
  hintId: string;
  announce: string;
  question: Question | null;
  labelOf: (name: string) => string;
  onDraft: (to: Lang) => void;
  /** true: replace too; false: fill only the empty and out-of-date fields; null: cancel. */
  onAnswer: (replaceToo: boolean | null) => void;
}) {
  const t = useT();
  return (
    <div className="draft-whole" role="group" aria-labelledby={hintId}>
      <div className="draft-actions">
        {langs.map((to) => (
          <button key={to} type="button" className="btn btn-outline btn-small" disabled={busy !== null} aria-describedby={hintId} onClick={() => onDraft(to)}>
            {busy === `whole-${to}` ? t('admin.translate.working') : t(to === 'de' ? 'admin.translate.wholeItem' : 'admin.translate.wholeItemEn')}
          </button>
        ))}
      </div>
      <p className="admin-hint" id={hintId}>
        {t('admin.translate.wholeItemHint')}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {question && (
        <Dialog open onClose={() => onAnswer(null)} title={t(question.to === 'de' ? 'admin.translate.askTitleDe' : 'admin.translate.askTitleEn')}>
          <p>{t('admin.translate.askText')}</p>
          <ul className="draft-ask-list">
            {question.replace.map((n) => (
              <li key={n}>{labelOf(n)}</li>
            ))}
          </ul>
          <div className="admin-form-actions">
            {/* With nothing empty or out of date, "fill only those" would do nothing: it is left
                out, and the focus goes to the next choice, the one that drafts (still an unsaved
                change that the form's Cancel takes back). */}
            {question.fill.length > 0 && (
              <button type="button" className="btn btn-primary" onClick={() => onAnswer(false)} data-autofocus="">
                {t('admin.translate.askKeep', { count: question.fill.length })}
              </button>
            )}
            <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => onAnswer(true)} data-autofocus={question.fill.length === 0 ? '' : undefined}>
              {t('admin.translate.askReplace')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => onAnswer(null)}>
              {t('admin.form.cancel')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
