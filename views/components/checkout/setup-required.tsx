import { useEffect, useRef } from 'react';
import { Link } from '../link';
import { useApp, useLinks, useT } from '../../app-context';
import { Icon } from '../icons';
import { BankTransfer } from '../qr-bill';
import { StandingOrder } from './standing-order';
import type { ReferenceRequestState } from './types';

/**
 * 'Donation System Setup Required': shown when online payments are not configured. When they are,
 * but the payment provider does not answer (no session, Stripe.js or its form failed to load), the
 * same screen says 'Payments are unavailable for a moment; please try again in a few minutes'
 * instead (`reason: 'unavailable'`): the site is not broken, the donor can try again. Either way the
 * donor still learns how to give: by e-mail, or by bank transfer with the details as text and the
 * Swiss QR-bill shown open, with the amount and the project the donor chose; and, for a regular gift,
 * how to set up a standing order with their own reference (standing-order.tsx).
 */
export function SetupRequired({
  onRetry,
  focusOnMount = false,
  reason = 'setup',
  project = null,
  fundraiser = null,
  amountCents = null,
  currency = null,
  referenceRequest = null,
}: {
  onRetry?: () => void;
  focusOnMount?: boolean;
  reason?: 'setup' | 'unavailable';
  /** The project chosen on the checkout: the bill names it. */
  project?: { id: number; slug: string } | null;
  /** The fundraiser the gift is for (?fundraiser=): the bill names it instead. */
  fundraiser?: { id: number; slug: string } | null;
  /** The amount chosen (on the link or in the form before payments failed), in cents of `currency`. */
  amountCents?: number | null;
  currency?: string | null;
  /** The "send me my reference" form, refused without JavaScript. */
  referenceRequest?: ReferenceRequestState | null;
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
        <BankTransfer billOpen project={project} fundraiser={fundraiser} amountCents={amountCents} currency={currency} />
      </section>
      <StandingOrder request={referenceRequest} back={backQuery({ project, fundraiser, amountCents, currency })} />
      <p className="manage-line setup-manage">
        {t('checkout.manageLead')} <Link to={link('donorManage')}>{t('checkout.manageLink')}</Link>
      </p>
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

/** What the no-JavaScript reference form carries back to this page: the gift chosen. */
function backQuery(gift: { project: { slug: string } | null; fundraiser: { slug: string } | null; amountCents: number | null; currency: string | null }): Record<string, string> {
  const back: Record<string, string> = {};
  if (gift.fundraiser) back.fundraiser = gift.fundraiser.slug;
  else if (gift.project) back.project = gift.project.slug;
  if (gift.amountCents) back.amount = (gift.amountCents / 100).toFixed(2);
  if (gift.currency) back.currency = gift.currency;
  return back;
}
