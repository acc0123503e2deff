// Islands in Chromium, under the site's Content-Security-Policy: a text page runs nothing but the
// loader until a person touches it; the first touch wakes the part touched, and the click that woke
// it counts (the logo's easter egg, the phone menu, a project filter); what was typed before a form
// woke is kept; the home page's slideshow and the checkout wake by themselves. Moving between
// pages is an ordinary page load, with the head and the language of the page loaded, Speculation
// Rules named by a header, and a View Transition unless the visitor asks for less motion.
// The pages are the same document on PostgreSQL (test/api/same-markup.test.ts): SQLite run only.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serverAndBrowser, waitForLoader, watchedPage } from '../helpers';

/** Scripts and locale files the page asked for, by file name. */
function assetsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/assets\/.*\.(js|json)$/.test(path)) asked.push(path.replace(/^\/assets\//, ''));
  });
  return asked;
}

/**
 * Everything a page does by itself after its loader ran, done: every timer and idle callback due in
 * the next 10 s (an island that wakes when idle, or some seconds after the first paint: the
 * slideshow's 6 s), the first intersection observations (an island that wakes when seen), then a
 * request of the page's own that finished, so that any request started before it has been
 * recorded. The page's clock must be Playwright's (page.clock.install() before goto).
 */
async function untouchedForAWhile(page: Page): Promise<void> {
  await page.clock.runFor(10_000);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const seen = new IntersectionObserver(() => {
          seen.disconnect();
          resolve();
        });
        seen.observe(document.body);
      }),
  );
  assert.equal(await page.evaluate(() => fetch('/speculation-rules.json', { cache: 'no-store' }).then((r) => r.status)), 200);
}

const island = (page: Page, name: string) => page.locator(`vb-island[data-island="${name}"]`).first();
const awake = (page: Page, name: string) => page.waitForFunction((n) => (document.querySelector(`vb-island[data-island="${n}"]`) as HTMLElement | null)?.dataset.hydrated === 'true', name);

describe('islands in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const path of ['/about', '/de/tariro-nook', '/team', '/de/projects/new-project-template']) {
    test(`${path}: only the loader runs before a person touches the page`, async () => {
      const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
      const asked = assetsAsked(page);
      // The page's clock is Playwright's: the timers and idle callbacks the loader set run when the
      // test says, instead of the test waiting some time for them.
      await page.clock.install();
      await page.goto(e2e.srv.url + path);
      await waitForLoader(page);
      await untouchedForAWhile(page);
      assert.deepEqual(asked.filter((f) => !/^loader-/.test(f)), [], 'no framework, island or text file');
      // The chat link and every other link work without any of it.
      assert.ok((await page.locator('a.whatsapp-fab').getAttribute('href'))?.startsWith('https://wa.me/'));
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  test("the logo's first click counts, and the phone menu opens on the first tap", async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    const asked = assetsAsked(page);
    await page.goto(e2e.srv.url + '/de/vision');
    await waitForLoader(page);
    await page.locator('.egg-logo').click();
    await awake(page, 'header');
    await page.locator('.egg-counter').waitFor();
    assert.equal(await page.locator('.egg-counter').innerText(), '1', 'the click that woke the header is its first');
    assert.ok(asked.some((f) => f.startsWith('runtime-')) && asked.some((f) => f.startsWith('island-header-')));
    assert.ok(asked.some((f) => /^locale-de-island-header-/.test(f)), 'the German text of the header only');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Projekte' }).first().waitFor();
    assert.equal(await page.locator('#mobile-menu').isVisible(), true);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a project filter chosen before the list woke says it is on its way, then is applied', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    // A slow line: the list's code arrives a second after the tap.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/island-projects-[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(e2e.srv.url + '/projects');
    await waitForLoader(page);
    assert.equal(await island(page, 'projects').getAttribute('data-hydrated'), null);
    const all = await page.locator('.project-grid > li').count();
    const completedButton = page.getByRole('group', { name: 'Filter projects by status' }).getByRole('button', { name: 'Completed', exact: true });
    await completedButton.click();
    // Held: the button says so (busy, and shown as waiting) until the list can act on it.
    assert.equal(await completedButton.getAttribute('aria-busy'), 'true');
    assert.equal(await completedButton.getAttribute('data-waking'), '');
    assert.equal(await completedButton.evaluate((b) => getComputedStyle(b).cursor), 'progress');
    release();
    await awake(page, 'projects');
    await page.waitForFunction(() => !document.querySelector('.filters [aria-busy]'));
    assert.equal(await completedButton.getAttribute('data-waking'), null);
    await page.waitForFunction(() => document.querySelector('.filters [aria-pressed="true"]')?.textContent === 'Completed');
    const completed = await page.locator('.project-grid > li').count();
    assert.ok(completed > 0 && completed < all, `${completed} of ${all} projects shown`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('what was typed into the contact form before it woke is what it checks and sends', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(e2e.srv.url + '/contact');
    await waitForLoader(page);
    await page.locator('#contact-name').fill('Anna Muster');
    await page.locator('#contact-email').fill('anna@example.org');
    await awake(page, 'contact-form');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#contact-subject[aria-invalid="true"]').waitFor();
    // Name and e-mail were kept: only subject and message are asked for.
    assert.equal(await page.locator('#contact-name').inputValue(), 'Anna Muster');
    assert.equal(await page.locator('#contact-name').getAttribute('aria-invalid'), null);
    assert.equal(await page.locator('#contact-subject').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('text that arrives without a key or a focus (autofill, an assistive tool) wakes the form too', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(e2e.srv.url + '/de/contact');
    await waitForLoader(page);
    // What a browser's autofill does: a value and an input event, no focus, no key.
    await page.evaluate(() => {
      const field = document.querySelector<HTMLInputElement>('#contact-email')!;
      field.value = 'anna@example.org';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await awake(page, 'contact-form');
    assert.equal(await page.locator('#contact-email').inputValue(), 'anna@example.org');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the home page: the slideshow wakes by itself, with its first slide preloaded from the head', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    // Its 6 s pass on Playwright's clock, at once.
    await page.clock.install();
    await page.goto(e2e.srv.url + '/');
    await waitForLoader(page);
    assert.equal(await island(page, 'slideshow').getAttribute('data-hydrated'), null, 'not before its time');
    await page.clock.runFor(7000);
    await awake(page, 'slideshow');
    assert.equal(await page.locator('head link[rel=preload][as=image]').first().getAttribute('href'), '/images/hero/slide-1.svg');
    assert.equal(await page.locator('body link').count(), 0, 'no link elements in the body');
    // The other parts wait for a person.
    assert.equal(await island(page, 'projects').getAttribute('data-hydrated'), null);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('moving to another page is a page load, with its own head and language; rules and transitions are in place', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    const first = await page.goto(e2e.srv.url + '/about');
    assert.equal(first!.headers()['speculation-rules'], '"/speculation-rules.json"');
    const rules = await (await fetch(e2e.srv.url + '/speculation-rules.json')).json();
    assert.ok(JSON.stringify(rules).includes('data-lang-choice'), 'the language switch is never prerendered');
    await waitForLoader(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator('a[data-lang-choice="de"]').first().click();
    await page.waitForURL(e2e.srv.url + '/de/about');
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), undefined, 'a new document');
    // The canonical address is the configured public origin's (PUBLIC_URL), with this page's path.
    assert.equal(new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!).pathname, '/de/about');
    assert.equal(await page.evaluate(() => localStorage.getItem('preferredLanguage')), 'de', 'the choice is remembered');
    // The cross-document View Transition is declared in the page's own CSS.
    assert.ok(await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => s.textContent!.includes('@view-transition'))));
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
