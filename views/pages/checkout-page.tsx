import CheckoutIsland from '../islands/checkout';
import { Checkout } from '../components/checkout/checkout';
import type { CheckoutProps } from '../components/checkout/types';

/**
 * /checkout: the donation form, an island that wakes as soon as the page has painted
 * (views/islands/checkout.tsx). A site without payments shows the bank details and the QR-bill
 * only: nothing there to wake, so it is plain HTML and the page loads no React.
 */
export default function CheckoutPage(props: CheckoutProps) {
  if (!props.paymentsEnabled) return <Checkout {...props} />;
  return <CheckoutIsland {...props} />;
}
