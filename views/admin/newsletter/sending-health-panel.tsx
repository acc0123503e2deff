// Sending health, part of the Newsletter screen: whether MAIL_FROM's domain is set up so that the
// newsletter arrives (SPF, DKIM, DMARC), in plain words, with the record to add at the domain's
// host when one is missing or wrong. Checked on request (each check asks DNS): "Check the domain"
// is a link to ?sending=check without JavaScript (the screen's loader checks, the page shows the
// answer) and asks GET /api/admin/mail-health once the page is interactive.
import { useEffect, useId, useRef, useState } from 'react';
import { useLang, useT } from '../../app-context';
import { adminFetch, errorText } from '../lib/api';
import { ActionLink, formatDateTime, Spinner, useScreenHref } from '../widgets/ui';
import type { HealthCheck, HealthStatus, MailHealth } from '../../../models/site/mail-health';

const API = '/api/admin/mail-health';
/** The panel's anchor, and the address that checks without JavaScript. */
export const SENDING_HEALTH_ID = 'sending-health';
const CHECKS = ['spf', 'dkim', 'dmarc'] as const;
/** The admin's existing badges: right (green), to fix (ochre), not known (grey). */
const BADGE: Record<HealthStatus, string> = { ok: 'badge badge-completed', missing: 'admin-badge admin-badge-warning', wrong: 'admin-badge admin-badge-warning', unknown: 'admin-badge admin-badge-draft' };
/** Reasons every check can have (the DNS did not answer, no sender domain); the others are per check. */
const SHARED_REASONS = new Set(['timeout', 'dns-error', 'no-domain']);

/** `initial`: the check the page came with (?sending=check), else null. */
export function SendingHealthPanel({ initial }: { initial: MailHealth | null }) {
  const t = useT();
  const lang = useLang();
  const href = useScreenHref();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [health, setHealth] = useState<MailHealth | null>(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);

  const check = async () => {
    setBusy(true);
    setProblem(null);
    asked.current = true;
    try {
      setHealth(await adminFetch<MailHealth>('GET', API));
    } catch (err) {
      setProblem(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  // After a check asked here, the answer is where the keyboard continues.
  useEffect(() => {
    if (asked.current && !busy && health) resultRef.current?.focus();
  }, [busy, health]);

  return (
    <section className="nl-sends sending-health" id={SENDING_HEALTH_ID} aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`}>{t('admin.sendingHealth.title')}</h3>
      <p className="admin-hint">{t('admin.sendingHealth.intro')}</p>
      <div className="sending-health-actions">
        <ActionLink className="btn btn-outline btn-small" href={href('newsletter', `?sending=check#${SENDING_HEALTH_ID}`)} onClick={() => void check()}>
          {health ? t('admin.sendingHealth.checkAgain') : t('admin.sendingHealth.check')}
        </ActionLink>
        {busy && <Spinner label={t('admin.sendingHealth.checking')} />}
      </div>
      {problem && (
        <p className="admin-error" role="alert">
          {problem}
        </p>
      )}
      {health && (
        <div className="sending-health-result" ref={resultRef} tabIndex={-1}>
          <p className="admin-hint">
            {health.domain ? t('admin.sendingHealth.checked', { time: formatDateTime(health.checkedAt, lang), from: health.from, domain: health.domain }) : t('admin.sendingHealth.checkedNoDomain', { time: formatDateTime(health.checkedAt, lang), from: health.from })}
          </p>
          <ul className="nl-send-list">
            {CHECKS.map((kind) => (
              <CheckItem key={kind} kind={kind} check={health[kind]} health={health} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function CheckItem({ kind, check, health }: { kind: (typeof CHECKS)[number]; check: HealthCheck; health: MailHealth }) {
  const t = useT();
  const reasonKey = SHARED_REASONS.has(check.reason) ? `admin.sendingHealth.reason.${check.reason}` : `admin.sendingHealth.${kind}.${check.reason}`;
  const vars = { domain: health.domain ?? '', signing: health.signing?.domain ?? '', selector: health.signing?.selector ?? '' };
  return (
    <li className="nl-send">
      <h4 className="nl-send-head">
        {t(`admin.sendingHealth.${kind}.title`)} <span className={BADGE[check.status]}>{t(`admin.sendingHealth.status.${check.status}`)}</span>
      </h4>
      <p className="admin-hint">{t(`admin.sendingHealth.${kind}.what`)}</p>
      <p>{t(reasonKey, vars)}</p>
      {kind === 'spf' && check.reason === 'none' && health.smtpHost && <p>{t('admin.sendingHealth.spf.provider', { host: health.smtpHost })}</p>}
      {check.found && (
        <dl className="media-details">
          <dt>{t('admin.sendingHealth.found')}</dt>
          <dd>
            <code>{check.found}</code>
          </dd>
        </dl>
      )}
      {check.fix && (
        <div className="admin-hint-box sending-health-fix">
          <p>
            <strong>{check.fix.action === 'add' ? t('admin.sendingHealth.fixAdd') : t('admin.sendingHealth.fixReplace')}</strong>
          </p>
          <dl className="media-details">
            <dt>{t('admin.sendingHealth.recordType')}</dt>
            <dd>
              <code>{check.fix.record.type}</code>
            </dd>
            <dt>{t('admin.sendingHealth.recordName')}</dt>
            <dd>
              <code>{check.fix.record.host}</code> <span className="admin-hint">{t('admin.sendingHealth.recordFullName', { name: check.fix.record.name })}</span>
            </dd>
            <dt>{t('admin.sendingHealth.recordValue')}</dt>
            <dd>
              <code>{check.fix.record.value}</code>
            </dd>
          </dl>
        </div>
      )}
    </li>
  );
}
