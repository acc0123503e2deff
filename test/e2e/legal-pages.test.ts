// The privacy notice and the imprint in Chromium, as a visitor finds them: the footer's privacy and
// terms links (to the about page, as the spec says) land on the about page's sections, whose
// links open the full texts; keyboard only, in English and German, on a phone and a laptop.
// axe-core and the layout of both pages are checked with every content page
// (static-pages-a11y.test.ts, layout.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, waitForLoader, watchedPage } from '../helpers';

const CASES = [
  { lang: 'en', width: 390, footer: 'Privacy', section: 'Your data with us', link: 'Read the privacy notice', path: '/privacy', h1: 'Privacy notice', hash: '#privacy' },
  { lang: 'de', width: 1280, footer: 'Nutzungsbedingungen', section: 'Wer diese Website betreibt', link: 'Zum Impressum und zu den Nutzungsbedingungen', path: '/de/imprint', h1: 'Impressum', hash: '#imprint' },
] as const;

describe('privacy notice and imprint in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const c of CASES) {
    test(`${c.lang} at ${c.width}px: footer link "${c.footer}", the about page's section, then the full text, by keyboard`, async () => {
      const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: c.width, height: 800 } });
      await page.goto(e2e.srv.url + (c.lang === 'en' ? '/' : '/de'));
      await waitForLoader(page);
      const footerLink = page.locator('footer .footer-legal').getByRole('link', { name: c.footer, exact: true });
      await footerLink.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${c.lang === 'en' ? '/about' : '/de/about'}${c.hash}`);
      // The section the link names is on the screen.
      const heading = page.getByRole('heading', { level: 2, name: c.section });
      await heading.waitFor();
      const box = await heading.boundingBox();
      assert.ok(box && box.y >= 0 && box.y < 800, `the section's heading is on the screen (y ${box?.y})`);
      const more = page.getByRole('link', { name: c.link });
      await more.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${c.path}`);
      assert.equal(await page.locator('main h1').innerText(), c.h1);
      assert.equal(await page.getAttribute('html', 'lang'), c.lang);
      // The organisation's postal address and e-mail address are on the page.
      const address = page.locator('main address.org-address');
      assert.match(await address.innerText(), /Musterstrasse 12[\s\S]*6000 Luzern[\s\S]*info@example\.org/);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});
