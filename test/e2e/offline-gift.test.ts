// The Donations screen's "Spenden ausserhalb der Website" in Chromium, in German: a treasurer
// records a cash gift through the form, once with JavaScript (done in place) and once without (the
// form posts, the page comes back with the outcome), sees each in the list of booked gifts, and
// reverses one without JavaScript.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, signInAdmin, watchedPage } from '../helpers';
import { adminHref } from '../../models/shared/admin-rules';

const e2e = serverAndBrowser();

type Page = Awaited<ReturnType<typeof watchedPage>>['page'];

async function fillGift(page: Page, amount: string, name: string) {
  const form = page.locator('#offline-form');
  await form.getByLabel(/^Betrag/).fill(amount);
  await form.getByLabel(/^Währung/).selectOption('chf');
  await form.getByLabel(/^Art der Zahlung/).selectOption({ label: 'Bargeld' });
  await form.getByLabel(/^Name der spendenden Person/).fill(name);
  await form.getByLabel(/^Notiz/).fill('Basar im Dorf');
  await form.getByRole('button', { name: 'Spende erfassen' }).click();
}

test('record a gift in German with JavaScript: it appears in the list in place', async () => {
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'donations' });
  await page.getByRole('heading', { name: 'Spenden ausserhalb der Website' }).waitFor();
  await fillGift(page, '120,50', 'Vreni Muster');
  const row = page.locator('#booked-gifts tr', { hasText: 'Vreni Muster' });
  await row.waitFor();
  assert.match(await row.innerText(), /Bargeld/);
  assert.match(await row.innerText(), /120\.50/);
  const gift = await e2e.srv.handle.deps.db('donations').where({ kind: 'offline', donorName: 'Vreni Muster' }).first('amountCents', 'currency', 'offlineMethod', 'language');
  assert.deepEqual([Number(gift.amountCents), gift.currency, gift.offlineMethod, gift.language], [12050, 'chf', 'cash', 'de']);
  // The panel with a booked gift, its forms open: nothing serious for axe.
  await row.getByText('Angaben zur Person', { exact: true }).click();
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('record a gift in German without JavaScript: the form posts and the page shows it', async () => {
  const context = await e2e.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await context.request.post(`${e2e.srv.url}/api/admin/login`, { data: { key: 'demo-admin-key-change-me' } });
  assert.ok(res.ok());
  await page.goto(`${e2e.srv.url}${adminHref('de', 'donations')}`);
  await page.getByRole('heading', { name: 'Spenden ausserhalb der Website' }).waitFor();
  await fillGift(page, '75', 'Urs Beispiel');
  await page.getByText(/Spende erfasst: D-\d{4}-\d{6}/).first().waitFor();
  const row = page.locator('#booked-gifts tr', { hasText: 'Urs Beispiel' });
  await row.waitFor();
  assert.match(await row.innerText(), /75\.00/);
  // A mistake is reversed with its reason, without JavaScript too: the row then says so.
  await row.getByText('Stornieren', { exact: true }).click();
  await row.getByLabel('Grund der Stornierung').fill('Doppelt erfasst');
  await row.getByRole('button', { name: 'Diese Spende stornieren' }).click();
  await page.getByText(/Spende D-\d{4}-\d{6} storniert\./).first().waitFor();
  await page.locator('#booked-gifts tr', { hasText: 'Urs Beispiel' }).getByText('Storniert').waitFor();
  // The German page shows the panel in German.
  const text = await page.locator('#offline-gifts').innerText();
  for (const english of ['Record a gift', 'Amount', 'Cash', 'General Support']) assert.ok(!text.includes(english), `"${english}" on the German page`);
  await context.close();
});
