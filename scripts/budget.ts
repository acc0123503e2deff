// Bytes shipped per public page, measured in Chromium as a visitor receives them (compressed):
// HTML, JavaScript, CSS, JSON (locale) and images. Budgets (issue 2/3): JavaScript <= 150 KB and
// HTML <= 60 KB compressed per page (long articles excepted). npm run budget [-- "/,/de/news"]
import { launchBrowser, startServer, waitForHydration, watchedPage } from '../test/helpers';
import { routes, localizePath } from '../views/routes';

const JS_BUDGET = 150 * 1024;
const HTML_BUDGET = 60 * 1024;

const srv = await startServer();
const browser = await launchBrowser();
const projects = (await (await fetch(srv.url + '/api/projects')).json()) as { slug: string }[];
const news = (await (await fetch(srv.url + '/api/news')).json()) as { slug: string; abstractDe: string | null }[];
const staticPaths = routes.filter((r) => r.layout === 'public' && r.path !== '*' && !r.path.includes(':')).map((r) => r.path);
const defaults = [
  ...staticPaths,
  `/projects/${projects[0]!.slug}`,
  ...news.filter((a) => a.abstractDe).slice(0, 3).map((a) => `/news/${a.slug}`),
].flatMap((p) => [p, localizePath(p, 'de')]);
const paths = process.argv[2] ? process.argv[2].split(',') : defaults;

const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
let failures = 0;
let largest = { path: '', html: 0, js: 0 };
console.log('page'.padEnd(52) + '  HTML KB   JS KB  CSS KB  JSON KB  img KB  requests');
for (const path of paths) {
  const { page } = await watchedPage(browser, { viewport: { width: 390, height: 800 } });
  const sizes = { document: 0, script: 0, stylesheet: 0, fetch: 0, image: 0 } as Record<string, number>;
  let count = 0;
  page.on('requestfinished', async (req) => {
    const raw = req.resourceType();
    const type = raw === 'xhr' || raw === 'other' ? 'fetch' : raw;
    const s = await req.sizes();
    count++;
    if (type in sizes) sizes[type]! += s.responseBodySize;
  });
  await page.goto(srv.url + path, { waitUntil: 'load' });
  await waitForHydration(page).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  const isArticle = path.includes('/news/');
  const over = sizes.script! > JS_BUDGET || (!isArticle && sizes.document! > HTML_BUDGET);
  if (over) failures++;
  if (sizes.document! > largest.html) largest = { path, html: sizes.document!, js: sizes.script! };
  console.log(
    `${path.padEnd(52)} ${kb(sizes.document!)}  ${kb(sizes.script!)}  ${kb(sizes.stylesheet!)}   ${kb(sizes.fetch!)}  ${kb(sizes.image!)}  ${String(count).padStart(5)}${over ? '  OVER BUDGET' : ''}`,
  );
  await page.context().close();
}
console.log(`largest HTML: ${largest.path} (${kb(largest.html).trim()} KB HTML, ${kb(largest.js).trim()} KB JS)`);
console.log(failures ? `${failures} page(s) over budget` : 'every page within budget (JS <= 150 KB, HTML <= 60 KB compressed)');
await browser.close();
await srv.close();
process.exitCode = failures ? 1 : 0;
