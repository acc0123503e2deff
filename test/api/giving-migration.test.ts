// The giving migration both ways on the running database: migrate to the latest, roll the giving
// migration back (with refund and dispute rows, monthly gifts and donor tokens in the tables), and
// migrate again. The ledger keeps its rows and its total, and "one credit per donation" holds after each step.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { migrationSource } from '../../db/migrations/index';
import { checkLedger } from '../../models/content/ledger';

const GIVING = '20261124000000_giving';

describe('migration 20261124000000_giving: up, down, up', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({}, { worker: false });
  });
  after(async () => {
    await h?.close();
  });

  // The app's knex maps snake_case columns to camelCase keys.
  const columns = async (table: string) => Object.keys(await h.deps.db(table).columnInfo()).map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

  test('rolls back and migrates again, keeping the ledger and its rules', async () => {
    const db = h.deps.db;
    const project = await db('projects').orderBy('id').first();
    const before = Number(project.raisedCents);
    // A credited gift with a refund and a dispute row, a monthly gift, a donor token.
    const [{ id: donationId }] = await db('donations')
      .insert({ paymentIntentId: 'pi_migration_1', amountCents: 5000, currency: 'chf', projectId: project.id, status: 'succeeded', kind: 'monthly', settledCents: 6250, settledCurrency: 'usd', refundedCents: 1000, chargeId: 'ch_migration_1', invoiceId: 'in_migration_1', donorEmail: 'a@example.org', appliedAt: new Date().toISOString() })
      .returning('id');
    await db('project_ledger').insert([
      { projectId: project.id, kind: 'donation', amountCents: 6250, donationId, actor: 'test', createdAt: new Date().toISOString() },
      { projectId: project.id, kind: 'refund', amountCents: -1250, donationId, actor: 'test', createdAt: new Date().toISOString() },
      { projectId: project.id, kind: 'dispute', amountCents: -5000, donationId, actor: 'test', createdAt: new Date().toISOString() },
      { projectId: project.id, kind: 'dispute', amountCents: 5000, donationId, actor: 'test', createdAt: new Date().toISOString() },
    ]);
    await db('projects').where({ id: project.id }).update({ raisedCents: before + 5000 });
    await db('donation_subscriptions').insert({ subscriptionId: 'sub_migration_1', customerId: 'cus_1', donorEmail: 'a@example.org', amountCents: 5000, currency: 'chf', status: 'active' });
    await db('donor_tokens').insert({ tokenHash: 'x'.repeat(64), email: 'a@example.org', expiresAt: new Date().toISOString() });
    assert.deepEqual(await checkLedger(db), []);

    await db.migrate.down({ migrationSource, name: GIVING });
    assert.ok(!(await columns('donations')).includes('settled_cents'));
    assert.equal(await db.schema.hasTable('donation_subscriptions'), false);
    assert.equal(await db.schema.hasTable('donor_tokens'), false);
    assert.ok(!(await columns('outbox')).includes('attachments'));
    // Refund and dispute rows become adjustments: the total stays, and its ledger still explains it.
    assert.deepEqual((await db('project_ledger').where({ donationId }).select('kind')).map((r: { kind: string }) => r.kind), ['donation']);
    const adjustments = await db('project_ledger').where({ projectId: project.id, kind: 'adjustment' }).whereLike('note', '(was %').orderBy('id');
    assert.deepEqual(adjustments.map((r: { amountCents: unknown }) => Number(r.amountCents)), [-1250, -5000, 5000]);
    assert.match(adjustments[0].note, /^\(was refund\)/);
    assert.deepEqual(await checkLedger(db), []);
    assert.equal(Number((await db('projects').where({ id: project.id }).first()).raisedCents), before + 5000);
    // Before giving, one ledger row per donation, and only the old kinds.
    await assert.rejects(db('project_ledger').insert({ projectId: project.id, kind: 'donation', amountCents: 1, donationId, actor: 'test', createdAt: new Date().toISOString() }));
    await assert.rejects(db('project_ledger').insert({ projectId: project.id, kind: 'refund', amountCents: -1, actor: 'test', createdAt: new Date().toISOString() }));

    await db.migrate.latest({ migrationSource });
    assert.ok((await columns('donations')).includes('settled_cents'));
    assert.equal(await db.schema.hasTable('donation_subscriptions'), true);
    const kept = await db('donations').where({ id: donationId }).first();
    assert.equal(kept.paymentIntentId, 'pi_migration_1');
    assert.equal(kept.settledCents, null, 'what a CHF gift settled for is not guessed');
    // Again: several rows per donation, but one credit.
    await db('project_ledger').insert({ projectId: project.id, kind: 'refund', amountCents: 0, donationId, actor: 'test', createdAt: new Date().toISOString() });
    await assert.rejects(db('project_ledger').insert({ projectId: project.id, kind: 'donation', amountCents: 1, donationId, actor: 'test', createdAt: new Date().toISOString() }));
    assert.deepEqual(await checkLedger(db), []);
  });
});
