// The newsletter's subscribers, part of the Newsletter tab (Swiss FADP / EU GDPR): counts, a
// filtered table, one person's consent record and history, erasure on request after a
// confirmation, and a CSV export. The first list is the screen loader's; the API is asked when
// the filter changes, for a person's history, and for an erasure. With Mailchimp the audience
// lives there: the panel says so and lists only addresses this site collected itself (before
// Mailchimp was set up), if any.
import { useEffect, useId, useRef, useState } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, AdminApiError, errorText, withLang } from '../lib/api';
import { Dialog, formatDateTime, Spinner } from '../widgets/ui';
import type { ConsentEvent, SubscriberCounts, SubscriberRecord, SubscriberStatus } from '../../../models/newsletter/subscriber';
import type { Suppression } from '../../../models/people/mail-suppression';

const API = '/api/admin/newsletter/subscribers';
const STATUSES: SubscriberStatus[] = ['subscribed', 'pending', 'unsubscribed'];
const BADGE: Record<SubscriberStatus, string> = { subscribed: 'badge-completed', pending: 'badge-neutral', unsubscribed: 'subs-badge-left' };
/** Labels for the values the site itself writes; anything else is shown as stored. */
const KNOWN_EVENTS = ['requested', 'confirmed', 'unsubscribed'];
const KNOWN_METHODS = ['double-opt-in', 'confirmation-link', 'unsubscribe-link', 'one-click-header'];
/** Suppressed addresses (bounces, complaints): their API, and the words of their reasons and sources. */
const SUPPRESSIONS_API = '/api/admin/newsletter/suppressions';
const KNOWN_REASONS = ['hard_bounce', 'soft_bounce', 'complaint', 'cleaned'];
const KNOWN_SOURCES = ['postmark', 'ses', 'mailgun', 'brevo', 'imap', 'mailchimp', 'smtp', 'admin'];
const KNOWN_FORMS = ['footer'];

/** GET /api/admin/newsletter/subscribers (and the screen's loader, without a filter). */
export interface SubscriberList {
  provider: 'local' | 'mailchimp';
  counts: SubscriberCounts;
  limit: number;
  truncated: boolean;
  /** Each says whether its address is suppressed (it gets no newsletter). */
  subscribers: (SubscriberRecord & { suppressed: boolean })[];
  /** The suppressed addresses, newest first (GET /api/admin/newsletter/suppressions). */
  suppressions: { total: number; items: Suppression[] };
}

interface Details {
  subscriber: SubscriberRecord & { consentText: string | null; suppressed?: boolean };
  events: ConsentEvent[];
}


function query(status: string, q: string): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** `initial`: the list without a filter, as the page came (the screen's loader). */
export function SubscribersPanel({ initial, onChanged }: { initial: SubscriberList; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [data, setData] = useState<SubscriberList>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<{ row: SubscriberRecord; mode: 'details' | 'confirm' } | null>(null);
  const [details, setDetails] = useState<Details | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lifting, setLifting] = useState<Suppression | null>(null);
  const [liftedText, setLiftedText] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const suppressedRef = useRef<HTMLHeadingElement>(null);
  const liftCancelRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const seq = useRef(0);

  // The list follows the filter (typing waits a moment); an older answer never replaces a newer one.
  // The first list is the page's: the API is asked when the filter changes or after an erasure.
  useEffect(() => {
    const mine = ++seq.current;
    if (mine === 1) return;
    const timer = setTimeout(() => {
      adminFetch<SubscriberList>('GET', `${API}${query(status, q)}`)
        .then((d) => {
          if (mine !== seq.current) return;
          setData(d);
          setLoadError(null);
        })
        .catch((err: unknown) => mine === seq.current && setLoadError(errorText(t, err)));
    }, q ? 250 : 0);
    return () => clearTimeout(timer);
  }, [status, q, reload]);

  // The details dialog loads the consent history of the person it shows.
  const openId = open?.mode === 'details' ? open.row.id : null;
  useEffect(() => {
    if (openId === null) return;
    setDetails(null);
    setDetailsError(null);
    let cancelled = false;
    adminFetch<Details>('GET', `${API}/${openId}`)
      .then((d) => !cancelled && setDetails(d))
      .catch((err: unknown) => !cancelled && setDetailsError(errorText(t, err)));
    return () => {
      cancelled = true;
    };
  }, [openId]);

  // The confirmation step starts on "Cancel": an irreversible action needs a deliberate choice.
  useEffect(() => {
    if (open?.mode === 'confirm') cancelRef.current?.focus();
  }, [open?.mode, open?.row.id]);

  // The lift's confirmation starts on "Cancel" too.
  useEffect(() => {
    if (lifting) liftCancelRef.current?.focus();
  }, [lifting?.address]);

  const lift = async (item: Suppression) => {
    setBusy(true);
    try {
      await adminFetch('POST', `${SUPPRESSIONS_API}/lift`, { address: item.address });
      setLiftedText(t('admin.subscribers.suppressions.lifted', { email: item.address }));
    } catch (err) {
      if (!(err instanceof AdminApiError && err.code === 'not_found')) {
        toast({ title: t('admin.subscribers.suppressions.liftFailed'), description: errorText(t, err), variant: 'destructive' });
        setBusy(false);
        return;
      }
      // Lifted already (another admin, another tab): the list is refreshed below.
      setLiftedText(t('admin.subscribers.suppressions.liftedAlready', { email: item.address }));
    }
    setBusy(false);
    setLifting(null);
    setReload((n) => n + 1);
    onChanged?.();
    // The row (and its button) goes: continue at the section's heading.
    requestAnimationFrame(() => suppressedRef.current?.focus());
  };

  const erase = async (row: SubscriberRecord) => {
    setBusy(true);
    try {
      await adminFetch('DELETE', `${API}/${row.id}`);
      toast({ title: t('admin.subscribers.erased'), description: t('admin.subscribers.erasedText'), variant: 'success' });
      setOpen(null);
      setReload((n) => n + 1);
      onChanged?.();
      // The row (and the button that opened the dialog) is gone: continue at the panel's heading.
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (err) {
      toast({ title: t('admin.subscribers.eraseFailed'), description: errorText(t, err), variant: 'destructive' });
      if (err instanceof AdminApiError && err.code === 'not_found') {
        setOpen(null);
        setReload((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const date = (iso: string | null) => (iso ? formatDateTime(iso, lang) : '—');
  const statusLabel = (s: string) => t(`admin.subscribers.statuses.${s}`, { defaultValue: s });
  const languageLabel = (l: string) => t(`admin.subscribers.languages.${l === 'de' ? 'de' : 'en'}`);
  const label = (group: string, known: string[], value: string | null) => (!value ? '—' : known.includes(value) ? t(`admin.subscribers.${group}.${value}`) : value);
  // Mailchimp's unsubscribes, read back (models/newsletter/mailchimp-read-back.ts).
  const methodLabel = (m: string | null) => (m === 'mailchimp' ? t('admin.subscribers.suppressions.methodMailchimp') : label('methods', KNOWN_METHODS, m));
  const reasonLabel = (r: string) => label('suppressions.reasons', KNOWN_REASONS, r);
  const sourceLabel = (src: string) => label('suppressions.sources', KNOWN_SOURCES, src);
  const suppressions = data.suppressions ?? { total: 0, items: [] };
  const suppressedCaptionId = `${uid}-suppressed-caption`;
  const suppressedBadge = <span className="badge subs-badge-suppressed">{t('admin.subscribers.suppressions.badge')}</span>;

  const counts = data.counts;
  const mailchimp = data.provider === 'mailchimp';
  const hasRows = counts.total > 0;
  const filtering = Boolean(status || q.trim());
  const captionId = `${uid}-caption`;

  return (
    <section className="subs" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} ref={headingRef} tabIndex={-1}>
        {t('admin.subscribers.title')}
      </h3>
      {mailchimp ? (
        <div className="subs-note">
          <p>{t('admin.subscribers.mailchimpNote')}</p>
          {hasRows && <p>{t('admin.subscribers.mailchimpLocal', { count: counts.total })}</p>}
        </div>
      ) : (
        <p className="muted">{t('admin.subscribers.intro')}</p>
      )}

      {/* A filter's list that did not come: said, with the list before it kept below. */}
      {loadError && (
        <div className="nl-error" role="alert">
          <p>{t('admin.subscribers.loadFailed', { message: loadError })}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => setReload((n) => n + 1)}>
            {t('admin.subscribers.retry')}
          </button>
        </div>
      )}
      {mailchimp && !hasRows ? null : (
        <>
          {!hasRows ? (
            <div className="admin-empty">
              <p className="admin-empty-title">{t('admin.subscribers.empty')}</p>
              <p>{t('admin.subscribers.emptyHint')}</p>
            </div>
          ) : (
            <>
              <ul className="subs-counts" aria-label={t('admin.subscribers.countsLabel')}>
                {STATUSES.map((s) => (
                  <li key={s}>
                    <strong>{counts![s]}</strong> {t(`admin.subscribers.counts.${s}`)}
                  </li>
                ))}
                <li>
                  <strong>{counts.byLanguage.en}</strong> {t('admin.subscribers.counts.en')}
                </li>
                <li>
                  <strong>{counts.byLanguage.de}</strong> {t('admin.subscribers.counts.de')}
                </li>
              </ul>
              <form className="subs-filters" role="search" aria-label={t('admin.subscribers.filterLabel')} onSubmit={(e) => e.preventDefault()}>
                <div className="admin-field">
                  <label htmlFor={`${uid}-status`}>{t('admin.subscribers.status')}</label>
                  <select id={`${uid}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
                    <option value="">{t('admin.subscribers.allStatuses')}</option>
                    {STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {statusLabel(s)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="admin-field subs-search">
                  <label htmlFor={`${uid}-q`}>{t('admin.subscribers.search')}</label>
                  <input id={`${uid}-q`} type="search" value={q} maxLength={254} autoComplete="off" spellCheck={false} onChange={(e) => setQ(e.target.value)} />
                </div>
                <div className="subs-export">
                  <a className="btn btn-outline btn-small" href={withLang(`${API}.csv${query(status, q)}`, lang)} download aria-describedby={`${uid}-export-hint`}>
                    {t('admin.subscribers.export')}
                  </a>
                  <p id={`${uid}-export-hint`} className="admin-hint">
                    {t('admin.subscribers.exportHint')}
                  </p>
                </div>
              </form>

              <p className="sr-only" role="status" aria-live="polite">
                {t('admin.subscribers.shown', { count: data.subscribers.length })}
              </p>
              {data.truncated && <p className="subs-truncated">{t('admin.subscribers.truncated', { limit: data.limit })}</p>}

              {data.subscribers.length === 0 ? (
                <div className="admin-empty">
                  <p className="admin-empty-title">{t('admin.subscribers.noMatch')}</p>
                  <p>{t('admin.subscribers.noMatchHint')}</p>
                </div>
              ) : (
                // Scrolls sideways on its own on a narrow screen; keyboard users can scroll it too.
                <div className="subs-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
                  <table className="subs-table">
                    <caption id={captionId}>
                      {t('admin.subscribers.caption')}
                      {filtering ? ` (${t('admin.subscribers.shown', { count: data.subscribers.length })})` : ''}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('admin.subscribers.columns.email')}</th>
                        <th scope="col">{t('admin.subscribers.columns.status')}</th>
                        <th scope="col">{t('admin.subscribers.columns.language')}</th>
                        <th scope="col">{t('admin.subscribers.columns.consentAt')}</th>
                        <th scope="col">
                          <span className="sr-only">{t('admin.subscribers.columns.actions')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.subscribers.map((s) => (
                        <tr key={s.id}>
                          <th scope="row">
                            <span className="subs-email">{s.email}</span>
                          </th>
                          <td>
                            <span className="subs-badges">
                              <span className={`badge ${BADGE[s.status]}`}>{statusLabel(s.status)}</span>
                              {s.suppressed && suppressedBadge}
                            </span>
                          </td>
                          <td>{languageLabel(s.language)}</td>
                          <td className="subs-date">{s.consentAt ? <time dateTime={s.consentAt}>{date(s.consentAt)}</time> : '—'}</td>
                          <td>
                            <div className="subs-actions">
                              <button type="button" className="btn btn-outline btn-small" aria-label={t('admin.subscribers.detailsLabel', { email: s.email })} onClick={() => setOpen({ row: s, mode: 'details' })}>
                                {t('admin.subscribers.details')}
                              </button>
                              <button type="button" className="btn btn-outline btn-danger-outline btn-small" aria-label={t('admin.subscribers.eraseLabel', { email: s.email })} onClick={() => setOpen({ row: s, mode: 'confirm' })}>
                                {t('admin.subscribers.erase')}
                              </button>
                            </div>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )}
        </>
      )}

      {/* Addresses that get no newsletter (bounces, complaints, Mailchimp's cleaned): lifted one by one. */}
      <section className="subs-suppressed" aria-labelledby={`${uid}-suppressed-title`}>
        <h4 id={`${uid}-suppressed-title`} ref={suppressedRef} tabIndex={-1}>
          {t('admin.subscribers.suppressions.title')}
        </h4>
        <p className="muted">{t('admin.subscribers.suppressions.intro')}</p>
        <p className="subs-lifted" role="status">
          {liftedText}
        </p>
        {suppressions.items.length === 0 ? (
          <div className="admin-empty">
            <p className="admin-empty-title">{t('admin.subscribers.suppressions.empty')}</p>
            <p>{t('admin.subscribers.suppressions.emptyHint')}</p>
          </div>
        ) : (
          <>
            {suppressions.total > suppressions.items.length && <p className="subs-truncated">{t('admin.subscribers.suppressions.truncated', { count: suppressions.items.length, total: suppressions.total })}</p>}
            <div className="subs-table-wrap" role="region" aria-labelledby={suppressedCaptionId} tabIndex={0}>
              <table className="subs-table subs-suppressed-table">
                <caption id={suppressedCaptionId}>{t('admin.subscribers.suppressions.caption', { count: suppressions.total })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.subscribers.columns.email')}</th>
                    <th scope="col">{t('admin.subscribers.suppressions.columns.reason')}</th>
                    <th scope="col">{t('admin.subscribers.suppressions.columns.source')}</th>
                    <th scope="col">{t('admin.subscribers.suppressions.columns.since')}</th>
                    <th scope="col">
                      <span className="sr-only">{t('admin.subscribers.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {suppressions.items.map((item) => (
                    <tr key={item.address}>
                      <th scope="row">
                        <span className="subs-email">{item.address}</span>
                      </th>
                      <td data-label={t('admin.subscribers.suppressions.columns.reason')}>
                        {reasonLabel(item.reason)}
                        {item.detail && <span className="subs-detail">{item.detail}</span>}
                      </td>
                      <td data-label={t('admin.subscribers.suppressions.columns.source')}>{sourceLabel(item.source)}</td>
                      <td className="subs-date" data-label={t('admin.subscribers.suppressions.columns.since')}>
                        <time dateTime={item.suppressedAt}>{date(item.suppressedAt)}</time>
                      </td>
                      <td>
                        <div className="subs-actions">
                          <button type="button" className="btn btn-outline btn-small" aria-label={t('admin.subscribers.suppressions.liftLabel', { email: item.address })} onClick={() => setLifting(item)}>
                            {t('admin.subscribers.suppressions.lift')}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <Dialog open={lifting !== null} onClose={() => setLifting(null)} title={t('admin.subscribers.suppressions.confirmTitle')}>
        {lifting && (
          <div className="subs-confirm" role="group" aria-labelledby={`${uid}-lift-text`}>
            <p id={`${uid}-lift-text`} className="admin-confirm-text">
              {t('admin.subscribers.suppressions.confirmText', { email: lifting.address, reason: label('suppressions.reasonsShort', KNOWN_REASONS, lifting.reason) })}
            </p>
            <p className="admin-hint">{t('admin.subscribers.suppressions.confirmHint')}</p>
            <div className="subs-dialog-actions">
              <button type="button" className="btn btn-primary" onClick={() => void lift(lifting)} disabled={busy}>
                {busy ? t('admin.subscribers.suppressions.lifting') : t('admin.subscribers.suppressions.confirmYes')}
              </button>
              <button type="button" className="btn btn-outline" ref={liftCancelRef} data-autofocus onClick={() => setLifting(null)} disabled={busy}>
                {t('admin.subscribers.cancel')}
              </button>
            </div>
          </div>
        )}
      </Dialog>

      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.mode === 'confirm' ? t('admin.subscribers.confirmTitle') : (open?.row.email ?? '')} wide={open?.mode === 'details'}>
        {open?.mode === 'confirm' ? (
          <div className="subs-confirm" role="group" aria-labelledby={`${uid}-confirm-text`}>
            <p id={`${uid}-confirm-text`} className="admin-confirm-text">
              {t('admin.subscribers.confirmText', { email: open.row.email })}
            </p>
            <p className="admin-hint">{t('admin.subscribers.confirmHint')}</p>
            <div className="subs-dialog-actions">
              <button type="button" className="btn btn-danger" onClick={() => void erase(open.row)} disabled={busy}>
                {busy ? t('admin.subscribers.erasing') : t('admin.subscribers.confirmYes')}
              </button>
              <button type="button" className="btn btn-outline" ref={cancelRef} onClick={() => setOpen(null)} disabled={busy}>
                {t('admin.subscribers.cancel')}
              </button>
            </div>
          </div>
        ) : open ? (
          <div className="subs-details">
            {detailsError ? (
              <p className="admin-error" role="alert">
                {t('admin.subscribers.detailsFailed', { message: detailsError })}
              </p>
            ) : !details ? (
              <Spinner label={t('common.loading')} />
            ) : (
              <>
                <h3>{t('admin.subscribers.record')}</h3>
                <dl className="media-details">
                  <dt>{t('admin.subscribers.columns.status')}</dt>
                  <dd>
                    <span className="subs-badges">
                      <span className={`badge ${BADGE[details.subscriber.status]}`}>{statusLabel(details.subscriber.status)}</span>
                      {details.subscriber.suppressed && suppressedBadge}
                    </span>
                  </dd>
                  <dt>{t('admin.subscribers.columns.language')}</dt>
                  <dd>{languageLabel(details.subscriber.language)}</dd>
                  <dt>{t('admin.subscribers.fields.consentAt')}</dt>
                  <dd>{date(details.subscriber.consentAt)}</dd>
                  <dt>{t('admin.subscribers.fields.source')}</dt>
                  <dd>{methodLabel(details.subscriber.consentSource)}</dd>
                  <dt>{t('admin.subscribers.fields.form')}</dt>
                  <dd>{label('forms', KNOWN_FORMS, details.subscriber.consentForm)}</dd>
                  <dt>{t('admin.subscribers.fields.confirmedAt')}</dt>
                  <dd>{date(details.subscriber.confirmedAt)}</dd>
                  <dt>{t('admin.subscribers.fields.unsubscribedAt')}</dt>
                  <dd>{date(details.subscriber.unsubscribedAt)}</dd>
                  <dt>{t('admin.subscribers.fields.createdAt')}</dt>
                  <dd>{date(details.subscriber.createdAt)}</dd>
                </dl>
                {details.subscriber.consentText && (
                  <figure className="subs-wording">
                    <figcaption>{t('admin.subscribers.fields.consentText')}</figcaption>
                    <blockquote>{details.subscriber.consentText}</blockquote>
                  </figure>
                )}

                <h3>{t('admin.subscribers.history')}</h3>
                {details.events.length === 0 ? (
                  <p className="muted">{t('admin.subscribers.noHistory')}</p>
                ) : (
                  <ol className="subs-history">
                    {details.events.map((e, i) => (
                      <li key={i}>
                        <p className="subs-event">
                          <time dateTime={e.createdAt}>{date(e.createdAt)}</time> <strong>{label('events', KNOWN_EVENTS, e.event)}</strong>
                        </p>
                        <p className="subs-event-meta">
                          {t('admin.subscribers.eventMeta', {
                            method: methodLabel(e.method),
                            form: label('forms', KNOWN_FORMS, e.form),
                            language: languageLabel(e.language),
                          })}
                        </p>
                        {e.consentText && e.consentText !== details.subscriber.consentText && <blockquote className="subs-event-text">{e.consentText}</blockquote>}
                      </li>
                    ))}
                  </ol>
                )}
              </>
            )}
            <div className="subs-dialog-actions">
              <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => setOpen({ row: open.row, mode: 'confirm' })}>
                {t('admin.subscribers.erase')}
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setOpen(null)}>
                {t('common.close')}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}

export default SubscribersPanel;
