// The Donations screen: the ledger of donations (filters, pages, each gift's refunds and disputes),
// totals per project, month and currency, the bank's statements, the monthly donors, the CSV
// export of a filter, the books' exchange rates, and the yearly donation certificates (how many donors a year has, send them
// all, follow the run). What it first shows is the screen loader's
// (controllers/admin/screens/donations.ts); each panel asks the API only for what changes.
import { useT } from '../../app-context';
import type { DonationPage, MonthlyOverview } from '../../../models/giving/donations-admin';
import type { UnmatchedCredit } from '../../../models/giving/bank-import';
import type { StatementDetail, StatementSummary } from '../../../models/giving/bank-statement';
import { PersonDataPanel } from '../widgets/person-data-panel';
import { BankPanel, type ProjectOption } from './bank-panel';
import { LedgerPanel } from './ledger-panel';
import { MonthlyPanel } from './monthly-panel';
import { CertificatesPanel, type CertificateOverview } from './certificates-panel';
import { RatesPanel } from './rates-panel';
import type { RatesOverview } from '../../../models/giving/rates';
import { OfflinePanel } from './offline-panel';
import type { BookedGift } from '../../../models/giving/offline';
import type { AdminFlash } from '../lib/flash';
import type { SupportersView } from '../../../models/giving/supporters';
import type { ChartView } from '../../../models/giving/accounts';
import { SupportersPanel } from './supporters-panel';
import { JournalPanel } from './journal-panel';
import { AccountsPanel } from './accounts-panel';
import { AtRiskPanel } from './at-risk-panel';
import type { AtRiskGift } from '../../../models/giving/recovery';

/** The supporters, the journal's default period and the chart of accounts (the screen's loader). */
export interface BooksData {
  supporters: SupportersView;
  chart: ChartView;
  projects: { slug: string; title: string; titleDe: string | null }[];
  period: { from: string; to: string };
  bookCurrency: string;
}

export interface DonationsTabProps {
  ledger: DonationPage;
  monthly: MonthlyOverview;
  certificates: CertificateOverview;
  bank: { unmatched: UnmatchedCredit[]; projects: ProjectOption[]; statements?: StatementSummary[]; statement?: StatementDetail | null };
  /** The books' exchange rates and the gifts waiting for one. */
  rates: RatesOverview;
  /** The latest bank and offline gifts (reverse, donor details). */
  booked?: BookedGift[];
  books?: BooksData;
  /** The regular gifts at risk (failed, past due, unpaid, card ending). */
  atRisk?: AtRiskGift[];
  flash?: AdminFlash | null;
  onChanged?: () => void;
}

export function DonationsTab({ ledger, monthly, certificates, bank, rates, booked, books, atRisk, flash = null, onChanged }: DonationsTabProps) {
  const t = useT();
  return (
    <section className="don-tab" aria-labelledby="don-heading">
      <h2 id="don-heading">{t('admin.donations.title')}</h2>
      <p className="muted">{t('admin.donations.intro')}</p>
      <LedgerPanel initial={ledger} onChanged={onChanged} />
      <BankPanel unmatched={bank.unmatched} projects={bank.projects} statements={bank.statements ?? []} statement={bank.statement ?? null} onChanged={onChanged} />
      <OfflinePanel initial={booked ?? []} projects={bank.projects} flash={flash ?? null} onChanged={onChanged} />
      <RatesPanel initial={rates} flash={flash} onChanged={onChanged} />
      <MonthlyPanel data={monthly} />
      {atRisk && <AtRiskPanel gifts={atRisk} />}
      <CertificatesPanel initial={certificates} onChanged={onChanged} />
      {books && <SupportersPanel data={books.supporters} />}
      {books && <JournalPanel from={books.period.from} to={books.period.to} bookCurrency={books.bookCurrency} />}
      {books && <AccountsPanel chart={books.chart} projects={books.projects} flash={flash} />}
      <PersonDataPanel />
    </section>
  );
}

export default DonationsTab;
