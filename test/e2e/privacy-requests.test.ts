// People's data in Chromium: a visitor asks from the German privacy notice's
// form, opens the mailed link, presses the button and downloads the JSON; a volunteer shows and
// erases a person's data from the Donations tab, by keyboard. (The erasure link a visitor is mailed:
// test/api/privacy-requests.test.ts, "erasure: Mailchimp forgets the address for good…".)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { axeSerious, serverAndBrowser, signInAdmin, waitForLoader, watchedPage } from '../helpers';

const ANNA = 'anna@example.org';

describe("a person's data in Chromium", () => {
  const e2e = serverAndBrowser();

  /** The link in the newest mail to an address (the mail is written before the request's answer). */
  const linkTo = async (email: string) => {
    const db = e2e.srv.handle.deps.db;
    const mail = (await db('outbox').where({ toAddress: email }).orderBy('id', 'desc').first()) as { textBody: string } | undefined;
    assert.ok(mail, `a mail to ${email}`);
    const url = new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]);
    return `${url.pathname}${url.search}`;
  };

  test('German: the form on the privacy notice, the mailed link, the button, the report and its file', async () => {
    const db = e2e.srv.handle.deps.db;
    await db('donations').insert({ paymentIntentId: 'pi_e2e_anna', amountCents: 5000, currency: 'chf', status: 'succeeded', kind: 'one_off', donorEmail: ANNA, donorName: 'Anna Muster', language: 'de', appliedAt: new Date('2026-05-04T09:00:00Z') });
    const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(`${e2e.srv.url}/de/privacy#rights`);
    await waitForLoader(page);
    await page.getByLabel('Ihre E-Mail-Adresse').fill(ANNA);
    await page.getByLabel('Zeigen Sie mir, was Sie über mich gespeichert haben').check();
    await page.getByRole('button', { name: 'Link senden' }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Schauen Sie in Ihr Postfach' }).waitFor();
    await page.goto(e2e.srv.url + (await linkTo(ANNA)));
    assert.deepEqual(await axeSerious(page), []);
    await page.getByRole('button', { name: 'Meine Daten zeigen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Was wir über Sie gespeichert haben' }).waitFor();
    assert.match(await page.locator('main').innerText(), /D-2026-\d{6}/);
    assert.deepEqual(await axeSerious(page), []);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Als Datei herunterladen (JSON)' }).click()]);
    assert.equal(download.suggestedFilename(), 'personal-data.json');
    const json = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    assert.equal(json.email, ANNA);
    assert.equal(json.gifts[0].name, 'Anna Muster');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('a volunteer shows a person\'s data and erases it from the Donations tab, by keyboard', async () => {
    const db = e2e.srv.handle.deps.db;
    await db('donations').insert({ paymentIntentId: 'pi_e2e_ben', amountCents: 2500, currency: 'usd', status: 'succeeded', kind: 'one_off', donorEmail: 'ben@example.org', donorName: 'Ben Beispiel', language: 'en', appliedAt: new Date('2026-06-01T09:00:00Z') });
    const { page, problems, messages } = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await signInAdmin(page, e2e.srv.url, { tab: 'donations' });
    const panel = page.getByRole('region', { name: "A person's data" });
    await panel.getByLabel('E-mail address').fill('ben@example.org');
    await panel.getByLabel('E-mail address').press('Enter');
    await panel.getByText('1 gift', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Erase their data…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: "Erase this person's data?" });
    await dialog.waitFor();
    // The safe choice has the focus.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    await dialog.getByRole('button', { name: 'Erase for good' }).click();
    await messages.waitFor('Data erased', { kind: 'toast' });
    // The panel starts again: the report gone, the field empty.
    await panel.getByText('1 gift', { exact: true }).waitFor({ state: 'detached' });
    assert.equal(await panel.getByLabel('E-mail address').inputValue(), '');
    const gift = (await db('donations').where({ paymentIntentId: 'pi_e2e_ben' }).first()) as { donorEmail: string; donorName: string | null };
    assert.match(gift.donorEmail, /^erased-/);
    assert.equal(gift.donorName, null);
    assert.deepEqual(await axeSerious(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
