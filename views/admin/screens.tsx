// The admin's screens: one route each (views/admin-routes.tsx), at /admin/<name> (the dashboard at
// /admin), each with its own loader on the server (controllers/admin/screens/) whose data is the
// route's: rendered into the page on the first load, asked for as JSON when the admin moves to the
// screen. The frame around them (views/admin/frame.tsx) hands each screen who is signed in, the
// outcome of the last form post and the Activity panel's refresh.
import { useLoaderData, useOutletContext } from 'react-router-dom';
import type { ComponentType } from 'react';
import type { AdminTab } from '../../models/shared/admin-rules';
import type { MediaItem } from '../../models/shared/media-rules';
import type { AdminIdentity } from '../../models/people/user';
import type { DashboardView } from '../../models/site/stats';
import type { TranslationsView } from '../../models/shared/translation-rules';
import type { NewsArticle, PageContent, Project, TeamMember } from '../../models/shared/rules';
import type { NewsSummary } from '../../models/content/news';
import type { Person } from '../../models/people/people';
import type { DonationPage, MonthlyOverview } from '../../models/giving/donations-admin';
import type { UnmatchedCredit } from '../../models/giving/bank-import';
import type { PagePayload } from '../types';
import type { AdminFlash } from './lib/flash';
import type { ListQuery } from './lib/list-tools';
import type { PageTextsCatalog } from './content/page-texts-fields';
import type { SpendingInitial } from './content/spending-section';
import type { HistoryProps } from './content/revisions-panel';
import type { TrashProps } from './content/trash-link';
import type { MediaUse } from '../../models/media/usage';
import type { GlossaryTermView } from './glossary/glossary-panel';
import type { ImpactPanelData } from './dashboard/impact-panel';
import type { AdminFundraiser } from './fundraisers/fundraisers-tab';
import type { EntityName } from './lib/fields';
import type { NewsletterStatus } from './newsletter/types';
import type { CampaignSummary } from './newsletter/sends-panel';
import type { SubscriberList } from './newsletter/subscribers-panel';
import type { MailHealth } from '../../models/site/mail-health';
import type { CertificateOverview } from './donations/certificates-panel';
import type { AccountView } from './people/people-tab';
import { ContentTab } from './content/content-tab';
import { MediaTab } from './media/media-tab';
import { NewsletterTab } from './newsletter/newsletter-tab';
import { SocialMediaTab } from './social/social-media-tab';
import { DonationsTab, type BooksData, type DonationsTabProps } from './donations/donations-tab';
import type { RatesOverview } from '../../models/giving/rates';
import type { BookedGift } from '../../models/giving/offline';
import { FundraisersTab } from './fundraisers/fundraisers-tab';
import { DashboardTab } from './dashboard/dashboard-tab';
import { TranslationsTab } from './translations/translations-tab';
import { GlossaryPanel } from './glossary/glossary-panel';
import { PeopleTab } from './people/people-tab';
import { TrashScreen, type TrashScreenData } from './trash/trash-screen';

/** What the frame gives every screen (React Router's outlet context). */
export interface ScreenEnv {
  admin: AdminIdentity;
  /** The outcome of the form post that led here, on the screen the page opened on (null after a move). */
  flash: AdminFlash | null;
  /** Something changed: the Activity panel reloads. */
  onChanged: () => void;
}

type ProjectOption = { id: number; title: string; titleDe: string };
/** A content screen's item (news in the list without their bodies). */
type ContentItem = Project | NewsSummary | NewsArticle | TeamMember | PageContent;

export interface DashboardScreenProps {
  /** The numbers of the range in the address (?from=&to=), or of the default range. */
  dashboard: DashboardView;
  /** The yearly impact report's introductions, and the year open (?impactYear=). */
  impact: ImpactPanelData;
}

export interface ContentScreenProps {
  /** The list (news without their bodies). */
  items: ContentItem[];
  /** ?new=1 / ?edit=<id>: the inline form is open (the way without JavaScript, and a link to a field). */
  form: { id: number | null; item: ContentItem | null } | null;
  /** ?delete=<id>: the inline delete confirmation is open. */
  confirmDelete: number | null;
  /** Projects, News and Team: search, sort and filters from the address (?q=&sort=&state=...). */
  listQuery: ListQuery | null;
  /** News: the projects an article can belong to. */
  projectOptions: ProjectOption[] | null;
  /** The edited item's revisions, and the one to compare (?revision=<id>). */
  history: HistoryProps | null;
  /** How many items of the screen's kind are in the trash (its link to the Trash screen says it). */
  trash: TrashProps | null;
  /** Pages with the form open: the texts of the form's page and their built-in copy. */
  pageTexts: PageTextsCatalog | null;
  /** Projects with an existing project's form open: its spending records. */
  spending: SpendingInitial | null;
}

export interface MediaScreenProps {
  items: MediaItem[];
  /** The filter in the address (?category=&q=). */
  filter: { category: string; q: string };
  confirmDelete: number | null;
  /** With the delete's question: where the content still shows that file (null: no question). */
  deleteUsage: MediaUse[] | null;
  /** ?edit=<id>: the details form of that file. */
  edit: number | null;
}

/** The Trash screen: every kind's deleted items, or those of the kind in the address (?kind=). */
export type TrashScreenProps = TrashScreenData;

export interface FundraisersScreenProps {
  /** Pending first, with their progress. */
  items: AdminFundraiser[];
  projectOptions: ProjectOption[];
}

export interface TranslationsScreenProps {
  /** The states of the filter in the address (?state=&entity=&language=). */
  translations: TranslationsView;
}

export interface GlossaryScreenProps {
  items: GlossaryTermView[];
  /** The term whose form is open (?edit=<id>), and whose delete is asked (?delete=<id>). */
  edit: number | null;
  confirmDelete: number | null;
}

export interface NewsletterScreenProps {
  /** What a newsletter can hold: the public articles (without their bodies) and projects. */
  news: NewsSummary[];
  projects: Project[];
  /** The mailing and the assistant behind the builder, who reads each edition, where a test goes. */
  status: NewsletterStatus;
  /** The newest campaigns with their progress. */
  campaigns: CampaignSummary[];
  /** The subscribers without a filter, and the counts. */
  subscribers: SubscriberList;
  /** The Sending health panel's check when the address asks for it (?sending=check), else null. */
  sendingHealth: MailHealth | null;
}

export interface SocialScreenProps {
  /** What a post can be about: the public projects and articles (without their bodies). */
  projects: Project[];
  news: NewsSummary[];
  assistant: 'openai' | 'templates';
}

/** Treasurers' and admins' only (the route is refused to an editor). */
export interface DonationsScreenProps {
  /** The ledger's first page without a filter, with the totals. */
  ledger: DonationPage;
  monthly: MonthlyOverview;
  /** Last year's certificates: how many donors, and the runs so far. */
  certificates: CertificateOverview;
  /** The bank credits waiting for a person, and the projects one can be assigned to. */
  bank: DonationsTabProps['bank'];
  /** The books' exchange rates and the gifts waiting for one. */
  rates: RatesOverview;
  /** The latest bank and offline gifts (reverse, donor details). */
  booked: BookedGift[];
  /** The supporters, the journal's period and the chart of accounts. */
  books?: BooksData;
  /** The regular gifts at risk (models/giving/recovery.ts listAtRisk). */
  atRisk?: DonationsTabProps['atRisk'];
}

export interface PeopleScreenProps {
  /** One's own account: role, passkeys, sessions. */
  account: AccountView;
  /** The people, for an admin; null for the roles that do not manage them. */
  people: Person[] | null;
}

/** Each screen's data, by name: the loaders on the server return these (controllers/admin/screens/). */
export interface ScreenProps {
  dashboard: DashboardScreenProps;
  projects: ContentScreenProps;
  news: ContentScreenProps;
  team: ContentScreenProps;
  pages: ContentScreenProps;
  media: MediaScreenProps;
  newsletter: NewsletterScreenProps;
  social: SocialScreenProps;
  donations: DonationsScreenProps;
  fundraisers: FundraisersScreenProps;
  glossary: GlossaryScreenProps;
  translations: TranslationsScreenProps;
  trash: TrashScreenProps;
  people: PeopleScreenProps;
}

/** A screen's route component: its loader's data (the route's) and what the frame gives (the outlet context). */
function screen<P>(View: ComponentType<{ data: P; env: ScreenEnv }>): ComponentType {
  return function ScreenRoute() {
    const page = useLoaderData<PagePayload<P>>();
    const env = useOutletContext<ScreenEnv>();
    return <View data={page.props} env={env} />;
  };
}

function contentScreen(name: EntityName): ComponentType {
  return screen<ContentScreenProps>(({ data, env }) => (
    <ContentTab
      name={name}
      initialItems={data.items}
      initialForm={data.form}
      initialConfirm={data.confirmDelete}
      projectOptions={data.projectOptions}
      flash={env.flash}
      initialQuery={data.listQuery}
      onChanged={env.onChanged}
      initialHistory={data.history}
      initialTrash={data.trash}
      initialSpending={data.spending}
    />
  ));
}

/** Each screen's route component, by name (views/admin-routes.tsx). */
export const SCREEN_ROUTES: Record<AdminTab, ComponentType> = {
  dashboard: screen<DashboardScreenProps>(({ data, env }) => <DashboardTab initial={data.dashboard} impact={data.impact} flash={env.flash} onChanged={env.onChanged} />),
  projects: contentScreen('projects'),
  news: contentScreen('news'),
  team: contentScreen('team'),
  pages: contentScreen('pages'),
  media: screen<MediaScreenProps>(({ data, env }) => (
    <MediaTab
      initialItems={data.items}
      initialFilter={data.filter}
      initialConfirm={data.confirmDelete}
      initialUsage={data.deleteUsage}
      initialEdit={data.edit}
      flash={env.flash}
      failedEdit={env.flash?.form?.tab === 'media' ? env.flash.form : null}
      onChanged={env.onChanged}
    />
  )),
  newsletter: screen<NewsletterScreenProps>(({ data }) => <NewsletterTab {...data} />),
  social: screen<SocialScreenProps>(({ data }) => <SocialMediaTab {...data} />),
  donations: screen<DonationsScreenProps>(({ data, env }) => <DonationsTab {...data} flash={env.flash} onChanged={env.onChanged} />),
  fundraisers: screen<FundraisersScreenProps>(({ data, env }) => <FundraisersTab initialItems={data.items} projectOptions={data.projectOptions} onChanged={env.onChanged} />),
  glossary: screen<GlossaryScreenProps>(({ data, env }) => <GlossaryPanel initialItems={data.items} initialEdit={data.edit} initialConfirm={data.confirmDelete} flash={env.flash} onChanged={env.onChanged} />),
  translations: screen<TranslationsScreenProps>(({ data }) => <TranslationsTab initial={data.translations} />),
  trash: screen<TrashScreenProps>(({ data, env }) => <TrashScreen data={data} onChanged={env.onChanged} />),
  people: screen<PeopleScreenProps>(({ data, env }) => <PeopleTab me={env.admin} account={data.account} people={data.people} />),
};
