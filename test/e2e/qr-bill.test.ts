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

// Giving without a card (no Stripe keys), in German: the home page's tier keeps its amount on the
// setup screen's bill, a project's donate link its project, the PDF of that bill downloads, the
// reference form answers in place, and the footer leads to "Meine Spenden verwalten".
describe('the checkout without card payments in Chromium (German)', () => {
  const e2e = serverAndBrowser();

  test("home tier -> the bill with the amount; a project's bill and PDF; the reference form; the footer's manage link", async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.srv.url}/de`);
    await waitForHydration(page);
    await page.locator('.tier-popular .tier-choose').click();
    await page.getByRole('heading', { name: 'Einrichtung des Spendensystems erforderlich' }).waitFor();
    const setup = page.locator('.setup-required');
    await setup.locator('dd', { hasText: 'CHF 150.00' }).waitFor();
    const bill = page.getByRole('img', { name: /^Schweizer QR-Rechnung für eine Spende von CHF 150.00 an / });
    assert.match((await bill.getAttribute('src')) ?? '', /^\/de\/qr-bill\.svg\?amount=150\.00&currency=chf$/);
    await bill.evaluate((el) => (el as HTMLImageElement).decode());

    // A project's donate link: its reference, and its own PDF, which downloads.
    const project = (await (await page.request.get(`${e2e.srv.url}/api/projects`)).json()) as { slug: string; bankReference: string }[] | { projects: { slug: string; bankReference: string }[] };
    const first = (Array.isArray(project) ? project : project.projects)[0]!;
    await page.goto(`${e2e.srv.url}/de/checkout?amount=150&project=${first.slug}`);
    await waitForHydration(page);
    await setup.locator('dd', { hasText: first.bankReference.replace(/(.{4})(?=.)/g, '$1 ') }).waitFor();
    const pdfLink = page.getByRole('link', { name: 'QR-Rechnung herunterladen (PDF)' });
    const href = (await pdfLink.getAttribute('href')) ?? '';
    assert.equal(href, `/de/qr-bill.pdf?project=${first.slug}&amount=150.00&currency=chf`);
    const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    assert.equal(download.suggestedFilename(), 'qr-rechnung-spende.pdf');

    // The reference form, with JavaScript: the answer in place.
    await page.getByLabel('Ihre E-Mail-Adresse').fill('dauerauftrag@example.ch');
    await page.getByRole('button', { name: 'Meine Referenz senden' }).click();
    await page.getByRole('status').filter({ hasText: 'Ihre Referenz ist mit den Schritten und unserem Konto unterwegs' }).waitFor();

    // The footer's link to the donors' page.
    await page.locator('footer').getByRole('link', { name: 'Meine Spenden verwalten' }).click();
    await page.waitForURL(/\/de\/donations\/manage$/);
    await page.getByRole('heading', { level: 1, name: 'Meine Spenden verwalten' }).waitFor();
    const violations = await axeSerious(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
