import { launchBrowser, startServer, watchedPage, waitForHydration } from './test/helpers';
import { startFakeStripe } from './test/fakes/stripe';
import { addMonthlyRoutes, seedMonthlySubscription } from './test/fakes/stripe-monthly';
import { signDonorSession } from './models/donor';
const fake = addMonthlyRoutes(await startFakeStripe());
const srv = await startServer(fake.env());
const db = srv.handle.deps.db;
const email = 'anna.muster-long-address@example.org';
const project = await db('projects').orderBy('id').first('id');
for (const [amount, cur, pid, status, paused] of [[2000, 'chf', project.id, 'active', false], [350000, 'eur', null, 'active', true], [1500, 'usd', null, 'canceled', false]] as const) {
  const { customer, subscription } = seedMonthlySubscription(fake, { email, amountCents: amount, currency: cur });
  await db('donation_subscriptions').insert({ subscriptionId: subscription.id, customerId: customer.id, donorEmail: email, amountCents: amount, currency: cur, projectId: pid, language: 'en', status, paused, currentPeriodEnd: new Date(Date.now() + 20 * 86400e3).toISOString(), canceledAt: status === 'canceled' ? new Date().toISOString() : null });
}
let i = 0;
for (const [amount, cur, kind, when] of [[5000, 'chf', 'one_off', '2026-03-05T10:00:00Z'], [2000, 'chf', 'monthly', '2026-10-01T10:00:00Z'], [350000, 'eur', 'monthly', '2025-06-01T10:00:00Z']] as const) {
  await db('donations').insert({ paymentIntentId: `pi_shot_${i++}`, amountCents: amount, currency: cur, status: 'succeeded', kind, projectId: project.id, language: 'en', donorEmail: email, appliedAt: when, refundedCents: i === 1 ? 1000 : 0 });
}
const secret = (await db('app_settings').where({ key: 'session_secret' }).first()).value;
const cookieValue = signDonorSession(secret, { email, lang: 'en', expires: Date.now() + 3600e3 });
const subId = (await db('donation_subscriptions').orderBy('id').first('id')).id;
const browser = await launchBrowser();
const pages = (process.argv[2] ?? '').split(',');
for (const p of pages) {
  const signed = !p.includes('anon');
  const path = p.replace('anon', '').replace('CANCEL', String(subId));
  for (const w of [320, 390, 820, 1280]) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: w, height: 900 } });
    if (signed) await page.context().addCookies([{ name: 'donor.sid', value: cookieValue, url: srv.url }]);
    await page.goto(srv.url + path);
    await waitForHydration(page).catch((e: Error) => console.log('not hydrated:', e.message));
    const name = `/tmp/donor-${(signed ? 's' : 'a') + path.replace(/\W+/g, '_')}-${w}.png`;
    await page.screenshot({ path: name, fullPage: true });
    const height = await page.evaluate(() => document.querySelector('main')!.getBoundingClientRect().bottom + window.scrollY);
    for (let y = 0, n = 0; y < height && n < 4; y += 1000, n++) await page.screenshot({ path: name.replace('.png', `-part${n}.png`), fullPage: true, clip: { x: 0, y, width: w, height: Math.min(1000, height - y) } });
    console.log(name, problems.length ? problems : 'ok');
    await page.context().close();
  }
}
await browser.close(); await srv.close(); await fake.close();
