// The site's pages, one entry each: its address (models/shared/urls.ts names every path once, for links
// too), its controller (the loader: what it asks the models, its props and head data) and its
// component (views/pages/). Each entry is one Express route in both languages: Express matches the
// address once, the loader runs, and the page is rendered: public pages as HTML with their islands
// (views/render.tsx), admin pages as the admin app. The same address with `Accept:
// application/json` answers the page's payload (`Vary: Accept`), so page data has one path.
import { Router, type Request, type RequestHandler } from 'express';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { pagePayload, renderPage, wantsPageJson, writePage, type PageView } from './render';
import { metaFromLocale } from './seo';
import { frontDoor } from './middleware/locale';
import { inEveryLanguage } from './lang-routes';
import { pageEntry, PAGE_NAME_BY_ROUTE } from './page-content';
import { PAGE_PATHS, type RouteId } from '../models/shared/urls';
import type { PageIntro } from '../views/components/content/page-hero';
import { listLiveTeam } from '../models/content/team';
import { recipientsOf } from '../models/site/recipients';
import { answerPreview, previewSecretOf } from './preview';
import { announceSpeculation } from './speculation';
import { countPageView } from './visits';
import * as home from './home';
import * as projects from './projects';
import * as news from './news';
import * as checkout from './checkout';
import * as backendDemo from './backend-demo';
import * as donor from './donor';
import * as fundraisers from './fundraisers';
import HomePage from '../views/pages/home-page';
import AboutPage from '../views/pages/about-page';
import VisionPage from '../views/pages/vision-page';
import MissionPage from '../views/pages/mission-page';
import FoodSecurityPage from '../views/pages/food-security-page';
import SkillsTrainingPage from '../views/pages/skills-training-page';
import HealthPage from '../views/pages/health-page';
import EnvironmentPage from '../views/pages/environment-page';
import NookPage from '../views/pages/nook-page';
import ProjectsPage from '../views/pages/projects-page';
import ProjectTemplatePage from '../views/pages/project-template-page';
import ProjectDetailPage from '../views/pages/project-detail-page';
import NewsPage from '../views/pages/news-page';
import NewsDetailPage from '../views/pages/news-detail-page';
import TeamPage from '../views/pages/team-page';
import ContactPage from '../views/pages/contact-page';
import CheckoutPage from '../views/pages/checkout-page';
import DonorManagePage from '../views/pages/donor-manage-page';
import BackendDemoPage from '../views/pages/backend-demo-page';
import TestImagesPage from '../views/pages/test-images-page';
import PrivacyPage, { type PrivacyPageProps } from '../views/pages/privacy-page';
import ImprintPage from '../views/pages/imprint-page';
import FundraiserNewPage from '../views/pages/fundraiser-new-page';
import FundraiserManagePage from '../views/pages/fundraiser-manage-page';
import FundraiserPage from '../views/pages/fundraiser-page';
import ImpactPage from '../views/pages/impact-page';
import { impactPage } from './impact';

/** A page: what to render (PageView), at which address, from which controller. */
export interface PageRoute<P = any> extends PageView<P> {
  /** English path (models/shared/urls.ts); the German twin is the same path under /de. */
  path: string;
  load: PageLoader<P>;
  /** Listed in the sitemap (pages with items list their items themselves). */
  sitemap: boolean;
}

/** One entry: the loader must return the props its component takes (the type check says so). */
const page = <P,>(r: PageRoute<P>): PageRoute => r as PageRoute;

/**
 * A page without data of its own: its entry of the admin Pages tab (title and introduction, the
 * edited words of the page, the meta description) and its search data.
 */
export function staticPage(routeId: RouteId, metaKey: string = routeId): PageLoader<{ content: PageIntro | null }> {
  return async (req, deps) => {
    const lang = langOf(req);
    const pageName = PAGE_NAME_BY_ROUTE[routeId];
    const entry = pageName ? await pageEntry(req, deps, pageName) : null;
    const meta = metaFromLocale(deps, lang, metaKey);
    return {
      props: { content: entry?.intro ?? null },
      meta: entry?.description ? { ...meta, description: entry.description } : meta,
      texts: entry?.texts,
    };
  };
}

const teamPage: PageLoader<{ content: PageIntro | null; team: Awaited<ReturnType<typeof listLiveTeam>> }> = async (req, deps) => {
  const [intro, team] = await Promise.all([staticPage('team')(req, deps), sharedRead(req, deps, 'team', () => listLiveTeam(deps.db))]);
  return { ...intro, props: { ...intro.props, team } };
};

/** The privacy notice: its entry, and the services that receive data as this site is configured. */
const privacyPage: PageLoader<PrivacyPageProps> = async (req, deps) => {
  const intro = await staticPage('privacy')(req, deps);
  return { ...intro, props: { ...intro.props, recipients: recipientsOf(deps.config), retention: deps.config.retention } };
};

// In the order Express tries them: the template's fixed address before the project addresses.
export const PAGES: readonly PageRoute[] = [
  page({ id: 'home', path: PAGE_PATHS.home, view: HomePage, load: home.index, layout: 'public', sitemap: true }),
  page({ id: 'about', path: PAGE_PATHS.about, view: AboutPage, load: staticPage('about'), layout: 'public', sitemap: true }),
  page({ id: 'vision', path: PAGE_PATHS.vision, view: VisionPage, load: staticPage('vision'), layout: 'public', sitemap: true }),
  page({ id: 'mission', path: PAGE_PATHS.mission, view: MissionPage, load: staticPage('mission'), layout: 'public', sitemap: true }),
  page({ id: 'foodSecurity', path: PAGE_PATHS.foodSecurity, view: FoodSecurityPage, load: staticPage('foodSecurity'), layout: 'public', sitemap: true }),
  page({ id: 'skillsTraining', path: PAGE_PATHS.skillsTraining, view: SkillsTrainingPage, load: staticPage('skillsTraining'), layout: 'public', sitemap: true }),
  page({ id: 'health', path: PAGE_PATHS.health, view: HealthPage, load: staticPage('health'), layout: 'public', sitemap: true }),
  page({ id: 'environment', path: PAGE_PATHS.environment, view: EnvironmentPage, load: staticPage('environment'), layout: 'public', sitemap: true }),
  page({ id: 'nook', path: PAGE_PATHS.nook, view: NookPage, load: staticPage('nook'), layout: 'public', sitemap: true }),
  page({ id: 'projects', path: PAGE_PATHS.projects, view: ProjectsPage, load: projects.index, layout: 'public', sitemap: true }),
  page({ id: 'projectTemplate', path: PAGE_PATHS.projectTemplate, view: ProjectTemplatePage, load: projects.template, layout: 'public', sitemap: true }),
  page({ id: 'projectDetail', path: PAGE_PATHS.projectDetail, view: ProjectDetailPage, load: projects.show, layout: 'public', sitemap: false }),
  page({ id: 'news', path: PAGE_PATHS.news, view: NewsPage, load: news.index, layout: 'public', sitemap: true }),
  page({ id: 'newsDetail', path: PAGE_PATHS.newsDetail, view: NewsDetailPage, load: news.show, layout: 'public', sitemap: false }),
  page({ id: 'team', path: PAGE_PATHS.team, view: TeamPage, load: teamPage, layout: 'public', sitemap: true }),
  page({ id: 'contact', path: PAGE_PATHS.contact, view: ContactPage, load: staticPage('contact'), layout: 'public', sitemap: true }),
  page({ id: 'privacy', path: PAGE_PATHS.privacy, view: PrivacyPage, load: privacyPage, layout: 'public', sitemap: true }),
  page({ id: 'imprint', path: PAGE_PATHS.imprint, view: ImprintPage, load: staticPage('imprint'), layout: 'public', sitemap: true }),
  page({ id: 'checkout', path: PAGE_PATHS.checkout, view: CheckoutPage, load: checkout.index, layout: 'public', sitemap: true }),
  // The form and the owner's page before the fundraisers' own addresses.
  page({ id: 'fundraiserNew', path: PAGE_PATHS.fundraiserNew, view: FundraiserNewPage, load: fundraisers.newPage, layout: 'public', sitemap: true }),
  page({ id: 'fundraiserManage', path: PAGE_PATHS.fundraiserManage, view: FundraiserManagePage, load: fundraisers.managePage, layout: 'public', sitemap: false }),
  page({ id: 'fundraiserDetail', path: PAGE_PATHS.fundraiserDetail, view: FundraiserPage, load: fundraisers.showPage, layout: 'public', sitemap: false }),
  page({ id: 'impact', path: PAGE_PATHS.impact, view: ImpactPage, load: impactPage, layout: 'public', sitemap: false }),
  page({ id: 'donorManage', path: PAGE_PATHS.donorManage, view: DonorManagePage, load: donor.managePage, layout: 'public', sitemap: false }),
  page({ id: 'backendDemo', path: PAGE_PATHS.backendDemo, view: BackendDemoPage, load: backendDemo.show, layout: 'public', sitemap: false }),
  page({ id: 'testImages', path: PAGE_PATHS.testImages, view: TestImagesPage, load: staticPage('testImages'), layout: 'public', sitemap: false }),
];

/** The cache key of a page. The asset names are part of it: after a rebuild no cached page points at deleted files. */
const pageKey = (deps: Deps, req: Request) => `${deps.assets().islands.loader} ${deps.pageCache.key(req, wantsPageJson(req))}`;

/**
 * Public pages already rendered for the current content version, answered as soon as the
 * request's language is known (controllers/routes.ts mounts this right after the cookies and the language), before
 * compression, static files, body parsers and the routers of the admin area and the API. Only
 * addresses the page routes below answered with a page they kept are in the cache, so each of them
 * went through all of those once and none changed the answer: static files live elsewhere, the
 * page is compressed already, the address passed the text checks (they look at the address and at
 * a body; a request with a body goes the long way), and no other router answers a page's address.
 * A visitor gets the same, at a fraction of the cost. Anything else goes on unchanged.
 */
export function cachedPages(deps: Deps): RequestHandler {
  const cache = deps.pageCache;
  const fromCache: RequestHandler = async (req, res, next) => {
    const key = pageKey(deps, req);
    // A first look without the database: most requests that get here are for no cached page.
    if (!cache.get(key)) return next();
    // The version empties the cache when the content moved on.
    await cache.version();
    const page = cache.get(key);
    if (!page) return next();
    announceSpeculation(res);
    writePage(res, page);
    // Only pages with status 200 are kept: a view of a public page.
    if (!wantsPageJson(req)) countPageView(deps, req);
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined) return next();
    if (req.path === '/') return frontDoor(req, res, () => fromCache(req, res, next));
    return fromCache(req, res, next);
  };
}

/** A malformed %-escape in a page's parameter (/news/%zz) is a bad address: 400, as Express answers it. */
function badEscape(): URIError {
  return Object.assign(new URIError('Failed to decode param'), { status: 400 });
}

/** One page's handler: its loader, rendered (public pages once per content version). */
function answer(deps: Deps, route: PageRoute): RequestHandler {
  const cache = deps.pageCache;
  return async (req, res) => {
    if (route.path.includes(':')) {
      try {
        decodeURIComponent(req.path);
      } catch {
        throw badEscape();
      }
    }
    const render = async () => renderPage(req, deps, route, pagePayload(req, res, deps, route.id, await route.load(req, deps)));
    // Admin pages are a person's own: never kept.
    if (route.layout !== 'public') return writePage(res, await render());
    // A preview link: the page with the previewed item, never kept (controllers/preview.ts).
    const previewSecret = previewSecretOf(req);
    if (previewSecret !== null) return answerPreview(deps, req, res, previewSecret, render);
    const key = pageKey(deps, req);
    // The version is read before the data: a page is never filed under a newer version than its data.
    const version = await cache.version();
    res.locals.contentVersion = version;
    const page = await cache.obtain(key, version, async () => {
      const rendered = await render();
      return { page: rendered, keep: rendered.status === 200 && !res.locals.noPageCache };
    });
    announceSpeculation(res);
    writePage(res, page);
    if (page.status === 200 && page.type === 'html') countPageView(deps, req);
  };
}

/** Every page of the table, in both languages, as GET routes (HEAD follows GET in Express). */
export function pagesRouter(deps: Deps): Router {
  const router = Router();
  for (const route of PAGES) {
    const handler = answer(deps, route);
    // The front door decides between the English and the German home before the page cache.
    if (route.id === 'home') router.get('/', (req, res, next) => frontDoor(req, res, () => Promise.resolve(handler(req, res, next)).catch(next)));
    router.get(inEveryLanguage(route.path).filter((p) => route.id !== 'home' || p !== '/'), handler);
  }
  return router;
}
