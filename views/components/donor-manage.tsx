// /donations/manage: a donor asks for a one-time link by e-mail; with the link's session they see
// their monthly gifts and gifts, change the amount, pause, resume, cancel (after a confirmation),
// update the card at Stripe and ask for a yearly certificate. Every action is a plain form POST to
// this address (the server answers with a redirect and a message): nothing needs JavaScript.
import { useEffect } from 'react';
import { useLang, useLinks, useT } from '../app-context';
import { formatAmount, REGULAR_INTERVALS, type AmountProblem } from '../../models/shared/donation-rules';
import { formatDate } from '../../models/shared/rules';
import type { DonorGift, DonorSubscription } from '../../models/giving/donor';
import type { GiftHealth } from '../../models/giving/recovery';
import { GiftRecovery } from './donor-recovery';

export type DonorNotice = 'sent' | 'signedOut' | 'signedIn' | 'amount' | 'interval' | 'paused' | 'resumed' | 'canceled' | 'card' | 'certificate' | 'restarted';
export type DonorError = 'emailRequired' | 'emailInvalid' | 'rate' | 'expired' | 'paymentService' | 'badForm' | 'notFound' | 'csrf' | 'closed' | 'year' | 'amount' | 'restartDeclined' | 'restartNothing';

export interface DonorManageProps {
  /** Present once the donor followed their link (the signed session cookie). */
  session: {
    email: string;
    /** The form token of this session (derived from it on the server). */
    csrf: string;
    subscriptions: (DonorSubscription & { manageable: boolean })[];
    gifts: DonorGift[];
    /** Years with gifts: a certificate can be asked for each. */
    years: number[];
    /** How many calendar years the gift list covers. */
    giftYears: number;
    /** The donor's own creditor reference for bank transfers ("RF.. D........"), formatted in groups of four. */
    bankReference: string;
    /** A failed payment or a card ending soon, by gift id (models/giving/recovery.ts). */
    health?: Record<number, GiftHealth>;
  } | null;
  notice: DonorNotice | null;
  /** The year of the certificate just asked for. */
  noticeYear: number | null;
  error: { kind: DonorError; subscription?: number; problem?: AmountProblem; limit?: string } | null;
  /** The monthly gift whose cancellation is being confirmed (?cancel=id). */
  confirmCancel: number | null;
  /** What the donor typed, shown again with an error. */
  email: string;
  amount: string;
  /** The gift whose "Update your card" comes first (?focus=card&subscription=id: a recovery mail's link). */
  focus?: number | null;
}

const ERROR_NOTICES: readonly DonorError[] = ['rate', 'expired', 'paymentService', 'badForm', 'notFound', 'csrf', 'closed', 'restartDeclined', 'restartNothing'];

export function DonorManage(props: DonorManageProps) {
  const t = useT();
  const link = useLinks();
  const { session, notice, noticeYear, error } = props;
  const action = link('donorManage');
  const banner = error && ERROR_NOTICES.includes(error.kind) ? t(`donor.errors.${error.kind}`) : null;
  const success = notice ? t(`donor.notices.${notice}`, { year: String(noticeYear ?? ''), email: session?.email ?? '' }) : null;

  // After a form's round trip the page is new: focus goes where the outcome is (the field with the
  // error, the confirmation asked for, or the message), so keyboard and screen reader users land on it.
  // The page wakes a moment after it shows (later on a slow phone): someone who has already put the
  // focus somewhere (pressed a link, a field) keeps it, and the page does not move under their
  // finger. A focus() that scrolled, between the press and the release of a tap, made the release
  // land elsewhere and the tap on "Cancel monthly donation" led nowhere. The outcome is in view
  // anyway: near the top, or at the address's #fragment.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const target = ['.donor [aria-invalid="true"]', '.donor-confirm', '.donor-recovery[data-focus]', '.donor-flash'].map((q) => document.querySelector<HTMLElement>(q)).find(Boolean);
    target?.focus({ preventScroll: true });
  }, []);

  return (
    <section className="section page-top donor" aria-labelledby="donor-heading">
      <div className="container narrow">
        <header className="donor-header">
          <p className="eyebrow">{t('donor.eyebrow')}</p>
          <h1 id="donor-heading">{t('donor.title')}</h1>
          {!session && <p className="lead">{t('donor.lead')}</p>}
        </header>
        {banner && (
          <div className="donor-flash donor-flash-error" role="alert" tabIndex={-1}>
            <p>{banner}</p>
          </div>
        )}
        {success && !banner && (
          <div className="donor-flash donor-flash-success" role="status" tabIndex={-1}>
            <p>{success}</p>
          </div>
        )}
        {session ? <Signed {...props} session={session} action={action} /> : <AskForLink {...props} action={action} />}
      </div>
    </section>
  );
}

function AskForLink({ error, email, action }: DonorManageProps & { action: string }) {
  const t = useT();
  const lang = useLang();
  const fieldError = error && (error.kind === 'emailRequired' || error.kind === 'emailInvalid') ? t(`donor.errors.${error.kind}`) : null;
  return (
    <form method="post" action={action} className="donor-card donor-ask" noValidate aria-labelledby="donor-ask-heading">
      <h2 id="donor-ask-heading">{t('donor.askTitle')}</h2>
      <input type="hidden" name="action" value="link" />
      <input type="hidden" name="language" value={lang} />
      <div className={`donor-field${fieldError ? ' has-error' : ''}`}>
        <label htmlFor="donor-email">{t('donor.emailLabel')}</label>
        <p className="donor-hint" id="donor-email-hint">
          {t('donor.emailHint')}
        </p>
        <input
          id="donor-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          defaultValue={email}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'donor-email-hint donor-email-error' : 'donor-email-hint'}
        />
        {fieldError && (
          <p className="donor-error" id="donor-email-error">
            {fieldError}
          </p>
        )}
      </div>
      <p>
        <button type="submit" className="btn btn-primary">
          {t('donor.send')}
        </button>
      </p>
    </form>
  );
}

type Session = NonNullable<DonorManageProps['session']>;

function Signed({ session, error, confirmCancel, amount, action, focus }: DonorManageProps & { session: Session; action: string }) {
  const t = useT();
  const lang = useLang();
  const csrf = <input type="hidden" name="_csrf" value={session.csrf} />;
  const statusOf = (s: DonorSubscription) => {
    const key = s.paused && s.status !== 'canceled' ? 'paused' : s.status;
    return t(`donor.statuses.${['active', 'paused', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'trialing'].includes(key) ? key : 'other'}`);
  };
  const yearError = error?.kind === 'year' ? t('donor.errors.year') : null;

  return (
    <>
      <div className="donor-session">
        <p>{t('donor.signedInAs', { email: session.email })}</p>
        <form method="post" action={action}>
          {csrf}
          <input type="hidden" name="action" value="signOut" />
          <button type="submit" className="btn btn-outline">
            {t('donor.signOut')}
          </button>
        </form>
      </div>

      <section className="donor-block" aria-labelledby="donor-bank-heading">
        <h2 id="donor-bank-heading">{t('donor.bankTitle')}</h2>
        <p>{t('donor.bankText')}</p>
        <p>
          {t('donor.bankReference')}: <strong className="donor-bank-reference">{session.bankReference}</strong>
        </p>
      </section>

      <section className="donor-block" aria-labelledby="donor-monthly-heading">
        <h2 id="donor-monthly-heading">{t('donor.regularTitle')}</h2>
        {session.subscriptions.length === 0 && <p className="muted">{t('donor.noRegular')}</p>}
        {session.subscriptions.map((s) => {
          const perMonth = t(`donor.per.${s.interval}`, { amount: formatAmount(s.amountCents, s.currency, lang) });
          const amountError = error?.kind === 'amount' && error.subscription === s.id ? t(`donor.errors.amount.${error.problem ?? 'invalid'}`, { amount: error.limit ?? '' }) : null;
          const fieldId = `donor-amount-${s.id}`;
          return (
            <article key={s.id} className="donor-card donor-sub" aria-labelledby={`donor-sub-${s.id}`}>
              <h3 id={`donor-sub-${s.id}`}>{perMonth}</h3>
              {s.manageable && <GiftRecovery id={s.id} health={session.health?.[s.id] ?? null} focused={focus === s.id} action={action} csrf={csrf} />}
              <dl className="donor-facts">
                <div>
                  <dt>{t('donor.project')}</dt>
                  <dd>{s.project ?? t('donor.generalSupport')}</dd>
                </div>
                <div>
                  <dt>{t('donor.intervalLabel')}</dt>
                  <dd className="donor-interval">{t(`donor.intervals.${s.interval}`)}</dd>
                </div>
                <div>
                  <dt>{t('donor.status')}</dt>
                  <dd>
                    <span className={`donor-status donor-status-${s.paused && s.status !== 'canceled' ? 'paused' : s.status}`}>{statusOf(s)}</span>
                  </dd>
                </div>
                {s.nextPayment && !s.paused && (
                  <div>
                    <dt>{t('donor.nextPayment')}</dt>
                    <dd>{formatDate(s.nextPayment, lang, 'long')}</dd>
                  </div>
                )}
                {s.canceledAt && (
                  <div>
                    <dt>{t('donor.canceledOn')}</dt>
                    <dd>{formatDate(s.canceledAt, lang, 'long')}</dd>
                  </div>
                )}
              </dl>
              {s.manageable && confirmCancel === s.id && (
                <div className="donor-confirm" role="group" aria-labelledby={`donor-confirm-${s.id}`} tabIndex={-1}>
                  <h4 id={`donor-confirm-${s.id}`}>{t('donor.confirmTitle', { amount: formatAmount(s.amountCents, s.currency, lang) })}</h4>
                  <p>{t('donor.confirmText')}</p>
                  <form method="post" action={action} className="donor-actions">
                    {csrf}
                    <input type="hidden" name="action" value="cancel" />
                    <input type="hidden" name="subscription" value={s.id} />
                    <button type="submit" className="btn btn-danger">
                      {t('donor.confirmYes')}
                    </button>
                    <a className="btn btn-outline" href={action}>
                      {t('donor.confirmNo')}
                    </a>
                  </form>
                </div>
              )}
              {s.manageable && confirmCancel !== s.id && (
                <div className="donor-manage" role="group" aria-label={t('donor.actionsFor', { gift: perMonth })}>
                  <form method="post" action={action} className="donor-amount-form" noValidate>
                    {csrf}
                    <input type="hidden" name="action" value="amount" />
                    <input type="hidden" name="subscription" value={s.id} />
                    <div className={`donor-field${amountError ? ' has-error' : ''}`}>
                      <label htmlFor={fieldId}>{t('donor.newAmount', { currency: s.currency.toUpperCase() })}</label>
                      <div className="donor-inline">
                        <input
                          id={fieldId}
                          name="amount"
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          required
                          defaultValue={amountError ? amount : (s.amountCents / 100).toFixed(s.amountCents % 100 ? 2 : 0)}
                          aria-invalid={amountError ? true : undefined}
                          aria-describedby={amountError ? `${fieldId}-error` : undefined}
                        />
                        <button type="submit" className="btn btn-primary">
                          {t('donor.changeAmount')}
                        </button>
                      </div>
                      {amountError && (
                        <p className="donor-error" id={`${fieldId}-error`}>
                          {amountError}
                        </p>
                      )}
                    </div>
                  </form>
                  <form method="post" action={action} className="donor-amount-form donor-interval-form">
                    {csrf}
                    <input type="hidden" name="action" value="interval" />
                    <input type="hidden" name="subscription" value={s.id} />
                    <div className="donor-field">
                      <label htmlFor={`donor-interval-${s.id}`}>{t('donor.newInterval')}</label>
                      <div className="donor-inline">
                        <select id={`donor-interval-${s.id}`} name="interval" defaultValue={s.interval}>
                          {REGULAR_INTERVALS.map((i) => (
                            <option key={i} value={i}>
                              {t(`donor.intervals.${i}`)}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="btn btn-primary">
                          {t('donor.changeInterval')}
                        </button>
                      </div>
                    </div>
                  </form>
                  <div className="donor-actions">
                    <form method="post" action={action}>
                      {csrf}
                      <input type="hidden" name="action" value={s.paused ? 'resume' : 'pause'} />
                      <input type="hidden" name="subscription" value={s.id} />
                      <button type="submit" className="btn btn-outline">
                        {t(s.paused ? 'donor.resume' : 'donor.pause')}
                      </button>
                    </form>
                    <form method="post" action={action}>
                      {csrf}
                      <input type="hidden" name="action" value="card" />
                      <input type="hidden" name="subscription" value={s.id} />
                      <button type="submit" className="btn btn-outline">
                        {t('donor.updateCard')}
                      </button>
                    </form>
                    <a className="btn btn-outline donor-cancel" href={`${action}?cancel=${s.id}#donor-sub-${s.id}`}>
                      {t('donor.cancel')}
                    </a>
                  </div>
                </div>
              )}
            </article>
          );
        })}
      </section>

      <section className="donor-block" aria-labelledby="donor-gifts-heading">
        <h2 id="donor-gifts-heading">{t('donor.giftsTitle')}</h2>
        {session.gifts.length === 0 ? (
          <p className="muted">{t('donor.noGifts', { years: String(session.giftYears) })}</p>
        ) : (
          <div className="donor-table-wrap" role="region" aria-labelledby="donor-gifts-caption" tabIndex={0}>
            <table className="donor-table">
              <caption id="donor-gifts-caption">{t('donor.giftsCaption', { years: String(session.giftYears) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('donor.date')}</th>
                  <th scope="col">{t('donor.amount')}</th>
                  <th scope="col">{t('donor.project')}</th>
                  <th scope="col">{t('donor.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {session.gifts.map((g) => (
                  <tr key={g.reference}>
                    <td className="donor-nowrap" data-label={t('donor.date')}>{formatDate(g.date, lang, 'medium')}</td>
                    <td className="donor-amount" data-label={t('donor.amount')}>
                      <span>
                        {formatAmount(g.amountCents, g.currency, lang, 2)}
                        <span className="donor-refunded">{t(`donor.kinds.${g.kind}`)}</span>
                        {g.refundedCents > 0 && <span className="donor-refunded">{t('donor.refunded', { amount: formatAmount(g.refundedCents, g.currency, lang, 2) })}</span>}
                      </span>
                    </td>
                    <td data-label={t('donor.project')}>{g.project ?? t('donor.generalSupport')}</td>
                    <td className="donor-nowrap" data-label={t('donor.reference')}>{g.reference}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="donor-block" aria-labelledby="donor-certificate-heading">
        <h2 id="donor-certificate-heading">{t('donor.certificateTitle')}</h2>
        <p>{t('donor.certificateText')}</p>
        {session.years.length === 0 ? (
          <p className="muted">{t('donor.noYears')}</p>
        ) : (
          <form method="post" action={action} className="donor-card donor-certificate">
            {csrf}
            <input type="hidden" name="action" value="certificate" />
            <div className={`donor-field${yearError ? ' has-error' : ''}`}>
              <label htmlFor="donor-year">{t('donor.certificateYear')}</label>
              <div className="donor-inline">
                <select id="donor-year" name="year" defaultValue={String(session.years[0])} aria-invalid={yearError ? true : undefined} aria-describedby={yearError ? 'donor-year-error' : undefined}>
                  {session.years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn btn-primary">
                  {t('donor.certificateSend')}
                </button>
              </div>
              {yearError && (
                <p className="donor-error" id="donor-year-error">
                  {yearError}
                </p>
              )}
            </div>
          </form>
        )}
      </section>
    </>
  );
}
