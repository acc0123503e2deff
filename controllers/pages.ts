// The server side of the site's pages: each public page of models/shared/site-pages.ts (its
// address, page name, sitemap flag) gets its component (views/pages/) and, when it has data of its
// own, its controller (the loader: what it asks the models, its props and head data); a page
// without one gets staticPage (its entry of the admin Pages screen and its `meta.<id>` texts).
// Each page is one Express route in both languages: Express matches the address once, the loader
// runs, and the page is rendered as HTML with its islands (views/render.tsx). The same address
// with `Accept: application/json` answers the page's payload (`Vary: Accept`), so page data has
// one path.
import { Router, type Request, type RequestHandler } from 'express';
import type { ComponentType } from 'react';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { pagePayload, renderPage, wantsPageJson, writePage, type PageView } from './render';
import { metaFromLocale } from './seo';
import { frontDoor } from './middleware/locale';
import { inEveryLanguage } from './lang-routes';
import { pageEntry } from './page-content';
import { pageNameOf, PUBLIC_PAGE_IDS, SITE_PAGES, type PublicPageId, type SitePage } from '../models/shared/site-pages';
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
import TeamPage, { type TeamPageProps } from '../views/pages/team-page';
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
  id: PublicPageId;
  /** English path (models/shared/site-pages.ts); the German twin is the same path under /de. */
  path: string;
  load: PageLoader<P>;
  /** Listed in the sitemap (pages with items list their items themselves). */
  sitemap: boolean;
}

/** What a page without data of its own shows: its entry of the admin Pages screen (null: none, or none live). */
export interface StaticPageProps {
  content: PageIntro | null;
}

/**
 * The loader of a page without data of its own: its entry of the admin Pages screen (title and
 * introduction, the edited words of the page, the meta description) and its head data (`meta.<id>`
 * of the locales).
 */
export function staticPage(id: PublicPageId): PageLoader<StaticPageProps> {
  return async (req, deps) => {
    const lang = langOf(req);
    const pageName = pageNameOf(id);
    const entry = pageName ? await pageEntry(req, deps, pageName) : null;
    const meta = metaFromLocale(deps, lang, id);
    return {
      props: { content: entry?.intro ?? null },
      meta: entry?.description ? { ...meta, description: entry.description } : meta,
      texts: entry?.texts,
    };
  };
}

const teamPage: PageLoader<TeamPageProps> = async (req, deps) => {
  const [intro, team] = await Promise.all([staticPage('team')(req, deps), sharedRead(req, deps, 'team', () => listLiveTeam(deps.db))]);
  return { ...intro, props: { ...intro.props, team } };
};

/** The privacy notice: its entry, and the services that receive data as this site is configured. */
const privacyPage: PageLoader<PrivacyPageProps> = async (req, deps) => {
  const intro = await staticPage('privacy')(req, deps);
  return { ...intro, props: { ...intro.props, recipients: recipientsOf(deps.config), retention: deps.config.retention } };
};

/** A page's view and loader: a view alone takes a static page's props (staticPage loads them). */
type Wiring = { view: ComponentType<StaticPageProps>; load?: undefined } | { view: ComponentType<any>; load: PageLoader<any> };

/** A page with data of its own: the view must take the props its loader returns (the type check says so). */
const loaded = <P,>(view: ComponentType<P>, load: PageLoader<P>): Wiring => ({ view, load });

/** Every page of SITE_PAGES by its id: a page without its line here (or a line of no page) fails tsc. */
const WIRING = {
  home: loaded(HomePage, home.index),
  about: { view: AboutPage },
  vision: { view: VisionPage },
  mission: { view: MissionPage },
  foodSecurity: { view: FoodSecurityPage },
  skillsTraining: { view: SkillsTrainingPage },
  health: { view: HealthPage },
  environment: { view: EnvironmentPage },
  nook: { view: NookPage },
  projects: loaded(ProjectsPage, projects.index),
  projectTemplate: loaded(ProjectTemplatePage, projects.template),
  projectDetail: loaded(ProjectDetailPage, projects.show),
  news: loaded(NewsPage, news.index),
  newsDetail: loaded(NewsDetailPage, news.show),
  team: loaded(TeamPage, teamPage),
  contact: { view: ContactPage },
  privacy: loaded(PrivacyPage, privacyPage),
  imprint: { view: ImprintPage },
  checkout: loaded(CheckoutPage, checkout.index),
  fundraiserNew: loaded(FundraiserNewPage, fundraisers.newPage),
  fundraiserManage: loaded(FundraiserManagePage, fundraisers.managePage),
  fundraiserDetail: loaded(FundraiserPage, fundraisers.showPage),
  impact: loaded(ImpactPage, impactPage),
  donorManage: loaded(DonorManagePage, donor.managePage),
  backendDemo: loaded(BackendDemoPage, backendDemo.show),
  testImages: { view: TestImagesPage },
} satisfies Record<PublicPageId, Wiring>;

/** The pages in the order Express tries them: the order of SITE_PAGES. */
export const PAGES: readonly PageRoute[] = PUBLIC_PAGE_IDS.map((id): PageRoute => {
  const { view, load } = WIRING[id] as Wiring;
  const page: SitePage = SITE_PAGES[id];
  return { id, path: page.path, view, load: load ?? staticPage(id), layout: 'public', sitemap: page.sitemap === true };
});

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
