// What a visitor does on the public pages besides looking at them (the look of every page, its
// layout at every width and axe-core at 390 and 1280 px, is the layout walk of test/e2e/layout-walk.ts), in Chromium:
// - the privacy notice and the imprint as a visitor finds them: the footer's privacy and terms links
//   (to the about page, as the spec says) land on the about page's sections, whose links open the
//   full texts; keyboard only, in English and German, on a phone and a laptop;
// - the links between pages: the about page to the team page, the news list to an article and on to
//   its project;
// - the galleries and their lightbox: keys and buttons, focus kept inside and given back, category
//   chips, a video that loads only when asked for;
// - the backend overview's tabs by keyboard and its Live Data from the real API;
// - the not-found pages pass axe-core;
// - the yearly impact report: English on a phone and German on a laptop; the
//   numbers per month open from the keyboard; a new gift is in the report at the next load; the PDF
//   link gives a PDF; printed, the page leaves out the site's header and footer; axe.
// The pages are the same document on PostgreSQL (test/api/same-markup.test.ts) and these paths only
// read: the file runs in the SQLite run. (The backend overview's schema as PostgreSQL describes it:
// test/api/static-pages.test.ts "the schema tab shows the real tables and columns".)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, waitForHydration, waitForLoader, watchedPage } from '../helpers';
import { applySucceededPayment } from '../../models/giving/donation';
import { swissToday } from '../../models/shared/dates';

const YEAR = swissToday().slice(0, 4);

/** Is the focus inside the dialog? */
const inDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
/** Waits until the lightbox's counter says `text` ("Image 2 of 3"): it changes with a key or a click. */
const counterSays = (dialog: Locator, text: string) => dialog.getByText(text, { exact: true }).waitFor();

const e2e = serverAndBrowser();

describe('the privacy notice and the imprint, from the footer', () => {
  const CASES = [
    { lang: 'en', width: 390, footer: 'Privacy', section: 'Your data with us', link: 'Read the privacy notice', path: '/privacy', h1: 'Privacy notice', hash: '#privacy' },
    { lang: 'de', width: 1280, footer: 'Nutzungsbedingungen', section: 'Wer diese Website betreibt', link: 'Zum Impressum und zu den Nutzungsbedingungen', path: '/de/imprint', h1: 'Impressum', hash: '#imprint' },
  ] as const;

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

describe('moving between pages by their links', () => {
  test('from the German about page to the team page: its three groups and its title', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/de/about');
    await waitForLoader(page);
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

  test('from the news list to the solar article and on to its project: its galleries, category chips, the lightbox, the video only on click', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    const frames: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('youtube')) frames.push(r.url());
    });
    await page.goto(e2e.srv.url + '/news');
    await waitForLoader(page);
    await page.getByRole('link', { name: 'Solar Infrastructure Brings Light to the Tariro Nook' }).click();
    await page.waitForURL(e2e.srv.url + '/news/solar-infrastructure-brings-light-to-the-tariro-nook');
    await page.getByRole('heading', { level: 1, name: 'Solar Infrastructure Brings Light to the Tariro Nook' }).waitFor();
    await waitForHydration(page);
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });

    // The gallery in the article's text opens the lightbox.
    await page.locator('.article-body .gallery-open').first().click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The gallery below it: category chips filter the 18 photos, the lightbox browses the chosen category.
    const section = page.getByRole('region', { name: 'Solar Infrastructure Gallery' });
    const items = section.locator('.image-gallery .gallery-open');
    assert.equal(await items.count(), 18);
    await section.getByRole('button', { name: 'Batteries and power' }).click();
    await section.getByRole('button', { name: 'Batteries and power', pressed: true }).waitFor();
    assert.equal(await items.count(), 4);
    await items.nth(3).click();
    await counterSays(dialog, 'Image 4 of 4');
    await page.keyboard.press('ArrowRight');
    await counterSays(dialog, 'Image 1 of 4');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await section.getByRole('button', { name: 'All', exact: true }).click();
    await section.getByRole('button', { name: 'All', exact: true, pressed: true }).waitFor();
    assert.equal(await items.count(), 18);

    // The video: nothing from YouTube until the visitor asks for it.
    assert.equal(frames.length, 0, 'nothing is requested from YouTube before play');
    assert.equal(await page.locator('iframe').count(), 0);
    await section.getByRole('button', { name: /^Play video/ }).click();
    const frame = section.locator('iframe');
    await frame.waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);

    // On to the article's project.
    await page.getByRole('link', { name: 'View Project' }).click();
    await page.waitForURL(e2e.srv.url + '/projects/nook-solar-power');
    await page.getByRole('heading', { level: 1, name: 'Solar Power for the Tariro Nook' }).waitFor();
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});

describe('the lightbox', () => {
  test('a gallery in the article text: open, ArrowRight past the last wraps to the first, focus stays inside, Escape returns focus', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/news/solar-stand-installation-completed');
    await waitForHydration(page);
    const body = page.locator('.article-body');
    const first = body.getByRole('button', { name: 'Illustration of learners welding sections of the steel frame in the workshop' });
    await first.click();

    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    const image = dialog.getByRole('img');
    await counterSays(dialog, 'Image 1 of 3');
    assert.equal(await image.getAttribute('alt'), 'Illustration of learners welding sections of the steel frame in the workshop');
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')), null, { timeout: 5000 }).catch(() => assert.fail('focus moves into the dialog'));

    await page.keyboard.press('ArrowRight');
    await counterSays(dialog, 'Image 2 of 3');
    await page.keyboard.press('ArrowRight');
    await counterSays(dialog, 'Image 3 of 3');
    assert.equal(await dialog.getByText('Twelve panels, ready for the sun').isVisible(), true);
    await page.keyboard.press('ArrowRight');
    // Wraps from the last to the first.
    await counterSays(dialog, 'Image 1 of 3');
    assert.equal(await image.getAttribute('alt'), 'Illustration of learners welding sections of the steel frame in the workshop');
    await page.keyboard.press('ArrowLeft');
    // Wraps from the first to the last.
    await counterSays(dialog, 'Image 3 of 3');

    // The buttons do the same as the keys.
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await counterSays(dialog, 'Image 1 of 3');
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await counterSays(dialog, 'Image 3 of 3');

    // Tab and Shift+Tab never leave the dialog (the focus moves within a key press: no waiting).
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      assert.equal(await inDialog(page), true, `Tab ${i + 1} left the dialog`);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      assert.equal(await inDialog(page), true, `Shift+Tab ${i + 1} left the dialog`);
    }
    assert.deepEqual(await axeSerious(page), []);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-image')), await first.getAttribute('data-image'), 'focus returns to the opener');
    assert.equal(await page.evaluate(() => document.body.style.overflow), '', 'page scrolling is restored');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('keyboard only: Enter opens, the close button closes, focus returns', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(e2e.srv.url + '/de/news/skills-training-first-cycle-lessons');
    await waitForHydration(page);
    // The second picture of the article's gallery.
    const opener = page.locator('.article-body').getByRole('button', { name: 'Illustration eines gemauerten Ofens mit frischen Broten auf einem Tisch' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Bildansicht' });
    await dialog.waitFor();
    await counterSays(dialog, 'Bild 2 von 3');
    await dialog.getByRole('button', { name: 'Bildansicht schliessen' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await opener.evaluate((el) => el === document.activeElement), true);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the template project gallery enlarges on click', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/projects/new-project-template');
    await waitForHydration(page);
    const gallery = page.getByRole('region', { name: 'Gallery', exact: true });
    assert.equal(await gallery.locator('.gallery-open').count(), 6);
    await gallery.locator('.gallery-open').nth(5).click();
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await counterSays(dialog, 'Image 6 of 6');
    assert.equal(await dialog.getByText('Produce for sale at the market space').isVisible(), true);
    await page.keyboard.press('ArrowRight');
    await counterSays(dialog, 'Image 1 of 6');
    // A click on the backdrop closes it too.
    await dialog.click({ position: { x: 5, y: 300 } });
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});

describe('the backend overview and the not-found pages', () => {
  test('backend overview: tabs work by keyboard and Live Data fetches the API with Refresh', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await page.goto(e2e.srv.url + '/backend-demo');
    await waitForHydration(page);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    /** A key moves the selection in a render of its own: wait for it. */
    const selected = (name: string) => page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
    assert.equal(await page.getByRole('tab').count(), 4);
    await selected('Architecture');
    await tab('Architecture').focus();
    await page.keyboard.press('ArrowRight');
    await selected('API Endpoints');
    await page.waitForFunction(() => document.activeElement?.textContent === 'API Endpoints', null, { timeout: 5000 });
    await page.getByRole('tabpanel', { name: 'API Endpoints' }).getByText('/api/news/slug/:slug').waitFor();
    // Only the selected panel is shown; arrow keys wrap around.
    assert.equal(await page.getByRole('tabpanel').count(), 1);
    await page.keyboard.press('ArrowLeft');
    await selected('Architecture');
    await page.keyboard.press('ArrowLeft');
    await selected('Database Schema');
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

    // Refresh shows the current data: a new team member appears (made here, and removed again, so
    // no other test sees it).
    const db = e2e.srv.handle.deps.db;
    await db('team_members').insert({
      name: 'Probe Person', position: 'Tester', positionDe: 'Testerin', bio: 'b', bioDe: 'b', imageUrl: '/images/team/trustee-placeholder.svg', location: 'switzerland', displayOrder: 99,
    });
    try {
      const team = live.getByRole('region', { name: 'GET /api/team' });
      await team.getByRole('button', { name: 'Refresh /api/team' }).click();
      await team.locator('pre').getByText('Probe Person').waitFor();
      assert.equal(requested.filter((p) => p === '/api/team').length, 2);
    } finally {
      await db('team_members').where({ name: 'Probe Person' }).delete();
    }
    assert.deepEqual(problems, []);
    await page.context().close();
  });

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
});

describe('the impact report', () => {
  test('English on a phone: the figures, the numbers per month from the keyboard, the PDF, printed without the site around it', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(`${e2e.srv.url}/impact/${YEAR}`);
    await waitForLoader(page);
    await page.getByRole('heading', { level: 1, name: `Our year ${YEAR}` }).waitFor();
    // The demo content has no gift, and no other test of this file records one.
    assert.ok(await page.getByText('No gifts have been recorded for this year yet.').isVisible());
    // A gift arrives: the next load counts it.
    await applySucceededPayment(e2e.srv.handle.deps.db, { paymentIntentId: 'pi_e2e_impact', amountCents: 5000, currency: 'usd', projectId: 1, language: 'en', kind: 'one_off', paymentMethod: 'card' }, 'webhook');
    await page.reload();
    await waitForLoader(page);
    await page.getByText('1 gift, worth $50 in all.').waitFor();
    const monthTable = page.getByRole('table', { name: `Gifts per month in ${YEAR}, in US dollars` });
    assert.equal(await monthTable.isVisible(), false);
    await page.getByText('Show the numbers per month').focus();
    await page.keyboard.press('Enter');
    await monthTable.waitFor();
    assert.equal(await page.getByRole('img', { name: `Gifts per month in ${YEAR}, in US dollars` }).count(), 1, 'the chart is named');
    assert.deepEqual(await axeSerious(page), []);
    const href = await page.getByRole('link', { name: 'Download as PDF' }).getAttribute('href');
    assert.equal(href, `/impact/${YEAR}.pdf`);
    const pdf = await page.request.get(e2e.srv.url + href);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.site-header').isVisible(), false);
    assert.equal(await page.locator('.site-footer').isVisible(), false);
    assert.ok(await page.locator('.impact-figures').isVisible());
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('German on a laptop: German words and numbers, the other years, axe', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.srv.url}/de/impact/${YEAR}`);
    await waitForLoader(page);
    await page.getByRole('heading', { level: 1, name: `Unser Jahr ${YEAR}` }).waitFor();
    for (const heading of ['Einnahmen', 'Ausgaben', `Geschichten aus dem Jahr ${YEAR}`]) await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Als PDF herunterladen' }).getAttribute('href'), `/de/impact/${YEAR}.pdf`);
    assert.deepEqual(await axeSerious(page), []);
    const years = page.getByRole('navigation', { name: 'Andere Jahre' });
    assert.equal(await years.locator('[aria-current="page"]').textContent(), YEAR);
    // The first other year the list offers (the demo content's books begin in an earlier year).
    const earlier = years.getByRole('link').first();
    const other = (await earlier.textContent())!;
    await earlier.click();
    await page.waitForURL(`${e2e.srv.url}/de/impact/${other}`);
    await page.getByRole('heading', { level: 1, name: `Unser Jahr ${other}` }).waitFor();
    assert.ok(await page.getByText(`Das ganze Jahr ${other}`).isVisible());
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
