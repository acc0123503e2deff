// The yearly donation certificates: how many donors a year has, send them all, follow the run.
// Last year's numbers and the runs come with the page (the screen's loader); another year, a run
// started and a run under way are asked of the API.
import { useEffect, useId, useRef, useState } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import { formatDateTime } from '../widgets/ui';
import type { CertificateRun } from '../../../models/giving/certificate';
import { API, POLL_MS } from './format';
import { LoadFailed, useReloadable } from './reload';

/** GET /api/admin/donations/certificates (and the screen's loader: last year's). */
export interface CertificateOverview {
  year: number;
  latestYear: number;
  donors: number;
  giftsWithoutEmail: number;
  runs: CertificateRun[];
}

export function CertificatesPanel({ initial, onChanged }: { initial: CertificateOverview; onChanged?: () => void }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const { data, setData, error, reload } = useReloadable(initial);
  // The year shown: the last one whose numbers came (the choice waits for them).
  const year = data.year;
  const [asked, setAsked] = useState(year);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const watched = useRef(new Set<number>());
  const load = (y: number) => {
    setAsked(y);
    return reload(() => adminFetch<CertificateOverview>('GET', `${API}/certificates?year=${y}`));
  };

  // A run under way is followed by reading its row until it has finished.
  const running = data.runs.filter((r) => r.status === 'running').map((r) => r.id);
  const runningKey = running.join(',');
  useEffect(() => {
    if (!running.length) return;
    const timer = setInterval(() => {
      for (const id of running) {
        adminFetch<{ run: CertificateRun }>('GET', `${API}/certificates/runs/${id}`)
          .then(({ run }) => {
            setData((d) => ({ ...d, runs: d.runs.map((r) => (r.id === run.id ? run : r)) }));
            if (run.status !== 'running' && watched.current.delete(run.id)) {
              toast({
                title: run.status === 'done' ? t('admin.donations.certificates.finished', { year: run.year }) : t('admin.donations.certificates.runFailed', { year: run.year }),
                description: t('admin.donations.certificates.progress', { sent: run.sent, total: run.total ?? 0, skipped: run.skipped, failed: run.failed }),
                variant: run.status === 'done' && run.failed === 0 ? 'success' : 'destructive',
              });
            }
          })
          .catch(() => undefined);
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [runningKey]);

  const start = async () => {
    setBusy(true);
    try {
      const { run } = await adminFetch<{ run: CertificateRun }>('POST', `${API}/certificates/runs`, { year });
      watched.current.add(run.id);
      setData((d) => ({ ...d, runs: [run, ...d.runs] }));
      toast({ title: t('admin.donations.certificates.started', { year }), variant: 'success' });
      setConfirming(false);
      onChanged?.();
    } catch (err) {
      toast({ title: t('admin.donations.certificates.startFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const years = Array.from({ length: 6 }, (_, i) => data.latestYear - i);
  const yearRunning = data.runs.some((r) => r.year === year && r.status === 'running');
  // Sending a year again mails everyone again: the confirmation says when it was done before.
  const sentBefore = data.runs.find((r) => r.year === year && r.status === 'done') ?? null;

  return (
    <section className="don-section" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.certificates.title')}</h3>
      <p className="muted">{t('admin.donations.certificates.intro')}</p>
      <LoadFailed error={error} onRetry={() => void load(asked)} />
      <div className="don-cert-row">
        <div className="admin-field">
          <label htmlFor={`${uid}-year`}>{t('admin.donations.certificates.year')}</label>
          <select
            id={`${uid}-year`}
            value={String(year)}
            onChange={(e) => {
              setConfirming(false);
              void load(Number(e.target.value));
            }}
          >
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <p className="don-cert-count" aria-live="polite">
          {t('admin.donations.certificates.donors', { count: data.donors, year: data.year })}
          {data.giftsWithoutEmail > 0 && <> {t('admin.donations.certificates.withoutEmail', { count: data.giftsWithoutEmail })}</>}
        </p>
        {!confirming && (
          <button type="button" className="btn btn-primary btn-small" disabled={data.donors === 0 || yearRunning} onClick={() => setConfirming(true)}>
            {t('admin.donations.certificates.send', { year: data.year })}
          </button>
        )}
      </div>
      {yearRunning && <p className="small muted">{t('admin.donations.certificates.alreadyRunning')}</p>}
      {/* A donor without an e-mail address: the certificate as a PDF to print and post (a plain GET form). */}
      <form className="don-cert-pdf" method="get" action={`${API}/certificates/pdf`}>
        <input type="hidden" name="year" value={String(year)} />
        <input type="hidden" name="lang" value={lang} />
        <div className="admin-field">
          <label htmlFor={`${uid}-donor`}>{t('admin.donations.certificates.pdfDonor')}</label>
          <input id={`${uid}-donor`} name="donor" required maxLength={320} aria-describedby={`${uid}-donor-hint`} />
          <p id={`${uid}-donor-hint`} className="small muted">
            {t('admin.donations.certificates.pdfHint')}
          </p>
        </div>
        <button type="submit" className="btn btn-outline btn-small">
          {t('admin.donations.certificates.pdf', { year })}
        </button>
      </form>
      {confirming && (
        <div className="nl-confirm" role="alertdialog" aria-labelledby={`${uid}-confirm`}>
          <p id={`${uid}-confirm`}>{t('admin.donations.certificates.confirm', { count: data.donors, year: data.year })}</p>
          {sentBefore && <p className="don-warning">{t('admin.donations.certificates.sentBefore', { year: data.year, date: formatDateTime(sentBefore.createdAt, lang) })}</p>}
          <div className="nl-actions">
            <button type="button" className="btn btn-accent" onClick={() => void start()} disabled={busy} data-autofocus="">
              {busy ? t('admin.donations.certificates.starting') : t('admin.donations.certificates.confirmYes')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t('admin.donations.certificates.cancel')}
            </button>
          </div>
        </div>
      )}
      {data.runs.length > 0 && (
        <div className="don-table-wrap" role="region" aria-labelledby={`${uid}-runs`} tabIndex={0}>
          <table className="don-table">
            <caption id={`${uid}-runs`}>{t('admin.donations.certificates.runs')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.donations.certificates.columns.year')}</th>
                <th scope="col">{t('admin.donations.certificates.columns.status')}</th>
                <th scope="col">{t('admin.donations.certificates.columns.progress')}</th>
                <th scope="col">{t('admin.donations.certificates.columns.started')}</th>
              </tr>
            </thead>
            <tbody>
              {data.runs.map((r) => {
                const done = r.sent + r.skipped + r.failed;
                return (
                  <tr key={r.id} className={`don-run-${r.status}`}>
                    <th scope="row">{r.year}</th>
                    <td>
                      <span className={`badge ${r.status === 'done' ? 'badge-completed' : r.status === 'failed' ? 'don-badge-failed' : 'badge-progress'}`}>{t(`admin.donations.certificates.statuses.${r.status}`)}</span>
                    </td>
                    <td className="don-progress">
                      {r.total !== null && r.total > 0 && <progress max={r.total} value={done} aria-label={t('admin.donations.certificates.barLabel', { year: r.year })} />}
                      <span className="don-sub" aria-live={r.status === 'running' ? 'polite' : undefined}>
                        {r.total === null ? t('admin.donations.certificates.listing') : t('admin.donations.certificates.progress', { sent: r.sent, total: r.total, skipped: r.skipped, failed: r.failed })}
                      </span>
                      {r.error && <span className="don-sub">{r.error}</span>}
                    </td>
                    <td>
                      <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, lang)}</time>
                      <span className="don-email">{r.startedBy.startsWith('key:') ? t('admin.keyLabel', { fingerprint: r.startedBy.slice(4) }) : r.startedBy}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
