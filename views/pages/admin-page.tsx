// /admin: the content management of the charity's volunteers (the dashboard first, then projects,
// news, team, pages, media, newsletter, social media...). The server only renders it for a signed-in admin.
import { useApp } from '../app-context';
import { AdminApp } from '../admin/admin-app';
import type { ActivityLine, AuditFilter } from '../../models/people/audit';
import type { Revision, RevisionSummary } from '../../models/content/revisions';
import type { TrashItem } from '../../models/content/trash';
import type { AdminTab } from '../../models/shared/admin-rules';
import type { MediaItem } from '../../models/shared/media-rules';
import type { AdminIdentity } from '../../models/people/user';
import type { NewsArticle, PageContent, Project, TeamMember } from '../../models/shared/rules';
import type { NewsSummary } from '../../models/content/news';
import type { AdminFlash } from '../admin/flash';
import type { ListQuery } from '../admin/list-tools';
import type { PageTextsCatalog } from '../admin/page-texts-fields';
import type { SpendingInitial } from '../admin/spending-section';
import type { TranslationsView } from '../../models/shared/translation-rules';
import type { GlossaryTermView } from '../admin/glossary-panel';
import type { AdminFundraiser } from '../admin/fundraisers-tab';
import type { DashboardView } from '../../models/site/stats';
import type { ImpactPanelData } from '../admin/impact-panel';

export type AdminListItem = Project | NewsSummary | TeamMember | PageContent | MediaItem | AdminFundraiser;

export interface AdminPageProps {
  admin: AdminIdentity;
  csrfToken: string;
  /** Whether the forms can ask for machine translation drafts (an OpenAI key is set up). */
  machineDrafts: boolean;
  tab: AdminTab;
  /** The active tab's items (news without their bodies; the fundraisers with their progress). */
  items: AdminListItem[];
  /** Projects to link a news article to (id and titles); the Fundraisers tab names their projects in the admin's language with them. */
  projectOptions: { id: number; title: string; titleDe: string }[];
  /** ?new=1 / ?edit=<id>: the inline form is open (server-rendered, for the no-JavaScript path). */
  form: { id: number | null; item: Project | NewsArticle | TeamMember | PageContent | null } | null;
  /** ?delete=<id>: the inline delete confirmation is open. */
  confirmDelete: number | null;
  /** Media tab: ?edit=<id> opens the details form of that file. */
  mediaEdit: number | null;
  /** Media tab filter (?category=&q=). */
  mediaFilter: { category: string; q: string };
  /** Projects, News and Team: search, sort and filters from the address (?q=&sort=&state=...). */
  listQuery: ListQuery | null;
  flash: AdminFlash | null;
  /** The Activity panel's lines (sign-ins grouped), its filter and the people it can filter by. */
  activity: ActivityLine[];
  activityFilter: AuditFilter;
  activityPeople: { id: string; name: string | null }[];
  /** The edited item's revisions, and the one to compare (?revision=<id>). */
  history: { revisions: RevisionSummary[]; compare: Revision | null; confirmRestore: boolean } | null;
  /** The tab's trash: how many items, and the items when shown (?trash=1). */
  trash: { count: number; items: TrashItem[] | null } | null;
  /** Pages tab with its form open: the texts of the form's page and their built-in copy (for the form without JavaScript). */
  pageTexts?: PageTextsCatalog | null;
  /** Projects tab with an existing project's form open: its spending records (for the form without JavaScript). */
  spending?: SpendingInitial | null;
  /** Translations tab: the states of the filter in the address (?state=&entity=&language=). */
  translations?: TranslationsView | null;
  /** Glossary tab: the terms, and the one whose form is open (?edit=<id>). */
  glossary?: { items: GlossaryTermView[]; edit: number | null } | null;
  /** Dashboard tab: the numbers of the range in the address (?from=&to=), or of the default range. */
  dashboard?: DashboardView | null;
  /** Dashboard tab: the yearly impact report's introductions, and the year open (?impactYear=). */
  impact?: ImpactPanelData | null;
}

export default function AdminPage(props: AdminPageProps) {
  const { lang } = useApp();
  // A language switch is a new page for the admin screens: start their state afresh.
  return <AdminApp key={lang} {...props} />;
}
