// The bank statements: the list of imported statements (lines explained of all, "closed" when
// every line is), and one statement with every line, credit and debit, with the bank's own note
// and the other party, and what explains it: a gift, a Stripe payout (its gifts, refunds and fees
// listed under it), or a category that is not a gift. A line still open has one form: assign it
// to a project or donor (remembering the sender's account when the donor agreed), or book it as
// not a gift. The forms post without JavaScript too (controllers/admin/bank-imports.ts); with it,
// they call the API and the statement is asked for again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import { CsrfField, useAdmin, useHydrated, useScreenHref } from '../widgets/ui';
import type { StatementDetail, StatementLine, StatementSummary } from '../../../models/giving/bank-statement';
import { LINE_CATEGORIES } from '../../../models/shared/bank-statement-rules';
import { formatDate, localized, type Lang } from '../../../models/shared/rules';
import { formatAmount } from '../../../models/shared/donation-rules';
import { formatReference } from '../../../models/shared/qr-bill-rules';

/** A project a credit can be assigned to. */
export interface ProjectOption {
  id: number;
  title: string;
  titleDe: string | null;
}

const API = '/api/admin/bank-statements';

const day = (date: string | null, lang: Lang) => (date ? formatDate(date, lang, 'medium') || date : '–');
const signed = (line: { amountCents: number; currency: string; direction: string }, lang: Lang) => `${line.direction === 'debit' ? '−' : ''}${formatAmount(line.amountCents, line.currency, lang, 2)}`;
/** An IBAN in groups of four, as people read it. */
const iban = (v: string) => v.replace(/(.{4})(?=.)/g, '$1 ');

export function StatementPanel({ statements: initialList, statement: initial, projects, openId, version, onChanged }: { statements: StatementSummary[]; statement: StatementDetail | null; projects: ProjectOption[]; openId: number | null; version: number; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const href = useScreenHref();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [list, setList] = useState(initialList);
  const [statement, setStatement] = useState(initial);

  async function load(id: number | null) {
    try {
      const next = await adminFetch<{ items: StatementSummary[] }>('GET', API);
      setList(next.items);
      const shown = id ?? statement?.id ?? next.items[0]?.id ?? null;
      if (shown !== null) setStatement(await adminFetch<StatementDetail>('GET', `${API}/${shown}`));
    } catch (err) {
      toast({ title: t('admin.donations.bank.statement.loadFailed'), description: errorText(t, err), variant: 'destructive' });
    }
  }
  useEffect(() => {
    if (version > 0) void load(openId);
    // Only a new import (version) asks again.
  }, [version]);

  const projectName = (id: number | null) => {
    if (id === null) return t('admin.donations.generalSupport');
    const p = projects.find((x) => x.id === id);
    return p ? localized(lang, p.title, p.titleDe) : `#${id}`;
  };
  const period = (s: StatementSummary) => (s.from && s.to && s.from !== s.to ? `${day(s.from, lang)} – ${day(s.to, lang)}` : day(s.from ?? s.to, lang));

  return (
    <div className="don-statements">
      <h4 id={`${uid}-list`}>{t('admin.donations.bank.statement.listTitle')}</h4>
      {list.length === 0 ? (
        <p className="muted">{t('admin.donations.bank.statement.none')}</p>
      ) : (
        <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-list`} tabIndex={0}>
          <table className="don-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.bank.statement.period')}</th>
                <th scope="col">{t('admin.donations.bank.statement.file')}</th>
                <th scope="col">{t('admin.donations.bank.statement.progress')}</th>
                <th scope="col">{t('admin.donations.bank.statement.state')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.id} aria-current={statement?.id === s.id ? 'true' : undefined}>
                  <td>
                    <a
                      href={href('donations', `?statement=${s.id}#bank-statement`)}
                      onClick={(e) => {
                        e.preventDefault();
                        void load(s.id);
                      }}
                    >
                      {period(s)}
                    </a>
                  </td>
                  <td>{s.fileName ?? s.kind}</td>
                  <td>{t('admin.donations.bank.statement.explainedOf', { explained: s.explained, total: s.lines })}</td>
                  <td>{s.closed ? t('admin.donations.bank.statement.closed') : t('admin.donations.bank.statement.open')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {statement && (
        <section id="bank-statement" className="don-statement" aria-labelledby={`${uid}-statement`}>
          <h4 id={`${uid}-statement`}>
            {t('admin.donations.bank.statement.title', { period: period(statement) })} · {statement.closed ? t('admin.donations.bank.statement.closed') : t('admin.donations.bank.statement.explainedOf', { explained: statement.explained, total: statement.lines })}
          </h4>
          <ol className="don-statement-lines">
            {statement.items.map((line) => (
              <LineItem key={line.id} statementId={statement.id} line={line} projects={projects} projectName={projectName} onExplained={() => (void load(statement.id), onChanged?.())} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function Explanation({ line, projectName }: { line: StatementLine; projectName: (id: number | null) => string }) {
  const t = useT();
  const lang = useLang();
  const e = line.explained;
  if (!e) return null;
  if (e.kind === 'gift') return <p className="don-line-explained">{t('admin.donations.bank.statement.gift', { project: projectName(e.projectId), donor: e.donorName ?? t('admin.donations.bank.noDebtor') })}</p>;
  if (e.kind === 'category') return <p className="don-line-explained">{t('admin.donations.bank.statement.notGift', { category: t(`admin.donations.bank.statement.categories.${e.category}`) })}{e.note ? ` · ${e.note}` : ''}</p>;
  const p = e.payout;
  const gifts = p.lines.filter((l) => l.type === 'charge' || l.type === 'payment');
  const refunds = p.lines.filter((l) => l.type === 'refund' || l.type === 'payment_refund');
  return (
    <div className="don-line-explained">
      <p>{t('admin.donations.bank.statement.payout', { date: day(p.arrivalDate, lang), gifts: gifts.length, refunds: refunds.length, fees: formatAmount(p.feeCents, p.currency, lang, 2) })}</p>
      <table className="don-table">
        <caption>{t('admin.donations.bank.statement.payoutCaption', { id: p.payoutId })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.donations.bank.statement.payoutKind')}</th>
            <th scope="col">{t('admin.donations.bank.date')}</th>
            <th scope="col">{t('admin.donations.bank.amount')}</th>
            <th scope="col">{t('admin.donations.bank.statement.fee')}</th>
            <th scope="col">{t('admin.donations.bank.statement.net')}</th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((l, i) => (
            <tr key={i}>
              <td>{t(`admin.donations.bank.statement.payoutKinds.${l.type === 'charge' || l.type === 'payment' ? 'gift' : l.type === 'refund' || l.type === 'payment_refund' ? 'refund' : 'other'}`)}{l.donationId ? ` #${l.donationId}` : ''}</td>
              <td>{day(l.createdOn, lang)}</td>
              <td>{formatAmount(l.amountCents, l.currency, lang, 2)}</td>
              <td>{formatAmount(l.feeCents, l.currency, lang, 2)}</td>
              <td>{formatAmount(l.netCents, l.currency, lang, 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LineItem({ statementId, line, projects, projectName, onExplained }: { statementId: number; line: StatementLine; projects: ProjectOption[]; projectName: (id: number | null) => string; onExplained: () => void }) {
  const t = useT();
  const lang = useLang();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [busy, setBusy] = useState(false);
  const credit = line.direction === 'credit' && line.creditId !== null;
  const label = `${signed(line, lang)} ${day(line.date, lang)}`;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(e.currentTarget);
    const kind = submitter?.value ?? 'category';
    const text = (k: string) => String(data.get(k) ?? '').trim();
    const body =
      kind === 'assign'
        ? { projectId: text('projectId') ? Number(text('projectId')) : null, email: text('email') || null, remember: data.get('remember') === 'on' }
        : kind === 'payout'
          ? { payoutId: text('payoutId') }
          : { category: text('category'), note: text('note') || null };
    if (kind === 'category' && !text('category')) {
      toast({ title: t('admin.donations.bank.statement.explainFailed'), description: t('admin.donations.bank.statement.chooseCategory'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await adminFetch('POST', `${API}/${statementId}/lines/${line.id}/explain`, body);
      toast({ title: t('admin.donations.bank.statement.explained'), variant: 'success' });
      onExplained();
    } catch (err) {
      toast({ title: t('admin.donations.bank.statement.explainFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li id={`statement-line-${line.id}`} className={line.explained ? 'is-explained' : 'is-open'}>
      <p>
        <strong>{signed(line, lang)}</strong> {day(line.date, lang)} · {line.counterpartyName ?? t(line.direction === 'debit' ? 'admin.donations.bank.statement.noPayee' : 'admin.donations.bank.noDebtor')}
        {line.counterpartyIban && ` (${iban(line.counterpartyIban)})`}
        {line.note && <> · «{line.note}»</>}
        {line.reference && ` · ${formatReference(line.reference)}`}
      </p>
      <Explanation line={line} projectName={projectName} />
      {!line.explained && (
        <form className="don-filters" method="post" action={action(`/admin/bank-statements/${statementId}/lines/${line.id}/explain`)} onSubmit={hydrated ? submit : undefined} aria-label={t('admin.donations.bank.statement.explainLabel', { line: label })}>
          <CsrfField />
          {credit && (
            <fieldset className="don-line-gift">
              <legend>{t('admin.donations.bank.statement.asGift')}</legend>
              <div className="admin-field">
                <label htmlFor={`${uid}-project`}>{t('admin.donations.bank.assignProject')}</label>
                <select id={`${uid}-project`} name="projectId" defaultValue="">
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
                <input id={`${uid}-email`} name="email" type="email" autoComplete="off" />
              </div>
              {line.counterpartyIban && (
                <div className="admin-field admin-check">
                  <input id={`${uid}-remember`} name="remember" type="checkbox" />
                  <label htmlFor={`${uid}-remember`}>{t('admin.donations.bank.statement.remember')}</label>
                </div>
              )}
              <div className="don-filter-actions">
                <button type="submit" name="explain" value="assign" className="btn btn-small" disabled={busy}>
                  {t('admin.donations.bank.assign')}
                </button>
              </div>
            </fieldset>
          )}
          {credit && (
            <fieldset className="don-line-payout">
              <legend>{t('admin.donations.bank.statement.asPayout')}</legend>
              <div className="admin-field">
                <label htmlFor={`${uid}-payout`}>{t('admin.donations.bank.statement.payoutId')}</label>
                <input id={`${uid}-payout`} name="payoutId" type="text" autoComplete="off" spellCheck={false} placeholder="po_…" />
              </div>
              <div className="don-filter-actions">
                <button type="submit" name="explain" value="payout" className="btn btn-small btn-outline" disabled={busy}>
                  {t('admin.donations.bank.statement.linkPayout')}
                </button>
              </div>
            </fieldset>
          )}
          <fieldset className="don-line-category">
            <legend>{t('admin.donations.bank.statement.asOther')}</legend>
            <div className="admin-field">
              <label htmlFor={`${uid}-category`}>{t('admin.donations.bank.statement.category')}</label>
              <select id={`${uid}-category`} name="category" defaultValue="">
                <option value="">{t('admin.donations.bank.statement.chooseCategory')}</option>
                {LINE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`admin.donations.bank.statement.categories.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor={`${uid}-note`}>{t('admin.donations.bank.statement.note')}</label>
              <input id={`${uid}-note`} name="note" type="text" maxLength={500} />
            </div>
            <div className="don-filter-actions">
              <button type="submit" name="explain" value="category" className="btn btn-small btn-outline" disabled={busy}>
                {t('admin.donations.bank.statement.book')}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </li>
  );
}
