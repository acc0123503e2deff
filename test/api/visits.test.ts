// Visit counts with no cookie and no stored address: a scripted
// set of visits (people, repeat visitors, a prefetch shown later, a prerender never shown, bots,
// an admin, JSON and 404 answers), rolled into daily rows; where gifts and subscriptions came
// from; GET /api/admin/stats. On SQLite and PostgreSQL, and across two instances.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { appWithFakeStripe, testApp, twoInstances } from '../helpers';
import { campaignOf, deviceOf, isBot, pageOf, referrerDomain, rollUpVisits, visitorHash } from '../../models/site/visits';
import { swissToday } from '../../models/shared/dates';

const KEY = 'demo-admin-key-change-me';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const stats = async (h: AppHandle, query = '') => (await request(h.app).get(`/api/admin/stats${query}`).set('X-Admin-Key', KEY).expect(200)).body;
async function settle(h: AppHandle): Promise<void> {
  await h.deps.visits.flush();
  await rollUpVisits(h.deps.db);
}

describe('the rules of a view', () => {
  test('bots, device classes, referring sites, campaigns, pages and their language', () => {
    assert.equal(isBot(GOOGLEBOT), true);
    assert.equal(isBot('curl/8.5.0'), true);
    assert.equal(isBot(''), true);
    assert.equal(isBot(PHONE), false);
    assert.equal(deviceOf(PHONE), 'mobile');
    assert.equal(deviceOf(TABLET), 'tablet');
    assert.equal(deviceOf(LAPTOP), 'desktop');
    assert.equal(referrerDomain('https://www.facebook.com/some/post?id=1', 'charity.example'), 'facebook.com');
    assert.equal(referrerDomain('https://charity.example/news', 'charity.example'), '', 'our own pages are no referrer');
    assert.equal(referrerDomain('android-app://com.google.android.gm/', 'charity.example'), '');
    assert.equal(referrerDomain('not a url', 'charity.example'), '');
    assert.equal(campaignOf('utm_source=newsletter&utm_campaign=Spring-2026'), 'spring-2026');
    assert.equal(campaignOf('utm_source=Instagram'), 'instagram');
    assert.equal(campaignOf('project=x'), '');
    assert.deepEqual(pageOf('/de/news/'), { path: '/de/news', lang: 'de' });
    assert.deepEqual(pageOf('/'), { path: '/', lang: 'en' });
    // A visitor of one day: the same address and browser give the same hash with that day's salt only.
    assert.equal(visitorHash('salt-a', '203.0.113.9', PHONE), visitorHash('salt-a', '203.0.113.9', PHONE));
    assert.notEqual(visitorHash('salt-a', '203.0.113.9', PHONE), visitorHash('salt-b', '203.0.113.9', PHONE));
    assert.match(visitorHash('salt-a', '203.0.113.9', PHONE), /^[0-9a-f]{16}$/);
  });
});

describe('counting visits', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({}, { worker: false });
  });
  after(async () => {
    await h?.close();
  });

  test('a scripted set of visits: people once each page view, the same person one visitor, prefetch counted when shown, bots, admins, JSON and 404s not at all; no cookie, no address', async () => {
    const get = (path: string, headers: Record<string, string>) => request(h.app).get(path).set({ 'User-Agent': PHONE, ...headers });
    // A person on a phone: home (from a search engine), a project, the news (twice: the page cache answers the second).
    const home = await get('/', { Referer: 'https://www.google.com/', Cookie: 'lang=en' }).expect(200);
    assert.equal(home.headers['set-cookie'], undefined, 'no cookie is set');
    await get('/projects', {}).expect(200);
    await get('/news?utm_source=newsletter&utm_campaign=Spring', {}).expect(200);
    await get('/news', {}).expect(200);
    // Another person (another browser), in German, from a partner's site.
    await get('/de/news', { 'User-Agent': LAPTOP, Referer: 'https://partner.example.ch/links' }).expect(200);
    // Fetched ahead of a click: not counted when sent; the page says so when it is shown.
    await get('/team', { 'Sec-Purpose': 'prefetch' }).expect(200);
    await request(h.app).post('/api/visits').set('User-Agent', PHONE).send({ path: '/team', query: '', referrer: '' }).expect(204);
    // A prerender never shown: never counted.
    await get('/about', { 'Sec-Purpose': 'prefetch;prerender' }).expect(200);
    // Not people, or not a page view.
    await get('/news', { 'User-Agent': GOOGLEBOT }).expect(200);
    await get('/news', { 'User-Agent': '' }).expect(200);
    await get('/news', { Cookie: 'admin.sid=s%3Aabc.def' }).expect(200);
    await get('/news', { Accept: 'application/json' }).expect(200);
    await get('/no-such-page', {}).expect(404);
    await request(h.app).head('/news').set('User-Agent', PHONE).expect(200);
    await request(h.app).post('/api/visits').set('User-Agent', GOOGLEBOT).send({ path: '/news' }).expect(204);
    await request(h.app).post('/api/visits').set('User-Agent', PHONE).send({ path: 'https://elsewhere.example/' }).expect(400);

    await settle(h);
    const today = swissToday();
    const s = await stats(h);
    assert.deepEqual(s.visits, [{ day: today, views: 6, visitors: 2 }]);
    assert.deepEqual(s.pages, [
      { path: '/news', views: 2 },
      { path: '/', views: 1 },
      { path: '/de/news', views: 1 },
      { path: '/projects', views: 1 },
      { path: '/team', views: 1 },
    ]);
    assert.deepEqual(s.referrers, [
      { domain: 'google.com', views: 1 },
      { domain: 'partner.example.ch', views: 1 },
    ]);
    assert.deepEqual(s.campaigns, [{ campaign: 'spring', views: 1 }]);
    const devices = (await h.deps.db('visit_daily').where({ day: today }).groupBy('device').select('device', h.deps.db.raw('sum(views) as views'))) as { device: string; views: unknown }[];
    assert.deepEqual(Object.fromEntries(devices.map((d) => [d.device, Number(d.views)])), { desktop: 1, mobile: 5 });
    // No row anywhere holds the address.
    for (const table of ['visit_events', 'visit_daily', 'visit_days', 'visit_salts']) {
      const text = JSON.stringify(await h.deps.db(table).select());
      assert.ok(!/127\.0\.0\.1|::1|::ffff/.test(text), `${table} holds no address`);
    }
  });

  test('a day that is over keeps its counts, but not its raw views nor its salt', async () => {
    const db = h.deps.db;
    await db('visit_salts').insert({ day: '2026-01-10', salt: 'x'.repeat(64), createdAt: new Date().toISOString() });
    await db('visit_events').insert([
      { day: '2026-01-10', path: '/news', lang: 'en', referrer: '', campaign: '', device: 'mobile', visitor: 'a'.repeat(16), at: '2026-01-10T10:00:00.000Z' },
      { day: '2026-01-10', path: '/news', lang: 'en', referrer: '', campaign: '', device: 'mobile', visitor: 'a'.repeat(16), at: '2026-01-10T11:00:00.000Z' },
      { day: '2026-01-10', path: '/', lang: 'en', referrer: '', campaign: '', device: 'desktop', visitor: 'b'.repeat(16), at: '2026-01-10T12:00:00.000Z' },
    ]);
    await rollUpVisits(db);
    assert.equal((await db('visit_events').where({ day: '2026-01-10' })).length, 0);
    assert.equal((await db('visit_salts').where({ day: '2026-01-10' })).length, 0);
    const s = await stats(h, '?from=2026-01-10&to=2026-01-10');
    assert.deepEqual(s.visits, [{ day: '2026-01-10', views: 3, visitors: 2 }]);
    // Rolling up again changes nothing.
    await rollUpVisits(db);
    assert.deepEqual((await stats(h, '?from=2026-01-10&to=2026-01-10')).visits, s.visits);
  });

  test('GET /api/admin/stats: a clear 400 for a bad range; admins only', async () => {
    for (const q of ['?from=2026-02-30', '?from=yesterday', '?from=2026-05-02&to=2026-05-01', '?from=2020-01-01&to=2026-01-01', '?from=2026-01-01&from=2026-01-02']) {
      const res = await request(h.app).get(`/api/admin/stats${q}`).set('X-Admin-Key', KEY).expect(400);
      assert.equal(res.body.code, 'validation', q);
    }
    await request(h.app).get('/api/admin/stats').expect(401);
  });
});

describe('where gifts and subscriptions came from (fake Stripe API, real SDK)', () => {
  let stripe: Awaited<ReturnType<typeof appWithFakeStripe>>;
  let h: AppHandle;
  before(async () => {
    stripe = await appWithFakeStripe();
    h = stripe.h;
  });
  after(async () => {
    await stripe?.close();
  });
  const give = (body: object) => stripe.give(body);

  test('the source reaches the gift only with the confirmed payment; the stats count gifts and USD per source; subscriptions per source', async () => {
    const a = await give({ amount: 40, source: '/news/solar-light' });
    await give({ amount: 10, source: '/news/solar-light' });
    await give({ amount: 25, source: '/fundraisers/miriams-40th-birthday-for-skills-for-life' });
    await give({ amount: 5 });
    assert.equal((await h.deps.db('donations').where({ paymentIntentId: a }).first('source')).source, '/news/solar-light');
    // An unconfirmed payment counts nowhere.
    await request(h.app).post('/api/create-payment-intent').send({ amount: 99, source: '/news/solar-light' }).expect(200);
    for (const source of ['news', 'https://elsewhere.example/', '/a b', 'x'.repeat(301)]) {
      const res = await request(h.app).post('/api/create-payment-intent').send({ amount: 5, source }).expect(400);
      assert.ok(res.body.fields.source, source);
    }
    await request(h.app).post('/api/newsletter/subscribe').send({ email: 'one@example.org', language: 'en', source: '/news/solar-light' }).expect(200);
    await request(h.app).post('/api/newsletter/subscribe').send({ email: 'two@example.org', language: 'de', source: '/de/projects/nook-solar-power' }).expect(200);
    await request(h.app).post('/api/newsletter/subscribe').send({ email: 'one@example.org', language: 'en', source: '/news/solar-light' }).expect(200);
    await request(h.app).post('/api/newsletter/subscribe').send({ email: 'three@example.org', language: 'en', source: 'news' }).expect(400);
    const s = await stats(h);
    assert.deepEqual(s.sources, [
      { source: '/news/solar-light', gifts: 2, amount: 50 },
      { source: '/fundraisers/miriams-40th-birthday-for-skills-for-life', gifts: 1, amount: 25 },
    ]);
    // Subscriptions asked for from each page (asking again counts again: nothing says who asked).
    assert.deepEqual(s.signups, [
      { source: '/news/solar-light', signups: 2 },
      { source: '/de/projects/nook-solar-power', signups: 1 },
    ]);
    assert.equal(JSON.stringify(await h.deps.db('newsletter_signups').select()).includes('@'), false, 'no address with the sources');
  });
});

describe('visits on two instances', () => {
  test('one visitor on both instances is one visitor (one salt a day, shared); their views add up', async () => {
    const { a, b, close } = await twoInstances('visits');
    try {
      await request(a.app).get('/news').set('User-Agent', PHONE).expect(200);
      await request(b.app).get('/projects').set('User-Agent', PHONE).expect(200);
      await request(b.app).get('/team').set('User-Agent', LAPTOP).expect(200);
      await a.deps.visits.flush();
      await b.deps.visits.flush();
      await rollUpVisits(b.deps.db);
      assert.deepEqual((await stats(a)).visits, [{ day: swissToday(), views: 3, visitors: 2 }]);
      assert.equal((await a.deps.db('visit_salts')).length, 1);
    } finally {
      await close();
    }
  });
});
