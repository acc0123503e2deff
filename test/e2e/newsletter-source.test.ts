// A gift after a newsletter's link names its edition, in Chromium: a reader opens the article
// from the mail (its address carries utm_source and utm_campaign) and goes on to the checkout
// with the menu's Donate button; the checkout sends the article's address with its query as the
// gift's source (document.referrer). The mail's own donation link sends the checkout's address.
// Stripe.js is the stand-in of test/fakes/stripe-js.ts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, waitForHydration, type RunningServer } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { openCheckout } from './checkout-page';
import { listLiveNews } from '../../models/content/news';

const TAG = 'utm_source=newsletter&utm_campaign=newsletter-5';

let browser: Browser;
let fake: FakeStripe;
let srv: RunningServer;
before(async () => {
  browser = await launchBrowser();
  fake = await startFakeStripe();
  srv = await startServer(fake.env());
  fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
});
after(async () => {
  await browser?.close();
  await srv?.close();
  await fake?.close();
});

test('from the article the mail linked to, on to the checkout: the source is the article with its campaign', async () => {
  const [article] = await listLiveNews(srv.handle.deps.db);
  const landing = `/news/${article!.slug}?${TAG}`;
  const { page, sessions } = await openCheckout(browser, srv.url, fake, landing);
  try {
    await page.getByRole('link', { name: 'Donate', exact: true }).first().click();
    await page.waitForURL(/\/checkout$/);
    await waitForHydration(page);
    const session = await sessions.next((s) => 'source' in s.body);
    assert.equal(session.body.source, landing);
  } finally {
    await page.context().close();
  }
});

test("the mail's own donation link: the source is the checkout's address with its campaign", async () => {
  const project = (await srv.handle.deps.db('projects').where({ status: 'funding', draft: false }).orderBy('id').first('slug')) as { slug: string };
  const link = `/checkout?project=${project.slug}&${TAG}`;
  const { page, sessions } = await openCheckout(browser, srv.url, fake, link);
  try {
    const session = await sessions.next((s) => 'source' in s.body);
    assert.equal(session.body.source, link);
  } finally {
    await page.context().close();
  }
});
