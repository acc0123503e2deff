// The site's public pages, one entry each: the one place a page is declared. What the browser may
// know of a page lives here (the browser bundles include this file, so nothing of the server and no
// view): its address, its name in the admin Pages screen, whether the sitemap lists it. Everything
// else is derived: the paths of models/shared/urls.ts (PAGE_PATHS, pathFor), the page names the
// Pages screen offers and checks (PAGE_NAMES), page name <-> route, the sitemap's pages. The server
// side of a page (its view and loader) is attached by id in controllers/pages.ts, whose table must
// have one line per entry here (tsc says so). How to add a page: docs/architecture.md "Add a page".

/** The learning centre's page address (its name, Tariro, followed by -nook). */
export const NOOK_SLUG = 'tariro-nook';

/** What the table says about a page. */
export interface SitePage {
  /** The English path (`:name` is a parameter); the German twin is the same path under /de. */
  readonly path: string;
  /** Its name in the admin Pages screen (page_contents.pageName): the page's entry there gives its hero, words and meta description. */
  readonly pageName?: string;
  /** Listed in /sitemap.xml by its path (pages of items, such as a project, are listed per item: controllers/sitemap.ts). */
  readonly sitemap?: true;
}

/**
 * Every public page by its route id, in the order Express tries them (a fixed address before a
 * parameter at its place: the template before the projects, the form and the owner's page before
 * the fundraisers); the sitemap lists its pages in this order, the Pages screen offers its page
 * names in it (the spec's order of the page names). The head data of a page without a loader of its own is `meta.<id>` of the locales.
 */
export const SITE_PAGES = {
  home: { path: '/', pageName: 'home', sitemap: true },
  about: { path: '/about', pageName: 'about', sitemap: true },
  vision: { path: '/vision', pageName: 'vision', sitemap: true },
  mission: { path: '/mission', pageName: 'mission', sitemap: true },
  projects: { path: '/projects', pageName: 'projects', sitemap: true },
  projectTemplate: { path: '/projects/new-project-template', sitemap: true },
  projectDetail: { path: '/projects/:slug' },
  news: { path: '/news', pageName: 'news', sitemap: true },
  newsDetail: { path: '/news/:slug' },
  team: { path: '/team', pageName: 'team', sitemap: true },
  contact: { path: '/contact', pageName: 'contact', sitemap: true },
  foodSecurity: { path: '/food-security', pageName: 'food-security', sitemap: true },
  skillsTraining: { path: '/skills-training', pageName: 'skills-training', sitemap: true },
  health: { path: '/health', pageName: 'health', sitemap: true },
  environment: { path: '/environment', pageName: 'environment', sitemap: true },
  nook: { path: `/${NOOK_SLUG}`, pageName: 'nook', sitemap: true },
  // What the law asks a Swiss site to publish: the privacy notice (revFADP Art. 19) and the imprint.
  privacy: { path: '/privacy', pageName: 'privacy', sitemap: true },
  imprint: { path: '/imprint', pageName: 'imprint', sitemap: true },
  checkout: { path: '/checkout', sitemap: true },
  // Supporters' fundraisers: the form, the owner's page (by link), the public page.
  fundraiserNew: { path: '/fundraisers/new', sitemap: true },
  fundraiserManage: { path: '/fundraisers/manage' },
  fundraiserDetail: { path: '/fundraisers/:slug' },
  // The yearly impact report (its PDF: /impact/{year}.pdf, controllers/impact.ts).
  impact: { path: '/impact/:year' },
  // Donors manage their gifts: ask for a link, then list, change, pause, cancel; certificates.
  donorManage: { path: '/donations/manage' },
  backendDemo: { path: '/backend-demo' },
  testImages: { path: '/test-images' },
} as const satisfies Record<string, SitePage>;

/** A public page's route id: a key of SITE_PAGES. */
export type PublicPageId = keyof typeof SITE_PAGES;

type Entry = (typeof SITE_PAGES)[PublicPageId];

/** A page name of the admin Pages screen: the pageName of an entry. */
export type PageName = Extract<Entry, { pageName: string }>['pageName'];

// The derived lists are computed once, marked pure: a bundle that imports this file without using
// them (the islands' loader, through views/site.ts) leaves them out.

/** The route ids of the table, in its order. */
export const PUBLIC_PAGE_IDS = /* @__PURE__ */ (() => Object.keys(SITE_PAGES) as PublicPageId[])();

const entry = (id: PublicPageId): SitePage => SITE_PAGES[id];

/** The pages whose content the admin edits (one entry each), in the table's order. */
export const PAGE_NAMES = /* @__PURE__ */ (() => PUBLIC_PAGE_IDS.flatMap((id) => entry(id).pageName ?? []) as unknown as readonly [PageName, ...PageName[]])();

export const isPageName = (v: unknown): v is PageName => typeof v === 'string' && (PAGE_NAMES as readonly string[]).includes(v);

/** A route's page name in the Pages screen, or null when the Pages screen does not edit it. */
export function pageNameOf(id: PublicPageId): PageName | null {
  return (entry(id).pageName as PageName | undefined) ?? null;
}

/** The route of the page a page name drives (a preview of a page content opens that page), or null for an unknown name. */
export function routeOfPageName(name: string): PublicPageId | null {
  return PUBLIC_PAGE_IDS.find((id) => entry(id).pageName === name) ?? null;
}

/** The English paths /sitemap.xml lists as they are, in the table's order. */
export const SITEMAP_PATHS: readonly string[] = /* @__PURE__ */ (() => PUBLIC_PAGE_IDS.filter((id) => entry(id).sitemap).map((id) => entry(id).path))();
