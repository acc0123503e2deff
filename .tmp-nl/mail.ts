import request from 'supertest';
import { testApp, launchBrowser } from '../test/helpers';
const h = await testApp({ PUBLIC_URL: 'http://127.0.0.1:1' });
const g = await request(h.app).post('/api/admin/newsletter/generate').set('X-Admin-Key', 'demo-admin-key-change-me').send({ subject: 'Licht und Ernte in Mwenezi', previewText: 'Was diesen Sommer in den Dörfern gewachsen ist', language: 'de', selectedNews: [1, 2], selectedProjects: [1] });
const png = await request(h.app).get('/newsletter/images/news/solar-infrastructure-brings-light-to-the-tariro-nook.png');
const browser = await launchBrowser();
for (const w of [600, 375]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 } });
  const page = await ctx.newPage();
  await ctx.route('http://127.0.0.1:1/**', async (route) => {
    const u = new URL(route.request().url());
    const r = await request(h.app).get(u.pathname);
    await route.fulfill({ status: r.status, body: r.body, contentType: r.headers['content-type'] });
  });
  await page.setContent(g.body.newsletterData.html.replaceAll('%%UNSUBSCRIBE_URL%%', '#'), { waitUntil: 'load' });
  await page.screenshot({ path: `/tmp/nl/mail-${w}.png`, fullPage: true });
  await ctx.close();
}
console.log(png.status, png.body.length);
await browser.close(); await h.close();
