// The project ledger: saving a project in the admin never erases donations from its total, every
// total is explained by its ledger rows (checkLedger), the admin's changes are audited adjustments,
// and the migration explains the totals of a database that existed before the ledger.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import Stripe from 'stripe';
import type { AppHandle } from '../../app';
import { freshDatabase, testApp } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';
import { checkLedger as checkLedgerFromDonation } from '../../models/giving/donation';
import { openDatabase, schemaOf } from '../../db/connection';
import { migrationSource } from '../../db/migrations/index';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const ACTOR = /^key:[0-9a-f]{8}$/;

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Village Library Shelves',
  titleDe: 'Regale für die Dorfbibliothek',
  description: 'Shelves for the books of the village library.',
  descriptionDe: 'Regale für die Bücher der Dorfbibliothek.',
  goalAmount: '5000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

describe('saving a project keeps the donations in its total', () => {
  let fake: FakeStripe;
  let h: AppHandle;

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp(fake.env());
  });
  after(async () => {
    await h?.close();
    await fake?.close();
  });
  afterEach(async () => assert.deepEqual(await checkLedger(h.deps.db), [], 'every total equals its ledger'));

  /** A donation Stripe confirmed, delivered by a signed webhook. */
  async function credit(projectId: number, cents: number): Promise<void> {
    const intent = fake.addIntent({ amount: cents, status: 'succeeded', metadata: { projectId: String(projectId), language: 'en' } });
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const res = await request(h.app)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }))
      .send(payload)
      .expect(200);
    assert.equal(res.body.applied, true);
  }
  const raised = async (id: number) => (await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body.raisedAmount as string;
  const ledger = async (id: number) => (await request(h.app).get(`/api/admin/projects/${id}/ledger`).set(ADMIN).expect(200)).body;

  test('the probe: open the form at $100, a $40 donation arrives, save a new description: $140', async () => {
    const created = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201);
    const id = created.body.id as number;
    assert.equal(created.body.raisedAmount, '0.00');
    await credit(id, 10000);

    // The admin opens the form: it shows (and keeps, hidden) the total of that moment.
    const form = (await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body;
    assert.equal(form.raisedAmount, '100.00');
    await credit(id, 4000);

    const saved = await request(h.app)
      .put(`/api/admin/projects/${id}`)
      .set(ADMIN)
      .send(project({ description: 'Shelves, and a reading corner.', raisedAmount: form.raisedAmount, raisedAmountBase: form.raisedAmount }))
      .expect(200);
    assert.equal(saved.body.raisedAmount, '140.00');
    assert.equal(saved.body.description, 'Shelves, and a reading corner.');
    assert.deepEqual(
      (await ledger(id)).entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents]),
      [
        ['donation', 10000],
        ['donation', 4000],
      ],
      'an unchanged raised amount writes no adjustment',
    );

    // A PUT without raisedAmount leaves the total alone (it used to set it to 0).
    const without = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ title: 'Village Library Shelves and Books' })).expect(200);
    assert.equal(without.body.raisedAmount, '140.00');
  });

  test("an admin's change applies as the difference to what the form showed, audited", async () => {
    // $100 given by bank transfer, counted by hand when the project was created, then a $40 gift.
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Adjusted Shelves', raisedAmount: '100' })).expect(201)).body.id as number;
    await credit(id, 4000);
    // The form shows 140; the admin types 100 (one transfer was counted twice); meanwhile $25 arrives.
    await credit(id, 2500);
    const res = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ title: 'Adjusted Shelves', raisedAmount: '100', raisedAmountBase: '140.00' })).expect(200);
    assert.equal(res.body.raisedAmount, '125.00', '165 - 40: the $25 that arrived while the form was open stays');

    const book = await ledger(id);
    const adjustment = book.entries.at(-1);
    assert.equal(adjustment.kind, 'adjustment');
    assert.equal(adjustment.amountCents, -4000);
    assert.match(adjustment.actor, ACTOR);
    assert.match(adjustment.note, /form showed 140\.00, saved 100\.00/);
    assert.equal(book.raisedAmount, '125.00');
    assert.equal(book.ledgerAmount, '125.00');

    const audit = (await request(h.app).get('/api/admin/audit?entity=project&limit=20').set(ADMIN).expect(200)).body as { action: string; entityId: string; summary: string; actor: string }[];
    const mine = audit.filter((e) => e.entityId === String(id));
    assert.deepEqual(mine.map((e) => e.action).slice(0, 2), ['update', 'adjust']);
    assert.match(mine[1]!.summary, /^Raised amount adjusted by -40\.00 USD \(now 125\.00 USD\): Adjusted Shelves$/);
    assert.match(mine[1]!.actor, ACTOR);
  });

  test('a script that writes back what it read without a base: the same total passes, a changed one is a 409 and keeps the gift', async () => {
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Scripted Shelves', raisedAmount: '75' })).expect(201)).body.id as number;
    const book = await ledger(id);
    assert.deepEqual(book.entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents]), [['opening', 7500]]);
    assert.match(book.entries[0].actor, ACTOR);
    // GET, then PUT the whole project back: nothing changed meanwhile, so the save goes through.
    const read = (await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body;
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...read, description: 'Read and written back' }).expect(200);
    // A $25 gift arrives between the next read and its write-back: the write is refused, whole.
    const again = (await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body;
    await credit(id, 2500);
    const refused = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...again, description: 'Written back over a gift' }).expect(409);
    assert.equal(refused.body.code, 'validation');
    assert.deepEqual(refused.body.fieldErrors.raisedAmount, { code: 'raised_changed', params: { current: '100.00' } });
    assert.match(refused.body.fields.raisedAmount, /now 100\.00 USD.*raisedAmountBase/);
    assert.equal(await raised(id), '100.00', 'the gift stays in the public total');
    assert.equal((await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body.description, 'Read and written back', 'nothing of the refused save is kept');
    // Naming the amount it read (the base) makes it an adjustment relative to that: the gift stays.
    const based = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send({ ...again, raisedAmount: '80', raisedAmountBase: again.raisedAmount }).expect(200);
    assert.equal(based.body.raisedAmount, '105.00', '100 + (80 - 75)');
    assert.match((await ledger(id)).entries.at(-1).note, /form showed 75\.00, saved 80\.00/);
  });

  test('a change below the confirmed gifts is refused with a field message, nothing written', async () => {
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Shrinking Shelves', raisedAmount: '100' })).expect(201)).body.id as number;
    await credit(id, 2000);
    // The form showed 100; someone else lowered the hand-counted part since (the total is 40 now, $20 of it a gift); this admin types 0.
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ title: 'Shrinking Shelves', raisedAmount: '40', raisedAmountBase: '120' })).expect(200);
    const res = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ title: 'Renamed Shelves', raisedAmount: '0', raisedAmountBase: '100' })).expect(409);
    assert.match(res.body.fields.raisedAmount, /Confirmed gifts alone come to 20\.00 USD/);
    const after = (await request(h.app).get(`/api/admin/projects/${id}`).set(ADMIN).expect(200)).body;
    assert.equal(after.raisedAmount, '40.00');
    assert.equal(after.title, 'Shrinking Shelves', 'the whole save is undone, not only the amount');
    const bad = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ raisedAmount: '10', raisedAmountBase: 'lots' })).expect(400);
    assert.ok(bad.body.fields.raisedAmountBase);
    await request(h.app).get('/api/admin/projects/999999/ledger').set(ADMIN).expect(404);
    await request(h.app).get(`/api/admin/projects/${id}/ledger`).expect(401);
  });

  test('an adjustment may not take the total below the confirmed gifts, so a refund never makes it negative', async () => {
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Refunded Shelves', goalAmount: '100000' })).expect(201)).body.id as number;
    // The probe: $40 arrives; an admin sets the total to 0 (the form showed 40); the gift is refunded in full.
    const intent = fake.addIntent({ amount: 4000, status: 'succeeded', metadata: { projectId: String(id), language: 'en' } });
    const signed = (event: unknown) => {
      const payload = JSON.stringify(event);
      return request(h.app).post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' })).send(payload);
    };
    await signed(fake.event('payment_intent.succeeded', intent)).expect(200);
    const form = (extra: Record<string, unknown>) => project({ title: 'Refunded Shelves', goalAmount: '100000', ...extra });
    const refused = await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(form({ raisedAmount: '0.00', raisedAmountBase: '40.00' })).expect(409);
    assert.deepEqual(refused.body.fieldErrors.raisedAmount, { code: 'raised_below_gifts', params: { min: '40.00' } });
    assert.equal(await raised(id), '40.00');
    // Above the gifts is fine: an amount typed by mistake can be taken back down to them.
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(form({ raisedAmount: '65.00', raisedAmountBase: '40.00' })).expect(200);
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(form({ raisedAmount: '40.00', raisedAmountBase: '65.00' })).expect(200);
    const { charge } = fake.refund(fake.chargeOf(intent.id).id);
    const refunded = await signed(fake.event('charge.refunded', charge)).expect(200);
    assert.equal(refunded.body.changedCents, -4000);
    assert.equal(await raised(id), '0.00');
    assert.equal((await request(h.app).get(`/api/projects/${id}`).expect(200)).body.raisedAmount, '0.00');
  });

  test('a total that a ledger from before the rule left below zero is shown as zero, the ledger untouched', async () => {
    const created = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Old Shelves', goalAmount: '100000' })).expect(201)).body;
    // As the earlier version allowed: a $40 gift, the admin's -40 adjustment, then the refund's -40.
    await h.deps.db.transaction(async (trx) => {
      for (const [kind, amountCents] of [['donation', 4000], ['adjustment', -4000], ['refund', -4000]] as const) {
        await trx('project_ledger').insert({ projectId: created.id, kind, amountCents, actor: 'test', createdAt: new Date().toISOString() });
      }
      await trx('projects').where({ id: created.id }).update({ raisedCents: -4000 });
    });
    assert.equal((await ledger(created.id)).ledgerAmount, '-40.00', 'the ledger says what happened');
    assert.equal((await request(h.app).get(`/api/projects/${created.id}`).expect(200)).body.raisedAmount, '0.00');
    const page = await request(h.app).get(`/projects/${created.slug}`).expect(200);
    assert.doesNotMatch(page.text, /\$-|-\$|−\$/, 'no negative amount on the page');
    // The public list shows it as zero as well.
    const list = (await request(h.app).get('/api/projects').expect(200)).body as { id: number; raisedAmount: string }[];
    assert.equal(list.find((p) => p.id === created.id)!.raisedAmount, '0.00');
  });

  test('the form without JavaScript carries the base and keeps a donation that arrives while it is open', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Form Shelves', raisedAmount: '60' })).expect(201)).body.id as number;
    const page = await agent.get(`/admin/projects?edit=${id}`).set('Accept', 'text/html').expect(200);
    const input = (name: string) => {
      const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page.text)?.[0] ?? '';
      return { tag, value: /value="([^"]*)"/.exec(tag)?.[1] };
    };
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    assert.equal(input('raisedAmount').value, '60.00');
    assert.match(input('raisedAmountBase').tag, /type="hidden"/);
    assert.equal(input('raisedAmountBase').value, '60.00');

    await credit(id, 2000);
    const res = await agent
      .post(`/admin/projects/${id}`)
      .type('form')
      .send({ _csrf: csrf, ...project({ title: 'Form Shelves', description: 'Edited in a form', raisedAmount: input('raisedAmount').value, raisedAmountBase: input('raisedAmountBase').value }) });
    assert.equal(res.status, 303);
    assert.equal(await raised(id), '80.00');
    // And the German form carries it too.
    const de = await agent.get(`/de/admin/projects?edit=${id}`).set('Accept', 'text/html').expect(200);
    assert.match(de.text, /<input[^>]*name="raisedAmountBase"[^>]*value="80\.00"/);
  });

  test('donations and an admin adjustment at the same moment all count', async () => {
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Busy Shelves', raisedAmount: '100' })).expect(201)).body.id as number;
    await Promise.all([
      ...[1000, 2000, 3000, 4000, 5000].map((cents) => credit(id, cents)),
      request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ title: 'Busy Shelves', raisedAmount: '90', raisedAmountBase: '100' })).expect(200),
    ]);
    assert.equal(await raised(id), '240.00', '100 + 150 donated - 10 adjusted');
  });

  test('checkLedger finds a total changed behind the ledger', async () => {
    const id = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Tampered Shelves', raisedAmount: '10' })).expect(201)).body.id as number;
    await h.deps.db('projects').where({ id }).update({ raisedCents: 999 });
    assert.deepEqual(await checkLedgerFromDonation(h.deps.db), [{ projectId: id, raisedCents: 999, ledgerCents: 1000 }]);
    await h.deps.db('projects').where({ id }).update({ raisedCents: 1000 });
  });

  test('the demo seed explains its totals with opening rows', async () => {
    const openings = await h.deps.db('project_ledger').where({ kind: 'opening', actor: 'seed' });
    assert.equal(openings.length, 10);
  });
});

describe('the ledger migration explains the totals of an existing database', () => {
  test('applied USD donations become donation rows, the rest one opening row; a total below its donations an adjustment', async () => {
    const fresh = await freshDatabase();
    const db = openDatabase(fresh.env.DATABASE_URL!, { schema: fresh.env.DATABASE_SCHEMA });
    try {
      const schema = schemaOf(db);
      if (schema) await db.raw('create schema if not exists ??', [schema]);
      // The database as the previous version left it.
      const all = await migrationSource.getMigrations([]);
      const before = all.indexOf('20261123000300_project_ledger');
      for (let i = 0; i < before; i++) await db.migrate.up({ migrationSource });
      assert.equal(await db.schema.hasTable('project_ledger'), false);

      const insertProject = async (slug: string, raisedCents: number) => {
        const [row] = (await db('projects')
          .insert({ slug, title: slug, titleDe: slug, description: 'd', descriptionDe: 'd', imageUrl: '/x.svg', raisedCents, goalCents: 100000 })
          .returning('id')) as (number | { id: number })[];
        return typeof row === 'object' ? Number(row.id) : Number(row);
      };
      const donate = (projectId: number, paymentIntentId: string, amountCents: number, extra: Record<string, unknown> = {}) =>
        db('donations').insert({ paymentIntentId, amountCents, currency: 'usd', projectId, status: 'succeeded', appliedAt: new Date().toISOString(), appliedBy: 'webhook', ...extra });

      const mixed = await insertProject('mixed', 50000);
      await donate(mixed, 'pi_m1', 10000);
      await donate(mixed, 'pi_m2', 5000);
      await donate(mixed, 'pi_m3', 3000, { status: 'failed', appliedAt: null, appliedBy: null });
      await donate(mixed, 'pi_m4', 7000, { currency: 'eur' });
      const erased = await insertProject('erased', 2000);
      await donate(erased, 'pi_e1', 5000);
      const empty = await insertProject('empty', 0);
      const manual = await insertProject('manual', 12345);

      await db.migrate.up({ migrationSource });
      const rows = async (projectId: number) =>
        ((await db('project_ledger').where({ projectId }).orderBy('id')) as { kind: string; amountCents: number | string; donationId: number | null }[]).map((r) => [r.kind, Number(r.amountCents), r.donationId !== null]);
      assert.deepEqual(await rows(mixed), [
        ['donation', 10000, true],
        ['donation', 5000, true],
        ['opening', 35000, false],
      ]);
      assert.deepEqual(await rows(erased), [
        ['donation', 5000, true],
        ['adjustment', -3000, false],
      ]);
      assert.deepEqual(await rows(empty), []);
      assert.deepEqual(await rows(manual), [['opening', 12345, false]]);
      assert.deepEqual(await checkLedger(db), []);

      // A donation is in the ledger once: the unique donation_id refuses a second row.
      const donationId = ((await db('donations').where({ paymentIntentId: 'pi_m1' }).first('id')) as { id: number }).id;
      await assert.rejects(db('project_ledger').insert({ projectId: mixed, kind: 'donation', amountCents: 10000, donationId, actor: 'test' }));
      // Only the three kinds exist.
      await assert.rejects(db('project_ledger').insert({ projectId: mixed, kind: 'gift', amountCents: 1, actor: 'test' }));
      // Deleting a project deletes its ledger.
      await db('projects').where({ id: manual }).delete();
      assert.deepEqual(await rows(manual), []);
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
