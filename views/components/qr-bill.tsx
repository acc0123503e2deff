import type { ReactNode } from 'react';
import { useApp, useLang, useT } from '../app-context';
import { localizePath } from '../../models/shared/urls';
import { formatIban, formatReference, QR_BILL_REFERENCE, qrBillAccountProblem, scorReference } from '../../models/shared/qr-bill-rules';

/**
 * The charity's bank details as text (account holder, IBAN, reference, bank, BIC) and, when the
 * account can carry one, the Swiss QR-bill: a picture served by /qr-bill.svg (about 4 KB
 * compressed, fetched only when the donor opens the bill, or lazily when it is shown open) and the
 * PDF to download. `extra` adds rows to the list (the contact page names the bank's town). With a
 * `project` the reference and the bill are that project's (RF.. P<id>: the bank's file brings it
 * back and the transfer is credited to the project); its bill is the picture only.
 */
export function BankTransfer({ billOpen = false, extra, project, fundraiser }: { billOpen?: boolean; extra?: ReactNode; project?: { id: number; slug: string } | null; fundraiser?: { id: number; slug: string } | null }) {
  const t = useT();
  const lang = useLang();
  const { site } = useApp();
  const iban = formatIban(site.iban);
  // A fundraiser's gift names the fundraiser (RF.. F<id>, which names its project), a project's the project.
  const reference = formatReference(fundraiser ? scorReference(`F${fundraiser.id}`) : project ? scorReference(`P${project.id}`) : QR_BILL_REFERENCE);
  const billQuery = fundraiser ? `?fundraiser=${encodeURIComponent(fundraiser.slug)}` : project ? `?project=${encodeURIComponent(project.slug)}` : '';
  const hasBill = qrBillAccountProblem(site.iban) === null;
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
            <p>{t('bankTransfer.scanHint')}</p>
            <img
              className="qr-bill-image"
              src={localizePath('/qr-bill.svg', lang) + billQuery}
              alt={t('bankTransfer.billAlt', { name: site.legalName, iban, reference })}
              width={794}
              height={397}
              loading="lazy"
              decoding="async"
            />
          </details>
          {!project && (
          <p className="qr-bill-download">
            <a href={localizePath('/qr-bill.pdf', lang)} type="application/pdf" download>
              {t('bankTransfer.download')}
            </a>
          </p>
          )}
        </>
      )}
    </div>
  );
}
