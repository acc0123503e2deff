import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import type { i18n } from 'i18next';
import { App } from './app';
import { browserPayload } from './browser-payload';
import { criticalCss } from './critical-css';
import { serverT } from './i18n';
import { bundlesFor, routesById, type RouteId } from './routes';
import type { Assets, PagePayload, SiteInfo } from './types';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: "<" escaped so no string in the data can close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export interface RenderOptions {
  page: PagePayload;
  Page: ComponentType<any>;
  site: SiteInfo;
  i18n: i18n;
  assets: Assets;
}

/** Head tags of a page; the browser builds the same set on client-side navigation (views/head.ts). */
export function headTags(page: PagePayload, site: SiteInfo): string {
  const { meta } = page;
  const abs = (p: string) => (/^https?:/.test(p) ? p : site.publicUrl + p);
  const canonical = abs(page.url.split('?')[0]!);
  // Social networks do not show SVG previews: those pages use the default raster image.
  const image = abs(meta.image && !meta.image.endsWith('.svg') ? meta.image : '/images/og-default.png');
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.keywords ? `<meta name="keywords" content="${escapeHtml(meta.keywords)}">` : '',
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(abs(page.alternates.en))}">`,
    `<link rel="alternate" hreflang="de" href="${escapeHtml(abs(page.alternates.de))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(abs(page.alternates.en))}">`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:locale" content="${page.lang === 'de' ? 'de_CH' : 'en_US'}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    ...(meta.jsonLd ?? []).map((ld) => `<script type="application/ld+json">${safeJson(ld)}</script>`),
  ];
  return tags.filter(Boolean).join('\n');
}

export function renderDocument({ page, Page, site, i18n, assets }: RenderOptions): string {
  const body = renderToString(
    <StaticRouter location={page.url}>
      <App page={page} Page={Page} site={site} t={serverT(i18n)} />
    </StaticRouter>,
  );
  const boot = { page: browserPayload(page), site, locales: assets.locales, css: assets.css, adminCss: assets.adminCss };
  const admin = routesById[page.routeId as RouteId]?.layout === 'admin';
  const modules = [assets.client, ...assets.preload, ...(assets.pages[page.routeId] ?? [])];
  const localeFiles = bundlesFor(page.routeId)
    .map((b) => assets.locales[page.lang][b])
    .filter((href): href is string => Boolean(href));
  // Public pages carry the CSS their markup uses (views/critical-css.ts) and only preload the
  // whole stylesheet, at low priority, which the client applies once it has hydrated
  // (views/client.tsx): nothing blocks their first paint. (The module preloads keep their high
  // priority: low made the code arrive later on the village profile, and Lighthouse then counted
  // the whole hydration as blocking time: performance 0.86-0.97 instead of 0.99.) Admin pages
  // link their stylesheets as before (a volunteer's browser, not a first visit on a village phone).
  const head = [
    ...(admin
      ? [`<link rel="stylesheet" href="${assets.css}">`, `<link rel="stylesheet" href="${assets.adminCss}" data-admin-css>`]
      : [`<style>${criticalCss(body, assets.cssRules)}</style>`]),
    ...modules.map((p) => `<link rel="modulepreload" href="${p}">`),
    ...localeFiles.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`),
    ...(admin ? [] : [`<link rel="preload" href="${assets.css}" as="style" fetchpriority="low">`]),
  ];
  const tail = [`<script type="module" src="${assets.client}"></script>`, ...(admin ? [] : [`<noscript><link rel="stylesheet" href="${assets.css}"></noscript>`])];
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1f5c3a">
${headTags(page, site)}
<link rel="icon" href="/images/logo.svg" type="image/svg+xml">
${head.join('\n')}
</head>
<body>
<div id="root">${body}</div>
<script id="__boot" type="application/json">${safeJson(boot)}</script>
${tail.join('\n')}
</body>
</html>`;
}
