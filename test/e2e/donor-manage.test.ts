// In Chromium, in English and German: a donor asks for a link, follows it from the outbox (a page
// with one button), sees their monthly gift, changes the amount, pauses it and cancels it after the
// confirmation step; every page checked by axe-core. Stripe is the fake, driven by the real SDK.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { axeSerious, launchBrowser, startServer, until, waitForHydration, watchedPage, type RunningServer } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { addMonthlyRoutes, seedMonthlySubscription } from '../fakes/stripe-monthly';
import { outboxFor } from '../../models/providers/mail';
import { createDonorToken } from '../../models/giving/donor';
import { swissDate } from '../../models/giving/names';

let fake: FakeStripe;
let srv: RunningServer;
let browser: Browser;

before(async () => {
  fake = addMonthlyRoutes(await startFakeStripe());
  srv = await startServer(fake.env());
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await srv?.close();
  await fake?.close();
});

/** A donor with a monthly gift of CHF 20 at the fake and in the local mirror. */
async function seedDonor(email: string, lang: 'en' | 'de'): Promise<string> {
  // The link form is limited per client (controllers/donor.ts): each walk starts with its own allowance.
  await srv.handle.deps.db('rate_limits').delete();
  const { customer, subscription } = seedMonthlySubscription(fake, { email, amountCents: 2000, currency: 'chf' });
  await srv.handle.deps.db('donation_subscriptions').insert({
    subscriptionId: subscription.id,
    customerId: customer.id,
    donorEmail: email,
    amountCents: 2000,
    currency: 'chf',
    projectId: null,
    language: lang,
    status: 'active',
    paused: false,
    currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
  });
  return subscription.id;
}

const TEXT = {
  en: {
    path: '/donations/manage',
    email: 'Your e-mail address',
    send: 'Send me a link',
    sent: /a link valid for 30 minutes is on its way/,
    linkButton: 'Show my donations',
    perMonth: (amount: string) => `CHF\u00a0${amount} a month`,
    newAmount: 'New amount per payment in CHF',
    change: 'Change amount',
    changed: /The amount was changed/,
    pause: 'Pause',
    paused: /Your regular donation is paused/,
    cancel: 'Cancel regular donation',
    confirm: /Cancel the regular donation of CHF\s30\?/,
    yes: 'Yes, cancel it',
    canceled: /Your regular donation was cancelled/,
    status: 'Cancelled',
  },
  de: {
    path: '/de/donations/manage',
    email: 'Ihre E-Mail-Adresse',
    send: 'Link senden',
    sent: /ist ein Link unterwegs, der 30 Minuten gültig ist/,
    linkButton: 'Meine Spenden anzeigen',
    perMonth: (amount: string) => `CHF\u00a0${amount} pro Monat`,
    newAmount: 'Neuer Betrag pro Zahlung in CHF',
    change: 'Betrag ändern',
    changed: /Der Betrag wurde geändert/,
    pause: 'Pausieren',
    paused: /Ihre regelmässige Spende ist pausiert/,
    cancel: 'Regelmässige Spende beenden',
    confirm: /Regelmässige Spende von CHF\s30 beenden\?/,
    yes: 'Ja, beenden',
    canceled: /Ihre regelmässige Spende wurde beendet/,
    status: 'Beendet',
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`${lang}: ask for a link, follow it, change the amount, pause, cancel; axe-core clean`, async () => {
    const x = TEXT[lang];
    const email = `donor-${lang}@example.org`;
    const subscriptionId = await seedDonor(email, lang);
    const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 860 } });
    const clean = async (what: string) => assert.deepEqual(await axeSerious(page), [], `axe on ${what}`);
    // A failing run prints the page's address and text and keeps a screenshot (test/e2e/on-failure.ts).
    await walkThrough();
    await page.context().close();

    async function walkThrough() {
      await page.goto(srv.url + x.path);
      await waitForHydration(page);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      await clean('the link form');
      // A wrong address: the error is tied to the field, and nothing is sent.
      await page.getByLabel(x.email).fill('nope');
      // The answer is a new page at the same address: what it shows is waited for (the field marked
      // invalid exists only there), not a load state that may still be the old page's.
      await page.getByRole('button', { name: x.send }).click();
      const field = page.locator('#donor-email[aria-invalid="true"]');
      await field.waitFor();
      // Focus lands on the field to mend, once the page has woken.
      await page.waitForFunction(() => document.activeElement?.id === 'donor-email');
      assert.equal(await page.getByLabel(x.email).getAttribute('aria-invalid'), 'true');
      assert.match((await field.getAttribute('aria-describedby')) ?? '', /donor-email-error/);
      await waitForHydration(page);
      await clean('the link form with an error');

      await page.getByLabel(x.email).fill(email);
      await page.getByRole('button', { name: x.send }).click();
      await page.getByText(x.sent).waitFor();

      await until(async () => (await outboxFor(srv.handle.deps.db, email)).length > 0, `the link mail to ${email}`);
      const [mail] = await outboxFor(srv.handle.deps.db, email);
      const link = /https?:\/\/\S+\/donations\/manage\?token=[\w-]+/.exec(mail!.textBody)?.[0];
      assert.ok(link, mail!.textBody);
      const url = new URL(link);
      await page.goto(srv.url + url.pathname + url.search);
      assert.deepEqual(await page.context().cookies(), [], 'opening the link opens no session');
      // The link page runs no script (no island, no loader): axe sees it as the server sent it.
      await clean('the link page');
      await page.getByRole('button', { name: x.linkButton }).click();
      await page.waitForURL(/done=signedIn/);
      await waitForHydration(page);
      const [cookie] = await page.context().cookies();
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Lax');
      await page.getByRole('heading', { level: 3, name: x.perMonth('20') }).waitFor();
      await clean('the donor page');

      await page.getByLabel(x.newAmount).fill('30');
      await page.getByRole('button', { name: x.change }).click();
      await page.getByText(x.changed).waitFor();
      await page.getByRole('heading', { level: 3, name: x.perMonth('30') }).waitFor();
      assert.equal(fake.subscriptions.get(subscriptionId)!.items.data[0]!.price.unit_amount, 3000);

      await page.getByRole('button', { name: x.pause, exact: true }).click();
      await page.getByText(x.paused).waitFor();
      assert.equal(fake.subscriptions.get(subscriptionId)!.pause_collection?.behavior, 'void');

      // Cancelling asks first: a plain link to this page with ?cancel=<id>, pressed as a person
      // does, as soon as the paused page shows it, while the page wakes. (The page's focus() on
      // waking used to scroll it between the press and the release, and the click went nowhere:
      // views/components/donor-manage.tsx keeps the person's focus and does not scroll now.)
      const cancelLink = page.getByRole('link', { name: x.cancel });
      const href = (await cancelLink.getAttribute('href')) ?? '';
      assert.match(href, new RegExp(`^${x.path}\\?cancel=\\d+#donor-sub-\\d+$`));
      await cancelLink.click();
      await page.getByRole('heading', { level: 4, name: x.confirm }).waitFor();
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash, href);
      await page.waitForFunction(() => document.activeElement?.classList.contains('donor-confirm'));
      await clean('the cancel confirmation');
      await page.getByRole('button', { name: x.yes }).click();
      await page.getByText(x.canceled).waitFor();
      await page.locator('.donor-status', { hasText: x.status }).waitFor();
      assert.equal(fake.subscriptions.get(subscriptionId)!.status, 'canceled');
      await clean('the page after cancelling');

      // The wrong address's answer is a 400, which Chromium logs; anything else is a problem.
      assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
    }
  });
}

test('de: a recovery mail\'s link opens the page on the failed payment, "Karte aktualisieren" first; axe-core clean', async () => {
  const email = 'donor-failed-de@example.org';
  const subscriptionId = await seedDonor(email, 'de');
  const db = srv.handle.deps.db;
  await db('donation_subscriptions').where({ subscriptionId }).update({ status: 'past_due' });
  const id = (await db('donation_subscriptions').where({ subscriptionId }).first('id')).id as number;
  // What invoice.payment_failed records (test/api/recovery.test.ts goes through the webhook).
  await db('regular_gift_failures').insert({ subscriptionId, invoiceId: 'in_e2e_failed', amountCents: 2000, currency: 'chf', failedAt: new Date().toISOString(), attemptCount: 1, mailsSent: 1 });
  const [, month, day] = swissDate(new Date()).split('-').map(Number) as [number, number, number];
  const monthDe = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'][month - 1];
  const token = await createDonorToken(db, email, 'de');
  const { page, problems } = await watchedPage(browser, { viewport: { width: 390, height: 860 } });
  await page.goto(`${srv.url}/de/donations/manage?token=${token}&focus=card&subscription=${id}`);
  await page.getByRole('button', { name: 'Meine Spenden anzeigen' }).click();
  await page.waitForURL(/done=signedIn&focus=card/);
  const state = page.getByRole('group', { name: `Die Zahlung vom ${day}. ${monthDe} ist fehlgeschlagen. Aktualisieren Sie Ihre Karte.` });
  await state.waitFor();
  await waitForHydration(page);
  // The focus lands on the state once the page has woken: the card update is what to do first.
  await page.waitForFunction(() => document.activeElement?.classList.contains('donor-recovery'));
  await assert.doesNotReject(state.getByRole('button', { name: 'Karte aktualisieren' }).waitFor());
  assert.deepEqual(await axeSerious(page), [], 'axe on the page with the failed payment');
  await state.getByRole('button', { name: 'Karte aktualisieren' }).click();
  await page.getByRole('heading', { name: 'Update your card' }).waitFor();
  assert.deepEqual(problems, []);
  await page.context().close();
});
