// The Fundraisers tab: the fundraisers supporters started on the website (/fundraisers/new),
// pending ones first (controllers/fundraisers.ts, models/giving/fundraiser.ts). An editor or an
// admin approves one (public from then on; its owner is mailed the link), rejects one or takes a
// public one down with a reason (mailed to its owner), or edits its words, goal and last day.
// The list comes rendered from the server (controllers/admin/page.ts); the actions need the page
// to be interactive, and the server refuses them to a role without content rights. The reject
// question and the edit form are in fundraiser-forms.tsx.
import { useState } from 'react';
import { useLang, useLinks, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText } from '../lib/api';
import { Loading, useAdmin, useHydrated } from '../widgets/ui';
import { useConfirmDiscard } from '../widgets/unsaved';
import { formatAmount } from '../../../models/shared/donation-rules';
import { formatDate, localized, type Lang } from '../../../models/shared/rules';
import { swissToday } from '../../../models/shared/dates';
import { roleCan } from '../../../models/shared/roles';
import { API, focusSoon, titleId, type AdminFundraiser } from './fundraiser-shared';
import { EditForm, RejectForm } from './fundraiser-forms';

export type { AdminFundraiser } from './fundraiser-shared';

const BADGE: Record<AdminFundraiser['status'], string> = {
  pending: 'admin-badge-warning',
  approved: 'admin-badge-published',
  rejected: 'admin-badge-draft',
};

const money = (cents: number, currency: string, lang: Lang) => formatAmount(cents, currency, lang);
/** A calendar day (YYYY-MM-DD) in the admin's words: "31 December 2026" / "31. Dezember 2026". */
const day = (ymd: string, lang: Lang) => formatDate(`${ymd}T12:00:00Z`, lang) || ymd;

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
