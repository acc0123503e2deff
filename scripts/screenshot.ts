// Screenshots of pages in headless Chromium against a fresh in-memory server, to look at them.
// Usage: npx tsx scripts/screenshot.ts "/,/de/projects" 390,1280 [full]   -> /tmp/shot-*.png
// With SHOT_STRIPE=1 the site has payments, against the local fake Stripe and its Stripe.js stand-in.
// With SHOT_THANKS=1 the tab holds a one-off gift of CHF 50 just given: the home page's thank-you
// panel and its 'make it regular' offer show.
import { launchBrowser, startServer, watchedPage, waitForHydration } from '../test/helpers';
import { startFakeStripe } from '../test/fakes/stripe';
import { routeStripe } from '../test/fakes/stripe-js';

const fake = process.env.SHOT_STRIPE ? await startFakeStripe() : null;
const srv = await startServer(fake?.env());
const browser = await launchBrowser();
const paths = (process.argv[2] ?? '/').split(',');
const widths = (process.argv[3] ?? '1280').split(',').map(Number);
for (const p of paths) {
  for (const w of widths) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: w, height: 900 } });
    if (fake) await routeStripe(page.context(), fake);
    if (process.env.SHOT_THANKS) {
      const thanks = { amountCents: 5000, currency: 'chf', interval: 'once', paymentIntentId: 'pi_shot', processing: false, email: 'donor@example.org', projectName: null, giftCents: 5000, projectSlug: null };
      await page.addInitScript((value) => sessionStorage.setItem('vb.next.thanks', value), JSON.stringify(thanks));
    }
    await page.goto(srv.url + p);
    await waitForHydration(page).catch((e: Error) => console.log('not hydrated:', e.message));
    const name = `/tmp/${process.env.SHOT_PREFIX ?? 'shot'}-${p.replace(/\W+/g, '_')}-${w}.png`;
    await page.screenshot({ path: name, fullPage: process.argv[4] === 'full' });
    console.log(name, problems.length ? problems : 'no console problems');
    await page.context().close();
  }
}
await browser.close();
await srv.close();
await fake?.close();
