import CheckoutIsland from '../islands/checkout';
import { CheckoutFrame } from '../components/checkout/checkout';
import { SetupRequired } from '../components/checkout/setup-required';
import type { CheckoutProps } from '../components/checkout/types';

/**
 * /checkout: the donation form, an island that wakes as soon as the page has painted
 * (views/islands/checkout.tsx). A site without payments shows the bank details and the QR-bill
 * only: nothing there to wake, so it is plain HTML and the page loads no React.
 */
export default function CheckoutPage(props: CheckoutProps) {
  if (!props.paymentsEnabled) {
    return (
      <CheckoutFrame>
        <SetupRequired
          project={props.projects.find((p) => p.id === props.selectedProjectId) ?? null}
          fundraiser={props.fundraiser ?? null}
          amountCents={props.selectedAmountCents}
          currency={props.currency}
          referenceRequest={props.referenceRequest ?? null}
        />
      </CheckoutFrame>
    );
  }
  return <CheckoutIsland {...props} />;
}
