import { useApp, useT } from '../../app-context';
import { DonationForm } from './donation-form';
import { PaymentReturn } from './payment-return';
import { SetupRequired } from './setup-required';
import type { CheckoutProps } from './types';

/**
 * The checkout (the /checkout page's island): choose a project and an amount, pay with Stripe's Payment Element (docs/behaviour.md §3 "Money").
 * ?project=slug, ?amount=, ?currency= and ?interval= arrive already checked, as props, in the server's HTML and after hydration alike.
 */
export function Checkout(props: CheckoutProps) {
  const { projects, selectedProjectId, selectedAmountCents, paymentsEnabled } = props;
  const t = useT();
  const { page } = useApp();
  // Read from the page payload (not window.location), so the server and the hydration agree.
  const query = new URLSearchParams(page.url.includes('?') ? page.url.slice(page.url.indexOf('?') + 1) : '');
  const returning = paymentsEnabled && query.get('payment') === 'success' && /^pi_\w+$/.test(query.get('payment_intent') ?? '');

  return (
    <section className="section page-top checkout" aria-labelledby="checkout-heading">
      <div className="container">
        <header className="checkout-header">
          <p className="eyebrow">{t('checkout.eyebrow')}</p>
          <h1 id="checkout-heading">{t('checkout.title')}</h1>
          <p className="lead">{t('checkout.lead')}</p>
        </header>
        {!paymentsEnabled ? (
          <SetupRequired
            project={projects.find((p) => p.id === selectedProjectId) ?? null}
            fundraiser={props.fundraiser ?? null}
            amountCents={selectedAmountCents}
            currency={props.currency}
            referenceRequest={props.referenceRequest ?? null}
          />
        ) : returning ? (
          <PaymentReturn params={query} projectId={selectedProjectId} />
        ) : (
          // A new query (?project=..., ?amount=...) starts a fresh form.
          <DonationForm
            key={page.url}
            projects={projects}
            selectedProjectId={selectedProjectId}
            selectedAmountCents={selectedAmountCents}
            currency={props.currency}
            currencyFromLink={props.currencyFromLink}
            interval={props.interval}
            feeRates={props.feeRates}
            fundraiser={props.fundraiser ?? null}
          />
        )}
      </div>
    </section>
  );
}
