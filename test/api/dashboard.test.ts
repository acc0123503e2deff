// The admin's dashboard numbers (models/site/stats.ts dashboardFor): known rows
// in visit_days, visit_daily, donations, newsletter_signups and donation_subscriptions, and the
// numbers per Swiss week checked exactly: a range that starts mid-week, gifts and subscriptions a
// few minutes either side of midnight in Zurich (a week's end and the range's start), a gift
// refunded in full and one lost in a dispute that do not count, monthly gifts that started,
// stopped or never ran. GET /api/admin/dashboard and the /admin page's range. SQLite and PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { rollUpVisits } from '../../models/site/visits';
import { applySucceededPayment } from '../../models/giving/donation';
import { swissToday } from '../../models/shared/dates';
import { dashboardFor, dashboardPresets, dashboardRange, mondayOf, weeksOf, articleSlugOf } from '../../models/site/stats';

const KEY = 'demo-admin-key-change-me';
/** Wednesday 28 October to Sunday 15 November 2026 (Swiss winter time, UTC+1, from 25 October). */
const RANGE = { from: '2026-10-28', to: '2026-11-15' };

let seq = 0;
function gift(fields: Record<string, unknown>) {
  seq += 1;
  return {
    paymentIntentId: `pi_dash_${seq}`,
    status: 'succeeded',
    kind: 'one_off',
    currency: 'usd',
    refundedCents: 0,
    coveredFeeCents: 0,
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
    source: null,
    subscriptionId: null,
    disputeStatus: null,
    settledCents: null,
    settledCurrency: null,
    ...fields,
  };
}
function subscription(id: string, fields: Record<string, unknown>) {
  return { subscriptionId: id, customerId: `cus_${id}`, donorEmail: `${id}@example.org`, amountCents: 2000, currency: 'chf', interval: 'month', paused: false, canceledAt: null, ...fields };
}
function article(slug: string, title: string, titleDe: string) {
  return { slug, title, titleDe, content: 'Text.', contentDe: 'Text.', imageUrl: '/images/x.jpg', publishedAt: '2026-10-01T00:00:00.000Z' };
}

describe('the dashboard', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({}, { worker: false });
    const db = h.deps.db;
    await db('visit_days').insert([
      { day: '2026-10-27', views: 100, visitors: 40 }, // the day before the range
      { day: '2026-10-28', views: 10, visitors: 4 },
      { day: '2026-11-01', views: 5, visitors: 2 },
      { day: '2026-11-03', views: 7, visitors: 3 },
      { day: '2026-11-09', views: 20, visitors: 9 },
      { day: '2026-11-16', views: 50, visitors: 50 }, // the day after
    ]);
    const daily = (day: string, path: string, views: number) => ({ day, path, lang: path.startsWith('/de/') ? 'de' : 'en', referrer: '', campaign: '', device: 'mobile', views });
    await db('visit_daily').insert([
      daily('2026-11-03', '/news/dash-solar-light', 6),
      daily('2026-11-09', '/de/news/dash-solar-light', 4),
      daily('2026-11-09', '/news/dash-well-water', 3),
      daily('2026-11-10', '/news/dash-gone', 1),
      daily('2026-11-09', '/news', 50), // the list of articles, not an article
      daily('2026-11-09', '/projects', 30),
      daily('2026-11-20', '/news/dash-well-water', 100), // after the range
    ]);
    await db('news_articles').insert([article('dash-solar-light', 'Solar light for the Nook', 'Solarlicht für das Nook'), article('dash-well-water', 'Water from the new well', 'Wasser aus dem neuen Brunnen')]);
    await db('donations').insert([
      // 28 October 00:30 in Zurich: the range's first day.
      gift({ amountCents: 5000, settledCents: 5000, settledCurrency: 'usd', paymentMethod: 'card', appliedAt: '2026-10-27T23:30:00.000Z', source: '/news/dash-solar-light' }),
      // 27 October 23:30 in Zurich: the day before.
      gift({ amountCents: 7000, settledCents: 7000, settledCurrency: 'usd', appliedAt: '2026-10-27T22:30:00.000Z', source: '/news/dash-well-water' }),
      // Sunday 8 November 23:30 in Zurich: the second week. CHF settled as USD 110, the fee covered (3 %).
      gift({ amountCents: 10000, currency: 'chf', settledCents: 11000, settledCurrency: 'usd', coveredFeeCents: 300, paymentMethod: 'twint', appliedAt: '2026-11-08T22:30:00.000Z', source: '/de/news/dash-solar-light?utm_campaign=autumn' }),
      // Monday 9 November 00:30 in Zurich: the third week. EUR 20, a quarter refunded.
      gift({ kind: 'monthly', amountCents: 2000, currency: 'eur', settledCents: 2100, settledCurrency: 'usd', refundedCents: 500, paymentMethod: 'card', subscriptionId: 'sub_a', appliedAt: '2026-11-08T23:30:00.000Z', source: '/projects' }),
      gift({ kind: 'bank', amountCents: 3000, settledCents: 3000, settledCurrency: 'usd', appliedAt: '2026-11-12T09:00:00.000Z' }),
      // Refunded in full, lost in a dispute, never paid: none of them counts.
      gift({ amountCents: 4000, refundedCents: 4000, settledCents: 4000, settledCurrency: 'usd', appliedAt: '2026-11-10T09:00:00.000Z', source: '/news/dash-well-water' }),
      gift({ amountCents: 1000, settledCents: 1000, settledCurrency: 'usd', disputeStatus: 'lost', appliedAt: '2026-11-10T09:00:00.000Z', source: '/news/dash-well-water' }),
      gift({ amountCents: 9000, status: 'failed', appliedAt: null }),
      // Monday 16 November 00:30 in Zurich: after the range.
      gift({ amountCents: 6000, settledCents: 6000, settledCurrency: 'usd', appliedAt: '2026-11-15T23:30:00.000Z' }),
      // The first payment of a monthly gift cancelled later (long before the range).
      gift({ kind: 'monthly', amountCents: 2000, currency: 'chf', settledCents: 2200, settledCurrency: 'usd', subscriptionId: 'sub_c', appliedAt: '2026-10-01T09:00:00.000Z' }),
    ]);
    await db('newsletter_signups').insert([
      { source: '/news', lang: 'en', status: 'pending_confirmation', createdAt: '2026-10-30T12:00:00.000Z' },
      { source: '/', lang: 'de', status: 'resubscribed_pending', createdAt: '2026-11-08T22:50:00.000Z' }, // Sunday 23:50
      { source: '/', lang: 'en', status: 'immediately_subscribed', createdAt: '2026-11-08T23:10:00.000Z' }, // Monday 00:10
      { source: '/', lang: 'en', status: 'already_subscribed', createdAt: '2026-11-03T12:00:00.000Z' },
      { source: '/', lang: 'en', status: 'pending_confirmation', createdAt: '2026-11-20T12:00:00.000Z' },
    ]);
    await db('donation_subscriptions').insert([
      subscription('sub_a', { status: 'active', createdAt: '2026-10-20T10:00:00.000Z' }),
      subscription('sub_b', { status: 'active', createdAt: '2026-11-04T10:00:00.000Z' }),
      // Paid, cancelled on 5 November: a monthly donor at the end of the first week only.
      subscription('sub_c', { status: 'canceled', createdAt: '2026-10-01T08:00:00.000Z', canceledAt: '2026-11-05T10:00:00.000Z' }),
      // Cancelled before its first payment, and one that never started: never counted.
      subscription('sub_d', { status: 'canceled', createdAt: '2026-10-01T08:00:00.000Z', canceledAt: '2026-11-20T10:00:00.000Z' }),
      subscription('sub_e', { status: 'incomplete', createdAt: '2026-10-01T08:00:00.000Z' }),
      // Sunday 15 November 23:30 in Zurich: before the last week's end; its payment is late.
      subscription('sub_f', { status: 'past_due', createdAt: '2026-11-15T22:30:00.000Z' }),
      // Started after the range (not in its weeks), for the regular income a month: a quarterly
      // CHF 60 (20 a month, late too), a yearly EUR 120 (10 a month) and a paused yearly gift (nothing).
      subscription('sub_q', { status: 'past_due', interval: 'quarter', amountCents: 6000, createdAt: '2026-11-30T10:00:00.000Z' }),
      subscription('sub_y', { status: 'active', interval: 'year', amountCents: 12000, currency: 'eur', createdAt: '2026-11-30T10:00:00.000Z' }),
      subscription('sub_p', { status: 'active', interval: 'year', amountCents: 50000, paused: true, createdAt: '2026-11-30T10:00:00.000Z' }),
    ]);
    // A project in its drafts is not on the dashboard; a live one is, with its numbers.
    const project = (slug: string, fields: Record<string, unknown>) => ({ slug, description: 'x', descriptionDe: 'x', imageUrl: '/images/x.jpg', status: 'funding', displayOrder: 999, draft: false, ...fields });
    await db('projects').insert([
      project('dash-well', { title: 'Dashboard well', titleDe: 'Dashboard-Brunnen', raisedCents: 250_000, goalCents: 1_000_000 }),
      project('dash-draft', { title: 'Dashboard draft', titleDe: 'Dashboard-Entwurf', raisedCents: 1, goalCents: 2, draft: true }),
    ]);
  });
  after(async () => {
    await h?.close();
  });

  test('weeks from Monday, cut to the range', () => {
    assert.equal(mondayOf('2026-11-15'), '2026-11-09');
    assert.equal(mondayOf('2026-11-09'), '2026-11-09');
    assert.equal(mondayOf('2027-01-01'), '2026-12-28');
    assert.deepEqual(weeksOf(RANGE), [
      { start: '2026-10-26', from: '2026-10-28', to: '2026-11-01' },
      { start: '2026-11-02', from: '2026-11-02', to: '2026-11-08' },
      { start: '2026-11-09', from: '2026-11-09', to: '2026-11-15' },
    ]);
    assert.equal(articleSlugOf('/de/news/a-b?utm_campaign=x'), 'a-b');
    assert.equal(articleSlugOf('/news/a-b/'), 'a-b');
    assert.equal(articleSlugOf('/news'), null);
    assert.equal(articleSlugOf('/newsletter/x'), null);
    assert.equal(articleSlugOf('/fundraisers/x'), null);
  });

  test('the range: the last 12 weeks by default, the quick ranges, a bad range says so', () => {
    const today = '2026-11-26'; // a Thursday
    assert.deepEqual(dashboardPresets(today), {
      last4: { from: '2026-11-02', to: today },
      last12: { from: '2026-09-07', to: today },
      year: { from: '2026-01-01', to: today },
    });
    assert.deepEqual(dashboardRange({}, today), { from: '2026-09-07', to: today, invalid: false });
    assert.deepEqual(dashboardRange({ from: '', to: '' }, today), { from: '2026-09-07', to: today, invalid: false });
    assert.deepEqual(dashboardRange({ from: '2026-01-05', to: '2026-02-01' }, today), { from: '2026-01-05', to: '2026-02-01', invalid: false });
    for (const bad of [{ from: '2026-02-30' }, { from: '2026-05-02', to: '2026-05-01' }, { from: '2020-01-01', to: '2026-01-01' }, { from: ['2026-01-01', '2026-01-02'] }, { to: 'soon' }]) {
      assert.deepEqual(dashboardRange(bad, today), { from: '2026-09-07', to: today, invalid: true }, JSON.stringify(bad));
    }
  });

  test('every number per Swiss week, exactly', async () => {
    const d = await dashboardFor(h.deps.db, RANGE, 'en');
    assert.equal(d.from, RANGE.from);
    assert.equal(d.to, RANGE.to);
    const pick = (keys: string[]) => d.weeks.map((w) => Object.fromEntries(keys.map((k) => [k, w[k as keyof typeof w]])));
    assert.deepEqual(pick(['start', 'views', 'visitors']), [
      { start: '2026-10-26', views: 15, visitors: 6 },
      { start: '2026-11-02', views: 7, visitors: 3 },
      { start: '2026-11-09', views: 20, visitors: 9 },
    ]);
    // USD: 50; 110 less the covered 3 %: 106.70; 21 less a quarter refunded: 15.75, and 30.
    assert.deepEqual(pick(['gifts', 'giftsUsdCents']), [
      { gifts: 1, giftsUsdCents: 5000 },
      { gifts: 1, giftsUsdCents: 10670 },
      { gifts: 2, giftsUsdCents: 4575 },
    ]);
    assert.deepEqual(pick(['signups']), [{ signups: 1 }, { signups: 1 }, { signups: 1 }]);
    assert.deepEqual(pick(['monthlyDonors']), [{ monthlyDonors: 2 }, { monthlyDonors: 2 }, { monthlyDonors: 3 }]);
    assert.deepEqual(d.totals, { views: 42, visitors: 18, gifts: 4, giftsUsdCents: 20245, signups: 3 });
    assert.deepEqual(d.articlesByViews, [
      { slug: 'dash-solar-light', title: 'Solar light for the Nook', views: 10 },
      { slug: 'dash-well-water', title: 'Water from the new well', views: 3 },
      { slug: 'dash-gone', title: null, views: 1 },
    ]);
    assert.deepEqual(d.articlesByGifts, [{ slug: 'dash-solar-light', title: 'Solar light for the Nook', gifts: 2, usdCents: 15670 }]);
    assert.deepEqual(d.byCurrency, [
      { currency: 'usd', gifts: 2, cents: 8000 },
      { currency: 'chf', gifts: 1, cents: 10000 },
      { currency: 'eur', gifts: 1, cents: 1500 },
    ]);
    assert.deepEqual(d.byKind, [
      { kind: 'one_off', gifts: 2, usdCents: 15670 },
      { kind: 'monthly', gifts: 1, usdCents: 1575 },
      { kind: 'bank', gifts: 1, usdCents: 3000 },
      { kind: 'offline', gifts: 0, usdCents: 0 },
    ]);
    // By method: the kind Stripe's charge named (a bank transfer by its kind); 'other' only when there is one.
    assert.deepEqual(d.byMethod, [
      { method: 'card', gifts: 2, usdCents: 5000 + 1575 },
      { method: 'twint', gifts: 1, usdCents: 10670 },
      { method: 'bank', gifts: 1, usdCents: 3000 },
    ]);
    // The live projects in their order, the new one last; not the draft.
    const live = (await h.deps.db('projects').where({ draft: false }).whereNull('deletedAt').orderBy([{ column: 'displayOrder' }, { column: 'id' }]).select('id', 'title', 'raisedCents', 'goalCents')) as { id: number; title: string; raisedCents: unknown; goalCents: unknown }[];
    assert.ok(live.length >= 2, 'the demo projects and the new one');
    assert.deepEqual(
      d.projects,
      live.map((p) => ({ id: p.id, title: p.title, raisedCents: Math.max(0, Number(p.raisedCents)), goalCents: Number(p.goalCents) })),
    );
    assert.deepEqual(d.projects.at(-1), { id: d.projects.at(-1)!.id, title: 'Dashboard well', raisedCents: 250_000, goalCents: 1_000_000 });
    assert.ok(!d.projects.some((p) => p.title === 'Dashboard draft'));
    // The regular income a month: sub_a, sub_b and the late sub_f (CHF 20 each) and the quarterly
    // CHF 60 as 20; the yearly EUR 120 as 10; the paused gift and the ended ones not at all.
    assert.deepEqual(d.regularPerMonth, [
      { currency: 'chf', amountCents: 8000 },
      { currency: 'eur', amountCents: 1000 },
    ]);
    // At risk, a month: the late sub_f (20) and the late quarterly gift as its monthly share (60 / 3).
    assert.deepEqual(d.regularHealth?.atRisk, [{ currency: 'chf', gifts: 2, cents: 4000 }]);
  });

  test('in German: the titles of the articles and projects; one day; a range with nothing in it', async () => {
    const de = await dashboardFor(h.deps.db, RANGE, 'de');
    assert.deepEqual(
      de.articlesByViews.map((a) => a.title),
      ['Solarlicht für das Nook', 'Wasser aus dem neuen Brunnen', null],
    );
    assert.equal(de.projects.at(-1)!.title, 'Dashboard-Brunnen');
    // One Monday: the gift and the subscription of 00:30 and 00:10 in Zurich are in it.
    const monday = await dashboardFor(h.deps.db, { from: '2026-11-09', to: '2026-11-09' }, 'en');
    assert.deepEqual(monday.weeks.map((w) => [w.start, w.from, w.to, w.views, w.gifts, w.giftsUsdCents, w.signups]), [['2026-11-09', '2026-11-09', '2026-11-09', 20, 1, 1575, 1]]);
    const empty = await dashboardFor(h.deps.db, { from: '2025-01-06', to: '2025-01-19' }, 'en');
    assert.deepEqual(empty.totals, { views: 0, visitors: 0, gifts: 0, giftsUsdCents: 0, signups: 0 });
    assert.deepEqual([empty.articlesByViews, empty.articlesByGifts, empty.byCurrency], [[], [], []]);
    assert.deepEqual(empty.byKind.map((k) => k.gifts), [0, 0, 0, 0]);
    assert.deepEqual(empty.weeks.map((w) => w.monthlyDonors), [0, 0]);
  });

  test('GET /api/admin/dashboard and the /admin page: the range from the address, a bad one replaced and said', async () => {
    const api = await request(h.app).get(`/api/admin/dashboard?from=${RANGE.from}&to=${RANGE.to}&lang=de`).set('X-Admin-Key', KEY).expect(200);
    assert.equal(api.body.invalidRange, false);
    assert.deepEqual(api.body.data.totals, { views: 42, visitors: 18, gifts: 4, giftsUsdCents: 20245, signups: 3 });
    assert.equal(api.body.data.articlesByViews[0].title, 'Solarlicht für das Nook');
    assert.deepEqual(Object.keys(api.body.presets), ['last4', 'last12', 'year']);
    const bad = await request(h.app).get('/api/admin/dashboard?from=2026-02-30').set('X-Admin-Key', KEY).expect(200);
    assert.equal(bad.body.invalidRange, true);
    assert.deepEqual({ from: bad.body.data.from, to: bad.body.data.to }, bad.body.presets.last12);
    await request(h.app).get('/api/admin/dashboard').expect(401);

    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEY }).expect(303);
    // /admin: the dashboard, with its data.
    const first = await agent.get('/admin').set('Accept', 'application/json').expect(200);
    assert.equal(first.body.routeId, 'admin.dashboard');
    assert.equal(first.body.props.dashboard.invalidRange, false);
    assert.deepEqual({ from: first.body.props.dashboard.data.from, to: first.body.props.dashboard.data.to }, first.body.props.dashboard.presets.last12);
    const ranged = await agent.get(`/admin?from=${RANGE.from}&to=${RANGE.to}`).set('Accept', 'application/json').expect(200);
    assert.equal(ranged.body.props.dashboard.data.totals.views, 42);
    const wrong = await agent.get('/admin?from=2026-11-15&to=2026-11-01').set('Accept', 'text/html').expect(200);
    assert.match(wrong.text, /Those dates do not make a range the dashboard can show/);
    // The numbers are in the page's HTML (tables), the charts named.
    const html = (await agent.get(`/de/admin?from=${RANGE.from}&to=${RANGE.to}`).set('Accept', 'text/html').expect(200)).text;
    assert.match(html, /<svg[^>]*role="img"[^>]*aria-label="Seitenaufrufe pro Woche, Balkendiagramm"/);
    assert.match(html, /<caption>Spenden pro Woche<\/caption>/);
    assert.match(html, /<caption>Spenden pro Zahlungsart<\/caption>/);
    assert.match(html, /\$106\.70/);
    assert.match(html, /\$202\.45/);
    // Another screen does not compute it.
    const projects = await agent.get('/admin/projects').set('Accept', 'application/json').expect(200);
    assert.equal(projects.body.routeId, 'admin.projects');
    assert.equal(projects.body.props.dashboard, undefined);
  });
});

describe('the dashboard on two instances', () => {
  test('visits counted by both instances and a gift recorded by one are on the other’s dashboard (this week)', async () => {
    const { a, b, close } = await twoInstances('dashboard');
    const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    try {
      await request(a.app).get('/news').set('User-Agent', PHONE).expect(200);
      await request(b.app).get('/projects').set('User-Agent', PHONE).expect(200);
      await a.deps.visits.flush();
      await b.deps.visits.flush();
      await rollUpVisits(a.deps.db);
      await applySucceededPayment(b.deps.db, { paymentIntentId: 'pi_dash_two', amountCents: 2500, currency: 'usd', projectId: 1, language: 'en', kind: 'one_off' }, 'webhook');
      const today = swissToday();
      const body = (await request(a.app).get(`/api/admin/dashboard?from=${today}&to=${today}`).set('X-Admin-Key', KEY).expect(200)).body;
      assert.deepEqual(body.data.totals, { views: 2, visitors: 1, gifts: 1, giftsUsdCents: 2500, signups: 0 });
    } finally {
      await close();
    }
  });
});
