import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { renderBody } from '../../views/render';
import { pageRoutes } from '../../controllers/page-routes';
import { createTranslator } from '../../views/translate';
import { splitLocale } from '../../views/locale-bundles';
import { bundlesFor, localizePath, routes, routesById, type RouteId } from '../../views/routes';
import type { PagePayload } from '../../views/types';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

// The browser gets only the 'core' locale bundle and the page's own namespaces. Rendering every
// page with exactly those proves no page shows a key it does not download.
describe('each page renders with only its own locale bundles', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  const paths = [
    ...routes.filter((r) => r.path !== '*' && !r.path.includes(':') && r.layout === 'public').map((r) => r.path),
    '/projects/nook-vocational-training-center',
    '/projects/no-such-project',
    '/news/solar-infrastructure-brings-light-to-the-tariro-nook',
    '/news/beautification-and-recycling-at-the-tariro-nook',
    '/news/no-such-article',
    '/admin-login',
  ];

  for (const lang of ['en', 'de'] as const) {
    test(`every page in ${lang}`, async () => {
      const bundles = splitLocale((lang === 'en' ? en : de) as Record<string, unknown>);
      const problems: string[] = [];
      for (const path of paths) {
        const res = await request(h.app).get(localizePath(path, lang)).set('Accept', 'application/json');
        assert.ok([200, 404].includes(res.status), `${path}: ${res.status}`);
        const page = res.body as PagePayload;
        const subset = Object.assign({}, ...bundlesFor(page.routeId).map((b) => bundles[b] ?? {}));
        const missing: string[] = [];
        const t = createTranslator(lang, subset, (key) => missing.push(key));
        renderBody(pageRoutes, page, { site: h.deps.config.site, tFor: () => t });
        if (missing.length) problems.push(`${localizePath(path, lang)} (${page.routeId}): ${[...new Set(missing)].join(', ')}`);
      }
      assert.deepEqual(problems, [], 'pages use keys outside their locale bundles');
    });
  }
});
