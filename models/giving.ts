// Names shared by the parts of giving that meet only through the job queue and the database:
// the payment side queues a receipt when a gift is applied; the receipt and certificate side
// sends it. Each task is registered in app.ts.

/** Payload { donationId: number }: the receipt mail of one applied gift, sent once (receipt_sent_at). */
export const RECEIPT_TASK = 'donation-receipt';
/** Payload { runId: number }: sends the yearly certificates of one run, with progress in its row. */
export const CERTIFICATE_RUN_TASK = 'donation-certificates';
/** Payload { email: string, year: number, lang: 'en' | 'de' }: one donor's certificate, on request. */
export const CERTIFICATE_REQUEST_TASK = 'donation-certificate';

/** One-off gift or one payment of a monthly gift. */
export type DonationKind = 'one_off' | 'monthly';
export const DONATION_KINDS: readonly DonationKind[] = ['one_off', 'monthly'];

/** The Swiss calendar year of an instant (Europe/Zurich): the year of a gift on every paper. */
export function swissYear(at: string | Date): number {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return new Date().getUTCFullYear();
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(d));
}

/**
 * A gift's reference, the same on its receipt, the certificate, the donor's page and the admin:
 * its Swiss year and id, readable on the phone and in a bank statement.
 */
export const donationReference = (donationId: number, appliedAt: string | Date) => `D-${swissYear(appliedAt)}-${String(donationId).padStart(6, '0')}`;
