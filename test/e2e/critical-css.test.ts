// A public page carries only the CSS its markup uses (views/critical-css.ts) and gets the site
// stylesheet later. This walks every public page in both languages at a phone's and a laptop's
// width and compares every element's layout and look with the inlined CSS alone (no stylesheet
// and no JavaScript arrive) against the same
// page once the whole stylesheet applies: any difference would be a page that looks wrong until
// the stylesheet arrives, and moves when it does. It also checks that the inlined CSS is a small
// part of the stylesheet, and that the page has the stylesheet once hydrated (for what only
// JavaScript shows) and without JavaScript (a <noscript> link).
//
// The inlined CSS depends on the markup, not on the database, and the pages are the same document
// on PostgreSQL (test/api/same-markup.test.ts): the file runs in the SQLite run.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PUBLIC_PAGE_PATHS, serverAndBrowser, waitForHydration } from '../helpers';
import { localizePath } from '../../models/shared/urls';

const PATHS = [...PUBLIC_PAGE_PATHS, '/no-such-page'];

const PROPS = [
  'display', 'position', 'float', 'box-sizing', 'width', 'height', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'border-top-width', 'border-bottom-width',
  'font-size', 'font-weight', 'font-family', 'line-height', 'text-align', 'color', 'background-color', 'background-image',
  'grid-template-columns', 'flex-direction', 'flex-wrap', 'gap', 'visibility', 'opacity', 'overflow-x', 'z-index', 'top', 'left',
];

/** Every element's computed values of PROPS, with a short path naming it. Runs in the page. */
function snapshot(props: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const all = document.body.querySelectorAll('*');
  all.forEach((el, i) => {
    if (el.closest('noscript, script, template')) return;
    const s = getComputedStyle(el);
    const name = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.classList.length ? '.' + [...el.classList].join('.') : ''}[${i}]`;
    for (const p of props) out[`${name} ${p}`] = s.getPropertyValue(p);
  });
  return out;
}

describe('the CSS a page inlines', () => {
  const e2e = serverAndBrowser();

  for (const width of [390, 1280]) {
    test(`styles every public page as the whole stylesheet does, at ${width} px`, async () => {
      const context = await e2e.browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
      const problems: string[] = [];
      /** The site stylesheet's length, by address: fetched once, not once per page (every page names the same one). */
      const sizes = new Map<string, number>();
      try {
        const page = await context.newPage();
        // Neither the stylesheet nor the JavaScript comes: the page as it is drawn first.
        const stylesheet = /\/assets\/site-[\w-]+\.css$/;
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await page.route(stylesheet, (route) => route.abort());
        for (const lang of ['en', 'de'] as const) {
          for (const path of PATHS) {
            const url = localizePath(path, lang);
            await page.goto(e2e.srv.url + url);
            const inlined = await page.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0);
            const before = await page.evaluate(snapshot, PROPS);
            const href = await page.evaluate(() => document.querySelector('noscript')?.textContent?.match(/href="([^"]+)"/)?.[1] ?? '');
            assert.match(href, stylesheet, `${url}: a <noscript> link to the site stylesheet`);
            if (!sizes.has(href)) sizes.set(href, (await (await page.request.get(e2e.srv.url + href)).text()).length);
            const full = sizes.get(href)!;
            assert.ok(inlined > 1000 && inlined < full * 0.6, `${url}: inlined ${inlined} characters of a ${full}-character stylesheet`);
            await page.evaluate(
              (h) =>
                new Promise<void>((resolve, reject) => {
                  // Another address than the (refused) preload's, which the browser would reuse.
                  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: h + '?whole' });
                  link.onload = () => resolve();
                  link.onerror = () => reject(new Error('stylesheet did not load'));
                  document.head.appendChild(link);
                }),
              href,
            );
            const after = await page.evaluate(snapshot, PROPS);
            const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
            for (const k of changed.slice(0, 5)) problems.push(`${url} at ${width}px: ${k}: ${before[k]} (inlined) -> ${after[k]} (stylesheet)`);
          }
        }
      } finally {
        await context.close();
      }
      assert.deepEqual(problems, []);
    });
  }

  test('a hydrated page has the whole stylesheet, once', async () => {
    const context = await e2e.browser.newContext();
    try {
      const page = await context.newPage();
      for (const url of ['/', '/de/contact']) {
        await page.goto(e2e.srv.url + url);
        await waitForHydration(page);
        // Every island has woken, and each adds the stylesheet (if it is not there yet) as it does:
        // every link there will be is in the page now; the wait is for the sheet to have loaded.
        assert.equal(await page.locator('link[rel=stylesheet][href*="/assets/site-"]').count(), 1, `${url}: one link to the site stylesheet`);
        await page.waitForFunction(() => [...document.styleSheets].some((s) => /\/assets\/site-/.test(s.href ?? '')));
        const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href ?? 'inline'));
        assert.equal(sheets.filter((s) => /\/assets\/site-/.test(s)).length, 1, `${url}: ${sheets.join(', ')}`);
        assert.equal(sheets[0], 'inline', `${url}: the inlined CSS comes first`);
      }
    } finally {
      await context.close();
    }
  });
});
