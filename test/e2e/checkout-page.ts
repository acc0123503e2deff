// The checkout as the browser tests open it (checkout, giving, gift options): a watched page with
// Stripe.js's stand-in, whose payment sessions, calls to Stripe.js and calls to count a gift are
// recorded from before the page opens, so nothing the page asks for as it wakes is missed.
import type { Browser, Page } from 'playwright-core';
import { waitForHydration, watchedPage } from '../helpers';
import type { FakeStripe } from '../fakes/stripe';
import { paymentElementFor, recordSessions, routeStripe, type CheckoutSession } from '../fakes/stripe-js';

/**
 * A new page on `baseUrl + pathname`, awake unless it `leaves` by itself as it wakes (a return from
 * a payment method): `sessions` the payment sessions it asks for, `stripeJs` what it asks of
 * Stripe.js (across navigations), `funding` the bodies of its calls to count a gift.
 */
export async function openCheckout(browser: Browser, baseUrl: string, fake: FakeStripe, pathname: string, options: { viewport?: { width: number; height: number }; leaves?: boolean } = {}) {
  const watched = await watchedPage(browser, { viewport: options.viewport ?? { width: 1280, height: 900 } });
  // Registered after watchedPage's catch-all for outside requests, so these win.
  const stripeJs = await routeStripe(watched.page.context(), fake);
  const sessions = recordSessions(watched.page);
  const funding: Record<string, unknown>[] = [];
  watched.page.on('request', (r) => {
    if (r.url().endsWith('/api/update-project-funding')) funding.push(r.postDataJSON() as Record<string, unknown>);
  });
  await watched.page.goto(baseUrl + pathname);
  if (!options.leaves) await waitForHydration(watched.page);
  return { ...watched, stripeJs, sessions, funding };
}

/** The form is ready to give for this session: its card form is mounted and the button named `name` is enabled. */
export async function readyFor(page: Page, session: CheckoutSession, name: RegExp): Promise<void> {
  await paymentElementFor(page, session).waitFor();
  await page.getByRole('button', { name, disabled: false }).waitFor();
}
