import { routes, SERVER_ONLY_NS } from './routes';

/**
 * Splits a locale file into the browser's bundles: 'core' (everything no route claims) and one
 * bundle per namespace that a route claims in views/routes.tsx. Search data is left out.
 */
export function splitLocale(all: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const claimed = new Set<string>(routes.flatMap((r) => ('ns' in r ? [...r.ns] : [])));
  const bundles: Record<string, Record<string, unknown>> = { core: {} };
  for (const [key, value] of Object.entries(all)) {
    if (SERVER_ONLY_NS.includes(key)) continue;
    if (claimed.has(key)) bundles[key] = { [key]: value };
    else bundles.core![key] = value;
  }
  return bundles;
}
