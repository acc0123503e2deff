import type { ComponentProps, ComponentType } from 'react';
import { NOOK_SLUG, PAGE_PATHS, type RouteId } from '../models/shared/urls';

type PageModule = { default: ComponentType<any> };

export interface RouteDef {
  id: string;
  /** English path; the German twin is the same path under /de. */
  path: string;
  load: () => Promise<PageModule>;
  /** public pages get the shared header, footer and chat button; admin pages do not. */
  layout: 'public' | 'admin';
  /** Listed in the sitemap (static pages; dynamic pages list their items themselves). */
  sitemap: boolean;
  /**
   * Top-level locale keys only this page uses: the browser downloads them with the page instead
   * of with every page. Everything not claimed here is in the shared 'core' bundle.
   */
  ns?: readonly string[];
}

/** Locale keys the browser never needs (search data is rendered on the server only). */
export const SERVER_ONLY_NS: readonly string[] = ['meta', 'newsletterPages', 'linkPages', 'certificate', 'donorMail', 'preview'];

/** The locale bundles a page needs in the browser: the shared core and its own namespaces. */
export function bundlesFor(routeId: string): string[] {
  return ['core', ...((routesById as Record<string, RouteDef>)[routeId]?.ns ?? [])];
}

// The one route table: views/router.tsx makes React Router's route tree of it (the server's static
// handler and the browser's router), and links are built from it.
export const routes = [
  { id: 'home', path: PAGE_PATHS.home, load: () => import('./pages/home-page'), layout: 'public', sitemap: true },
  { id: 'about', path: PAGE_PATHS.about, load: () => import('./pages/about-page'), layout: 'public', sitemap: true, ns: ['about', 'contact'] },
  { id: 'vision', path: PAGE_PATHS.vision, load: () => import('./pages/vision-page'), layout: 'public', sitemap: true, ns: ['vision'] },
  { id: 'mission', path: PAGE_PATHS.mission, load: () => import('./pages/mission-page'), layout: 'public', sitemap: true, ns: ['mission'] },
  { id: 'foodSecurity', path: PAGE_PATHS.foodSecurity, load: () => import('./pages/food-security-page'), layout: 'public', sitemap: true, ns: ['food'] },
  { id: 'skillsTraining', path: PAGE_PATHS.skillsTraining, load: () => import('./pages/skills-training-page'), layout: 'public', sitemap: true, ns: ['skills'] },
  { id: 'health', path: PAGE_PATHS.health, load: () => import('./pages/health-page'), layout: 'public', sitemap: true, ns: ['health'] },
  { id: 'environment', path: PAGE_PATHS.environment, load: () => import('./pages/environment-page'), layout: 'public', sitemap: true, ns: ['environment'] },
  { id: 'nook', path: PAGE_PATHS.nook, load: () => import('./pages/nook-page'), layout: 'public', sitemap: true, ns: ['nook'] },
  { id: 'projects', path: PAGE_PATHS.projects, load: () => import('./pages/projects-page'), layout: 'public', sitemap: true, ns: ['projectsPage'] },
  { id: 'projectTemplate', path: PAGE_PATHS.projectTemplate, load: () => import('./pages/project-template-page'), layout: 'public', sitemap: true, ns: ['template', 'article'] },
  { id: 'projectDetail', path: PAGE_PATHS.projectDetail, load: () => import('./pages/project-detail-page'), layout: 'public', sitemap: false, ns: ['projectDetail', 'article'] },
  { id: 'news', path: PAGE_PATHS.news, load: () => import('./pages/news-page'), layout: 'public', sitemap: true, ns: ['newsPage'] },
  { id: 'newsDetail', path: PAGE_PATHS.newsDetail, load: () => import('./pages/news-detail-page'), layout: 'public', sitemap: false, ns: ['article'] },
  { id: 'team', path: PAGE_PATHS.team, load: () => import('./pages/team-page'), layout: 'public', sitemap: true, ns: ['teamPage'] },
  { id: 'contact', path: PAGE_PATHS.contact, load: () => import('./pages/contact-page'), layout: 'public', sitemap: true, ns: ['contact', 'bankTransfer'] },
  { id: 'checkout', path: PAGE_PATHS.checkout, load: () => import('./pages/checkout-page'), layout: 'public', sitemap: true, ns: ['checkout', 'bankTransfer'] },
  { id: 'donorManage', path: PAGE_PATHS.donorManage, load: () => import('./pages/donor-manage-page'), layout: 'public', sitemap: false, ns: ['donor'] },
  { id: 'adminLogin', path: PAGE_PATHS.adminLogin, load: () => import('./pages/admin-login-page'), layout: 'admin', sitemap: false, ns: ['admin'] },
  { id: 'admin', path: PAGE_PATHS.admin, load: () => import('./pages/admin-page'), layout: 'admin', sitemap: false, ns: ['admin', 'newsletterAdmin', 'social'] },
  { id: 'backendDemo', path: PAGE_PATHS.backendDemo, load: () => import('./pages/backend-demo-page'), layout: 'public', sitemap: false, ns: ['backendDemo'] },
  { id: 'testImages', path: PAGE_PATHS.testImages, load: () => import('./pages/test-images-page'), layout: 'public', sitemap: false, ns: ['testImages'] },
  { id: 'notFound', path: PAGE_PATHS.notFound, load: () => import('./pages/not-found-page'), layout: 'public', sitemap: false },
  { id: 'error', path: PAGE_PATHS.error, load: () => import('./pages/error-page'), layout: 'public', sitemap: false },
] as const satisfies readonly (RouteDef & { id: RouteId })[];

export type { RouteId };
export { localizePath, pathFor, splitLang, twinPath } from '../models/shared/urls';

type RouteOf<Id extends RouteId> = Extract<(typeof routes)[number], { id: Id }>;

/** The props a route's page component takes: what its controller must return. */
export type PagePropsOf<Id extends RouteId> = ComponentProps<Awaited<ReturnType<RouteOf<Id>['load']>>['default']>;

export const routesById = Object.fromEntries(routes.map((r) => [r.id, r])) as Record<RouteId, RouteDef>;

/**
 * The route's path in React Router's pattern language: the German twin as an optional static
 * segment, so '/about' matches /about and /de/about ('/' matches / and /de).
 */
export function routerPath(path: string): string {
  if (path === '*') return path;
  return path === '/' ? '/de?' : `/de?${path}`;
}

export { NOOK_SLUG };
