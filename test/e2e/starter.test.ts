// In Chromium: a public page's code starts after its first paint (views/starter.ts), under the
// Content-Security-Policy that allows the starter by its hash; the home page's sections below the
// first screen and every page's footer hydrate in tasks of their own (views/later.tsx), keeping the
// server's nodes, and work once the page says it is hydrated.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchedPage } from '../helpers';

describe('page starter and progressive hydration in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const [path, later] of [
    ['/', 7],
    ['/de/about', 1],
  ] as const) {
    test(`${path}: code after the first paint; ${later} part(s) hydrate later, in place`, async () => {
      const { page, problems } = await watchedPage(e2e.browser);
      // The server's footer and last section, marked before any script of the page runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          for (const el of [document.querySelector('footer.site-footer'), document.querySelector('main > section:last-of-type')]) if (el) (el as unknown as { serverNode: boolean }).serverNode = true;
        });
      });
      await page.goto(e2e.srv.url + path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint' || e.name === 'first-contentful-paint');
        const code = performance.getEntriesByType('resource').filter((e) => /\/assets\/.*\.(js|json)$/.test(e.name));
        return { paint: paint?.startTime, code: code.map((e) => ({ name: e.name, start: e.startTime })) };
      });
      assert.ok(timing.paint != null, 'a paint entry');
      assert.ok(timing.code.length >= 3, JSON.stringify(timing.code));
      for (const c of timing.code) assert.ok(c.start >= timing.paint!, `${c.name} requested at ${c.start} ms, before the first paint at ${timing.paint} ms`);

      assert.equal(await page.getAttribute('html', 'data-hydrated-later'), String(later));
      const dom = await page.evaluate(() => ({
        footers: document.querySelectorAll('footer.site-footer').length,
        footerKept: (document.querySelector('footer.site-footer') as unknown as { serverNode?: boolean }).serverNode === true,
        lastKept: (document.querySelector('main > section:last-of-type') as unknown as { serverNode?: boolean } | null)?.serverNode !== false,
        linksInRoot: document.querySelectorAll('#root link').length,
      }));
      assert.deepEqual(dom, { footers: 1, footerKept: true, lastKept: true, linksInRoot: 0 });
      // A control inside a later part answers: the footer's newsletter form, sent empty, says so
      // (without its script, the browser would post the form to the server).
      await page.locator('footer form button[type=submit]').click();
      await page.locator('.toast').first().waitFor();
      assert.equal(new URL(page.url()).pathname, path, 'the form stayed on the page');
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  test('home: the project filters (a later part) work, and a client navigation renders the parts at once', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(e2e.srv.url + '/about');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(e2e.srv.url + '/');
    await page.locator('#team').waitFor();
    assert.equal(await page.locator('main > section').count(), 8);
    assert.equal(await page.locator('footer.site-footer').count(), 1);
    const filter = page.locator('.home-projects .filters button').nth(1);
    await filter.click();
    assert.equal(await filter.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
