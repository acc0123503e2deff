import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { renderBody } from '../../views/render';
import { pageRoutes } from '../../controllers/page-routes';
import { createTranslator } from '../../views/translate';
import { localizePath, routes, routesById, type RouteId } from '../../views/routes';
import type { PagePayload, SiteInfo } from '../../views/types';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

// The browser hydrates the server's HTML with the payload embedded in it (one language only, see
// views/browser-payload.ts) and its own translator (views/translate.ts). Preact, which runs the
// pages in the browser, keeps the server's DOM without comparing, so a difference would go
// unnoticed until the next re-render changed the page under the visitor's eyes. Rendering every
// page from exactly what the browser gets must give exactly the server's HTML.
describe('every public page hydrates to its own server HTML', () => {
  let h: AppHandle;
  let slugs: { projects: string[]; news: string[] };
  before(async () => {
    h = await testApp();
    const projects = (await request(h.app).get('/api/projects')).body as { slug: string }[];
    const news = (await request(h.app).get('/api/news')).body as { slug: string }[];
    slugs = { projects: projects.map((p) => p.slug), news: news.map((n) => n.slug) };
  });
  after(() => h.close());

  for (const lang of ['en', 'de'] as const) {
    test(`every page in ${lang}, from the payload the browser gets`, async () => {
      const paths = [
        ...routes.filter((r) => r.path !== '*' && !r.path.includes(':') && r.layout === 'public').map((r) => r.path),
        ...slugs.projects.map((s) => `/projects/${s}`),
        ...slugs.news.map((s) => `/news/${s}`),
        '/no-such-page',
      ];
      const t = createTranslator(lang, (lang === 'en' ? en : de) as Record<string, unknown>);
      const problems: string[] = [];
      for (const path of paths) {
        const res = await request(h.app).get(localizePath(path, lang)).set('Accept', 'text/html');
        const html = res.text;
        const root = /<div id="root">([\s\S]*)<\/div>\n<script id="__boot"/.exec(html)?.[1];
        const bootText = /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
        assert.ok(root !== undefined && bootText, `${path}: document without root or boot data`);
        const boot = JSON.parse(bootText) as { page: PagePayload; site: SiteInfo };
        const again = renderBody(pageRoutes, boot.page, { site: boot.site, tFor: () => t });
        if (again !== root) {
          let at = 0;
          while (at < again.length && again[at] === root[at]) at++;
          problems.push(`${localizePath(path, lang)}: differs at ${at}: server «${root.slice(Math.max(0, at - 60), at + 60)}» browser «${again.slice(Math.max(0, at - 60), at + 60)}»`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  test('the browser gets one language on public pages and both on admin pages', async () => {
    const home = (await request(h.app).get('/').set('Accept', 'application/json')).body as PagePayload<{ projects: Record<string, unknown>[] }>;
    assert.ok(home.props.projects.length > 0);
    for (const p of home.props.projects) assert.ok(!('titleDe' in p) && !('descriptionDe' in p), 'English page without German twins');
    const deHome = (await request(h.app).get('/de').set('Accept', 'application/json')).body as PagePayload<{ projects: Record<string, unknown>[] }>;
    const withGerman = deHome.props.projects.filter((p) => p.titleDe);
    assert.ok(withGerman.length > 0);
    for (const p of withGerman) assert.equal(p.title, p.titleDe, 'German page: the German text, not the English one');
  });
});
