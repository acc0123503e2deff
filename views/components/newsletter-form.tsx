import { sourceOf } from '../../models/shared/source';
import { useState, type FormEvent } from 'react';
import { useLang, useT } from '../app-context';
import { toast } from './toaster';
import { ERROR_TEXT_KEYS, type ErrorBody } from '../../models/shared/error-codes';

export type SubscribeStatus = 'already_subscribed' | 'immediately_subscribed' | 'pending_confirmation' | 'resubscribed_pending';

/** The toast of a subscribe answer; any unknown status is treated like pending_confirmation. */
export function toastKeyFor(status: string): string {
  switch (status) {
    case 'already_subscribed':
      return 'alreadySubscribed';
    case 'immediately_subscribed':
      return 'subscribed';
    case 'resubscribed_pending':
      return 'resubscribed';
    default:
      return 'pending';
  }
}

export function NewsletterForm() {
  const t = useT();
  const lang = useLang();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      toast({ title: t('newsletter.emailRequired'), description: t('newsletter.emailRequiredText'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const res = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        // The page it was sent from, counted (never kept with the address).
        body: JSON.stringify({ email: email.trim(), language: lang, source: sourceOf(location.href, location.origin) ?? undefined }),
      });
      const body = (await res.json().catch(() => ({}))) as { status?: string } & Partial<ErrorBody>;
      if (res.ok) {
        const key = toastKeyFor(body.status ?? '');
        toast({ title: t(`newsletter.${key}Title`), description: t(`newsletter.${key}Text`), variant: 'success' });
        setEmail('');
      } else if (body.code === 'newsletter.previously_unsubscribed') {
        const text = ERROR_TEXT_KEYS[body.code]!;
        toast({ title: t(text.title), description: t(text.text!), variant: 'destructive' });
      } else {
        // The server's message is in the page's language already.
        toast({ title: t('newsletter.errorTitle'), description: body.error || `${res.status}: ${res.statusText}`, variant: 'destructive' });
      }
    } catch {
      toast({ title: t('newsletter.errorTitle'), description: t('newsletter.errorText'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate action="/api/newsletter/subscribe" method="post">
      <label htmlFor="newsletter-email" className="footer-heading">
        {t('newsletter.heading')}
      </label>
      <p className="small">{t('newsletter.text')}</p>
      <div className="newsletter-row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('newsletter.placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn-accent" disabled={busy}>
          {busy ? t('newsletter.subscribing') : t('newsletter.subscribe')}
        </button>
      </div>
      <p className="small muted">{t('newsletter.consent')}</p>
    </form>
  );
}
