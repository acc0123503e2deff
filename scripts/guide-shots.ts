// Screenshots for the volunteers' guide (docs/guide/images), made against a fresh in-memory server
// in headless Chromium, so the pictures follow the interface as it is.
// Usage: npx tsx scripts/guide-shots.ts            -> docs/guide/images/publishing.png (and -de), and
// the screens the guide shows whole (with the menu beside them): news-list, media-upload, activity,
// translations, glossary; the regular gifts at risk (donations-at-risk.png and -de); the
// Subscribers panel's suppressed addresses (suppressed-addresses.png).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chooseScreen, launchBrowser, signInAdmin, startServer, watchedPage } from '../test/helpers';
import type { AdminTab } from '../models/shared/admin-rules';
import { ROOT } from '../config';
import { recordMailEvent } from '../models/people/mail-suppression';
import { startFakeDns } from '../test/fakes/dns';

const out = (name: string) => path.join(ROOT, 'docs', 'guide', 'images', name);
// The Sending health panel asks DNS: a local server answers for the demo's MAIL_FROM domain as a
// domain half set up would (SPF there, no DKIM record, DMARC only watching).
const dns = await startFakeDns({ 'example.org': ['v=spf1 include:_spf.mail.example.net ~all'], '_dmarc.example.org': ['v=DMARC1; p=none; rua=mailto:dmarc@example.org'] });
const srv = await startServer({ DNS_SERVERS: dns.server });
const browser = await launchBrowser();
try {
  for (const [lang, prefix, texts] of [
    ['en', '', { news: 'News', add: 'New Article', schedule: 'Schedule', file: 'publishing.png' }],
    ['de', '/de', { news: 'Neuigkeiten', add: 'Neuer Artikel', schedule: 'Planen', file: 'publishing-de.png' }],
  ] as const) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1100, height: 900 } });
    await signInAdmin(page, srv.url, { lang: prefix });
    await chooseScreen(page, texts.news);
    await page.getByRole('button', { name: texts.add }).click();
    const form = page.locator('#edit-form');
    await form.waitFor();
    await form.locator('input[name="publishMode"][value="schedule"]').check();
    await form.locator('input[name="publishAt"]').fill('2026-12-24T09:00');
    // Floating things (the chat button) stay out of the picture.
    await page.addStyleTag({ content: '.whatsapp-fab { display: none !important; }' });
    // The choice and the buttons below it: the part of the form the guide talks about.
    const choice = form.locator('.admin-publish');
    const actions = form.locator('.admin-form-actions');
    const top = (await choice.boundingBox())!;
    const bottom = (await actions.boundingBox())!;
    await page.screenshot({ path: out(texts.file), clip: { x: top.x - 8, y: top.y - 12, width: top.width + 16, height: bottom.y + bottom.height - top.y + 24 } });
    console.log(out(texts.file), lang, problems.length ? problems : 'no console problems');
    await page.context().close();
  }

  // A screen as the guide shows it: from the top of the menu, the screen and the Activity panel,
  // at 1280 px, the height given; `prepare` puts the screen in the state the guide's text describes.
  const screens: { file: string; tab: AdminTab; height: number; query?: string; prepare?: (page: Page) => Promise<void> }[] = [
    { file: 'news-list.png', tab: 'news', height: 840 },
    { file: 'media-upload.png', tab: 'media', height: 840, prepare: (page) => page.locator('details.admin-upload-panel summary').click() },
    { file: 'activity.png', tab: 'projects', height: 620, prepare: (page) => page.locator('details.activity-filter summary').click() },
    { file: 'translations.png', tab: 'translations', height: 807 },
    { file: 'glossary.png', tab: 'glossary', height: 874 },
  ];
  for (const shot of screens) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: shot.height + 200 } });
    await signInAdmin(page, srv.url, { tab: shot.tab, query: shot.query });
    // The sign-in's toast and the chat button stay out of the picture.
    await page.addStyleTag({ content: '.whatsapp-fab, .toast { display: none !important; }' });
    await shot.prepare?.(page);
    const top = (await page.locator('.admin-layout').boundingBox())!;
    await page.screenshot({ path: out(shot.file), clip: { x: 0, y: top.y - 12, width: 1280, height: shot.height } });
    console.log(out(shot.file), problems.length ? problems : 'no console problems');
    await page.context().close();
  }

  // Regular gifts at risk (the Donations screen): four gifts, one for each reason, in both languages.
  const db = srv.handle.deps.db;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const gifts = [
    { id: 'sub_guide_1', name: 'Ruth Keller', email: 'ruth@example.ch', cents: 5000, currency: 'CHF', interval: 'month', status: 'active', failed: 2 },
    { id: 'sub_guide_2', name: 'Jonas Meier', email: 'jonas@example.ch', cents: 15000, currency: 'CHF', interval: 'quarter', status: 'past_due', failed: 9 },
    { id: 'sub_guide_3', name: 'Claire Dubois', email: 'claire@example.ch', cents: 2500, currency: 'EUR', interval: 'month', status: 'unpaid', failed: 24 },
    { id: 'sub_guide_4', name: 'Peter Huber', email: 'peter@example.ch', cents: 24000, currency: 'CHF', interval: 'year', status: 'active', failed: 0 },
  ];
  for (const g of gifts) {
    await db('donation_subscriptions').insert({ subscriptionId: g.id, customerId: `cus_${g.id}`, donorEmail: g.email, donorName: g.name, amountCents: g.cents, currency: g.currency, interval: g.interval, status: g.status, language: 'de', createdAt: ago(400), updatedAt: ago(g.failed || 1) });
    if (g.failed) await db('regular_gift_failures').insert({ subscriptionId: g.id, invoiceId: `in_${g.id}`, amountCents: g.cents, currency: g.currency, failedAt: ago(g.failed), attemptCount: g.failed > 20 ? 4 : 2, final: g.failed > 20, mailsSent: g.failed > 20 ? 2 : 1, failureMailedAt: ago(g.failed) });
  }
  const ends = now; // the card ends this month: within 45 days
  await db('regular_gift_cards').insert({ subscriptionId: 'sub_guide_4', paymentMethodId: 'pm_guide_4', expMonth: ends.getMonth() + 1, expYear: ends.getFullYear(), checkedAt: ago(3) });
  await db('card_expiry_notices').insert({ paymentMethodId: 'pm_guide_4', expMonth: ends.getMonth() + 1, expYear: ends.getFullYear(), subscriptionId: 'sub_guide_4', mailedAt: ago(3) });
  for (const [lang, file] of [['', 'donations-at-risk.png'], ['/de', 'donations-at-risk-de.png']] as const) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAdmin(page, srv.url, { tab: 'donations', lang });
    await page.addStyleTag({ content: '.whatsapp-fab, .toast { display: none !important; }' });
    const panel = page.locator('#at-risk');
    await panel.getByRole('table').waitFor();
    await panel.screenshot({ path: out(file) });
    console.log(out(file), problems.length ? problems : 'no console problems');
    await page.context().close();
  }

  // The Subscribers panel's suppressed addresses (bounces, complaints, Mailchimp's cleaned).
  {
    const sdb = srv.handle.deps.db;
    await recordMailEvent(sdb, { source: 'postmark', eventId: 'guide-1', address: 'old.address@example.org', kind: 'hard_bounce', detail: '550 5.1.1 The email account does not exist' });
    await recordMailEvent(sdb, { source: 'imap', eventId: 'guide-2', address: 'reader@example.ch', kind: 'complaint', detail: 'abuse report (ARF)' });
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1100, height: 900 } });
    await signInAdmin(page, srv.url, { tab: 'newsletter' });
    await page.addStyleTag({ content: '.whatsapp-fab, .toast { display: none !important; }' });
    const section = page.locator('section.subs-suppressed');
    await section.getByRole('table').waitFor();
    await section.screenshot({ path: out('suppressed-addresses.png') });
    console.log(out('suppressed-addresses.png'), problems.length ? problems : 'no console problems');
    await page.context().close();
  }

  // The Newsletter screen's Sending health, checked (the no-script link's page: the loader checks).
  for (const [lang, file] of [['', 'sending-health.png'], ['/de', 'sending-health-de.png']] as const) {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1100, height: 1400 } });
    await signInAdmin(page, srv.url, { tab: 'newsletter', lang, query: '?sending=check' });
    await page.addStyleTag({ content: '.whatsapp-fab, .toast { display: none !important; }' });
    const panel = page.locator('#sending-health');
    await panel.locator('.sending-health-result').waitFor();
    await panel.screenshot({ path: out(file) });
    console.log(out(file), problems.length ? problems : 'no console problems');
    await page.context().close();
  }
} finally {
  await browser.close();
  await srv.close();
  await dns.close();
}
