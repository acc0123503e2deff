import { useState, type FormEvent } from 'react';
import { useLang, useT } from '../app-context';
import { toast } from './toaster';

export type SubscribeStatus = 'already_subscribed' | 'immediately_subscribed' | 'pending_confirmation' | 'resubscribed_pending';

/** SPEC section 4: any unknown status is treated like pending_confirmation. */
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
        body: JSON.stringify({ email: email.trim(), language: lang }),
      });
      const body = (await res.json().catch(() => ({}))) as { status?: string; error?: string };
      if (!res.ok) throw new Error(body.error || `${res.status}: ${res.statusText}`);
      const key = toastKeyFor(body.status ?? '');
      toast({ title: t(`newsletter.${key}Title`), description: t(`newsletter.${key}Text`), variant: 'success' });
      setEmail('');
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (message.includes('previously unsubscribed and removed')) {
        toast({ title: t('newsletter.removedTitle'), description: t('newsletter.removedText'), variant: 'destructive' });
      } else {
        toast({ title: t('newsletter.errorTitle'), description: message || t('newsletter.errorText'), variant: 'destructive' });
      }
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
