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
  /** Both Stripe keys are configured; otherwise the page explains how else to donate. */
  paymentsEnabled: boolean;
}
