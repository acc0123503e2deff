import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { ROOT } from '../config';
import { langOf, type Deps, type PageLoader } from './context';
import { metaFromLocale } from './seo';
import { describeSchema } from '../models/site/schema';
import type { ApiRoute, BackendDemoProps, StackItem } from '../views/pages/backend-demo-page';
import { PAGE_PATHS, type RouteId } from '../models/shared/urls';
import { identify } from './middleware/auth';



// The parts of Express 5's router (the `router` package) this page reads.
interface RouteEntry {
  path: unknown;
  methods?: string[];
  router?: RouterLike;
}
interface LayerLike {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: unknown };
  rawPath?: unknown;
}
interface RouterLike {
  stack?: LayerLike[];
  listRoutes?: () => RouteEntry[];
}

/** router >= 2.3 lists its routes itself; older versions are read from the layer stack. */
function entriesOf(router: RouterLike): RouteEntry[] {
  if (typeof router.listRoutes === 'function') return router.listRoutes();
  return (router.stack ?? []).flatMap((layer): RouteEntry[] => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).map((m) => (m === '_all' ? '*' : m.toUpperCase()));
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.map((p) => ({ path: p, methods }));
    }
    if (layer.handle && Array.isArray(layer.handle.stack)) return [{ path: layer.rawPath ?? '/', router: layer.handle as RouterLike }];
    return [];
  });
}

const joinPath = (prefix: string, p: string) => (prefix.replace(/\/$/, '') + (p === '/' ? '' : p)) || '/';

/** Every route registered in a router and the routers mounted in it, with its full path. */
export function collectRoutes(router: RouterLike, prefix = ''): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const entry of entriesOf(router)) {
    // Regular-expression paths have no readable form; the application uses none.
    if (typeof entry.path !== 'string') continue;
    const full = joinPath(prefix, entry.path);
    if (entry.router) {
      out.push(...collectRoutes(entry.router, full));
      continue;
    }
    for (const m of entry.methods ?? []) {
      // HEAD is answered automatically for every GET route: not a route of its own.
      if (m === 'HEAD') continue;
      out.push({ method: m === '*' ? 'ALL' : m, path: full });
    }
  }
  return out;
}

/** The JSON API as the running app has it registered right now (docs/behaviour.md §7 "The HTTP API" lists them). */
export function apiRoutesOf(req: Request): ApiRoute[] {
  const router = (req.app as unknown as { router: RouterLike }).router;
  const seen = new Set<string>();
  return collectRoutes(router)
    .filter((r) => r.path === '/api' || r.path.startsWith('/api/'))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

// The stack shown on the Architecture tab: the installed versions, read from node_modules.
const STACK_PACKAGES = [
  ['express', 'Express'],
  ['react', 'React'],
  ['react-dom', 'React DOM'],
  ['react-router-dom', 'React Router'],
  ['i18next', 'i18next'],
  ['react-i18next', 'react-i18next'],
  ['knex', 'Knex'],
  ['sqlite3', 'sqlite3'],
  ['pg', 'node-postgres'],
  ['zod', 'zod'],
  ['helmet', 'helmet'],
  ['esbuild', 'esbuild'],
] as const;

let stackCache: StackItem[] | null = null;

function installedVersion(pkg: string): string {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version?: string };
    return json.version ?? '?';
  } catch {
    return '?';
  }
}

export function techStack(): StackItem[] {
  stackCache ??= [
    { key: 'node', name: 'Node.js', version: process.versions.node },
    ...STACK_PACKAGES.map(([pkg, name]) => ({ key: pkg, name, version: installedVersion(pkg) })),
  ];
  return stackCache;
}

/**
 * The spec's public API table (docs/behaviour.md §7): in production the page shows strangers only
 * these, as far as the running router has them, and nothing of the admin's or the server's own routes.
 */
const PUBLIC_API = new Set([
  'GET /api/projects',
  'GET /api/projects/slug/:slug',
  'GET /api/projects/:id',
  'GET /api/team',
  'GET /api/news',
  'GET /api/news/slug/:slug',
  'GET /api/news/project/:id',
  'POST /api/newsletter/subscribe',
  'POST /api/create-payment-intent',
  'POST /api/update-project-funding',
]);

/** A signed-in admin (session, or an admin key header): sees the full detail in production too. */
function isAdmin(req: Request, deps: Deps): boolean {
  const who = identify(deps, req);
  return who !== null && who !== 'bad-credential' && who.role === 'admin';
}

/**
 * /backend-demo: built from the running application (router, database), not a written copy. In
 * production a stranger sees no versions, no port or database client, no column types and only the
 * public API; a signed-in admin (and everyone outside production) sees everything (docs/operations.md).
 */
export const show: PageLoader<BackendDemoProps> = async (req, deps) => {
  const lang = langOf(req);
  // Live by nature: never served from the page cache.
  if (req.res) req.res.locals.noPageCache = true;
  const admin = isAdmin(req, deps);
  // The admin's detail is that person's own: never kept by a cache on the way.
  if (admin && req.res) req.res.locals.cacheControl = 'private, no-store';
  const detail = !deps.config.production || admin;
  const pageRoutes = (Object.entries(PAGE_PATHS) as [RouteId, string][])
    .filter(([, path]) => path !== '*')
    .map(([id, path]) => ({ id, path, layout: id === 'admin' || id === 'adminLogin' ? ('admin' as const) : ('public' as const) }));
  const tables = await describeSchema(deps.db);
  const props: BackendDemoProps = detail
    ? {
        detail: true,
        apiRoutes: apiRoutesOf(req),
        tables,
        stack: techStack(),
        databaseClient: String(deps.db.client.config.client),
        port: deps.config.port,
        pageRoutes,
      }
    : {
        detail: false,
        apiRoutes: apiRoutesOf(req).filter((r) => PUBLIC_API.has(`${r.method} ${r.path}`)),
        tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ name: c.name, type: '', nullable: false, defaultValue: null, primaryKey: false })) })),
        stack: techStack().map((s) => ({ key: s.key, name: s.name, version: '' })),
        databaseClient: '',
        port: 0,
        pageRoutes: pageRoutes.filter((r) => r.layout === 'public'),
      };
  return { props, meta: metaFromLocale(deps, lang, 'backendDemo', { noindex: true }) };
};
