import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

const inDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

describe('article galleries and the lightbox in Chromium', () => {
  const e2e = serverAndBrowser();

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
    const counter = dialog.getByText(/^Image \d of \d$/);
    const image = dialog.getByRole('img');
    assert.equal(await counter.textContent(), 'Image 1 of 3');
    assert.equal(await image.getAttribute('alt'), 'Illustration of learners welding sections of the steel frame in the workshop');
    assert.equal(await inDialog(page), true, 'focus moves into the dialog');

    await page.keyboard.press('ArrowRight');
    assert.equal(await counter.textContent(), 'Image 2 of 3');
    await page.keyboard.press('ArrowRight');
    assert.equal(await counter.textContent(), 'Image 3 of 3');
    assert.equal(await dialog.getByText('Twelve panels, ready for the sun').isVisible(), true);
    await page.keyboard.press('ArrowRight');
    assert.equal(await counter.textContent(), 'Image 1 of 3', 'wraps from the last to the first');
    assert.equal(await image.getAttribute('alt'), 'Illustration of learners welding sections of the steel frame in the workshop');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await counter.textContent(), 'Image 3 of 3', 'wraps from the first to the last');

    // The buttons do the same as the keys.
    await dialog.getByRole('button', { name: 'Next image' }).click();
    assert.equal(await counter.textContent(), 'Image 1 of 3');
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    assert.equal(await counter.textContent(), 'Image 3 of 3');

    // Tab and Shift+Tab never leave the dialog.
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
    const opener = page.locator('.article-body').getByRole('button').nth(1);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Bildansicht' });
    await dialog.waitFor();
    assert.equal(await dialog.getByText(/^Bild \d von \d$/).textContent(), 'Bild 2 von 3');
    await dialog.getByRole('button', { name: 'Bildansicht schliessen' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await opener.evaluate((el) => el === document.activeElement), true);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('solar gallery: category chips filter the 18 photos, the lightbox browses the chosen category, the video loads only on click', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    const frames: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('youtube')) frames.push(r.url());
    });
    await page.goto(e2e.srv.url + '/news/solar-infrastructure-brings-light-to-the-tariro-nook');
    await waitForHydration(page);
    const section = page.getByRole('region', { name: 'Solar Infrastructure Gallery' });
    const items = section.locator('.image-gallery .gallery-open');
    assert.equal(await items.count(), 18);
    await section.getByRole('button', { name: 'Batteries and power' }).click();
    assert.equal(await section.getByRole('button', { name: 'Batteries and power' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await items.count(), 4);
    await items.nth(3).click();
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    assert.equal(await dialog.getByText(/^Image \d of \d$/).textContent(), 'Image 4 of 4');
    await page.keyboard.press('ArrowRight');
    assert.equal(await dialog.getByText(/^Image \d of \d$/).textContent(), 'Image 1 of 4');
    await page.keyboard.press('Escape');
    await section.getByRole('button', { name: 'All', exact: true }).click();
    assert.equal(await items.count(), 18);

    assert.equal(frames.length, 0, 'nothing is requested from YouTube before play');
    assert.equal(await page.locator('iframe').count(), 0);
    await section.getByRole('button', { name: /^Play video/ }).click();
    const frame = section.locator('iframe');
    await frame.waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
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
    assert.equal(await dialog.getByText(/^Image \d of \d$/).textContent(), 'Image 6 of 6');
    assert.equal(await dialog.getByText('Produce for sale at the market space').isVisible(), true);
    await page.keyboard.press('ArrowRight');
    assert.equal(await dialog.getByText(/^Image \d of \d$/).textContent(), 'Image 1 of 6');
    // A click on the backdrop closes it too.
    await dialog.click({ position: { x: 5, y: 300 } });
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
