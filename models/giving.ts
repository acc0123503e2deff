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

/** A receipt's reference: the donation's id, readable on the phone and in a bank statement. */
export const donationReference = (donationId: number, year: number) => `D-${year}-${String(donationId).padStart(6, '0')}`;
