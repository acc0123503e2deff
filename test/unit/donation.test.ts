import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import pino from 'pino';
import Stripe from 'stripe';
import { migrate, openDatabase } from '../../db/connection';
import { applySucceededPayment, findDonation, projectIdFromMetadata, recordFailedPayment } from '../../models/giving/donation';
import { checkLedger, listLedger } from '../../models/content/ledger';
import { createProject } from '../../models/content/project';
import { DONATION_PRESETS_CENTS, DEFAULT_PRESET_CENTS, MAX_DONATION_CENTS, MIN_DONATION_CENTS, parseDonationAmount } from '../../models/shared/donation-rules';
import { createPaymentsProvider, PaymentsError, type StripePayments } from '../../models/providers/payments';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';

const log = pino({ level: 'silent' });

describe('donation amount rules', () => {
  test('presets, default and limits', () => {
    assert.deepEqual([...DONATION_PRESETS_CENTS], [5000, 15000, 350000]);
    assert.equal(DEFAULT_PRESET_CENTS, 15000);
    assert.equal(MIN_DONATION_CENTS, 100);
    assert.equal(MAX_DONATION_CENTS, 99_999_999);
  });

  test('dollars become integer cents without floating-point drift', () => {
    const cases: [unknown, number][] = [
      [1, 100],
      ['1', 100],
      [150, 15000],
      [1.3, 130],
      [19.99, 1999],
      ['25.5', 2550],
      [' 42.10 ', 4210],
      ['1.05', 105],
      [999999.99, 99_999_999],
      ['001.50', 150],
    ];
    for (const [input, cents] of cases) assert.deepEqual(parseDonationAmount(input), { cents }, String(input));
  });

  test('each kind of bad amount is named', () => {
    const cases: [unknown, string][] = [
      [0.99, 'min'],
      [0, 'min'],
      [-5, 'min'],
      ['', 'invalid'],
      ['abc', 'invalid'],
      ['1e3', 'invalid'],
      [Number.NaN, 'invalid'],
      [Number.POSITIVE_INFINITY, 'invalid'],
      [null, 'invalid'],
      [{}, 'invalid'],
      [1_000_000, 'max'],
      [10.001, 'decimals'],
      ['5.555', 'decimals'],
    ];
    for (const [input, problem] of cases) assert.deepEqual(parseDonationAmount(input), { problem }, String(input));
  });

  test('project ids from Stripe metadata', () => {
    assert.equal(projectIdFromMetadata('12'), 12);
    assert.equal(projectIdFromMetadata(''), null);
    assert.equal(projectIdFromMetadata(undefined), null);
    assert.equal(projectIdFromMetadata('general'), null);
    assert.equal(projectIdFromMetadata('-1'), null);
    assert.equal(projectIdFromMetadata('1.5'), null);
    assert.equal(projectIdFromMetadata('007'), null);
  });
});

describe('models/giving/donation: the once-only apply path', () => {
  let db: Knex;
  let projectId: number;
  const raised = async () => Number((await db('projects').where({ id: projectId }).first('raisedCents')).raisedCents);

  before(async () => {
    db = openDatabase('sqlite::memory:');
    await migrate(db);
    const project = await createProject(db, {
      title: 'Well', titleDe: 'Brunnen', description: 'd', descriptionDe: 'd', imageUrl: '/x.svg', status: 'funding', raisedAmount: '10.00', goalAmount: '1000.00', order: 0, slug: undefined,
    });
    projectId = project.id;
  });
  // Whatever a test did, every total is explained by its ledger.
  afterEach(async () => assert.deepEqual(await checkLedger(db), []));
  after(() => db.destroy());

  test('a project created with a raised amount starts with one opening ledger row', async () => {
    const rows = await listLedger(db, projectId);
    assert.deepEqual(rows.map((r) => [r.kind, r.amountCents, r.actor]), [['opening', 1000, 'system']]);
  });

  test('applies once; every later call reports applied: false and changes nothing', async () => {
    const payment = { paymentIntentId: 'pi_once', amountCents: 2500, currency: 'usd', projectId, language: 'de' };
    const first = await applySucceededPayment(db, payment, 'webhook');
    assert.equal(first.applied, true);
    assert.equal(first.projectRaisedCents, 3500);
    assert.equal(first.donation.status, 'succeeded');
    assert.equal(first.donation.appliedBy, 'webhook');
    assert.match(first.donation.appliedAt ?? '', /^\d{4}-\d{2}-\d{2}T/);
    const second = await applySucceededPayment(db, payment, 'client');
    assert.equal(second.applied, false);
    assert.equal(second.donation.appliedBy, 'webhook');
    assert.equal(await raised(), 3500);
    const donationRows = (await listLedger(db, projectId)).filter((r) => r.kind === 'donation');
    assert.deepEqual(donationRows.map((r) => [r.amountCents, r.donationId, r.actor]), [[2500, first.donation.id, 'stripe:webhook']]);
  });

  test('amounts that are not whole cents in range never reach a total', async () => {
    const before = await raised();
    for (const amountCents of [-500, 0, 1.5, 1e308, Number.NaN, 100_000_000]) {
      await assert.rejects(applySucceededPayment(db, { paymentIntentId: `pi_bad_${String(amountCents)}`, amountCents, currency: 'usd', projectId, language: null }, 'webhook'));
    }
    await assert.rejects(applySucceededPayment(db, { paymentIntentId: 'pi_bad_currency', amountCents: 100, currency: null as unknown as string, projectId, language: null }, 'webhook'));
    assert.equal(await raised(), before);
    assert.equal((await db('donations').where('paymentIntentId', 'like', 'pi_bad_%')).length, 0);
  });

  test('ten concurrent applies of one PaymentIntent move the money once', async () => {
    const before = await raised();
    const payment = { paymentIntentId: 'pi_race', amountCents: 700, currency: 'usd', projectId, language: 'en' };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => applySucceededPayment(db, payment, i % 2 ? 'client' : 'webhook')));
    assert.equal(results.filter((r) => r.applied).length, 1);
    assert.equal(await raised(), before + 700);
    assert.equal((await db('donations').where({ paymentIntentId: 'pi_race' })).length, 1);
  });

  test('a failed attempt is recorded, later success applies, a late failure does not undo it', async () => {
    const before = await raised();
    const base = { paymentIntentId: 'pi_retry', amountCents: 900, currency: 'usd', projectId, language: 'en' };
    const failed = await recordFailedPayment(db, { ...base, failureMessage: 'Your card was declined.' });
    assert.equal(failed.status, 'failed');
    assert.equal(failed.failureMessage, 'Your card was declined.');
    assert.equal(await raised(), before);
    assert.equal((await applySucceededPayment(db, base, 'webhook')).applied, true);
    const late = await recordFailedPayment(db, { ...base, failureMessage: 'late' });
    assert.equal(late.status, 'succeeded');
    assert.equal(late.failureMessage, null);
    assert.equal(await raised(), before + 900);
  });

  test('General Support, another currency and a deleted project never touch a project total', async () => {
    const before = await raised();
    const general = await applySucceededPayment(db, { paymentIntentId: 'pi_general', amountCents: 5000, currency: 'usd', projectId: null, language: null }, 'webhook');
    assert.equal(general.applied, true);
    assert.equal(general.projectRaisedCents, null);
    const eur = await applySucceededPayment(db, { paymentIntentId: 'pi_eur', amountCents: 5000, currency: 'eur', projectId, language: 'xx' }, 'webhook');
    assert.equal(eur.applied, true);
    assert.equal(eur.donation.language, null, 'unknown languages are not stored');
    const gone = await applySucceededPayment(db, { paymentIntentId: 'pi_gone', amountCents: 5000, currency: 'usd', projectId: 424242, language: 'en' }, 'webhook');
    assert.equal(gone.applied, true);
    assert.equal(gone.donation.projectId, null, 'kept, attached to nothing');
    assert.equal(await raised(), before);
    assert.equal((await findDonation(db, 'pi_gone'))?.amountCents, 5000);
    assert.equal(await findDonation(db, 'pi_never'), null);
  });
});

describe('models/providers/payments with the real SDK against the fake Stripe API', () => {
  let fake: FakeStripe;
  before(async () => {
    fake = await startFakeStripe();
  });
  after(() => fake.close());

  const provider = async (extra: Partial<Parameters<typeof createPaymentsProvider>[0]> = {}) =>
    (await createPaymentsProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_test', apiBase: fake.url, log, ...extra })) as StripePayments;

  test('no keys: the unconfigured provider says why', async () => {
    const p = await createPaymentsProvider({ log });
    assert.equal(p.kind, 'unconfigured');
    assert.match(p.kind === 'unconfigured' ? p.reason : '', /STRIPE_SECRET_KEY/);
    assert.equal((await createPaymentsProvider({ secretKey: 'sk_test_x', log })).kind, 'unconfigured');
  });

  test('creates and retrieves intents through STRIPE_API_BASE; an unknown id is null', async () => {
    const p = await provider();
    assert.equal(p.kind, 'stripe');
    assert.equal(p.webhookConfigured, true);
    const created = await p.createIntent({ amountCents: 1234, currency: 'usd', metadata: { projectId: '3', language: 'en' }, idempotencyKey: 'unit-1' });
    assert.match(created.clientSecret, new RegExp(`^${created.id}_secret_`));
    const info = await p.retrieveIntent(created.id);
    assert.deepEqual(
      { amount: info?.amount, currency: info?.currency, status: info?.status, metadata: info?.metadata },
      { amount: 1234, currency: 'usd', status: 'requires_payment_method', metadata: { projectId: '3', language: 'en' } },
    );
    assert.equal(await p.retrieveIntent('pi_unknown'), null);
  });

  test('a Stripe that does not answer hits the timeout with a clear message', async () => {
    fake.delayMs = Infinity;
    try {
      const p = await provider({ timeoutMs: 300, maxNetworkRetries: 0 });
      await assert.rejects(
        p.createIntent({ amountCents: 500, currency: 'usd', metadata: {}, idempotencyKey: 'unit-timeout' }),
        (err: unknown) => err instanceof PaymentsError && err.kind === 'timeout' && /did not answer in time/.test(err.message),
      );
    } finally {
      fake.delayMs = 0;
    }
  });

  test('a Stripe that cannot be reached is "unavailable"', async () => {
    const p = (await createPaymentsProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', apiBase: 'http://127.0.0.1:9', maxNetworkRetries: 0, log })) as StripePayments;
    await assert.rejects(
      p.retrieveIntent('pi_x'),
      (err: unknown) => err instanceof PaymentsError && err.kind === 'unavailable',
    );
  });

  test('webhook events are verified over the raw body', async () => {
    const p = await provider();
    const intent = fake.addIntent({ amount: 800, status: 'succeeded', metadata: { projectId: '2' } });
    const body = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_test' });
    const event = p.verifyEvent(Buffer.from(body), signature);
    assert.equal(event.type, 'payment_intent.succeeded');
    assert.deepEqual(event.object, { kind: 'payment_intent', id: intent.id });
    assert.deepEqual(Object.keys(event).sort(), ['id', 'object', 'type'], 'no amounts are taken from the event');
    const expectSignatureError = (fn: () => unknown) => assert.throws(fn, (err: unknown) => err instanceof PaymentsError && err.kind === 'signature');
    expectSignatureError(() => p.verifyEvent(Buffer.from(body.replace('800', '80000')), signature));
    expectSignatureError(() => p.verifyEvent(Buffer.from(body), undefined));
    expectSignatureError(() => p.verifyEvent(undefined, signature));
    expectSignatureError(() => p.verifyEvent(Buffer.from(body), [signature, signature]));
    const withoutSecret = await provider({ webhookSecret: undefined });
    assert.throws(
      () => withoutSecret.verifyEvent(Buffer.from(body), signature),
      (err: unknown) => err instanceof PaymentsError && err.kind === 'unconfigured',
    );
  });

  test('signed but malformed events are refused with a message naming the problem', async () => {
    const p = await provider();
    const intent = fake.addIntent({ amount: 800, status: 'succeeded', metadata: { projectId: '2' } });
    const good = fake.event('payment_intent.succeeded', intent) as { data: { object: Record<string, unknown> } } & Record<string, unknown>;
    const withObject = (patch: Record<string, unknown>) => ({ ...good, data: { object: { ...good.data.object, ...patch } } });
    const cases: [string, unknown, RegExp][] = [
      ['data.object null', { ...good, data: { object: null } }, /data\.object/],
      ['no data', { ...good, data: undefined }, /data/],
      ['event id null', { ...good, id: null }, /^The webhook event is malformed: id/],
      ['no type', { ...good, type: undefined }, /type/],
      ['not an event', { ...good, object: 'charge' }, /object/],
      ['intent id null', withObject({ id: null }), /data\.object\.id/],
      ['intent id of another kind', withObject({ id: 'ch_123' }), /data\.object\.id/],
      ['currency null', withObject({ currency: null }), /data\.object\.currency/],
      ['a negative amount', withObject({ amount: -500 }), /data\.object\.amount/],
      ['a fraction of a cent', withObject({ amount: 1.5 }), /data\.object\.amount/],
      ['an amount beyond exact numbers', withObject({ amount_received: 1e308 }), /data\.object\.amount_received/],
      ['metadata that is not text', withObject({ metadata: { projectId: 2 } }), /data\.object\.metadata/],
      ['a JSON array', [good], /malformed/],
      ['JSON null', null, /malformed/],
    ];
    for (const [name, event, message] of cases) {
      const body = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_test' });
      assert.throws(
        () => p.verifyEvent(Buffer.from(body), signature),
        (err: unknown) => err instanceof PaymentsError && err.kind === 'malformed' && message.test(err.message),
        name,
      );
    }
    const notJson = '{"id": "evt_1", "type":';
    assert.throws(
      () => p.verifyEvent(Buffer.from(notJson), Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: 'whsec_test' })),
      (err: unknown) => err instanceof PaymentsError && err.kind === 'malformed' && /not a JSON event/.test(err.message),
    );
    // Other handled events name their object by id and kind; unhandled ones need only the envelope.
    const refunded = JSON.stringify({ ...good, type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge', amount: 5 } } });
    assert.deepEqual(p.verifyEvent(Buffer.from(refunded), Stripe.webhooks.generateTestHeaderString({ payload: refunded, secret: 'whsec_test' })), {
      type: 'charge.refunded',
      id: good.id,
      object: { kind: 'charge', id: 'ch_1' },
    });
    const wrongKind = JSON.stringify({ ...good, type: 'charge.refunded', data: { object: { id: 'pi_1', object: 'payment_intent' } } });
    assert.throws(
      () => p.verifyEvent(Buffer.from(wrongKind), Stripe.webhooks.generateTestHeaderString({ payload: wrongKind, secret: 'whsec_test' })),
      (err: unknown) => err instanceof PaymentsError && err.kind === 'malformed' && /data\.object\.id/.test(err.message),
    );
    const other = JSON.stringify({ ...good, type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    assert.deepEqual(p.verifyEvent(Buffer.from(other), Stripe.webhooks.generateTestHeaderString({ payload: other, secret: 'whsec_test' })), {
      type: 'customer.created',
      id: good.id,
      object: null,
    });
  });

  test('a retrieved PaymentIntent of the wrong shape is an unreadable answer, not a payment', async () => {
    const p = await provider();
    const intent = fake.addIntent({ amount: 800, status: 'succeeded' });
    for (const patch of [{ amount_received: 1.5 }, { amount: -500 }, { currency: null }, { status: null }, { object: 'charge' }, { metadata: { projectId: 7 } }]) {
      fake.intents.set(intent.id, { ...intent, ...patch } as typeof intent);
      await assert.rejects(p.retrieveIntent(intent.id), (err: unknown) => err instanceof PaymentsError && err.kind === 'unavailable' && /could not read/.test(err.message), JSON.stringify(patch));
    }
  });
});
