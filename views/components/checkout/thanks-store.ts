// The gift just given, kept in this tab's storage (sessionStorage) for the home page's thank-you
// panel (views/components/thanks-panel.tsx): the amount and currency, monthly or not, the payment's
// id (the panel asks the server for the gift's reference) and the address the receipt goes to. The
// e-mail address is written when the donor presses Donate, because a redirect-based method (TWINT,
// a bank) leaves the page and comes back without it. Nothing here leaves the browser.
import type { DonationCurrency, DonationInterval } from '../../../models/shared/donation-rules';

const GIFT_KEY = 'vb.gift';
/** For the home page (the prefix is views/site.ts's NEXT_PAGE_PREFIX, which wakes the page's runtime islands at once). */
export const THANKS_KEY = 'vb.next.thanks';

export interface Thanks {
  amountCents: number | null;
  currency: DonationCurrency;
  interval: DonationInterval;
  paymentIntentId: string;
  /** 'processing': a bank's payment confirmed later (the receipt follows then). */
  processing: boolean;
  email: string | null;
  projectName: string | null;
  /** The gift itself (without a covered fee) and its project's slug: the panel's "make it regular" offer. */
  giftCents?: number | null;
  projectSlug?: string | null;
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled: the spec's toast still thanks the donor
  }
}

function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // storage disabled: nothing to clear
  }
}

/** When Donate is pressed: what the thank-you needs that the return from a payment method lacks. */
export function rememberGift(gift: { email: string; projectName: string | null; projectSlug?: string | null; giftCents?: number | null }): void {
  write(GIFT_KEY, gift);
}

/** Once the payment succeeded (or is processing): the thank-you for the next page. */
export function rememberThanks(thanks: Omit<Thanks, 'email' | 'projectName' | 'giftCents' | 'projectSlug'>): void {
  const gift = read<{ email?: string; projectName?: string | null; projectSlug?: string | null; giftCents?: number | null }>(GIFT_KEY);
  write(THANKS_KEY, { ...thanks, email: gift?.email ?? null, projectName: gift?.projectName ?? null, giftCents: gift?.giftCents ?? null, projectSlug: gift?.projectSlug ?? null } satisfies Thanks);
  remove(GIFT_KEY);
}

export function readThanks(): Thanks | null {
  const thanks = read<Thanks>(THANKS_KEY);
  return thanks && typeof thanks.paymentIntentId === 'string' && typeof thanks.currency === 'string' ? thanks : null;
}

/** The donor closed the panel: it does not come back. */
export function forgetThanks(): void {
  remove(THANKS_KEY);
}
