import type { ReactNode } from 'react';
import { useApp, useLang, useT } from '../app-context';
import { localizePath } from '../../models/shared/urls';
import { formatIban, formatReference, isQrBillCurrency, QR_BILL_REFERENCE, qrBillAccountProblem, qrBillQuery, scorReference } from '../../models/shared/qr-bill-rules';
import { formatAmount } from '../../models/shared/donation-rules';

/**
 * The charity's bank details as text (account holder, IBAN, reference, bank, BIC) and, when the
 * account can carry one, the Swiss QR-bill: a picture served by /qr-bill.svg (about 4 KB
 * compressed, fetched only when the donor opens the bill, or lazily when it is shown open) and the
 * PDF to download. `extra` adds rows to the list (the contact page names the bank's town). With a
 * `project` the reference and the bill are that project's (RF.. P<id>: the bank's file brings it
 * back and the transfer is credited to the project). With `amountCents` in CHF or EUR the bill and
 * its PDF carry the amount chosen on the checkout; in another currency (USD) they carry none, and
 * a sentence says why.
 */
export function BankTransfer({
  billOpen = false,
  extra,
  project,
  fundraiser,
  amountCents = null,
  currency = null,
}: {
  billOpen?: boolean;
  extra?: ReactNode;
  project?: { id: number; slug: string } | null;
  fundraiser?: { id: number; slug: string } | null;
  /** The amount chosen on the checkout (cents of `currency`), if any. */
  amountCents?: number | null;
  currency?: string | null;
}) {
  const t = useT();
  const lang = useLang();
  const { site } = useApp();
  const iban = formatIban(site.iban);
  // A fundraiser's gift names the fundraiser (RF.. F<id>, which names its project), a project's the project.
  const reference = formatReference(fundraiser ? scorReference(`F${fundraiser.id}`) : project ? scorReference(`P${project.id}`) : QR_BILL_REFERENCE);
  const billQuery = qrBillQuery({ projectSlug: project?.slug, fundraiserSlug: fundraiser?.slug, amountCents, currency });
  const hasBill = qrBillAccountProblem(site.iban) === null;
  // A Swiss QR-bill is in CHF or EUR: an amount in another currency is left for the donor to enter.
  const billAmount = amountCents && currency && isQrBillCurrency(currency) ? formatAmount(amountCents, currency, lang, 2) : null;
  const noAmount = Boolean(amountCents && currency && !isQrBillCurrency(currency));
  return (
    <div className="bank-transfer">
      <dl className="bank-details">
        <div>
          <dt>{t('bankTransfer.holder')}</dt>
          <dd>{`${site.legalName}, ${site.address.street}, ${site.address.postcode} ${site.address.town}`}</dd>
        </div>
        <div>
          <dt>{t('bankTransfer.iban')}</dt>
          <dd className="mono">{iban}</dd>
        </div>
        {billAmount && (
          <div>
            <dt>{t('bankTransfer.amount')}</dt>
            <dd className="mono">{billAmount}</dd>
          </div>
        )}
        {hasBill && (
          <div>
            <dt>{t('bankTransfer.reference')}</dt>
            <dd className="mono">{reference}</dd>
          </div>
        )}
        <div>
          <dt>{t('bankTransfer.bank')}</dt>
          <dd>{site.bank}</dd>
        </div>
        {extra}
        <div>
          <dt>{t('bankTransfer.bic')}</dt>
          <dd className="mono">{site.bic}</dd>
        </div>
      </dl>
      {hasBill && (
        <>
          <details className="qr-bill" open={billOpen}>
            <summary>{t('bankTransfer.showBill')}</summary>
            <p>{billAmount ? t('bankTransfer.scanHintAmount') : t('bankTransfer.scanHint')}</p>
            {noAmount && <p className="qr-bill-no-amount">{t('bankTransfer.noAmountCurrency', { currency: currency!.toUpperCase() })}</p>}
            <img
              className="qr-bill-image"
              src={localizePath('/qr-bill.svg', lang) + billQuery}
              alt={billAmount ? t('bankTransfer.billAltAmount', { name: site.legalName, iban, reference, amount: billAmount }) : t('bankTransfer.billAlt', { name: site.legalName, iban, reference })}
              width={794}
              height={397}
              loading="lazy"
              decoding="async"
            />
          </details>
          <p className="qr-bill-download">
            <a href={localizePath('/qr-bill.pdf', lang) + billQuery} type="application/pdf" download>
              {t('bankTransfer.download')}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
