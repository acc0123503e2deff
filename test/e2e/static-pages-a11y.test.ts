// The static content pages in Chromium: axe-core finds no serious or critical problem in either
// language at phone and desktop width, nothing overflows sideways, and below-the-fold images load lazily.
// What is checked depends on the markup only, and the pages are byte for byte the same document on
// PostgreSQL (test/api/same-markup.test.ts): they are walked in the SQLite run. The backend overview
// shows the database's own schema, so it is walked on both.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, ON_POSTGRES, serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

const PAGES = ['/about', '/vision', '/mission', '/food-security', '/skills-training', '/health', '/environment', '/tariro-nook', '/team', '/contact', '/privacy', '/imprint', '/test-images', '/backend-demo'];

describe('content pages in Chromium', () => {
  const e2e = serverAndBrowser();

  for (const path of PAGES) {
    for (const lang of ['en', 'de'] as const) {
      const url = lang === 'en' ? path : `/de${path}`;
      for (const width of [390, 1280]) {
        const skip = ON_POSTGRES && path !== '/backend-demo' ? 'the same markup as on SQLite (test/api/same-markup.test.ts)' : false;
        test(`${url} at ${width}px: axe-core, layout and images`, { skip }, async () => {
          const height = 900;
          const { page, problems } = await watchedPage(e2e.browser, { viewport: { width, height } });
          await page.goto(e2e.srv.url + url);
          await waitForHydration(page);
          assert.equal(await page.getAttribute('html', 'lang'), lang);
          assert.equal(await page.locator('main h1').count(), 1);
          const violations = await axeSerious(page);
          assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
          const eagerBelowFold = await page.evaluate(
            (h) =>
              [...document.querySelectorAll<HTMLImageElement>('main img')]
                .filter((img) => img.getBoundingClientRect().top > h && img.loading !== 'lazy')
                .map((img) => img.src),
            height,
          );
          assert.deepEqual(eagerBelowFold, [], 'images below the fold load lazily');
          assert.deepEqual(problems, []);
          await page.context().close();
        });
      }
    }
  }

  test('backend overview: tabs work by keyboard and Live Data fetches the API with Refresh', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/backend-demo');
    await waitForHydration(page);
    const tabs = page.getByRole('tab');
    assert.equal(await tabs.count(), 4);
    const architecture = page.getByRole('tab', { name: 'Architecture' });
    assert.equal(await architecture.getAttribute('aria-selected'), 'true');
    await architecture.focus();
    await page.keyboard.press('ArrowRight');
    const api = page.getByRole('tab', { name: 'API Endpoints' });
    assert.equal(await api.getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'API Endpoints');
    await page.getByRole('tabpanel', { name: 'API Endpoints' }).getByText('/api/news/slug/:slug').waitFor();
    // Only the selected panel is shown; arrow keys wrap around.
    assert.equal(await page.getByRole('tabpanel').count(), 1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getByRole('tab', { name: 'Database Schema' }).getAttribute('aria-selected'), 'true');
    await page.getByRole('tabpanel', { name: 'Database Schema' }).getByText('news_articles', { exact: true }).waitFor();
    assert.deepEqual(await axeSerious(page), []);

    // Live Data: the browser asks the real API for each list.
    const requested: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) requested.push(new URL(r.url()).pathname);
    });
    await page.keyboard.press('ArrowLeft');
    const live = page.getByRole('tabpanel', { name: 'Live Data' });
    const projects = live.getByRole('region', { name: 'GET /api/projects' });
    await projects.getByText(/\d+ items loaded/).waitFor();
    const count = await e2e.srv.handle.deps.db('projects').count<{ n: number }[]>({ n: '*' });
    assert.equal(await projects.getByRole('status').innerText(), `${Number(count[0]!.n)} items loaded`);
    const json = JSON.parse(await projects.locator('pre').innerText()) as { slug: string }[];
    assert.ok(json.some((p) => p.slug === 'nook-vocational-training-center'));
    await live.getByRole('region', { name: 'GET /api/news' }).locator('pre').waitFor();
    await live.getByRole('region', { name: 'GET /api/team' }).locator('pre').waitFor();
    assert.deepEqual([...requested].sort(), ['/api/news', '/api/projects', '/api/team']);
    assert.deepEqual(await axeSerious(page), []);

    // Refresh shows the current data: a new team member appears.
    await e2e.srv.handle.deps.db('team_members').insert({
      name: 'Probe Person', position: 'Tester', positionDe: 'Testerin', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'switzerland', displayOrder: 99,
    });
    const team = live.getByRole('region', { name: 'GET /api/team' });
    await team.getByRole('button', { name: 'Refresh /api/team' }).click();
    await team.locator('pre').getByText('Probe Person').waitFor();
    assert.equal(requested.filter((p) => p === '/api/team').length, 2);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('client-side navigation to the team page brings its groups along', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/de/about');
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Unser Team kennenlernen' }).click();
    await page.waitForURL(e2e.srv.url + '/de/team');
    await page.getByRole('heading', { level: 1, name: 'Unser Team' }).waitFor();
    for (const group of ['Lokales Team', 'Stiftungsrat', 'Schweizer Support-Team']) {
      await page.getByRole('heading', { level: 3, name: group }).waitFor();
    }
    assert.equal(await page.title(), 'Unser Team in Simbabwe und der Schweiz | Kuvaka Community Trust');
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
