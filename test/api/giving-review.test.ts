// What a review of giving found, each pinned by a test: a refund recorded while its gift was not
// yet (the charge's state is kept and the gift takes it), the admin's USD totals never mixing in
// another currency, a won dispute no longer "disputed", and a subscription whose first payment never
// came not being a gift (no link mailed for it, not listed, not counted).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { applySucceededPayment, reconcileCharge } from '../../models/giving/donation';
import { allDonations, DonationFilterSchema, monthlyOverview } from '../../models/giving/donations-admin';
import { donorYears, hasGiven, listDonorGifts, listDonorSubscriptions } from '../../models/giving/donor';
import { checkLedger } from '../../models/content/ledger';

describe('giving: what the review found', () => {
  let h: AppHandle;
  let projectId: number;
  const db = () => h.deps.db;
  const raised = async () => Number((await db()('projects').where({ id: projectId }).first('raisedCents')).raisedCents);

  before(async () => {
    h = await testApp({}, { worker: false });
    projectId = (await db()('projects').orderBy('id').first('id')).id;
  });
  after(async () => {
    await h?.close();
  });

  test('a refund handled before its gift was recorded is kept, and the gift (read from Stripe before the refund) is credited net of it', async () => {
    const before = await raised();
    // The refund's event: no donation has this charge yet.
    const early = await reconcileCharge(db(), { chargeId: 'ch_race', refundedCents: 2000, dispute: null }, { paymentIntentId: 'pi_race' });
    assert.equal(early.found, false);
    // The gift's own report, whose view of the charge was taken before the refund (no refunds).
    const result = await applySucceededPayment(
      db(),
      { paymentIntentId: 'pi_race', amountCents: 5000, currency: 'usd', projectId, language: 'en', chargeId: 'ch_race', settlement: { amount: 5000, currency: 'usd' }, chargeState: { chargeId: 'ch_race', refundedCents: 0, dispute: null } },
      'webhook',
    );
    assert.equal(result.applied, true);
    assert.equal((await raised()) - before, 3000, '50.00 credited, 20.00 of it refunded');
    assert.equal(Number(result.donation.refundedCents), 2000);
    // The refund's event again, and an older view of the charge: nothing moves twice or back.
    await reconcileCharge(db(), { chargeId: 'ch_race', refundedCents: 2000, dispute: null });
    await reconcileCharge(db(), { chargeId: 'ch_race', refundedCents: 0, dispute: null });
    assert.equal((await raised()) - before, 3000);
    assert.deepEqual(await checkLedger(db()), []);
  });

  test('admin totals in USD never add a CHF amount; a won dispute is not "disputed"', async () => {
    // General Support, settled in CHF by an account that settles in CHF: recorded, worth no USD here.
    await db()('donations').insert([
      { paymentIntentId: 'pi_gs_chf', amountCents: 5000, currency: 'chf', settledCents: 5000, settledCurrency: 'chf', status: 'succeeded', kind: 'one_off', language: 'en', appliedAt: new Date().toISOString(), refundedCents: 0, disputedCents: 0 },
      { paymentIntentId: 'pi_gs_usd', amountCents: 4000, currency: 'usd', settledCents: 4000, settledCurrency: 'usd', status: 'succeeded', kind: 'one_off', language: 'en', appliedAt: new Date().toISOString(), refundedCents: 0, disputedCents: 0, disputeStatus: 'won' },
    ]);
    const all = await allDonations(db(), DonationFilterSchema.parse({}));
    const usdGs = all.filter((d) => d.projectId === null && d.currency === 'usd');
    const won = usdGs.find((d) => d.amountCents === 4000)!;
    assert.equal(won.state, 'succeeded', 'a won dispute gave the money back');
    assert.equal((all.find((d) => d.projectId === null && d.currency === 'chf')!).creditedCents, 0);
    const disputed = await allDonations(db(), DonationFilterSchema.parse({ status: 'disputed' }));
    assert.ok(!disputed.some((d) => d.amountCents === 4000 && d.projectId === null));
    const succeeded = await allDonations(db(), DonationFilterSchema.parse({ status: 'succeeded' }));
    assert.ok(succeeded.some((d) => d.amountCents === 4000 && d.projectId === null));
  });

  test('a subscription whose first payment never came: no link for its address, not listed, not counted', async () => {
    const email = 'typo@example.org';
    await db()('donation_subscriptions').insert({ subscriptionId: 'sub_never', customerId: 'cus_never', donorEmail: email, amountCents: 2000, currency: 'chf', language: 'en', status: 'incomplete', paused: false });
    assert.equal(await hasGiven(db(), email), false);
    assert.deepEqual(await listDonorSubscriptions(db(), email, 'en'), []);
    const overview = await monthlyOverview(db());
    assert.equal(overview.counts.active + overview.counts.paused + overview.counts.ended, 0);
    await db()('donation_subscriptions').where({ subscriptionId: 'sub_never' }).update({ status: 'active' });
    assert.equal(await hasGiven(db(), email), true);
    assert.equal((await monthlyOverview(db())).counts.active, 1);
  });

  test('the donor page offers certificates only for years whose gifts still count, and lists a gift at 00:30 on 1 January in Lucerne in its Swiss year', async () => {
    const email = 'years@example.org';
    const row = (paymentIntentId: string, appliedAt: string, refundedCents = 0) => ({ paymentIntentId, amountCents: 5000, currency: 'chf', status: 'succeeded', kind: 'one_off', language: 'de', donorEmail: email, appliedAt, refundedCents, disputedCents: 0 });
    const now = new Date();
    const y = now.getUTCFullYear();
    await db()('donations').insert([
      row('pi_y_refunded', `${y - 2}-05-01T10:00:00.000Z`, 5000),
      row('pi_y_now', `${y}-05-01T10:00:00.000Z`),
      // 23:30 UTC on 31 December is 00:30 on 1 January in Lucerne: a gift of the year after.
      row('pi_y_new_year', `${y - 2}-12-31T23:30:00.000Z`),
    ]);
    assert.deepEqual(await donorYears(db(), email), [y, y - 1], 'the refunded year is not offered; the New Year gift counts in its Swiss year');
    const gifts = await listDonorGifts(db(), email, 'de', now);
    assert.ok(gifts.some((g) => g.date === `${y - 1}-01-01`), 'listed on its Swiss day, 1 January');
  });
});
