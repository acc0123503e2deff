// The Donations tab's "Bank statement" panel: a treasurer uploads the bank's camt.054 or camt.053
// file; the answer says what was credited, what waits for a person and what was there already.
// The credits no reference matched are listed with a control to assign each to a project or a
// donor's e-mail address (credited once; the server refuses a second assignment). The waiting
// credits and the projects come with the page (the screen's loader); after an import or an
// assignment the API is asked for the credits again.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import type { UnmatchedCredit } from '../../../models/giving/bank-import';
import { formatDate, localized, type Lang } from '../../../models/shared/rules';
import { formatAmount } from '../../../models/shared/donation-rules';
import { formatReference } from '../../../models/shared/qr-bill-rules';
import { LoadFailed, useReloadable } from './reload';
import { StatementPanel } from './statement-panel';
import type { StatementDetail, StatementSummary } from '../../../models/giving/bank-statement';

const API = '/api/admin/bank-imports';

interface ImportItem {
  reference: string | null;
  amount: string;
  currency: string;
  date: string | null;
  debtor: string | null;
  outcome: 'credited' | 'unmatched' | 'duplicate';
  reason?: string;
  donationId?: number;
  projectId?: number | null;
}
interface ImportResult {
  credited: number;
  unmatched: number;
  duplicates: number;
  items: ImportItem[];
  /** The statement the file is kept as, and how many of its lines are Stripe's payouts. */
  statementId?: number;
  payouts?: number;
}
type Unmatched = Pick<UnmatchedCredit, 'id' | 'reference' | 'amount' | 'currency' | 'date' | 'debtor' | 'reason'> & Partial<Pick<UnmatchedCredit, 'note' | 'debtorIban'>>;
import type { ProjectOption } from './statement-panel';
export type { ProjectOption };

/** "50.00" and "chf" as the admin's language writes money ("CHF 50.00"); an unreadable amount as it came. */
function money(amount: string, currency: string, lang: Lang): string {
  const [whole = '', frac = ''] = amount.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  return /^[a-z]{3}$/.test(currency) && Number.isSafeInteger(cents) && /^\d+(\.\d{1,2})?$/.test(amount) ? formatAmount(cents, currency, lang, 2) : `${currency.toUpperCase()} ${amount}`;
}
const day = (date: string | null, lang: Lang) => (date ? formatDate(date, lang, 'medium') || date : '–');
const ref = (reference: string | null) => (reference ? formatReference(reference) : null);

const REASONS = ['no_reference', 'not_rf', 'check_digits', 'unknown_kind', 'unknown_project', 'unknown_donor', 'unknown_fundraiser', 'currency', 'amount'];

/** `unmatched`: the credits waiting for a person; `projects`: those a credit can be assigned to. */
export function BankPanel({ unmatched: initial, projects, statements = [], statement = null, onChanged }: { unmatched: Unmatched[]; projects: ProjectOption[]; statements?: StatementSummary[]; statement?: StatementDetail | null; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  // A new import: the statements are asked for again, and the new one shown.
  const [imported, setImported] = useState<{ id: number | null; version: number }>({ id: null, version: 0 });
  const { data: unmatched, error, reload } = useReloadable(initial);
  const load = () => reload(async () => (await adminFetch<{ items: Unmatched[] }>('GET', `${API}/unmatched`)).items);

  const projectName = (id: number | null | undefined) => {
    if (id === null || id === undefined) return t('admin.donations.generalSupport');
    const p = projects.find((x) => x.id === id);
    return p ? localized(lang, p.title, p.titleDe) : `#${id}`;
  };
  const reasonText = (reason: string | null | undefined) => (reason && REASONS.includes(reason) ? t(`admin.donations.bank.reasons.${reason}`) : '');

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      toast({ title: t('admin.donations.bank.importFailed'), description: t('admin.errors.bank.empty_file'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const r = await adminFetch<ImportResult>('POST', API, data);
      setResult(r);
      toast({ title: t('admin.donations.bank.imported', { credited: r.credited, unmatched: r.unmatched, duplicates: r.duplicates }), variant: 'success' });
      if (fileInput.current) fileInput.current.value = '';
      setImported((v) => ({ id: r.statementId ?? null, version: v.version + 1 }));
      void load();
      onChanged?.();
    } catch (err) {
      toast({ title: t('admin.donations.bank.importFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="don-section" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.bank.title')}</h3>
      <p className="muted">{t('admin.donations.bank.intro')}</p>
      <form className="don-filters" onSubmit={submit} encType="multipart/form-data">
        <div className="admin-field">
          <label htmlFor={`${uid}-file`}>{t('admin.donations.bank.file')}</label>
          <input id={`${uid}-file`} ref={fileInput} type="file" name="file" accept=".xml,application/xml,text/xml" required />
        </div>
        <div className="don-filter-actions">
          <button type="submit" className="btn btn-small" disabled={busy}>
            {busy ? t('admin.donations.bank.importing') : t('admin.donations.bank.import')}
          </button>
        </div>
      </form>

      {result && (
        <div className="don-bank-result" role="status">
          <p>{t('admin.donations.bank.imported', { credited: result.credited, unmatched: result.unmatched, duplicates: result.duplicates })}</p>
          {result.items.length > 0 && (
            <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-result-caption`} tabIndex={0}>
              <table className="don-table">
                <caption id={`${uid}-result-caption`}>{t('admin.donations.bank.resultCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.donations.bank.date')}</th>
                    <th scope="col">{t('admin.donations.bank.amount')}</th>
                    <th scope="col">{t('admin.donations.bank.reference')}</th>
                    <th scope="col">{t('admin.donations.bank.debtor')}</th>
                    <th scope="col">{t('admin.donations.bank.outcome')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((item, i) => (
                    <tr key={i}>
                      <td>{day(item.date, lang)}</td>
                      <td>{money(item.amount, item.currency, lang)}</td>
                      <td>{ref(item.reference) ?? '–'}</td>
                      <td>{item.debtor ?? '–'}</td>
                      <td>
                        {t(`admin.donations.bank.outcomes.${item.outcome}`)}
                        {item.outcome === 'credited' && ` (${projectName(item.projectId)})`}
                        {item.reason && ` (${reasonText(item.reason)})`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}

      <StatementPanel statements={statements} statement={statement} projects={projects} openId={imported.id} version={imported.version} onChanged={() => (void load(), onChanged?.())} />

      <h4>{t('admin.donations.bank.unmatchedTitle')}</h4>
      <LoadFailed error={error} onRetry={() => void load()} />
      {unmatched.length === 0 ? (
        <p className="muted">{t('admin.donations.bank.noUnmatched')}</p>
      ) : (
        <ul className="don-bank-unmatched">
          {unmatched.map((u) => (
            <UnmatchedRow key={u.id} credit={u} projects={projects} reasonText={reasonText} onAssigned={() => (void load(), onChanged?.())} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UnmatchedRow({ credit, projects, reasonText, onAssigned }: { credit: Unmatched; projects: ProjectOption[]; reasonText: (r: string | null) => string; onAssigned: () => void }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [project, setProject] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function assign(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!project && !email.trim()) {
      toast({ title: t('admin.donations.bank.assignFailed'), description: t('admin.donations.bank.chooseTarget'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await adminFetch('POST', `${API}/unmatched/${credit.id}/assign`, { projectId: project ? Number(project) : null, email: email.trim() || null });
      toast({ title: t('admin.donations.bank.assigned'), variant: 'success' });
      onAssigned();
    } catch (err) {
      toast({ title: t('admin.donations.bank.assignFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li>
      <p>
        <strong>{money(credit.amount, credit.currency, lang)}</strong> {day(credit.date, lang)} · {credit.debtor ?? t('admin.donations.bank.noDebtor')}
        {credit.debtorIban && ` (${credit.debtorIban.replace(/(.{4})(?=.)/g, '$1 ')})`}
        {credit.note && <> · «{credit.note}»</>}
        {credit.reference && ` · ${ref(credit.reference)}`}
        {/* Why it waits, once: "no reference" is said by the reason alone. */}
        {credit.reason ? ` · ${reasonText(credit.reason)}` : !credit.reference ? ` · ${t('admin.donations.bank.noReference')}` : ''}
      </p>
      <form className="don-filters" onSubmit={assign} aria-label={t('admin.donations.bank.assignLabel', { amount: money(credit.amount, credit.currency, lang) })}>
        <div className="admin-field">
          <label htmlFor={`${uid}-project`}>{t('admin.donations.bank.assignProject')}</label>
          <select id={`${uid}-project`} value={project} onChange={(e) => setProject(e.target.value)}>
            <option value="">{t('admin.donations.bank.noProject')}</option>
            {projects.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {localized(lang, p.title, p.titleDe)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-email`}>{t('admin.donations.bank.assignEmail')}</label>
          <input id={`${uid}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </div>
        <div className="don-filter-actions">
          <button type="submit" className="btn btn-small" disabled={busy}>
            {t('admin.donations.bank.assign')}
          </button>
        </div>
      </form>
    </li>
  );
}
