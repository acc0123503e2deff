// The Newsletter screen's Sending health panel in Chromium, as a volunteer uses it: in German, on
// a phone, with the keyboard only: the check runs, the keyboard lands on its answer, each record
// says what is wrong and what to add, nothing scrolls sideways, and axe finds nothing serious.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { axeSerious, launchBrowser, signInAdmin, startServer, watchedPage, type RunningServer } from '../helpers';
import { startFakeDns, type FakeDns } from '../fakes/dns';

const DOMAIN = 'charity.test';
const PEM = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const e2e = {} as { dns: FakeDns; srv: RunningServer; browser: Browser };
// The DNS server first: the site is configured with its address.
before(async () => {
  e2e.dns = await startFakeDns({ [DOMAIN]: ['v=spf1 mx ~all'], [`_dmarc.${DOMAIN}`]: ['v=DMARC1; p=none'] });
  e2e.srv = await startServer({ MAIL_FROM: `Kuvaka Trust <info@${DOMAIN}>`, DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: PEM, DNS_SERVERS: e2e.dns.server });
  e2e.browser = await launchBrowser();
});
after(async () => {
  await e2e.browser?.close();
  await e2e.srv?.close();
  await e2e.dns?.close();
});

test('German, on a phone, by keyboard: the check, its answer and the record to add', async () => {
  const { page, problems } = await watchedPage(e2e.browser, { viewport: { width: 390, height: 844 } });
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'newsletter' });
  const panel = page.locator('section.sending-health');
  await panel.getByRole('heading', { name: 'Zustellbarkeit' }).waitFor();
  const check = panel.getByRole('button', { name: 'Domain prüfen' });
  await check.focus();
  await page.keyboard.press('Enter');
  const dkim = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /DKIM/ }) });
  await dkim.getByText('Fehlt', { exact: true }).waitFor();
  // The keyboard continues at the answer, and the button now checks again.
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('sending-health-result')), true);
  await panel.getByRole('button', { name: 'Erneut prüfen' }).waitFor();
  await dkim.getByText('Fügen Sie diesen Eintrag beim Anbieter Ihrer Domain hinzu:').waitFor();
  await dkim.getByText('mail2026._domainkey', { exact: true }).waitFor();
  assert.match((await dkim.locator('code').last().textContent()) ?? '', /^v=DKIM1; k=rsa; p=MII/);
  const dmarc = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /DMARC/ }) });
  await dmarc.getByText('In Ordnung', { exact: true }).waitFor();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  assert.ok(widths.page <= widths.view, `the page does not scroll sideways: ${JSON.stringify(widths)}`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});
