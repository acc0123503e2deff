// A month's statement of the demo data closed in Chromium, in English, in at most ten actions: the
// treasurer imports the scripted camt.053 (test/fixtures/bank-statement.ts); Stripe's payout (read
// from the fake Stripe through the real SDK), the transfers with a reference and the one from a
// remembered account explain themselves; the treasurer assigns "Spende Dorfgarten" (remembering
// the sender's account) and books the grant and the interest. The German list says "abgeschlossen".
// SHOT_PREFIX=name writes /tmp/name-statement-en.png and /tmp/name-statement-de.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowserWithStripe, signInAdmin, watchedPage } from '../helpers';
import { demoMonth, REMEMBERED } from '../fixtures/bank-statement';
import { projectReference } from '../../models/giving/bank-reference';
import { rememberAccount } from '../../models/giving/bank-import';

const e2e = serverAndBrowserWithStripe();
const SHOTS = process.env.SHOT_PREFIX;

test('the demo month explained to "closed" in at most ten actions', async () => {
  const { fake, srv } = e2e;
  const db = srv.handle.deps.db;
  const project = (await db('projects').where({ status: 'funding' }).orderBy('id').first('id')) as { id: number };
  // Two card gifts in CHF and a refund, paid out by Stripe on 27 November; booked by the bank on the 30th.
  fake.settlementCurrency = 'chf';
  fake.rates = { chf: 1, usd: 0.9, eur: 0.95 };
  const gifts = [fake.addIntent({ amount: 10_000, currency: 'chf', status: 'succeeded', metadata: { projectId: String(project.id), language: 'en' } }), fake.addIntent({ amount: 4_000, currency: 'chf', status: 'succeeded', metadata: { projectId: String(project.id), language: 'de' } })];
  for (const g of gifts) assert.equal(await fake.deliver('payment_intent.succeeded', g), 200);
  fake.refund(fake.chargeOf(gifts[1]!.id).id, 1_000);
  const payout = fake.payOut('2026-11-27');
  // Ruth Keller's account was assigned last month, with her consent.
  await db.transaction((trx) => rememberAccount(trx, { iban: REMEMBERED.iban, name: REMEMBERED.name, projectId: project.id, email: REMEMBERED.email }, 'demo'));
  const xml = demoMonth({ amount: (payout.amount / 100).toFixed(2), date: '2026-11-30' }, projectReference(project.id));

  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, srv.url, { tab: 'donations' });
  let actions = 0;
  const act = async (step: Promise<unknown>) => (await step, actions++);
  const panel = page.locator('section.don-section', { has: page.getByRole('heading', { name: 'Bank statement', exact: true }) });

  await act(panel.getByLabel('Statement file (camt.054 or camt.053)').setInputFiles({ name: 'camt053-2026-11.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) }));
  await act(panel.getByRole('button', { name: 'Import', exact: true }).click());
  const statement = page.locator('#bank-statement');
  await statement.getByRole('heading', { name: /4 of 7 lines explained/ }).waitFor();
  const line = (text: string) => statement.locator('ol.don-statement-lines > li', { hasText: text });
  // What explained itself: the payout with its gifts, refunds and fees, the referenced and the remembered transfers.
  await line('STRIPE PAYOUT').getByText(/Stripe payout of .* · gifts: 2 · refunds: 1 · fees: CHF/).waitFor();
  assert.equal(await line('STRIPE PAYOUT').locator('table tbody tr').count(), 3);
  await line('Monatsspende').getByText(/^Gift:/).waitFor();
  // The bank's own note and the sender, to decide by.
  await line('Spende Dorfgarten').getByText('Anna Graf', { exact: false }).waitFor();
  // The sticky header would cover the statement in a picture of it.
  const unstick = '.admin-header { position: static !important; }';
  if (SHOTS) await page.addStyleTag({ content: unstick }).then(() => page.locator('.don-statements').screenshot({ path: `/tmp/${SHOTS}-statement-en.png` }));
  assert.deepEqual(await axeSerious(page), []);

  // Meanwhile in German (another tab, not counted): the waiting credit says the bank's note and the
  // sender, and "keine Referenz" once.
  const de = await page.context().newPage();
  await de.goto(`${srv.url}/de/admin/donations`);
  const waiting = de.locator('ul.don-bank-unmatched > li', { hasText: 'Spende Dorfgarten' });
  await waiting.getByText(/Anna Graf \(CH56 0483/).waitFor();
  assert.equal((await waiting.locator('p').first().innerText()).split('keine Referenz').length - 1, 1, await waiting.innerText());
  await de.close();

  const garden = line('Spende Dorfgarten');
  await act(garden.getByLabel('Project').selectOption(String(project.id)));
  await act(garden.getByLabel(/Remember this sender's account/).check());
  await act(garden.getByRole('button', { name: 'Assign and credit' }).click());
  await garden.getByText(/^Gift:/).waitFor();

  const grant = line('Stiftung Sonnenberg');
  await act(grant.getByLabel('Category').selectOption('grant'));
  await act(grant.getByRole('button', { name: 'Book as not a gift' }).click());
  await grant.getByText('Not a gift: Grant').waitFor();

  const interest = line('Habenzins');
  await act(interest.getByLabel('Category').selectOption('interest'));
  await act(interest.getByRole('button', { name: 'Book as not a gift' }).click());
  await statement.getByRole('heading', { name: /· closed$/ }).waitFor();
  assert.ok(actions <= 10, `${actions} actions`);
  assert.equal(await page.locator('.don-statements table tbody tr', { hasText: 'camt053-2026-11.xml' }).getByRole('cell', { name: 'closed', exact: true }).count(), 1);
  assert.ok(await db('bank_remembered_accounts').where({ iban: 'CH5604835012345678009' }).first(), "Anna Graf's account is remembered");
  assert.deepEqual(problems, []);

  // The German statement list.
  await page.goto(`${srv.url}/de/admin/donations`);
  const row = page.locator('.don-statements table tbody tr', { hasText: 'camt053-2026-11.xml' });
  await row.getByRole('cell', { name: 'abgeschlossen', exact: true }).waitFor();
  assert.equal(await page.locator('#bank-statement').getByText('Spende Dorfgarten', { exact: false }).count(), 1);
  if (SHOTS) await page.addStyleTag({ content: unstick }).then(() => page.locator('.don-statements').screenshot({ path: `/tmp/${SHOTS}-statement-de.png` }));
  assert.deepEqual(problems, []);
  await page.context().close();
});
