// Step 2 of the Newsletter screen: a test of the composed mail to the admin's own address first
// (the sign-in e-mail; after a key sign-in, an address typed here and remembered in this browser),
// rendered as the real send renders it.
import { useEffect, useState } from 'react';
import { useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { AdminApiError, adminFetch, errorText } from '../lib/api';
import type { Composition } from './types';

/** Where a key-signed-in admin's test address is remembered in this browser (a form value, nothing else). */
const TEST_TO_KEY = 'admin-newsletter-test-to';
const rememberedTestTo = (): string => {
  try {
    return window.localStorage.getItem(TEST_TO_KEY) ?? '';
  } catch {
    return '';
  }
};

/**
 * `compose` checks the mail (saying what is missing) and gives what to send, or null; `testAddress`
 * is the admin's own address, null when one is to be typed.
 */
export function TestSend({ testAddress, compose, disabled, describedBy }: { testAddress: string | null; compose: () => Composition | null; disabled: boolean; describedBy?: string }) {
  const t = useT();
  const [testTo, setTestTo] = useState('');
  const [testing, setTesting] = useState(false);
  const [testNote, setTestNote] = useState('');
  useEffect(() => setTestTo(rememberedTestTo()), []);

  const sendTest = async () => {
    const composition = compose();
    if (!composition) return;
    setTesting(true);
    setTestNote('');
    try {
      const r = await adminFetch<{ to: string }>('POST', '/api/admin/newsletter/test-send', { ...composition, ...(testAddress ? {} : { to: testTo.trim() }) });
      if (!testAddress) {
        try {
          window.localStorage.setItem(TEST_TO_KEY, r.to);
        } catch {
          // Not remembered where storage is forbidden; the field keeps it for now.
        }
      }
      setTestNote(t('admin.newsletter.testSent', { to: r.to }));
      toast({ title: t('admin.newsletter.testSent', { to: r.to }), variant: 'success' });
    } catch (err) {
      const field = err instanceof AdminApiError ? err.fieldIssues.to : undefined;
      const description = field ? t(field.code === 'required' ? 'admin.newsletter.testToRequired' : 'admin.newsletter.testToInvalid') : errorText(t, err);
      setTestNote(description);
      toast({ title: t('admin.newsletter.testFailed'), description, variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  };

  return (
    <>
      <h3 id="nl-test-heading">{t('newsletterAdmin.step2')}</h3>
      <div className="nl-test" role="group" aria-labelledby="nl-test-heading">
        <p className="small muted">{t('admin.newsletter.testLead')}</p>
        {testAddress ? (
          <p className="small muted">{t('admin.newsletter.testTo', { to: testAddress })}</p>
        ) : (
          <div className="nl-field">
            <label htmlFor="nl-test-to">{t('admin.newsletter.testAddress')}</label>
            <input id="nl-test-to" type="email" autoComplete="email" value={testTo} maxLength={254} onChange={(e) => setTestTo(e.target.value)} aria-describedby="nl-test-hint" />
            <p id="nl-test-hint" className="small muted">
              {t('admin.newsletter.testAddressHint')}
            </p>
          </div>
        )}
        <button type="button" className="btn btn-outline" onClick={sendTest} disabled={testing || disabled} aria-describedby={describedBy}>
          {testing ? t('admin.newsletter.testSending') : t('admin.newsletter.testSend')}
        </button>
        <p className="small" role="status" aria-live="polite">
          {testNote}
        </p>
      </div>
    </>
  );
}
