// A volunteer edits the About page in Chromium: the introduction with the live Markdown preview,
// a paragraph of the page in English and in German; the public page shows both, in its language,
// with no hydration problem, and every screen is free of serious accessibility problems.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, waitForHydration, watchedPage, signInAdmin } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };

const KEY = 'demo-admin-key-change-me';
const STORY_EN = 'It started with one visit in 2010 and a promise to come back.';
const STORY_DE = 'Es begann 2010 mit einem Besuch und dem Versprechen wiederzukommen.';

describe('editing a page\'s words in the admin', () => {
  const e2e = serverAndBrowser();

  test('preview the introduction, edit a paragraph in both languages, see it on /about and /de/about', async () => {
    const { page, problems } = await watchedPage(e2e.browser);
    await signInAdmin(page, e2e.srv.url, { key: KEY });

    await page.getByRole('tab', { name: 'Pages', exact: true }).click();
    await page.locator('[aria-label^="Edit: About:"]').click();
    await page.getByRole('heading', { name: 'Edit Page Content' }).waitFor();

    // The introduction: formatting help, then Write / Preview with the server's rendering.
    const intro = page.locator('.admin-field').filter({ has: page.locator('textarea[name="content"]') });
    await intro.getByText('Formatting help').click();
    await intro.getByText('**Village 9**').waitFor();
    await page.getByRole('textbox', { name: /^Content \(English\)/ }).fill('We are **volunteers** in Lucerne.\n\n## Why we stay\n\n- trust\n- time');
    const previewTab = intro.getByRole('tab', { name: 'Preview' });
    await previewTab.click();
    assert.equal(await previewTab.getAttribute('aria-selected'), 'true');
    await intro.locator('.md-preview strong', { hasText: 'volunteers' }).waitFor();
    await intro.locator('.md-preview h2', { hasText: 'Why we stay' }).waitFor();
    assert.equal(await intro.locator('.md-preview li').count(), 2);
    // The tabs answer the arrow keys; the text is kept.
    await previewTab.press('ArrowLeft');
    assert.equal(await intro.getByRole('tab', { name: 'Write' }).getAttribute('aria-selected'), 'true');
    assert.match(await page.getByRole('textbox', { name: /^Content \(English\)/ }).inputValue(), /Why we stay/);

    // The page's words: the story section, English and German side by side.
    await page.locator('.page-texts-section summary', { hasText: en.about.story.title }).click();
    const storyEn = page.locator('textarea[name="texts.en.about.story.p1"]');
    const storyDe = page.locator('textarea[name="texts.de.about.story.p1"]');
    assert.equal(await storyEn.inputValue(), en.about.story.p1, 'prefilled with the built-in text');
    await storyEn.fill(STORY_EN);
    await storyDe.fill(STORY_DE);
    // A reset brings the built-in text back; typing again edits it again.
    const resets = page.locator('.page-text-reset');
    assert.equal(await resets.count(), 2);
    await resets.first().click();
    assert.equal(await storyEn.inputValue(), en.about.story.p1);
    await storyEn.fill(STORY_EN);
    assert.deepEqual(await axeSerious(page), []);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.toast').filter({ hasText: 'Page content updated successfully!' }).waitFor();

    await page.goto(e2e.srv.url + '/about');
    await waitForHydration(page);
    await page.getByText(STORY_EN).waitFor();
    await page.locator('.lead-html strong', { hasText: 'volunteers' }).waitFor();
    assert.equal(await page.getByText(STORY_DE).count(), 0);
    assert.deepEqual(await axeSerious(page), []);

    await page.goto(e2e.srv.url + '/de/about');
    await waitForHydration(page);
    await page.getByText(STORY_DE).waitFor();
    assert.equal(await page.getByText(STORY_EN).count(), 0);
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
  });
});
