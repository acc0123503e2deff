// The contact page's bank block in Chromium: the QR-bill stays unloaded until the donor opens it
// (it must not weigh down the page), opens by keyboard, loads, and the page stays axe-clean.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, until, waitForHydration, watchedPage } from '../helpers';

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
      await page.waitForLoadState('networkidle');
      assert.deepEqual(billRequests, [], 'nothing of the bill is loaded with the page');

      await toggle.focus();
      await page.keyboard.press('Enter');
      const img = page.getByRole('img', { name: alt });
      await img.waitFor();
      await until(async () => (await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)) > 0, 'the QR-bill picture to load');
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
