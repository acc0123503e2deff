// The 'payments unavailable' screen inside the card checkout, loaded only when it is needed: a
// one-off gift's checkout does not carry the bank details, the QR-bill and the standing-order form
// it almost never shows (their code is a chunk of its own, fetched from this site when Stripe fails).
// Should that chunk not arrive either (the connection dropped), a short note with the same words
// and a retry stands in for it.
import { lazy, Suspense, type ComponentProps } from 'react';
import { useT } from '../../app-context';
import type { SetupRequired as SetupRequiredScreen } from './setup-required';

type Props = ComponentProps<typeof SetupRequiredScreen>;

function Offline({ onRetry }: Props) {
  const t = useT();
  return (
    <div className="checkout-card setup-required setup-unavailable" role="region" aria-labelledby="setup-required-heading">
      <h2 id="setup-required-heading" tabIndex={-1}>
        {t('checkout.unavailable.title')}
      </h2>
      {onRetry && (
        <div className="checkout-actions">
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            {t('checkout.setup.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

const Screen = lazy(() =>
  import('./setup-required').then(
    (m) => ({ default: m.SetupRequired }),
    () => ({ default: Offline }),
  ),
);

export function SetupRequiredLater(props: Props) {
  const t = useT();
  return (
    <Suspense fallback={<p role="status" className="checkout-card">{t('checkout.unavailable.title')}</p>}>
      <Screen {...props} />
    </Suspense>
  );
}
