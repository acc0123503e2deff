// Moving between the admin's screens in Chromium: each move asks the server for that screen's data
// once (its route's JSON, X-Admin-Route) and nothing more; the Newsletter, Social Media, Donations
// and People screens show their lists from it, without asking the API after they appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { chooseScreen, currentScreenLink, serverAndBrowser, watchedPage, signInAdmin } from '../helpers';
import { confirmSubscription, requestSubscription } from '../../models/newsletter/subscriber';

const e2e = serverAndBrowser();

/** After the screen is shown: a frame and a task later its effects have run (and any request they make has started). */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

test('each move between screens is one request, for that screen, and its lists come with it', async () => {
  const db = e2e.srv.handle.deps.db;
  const r = await requestSubscription(db, { email: 'moves@example.org', language: 'en', form: 'footer', consentText: 'Send me news.' });
  await confirmSubscription(db, r.confirmToken!);
  const at = new Date().toISOString();
  await db('donations').insert({ paymentIntentId: 'pi_moves_1', amountCents: 5_000, currency: 'chf', status: 'succeeded', appliedAt: at, createdAt: at, donorEmail: 'moves@example.org', donorName: 'Mona Moves', language: 'en', kind: 'one_off' });

  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { tab: null });
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'fetch' || req.resourceType() === 'xhr') asked.push(`${new URL(req.url()).pathname} ${req.headers()['x-admin-route'] ?? ''}`.trim());
  });

  const shown: [string, string, (p: Page) => Promise<unknown>][] = [
    ['Newsletter', 'newsletter', (p) => p.locator('section.subs').getByRole('row', { name: /moves@example\.org/ }).waitFor()],
    ['Social Media', 'social', (p) => p.locator('#social-item option').nth(1).waitFor({ state: 'attached' })],
    ['Donations', 'donations', (p) => p.getByRole('table', { name: 'Donations, newest first' }).getByRole('row', { name: /Mona Moves/ }).waitFor()],
    ['People', 'people', (p) => p.getByRole('heading', { name: 'Your account' }).waitFor()],
  ];
  for (const [tab, screen, listed] of shown) {
    asked.length = 0;
    await chooseScreen(page, tab);
    await currentScreenLink(page, tab).waitFor();
    await listed(page);
    await settled(page);
    assert.deepEqual(asked, [`/admin/${screen} admin.${screen}`], tab);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});
