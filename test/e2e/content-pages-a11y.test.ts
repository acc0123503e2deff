import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, ON_POSTGRES, serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

// Projects, project detail (with the long Nook sections), the template project, news and an
// article with every kind of gallery: axe-core finds nothing serious or critical, in both
// languages, on a phone and on a desktop, and the console stays clean. What is checked depends on the
// markup only, and these pages are byte for byte the same document on PostgreSQL
// (test/api/same-markup.test.ts): they are walked in the SQLite run. The other tests here (the
// not-found pages, moving between pages) run on both.
const PAGES = [
  '/projects',
  '/projects/nook-vocational-training-center',
  '/projects/new-project-template',
  '/news',
  '/news/solar-infrastructure-brings-light-to-the-tariro-nook',
  '/news/annual-report-2024-published',
];

describe('projects and news pages pass axe-core', () => {
  const e2e = serverAndBrowser();

  for (const base of PAGES) {
    for (const lang of ['en', 'de'] as const) {
      const path = lang === 'de' ? `/de${base}` : base;
      test(`${path} at 390 and 1280 px`, { skip: ON_POSTGRES ? 'the same markup as on SQLite (test/api/same-markup.test.ts)' : false }, async () => {
        for (const width of [390, 1280]) {
          const { page, problems } = await watchedPage(e2e.browser, { viewport: { width, height: 900 } });
          await page.goto(e2e.srv.url + path);
          await waitForHydration(page);
          assert.equal(await page.getAttribute('html', 'lang'), lang);
          assert.equal(await page.locator('main h1').count(), 1, 'exactly one h1');
          // Nothing wider than the screen (long German words, tables).
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${path} at ${width}px is ${overflow}px wider than the screen`);
          const violations = await axeSerious(page);
          assert.deepEqual(violations, [], `${path} at ${width}px: ${JSON.stringify(violations, null, 2)}`);
          assert.deepEqual(problems, [], `${path} at ${width}px`);
          await page.context().close();
        }
      });
    }
  }

  for (const path of ['/projects/no-such-project', '/de/news/no-such-article']) {
    test(`not-found page ${path}`, async () => {
      const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 900 } });
      const res = await page.goto(e2e.srv.url + path);
      assert.equal(res?.status(), 404);
      await waitForHydration(page);
      assert.deepEqual(await axeSerious(page), []);
      // The browser reports the 404 of the document itself; nothing else may appear.
      assert.deepEqual(problems.filter((p) => !/status of 404/.test(p)), []);
      await page.context().close();
    });
  }

  test('client-side navigation from the news list to an article and on to its project', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/news');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Solar Infrastructure Brings Light to the Tariro Nook' }).click();
    await page.waitForURL(e2e.srv.url + '/news/solar-infrastructure-brings-light-to-the-tariro-nook');
    await page.getByRole('heading', { level: 1, name: 'Solar Infrastructure Brings Light to the Tariro Nook' }).waitFor();
    // The body arrived as sanitized HTML in the JSON payload and its gallery works.
    await page.locator('.article-body .gallery-open').first().click();
    await page.getByRole('dialog', { name: 'Image viewer' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'View Project' }).click();
    await page.waitForURL(e2e.srv.url + '/projects/nook-solar-power');
    await page.getByRole('heading', { level: 1, name: 'Solar Power for the Tariro Nook' }).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
