// In Chromium: the one-time links of our mails open a page with one button (mail scanners open
// every link first); the button, a POST from that page, acts. The admin's sign-in link from the
// outbox, the German newsletter confirmation and the unsubscribe link, each page checked by axe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, until, waitForHydration, watchedPage } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { findSubscriberByEmail } from '../../models/newsletter/subscriber';

const e2e = serverAndBrowser();

/** The path and query of the link in the newest mail to an address (PUBLIC_URL is not this server). */
async function linkFromOutbox(to: string, pattern: RegExp): Promise<string> {
  await until(async () => (await outboxFor(e2e.srv.handle.deps.db, to)).length > 0, `a mail to ${to}`);
  const [mail] = await outboxFor(e2e.srv.handle.deps.db, to);
  const found = pattern.exec(mail!.textBody);
  assert.ok(found, `no link ${pattern} in: ${mail!.textBody}`);
  const url = new URL(found[0]);
  return url.pathname + url.search;
}

test('the sign-in link from the e-mail: a page with one button, which opens the admin area', async () => {
  const { page, problems, messages } = await watchedPage(e2e.browser);
  await page.goto(`${e2e.srv.url}/admin-login?mode=email`);
  await waitForHydration(page);
  await page.getByLabel('Email').fill('admin@example.org');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await page.getByText(/a sign-in link valid for 15 minutes is on its way/).waitFor();
  const link = await linkFromOutbox('admin@example.org', /https?:\/\/\S+\/admin-login\/verify\?token=[\w-]+/);

  // What a mail scanner sees too: a page, nothing used, no session.
  const response = await page.goto(`${e2e.srv.url}${link}`);
  assert.equal(response?.status(), 200);
  assert.equal(response?.headers()['referrer-policy'], 'same-origin');
  await page.getByRole('heading', { level: 1, name: 'Sign in to the admin area' }).waitFor();
  await page.getByText(/mail scanner/i).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(await page.context().cookies(), [], 'opening the link opens no session');

  // The button works from the keyboard like any other.
  const button = page.getByRole('button', { name: 'Sign in to the admin area' });
  await button.focus();
  await Promise.all([page.waitForURL(/\/admin$/), page.keyboard.press('Enter')]);
  await waitForHydration(page);
  await page.getByRole('heading', { level: 1, name: 'Content Management' }).waitFor();
  // The welcome on the admin page (a 5 s toast: recorded as it showed, however slow the page was).
  await messages.waitFor('Login successful!', { kind: 'toast' });

  // The same link again: used, said at once, with the way to a new one.
  const again = await page.goto(`${e2e.srv.url}${link}`);
  assert.equal(again?.status(), 400);
  await page.getByText(/already been used/).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  await page.getByRole('link', { name: 'Request a new sign-in link' }).click();
  await page.waitForURL(/\/admin(-login\?mode=email)?$/);
  // The used link's page is a 400, which Chromium logs; anything else is a problem.
  assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
  await page.context().close();
});

test('the German confirmation link: a German page, the button confirms; the unsubscribe link likewise', async () => {
  const { db, mailing } = e2e.srv.handle.deps;
  await mailing.subscribe({ email: 'leserin@example.ch', language: 'de', form: 'footer', consentText: 'Neuigkeiten aus den Dörfern.' });
  const link = await linkFromOutbox('leserin@example.ch', /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  assert.match(link, /^\/de\/newsletter\/confirm\?token=/);

  const { page, problems } = await watchedPage(e2e.browser);
  await page.goto(`${e2e.srv.url}${link}`);
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  await page.getByRole('heading', { level: 1, name: 'Bitte bestätigen Sie Ihr Abonnement' }).waitFor();
  await page.getByText(/E-Mail-Scanner/).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  assert.equal((await findSubscriberByEmail(db, 'leserin@example.ch'))?.status, 'pending');

  await page.getByRole('button', { name: 'Abonnement bestätigen' }).click();
  await page.getByRole('heading', { level: 1, name: 'Abonnement bestätigt' }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  assert.deepEqual(await axeSerious(page), []);
  const text = await page.locator('main').innerText();
  for (const english of ['Subscription', 'confirm', 'Back to']) assert.ok(!text.includes(english), `English "${english}" on the German page`);
  const subscriber = (await findSubscriberByEmail(db, 'leserin@example.ch'))!;
  assert.equal(subscriber.status, 'subscribed');

  await page.goto(`${e2e.srv.url}/de/newsletter/unsubscribe?token=${subscriber.unsubscribeToken}`);
  await page.getByRole('heading', { level: 1, name: 'Vom Newsletter abmelden' }).waitFor();
  assert.deepEqual(await axeSerious(page), []);
  assert.equal((await findSubscriberByEmail(db, 'leserin@example.ch'))?.status, 'subscribed');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sie wurden abgemeldet' }).waitFor();
  assert.equal((await findSubscriberByEmail(db, 'leserin@example.ch'))?.status, 'unsubscribed');
  assert.deepEqual(problems, []);
  await page.context().close();
});
