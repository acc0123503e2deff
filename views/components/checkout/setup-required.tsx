import { useEffect, useRef } from 'react';
import { Link } from '../link';
import { useApp, useLinks, useT } from '../../app-context';
import { Icon } from '../icons';
import { BankTransfer } from '../qr-bill';

/**
 * 'Donation System Setup Required': shown when online payments are not configured. When they are,
 * but the payment provider does not answer (no session, Stripe.js or its form failed to load), the
 * same screen says 'Payments are unavailable for a moment; please try again in a few minutes'
 * instead (`reason: 'unavailable'`): the site is not broken, the donor can try again. Either way the
 * donor still learns how to give: by e-mail, or by bank transfer with the details as text and the
 * Swiss QR-bill shown open.
 */
export function SetupRequired({
  onRetry,
  focusOnMount = false,
  reason = 'setup',
  project = null,
  fundraiser = null,
}: {
  onRetry?: () => void;
  focusOnMount?: boolean;
  reason?: 'setup' | 'unavailable';
  /** The project chosen on the checkout: the bill names it. */
  project?: { id: number; slug: string } | null;
  /** The fundraiser the gift is for (?fundraiser=): the bill names it instead. */
  fundraiser?: { id: number; slug: string } | null;
}) {
  const t = useT();
  const link = useLinks();
  const { site } = useApp();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // It replaced the form while the donor was using it: tell them where they are.
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const mailto = `mailto:${site.email}?subject=${encodeURIComponent(t('checkout.setup.emailSubject'))}`;
  return (
    <div className={`checkout-card setup-required setup-${reason}`} role="region" aria-labelledby="setup-required-heading">
      <h2 id="setup-required-heading" ref={heading} tabIndex={-1}>
        {reason === 'unavailable' ? t('checkout.unavailable.title') : t('checkout.setup.title')}
      </h2>
      <p>{reason === 'unavailable' ? t('checkout.unavailable.text') : t('checkout.setup.text')}</p>
      <ul className="setup-ways">
        <li>
          <Icon name="mail" />
          <span>
            {t('checkout.setup.email')}{' '}
            <a href={mailto}>{site.email}</a>
          </span>
        </li>
        <li>
          <Icon name="heart" />
          <span>{t('checkout.setup.bank')}</span>
        </li>
      </ul>
      <section className="setup-bank" aria-labelledby="setup-bank-heading">
        <h3 id="setup-bank-heading">{t('checkout.setup.bankHeading')}</h3>
        <BankTransfer billOpen project={project} fundraiser={fundraiser} />
      </section>
      <div className="checkout-actions">
        <a className="btn btn-primary" href={mailto}>
          <Icon name="mail" size={18} /> {t('checkout.setup.writeUs')}
        </a>
        {onRetry && (
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            {t('checkout.setup.retry')}
          </button>
        )}
        <Link to={link('home')} className="btn btn-outline">
          {t('common.backToHome')}
        </Link>
      </div>
    </div>
  );
}
