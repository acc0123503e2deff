import { useEffect, useRef } from 'react';
import { useLang, useLinks, useT } from '../../app-context';
import { amountFromLink, intervalFromLink, isDonationCurrency } from '../../../models/shared/donation-rules';
import { completeDonation } from './complete-donation';
import { toastOnNextPage } from '../toaster';

/**
 * The donor comes back from a redirect-based payment method (the return address is the site's
 * /checkout with payment=success, the amount, currency and interval; Stripe adds payment_intent and
 * redirect_status). Finish like the in-page flow: a monthly gift is thanked as one, and only a
 * one-off gift asks the server to count it (the webhook counts a subscription's payments).
 */
export function PaymentReturn({ params, projectId }: { params: URLSearchParams; projectId: number | null }) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const done = useRef(false);
  const paymentIntentId = params.get('payment_intent') ?? '';
  const status = params.get('redirect_status') ?? 'succeeded';
  const amount = params.get('amount');
  const currencyParam = params.get('currency');
  const currency = isDonationCurrency(currencyParam) ? currencyParam : 'usd';
  const interval = intervalFromLink(params.get('interval'));

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (status === 'failed' || status === 'canceled') {
      // Shown on the form the donor goes back to (a page load).
      toastOnNextPage({ title: t('checkout.toast.failedTitle'), description: t('checkout.toast.redirectFailed'), variant: 'destructive' });
      // Back to the form with the same project and amount, to try again.
      const again = new URLSearchParams();
      for (const key of ['project', 'amount', 'currency', 'interval']) {
        const value = params.get(key);
        if (value) again.set(key, value);
      }
      const query = again.toString();
      window.location.replace(query ? `${link('checkout')}?${query}` : link('checkout'));
      return;
    }
    void completeDonation({
      t,
      lang,
      goHome: () => window.location.replace(link('home')),
      projectId,
      amountCents: amountFromLink(amount),
      currency,
      interval,
      paymentIntentId,
      succeeded: status === 'succeeded',
    });
  }, []);

  return (
    <div className="checkout-card payment-return" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('checkout.status.completing')}</span>
    </div>
  );
}
