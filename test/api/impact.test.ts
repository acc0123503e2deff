// The yearly impact report: a scripted year of books (gifts in three
// currencies and four methods, monthly and one-off, refunds, a lost dispute, a failed payment, a
// covered fee, a gift not yet worth dollars, gifts on either side of the Swiss new year) read back
// as the report, its page in English and German and its PDF; years without a report are 404s; the
// admins' introduction with its language; the current year's report follows a new gift at once,
// across two instances; a gift keeps the kind of method Stripe's charge names (card, TWINT).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { appWithFakeStripe, pdfToText, testApp, twoInstances } from '../helpers';
import { impactReport, impactYears, saveImpactIntro } from '../../models/site/impact';
import { applySucceededPayment } from '../../models/giving/donation';
import { swissToday } from '../../models/shared/dates';

/** A year the demo content has nothing in (its articles and spending begin in 2024). */
const YEAR = 2023;
const THIS_YEAR = Number(swissToday().slice(0, 4));

let n = 0;
async function gift(
  h: AppHandle,
  g: { at: string; cents: number; currency: string; usd: number | null; kind?: string; method?: string | null; email?: string | null; project?: number | null; fee?: number; refunded?: number; dispute?: string; status?: string; sub?: string },
): Promise<void> {
  await h.deps.db('donations').insert({
    paymentIntentId: `pi_impact_${++n}`,
    amountCents: g.cents,
    currency: g.currency,
    status: g.status ?? 'succeeded',
    kind: g.kind ?? 'one_off',
    paymentMethod: g.method === undefined ? 'card' : g.method,
    appliedAt: g.status === 'failed' ? null : new Date(g.at),
    createdAt: new Date(g.at),
    donorEmail: g.email === undefined ? `giver${n}@example.org` : g.email,
    projectId: g.project === undefined ? 1 : g.project,
    settledCents: g.usd,
    settledCurrency: g.usd === null ? null : 'usd',
    coveredFeeCents: g.fee ?? 0,
    refundedCents: g.refunded ?? 0,
    disputeStatus: g.dispute ?? null,
    subscriptionId: g.sub ?? null,
  });
}

async function scriptedYear(h: AppHandle): Promise<void> {
  // In the year (Swiss days): 8 gifts that stand.
  await gift(h, { at: '2023-03-10T10:00:00Z', cents: 5000, currency: 'usd', usd: 5000, email: 'a@example.org' });
  await gift(h, { at: '2022-12-31T23:30:00Z', cents: 10000, currency: 'chf', usd: 11000, method: 'twint', email: 'b@example.org', project: 2 }); // 1 January in Zurich
  await gift(h, { at: '2023-04-02T08:00:00Z', cents: 2500, currency: 'eur', usd: 2700, kind: 'monthly', email: 'c@example.org', sub: 'sub_impact_1' });
  await gift(h, { at: '2023-05-02T08:00:00Z', cents: 2500, currency: 'eur', usd: 2700, kind: 'monthly', email: 'C@Example.org', sub: 'sub_impact_1' });
  await gift(h, { at: '2023-06-20T09:00:00Z', cents: 20000, currency: 'chf', usd: 22400, kind: 'bank', method: null, email: null, project: 3 });
  await gift(h, { at: '2023-11-02T12:00:00Z', cents: 7750, currency: 'usd', usd: 7750, fee: 250, email: 'd@example.org' });
  await gift(h, { at: '2023-07-01T12:00:00Z', cents: 4000, currency: 'usd', usd: 4000, refunded: 1000, email: 'e@example.org' });
  await gift(h, { at: '2023-09-15T12:00:00Z', cents: 5000, currency: 'chf', usd: null, method: null, email: 'f@example.org' });
  // Not in it: wholly refunded, lost in a dispute, failed, and one on 1 January 2024 in Zurich.
  await gift(h, { at: '2023-08-01T12:00:00Z', cents: 3000, currency: 'usd', usd: 3000, refunded: 3000 });
  await gift(h, { at: '2023-08-02T12:00:00Z', cents: 2000, currency: 'usd', usd: 2000, dispute: 'lost' });
  await gift(h, { at: '2023-08-03T12:00:00Z', cents: 9900, currency: 'usd', usd: 9900, status: 'failed' });
  await gift(h, { at: '2023-12-31T23:30:00Z', cents: 6000, currency: 'usd', usd: 6000 });
  // Monthly gifts: one running at the year's end (cancelled in 2024), one cancelled in June.
  const sub = { customerId: 'cus_impact', donorEmail: 'c@example.org', amountCents: 2500, currency: 'eur', projectId: 1, language: 'en' };
  await h.deps.db('donation_subscriptions').insert([
    { ...sub, subscriptionId: 'sub_impact_1', status: 'canceled', createdAt: new Date('2023-03-01T10:00:00Z'), canceledAt: new Date('2024-02-01T10:00:00Z') },
    { ...sub, subscriptionId: 'sub_impact_2', status: 'canceled', createdAt: new Date('2023-03-01T10:00:00Z'), canceledAt: new Date('2023-06-01T10:00:00Z') },
  ]);
  await h.deps.db('donations').insert({ paymentIntentId: 'pi_impact_sub2', amountCents: 1000, currency: 'usd', status: 'succeeded', kind: 'monthly', appliedAt: new Date('2023-04-01T10:00:00Z'), subscriptionId: 'sub_impact_2', settledCents: 1000, settledCurrency: 'usd', paymentMethod: 'card', donorEmail: 'g@example.org', projectId: 1 });
  // Spending: two projects in the year, one record the year after.
  const spend = (projectId: number, spentOn: string, amountCents: number, category: string) => ({ projectId, spentOn, amountCents, category, description: 'Test', descriptionDe: 'Test', createdBy: 'test' });
  await h.deps.db('project_spending').insert([spend(1, '2023-02-01', 100000, 'materials'), spend(1, '2023-12-31', 50000, 'transport'), spend(4, '2023-05-05', 20000, 'seeds'), spend(4, '2024-01-01', 99900, 'seeds')]);
}

describe('the impact report of a year', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({}, { worker: false });
    await scriptedYear(h);
  });
  after(async () => h?.close());

  test('money in by currency, method, monthly and one-off and month; money out per project; the figures', async () => {
    const r = await impactReport(h.deps.db, YEAR, 'en');
    assert.equal(r.current, false);
    // The monthly gift of sub_impact_2 (April, USD 10) stands too: 9 gifts.
    assert.equal(r.moneyIn.gifts, 9);
    assert.equal(r.moneyIn.usdCents, 5000 + 11000 + 2700 + 2700 + 22400 + 7500 + 3000 + 0 + 1000);
    assert.equal(r.moneyIn.unconverted, 1);
    assert.deepEqual(r.moneyIn.byCurrency, [
      { currency: 'usd', gifts: 4, cents: 5000 + 7500 + 3000 + 1000 },
      { currency: 'chf', gifts: 3, cents: 10000 + 20000 + 5000 },
      { currency: 'eur', gifts: 2, cents: 5000 },
    ]);
    assert.deepEqual(r.moneyIn.byMethod, [
      { method: 'card', gifts: 6, usdCents: 5000 + 2700 + 2700 + 7500 + 3000 + 1000 },
      { method: 'twint', gifts: 1, usdCents: 11000 },
      { method: 'bank', gifts: 1, usdCents: 22400 },
      { method: 'other', gifts: 1, usdCents: 0 },
    ]);
    assert.deepEqual(r.moneyIn.byFrequency, [
      { frequency: 'monthly', gifts: 3, usdCents: 6400 },
      { frequency: 'oneOff', gifts: 6, usdCents: 48900 },
    ]);
    const month = (m: number) => r.moneyIn.byMonth[m - 1];
    assert.deepEqual(month(1), { month: 1, gifts: 1, usdCents: 11000 }, 'the gift of 00:30 on 1 January in Zurich');
    assert.deepEqual(month(12), { month: 12, gifts: 0, usdCents: 0 }, 'the gift of 00:30 on 1 January 2024 in Zurich is not');
    assert.deepEqual(month(4), { month: 4, gifts: 2, usdCents: 3700 });
    assert.deepEqual(month(9), { month: 9, gifts: 1, usdCents: 0 });
    assert.deepEqual(r.moneyOut, {
      cents: 170000,
      projects: [
        { id: 1, slug: 'nook-vocational-training-center', title: r.moneyOut.projects[0]!.title, cents: 150000, categories: [{ category: 'materials', cents: 100000 }, { category: 'transport', cents: 50000 }] },
        { id: 4, slug: 'permaculture-food-gardens', title: r.moneyOut.projects[1]!.title, cents: 20000, categories: [{ category: 'seeds', cents: 20000 }] },
      ],
    });
    // a, b, c (twice, in two spellings), d, e, f, g and the bank transfer without an address.
    assert.deepEqual(r.figures, { gifts: 9, givers: 8, monthlyDonors: 1, projects: 4, articles: 0 });
    assert.deepEqual(r.articles, []);
  });

  test('the years: from the first year with something in the books to this one; others are 404s', async () => {
    const years = await impactYears(h.deps.db);
    assert.equal(years[0], THIS_YEAR);
    assert.equal(years.at(-1), YEAR);
    await request(h.app).get(`/impact/${YEAR - 1}`).expect(404);
    await request(h.app).get(`/impact/${THIS_YEAR + 1}`).expect(404);
    await request(h.app).get('/de/impact/20x3').expect(404);
    await request(h.app).get(`/impact/${YEAR - 1}.pdf`).expect(404);
    const to = await request(h.app).get('/de/impact').expect(302);
    assert.equal(to.headers.location, `/de/impact/${THIS_YEAR}`);
    const sitemap = await request(h.app).get('/sitemap.xml').expect(200);
    assert.ok(sitemap.text.includes(`/impact/${YEAR}</loc>`) && sitemap.text.includes(`/de/impact/${YEAR}</loc>`));
  });

  test('the page in English and German: no cookie, the figures, the tables, the PDF link; the introduction with its language', async () => {
    const en = await request(h.app).get(`/impact/${YEAR}`).expect(200);
    assert.equal(en.headers['set-cookie'], undefined);
    for (const text of ['Our year 2023', 'The whole year 2023', '$553', 'Bank transfer', 'TWINT', 'CHF\u00a0350', '€50', '$1,700', `/impact/${YEAR}.pdf`]) assert.ok(en.text.includes(text), text);
    const de = await request(h.app).get(`/de/impact/${YEAR}`).expect(200);
    for (const text of ['Unser Jahr 2023', 'Banküberweisung', 'Einnahmen', 'Ausgaben', '$1’700', `/de/impact/${YEAR}.pdf`]) assert.ok(de.text.includes(text), text);
    assert.equal(/A word from the team|Money in/.test(de.text), false, 'no English words on the German page');

    await saveImpactIntro(h.deps.db, YEAR, { intro: 'A year of wells.\n\nThank you all.', introDe: '' }, 'test');
    const withIntro = await request(h.app).get(`/de/impact/${YEAR}`).expect(200);
    assert.match(withIntro.text, /<div class="article-body" lang="en"><p>A year of wells.<\/p><p>Thank you all.<\/p><\/div>/);
    await saveImpactIntro(h.deps.db, YEAR, { intro: 'A year of wells.', introDe: 'Ein Jahr der Brunnen.' }, 'test');
    const both = await request(h.app).get(`/de/impact/${YEAR}`).expect(200);
    assert.match(both.text, /<div class="article-body"><p>Ein Jahr der Brunnen.<\/p><\/div>/);
  });

  test('the PDF: the same report, in the page language', async () => {
    const en = await request(h.app).get(`/impact/${YEAR}.pdf`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    assert.equal(en.status, 200);
    assert.equal(en.headers['content-type'], 'application/pdf');
    assert.match(en.headers['content-disposition']!, /impact-report-2023\.pdf/);
    const text = pdfToText(en.body as Buffer);
    for (const s of ['Our year 2023', 'Money in', 'Money out', 'Bank transfer', 'CHF 350', '$553', '$1,700', 'Total']) assert.ok(text.includes(s), `${s} in:\n${text}`);
    const de = await request(h.app).get(`/de/impact/${YEAR}.pdf`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const deText = pdfToText(de.body as Buffer);
    for (const s of ['Unser Jahr 2023', 'Einnahmen', 'Ausgaben', 'Banküberweisung']) assert.ok(deText.includes(s), `${s} in:\n${deText}`);
  });
});

describe('the current year follows new gifts', () => {
  test('a gift recorded on one instance is in the other instance’s report at once (page and PDF)', async () => {
    const { a, b, close } = await twoInstances('impact');
    try {
      const page = async () => (await request(a.app).get(`/impact/${THIS_YEAR}`).expect(200)).text;
      const before = await page();
      assert.ok(before.includes('No gifts have been recorded for this year yet.'));
      assert.ok((await page()) === before, 'kept while nothing changes');
      await applySucceededPayment(b.deps.db, { paymentIntentId: 'pi_impact_live', amountCents: 123400, currency: 'usd', projectId: 1, language: 'en', kind: 'one_off', paymentMethod: 'card' }, 'webhook');
      const after = await page();
      assert.ok(after.includes('1 gift, worth $1,234 in all.'), 'the new gift is counted');
    } finally {
      await close();
    }
  });
});

describe('a gift keeps the kind of method it was paid with (fake Stripe API, real SDK)', () => {
  let stripe: Awaited<ReturnType<typeof appWithFakeStripe>>;
  before(async () => {
    stripe = await appWithFakeStripe();
  });
  after(async () => stripe?.close());

  test('card and TWINT, as the charge names them; counted per method in the report', async () => {
    const card = await stripe.give({ amount: 30 });
    const twint = await stripe.give({ amount: 20, currency: 'chf' }, { method: 'twint' });
    const methodOf = async (id: string) => ((await stripe.h.deps.db('donations').where({ paymentIntentId: id }).first('paymentMethod')) as { paymentMethod: string | null }).paymentMethod;
    assert.equal(await methodOf(card), 'card');
    assert.equal(await methodOf(twint), 'twint');
    const r = await impactReport(stripe.h.deps.db, THIS_YEAR, 'de');
    assert.deepEqual(
      r.moneyIn.byMethod.map((m) => [m.method, m.gifts]),
      [
        ['card', 1],
        ['twint', 1],
        ['bank', 0],
      ],
    );
  });
});
