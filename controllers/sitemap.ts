import { Router } from 'express';
import type { Deps } from './context';
import { localizePath, pathFor } from '../models/shared/urls';
import { SITEMAP_PATHS } from '../models/shared/site-pages';
import { listLiveProjects } from '../models/content/project';
import { inEveryLanguage } from './lang-routes';
import { listPublicNews } from '../models/content/news';
import { listApprovedFundraisers } from '../models/giving/fundraiser';
import { escapeHtml } from '../models/shared/text';
import { impactYears } from '../models/site/impact';

/**
 * sitemap.xml (every public page in both languages, with hreflang alternates: the pages of
 * models/shared/site-pages.ts marked `sitemap`, then every live item's page) and robots.txt.
 */
export function sitemapRouter(deps: Deps): Router {
  const router = Router();
  const origin = deps.config.publicUrl;

  router.get('/sitemap.xml', async (_req, res) => {
    const [projects, news, fundraisers, years] = await Promise.all([listLiveProjects(deps.db), listPublicNews(deps.db), listApprovedFundraisers(deps.db), impactYears(deps.db)]);
    const entries: { en: string; lastmod?: string }[] = [
      ...SITEMAP_PATHS.map((en) => ({ en })),
      ...projects.map((p) => ({ en: pathFor('projectDetail', 'en', { slug: p.slug }), lastmod: p.updatedAt })),
      ...news.map((a) => ({ en: pathFor('newsDetail', 'en', { slug: a.slug }), lastmod: a.publishedAt })),
      ...fundraisers.map((f) => ({ en: pathFor('fundraiserDetail', 'en', { slug: f.slug }), lastmod: f.updatedAt })),
      ...years.map((year) => ({ en: pathFor('impact', 'en', { year: String(year) }) })),
    ];
    const urls = entries.flatMap(({ en, lastmod }) => {
      const alt = { en: origin + en, de: origin + localizePath(en, 'de') };
      const links = [
        `<xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(alt.en)}"/>`,
        `<xhtml:link rel="alternate" hreflang="de" href="${escapeHtml(alt.de)}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(alt.en)}"/>`,
      ].join('');
      const mod = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
      return [alt.en, alt.de].map((loc) => `<url><loc>${escapeHtml(loc)}</loc>${mod}${links}</url>`);
    });
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  router.get('/robots.txt', (_req, res) => {
    const disallow = [...inEveryLanguage('/admin', '/admin-login', '/backend-demo'), '/api/'];
    res.type('text/plain').send(`User-agent: *\n${disallow.map((d) => `Disallow: ${d}`).join('\n')}\n\nSitemap: ${origin}/sitemap.xml\n`);
  });
  return router;
}
