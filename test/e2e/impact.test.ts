// The yearly impact report in Chromium (issue 29, point 4): English on a phone and German on a
// laptop; the numbers per month open from the keyboard; a new gift is in the report at the next
// load; the PDF link gives a PDF; printed, the page leaves out the site's header and footer; axe.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, waitForLoader, watchedPage } from '../helpers';
import { applySucceededPayment } from '../../models/giving/donation';
import { swissToday } from '../../models/shared/dates';

const YEAR = swissToday().slice(0, 4);

describe('the impact report in Chromium', () => {
  const e2e = serverAndBrowser();

  test('English on a phone: the figures, the numbers per month from the keyboard, the PDF, printed without the site around it', async () => {
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(`${e2e.srv.url}/impact/${YEAR}`);
    await waitForLoader(page);
    await page.getByRole('heading', { level: 1, name: `Our year ${YEAR}` }).waitFor();
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
