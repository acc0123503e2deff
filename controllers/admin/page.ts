// Loader of the /admin page: who is signed in, the active tab's data, the form being edited (for
// the no-JavaScript path) and the latest activity. Only the active tab's list is sent.
import type { Request } from 'express';
import { langOf, type Deps, type PageLoader } from '../context';
import { tabAllowed } from '../../models/shared/roles';
import { AppError } from '../../models/shared/errors';
import type { AdminListItem, AdminPageProps } from '../../views/pages/admin-page';
import { metaFromLocale } from '../seo';
import { activityFilter, auditActors, listActivity } from '../../models/people/audit';
import { findRevision, listRevisions } from '../../models/content/revisions';
import { countTrash, isTrashName, listTrash, TRASH_KINDS } from '../../models/content/trash';
import { adminDisplayName, storedActorName } from '../../models/people/user';
import { listProjects } from '../../models/content/project';
import { findNewsById, listNews, toSummary } from '../../models/content/news';
import { listTeam } from '../../models/content/team';
import { listPageContents } from '../../models/content/page';
import { listMedia } from '../../models/media/library';
import { ADMIN_TABS, isAdminTab, PAGE_NAMES, type AdminTab } from '../../models/shared/admin-rules';
import { dashboardView } from '../../models/site/stats';
import { pageTextSections } from '../../models/content/page-texts';
import { MEDIA_CATEGORIES, type MediaItem } from '../../models/shared/media-rules';
import type { AdminIdentity } from '../../models/people/user';
import type { NewsArticle, PageContent, Project, TeamMember } from '../../models/shared/rules';
import type { NewsSummary } from '../../models/content/news';
import { parseDbId } from '../../models/shared/db-limits';
import { listGlossary } from '../../models/translation/glossary';
import { isListEntity, parseListQuery } from '../../views/admin/list-tools';
// Where the money went: the edited project's spending records.
import { listSpending } from '../../models/giving/spending';
import { listFundraisers } from '../../models/giving/fundraiser';
import { translationsView } from './translations';
// The yearly impact report's introduction, on the dashboard.
import { impactAdminView } from './impact';


/** Machine translation drafts need OpenAI: the templates that stand in without a key cannot translate. */
export const machineDraftsAvailable = (deps: Deps) => deps.assistant.kind === 'openai';

/** How many audit entries the Activity panel shows. */
export const ACTIVITY_LIMIT = 15;

const idParam = (v: unknown): number | null => (typeof v === 'string' ? parseDbId(v) : null);

async function tabItems(deps: Deps, tab: AdminTab, filter: AdminPageProps['mediaFilter']): Promise<AdminListItem[]> {
  switch (tab) {
    case 'projects':
      return listProjects(deps.db);
    case 'news':
      return (await listNews(deps.db)).map(toSummary);
    case 'team':
      return listTeam(deps.db);
    case 'pages':
      return listPageContents(deps.db);
    case 'media':
      return listMedia(deps.db, { category: filter.category || undefined, q: filter.q || undefined });
    // Supporters' fundraisers, pending first (the list is there without JavaScript too).
    case 'fundraisers':
      return listFundraisers(deps.db);
    default:
      return [];
  }
}

/** The impact panel's data and the year it opens on: the one asked for when a report exists for it, else the newest. */
async function impactPanel(deps: Deps, asked: unknown): Promise<NonNullable<AdminPageProps['impact']>> {
  const view = await impactAdminView(deps);
  const year = view.years.find((y) => String(y) === asked) ?? view.years[0]!;
  return { ...view, year };
}

/** Loader of /admin (the route is guarded by requireAdminPage; this checks again). */
export const adminPage: PageLoader<AdminPageProps> = async (req: Request, deps: Deps) => {
  const session = req.session;
  if (!session?.admin) throw new AppError(401, 'unauthorized', 'No admin credentials found');
  const q = req.query;
  const role = session.admin.role ?? 'admin';
  // A tab the role does not cover (the Donations tab for an editor) is not offered: the first tab,
  // the dashboard (every role's), opens.
  const tab: AdminTab = isAdminTab(q.tab) && tabAllowed(role, q.tab) ? q.tab : ADMIN_TABS[0];
  const category = typeof q.category === 'string' && (MEDIA_CATEGORIES as readonly string[]).includes(q.category) ? q.category : '';
  const mediaFilter = { category, q: typeof q.q === 'string' ? q.q.slice(0, 100) : '' };

  const flash = session.flash ?? null;
  if (flash) delete session.flash;

  const items = await tabItems(deps, tab, mediaFilter);
  const editId = idParam(q.edit);
  let form: AdminPageProps['form'] = null;
  if (tab !== 'dashboard' && tab !== 'media' && tab !== 'newsletter' && tab !== 'social' && tab !== 'donations' && tab !== 'fundraisers' && tab !== 'translations' && tab !== 'glossary' && tab !== 'people') {
    if (q.new) form = { id: null, item: null };
    else if (editId) {
      const item =
        tab === 'news'
          ? await findNewsById(deps.db, editId)
          : ((items as (Project | TeamMember | PageContent)[]).find((i) => i.id === editId) ?? null);
      if (item) form = { id: editId, item };
      // A save refused because the item went away meanwhile (deleted, in the trash): the form
      // still opens with what was typed and the message, so the words can be kept.
      else if (flash?.form?.tab === tab && flash.form.id === editId) form = { id: editId, item: null };
    }
  }
  const projectOptions =
    tab === 'news' || tab === 'fundraisers' ? (await listProjects(deps.db)).map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })) : [];

  // The open Pages form's texts: the page named by a failed post, else the edited entry's, else
  // the first page a new entry would get (the form without JavaScript cannot ask for them).
  let pageTexts: AdminPageProps['pageTexts'] = null;
  if (tab === 'pages' && form) {
    const used = (items as PageContent[]).map((p) => p.pageName);
    const flashed = flash?.form?.tab === 'pages' ? flash.form.values.pageName : undefined;
    const pageName = flashed ?? (form.item as PageContent | null)?.pageName ?? PAGE_NAMES.find((n) => !used.includes(n)) ?? PAGE_NAMES[0];
    if ((PAGE_NAMES as readonly string[]).includes(pageName)) pageTexts = { pageName, sections: pageTextSections(pageName) };
  }
  // ---- Revisions, trash and named activity.
  const nameOf = (actor: string) => adminDisplayName(deps.config.adminNames, actor);
  let history: AdminPageProps['history'] = null;
  if (form?.id && isTrashName(tab)) {
    const entity = TRASH_KINDS[tab].entity;
    const revisions = await listRevisions(deps.db, entity, form.id);
    const revId = idParam(q.revision);
    const compare = revId ? await findRevision(deps.db, revId) : null;
    history = { revisions, compare: compare && compare.entity === entity && compare.entityId === form.id ? compare : null, confirmRestore: Boolean(q.restore) };
  }
  const trash: AdminPageProps['trash'] = isTrashName(tab)
    ? { count: await countTrash(deps.db, tab), items: q.trash ? await listTrash(deps.db, { name: tab, nameOf }) : null }
    : null;
  // ---- Where the money went: the edited project's spending records and the files a receipt can be.
  let spending: AdminPageProps['spending'] = null;
  if (tab === 'projects' && form?.id && form.item) {
    const records = await listSpending(deps.db, form.id);
    const receipts = (await listMedia(deps.db)).filter((m) => m.fileType === 'pdf' || m.fileType === 'image').map((m) => ({ id: m.id, name: m.originalName, url: m.url }));
    const wanted = q.spending === 'new' ? 'new' : idParam(q.spending);
    spending = {
      records,
      total: (records.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0) / 100).toFixed(2),
      receipts,
      open: wanted === 'new' || (wanted !== null && records.some((r) => r.id === wanted)) ? wanted : null,
      confirm: idParam(q.spendingDelete),
    };
  }
  const activityQuery = activityFilter(q as Record<string, unknown>);
  // ---- Translation status: the tab's list, filtered by the address (a bad value: the default filter).
  const translations = tab === 'translations' ? await translationsView(deps, q, langOf(req)) : null;
  // ---- (end of revisions, trash and named activity)

  const props: AdminPageProps = {
    admin: { id: session.admin.id, via: 'session', name: storedActorName(session.admin.id, session.admin.name) ?? nameOf(session.admin.id), role, ...(session.admin.personId ? { personId: session.admin.personId } : {}) },
    csrfToken: session.csrfToken ?? '',
    machineDrafts: machineDraftsAvailable(deps),
    tab,
    items,
    projectOptions,
    form,
    confirmDelete: idParam(q.delete),
    mediaEdit: tab === 'media' ? editId : null,
    mediaFilter,
    // The list is rendered with this query applied (views/admin/list-tools.ts), with or without JavaScript.
    listQuery: isListEntity(tab) ? parseListQuery(tab, q) : null,
    flash,
    pageTexts,
    activity: await listActivity(deps.db, { ...activityQuery, limit: ACTIVITY_LIMIT }, nameOf),
    activityFilter: activityQuery,
    activityPeople: await auditActors(deps.db, nameOf),
    history,
    trash,
    spending,
    translations,
    // --- machine translation drafts: the glossary tab ---
    glossary: tab === 'glossary' ? { items: await listGlossary(deps.db), edit: editId } : null,
    // The dashboard of the range in the address (?from=&to=; the range form works without JavaScript).
    dashboard: tab === 'dashboard' ? await dashboardView(deps.db, { from: q.from, to: q.to }, langOf(req)) : null,
    // The dashboard's impact report panel: every year's introduction, the year in the address open (?impactYear=).
    impact: tab === 'dashboard' ? await impactPanel(deps, q.impactYear) : null,
  };
  return { props, meta: { ...metaFromLocale(deps, langOf(req), 'admin'), noindex: true } };
};
