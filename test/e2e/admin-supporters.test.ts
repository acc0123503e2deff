// The Donations screen's Supporters view in Chromium, in German: the segment of those who gave last
// year and not yet this year, the table, and its CSV downloaded; the journal's export downloaded
// from its form (a plain GET form: no JavaScript needed for either).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { serverAndBrowser, signInAdmin, watchedPage } from '../helpers';

const e2e = serverAndBrowser();

let pi = 0;
async function seed(): Promise<void> {
  const db = e2e.srv.handle.deps.db;
  const year = new Date().getUTCFullYear();
  const gift = (email: string, name: string, cents: number, y: number) => {
    const at = `${y}-${y === year ? '01-02' : '05-12'}T10:00:00.000Z`;
    return db('donations').insert({ paymentIntentId: `pi_sup_e2e_${++pi}`, amountCents: cents, currency: 'usd', status: 'succeeded', appliedAt: at, createdAt: at, donorEmail: email, donorName: name, kind: 'one_off', bookCents: cents, bookCurrency: 'usd', bookRate: '1' });
  };
  await gift('anna@example.org', 'Anna Müller', 12_000, year - 1);
  await gift('bob@example.org', 'Bob Meier', 5_000, year);
  await gift('bob@example.org', 'Bob Meier', 4_000, year - 1);
  await gift('cleo@example.org', 'Cleo Frei', 7_000, year - 3);
}

test('the Supporters view in German: the lybunt segment and its CSV, the journal export', async () => {
  await seed();
  const w = await watchedPage(e2e.browser);
  const page = w.page;
  try {
    await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'donations', query: '?segment=lybunt' });
    const section = page.locator('#don-supporters');
    await section.getByRole('heading', { name: 'Unterstützerinnen und Unterstützer' }).waitFor();
    await section.getByText('Letztes Jahr gespendet, dieses Jahr noch nicht (1)').waitFor();
    const rows = section.locator('tbody tr');
    assert.equal(await rows.count(), 1);
    assert.match((await rows.first().textContent()) ?? '', /Anna Müller.*anna@example\.org/);
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Als CSV herunterladen' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    assert.equal(lines[0]!.split(';')[0], 'E-Mail');
    assert.deepEqual(lines.slice(1).map((l) => l.split(';').slice(0, 3)), [['anna@example.org', 'Anna Müller', '120.00']]);

    // The other segments are links in the page's address.
    await section.getByRole('link', { name: /früher gespendet/ }).click();
    await page.locator('#don-supporters tbody tr', { hasText: 'cleo@example.org' }).waitFor();

    // The journal of last year, as a CSV for Excel.
    const journal = page.locator('#don-journal');
    await journal.getByLabel('Von').fill(`${new Date().getUTCFullYear() - 1}-01-01`);
    const [file] = await Promise.all([page.waitForEvent('download'), journal.getByRole('button', { name: 'CSV herunterladen (Excel)' }).click()]);
    const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    assert.equal(text.split('\r\n')[0], 'Datum;Beleg;Buchungstext;Soll;Haben;Betrag;Währung;Originalwährung;Originalbetrag;Kurs');
    assert.ok(text.includes(';1021;3400;120.00;USD;'), text);
    assert.deepEqual(w.problems, []);
  } finally {
    await page.context().close();
  }
});
