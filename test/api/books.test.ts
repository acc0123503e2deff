// The books (models/giving/books.ts, models/giving/rates.ts): every gift valued in the book
// currency and in the project totals' US dollars, whatever it was given and settled in; the daily
// reference rates (against a local ECB, test/fakes/ecb.ts); a treasurer's rate for a day; gifts
// waiting for a rate credited when it comes, once, also on two instances.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { appWithFakeStripe, testApp, twoInstances } from '../helpers';
import { startFakeEcb, type FakeEcb } from '../fakes/ecb';
import { checkLedger } from '../../models/content/ledger';
import { atRate, fromBook, normalRate, ratesFromEcb, recordRates, valueGift } from '../../models/giving/books';
import { runRatesJob, valuePendingGifts } from '../../models/giving/rates';
import { importCredits } from '../../models/giving/bank-import';
import { projectReference } from '../../models/giving/bank-reference';
import type { AppHandle } from '../../app';
import type { Knex } from 'knex';

const silent = { info: () => undefined, warn: () => undefined };
const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ADMIN_KEYS = `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>`;
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });
const raised = async (db: Knex, id: number) => Number((await db('projects').where({ id }).first('raisedCents')).raisedCents);
const ledgerOf = async (db: Knex, donationId: number) =>
  ((await db('project_ledger').where({ donationId }).orderBy('id').select('kind', 'amountCents')) as { kind: string; amountCents: unknown }[]).map((r) => [r.kind, Number(r.amountCents)]);
/** A bank credit to a project on a day, through the import's own path. */
const bankCredit = (db: Knex, book: string, projectId: number, cents: number, currency: string, day: string, ref: string) =>
  importCredits(db, [{ key: `key-${ref}`, reference: projectReference(projectId), amountCents: cents, amountText: (cents / 100).toFixed(2), currency, date: day, debtorName: 'Hans Muster', bankRef: ref }], { actor: 'test', fileName: null }, { book });

describe('the books: rates and values', () => {
  test('rates: exact decimal text, half-up rounding, ECB cross rates for any book currency', () => {
    assert.equal(normalRate('0.93150'), '0.9315');
    assert.equal(normalRate(1.25), '1.25');
    for (const bad of ['0', '-1', 'abc', '', '1e3', null, Number.NaN]) assert.equal(normalRate(bad), null, String(bad));
    assert.equal(atRate(5000, '0.9315'), 4658, 'CHF 50 at 0.9315 = 46.575, rounded half up');
    assert.equal(fromBook(4658, '0.9315'), 5001);
    const xml = `<?xml version="1.0"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube><Cube time="2026-11-30"><Cube currency="USD" rate="1.05"/><Cube currency="CHF" rate="0.93"/></Cube><Cube time="2026-11-27"><Cube currency="USD" rate="1.04"/><Cube currency="CHF" rate="0.92"/></Cube></Cube></gesmes:Envelope>`;
    const inChf = ratesFromEcb(xml, ['usd', 'chf', 'eur'], 'chf');
    assert.deepEqual(
      inChf.map((r) => [r.day, r.currency, r.rate]),
      [
        ['2026-11-30', 'usd', '0.885714285714'],
        ['2026-11-30', 'eur', '0.93'],
        ['2026-11-27', 'usd', '0.884615384615'],
        ['2026-11-27', 'eur', '0.92'],
      ],
    );
    assert.deepEqual(
      ratesFromEcb(xml, ['usd', 'chf', 'eur'], 'eur').map((r) => [r.currency, r.rate]).slice(0, 2),
      [
        ['usd', '0.952380952381'],
        ['chf', '1.075268817204'],
      ],
    );
    assert.throws(() => ratesFromEcb('<html>', ['usd'], 'chf'));
  });

  describe('valueGift', () => {
    let h: AppHandle;
    before(async () => {
      h = await testApp({}, { worker: false });
      await recordRates(h.deps.db, [{ day: '2026-11-02', currency: 'usd', rate: '0.88', source: 'ecb' }, { day: '2026-11-02', currency: 'eur', rate: '0.93', source: 'ecb' }], 'chf', null);
      await recordRates(h.deps.db, [{ day: '2026-11-20', currency: 'eur', rate: '0.95', source: 'treasurer' }], 'chf', 'test');
    });
    after(() => h.close());

    test('in the book currency, settled by Stripe, at the rate of the day, the last before it, the first after it; none yet', async () => {
      const db = h.deps.db;
      const chf = await valueGift(db, { amountCents: 5000, currency: 'chf', day: '2026-11-25' }, 'chf');
      assert.deepEqual([chf?.bookCents, chf?.bookRateSource, chf?.usdCents], [5000, 'same', 5682], 'CHF 50 in CHF books; USD 56.82 at 0.88');
      const settled = await valueGift(db, { amountCents: 5000, currency: 'eur', day: '2026-11-25', settlement: { amount: 4700, currency: 'chf' } }, 'chf');
      assert.deepEqual([settled?.bookCents, settled?.bookRate, settled?.bookRateSource], [4700, '0.94', 'stripe'], "Stripe's settlement in the book currency wins");
      const day = await valueGift(db, { amountCents: 10000, currency: 'eur', day: '2026-11-20' }, 'chf');
      assert.deepEqual([day?.bookCents, day?.bookRateOn, day?.bookRateSource], [9500, '2026-11-20', 'treasurer']);
      const before = await valueGift(db, { amountCents: 10000, currency: 'eur', day: '2026-11-10' }, 'chf');
      assert.deepEqual([before?.bookCents, before?.bookRateOn], [9300, '2026-11-02']);
      const earlier = await valueGift(db, { amountCents: 10000, currency: 'eur', day: '2026-01-10' }, 'chf');
      assert.deepEqual([earlier?.bookCents, earlier?.bookRateOn], [9300, '2026-11-02'], 'before the first rate: the first one after');
      assert.equal(await valueGift(db, { amountCents: 10000, currency: 'eur', day: '2026-11-10' }, 'usd'), null, 'no EUR rate in USD books');
      const usdSettled = await valueGift(db, { amountCents: 10000, currency: 'eur', day: '2026-11-10', settlement: { amount: 10800, currency: 'usd' } }, 'chf');
      assert.equal(usdSettled?.usdCents, 10800, "Stripe's USD settlement is the gift's US-dollar value");
    });
  });
});

describe('the books in francs: a Swiss account settling in CHF (BOOK_CURRENCY=chf)', () => {
  let s: Awaited<ReturnType<typeof appWithFakeStripe>>;
  let projectId: number;
  before(async () => {
    s = await appWithFakeStripe({ BOOK_CURRENCY: 'chf', ADMIN_KEYS, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    s.fake.settlementCurrency = 'chf';
    s.fake.rates = { usd: 0.8, eur: 0.95 };
    projectId = Number((await s.h.deps.db('projects').where({ status: 'funding' }).orderBy('id').first('id')).id);
  });
  after(() => s.close());

  test('a CHF card gift counts in francs in the books and in dollars in the project total; a EUR one too; nothing counts for nothing', async () => {
    const db = s.h.deps.db;
    await recordRates(db, [{ day: '2020-01-01', currency: 'usd', rate: '0.8', source: 'ecb' }], 'chf', null);
    const start = await raised(db, projectId);
    const chf = await db('donations').where({ paymentIntentId: await s.give({ amount: 40, currency: 'chf', projectId }) }).first();
    assert.deepEqual([Number(chf.bookCents), chf.bookCurrency, chf.bookRateSource], [4000, 'chf', 'same']);
    assert.equal(Number(chf.usdCents), 5000, 'CHF 40 at USD 0.80 a dollar: USD 50');
    const eur = await db('donations').where({ paymentIntentId: await s.give({ amount: 20, currency: 'eur', projectId }) }).first();
    assert.deepEqual([Number(eur.bookCents), eur.bookRateSource, Number(eur.settledCents)], [1900, 'stripe', 1900], 'EUR 20 settled by Stripe as CHF 19.00');
    assert.equal(Number(eur.usdCents), 2375);
    const usd = await db('donations').where({ paymentIntentId: await s.give({ amount: 10, currency: 'usd', projectId }) }).first();
    assert.deepEqual([Number(usd.bookCents), Number(usd.usdCents)], [800, 1000], 'a USD gift: its own dollars in the total, what Stripe settled in the books');
    assert.equal(await raised(db, projectId), start + 5000 + 2375 + 1000);
    assert.deepEqual(await checkLedger(db), []);
  });

  test('POST /api/admin/exchange-rates: roles, bad input, and the day\'s gifts valued at it', async () => {
    const { db } = s.h.deps;
    const app = s.h.app;
    await request(app).post('/api/admin/exchange-rates').set(as('editor')).send({ date: '2026-11-02', currency: 'usd', rate: '0.9' }).expect(403);
    for (const [body, field] of [
      [{ date: '2026-13-40', currency: 'usd', rate: '0.9' }, 'date'],
      [{ date: '2999-01-01', currency: 'usd', rate: '0.9' }, 'date'],
      [{ date: '2026-11-02', currency: 'gbp', rate: '0.9' }, 'currency'],
      [{ date: '2026-11-02', currency: 'chf', rate: '1' }, 'currency'],
      [{ date: '2026-11-02', currency: 'usd', rate: '-2' }, 'rate'],
      [{ date: '2026-11-02', currency: 'usd', rate: 'abc' }, 'rate'],
    ] as const) {
      const res = await request(app).post('/api/admin/exchange-rates').set(as('treasurer')).send(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'validation');
      assert.ok(res.body.fieldErrors?.[field], `${field}: ${JSON.stringify(res.body)}`);
    }
    // The codes the form says in its own words (admin.validation.<code>).
    const codeOf = async (body: object, field: string) => (await request(app).post('/api/admin/exchange-rates').set(as('treasurer')).send(body)).body.fieldErrors[field].code;
    assert.equal(await codeOf({ date: '2999-01-01', currency: 'usd', rate: '0.9' }, 'date'), 'day_future');
    assert.equal(await codeOf({ date: '2026-11-02', currency: 'usd', rate: 'abc' }, 'rate'), 'rate');
    // A bank gift of EUR 100 on 2 November, booked at the job's rate; the treasurer's rate of that day then.
    await recordRates(db, [{ day: '2026-11-02', currency: 'eur', rate: '0.93', source: 'ecb' }], 'chf', null);
    const pid = Number((await db('projects').orderBy('id').first('id')).id);
    const before = await raised(db, pid);
    const result = await bankCredit(db, 'chf', pid, 10000, 'eur', '2026-11-02', 'B-1');
    const id = result.items[0]!.donationId!;
    let gift = await db('donations').where({ id }).first();
    assert.deepEqual([Number(gift.bookCents), gift.bookRate, Number(gift.usdCents)], [9300, '0.93', 11625]);
    const set = await request(app).post('/api/admin/exchange-rates').set(as('treasurer')).send({ date: '2026-11-02', currency: 'eur', rate: '0,94' }); // a decimal comma, as Swiss keyboards type it
    assert.equal(set.status, 201, JSON.stringify(set.body));
    assert.deepEqual([set.body.rate, set.body.book, set.body.revalued], ['0.94', 'chf', 1]);
    gift = await db('donations').where({ id }).first();
    assert.deepEqual([Number(gift.bookCents), gift.bookRate, gift.bookRateSource, Number(gift.usdCents)], [9400, '0.94', 'treasurer', 11750]);
    assert.deepEqual(await ledgerOf(db, id), [
      ['donation', 11625],
      ['revaluation', 125],
    ]);
    assert.equal(await raised(db, pid), before + 11750);
    // The job's rate of that day never replaces the treasurer's.
    await recordRates(db, [{ day: '2026-11-02', currency: 'eur', rate: '0.91', source: 'ecb' }], 'chf', null);
    const list = (await request(app).get('/api/admin/exchange-rates').set(as('treasurer')).expect(200)).body;
    assert.equal(list.book, 'chf');
    assert.deepEqual([list.currencies, list.waiting], [['usd', 'eur'], 0]);
    const kept = list.rates.find((r: { day: string; currency: string }) => r.day === '2026-11-02' && r.currency === 'eur');
    assert.deepEqual([kept.rate, kept.source], ['0.94', 'treasurer']);
    assert.match(kept.setBy, /^key:/);
    const audit = await db('audit_log').where({ entity: 'rate' }).orderBy('id', 'desc').first();
    assert.equal(audit.actorName, 'Tom Treasurer');
    assert.deepEqual(await checkLedger(db), []);
  });
});

describe('the daily rates job (a local ECB): gifts waiting for a rate credited once, on two instances', () => {
  let ecb: FakeEcb;
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  before(async () => {
    ecb = await startFakeEcb({});
    pair = await twoInstances('books', { EXCHANGE_RATES_URL: ecb.url });
  });
  after(async () => {
    await pair.close();
    await ecb.close();
  });

  test('three CHF bank gifts before any rate: recorded, valued and credited when the rates arrive; the dashboard counts them', async () => {
    const db = pair.a.deps.db;
    const pid = Number((await db('projects').orderBy('id').first('id')).id);
    const before = await raised(db, pid);
    for (const [i, cents] of [5000, 7000, 10000].entries()) await bankCredit(db, 'usd', pid, cents, 'chf', '2026-11-27', `N-${i}`);
    const pending = (await db('donations').where({ kind: 'bank', currency: 'chf' }).select('id', 'usdCents', 'bookCents')) as { id: number; usdCents: unknown; bookCents: unknown }[];
    assert.equal(pending.length, 3);
    assert.ok(pending.every((g) => g.usdCents === null && g.bookCents === null), 'no rate yet: recorded, not valued');
    assert.equal(await raised(db, pid), before);

    // The ECB is away: nothing changes, the run says so and ends.
    ecb.fail = true;
    assert.equal(await runRatesJob({ db, book: 'usd', log: silent, url: ecb.url }), null);
    ecb.fail = false;
    ecb.days = { '2026-11-27': { USD: '1.04', CHF: '0.92' } };
    // Both instances run it at once: each gift credited once.
    const [ra, rb] = await Promise.all([
      runRatesJob({ db: pair.a.deps.db, book: 'usd', log: silent, url: ecb.url }),
      runRatesJob({ db: pair.b.deps.db, book: 'usd', log: silent, url: ecb.url }),
    ]);
    assert.ok(ra && rb);
    assert.equal(ra.valued + rb.valued, 3, 'each gift valued by one of them');
    // CHF in USD: 1.04 / 0.92 = 1.130434782609.
    const valued = (await db('donations').whereIn('id', pending.map((g) => g.id)).orderBy('id').select('usdCents', 'bookRate', 'bookRateSource')) as { usdCents: unknown; bookRate: string; bookRateSource: string }[];
    assert.deepEqual(valued.map((g) => Number(g.usdCents)), [5652, 7913, 11304]);
    assert.ok(valued.every((g) => g.bookRate === '1.130434782609' && g.bookRateSource === 'ecb'));
    assert.equal(await raised(db, pid), before + 5652 + 7913 + 11304);
    for (const g of pending) assert.deepEqual((await ledgerOf(db, g.id)).map(([k]) => k), ['donation']);
    assert.equal(await valuePendingGifts({ db, book: 'usd' }), 0, 'nothing left waiting');
    assert.deepEqual(await checkLedger(db), []);
  });

  test('a site upgraded with more gifts than a batch: one run values them all', async () => {
    const db = pair.a.deps.db;
    const at = '2026-10-05T10:00:00.000Z';
    const rows = Array.from({ length: 505 }, (_, i) => ({ paymentIntentId: `pi_old_${i}`, amountCents: 1000 + i, currency: 'usd', status: 'succeeded', appliedAt: at, createdAt: at, donorEmail: `old${i}@example.org`, language: 'en', kind: 'one_off' }));
    for (let i = 0; i < rows.length; i += 100) await db('donations').insert(rows.slice(i, i + 100));
    assert.equal(await valuePendingGifts({ db, book: 'usd' }), 505);
    assert.equal(Number(((await db('donations').where('paymentIntentId', 'like', 'pi_old_%').whereNull('bookCents').count({ n: '*' }).first()) as { n: unknown }).n), 0);
  });
});
