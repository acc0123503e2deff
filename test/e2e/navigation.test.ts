// Client-side navigation through React Router's data router: the address, <html lang>, the
// content and the head change together, and the head after a navigation is the head a fresh
// load of the same address gets.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

/** The page's head as a list of comparable lines (the tags views/head.ts makes). */
function pageHead(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.head.querySelectorAll(
        'title, meta[name=description], meta[name=keywords], meta[name=robots], meta[property^="og:"], meta[name^="twitter:"], link[rel=canonical], link[rel=alternate], script[type="application/ld+json"]',
      ),
    ]
      .map((el) => `${el.tagName} ${[...el.attributes].map((a) => `${a.name}=${a.value}`).join(' ')} ${el.tagName === 'SCRIPT' ? JSON.stringify(JSON.parse(el.textContent!)) : el.textContent}`)
      .sort(),
  );
}

describe('client-side navigation in Chromium', () => {
  const e2e = serverAndBrowser();

  test('the language switch changes the address, <html lang>, the content and the head in one step', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(e2e.srv.url + '/about');
    await waitForHydration(page);
    // Every frame and every change of the document: what the address, the language and the heading say.
    await page.evaluate(() => {
      // (No named functions in here: the test's compiler would wrap them in a helper the page lacks.)
      const w = window as unknown as { samples: string[][]; sample: () => void; frame: () => void };
      w.samples = [];
      w.sample = () => w.samples.push([location.pathname, document.documentElement.lang, document.querySelector('main h1')?.textContent ?? '']);
      new MutationObserver(() => w.sample()).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      w.frame = () => {
        w.sample();
        requestAnimationFrame(() => w.frame());
      };
      w.frame();
    });
    const englishHeading = await page.locator('main h1').textContent();
    await page.getByRole('link', { name: /Deutsch|DE/ }).first().click();
    await page.waitForURL(e2e.srv.url + '/de/about');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    const germanHeading = await page.locator('main h1').textContent();
    assert.notEqual(germanHeading, englishHeading);
    const samples = await page.evaluate(() => (window as unknown as { samples: string[][] }).samples);
    const mixed = samples.filter(([path, lang, h1]) => (path === '/de/about' ? lang !== 'de' || h1 !== germanHeading : lang !== 'en' || h1 !== englishHeading));
    assert.deepEqual(mixed, [], 'a moment where the address, the language and the content disagreed');
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('after navigations the head is the one a fresh load of the address gets (og:image, robots, JSON-LD)', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    const news = (await (await fetch(e2e.srv.url + '/api/news')).json()) as { slug: string }[];
    const article = `/news/${news[0]!.slug}`;
    // Each address as loaded from scratch.
    const fresh: Record<string, string[]> = {};
    for (const path of ['/', article, '/projects/no-such-project', '/de/team']) {
      await page.goto(e2e.srv.url + path);
      fresh[path] = await pageHead(page);
    }
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    // A mark on this document: a page load would lose it.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    for (const path of [article, '/projects/no-such-project', '/de/team', '/']) {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().headers()['accept'] === 'application/json');
      // A history step to the address, as the back button makes: the router loads it in place.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        history.pushState(null, '', '/#step');
        history.back();
      }, path);
      await answered;
      await page.waitForFunction((expected) => document.title === expected, fresh[path]!.find((l) => l.startsWith('TITLE'))!.replace(/^TITLE\s+/, ''));
      assert.deepEqual(await pageHead(page), fresh[path], `head after navigating to ${path}`);
    }
    // All of it without a page load.
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
    // The unknown project answers 404, as it should; nothing else may complain.
    assert.deepEqual(problems.filter((p) => !p.includes('status of 404')), []);
    await page.context().close();
  });
});
