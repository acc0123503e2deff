// The home page in Chromium: how much a phone and a desktop show of it, the donation tiers, the
// language switch, the navigation bar and the phone menu (with and before JavaScript), the project
// filter, the slideshow, the logo's easter egg, the chat link and the footer map. Its axe-core check,
// its layout and a clean console after every island woke are in the walk of every public page
// (the layout walk of test/e2e/layout-walk.ts, / and /de at 390 and 1280 px). The page is the same document on
// PostgreSQL (test/api/same-markup.test.ts): the file runs in the SQLite run.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serverAndBrowser, waitForHydration, waitForLoader, watchedPage } from '../helpers';

/** One property of the hero's progress-bar animation (Web Animations API). */
async function barAnimation(page: Page, key: 'playState' | 'duration' | 'easing' | 'currentTime'): Promise<unknown> {
  return page.locator('.hero-progress-bar').evaluate((el, k) => {
    const a = el.getAnimations()[0];
    if (!a) return null;
    if (k === 'playState') return a.playState;
    if (k === 'currentTime') return Number(a.currentTime);
    // A CSS animation's timing function applies per keyframe (from -> to: the whole run).
    const effect = a.effect as KeyframeEffect;
    return k === 'duration' ? effect.getTiming().duration : effect.getKeyframes()[0]!.easing;
  }, key);
}

/** Waits until the hero's progress bar is in this play state (it follows the pointer in a render of its own). */
const barIs = (page: Page, state: 'running' | 'paused') =>
  page.waitForFunction((s) => document.querySelector('.hero-progress-bar')?.getAnimations()[0]?.playState === s, state, { timeout: 10_000 });

describe('home page in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const [path, labels] of [
    ['/', { projects: 'Show all projects', team: 'Meet the whole team', funding: 'Need Funding' }],
    ['/de', { projects: 'Alle Projekte anzeigen', team: 'Das ganze Team kennenlernen', funding: 'Finanzierung gesucht' }],
  ] as const) {
    test(`${path} on a phone: a few cards per section, the figures once, links to everything; every card still in the page`, async () => {
      const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 844 } });
      await page.goto(e2e.srv.url + path);
      await waitForHydration(page);
      const shown = (selector: string) => page.locator(`${selector}:visible`).count();
      assert.equal(await page.locator('#projects .project-grid > li').count(), 10);
      assert.equal(await shown('#projects .project-grid > li'), 3);
      assert.equal(await page.locator('#team .member-card').count(), 13);
      assert.equal(await shown('#team .member-card'), 3, 'one face per team group');
      assert.equal(await shown('#team .team-group h3'), 3);
      assert.equal(await shown('#news article'), 2);
      assert.equal(await shown('dl.figures'), 1, 'the figures once');
      assert.equal(await shown('#impact dl.figures'), 1);
      // Filters still filter, and still show a few.
      await page.locator('#projects').getByRole('button', { name: labels.funding }).click();
      await page.locator('#projects').getByRole('button', { name: labels.funding, pressed: true }).waitFor();
      assert.equal(await shown('#projects .project-grid > li'), 3);
      assert.equal(await page.locator('#projects .project-grid > li').count(), 4);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // It was 21,452 px (English) and 22,372 px (German) with every card and biography shown.
      assert.ok(height < 13000, `the home page is ${height} px tall at 390 px`);
      const team = page.getByRole('link', { name: labels.team });
      assert.ok(await team.isVisible());
      await page.getByRole('link', { name: labels.projects }).click();
      await page.waitForURL(e2e.srv.url + (path === '/' ? '/projects' : '/de/projects'));
      await page.locator('.home-projects').waitFor({ state: 'detached' });
      assert.equal(await page.locator('.project-grid > li:visible').count(), 10, 'the projects page shows them all');
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  // One page load for everything a desktop visitor does on the home page without leaving it; the
  // page's clock is Playwright's, so the slideshow's and the easter egg's timers run when the test says.
  test('a desktop, one visit: every project and member shown, the chat link, the dropdowns by keyboard, the project filter, the slideshow standing still under reduced motion, the logo\'s message, the map on demand, a footer link to the top of its page', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);

    // Every project and member is shown; only the team keeps its link.
    const shown = (selector: string) => page.locator(`${selector}:visible`).count();
    assert.equal(await shown('#projects .project-grid > li'), 10);
    assert.equal(await shown('#team .member-card'), 13);
    assert.equal(await shown('#news article'), 4);
    assert.equal(await shown('dl.figures'), 2);
    assert.equal(await page.getByRole('link', { name: 'Show all projects' }).isVisible(), false);
    assert.equal(await page.getByRole('link', { name: 'Meet the whole team' }).isVisible(), true);

    // The WhatsApp button opens a chat in a new tab with a greeting.
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    assert.equal(await chat.getAttribute('target'), '_blank');
    assert.match((await chat.getAttribute('rel'))!, /noopener/);
    assert.match((await chat.getAttribute('href'))!, /^https:\/\/wa\.me\/\d+\?text=Hello/);

    // Desktop dropdowns open by keyboard and close with Escape.
    const programs = page.getByRole('button', { name: 'Programs' });
    await programs.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Programs', expanded: true }).waitFor();
    assert.equal(await page.locator('#menu-programs').getByRole('link', { name: 'Food Security' }).isVisible(), true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Programs', expanded: false }).waitFor();

    // The project filter shows only matching projects.
    const section = page.locator('#projects');
    const filters = section.getByRole('group', { name: 'Filter projects by status' });
    const all = await section.locator('article').count();
    await filters.getByRole('button', { name: 'Completed', exact: true }).click();
    await filters.getByRole('button', { name: 'Completed', exact: true, pressed: true }).waitFor();
    const completed = await section.locator('article').count();
    assert.ok(completed > 0 && completed < all);
    assert.equal(await section.getByText('Project Successfully Completed').count(), completed);
    assert.equal(await section.getByRole('button', { name: 'Completed', pressed: true }).count(), 1);
    await filters.getByRole('button', { name: 'Need Funding', exact: true }).click();
    await filters.getByRole('button', { name: 'Need Funding', exact: true, pressed: true }).waitFor();
    assert.ok((await section.locator('article').count()) > 0);
    const support = await section.getByRole('link', { name: /Support Project/ }).first().getAttribute('href');
    assert.match(support!, /^\/checkout\?project=[a-z0-9-]+$/);
    await filters.getByRole('button', { name: 'All', exact: true }).click();
    await filters.getByRole('button', { name: 'All', exact: true, pressed: true }).waitFor();
    assert.equal(await section.locator('article').count(), all);

    // The slideshow: a dot jumps to its slide; under reduced motion (these tests' default) it does
    // not move by itself: the bar stands still, and no timer of the page moves it on in 7 s.
    assert.equal(await page.getByRole('button', { name: /Show slide/ }).count(), 6);
    await page.getByRole('button', { name: 'Show slide 4' }).click();
    const slide4 = page.locator('.hero-dots .dot[aria-current="true"][aria-label="Show slide 4"]');
    await slide4.waitFor();
    assert.match((await page.locator('.hero-slide.active figcaption').textContent())!, /Medical transport/);
    await page.mouse.move(5, 890);
    await barIs(page, 'paused');
    await page.clock.runFor(7000);
    assert.equal(await slide4.count(), 1, 'still the fourth slide');
    assert.equal(await barAnimation(page, 'playState'), 'paused');

    // The logo's easter egg counts clicks; each message shows for 3 s after its click (the page's
    // time stands still between the clicks, so the test's own pace does not matter).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const logo = page.getByRole('button', { name: /Our logo/ });
    const bubble = page.locator('.egg-bubble');
    for (let i = 0; i < 9; i++) await logo.click();
    await page.clock.runFor(2000);
    await logo.click();
    assert.equal((await logo.textContent())?.trim(), '10');
    assert.match((await bubble.textContent())!, /Badge: Explorer/);
    // The first click's 3 s are over, the tenth's are not: its message stays.
    await page.clock.runFor(2999);
    assert.match((await bubble.textContent())!, /Badge: Explorer/);
    await page.clock.runFor(1);
    await bubble.getByText(/Badge: Explorer/).waitFor({ state: 'detached' });
    await page.clock.resume();

    // The footer map loads only when asked for.
    assert.equal(await page.locator('iframe').count(), 0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Show map' }).click();
    const map = page.locator('iframe');
    await map.waitFor();
    assert.match((await map.getAttribute('src'))!, /openstreetmap\.org/);

    // A footer link loads its page at the top (a page load: no page JSON is asked for).
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.waitForFunction(() => window.scrollY > 0);
    let jsonAsked = false;
    page.on('request', (r) => {
      if (r.headers()['accept'] === 'application/json' && r.url().endsWith('/about')) jsonAsked = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(e2e.srv.url + '/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.equal(jsonAsked, false);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a tap anywhere on a donation tier opens the checkout with its amount, also before any script runs', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(e2e.srv.url + '/de');
      if (javaScriptEnabled) await waitForHydration(page);
      // Not the button: the words on the card (the tier's link covers the whole card).
      const words = page.locator('.tier-description').nth(2);
      await words.scrollIntoViewIfNeeded();
      const box = (await words.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForURL(e2e.srv.url + '/de/checkout?amount=3500&currency=chf');
      await page.goto(e2e.srv.url + '/');
      await page.getByRole('link', { name: 'Donate Now' }).click();
      await page.waitForURL(e2e.srv.url + '/checkout?amount=150&currency=usd');
      await context.close();
    }
  });

  test('the EN/DE switch goes to the twin URL and remembers the choice', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    // The header's switch shown at this width (the phone bar's is hidden).
    await page.getByRole('banner').getByRole('link', { name: 'Deutsch' }).filter({ visible: true }).click();
    await page.waitForURL(e2e.srv.url + '/de');
    await page.getByRole('heading', { level: 1, name: /Gemeinsam Zukunft bauen/ }).waitFor();
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    assert.equal(await page.evaluate(() => localStorage.getItem('preferredLanguage')), 'de');
    const cookies = await page.context().cookies();
    assert.equal(cookies.find((c) => c.name === 'lang')?.value, 'de');
    // Coming back to the front door later lands on the German home page.
    await page.goto(e2e.srv.url + '/');
    assert.equal(new URL(page.url()).pathname, '/de');
    // The hreflang alternates and canonical follow the client-side navigation too.
    assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'http://localhost:5000/de');
    await page.getByRole('banner').getByRole('link', { name: 'English' }).filter({ visible: true }).click();
    await page.waitForURL(e2e.srv.url + '/');
    await page.getByRole('heading', { level: 1, name: /Building a future/ }).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a navigation-bar link to the page already shown loads it again at the top', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(e2e.srv.url + '/de/team');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY > 0);
    // The page shown now is marked: what is measured below is the page loaded by the click.
    await page.evaluate(() => {
      (window as unknown as { shownBefore: boolean }).shownBefore = true;
    });
    const loaded = page.waitForEvent('domcontentloaded');
    await page.getByRole('navigation', { name: /Hauptnavigation|Main navigation/ }).getByRole('link', { name: 'Team', exact: true }).click();
    await loaded;
    await waitForLoader(page);
    assert.equal(await page.evaluate(() => (window as unknown as { shownBefore?: boolean }).shownBefore), undefined, 'a new page');
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.equal(page.url(), e2e.srv.url + '/de/team');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('mobile menu: groups Programs and Main, closes when a link is chosen', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await menu.waitFor({ state: 'visible' });
    assert.equal(await menu.getByText('Programs', { exact: true }).isVisible(), true);
    assert.equal(await menu.getByText('Main', { exact: true }).isVisible(), true);
    assert.equal(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'), 'true');
    // For one click the link does not navigate (a listener of the page's own prevents it, after the
    // menu's): the menu is seen closing on the page still shown. (Holding the team page's request
    // would not do: the Speculation Rules may have it loaded before the click.)
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { once: true }));
    await menu.getByRole('link', { name: 'Team' }).click();
    await menu.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'), 'false');
    assert.equal(page.url(), e2e.srv.url + '/');
    // Chosen again, the link opens the team page.
    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(e2e.srv.url + '/team');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('before any script runs, the phone menu, the language switch and Donate work as plain links', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    for (const [path, openMenu, donate, other] of [
      ['/de/about', 'Menü öffnen', 'Spenden', 'EN'],
      ['/about', 'Open menu', 'Donate', 'DE'],
    ] as const) {
      await page.goto(e2e.srv.url + path);
      const menu = page.locator('#mobile-menu');
      assert.equal(await menu.isVisible(), false);
      await page.getByRole('link', { name: openMenu }).click();
      assert.equal(await menu.isVisible(), true, `${path}: the menu opens without JavaScript`);
      await menu.getByRole('link', { name: 'Team' }).click();
      await page.waitForURL(e2e.srv.url + (path.startsWith('/de') ? '/de/team' : '/team'));
      assert.equal(await page.locator('#mobile-menu').isVisible(), false);
      await page.goto(e2e.srv.url + path);
      assert.equal(await page.locator('.nav-mobile-bar').getByRole('link', { name: donate }).getAttribute('href'), path.startsWith('/de') ? '/de/checkout' : '/checkout');
      await page.locator('.nav-mobile-bar').getByRole('link', { name: new RegExp(`^${other}`) }).click();
      await page.waitForURL(e2e.srv.url + (path.startsWith('/de') ? '/about' : '/de/about'));
    }
    await context.close();
  });

  test('a menu opened before the script ran stays open as the button takes over', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(e2e.srv.url + '/about#mobile-menu');
    await waitForHydration(page);
    assert.equal(await page.locator('#mobile-menu').isVisible(), true);
    const close = page.getByRole('button', { name: 'Close menu' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    assert.equal(new URL(page.url()).hash, '');
    await close.click();
    await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('slideshow with motion allowed: a 6 s bar in 10 ms ticks, paused while pointed at, each finished bar shows the next slide', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { reducedMotion: 'no-preference' });
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    await page.mouse.move(5, 890);
    await barIs(page, 'running');
    assert.equal(await barAnimation(page, 'duration'), 6000);
    assert.match(String(await barAnimation(page, 'easing')), /^steps\(600(, end)?\)$/, '600 ticks of 10 ms');
    // Pointing at the slideshow pauses it (the time already run is kept); leaving resumes it.
    await page.locator('.hero h1').hover();
    await barIs(page, 'paused');
    await page.mouse.move(5, 890);
    await barIs(page, 'running');
    // Pointed at again, no bar ends by itself however slow the machine (its 6 s may even have run
    // out before: the slide is read, not assumed): each bar finished here shows the next slide,
    // round to where it began.
    await page.locator('.hero h1').hover();
    await barIs(page, 'paused');
    const current = async () => Number((await page.locator('.hero-dots .dot[aria-current="true"]').getAttribute('aria-label'))!.match(/\d+/)![0]);
    const from = await current();
    for (let k = 1; k <= 6; k++) {
      const n = ((from - 1 + k) % 6) + 1;
      await page.locator('.hero-progress-bar').evaluate((el) => el.getAnimations()[0]!.finish());
      await page.locator(`.hero-dots .dot[aria-current="true"][aria-label="Show slide ${n}"]`).waitFor();
    }
    // A new slide starts its bar from zero.
    assert.ok(Number(await barAnimation(page, 'currentTime')) < 6000);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
