// Props of the checkout page, produced by controllers/checkout.ts (index).
import type { DonationCurrency, DonationInterval } from '../../../models/shared/donation-rules';
import type { FeeTable } from '../../../models/shared/fees';

/** What the checkout shows of a project: already in the page's language, nothing more. */
export interface CheckoutProject {
  id: number;
  slug: string;
  title: string;
  description: string;
  raisedAmount: string;
  goalAmount: string;
}

export interface CheckoutProps {
  projects: CheckoutProject[];
  /** Pre-selected by ?project=slug; null = General Support. */
  selectedProjectId: number | null;
  /** Pre-selected by ?amount=dollars, in cents (a preset or the custom amount); null = the default preset. */
  selectedAmountCents: number | null;
  /** ?currency= when it names one, else what the page's language suggests (CHF in German, USD in English). */
  currency: DonationCurrency;
  /** The address chose the currency (?currency=): a choice remembered in the browser does not override it. */
  currencyFromLink: boolean;
  /** ?interval=month opens the form on the monthly gift; 'once' otherwise. */
  interval: DonationInterval;
  /** Both Stripe keys are configured; otherwise the page explains how else to donate. */
  paymentsEnabled: boolean;
  /** What covering the fees adds, per method and currency (FEE_RATES). */
  feeRates: FeeTable;
  /** ?fundraiser=slug of an open fundraiser: the gift counts to it, for its project, in its currency. */
  fundraiser?: CheckoutFundraiser | null;
  /** The "send me my reference" form posted without JavaScript and refused (the page shown again with its message). */
  referenceRequest?: ReferenceRequestState | null;
}

/** A refused "send me my reference" (standing-order.tsx): why, and the address typed. */
export interface ReferenceRequestState {
  error: 'emailRequired' | 'emailInvalid' | 'rate';
  email: string;
}

/** A supporter's fundraiser the gift is given through. */
export interface CheckoutFundraiser {
  id: number;
  slug: string;
  title: string;
  ownerName: string | null;
  currency: DonationCurrency;
  projectId: number;
}
