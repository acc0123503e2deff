// Screenshots of pages in headless Chromium against a fresh in-memory server, to look at them.
// Usage: npx tsx scripts/screenshot.ts "/,/de/projects" 390,1280 [full]   -> /tmp/shot-*.png
// With SHOT_STRIPE=1 the site has payments, against the local fake Stripe and its Stripe.js stand-in.
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
