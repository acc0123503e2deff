import CheckoutIsland from '../islands/checkout';
import type { CheckoutProps } from '../components/checkout/types';

/** /checkout: the donation form, an island that wakes as soon as the page has painted (views/islands/checkout.tsx). */
export default function CheckoutPage(props: CheckoutProps) {
  return <CheckoutIsland {...props} />;
}
