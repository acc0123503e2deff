import type { ComponentType } from 'react';
import type { Lang } from '../models/rules';
import { NOOK_SLUG } from './site';

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
export const SERVER_ONLY_NS: readonly string[] = ['meta', 'newsletterPages', 'linkPages'];

/** The locale bundles a page needs in the browser: the shared core and its own namespaces. */
export function bundlesFor(routeId: string): string[] {
  return ['core', ...((routesById as Record<string, RouteDef>)[routeId]?.ns ?? [])];
}

// The one route table: views/router.tsx makes React Router's route tree of it (the server's static
// handler and the browser's router), and links are built from it.
export const routes = [
  { id: 'home', path: '/', load: () => import('./pages/home-page'), layout: 'public', sitemap: true },
  { id: 'about', path: '/about', load: () => import('./pages/about-page'), layout: 'public', sitemap: true, ns: ['about', 'contact'] },
  { id: 'vision', path: '/vision', load: () => import('./pages/vision-page'), layout: 'public', sitemap: true, ns: ['vision'] },
  { id: 'mission', path: '/mission', load: () => import('./pages/mission-page'), layout: 'public', sitemap: true, ns: ['mission'] },
  { id: 'foodSecurity', path: '/food-security', load: () => import('./pages/food-security-page'), layout: 'public', sitemap: true, ns: ['food'] },
  { id: 'skillsTraining', path: '/skills-training', load: () => import('./pages/skills-training-page'), layout: 'public', sitemap: true, ns: ['skills'] },
  { id: 'health', path: '/health', load: () => import('./pages/health-page'), layout: 'public', sitemap: true, ns: ['health'] },
  { id: 'environment', path: '/environment', load: () => import('./pages/environment-page'), layout: 'public', sitemap: true, ns: ['environment'] },
  { id: 'nook', path: `/${NOOK_SLUG}`, load: () => import('./pages/nook-page'), layout: 'public', sitemap: true, ns: ['nook'] },
  { id: 'projects', path: '/projects', load: () => import('./pages/projects-page'), layout: 'public', sitemap: true, ns: ['projectsPage'] },
  { id: 'projectTemplate', path: '/projects/new-project-template', load: () => import('./pages/project-template-page'), layout: 'public', sitemap: true, ns: ['template', 'article'] },
  { id: 'projectDetail', path: '/projects/:slug', load: () => import('./pages/project-detail-page'), layout: 'public', sitemap: false, ns: ['projectDetail', 'article'] },
  { id: 'news', path: '/news', load: () => import('./pages/news-page'), layout: 'public', sitemap: true, ns: ['newsPage'] },
  { id: 'newsDetail', path: '/news/:slug', load: () => import('./pages/news-detail-page'), layout: 'public', sitemap: false, ns: ['article'] },
  { id: 'team', path: '/team', load: () => import('./pages/team-page'), layout: 'public', sitemap: true, ns: ['teamPage'] },
  { id: 'contact', path: '/contact', load: () => import('./pages/contact-page'), layout: 'public', sitemap: true, ns: ['contact'] },
  { id: 'checkout', path: '/checkout', load: () => import('./pages/checkout-page'), layout: 'public', sitemap: true, ns: ['checkout'] },
  { id: 'adminLogin', path: '/admin-login', load: () => import('./pages/admin-login-page'), layout: 'admin', sitemap: false, ns: ['admin'] },
  { id: 'admin', path: '/admin', load: () => import('./pages/admin-page'), layout: 'admin', sitemap: false, ns: ['admin', 'newsletterAdmin', 'social'] },
  { id: 'backendDemo', path: '/backend-demo', load: () => import('./pages/backend-demo-page'), layout: 'public', sitemap: false, ns: ['backendDemo'] },
  { id: 'testImages', path: '/test-images', load: () => import('./pages/test-images-page'), layout: 'public', sitemap: false, ns: ['testImages'] },
  { id: 'notFound', path: '*', load: () => import('./pages/not-found-page'), layout: 'public', sitemap: false },
  { id: 'error', path: '*', load: () => import('./pages/error-page'), layout: 'public', sitemap: false },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];

export const routesById = Object.fromEntries(routes.map((r) => [r.id, r])) as Record<RouteId, RouteDef>;

/** Path of a route in a language, with :params filled in (and URL-encoded). */
export function pathFor(id: RouteId, lang: Lang, params: Record<string, string> = {}): string {
  const path = routesById[id].path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return localizePath(path, lang);
}

export function localizePath(path: string, lang: Lang): string {
  if (lang === 'en') return path;
  return path === '/' ? '/de' : `/de${path}`;
}

/** Splits /de/projects into { lang: 'de', path: '/projects' }. */
export function splitLang(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/de' || pathname === '/de/') return { lang: 'de', path: '/' };
  if (pathname.startsWith('/de/')) return { lang: 'de', path: pathname.slice(3) };
  return { lang: 'en', path: pathname };
}

export function twinPath(pathnameWithSearch: string, target: Lang): string {
  const [pathname, ...rest] = pathnameWithSearch.split(/(?=[?#])/);
  const { path } = splitLang(pathname ?? '/');
  return localizePath(path, target) + rest.join('');
}

/**
 * The route's path in React Router's pattern language: the German twin as an optional static
 * segment, so '/about' matches /about and /de/about ('/' matches / and /de).
 */
export function routerPath(path: string): string {
  if (path === '*') return path;
  return path === '/' ? '/de?' : `/de?${path}`;
}

export { NOOK_SLUG };
