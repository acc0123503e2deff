// How a gift ends in the browser, shared by the form and the return from a redirect-based method
// (payment-return.tsx): the thanks, the project's total, the way home; or the spec's failure toast.
import type { TFunction } from '../../translate';
import { formatAmount, type DonationCurrency, type DonationInterval } from '../../../models/shared/donation-rules';
import { toast, toastOnNextPage } from '../toaster';
import { rememberThanks } from './thanks-store';
import { updateProjectFunding } from './api';

export function paymentFailedToast(t: TFunction, message?: string | null): void {
  toast({ title: t('checkout.toast.failedTitle'), description: message || t('checkout.toast.failedText'), variant: 'destructive' });
}

/**
 * After Stripe confirmed the payment: thank the donor, ask the server to count a one-off gift for
 * the project (the server checks the PaymentIntent with Stripe; a failure is only logged, the
 * webhook counts it anyway), then go home. A monthly gift is counted by the webhook for each paid
 * invoice, so the browser does not ask.
 */
export async function completeDonation(options: {
  t: TFunction;
  lang: 'en' | 'de';
  goHome: () => void;
  projectId: number | null;
  amountCents: number | null;
  currency: DonationCurrency;
  interval: DonationInterval;
  paymentIntentId: string;
  succeeded: boolean;
}): Promise<void> {
  const { t, projectId, amountCents, paymentIntentId, currency } = options;
  const monthly = options.interval !== 'once';
  const description =
    monthly && amountCents !== null ? t(`checkout.toast.regularText.${options.interval}`, { amount: formatAmount(amountCents, currency, options.lang) }) : t('checkout.toast.successText');
  // Shown on the home page, where the donor goes next, with the thank-you panel (views/components/thanks-panel.tsx).
  toastOnNextPage({ title: t('checkout.toast.successTitle'), description, variant: 'success' });
  rememberThanks({ amountCents, currency, interval: options.interval, paymentIntentId, processing: !options.succeeded });
  if (!monthly && options.succeeded && projectId !== null && amountCents !== null) {
    try {
      await updateProjectFunding({ projectId, amount: amountCents / 100, paymentIntentId, currency });
    } catch (err) {
      console.warn('The project total will be updated by the Stripe webhook:', err instanceof Error ? err.message : err);
    }
  }
  options.goHome();
}
