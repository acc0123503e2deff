// What the Donations screen's panels share: the admin API's address, the lists of the server's
// schema, and amounts, days and months as the admin reads them.
import { formatAmount } from '../../../models/shared/donation-rules';
import type { Lang } from '../../../models/shared/rules';
import type { DonationState } from '../../../models/giving/donations-admin';

export const API = '/api/admin/donations';
// The same lists as the server's schema (models/donations-admin.ts is not part of the browser bundle).
export const STATES: readonly DonationState[] = ['succeeded', 'failed', 'refunded', 'partially_refunded', 'disputed', 'reversed', 'reversal'];
export const CURRENCIES = ['usd', 'chf', 'eur'] as const;
export const KINDS = ['one_off', 'monthly', 'bank', 'offline'] as const;
export const BADGE: Record<DonationState, string> = {
  succeeded: 'badge-completed',
  failed: 'don-badge-failed',
  refunded: 'badge-neutral',
  partially_refunded: 'badge-neutral',
  disputed: 'badge-funding',
  reversed: 'badge-neutral',
  reversal: 'badge-neutral',
};
export const POLL_MS = 1500;
export const money = (cents: number, currency: string, lang: Lang) => formatAmount(cents, currency, lang, 2);

/** "24 Nov 2026" in Swiss time (the same text on server and browser). */
export function formatDay(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { dateStyle: 'medium', timeZone: 'Europe/Zurich' }).format(d);
}

export function monthLabel(month: string, lang: Lang): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}
