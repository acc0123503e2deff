// The forms of one fundraiser in the Fundraisers screen's list (fundraisers-tab.tsx): the question
// that rejects it or takes it down with a reason (mailed to its owner), and the edit form of its
// words, goal and last day. Each opens with the focus in its first field; Escape closes it, and
// typing not yet sent is guarded like any unsaved form.
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { SelectField, TextArea, TextField, useFieldError } from '../widgets/ui';
import { useConfirmDiscard, useUnsavedGuard } from '../widgets/unsaved';
import { API, focusSoon, type AdminFundraiser } from './fundraiser-shared';

/** The reason's limits (models/giving/fundraiser.ts ReasonSchema): checked here too, so an empty one is said at once. */
const REASON_MIN = 3;
const REASON_MAX = 1000;

/** The goal in major units as the form shows it: 500, 1200.50. */
const majorText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
/** An amount as typed in either language ("1’200,50", "1 200.50") as the API reads it ("1200.50"). */
function amountInput(text: string): string {
  const s = text.trim().replace(/[\u2019'\s\u00a0]/g, '');
  return /^\d+,\d{1,2}$/.test(s) ? s.replace(',', '.') : s;
}

/** Escape closes a form, as it closes the admin's dialogs. */
const escapeCloses = (close: () => void) => (e: KeyboardEvent<HTMLFormElement>) => {
  if (e.key === 'Escape') {
    e.preventDefault();
    close();
  }
};

export function RejectForm({ f, onCancel, onDone, failure }: { f: AdminFundraiser; onCancel: () => void; onDone: () => Promise<void>; failure: (err: unknown) => string }) {
  const t = useT();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const takeDown = f.status === 'approved';
  const formId = `fr-${f.id}-reject-form`;
  useUnsavedGuard(reason.trim() !== '', () => setReason(''));
  // The question opens with the focus in its one field (its label and hint say what it is for).
  useEffect(() => {
    focusSoon(`#${formId} textarea`);
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (text.length < REASON_MIN || text.length > REASON_MAX) {
      setError(t('admin.fundraisers.errors.reason'));
      focusSoon(`#${formId} textarea`);
      return;
    }
    setBusy(true);
    try {
      await adminFetch('POST', `${API}/${f.id}/reject`, { reason: text });
      toast({ title: t(takeDown ? 'admin.fundraisers.takenDown' : 'admin.fundraisers.rejected', { title: f.title }), variant: 'success' });
      setReason('');
      await onDone();
    } catch (err) {
      if (err instanceof AdminApiError && err.fieldIssues.reason) {
        setError(t('admin.fundraisers.errors.reason'));
        focusSoon(`#${formId} textarea`);
      }
      toast({ title: t('admin.fundraisers.rejectFailed', { title: f.title }), description: failure(err), variant: 'destructive' });
      if (err instanceof AdminApiError && err.code === 'fundraiser.reviewed') await onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={formId} className="admin-confirm" onSubmit={submit} onKeyDown={escapeCloses(onCancel)} aria-labelledby={`${uid}-question`} noValidate>
      <p id={`${uid}-question`} className="admin-confirm-text">
        {t(takeDown ? 'admin.fundraisers.takeDownQuestion' : 'admin.fundraisers.rejectQuestion', { title: f.title })}
      </p>
      <TextArea
        name="reason"
        label={t('admin.fundraisers.reason')}
        hint={t('admin.fundraisers.reasonHint')}
        required
        rows={3}
        value={reason}
        error={error}
        onChange={(v) => {
          setReason(v);
          if (error) setError(undefined);
        }}
      />
      <div className="admin-item-actions">
        <button type="submit" className="btn btn-danger btn-small" disabled={busy}>
          {t(takeDown ? 'admin.fundraisers.takeDownConfirm' : 'admin.fundraisers.rejectConfirm')}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel} disabled={busy}>
          {t('admin.fundraisers.cancel')}
        </button>
      </div>
    </form>
  );
}

type EditValues = { title: string; story: string; goalKind: 'amount' | 'donors'; goal: string; endDate: string };
const FIELDS = ['title', 'story', 'goalKind', 'goal', 'endDate'] as const;

const valuesOf = (f: AdminFundraiser): EditValues => ({
  title: f.title,
  story: f.story,
  goalKind: f.goalKind,
  goal: f.goalKind === 'amount' ? majorText(f.goal) : String(f.goal),
  endDate: f.endDate,
});

export function EditForm({ f, onCancel, onDone }: { f: AdminFundraiser; onCancel: () => void; onDone: () => Promise<void> }) {
  const t = useT();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fieldError = useFieldError();
  const confirmDiscard = useConfirmDiscard();
  const [start] = useState(() => valuesOf(f));
  const [values, setValues] = useState<EditValues>(start);
  const [errors, setErrors] = useState<Record<string, FieldIssue>>({});
  const [busy, setBusy] = useState(false);
  const formId = `fr-${f.id}-edit-form`;
  const dirty = FIELDS.some((k) => values[k] !== start[k]);
  useUnsavedGuard(dirty, () => setValues(start));
  useEffect(() => {
    focusSoon(`#${formId} [name="title"]`);
  }, []);

  const set = (name: keyof EditValues) => (v: string) => setValues((old) => ({ ...old, [name]: v }));
  // Each field's problem in the admin's words (the server's sentences are English); others by their code.
  const errorOf = (name: string): string | undefined => {
    const issue = errors[name];
    if (!issue) return undefined;
    if (name === 'goal') return t(values.goalKind === 'amount' ? 'admin.fundraisers.errors.goalAmount' : 'admin.fundraisers.errors.goalDonors');
    if (name === 'title' || name === 'story' || name === 'endDate') return t(`admin.fundraisers.errors.${name}`);
    return fieldError(issue);
  };

  async function cancel() {
    if (dirty && !(await confirmDiscard())) return;
    onCancel();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    // Only what changed: an ended fundraiser's day would be refused if it were sent again unchanged.
    const body: Record<string, unknown> = {};
    if (values.title !== start.title) body.title = values.title;
    if (values.story !== start.story) body.story = values.story;
    if (values.goalKind !== start.goalKind || values.goal !== start.goal) {
      body.goalKind = values.goalKind;
      body.goal = values.goalKind === 'amount' ? amountInput(values.goal) : values.goal.trim();
    }
    if (values.endDate !== start.endDate) body.endDate = values.endDate;
    if (Object.keys(body).length === 0) {
      toast({ title: t('admin.fundraisers.unchanged') });
      onCancel();
      return;
    }
    setBusy(true);
    try {
      const saved = await adminFetch<AdminFundraiser>('PUT', `${API}/${f.id}`, body);
      setErrors({});
      toast({ title: t('admin.fundraisers.saved', { title: saved.title }), variant: 'success' });
      await onDone();
    } catch (err) {
      const fields = err instanceof AdminApiError ? err.fieldIssues : {};
      setErrors(fields);
      const shown = FIELDS.filter((k) => fields[k]);
      toast({ title: t('admin.fundraisers.saveFailed'), description: shown.length ? t('admin.form.fixErrors', { count: shown.length }) : errorText(t, err), variant: 'destructive' });
      if (shown.length) focusSoon(`#${formId} [name="${shown[0]}"]`);
    } finally {
      setBusy(false);
    }
  }

  const currency = f.currency.toUpperCase();
  return (
    <form id={formId} className="admin-form" onSubmit={submit} onKeyDown={escapeCloses(() => void cancel())} aria-labelledby={`${uid}-heading`} noValidate>
      <h4 id={`${uid}-heading`}>{t('admin.fundraisers.editTitle', { title: f.title })}</h4>
      <TextField name="title" label={t('admin.fundraisers.fields.title')} value={values.title} required error={errorOf('title')} onChange={set('title')} />
      <TextArea name="story" label={t('admin.fundraisers.fields.story')} value={values.story} required rows={8} error={errorOf('story')} onChange={set('story')} />
      <div className="admin-form-row cols-2">
        <SelectField
          name="goalKind"
          label={t('admin.fundraisers.fields.goalKind')}
          value={values.goalKind}
          error={errorOf('goalKind')}
          onChange={(v) => setValues((old) => ({ ...old, goalKind: v === 'donors' ? 'donors' : 'amount' }))}
          options={[
            { value: 'amount', label: t('admin.fundraisers.goalKinds.amount', { currency }) },
            { value: 'donors', label: t('admin.fundraisers.goalKinds.donors') },
          ]}
        />
        <TextField
          name="goal"
          label={values.goalKind === 'amount' ? t('admin.fundraisers.fields.goalAmount', { currency }) : t('admin.fundraisers.fields.goalDonors')}
          hint={values.goalKind === 'amount' ? t('admin.fundraisers.hints.goalAmount') : t('admin.fundraisers.hints.goalDonors')}
          inputMode={values.goalKind === 'amount' ? 'decimal' : 'numeric'}
          value={values.goal}
          required
          error={errorOf('goal')}
          onChange={set('goal')}
        />
      </div>
      <TextField name="endDate" type="date" label={t('admin.fundraisers.fields.endDate')} hint={t('admin.fundraisers.hints.endDate')} value={values.endDate} required error={errorOf('endDate')} onChange={set('endDate')} />
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          {t('admin.fundraisers.save')}
        </button>
        <button type="button" id={`fr-${f.id}-edit-cancel`} className="btn btn-outline btn-small" onClick={() => void cancel()} disabled={busy}>
          {t('admin.fundraisers.cancel')}
        </button>
      </div>
    </form>
  );
}
