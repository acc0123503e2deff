// Stripe.js in the browser: loaded from js.stripe.com (as Stripe requires) only when the checkout
// form is shown. This module is imported by the checkout page alone, so no other page's bundle
// contains Stripe code. The 'pure' entry injects the script on the first loadStripe() call, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Appearance, Stripe } from '@stripe/stripe-js';

export type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';

let pending: Promise<Stripe | null> | null = null;

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  pending ??= loadStripe(publishableKey).catch((err: unknown) => {
    pending = null; // a later attempt (Try again) may succeed
    throw err;
  });
  return pending;
}

/** The Payment Element in the site's colours (views/styles/site.css). */
export const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#1f5c3a',
    colorText: '#1d2420',
    colorDanger: '#a5472a',
    borderRadius: '10px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
