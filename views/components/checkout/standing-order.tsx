// A regular gift without a card: how to set up a standing order (Dauerauftrag) in one's own
// e-banking with one's own reference, and the one-step form that mails that reference. The form
// posts to /checkout/reference without JavaScript (the answer comes back on this page, ?reference=sent
// or the form with its message); with it, POST /api/donor/reference answers in place.
import { useState, type FormEvent } from 'react';
import { useApp, useLang, useT } from '../../app-context';
import { localizePath } from '../../../models/shared/urls';
import { formatIban } from '../../../models/shared/qr-bill-rules';
import { EMAIL_MAX_LENGTH } from '../../../models/shared/gift-request';
import type { ReferenceRequestState } from './types';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string; field: boolean };

export function StandingOrder({ request, back }: { request?: ReferenceRequestState | null; back: Record<string, string> }) {
  const t = useT();
  const lang = useLang();
  const { site, page } = useApp();
  const sentByForm = /[?&]reference=sent(&|$)/.test(page.url);
  const [status, setStatus] = useState<Status>(() =>
    sentByForm ? { kind: 'sent', message: t('checkout.standingOrder.sent') } : request?.error ? { kind: 'error', message: t(`checkout.standingOrder.errors.${request.error}`), field: request.error !== 'rate' } : { kind: 'idle' },
  );

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    setStatus({ kind: 'sending' });
    try {
      const res = await fetch('/api/donor/reference', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ email, language: lang }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
      if (res.ok) setStatus({ kind: 'sent', message: body.message ?? t('checkout.standingOrder.sent') });
      else setStatus({ kind: 'error', message: body.error ?? t('checkout.standingOrder.errors.failed'), field: res.status === 400 });
    } catch {
      setStatus({ kind: 'error', message: t('checkout.standingOrder.errors.failed'), field: false });
    }
  }

  const fieldError = status.kind === 'error' && status.field ? status.message : null;
  return (
    <section className="setup-standing" id="standing-order" aria-labelledby="standing-order-heading">
      <h3 id="standing-order-heading">{t('checkout.standingOrder.heading')}</h3>
      <p>{t('checkout.standingOrder.intro')}</p>
      <ol className="standing-steps">
        <li>{t('checkout.standingOrder.step1')}</li>
        <li>{t('checkout.standingOrder.step2', { holder: site.legalName, iban: formatIban(site.iban) })}</li>
        <li>{t('checkout.standingOrder.step3')}</li>
        <li>{t('checkout.standingOrder.step4')}</li>
      </ol>
      <form method="post" action={localizePath('/checkout/reference', lang)} className="standing-form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="language" value={lang} />
        {Object.entries(back).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="field">
          <label htmlFor="standing-email">{t('checkout.standingOrder.emailLabel')}</label>
          <div className="standing-row">
            <input
              id="standing-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              required
              maxLength={EMAIL_MAX_LENGTH}
              defaultValue={request?.email ?? ''}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby="standing-email-hint standing-email-error"
            />
            <button type="submit" className="btn btn-primary" disabled={status.kind === 'sending'}>
              {t('checkout.standingOrder.send')}
            </button>
          </div>
          <p id="standing-email-hint" className="field-hint">
            {t('checkout.standingOrder.emailHint')}
          </p>
          <p id="standing-email-error" className="field-error" aria-live="polite">
            {fieldError}
          </p>
        </div>
        <p className="standing-status" role="status">
          {status.kind === 'sent' ? status.message : status.kind === 'error' && !status.field ? status.message : ''}
        </p>
      </form>
    </section>
  );
}
