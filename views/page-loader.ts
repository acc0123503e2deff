// The one inline script of a public page, in its <head>. It adds, in order: module preloads for the
// page's JavaScript, preloads for its locale text, the client module and a preload of the site
// stylesheet (the page itself carries only the CSS its markup uses: views/critical-css.ts).
//
// Why a script instead of the same tags in the HTML: on the phone both load alike (measured with
// `npm run budget`: readable and usable within a few hundredths of a second of each other), but
// Lighthouse's simulation counts parser-found high-priority scripts as render-blocking and puts
// the first paint of every page about half a second later than it happens. Nothing here blocks
// rendering: module scripts and preloads never do.
//
// The client applies the stylesheet when it has hydrated the page (views/client.tsx), in the same
// frame as its own changes: one more layout of the page, not two, and the styles of what only
// JavaScript shows (the lightbox, menus, messages) before anyone can open it. Without JavaScript
// the page has its stylesheet from a <noscript> link.
//
// The Content-Security-Policy allows exactly this text by its hash (app.ts); what it loads comes
// from its data-load attribute, written by views/render.tsx.
import crypto from 'node:crypto';

/** What the loader adds: [kind, url]; kind is 'modulepreload', 'preload' (a fetch), 'style' (a stylesheet's preload) or 'script'. */
export type LoadItem = ['modulepreload' | 'preload' | 'style' | 'script', string];

// Plain text rather than a function's toString(): a compiler (tsx keeps names with helper calls)
// must not change what the browser runs and the hash allows.
const LOADER_SOURCE = `JSON.parse(document.currentScript.dataset.load).forEach(function (item) {
  var el = document.createElement(item[0] === 'script' ? 'script' : 'link');
  if (item[0] === 'script') {
    el.type = 'module';
    el.src = item[1];
  } else {
    el.rel = item[0] === 'modulepreload' ? 'modulepreload' : 'preload';
    el.href = item[1];
    if (item[0] === 'style') el.as = 'style';
    if (item[0] === 'preload') { el.as = 'fetch'; el.crossOrigin = 'anonymous'; }
  }
  document.head.appendChild(el);
})`;

/** The script's text, as the page carries it. */
export const PAGE_LOADER = LOADER_SOURCE.replace(/\n\s*/g, ' ');
/** Its CSP source expression. */
export const PAGE_LOADER_CSP = `'sha256-${crypto.createHash('sha256').update(PAGE_LOADER).digest('base64')}'`;
