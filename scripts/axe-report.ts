// Prints axe-core's serious and critical violations of pages, e.g.
// npx tsx scripts/axe-report.ts "/,/de/about" 390,1280
import { axeSerious, launchBrowser, startServer, waitForHydration, watchedPage } from '../test/helpers';

const srv = await startServer();
const browser = await launchBrowser();
for (const p of (process.argv[2] ?? '/').split(',')) {
  for (const w of (process.argv[3] ?? '1280').split(',').map(Number)) {
    const { page } = await watchedPage(browser, { viewport: { width: w, height: 900 } });
    await page.goto(srv.url + p);
    await waitForHydration(page).catch(() => undefined);
    const v = await axeSerious(page);
    console.log(`${p} @${w}: ${v.length ? JSON.stringify(v, null, 1) : 'no serious or critical violations'}`);
    await page.context().close();
  }
}
await browser.close();
await srv.close();
