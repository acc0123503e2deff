// Names shared by the parts of giving that meet only through the job queue and the database:
// the payment side queues a receipt when a gift is applied; the receipt and certificate side
// sends it. Each task is registered in controllers/jobs.ts.

/** Payload { donationId: number }: the receipt mail of one applied gift, sent once (receipt_sent_at). */
export const RECEIPT_TASK = 'donation-receipt';
/** Payload { runId: number }: sends the yearly certificates of one run, with progress in its row. */
export const CERTIFICATE_RUN_TASK = 'donation-certificates';
/** Payload { email: string, year: number, lang: 'en' | 'de' }: one donor's certificate, on request. */
export const CERTIFICATE_REQUEST_TASK = 'donation-certificate';

/** Payload { subscriptionId }: after a monthly gift's first payment, cancels the other subscriptions its checkout visit started. */
export const SUPERSEDED_SUBSCRIPTIONS_TASK = 'cancel-superseded-subscriptions';

/**
 * Stripe's subscription states of a monthly gift that never started (its first payment was never
 * made): not shown to the donor or the admin, and no reason to mail a link.
 */
export const NEVER_STARTED = ['incomplete', 'incomplete_expired'] as const;
/** States in which a monthly gift still runs (a payment may be late) and the donor can change it. */
export const RUNNING_SUBSCRIPTION = ['active', 'trialing', 'past_due', 'unpaid'] as const;
/** Dispute states that hold a gift's money or may still: open ones and lost ones. */
export const DISPUTE_OPEN_OR_LOST = ['warning_needs_response', 'warning_under_review', 'needs_response', 'under_review', 'lost'] as const;

/** One-off gift, one payment of a monthly gift, or a bank transfer matched from the bank's file. */
export type DonationKind = 'one_off' | 'monthly' | 'bank' | 'offline';
export const DONATION_KINDS: readonly DonationKind[] = ['one_off', 'monthly', 'bank', 'offline'];

/** The Swiss calendar year of an instant (Europe/Zurich): the year of a gift on every paper. */
export function swissYear(at: string | Date): number {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return new Date().getUTCFullYear();
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(d));
}

/** The Swiss calendar day (YYYY-MM-DD) of an instant: the date a receipt and the donor's page write. */
export function swissDate(at: string | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * A gift's reference, the same on its receipt, the certificate, the donor's page and the admin:
 * its Swiss year and id, readable on the phone and in a bank statement.
 */
export const donationReference = (donationId: number, appliedAt: string | Date) => `D-${swissYear(appliedAt)}-${String(donationId).padStart(6, '0')}`;
