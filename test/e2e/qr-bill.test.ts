// The contact page's bank block in Chromium: the QR-bill stays unloaded until the donor opens it
// (it must not weigh down the page), opens by keyboard, loads, and the page stays axe-clean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

describe('QR-bill on the contact page in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const [path, summary, alt] of [
    ['/contact', 'Show the QR-bill', /^Swiss QR-bill for a donation to .*: account CH52 0000 0000 0123 4567 8, reference RF10 GIFT/],
    ['/de/contact', 'QR-Rechnung anzeigen', /^Schweizer QR-Rechnung für eine Spende an .*: Konto CH52 0000 0000 0123 4567 8, Referenz RF10 GIFT/],
  ] as const) {
    test(`${path}: the bill is fetched only when opened (keyboard), then shown; axe-core clean`, async () => {
      const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 844 } });
      const billRequests: string[] = [];
      page.on('request', (r) => {
        if (/\/qr-bill\.(svg|pdf)$/.test(new URL(r.url()).pathname)) billRequests.push(r.url());
      });
      await page.goto(e2e.srv.url + path);
      await waitForHydration(page);
      const toggle = page.locator('summary', { hasText: summary });
      await toggle.scrollIntoViewIfNeeded();
      // Two frames drawn with the closed bill on screen: a lazy picture that were to load would
      // have been asked for by then (the browser decides it when it draws). Its element says it was not.
      const bill = page.locator('details').filter({ has: toggle }).locator('img');
      const state = await bill.evaluate(
        (img: HTMLImageElement) =>
          new Promise<{ complete: boolean; width: number; loaded: number }>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve({ complete: img.complete, width: img.naturalWidth, loaded: performance.getEntriesByType('resource').filter((e) => /\/qr-bill\.(svg|pdf)$/.test(new URL(e.name).pathname)).length }),
              ),
            ),
          ),
      );
      assert.deepEqual(state, { complete: false, width: 0, loaded: 0 }, 'the bill is not loaded with the page');
      assert.deepEqual(billRequests, [], 'nothing of the bill is asked for with the page');

      await toggle.focus();
      await page.keyboard.press('Enter');
      const img = page.getByRole('img', { name: alt });
      await img.waitFor();
      // decode() resolves once the picture has loaded and can be drawn (it fails if it cannot load).
      await img.evaluate((el) => (el as HTMLImageElement).decode());
      assert.ok((await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)) > 0);
      assert.equal(billRequests.length, 1);
      assert.match(billRequests[0]!, path.startsWith('/de') ? /\/de\/qr-bill\.svg$/ : /[^e]\/qr-bill\.svg$/);
      const box = await img.boundingBox();
      assert.ok(box && box.width > 250, `the bill is ${box?.width}px wide`);

      const violations = await axeSerious(page);
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
