// The pages behind the one-time links in our mails (admin sign-in, newsletter confirmation,
// unsubscribe) and the small newsletter result pages: plain server HTML with the site's
// stylesheet, complete without JavaScript.
//
// Mail scanners (Microsoft Defender Safe Links and the like) open every link in a mail before the
// person does, so a link's GET only shows a page; its one button POSTs back to the same address
// and only that POST acts. Nobody is signed in yet, so there is no CSRF token: such a POST is
// accepted only when the browser says it comes from our own pages (isSameOrigin).
import type { Request, Response } from 'express';
import type { Deps } from './context';
import { escapeHtml as esc, tFor } from '../models/shared/text';
import { localizePath } from '../models/shared/urls';
import type { Lang } from '../models/shared/rules';

export interface LinkPage {
  title: string;
  text: string;
  status?: number;
  /** The page's one button: a POST to `action` that carries the token in a hidden field. */
  form?: { action: string; token: string; button: string; why: string };
  /** Ways on (the first one is the main button); without a form and links: back to the website. */
  links?: { href: string; label: string }[];
  /** More of the page under the text (HTML the caller built with escapeHtml: the privacy report). */
  html?: string;
}


export function sendLinkPage(deps: Deps, res: Response, lang: Lang, page: LinkPage): void {
  const t = tFor(deps.i18n, lang);
  const site = deps.config.site;
  const home = localizePath('/', lang);
  const links = page.links ?? (page.form ? [] : [{ href: home, label: t('newsletterPages.backHome') }]);
  const form = page.form
    ? `<form method="post" action="${esc(page.form.action)}" class="link-page-form">
<input type="hidden" name="token" value="${esc(page.form.token)}">
<p><button type="submit" class="btn btn-primary">${esc(page.form.button)}</button></p>
</form>
<p class="small muted link-page-why">${esc(page.form.why)}</p>`
    : '';
  const actions = links.length
    ? `<p class="link-page-actions">${links
        .map((l, i) => `<a class="btn ${i === 0 && !page.form ? 'btn-primary' : 'btn-outline'}" href="${esc(l.href)}">${esc(l.label)}</a>`)
        .join(' ')}</p>`
    : '';
  res
    .status(page.status ?? 200)
    // The token is in the address: no cache keeps the page, and no other site learns the address
    // (same-origin: our own button's POST still carries our Origin, which every browser sends).
    .set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' })
    .type('html')
    .send(`<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<title>${esc(page.title)} | ${esc(site.name)}</title>
<link rel="stylesheet" href="${esc(deps.assets().css)}">
</head>
<body>
<header class="site-header simple-header"><div class="container nav"><div class="brand"><img src="/images/logo.svg" alt="" width="36" height="36"><a class="brand-name" href="${home}">${esc(site.name)}</a></div></div></header>
<main id="main" class="section page-top link-page">
<div class="container narrow center">
<h1>${esc(page.title)}</h1>
<p class="lead">${esc(page.text)}</p>
${page.html ?? ''}${form}${actions}
</div>
</main>
</body>
</html>
`);
}

/** The token of a link's POST: the page's hidden field, else the address (RFC 8058 mail programs). */
export function postedToken(req: Request): string {
  const field = (req.body as { token?: unknown } | undefined)?.token;
  if (typeof field === 'string' && field) return field;
  return typeof req.query.token === 'string' ? req.query.token : '';
}

/**
 * Whether a POST comes from our own pages. Origin decides when the browser sends a real one (our
 * link pages say Referrer-Policy: same-origin, so their button's POST carries our Origin, also in
 * browsers without Fetch Metadata); for `Origin: null` (a sandboxed or privacy-minded context)
 * Sec-Fetch-Site decides, and without Fetch Metadata the Referer. Nothing that proves the same
 * origin: refused. Our origin is PUBLIC_URL's or the one the request was addressed to (a
 * cross-site form cannot make those two agree).
 */
export function isSameOrigin(req: Request, publicUrl: string): boolean {
  const ours = new Set([`${req.protocol}://${req.host}`]);
  try {
    ours.add(new URL(publicUrl).origin);
  } catch {
    // PUBLIC_URL is validated at start; the request's own origin still counts.
  }
  const origin = req.get('origin');
  if (origin && origin !== 'null') return ours.has(origin);
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const referer = req.get('referer');
  if (referer) {
    try {
      return ours.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The 403 page for a link's POST that came from somewhere else: nothing was changed. It offers no
 * way to repeat the request with the posted token (someone else's token must not become a link
 * here): the person opens the link from their own mail again.
 */
export function sendRefusedPage(deps: Deps, res: Response, lang: Lang): void {
  const t = tFor(deps.i18n, lang);
  sendLinkPage(deps, res, lang, { status: 403, title: t('linkPages.refused.title'), text: t('linkPages.refused.text') });
}
