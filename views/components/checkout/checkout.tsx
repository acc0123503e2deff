import type { ReactNode } from 'react';
import { useApp, useT } from '../../app-context';
import { DonationForm } from './donation-form';
import { PaymentReturn } from './payment-return';
import type { CheckoutProps } from './types';

/**
 * The checkout (the /checkout page's island): choose a project and an amount, pay with Stripe's Payment Element (docs/behaviour.md §3 "Money").
 * Payments are enabled here: a site without them shows the setup screen instead (views/pages/checkout-page.tsx).
 * ?project=slug, ?amount=, ?currency= and ?interval= arrive already checked, as props, in the server's HTML and after hydration alike.
 */
export function Checkout(props: CheckoutProps) {
  const { projects, selectedProjectId, selectedAmountCents } = props;
  const { page } = useApp();
  // Read from the page payload (not window.location), so the server and the hydration agree.
  const query = new URLSearchParams(page.url.includes('?') ? page.url.slice(page.url.indexOf('?') + 1) : '');
  const returning = query.get('payment') === 'success' && /^pi_\w+$/.test(query.get('payment_intent') ?? '');

  return (
    <CheckoutFrame>
      {returning ? (
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
    </CheckoutFrame>
  );
}

/** The checkout's heading and lead, around the form or (views/pages/checkout-page.tsx) the setup screen. */
export function CheckoutFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <section className="section page-top checkout" aria-labelledby="checkout-heading">
      <div className="container">
        <header className="checkout-header">
          <p className="eyebrow">{t('checkout.eyebrow')}</p>
          <h1 id="checkout-heading">{t('checkout.title')}</h1>
          <p className="lead">{t('checkout.lead')}</p>
        </header>
        {children}
      </div>
    </section>
  );
}
