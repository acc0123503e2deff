import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, until, waitForHydration, watchedPage } from '../helpers';

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

describe('home page in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const [path, lang] of [['/', 'en'], ['/de', 'de']] as const) {
    for (const width of [390, 1280]) {
      test(`${path} at ${width}px hydrates without console problems and passes axe-core`, async () => {
        const { page, problems } = await watchedPage(e2e.browser, { viewport: { width, height: 900 } });
        await page.goto(e2e.srv.url + path);
        await waitForHydration(page);
        assert.equal(await page.getAttribute('html', 'lang'), lang);
        const violations = await axeSerious(page);
        assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
        assert.deepEqual(problems, []);
        await page.context().close();
      });
    }
  }

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

  test('a desktop shows every project and member; only the team keeps its link', async () => {
    const { page } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(e2e.srv.url + '/');
    const shown = (selector: string) => page.locator(`${selector}:visible`).count();
    assert.equal(await shown('#projects .project-grid > li'), 10);
    assert.equal(await shown('#team .member-card'), 13);
    assert.equal(await shown('#news article'), 4);
    assert.equal(await shown('dl.figures'), 2);
    assert.equal(await page.getByRole('link', { name: 'Show all projects' }).isVisible(), false);
    assert.equal(await page.getByRole('link', { name: 'Meet the whole team' }).isVisible(), true);
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
    await page.getByRole('banner').getByRole('link', { name: 'Deutsch' }).first().click();
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
    await page.getByRole('banner').getByRole('link', { name: 'English' }).first().click();
    await page.waitForURL(e2e.srv.url + '/');
    await page.getByRole('heading', { level: 1, name: /Building a future/ }).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a footer link loads its page at the top (a page load: no page JSON is asked for)', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
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

  test('a navigation-bar link to the page already shown scrolls it to the top', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(e2e.srv.url + '/de/team');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY > 0);
    await page.getByRole('navigation', { name: /Hauptnavigation|Main navigation/ }).getByRole('link', { name: 'Team', exact: true }).click();
    await page.waitForFunction(() => window.scrollY === 0);
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
    assert.equal(await menu.isVisible(), true);
    assert.equal(await menu.getByText('Programs', { exact: true }).isVisible(), true);
    assert.equal(await menu.getByText('Main', { exact: true }).isVisible(), true);
    assert.equal(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'), 'true');
    await menu.getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(e2e.srv.url + '/team');
    assert.equal(await menu.isVisible(), false);
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
      await menu.getByRole('link', { name: path.startsWith('/de') ? 'Team' : 'Team' }).click();
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
    const { page } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(e2e.srv.url + '/about#mobile-menu');
    await waitForHydration(page);
    assert.equal(await page.locator('#mobile-menu').isVisible(), true);
    const close = page.getByRole('button', { name: 'Close menu' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    assert.equal(new URL(page.url()).hash, '');
    await close.click();
    assert.equal(await page.locator('#mobile-menu').isVisible(), false);
    await page.context().close();
  });

  test('desktop dropdowns open by keyboard and close with Escape', async () => {
    const { page } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    const programs = page.getByRole('button', { name: 'Programs' });
    await programs.focus();
    await page.keyboard.press('Enter');
    assert.equal(await programs.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByRole('link', { name: 'Food Security' }).first().isVisible(), true);
    await page.keyboard.press('Escape');
    assert.equal(await programs.getAttribute('aria-expanded'), 'false');
    await page.context().close();
  });

  test('project filter shows only matching projects', async () => {
    const { page } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    const section = page.locator('#projects');
    const all = await section.locator('article').count();
    await section.getByRole('button', { name: 'Completed' }).first().click();
    const completed = await section.locator('article').count();
    assert.ok(completed > 0 && completed < all);
    assert.equal(await section.getByText('Project Successfully Completed').count(), completed);
    assert.equal(await section.getByRole('button', { name: 'Completed', pressed: true }).count(), 1);
    await section.getByRole('button', { name: 'Need Funding' }).first().click();
    const funding = section.locator('article');
    assert.ok((await funding.count()) > 0);
    const support = await section.getByRole('link', { name: /Support Project/ }).first().getAttribute('href');
    assert.match(support!, /^\/checkout\?project=[a-z0-9-]+$/);
    await section.getByRole('button', { name: 'All' }).click();
    assert.equal(await section.locator('article').count(), all);
    await page.context().close();
  });

  test('slideshow: dots jump to a slide, it advances by itself when motion is allowed', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    const dots = page.getByRole('button', { name: /Show slide/ });
    assert.equal(await dots.count(), 6);
    await page.getByRole('button', { name: 'Show slide 4' }).click();
    assert.equal(await page.getByRole('button', { name: 'Show slide 4' }).getAttribute('aria-current'), 'true');
    assert.match((await page.locator('.hero-slide.active figcaption').textContent())!, /Medical transport/);
    // Reduced motion (the default of these tests) means no auto-advance: the bar stands still.
    await page.mouse.move(5, 890);
    assert.equal(await barAnimation(page, 'playState'), 'paused');
    await page.waitForTimeout(700);
    assert.equal(await page.getByRole('button', { name: 'Show slide 4' }).getAttribute('aria-current'), 'true');
    await page.context().close();

    // With motion allowed the bar is a 6 s animation in 10 ms ticks, and its end shows the next slide.
    const motion = await watchedPage(e2e.browser, { reducedMotion: 'no-preference' });
    await motion.page.goto(e2e.srv.url + '/');
    await waitForHydration(motion.page);
    await motion.page.mouse.move(5, 890);
    assert.equal(await barAnimation(motion.page, 'duration'), 6000);
    assert.match(String(await barAnimation(motion.page, 'easing')), /^steps\(600(, end)?\)$/, '600 ticks of 10 ms');
    assert.equal(await barAnimation(motion.page, 'playState'), 'running');
    // Pointing at the slideshow pauses it (the time already run is kept); leaving resumes it.
    await motion.page.locator('.hero h1').hover();
    await until(async () => (await barAnimation(motion.page, 'playState')) === 'paused', 'hover pauses the bar');
    await motion.page.mouse.move(5, 890);
    await until(async () => (await barAnimation(motion.page, 'playState')) === 'running', 'leaving resumes the bar');
    const current = () => motion.page.locator('.hero-dots .dot[aria-current="true"]').getAttribute('aria-label');
    for (const n of [2, 3, 4, 5, 6, 1]) {
      await motion.page.locator('.hero-progress-bar').evaluate((el) => el.getAnimations()[0]!.finish());
      await until(async () => (await current()) === `Show slide ${n}`, `slide ${n} after the bar filled`);
    }
    // A new slide starts its bar from zero.
    assert.ok(Number(await barAnimation(motion.page, 'currentTime')) < 6000);
    assert.deepEqual([...problems, ...motion.problems], []);
    await motion.page.context().close();
  });

  test('the logo easter egg counts clicks and shows a message', async () => {
    const { page } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    const logo = page.getByRole('button', { name: /Our logo/ });
    for (let i = 0; i < 10; i++) await logo.click();
    assert.equal((await logo.textContent())?.trim(), '10');
    assert.match((await page.locator('.egg-bubble').textContent())!, /Badge: Explorer/);
    await page.context().close();
  });

  test('the WhatsApp button opens a chat in a new tab with a greeting', async () => {
    const { page } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    const chat = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    assert.equal(await chat.getAttribute('target'), '_blank');
    assert.match((await chat.getAttribute('rel'))!, /noopener/);
    assert.match((await chat.getAttribute('href'))!, /^https:\/\/wa\.me\/\d+\?text=Hello/);
    await page.context().close();
  });

  test('the footer map loads only when asked for', async () => {
    const { page } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/');
    await waitForHydration(page);
    assert.equal(await page.locator('iframe').count(), 0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Show map' }).click();
    assert.match((await page.locator('iframe').first().getAttribute('src'))!, /openstreetmap\.org/);
    await page.context().close();
  });
});
