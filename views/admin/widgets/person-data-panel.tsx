// One person's data, on request (revFADP Art. 25 and 32), in the Donations tab and the newsletter's
// subscribers: an admin enters the address a person wrote from, then shows what the site holds
// about it (with a JSON file to send them) or erases it after a confirmation: subscriber and mails
// deleted (and at Mailchimp for good), monthly gifts ended at Stripe, gifts kept for the books
// under a pseudonym. The same use cases as the person's own e-mailed link (controllers/privacy.ts),
// in the audit log under the admin's name.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import { Dialog, useAdmin } from './ui';
import { roleCan } from '../../../models/shared/roles';
import type { PersonalData } from '../../../models/privacy/personal-data';

const API = '/api/admin/privacy';
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function PersonDataPanel() {
  // Donors' data is for treasurers and admins (the server answers others 403).
  if (!roleCan(useAdmin().role, 'money')) return null;
  return <PersonData />;
}

function PersonData() {
  const t = useT();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<{ email: string; data: PersonalData & { mailchimp: unknown }; file: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const checked = (): string | null => {
    const value = email.trim().toLowerCase();
    if (!EMAIL.test(value)) {
      setProblem(t('admin.personData.emailInvalid'));
      inputRef.current?.focus();
      return null;
    }
    setProblem(null);
    return value;
  };

  const show = async (e: FormEvent) => {
    e.preventDefault();
    const value = checked();
    if (!value) return;
    setBusy(true);
    try {
      const data = await adminFetch<PersonalData & { mailchimp: unknown }>('POST', `${API}/access`, { email: value });
      if (report) URL.revokeObjectURL(report.file);
      setReport({ email: value, data, file: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })) });
    } catch (err) {
      toast({ title: t('admin.personData.failed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const erase = async (value: string) => {
    setBusy(true);
    try {
      const r = await adminFetch<{ gifts: number; monthlyGifts: number; subscribers: number; mails: number; cancelled: number }>('POST', `${API}/erasure`, { email: value });
      toast({ title: t('admin.personData.erased'), description: t('admin.personData.erasedText', { gifts: r.gifts + r.monthlyGifts, mails: r.mails, cancelled: r.cancelled }), variant: 'success' });
      setConfirming(null);
      setReport(null);
      setEmail('');
      requestAnimationFrame(() => inputRef.current?.focus());
    } catch (err) {
      toast({ title: t('admin.personData.failed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const counts = report
    ? [
        t('privacyReport.subscriptions', { count: report.data.subscriptions.length }),
        t('privacyReport.gifts', { count: report.data.gifts.length }),
        t('privacyReport.monthlyGifts', { count: report.data.monthlyGifts.length }),
        t('privacyReport.certificates', { count: report.data.certificates.length }),
        t('privacyReport.mails', { count: report.data.mails.length }),
      ]
    : [];

  return (
    <section className="admin-panel person-data" aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`}>{t('admin.personData.title')}</h3>
      <p className="admin-hint">{t('admin.personData.intro')}</p>
      <form className="person-data-form" onSubmit={(e) => void show(e)} noValidate>
        <label htmlFor={`${uid}-email`}>{t('admin.personData.email')}</label>
        <input
          id={`${uid}-email`}
          ref={inputRef}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${uid}-problem` : undefined}
          autoComplete="off"
        />
        {problem && (
          <p id={`${uid}-problem`} className="admin-error">
            {problem}
          </p>
        )}
        <div className="subs-dialog-actions">
          <button type="submit" className="btn btn-outline btn-small" disabled={busy}>
            {t('admin.personData.show')}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-danger-outline btn-small"
            disabled={busy}
            onClick={() => {
              const value = checked();
              if (value) setConfirming(value);
            }}
          >
            {t('admin.personData.erase')}
          </button>
        </div>
      </form>
      {report && (
        <div className="person-data-report" role="status">
          <p>{t('admin.personData.found', { email: report.email })}</p>
          <ul>
            {counts.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <a className="btn btn-primary btn-small" href={report.file} download={`personal-data-${report.email.replace(/[^a-z0-9]+/g, '-')}.json`}>
            {t('privacyReport.download')}
          </a>
        </div>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={t('admin.personData.confirmTitle')}>
        <p className="admin-confirm-text">{t('admin.personData.confirmText', { email: confirming ?? '' })}</p>
        <div className="subs-dialog-actions">
          <button type="button" className="btn btn-danger" onClick={() => confirming && void erase(confirming)} disabled={busy}>
            {busy ? t('admin.personData.erasing') : t('admin.personData.confirmYes')}
          </button>
          <button type="button" className="btn btn-outline" data-autofocus onClick={() => setConfirming(null)} disabled={busy}>
            {t('admin.personData.cancel')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
