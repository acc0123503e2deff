// The server's side of the route tree (views/router.tsx): React Router's static handler, with every
// page module loaded once at start (the server renders all of them). A route's loader asks the
// request's page controller (controllers/pages.ts passes it in the request context), so this module
// knows no controller and every controller can render pages.
import { createStaticHandler, type DataRouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { createRouteTree } from '../views/router';
import { routes } from '../views/routes';
import type { PagePayload } from '../views/types';

/** What the page router hands a route's loader: the payload of that route for this request. */
export interface PageRequestContext {
  load: (routeId: string, params: Record<string, string | undefined>) => Promise<PagePayload>;
}

const pageModules: Record<string, ComponentType<any>> = Object.fromEntries(
  await Promise.all(routes.map(async (r) => [r.id, (await r.load()).default] as const)),
);

export const pageHandler = createStaticHandler(
  createRouteTree((route) => ({ context, params }) => (context as unknown as PageRequestContext).load(route.id, params), pageModules),
);

export const pageRoutes: DataRouteObject[] = pageHandler.dataRoutes;
