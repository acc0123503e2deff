// Props of the checkout page, produced by controllers/checkout.ts (index).

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
  /** Both Stripe keys are configured; otherwise the page explains how else to donate. */
  paymentsEnabled: boolean;
}
