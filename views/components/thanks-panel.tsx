import { useEffect, useRef, useState } from 'react';
import { useApp, useLang, useLinks, useT } from '../app-context';
import { formatAmount, isRegularInterval, REGULAR_INTERVALS } from '../../models/shared/donation-rules';
import { forgetThanks, readThanks, type Thanks } from './checkout/thanks-store';
import { paymentReference } from './checkout/api';
import { ShareButton } from './share-button';
import { Icon } from './icons';

/** When to ask again for the reference: the webhook that records the gift may follow the payment by a few seconds. */
const ASK_AFTER_MS = [0, 1500, 3000, 6000, 12000];

/** The checkout with the same gift filled in, for each regular interval (the thank-you's "make it regular"). */
export function regularOffer(checkout: string, cents: number, currency: string, projectSlug: string | null) {
  return REGULAR_INTERVALS.map((interval) => {
    const query = new URLSearchParams({ amount: cents % 100 ? (cents / 100).toFixed(2) : String(cents / 100), currency });
    if (projectSlug) query.set('project', projectSlug);
    query.set('interval', interval);
    return { interval, href: `${checkout}?${query}` };
  });
}

/**
 * The home page after a gift (the spec's toast and return home stay): what was given, the gift's
 * reference, where the receipt goes, the manage link and a way to share, until the donor closes
 * it. The server renders nothing here; the browser shows it when this tab has just given
 * (views/components/checkout/thanks-store.ts), which also wakes it at once (views/island-loader.ts).
 */
export function ThanksPanel() {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  const { site } = useApp();
  const [thanks, setThanks] = useState<Thanks | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => setThanks(readThanks()), []);

  useEffect(() => {
    if (!thanks) return;
    // The donor arrives here from the payment: the panel (at the top of the page) is what the page
    // is about now; the focus goes to it without moving the page under the sticky header.
    heading.current?.focus({ preventScroll: true });
    const controller = new AbortController();
    void (async () => {
      for (const wait of ASK_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (controller.signal.aborted) return;
        try {
          const { reference: found } = await paymentReference(thanks.paymentIntentId, controller.signal);
          if (found) return setReference(found);
        } catch {
          if (controller.signal.aborted) return;
        }
      }
      setGaveUp(true);
    })();
    return () => controller.abort();
  }, [thanks]);

  if (!thanks) return null;
  const amount = thanks.amountCents !== null ? formatAmount(thanks.amountCents, thanks.currency, lang) : null;
  const monthly = isRegularInterval(thanks.interval);
  const what = monthly
    ? amount
      ? t(`thanks.regular.${thanks.interval}`, { amount })
      : t(`thanks.regularPlain.${thanks.interval}`)
    : amount
      ? t('thanks.oneOff', { amount })
      : t('thanks.oneOffPlain');
  const close = () => {
    forgetThanks();
    setThanks(null);
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // A one-off gift that went through (not a bank's payment confirmed later): the same gift, regularly, in one step.
  const giftCents = thanks.giftCents ?? thanks.amountCents;
  const regular = !monthly && !thanks.processing && giftCents ? regularOffer(link('checkout'), giftCents, thanks.currency, thanks.projectSlug ?? null) : null;

  return (
    <section className="section thanks-panel" aria-labelledby="thanks-heading">
      <div className="container">
        <div className="thanks-card">
          <h2 id="thanks-heading" ref={heading} tabIndex={-1}>
            <Icon name="heart" /> {t('thanks.title')}
          </h2>
          <p className="thanks-what">
            {what}
            {thanks.projectName ? ` ${t('thanks.forProject', { project: thanks.projectName })}` : ''}
          </p>
          <dl className="thanks-facts">
            <div>
              <dt>{t('thanks.reference')}</dt>
              <dd>{reference ?? (gaveUp ? t('thanks.referenceLater') : t('thanks.referenceLoading'))}</dd>
            </div>
            {amount && (
              <div>
                <dt>{t('thanks.amount')}</dt>
                <dd>{monthly ? t(`thanks.per.${thanks.interval}`, { amount }) : amount}</dd>
              </div>
            )}
          </dl>
          <p>
            {thanks.processing
              ? t('thanks.receiptWhenConfirmed')
              : thanks.email
                ? t('thanks.receipt', { email: thanks.email })
                : t('thanks.receiptNoEmail')}
          </p>
          {regular && (
            <div className="thanks-regular" role="group" aria-labelledby="thanks-regular-heading">
              <h3 id="thanks-regular-heading">{t('thanks.offer.title')}</h3>
              <p>{t('thanks.offer.lead', { amount: formatAmount(giftCents!, thanks.currency, lang) })}</p>
              <ul className="thanks-regular-choices">
                {regular.map(({ interval, href }) => (
                  <li key={interval}>
                    <a className="btn btn-outline" href={href}>
                      {t(`thanks.offer.${interval}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p>
            {t('thanks.manageLead')} <a href={link('donorManage')}>{t('thanks.manage')}</a>
          </p>
          <div className="thanks-actions">
            <ShareButton
              title={site.name}
              text={t('thanks.shareText', { name: site.name })}
              url={origin + link('checkout')}
              label={t('thanks.share')}
              className="btn btn-outline"
            />
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('thanks.close')}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
