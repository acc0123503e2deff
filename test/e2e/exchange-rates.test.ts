// The books' exchange rates on the Donations screen in Chromium, in German: a treasurer sets the
// rate of a day without JavaScript (the form posts, the screen comes back with the outcome and the
// rate in its table), then with JavaScript (a wrong rate refused in German beside its field, a
// right one with a decimal comma saved in place); a CHF bank gift of that day waiting for a rate
// is valued by it and the screen stops saying it waits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, signInAdmin, waitForHydration, watchedPage } from '../helpers';

const e2e = serverAndBrowser();

test('a day\'s rate set in German, without and with JavaScript; the gift waiting for it valued', async () => {
  const db = e2e.srv.handle.deps.db;
  const book = e2e.srv.handle.deps.config.books.currency;
  assert.equal(book, 'usd', 'the embedded default');
  // No rate is known yet for these days: an EUR gift of 3 November waits for one.
  await db('exchange_rates').whereIn('day', ['2026-11-03', '2026-11-04']).del();
  await db('exchange_rates').where('currency', 'eur').where('day', '<', '2026-11-05').del();
  const at = '2026-11-03T09:00:00.000Z';
  await db('donations').insert({ paymentIntentId: 'pi_rates_1', amountCents: 20_000, currency: 'eur', status: 'succeeded', appliedAt: at, createdAt: at, donorEmail: 'rita@example.org', donorName: 'Rita Rates', language: 'de', kind: 'bank' });
  const waitingBefore = Number(((await db('donations').where({ status: 'succeeded' }).whereNull('usdCents').count({ n: '*' }).first()) as { n: unknown }).n);
  assert.ok(waitingBefore >= 1);

  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'donations' });
  const section = page.locator('section#rates');
  await section.getByRole('heading', { name: 'Wechselkurse' }).waitFor();
  await section.getByRole('status').filter({ hasText: /warte[tn] auf einen Wechselkurs/ }).waitFor();

  // Without JavaScript: the same form posts and the screen comes back.
  const noScript = await e2e.browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`${e2e.srv.url}/de/admin/donations`);
  const form = plain.locator('#rates-form');
  await form.getByLabel('Tag').fill('2026-11-04');
  await form.getByLabel('Währung').selectOption('chf');
  await form.getByLabel('Kurs in USD').fill('1.1312');
  await form.getByRole('button', { name: 'Kurs speichern' }).click();
  await plain.getByText(/Kurs gespeichert: CHF am 04\.11\.2026/).first().waitFor();
  await plain.locator('section#rates table').getByRole('row', { name: /04\.11\.2026 CHF 1\.1312 Von Hand gesetzt/ }).waitFor();
  await noScript.close();

  // With JavaScript: a wrong rate is refused beside its field, in German.
  await page.reload();
  await waitForHydration(page);
  const live = page.locator('#rates-form');
  await live.getByLabel('Tag').fill('2026-11-03');
  await live.getByLabel('Währung').selectOption('eur');
  await live.getByLabel('Kurs in USD').fill('viel');
  await live.getByRole('button', { name: 'Kurs speichern' }).click();
  await live.getByText('Geben Sie einen Kurs wie 0.9315 ein').waitFor();
  await live.getByLabel('Kurs in USD').fill('1,0745');
  await live.getByRole('button', { name: 'Kurs speichern' }).click();
  await page.getByText(/Kurs gespeichert: EUR am 03\.11\.2026 \(1 Spenden bewertet\)/).first().waitFor();
  await section.getByRole('row', { name: /03\.11\.2026 EUR 1\.0745 Von Hand gesetzt/ }).waitFor();
  const gift = await db('donations').where({ paymentIntentId: 'pi_rates_1' }).first('usdCents', 'bookRate', 'bookRateSource');
  assert.deepEqual([Number(gift.usdCents), gift.bookRate, gift.bookRateSource], [21_490, '1.0745', 'treasurer']);
  if (waitingBefore === 1) await section.getByRole('status').filter({ hasText: /Wechselkurs/ }).waitFor({ state: 'detached' });

  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems.filter((p) => !/status of 400 \(Bad Request\) \(\/api\/admin\/exchange-rates\)/.test(p)), [], 'only the refused rate');
  await page.context().close();
});
