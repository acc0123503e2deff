import { createHash } from 'node:crypto';

/**
 * The few bytes of inline script that start a public page's code once the page has painted
 * (views/render.tsx). The page's text and pictures need none of it: on a village line the HTML
 * gets the whole connection first, and the modules (with the locale text the page asks for) follow
 * the first paint instead of competing with it. The script is the same on every page, so one
 * hash in the Content-Security-Policy allows it (app.ts); what it loads comes from its data
 * attributes: data-modules, the entry first, and data-fetch.
 *
 * When: after the first paint the browser reports (Paint Timing), or the next frame where the
 * browser has no paint entries; at the latest after 3 s (a page opened in the background).
 */
export const STARTER_JS =
  '(function(s,d){var done=0;function go(){if(done)return;done=1;' +
  "var m=s.getAttribute('data-modules').split(' ');" +
  "m.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});" +
  "(s.getAttribute('data-fetch')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=h;d.head.appendChild(l)});" +
  "var e=d.createElement('script');e.type='module';e.src=m[0];d.body.appendChild(e)}" +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l,o){o.disconnect();setTimeout(go,0)}).observe({type:'paint',buffered:true});" +
  "else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})(document.currentScript,document)";

/** The CSP source that allows STARTER_JS (and nothing else inline). */
export const STARTER_CSP = `'sha256-${createHash('sha256').update(STARTER_JS).digest('base64')}'`;
