// The Donations screen: the ledger of donations (filters, pages, each gift's refunds and disputes),
// totals per project, month and currency, the monthly donors, the CSV export of a filter, and the
// yearly donation certificates (how many donors a year has, send them all, follow the run).
import { useT } from '../../app-context';
import { PersonDataPanel } from '../widgets/person-data-panel';
import { BankPanel } from './bank-panel';
import { LedgerPanel } from './ledger-panel';
import { MonthlyPanel } from './monthly-panel';
import { CertificatesPanel } from './certificates-panel';

export function DonationsTab({ onChanged }: { onChanged?: () => void }) {
  const t = useT();
  return (
    <section className="don-tab" aria-labelledby="don-heading">
      <h2 id="don-heading">{t('admin.donations.title')}</h2>
      <p className="muted">{t('admin.donations.intro')}</p>
      <LedgerPanel onChanged={onChanged} />
      <BankPanel onChanged={onChanged} />
      <MonthlyPanel />
      <CertificatesPanel onChanged={onChanged} />
      <PersonDataPanel />
    </section>
  );
}

export default DonationsTab;
