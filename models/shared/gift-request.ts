// What the checkout sends the server: the bodies of POST /api/create-payment-intent and
// /api/payment-details, and the limits the server's schemas (models/giving/checkout.ts,
// models/giving/tribute.ts) check them by, so the form's fields end where the server's do.
import type { DonationCurrency, DonationInterval } from './donation-rules';
import type { FeeMethod } from './fees';

/** The longest e-mail address the server takes (the donor's and a tribute card's). */
export const EMAIL_MAX_LENGTH = 254;
/** The longest donor's name the server takes (it goes on the certificate). */
export const DONOR_NAME_MAX_LENGTH = 200;
/** The longest name a gift may be shown under on the project's page. */
export const PUBLIC_NAME_MAX_LENGTH = 60;
/** The longest name in a dedication (the person honoured, a card's recipient). */
export const TRIBUTE_NAME_MAX_LENGTH = 80;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What an e-mail address must look like before the form sends it (the server checks it again). */
export const looksLikeEmail = (value: string): boolean => EMAIL_PATTERN.test(value) && value.length <= EMAIL_MAX_LENGTH;

/** In honour or in memory of someone, with an optional card (models/giving/tribute.ts). */
export interface TributeRequest {
  kind: 'honour' | 'memory';
  name: string;
  notify?: { email: string; name: string; language: 'en' | 'de'; sendOn: string };
}

/** What the page asks the server for (POST /api/create-payment-intent): a one-off PaymentIntent, or a monthly gift's first payment. */
export interface IntentRequest {
  /** Major units of `currency`, e.g. 50 or 25.5. */
  amount: number;
  currency: DonationCurrency;
  interval: DonationInterval;
  projectId: number | null;
  language: 'en' | 'de';
  checkoutId: string;
  /** Asked for at once for a monthly gift (made when the donor gives); a one-off gift's comes with the gift's details. */
  email?: string;
  name?: string;
  /** Add the fee of `paymentMethod` (the card's by default) to the gift (models/shared/fees.ts). */
  coverFees?: boolean;
  paymentMethod?: FeeMethod;
  /** The name to be shown under on the project's page; absent: anonymous. */
  publicName?: string;
  tribute?: TributeRequest;
  /** Mail the donor the project's news. */
  followProject?: boolean;
  /** A supporter's fundraiser the gift counts to. */
  fundraiserId?: number;
  /** The page the giver came from (models/shared/source.ts). */
  source?: string;
}

/** POST /api/payment-details: who gives a one-off gift, sent just before it is confirmed. */
export interface GiftDetailsRequest {
  clientSecret: string;
  email: string;
  name?: string;
  publicName?: string;
  language?: 'en' | 'de';
  tribute?: TributeRequest;
  followProject?: boolean;
  paymentMethod?: FeeMethod;
}
