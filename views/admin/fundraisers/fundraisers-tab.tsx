// The Fundraisers tab: the fundraisers supporters started on the website (/fundraisers/new),
// pending ones first (controllers/fundraisers.ts, models/giving/fundraiser.ts). An editor or an
// admin approves one (public from then on; its owner is mailed the link), rejects one or takes a
// public one down with a reason (mailed to its owner), or edits its words, goal and last day.
// The list comes rendered from the server (controllers/admin/page.ts); the actions need the page
// to be interactive, and the server refuses them to a role without content rights.
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLang, useLinks, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { Loading, SelectField, TextArea, TextField, useAdmin, useFieldError, useHydrated } from '../widgets/ui';
import { useConfirmDiscard, useUnsavedGuard } from '../widgets/unsaved';
import { formatAmount } from '../../../models/shared/donation-rules';
import { formatDate, localized, type Lang } from '../../../models/shared/rules';
import { swissToday } from '../../../models/shared/dates';
import { roleCan } from '../../../models/shared/roles';
import type { Fundraiser, FundraiserProgress } from '../../../models/giving/fundraiser';

/** One row of GET /api/admin/fundraisers (models/giving/fundraiser.ts listFundraisers). */
export type AdminFundraiser = Fundraiser & FundraiserProgress & { projectTitle: string | null };

const API = '/api/admin/fundraisers';
/** The reason's limits (models/giving/fundraiser.ts ReasonSchema): checked here too, so an empty one is said at once. */
const REASON_MIN = 3;
const REASON_MAX = 1000;

const BADGE: Record<AdminFundraiser['status'], string> = {
  pending: 'admin-badge-warning',
  approved: 'admin-badge-published',
  rejected: 'admin-badge-draft',
};

const money = (cents: number, currency: string, lang: Lang) => formatAmount(cents, currency, lang);
/** A calendar day (YYYY-MM-DD) in the admin's words: "31 December 2026" / "31. Dezember 2026". */
const day = (ymd: string, lang: Lang) => formatDate(`${ymd}T12:00:00Z`, lang) || ymd;
/** The goal in major units as the form shows it: 500, 1200.50. */
const majorText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
/** An amount as typed in either language ("1’200,50", "1 200.50") as the API reads it ("1200.50"). */
function amountInput(text: string): string {
  const s = text.trim().replace(/[’'\s\u00a0]/g, '');
  return /^\d+,\d{1,2}$/.test(s) ? s.replace(',', '.') : s;
}
const titleId = (id: number) => `fr-${id}-title`;
const focusSoon = (selector: string) => setTimeout(() => document.querySelector<HTMLElement>(selector)?.focus(), 0);

type ProjectOption = { id: number; title: string; titleDe: string };

export function FundraisersTab({ initialItems, projectOptions, onChanged }: { initialItems: AdminFundraiser[]; projectOptions: ProjectOption[]; onChanged?: () => void }) {
  const t = useT();
  const { role } = useAdmin();
  const hydrated = useHydrated();
  const canChange = roleCan(role, 'content');
  const [items, setItems] = useState<AdminFundraiser[] | null>(initialItems);
  // The projects' titles in both languages: the list names each fundraiser's project in the admin's language.
  const [projects, setProjects] = useState<ProjectOption[]>(projectOptions);
  const [loadError, setLoadError] = useState<string | null>(null);
  // One open form at a time: the reject question or the edit form of one fundraiser.
  const [open, setOpen] = useState<{ kind: 'reject' | 'edit'; id: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmDiscard = useConfirmDiscard();

  async function refresh(): Promise<void> {
    try {
      setItems(await adminFetch<AdminFundraiser[]>('GET', API));
      setLoadError(null);
    } catch (err) {
      setLoadError(errorText(t, err));
    }
  }

  /** What a refused action says: a review someone else made meanwhile in our words, else the server's. */
  const failure = (err: unknown) => (err instanceof AdminApiError && err.code === 'fundraiser.reviewed' ? t('admin.fundraisers.alreadyReviewed') : errorText(t, err));

  /** After an action: the list again, the activity panel, and the focus on the fundraiser's title. */
  async function done(id: number): Promise<void> {
    setOpen(null);
    await refresh();
    onChanged?.();
    focusSoon(`#${titleId(id)}`);
  }

  async function approve(f: AdminFundraiser) {
    if (busy) return;
    setBusy(true);
    try {
      await adminFetch('POST', `${API}/${f.id}/approve`);
      toast({ title: t('admin.fundraisers.approved', { title: f.title }), variant: 'success' });
      await done(f.id);
    } catch (err) {
      toast({ title: t('admin.fundraisers.approveFailed', { title: f.title }), description: failure(err), variant: 'destructive' });
      if (err instanceof AdminApiError && err.code === 'fundraiser.reviewed') await refresh();
    } finally {
      setBusy(false);
    }
  }

  async function openForm(kind: 'reject' | 'edit', id: number) {
    if (open && !(await confirmDiscard())) return;
    setOpen({ kind, id });
  }
  /** Closes the open form; focus goes back to the control that opened it. */
  function closeForm(kind: 'reject' | 'edit', id: number) {
    setOpen(null);
    focusSoon(`#fr-${id}-${kind}`);
  }

  const pending = items?.filter((f) => f.status === 'pending').length ?? 0;

  return (
    <section className="admin-fundraisers" aria-labelledby="fundraisers-title">
      <div className="admin-toolbar">
        <h2 id="fundraisers-title" className="admin-tab-title">
          {t('admin.fundraisers.title')}
        </h2>
      </div>
      <p>{t('admin.fundraisers.intro')}</p>
      {items !== null && <p className="don-count">{pending ? t('admin.fundraisers.pending', { count: pending }) : t('admin.fundraisers.noPending')}</p>}
      {!canChange ? <p className="admin-hint">{t('admin.fundraisers.readOnly')}</p> : !hydrated && <p className="admin-hint">{t('admin.fundraisers.needsScript')}</p>}
      {items === null ? (
        loadError ? (
          <div className="nl-error" role="alert">
            <p>{t('admin.fundraisers.loadFailed', { message: loadError })}</p>
            <button type="button" className="btn btn-outline btn-small" onClick={() => void refresh()}>
              {t('admin.fundraisers.retry')}
            </button>
          </div>
        ) : (
          <Loading error={null} />
        )
      ) : items.length === 0 ? (
        <div className="admin-empty">
          <p className="admin-empty-title">{t('admin.fundraisers.empty')}</p>
          <p>{t('admin.fundraisers.emptyHint')}</p>
        </div>
      ) : (
        <ul className="admin-list" aria-label={t('admin.fundraisers.listLabel')}>
          {items.map((f) => (
            <FundraiserItem
              key={f.id}
              f={f}
              project={projects.find((p) => p.id === f.projectId) ?? null}
              actions={hydrated && canChange}
              busy={busy}
              open={open?.id === f.id ? open.kind : null}
              onApprove={() => void approve(f)}
              onOpen={(kind) => void openForm(kind, f.id)}
              onClose={(kind) => closeForm(kind, f.id)}
              onDone={() => done(f.id)}
              failure={failure}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface ItemProps {
  f: AdminFundraiser;
  /** Its project's titles (null: not known here; the list's English title is shown). */
  project: ProjectOption | null;
  /** Whether the actions are offered (the page is interactive, the role may change content). */
  actions: boolean;
  busy: boolean;
  open: 'reject' | 'edit' | null;
  onApprove: () => void;
  onOpen: (kind: 'reject' | 'edit') => void;
  onClose: (kind: 'reject' | 'edit') => void;
  onDone: () => Promise<void>;
  failure: (err: unknown) => string;
}

function FundraiserItem({ f, project, actions, busy, open, onApprove, onOpen, onClose, onDone, failure }: ItemProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const ended = f.endDate < swissToday();
  const goal = f.goalKind === 'amount' ? money(f.goal, f.currency, lang) : t('admin.fundraisers.goalDonors', { count: f.goal });
  return (
    <li className={`admin-item${open === 'reject' ? ' confirming' : ''}`}>
      {f.imageUrl && <img className="admin-thumb" src={f.imageUrl} alt="" width={72} height={54} loading="lazy" />}
      <div className="admin-item-body">
        <p className="admin-item-badges">
          <span className={`admin-badge ${BADGE[f.status]}`}>{t(`admin.fundraisers.status.${f.status}`)}</span>
        </p>
        <h3 className="admin-item-title" id={titleId(f.id)} tabIndex={-1}>
          {f.status === 'approved' ? <a href={link('fundraiserDetail', { slug: f.slug })}>{f.title}</a> : f.title}
        </h3>
        <p className="admin-item-meta">
          {t('admin.fundraisers.forProject', { project: project ? localized(lang, project.title, project.titleDe) : (f.projectTitle ?? t('admin.fundraisers.unknownProject')) })}
          {' · '}
          {f.ownerName || f.ownerEmail ? (
            <>
              {t('admin.fundraisers.owner', { name: f.ownerName ?? '' })}
              {f.ownerEmail && (
                <>
                  {' '}
                  <a href={`mailto:${f.ownerEmail}`}>{f.ownerEmail}</a>
                </>
              )}
            </>
          ) : (
            t('admin.fundraisers.ownerErased')
          )}
        </p>
        <p className="admin-item-meta">
          {t('admin.fundraisers.goal', { goal })} · {t('admin.fundraisers.raised', { amount: money(f.raisedCents, f.currency, lang) })} · {t('admin.fundraisers.donorCount', { count: f.donorCount })} · {t(ended ? 'admin.fundraisers.ended' : 'admin.fundraisers.ends', { date: day(f.endDate, lang) })}
        </p>
        {f.status === 'rejected' && f.rejectReason && <p className="admin-item-excerpt">{t('admin.fundraisers.reasonShown', { reason: f.rejectReason })}</p>}
        <details className="don-ledger">
          <summary>{t('admin.fundraisers.readStory')}</summary>
          {f.story.split(/\n\s*\n/).map((para, i) => (
            <p key={i} className="admin-item-excerpt">
              {para}
            </p>
          ))}
        </details>
        {open === 'edit' && <EditForm f={f} onCancel={() => onClose('edit')} onDone={onDone} />}
      </div>
      {actions && !open && (
        <div className="admin-item-actions">
          {f.status !== 'approved' && (
            <button type="button" id={`fr-${f.id}-approve`} className="btn btn-primary btn-small" disabled={busy} onClick={onApprove} aria-label={t('admin.fundraisers.approveLabel', { title: f.title })}>
              {t('admin.fundraisers.approve')}
            </button>
          )}
          {f.status !== 'rejected' && (
            <button type="button" id={`fr-${f.id}-reject`} className="btn btn-outline btn-danger-outline btn-small" disabled={busy} onClick={() => onOpen('reject')} aria-label={t('admin.fundraisers.rejectLabel', { title: f.title })}>
              {t('admin.fundraisers.reject')}
            </button>
          )}
          <button type="button" id={`fr-${f.id}-edit`} className="btn btn-outline btn-small" disabled={busy} onClick={() => onOpen('edit')} aria-label={t('admin.fundraisers.editLabel', { title: f.title })}>
            {t('admin.fundraisers.edit')}
          </button>
        </div>
      )}
      {open === 'reject' && <RejectForm f={f} onCancel={() => onClose('reject')} onDone={onDone} failure={failure} />}
    </li>
  );
}

/** Escape closes a form, as it closes the admin's dialogs. */
const escapeCloses = (close: () => void) => (e: KeyboardEvent<HTMLFormElement>) => {
  if (e.key === 'Escape') {
    e.preventDefault();
    close();
  }
};

function RejectForm({ f, onCancel, onDone, failure }: { f: AdminFundraiser; onCancel: () => void; onDone: () => Promise<void>; failure: (err: unknown) => string }) {
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

function EditForm({ f, onCancel, onDone }: { f: AdminFundraiser; onCancel: () => void; onDone: () => Promise<void> }) {
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
