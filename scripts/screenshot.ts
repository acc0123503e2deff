// Screenshots of pages in headless Chromium against a fresh in-memory server, to look at them.
// Usage: npx tsx scripts/screenshot.ts "/,/de/projects" 390,1280 [full]   -> /tmp/shot-*.png
import { launchBrowser, startServer, watchedPage, waitForHydration } from '../test/helpers';

const srv = await startServer();
const browser = await launchBrowser();
const paths = (process.argv[2] ?? '/').split(',');
const widths = (process.argv[3] ?? '1280').split(',').map(Number);
for (const p of paths) {
  for (const w of widths) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: w, height: 900 } });
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
