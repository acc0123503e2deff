// The admin's screens as routes: each at its own address in both languages, rendered by its own
// loader; the browser's JSON for one route is that route's data alone; the old ?tab= addresses
// (guides, mails, bookmarks) lead to the new ones. The Newsletter, Social Media, Donations and
// People screens: their loader's data is what the API answers (one data path), and their lists
// are in the page's HTML (without JavaScript too); each role gets what it may see.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { ADMIN_TABS, adminHref } from '../../models/shared/admin-rules';
import { confirmSubscription, requestSubscription } from '../../models/newsletter/subscriber';

const KEY = 'demo-admin-key-change-me';
const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789' };
const ENV = { ADMIN_KEYS: `Demo Admin <${KEY}>, Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer` };

describe('admin screens', () => {
  let h: AppHandle;
  let agent: ReturnType<typeof request.agent>;
  before(async () => {
    h = await testApp(ENV);
    agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
  });
  after(() => h.close());

  test('every screen at its address, in both languages: its menu entry selected, its name in the title', async () => {
    for (const lang of ['en', 'de'] as const) {
      for (const screen of ADMIN_TABS) {
        const url = adminHref(lang, screen);
        const html = (await agent.get(url).set('Accept', 'text/html').expect(200)).text;
        assert.match(html, new RegExp(`id="tab-${screen}"[^>]*aria-current="page"`), url);
        const menu = /<nav class="admin-menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
        assert.equal((menu.match(/aria-current="page"/g) ?? []).length, 1, url);
        const title = /<title>([^<]*)<\/title>/.exec(html)![1]!;
        assert.match(title, lang === 'en' ? /· Content Management \|/ : /· Inhaltsverwaltung \|/, url);
        assert.match(html, new RegExp(`<html lang="${lang}"`), url);
        // The language switch leads to the same screen in the other language.
        const other = lang === 'en' ? 'de' : 'en';
        assert.match(html, new RegExp(`href="${adminHref(other, screen)}" hreflang="${other}"`, 'i'), `${url}: its twin`);
      }
    }
    // An address that is no screen is the site's 404.
    await agent.get('/admin/nonsense').set('Accept', 'text/html').expect(404);
    await agent.get('/de/admin/nonsense').set('Accept', 'text/html').expect(404);
  });

  test('the old ?tab= addresses lead to the screen, with the rest of their query', async () => {
    const moved = async (from: string) => (await agent.get(from).set('Accept', 'text/html').expect(301)).headers.location;
    assert.equal(await moved('/admin?tab=news&edit=3'), '/admin/news?edit=3');
    assert.equal(await moved('/de/admin?tab=projects&q=solar&sort=title'), '/de/admin/projects?q=solar&sort=title');
    assert.equal(await moved('/admin?tab=dashboard&from=2026-01-01&to=2026-06-30'), '/admin?from=2026-01-01&to=2026-06-30');
    assert.equal(await moved('/admin?tab=media'), '/admin/media');
    assert.equal(await moved('/admin?tab=nonsense&edit=1'), '/admin?edit=1');
    // Without a session the old address still goes to the sign-in page first.
    assert.equal((await request(h.app).get('/admin?tab=media').set('Accept', 'text/html').expect(303)).headers.location, '/admin-login');
  });

  test("moving to a screen asks for that screen's data alone; the frame's data is its own route's", async () => {
    const screen = await agent.get('/admin/projects').set('Accept', 'application/json').set('X-Admin-Route', 'admin.projects').expect(200);
    assert.equal(screen.body.routeId, 'admin.projects');
    assert.ok(Array.isArray(screen.body.props.items) && screen.body.props.items.length > 0);
    assert.equal(screen.body.props.csrfToken, undefined, 'no frame data with a screen');
    assert.equal(screen.body.props.activity, undefined);
    assert.match(screen.body.meta.title, /^Projects · Content Management/);
    const frame = await agent.get('/de/admin/projects').set('Accept', 'application/json').set('X-Admin-Route', 'admin').expect(200);
    assert.equal(frame.body.routeId, 'admin');
    assert.equal(frame.body.lang, 'de');
    assert.equal(typeof frame.body.props.csrfToken, 'string');
    assert.ok(Array.isArray(frame.body.props.activity));
    assert.equal(frame.body.props.items, undefined, 'no screen data with the frame');
    // A route the address does not match: nothing (the browser then loads the address as a page).
    await agent.get('/admin/projects').set('Accept', 'application/json').set('X-Admin-Route', 'admin.news').expect(404);
    // Never stored.
    assert.equal(screen.headers['cache-control'], 'private, no-store');
  });
  /** A screen's data as the browser asks for it when the admin moves there. */
  const screenJson = async (who: ReturnType<typeof request.agent>, screen: string) => {
    const res = await who.get(`/admin/${screen}`).set('Accept', 'application/json').set('X-Admin-Route', `admin.${screen}`).expect(200);
    assert.equal(res.body.routeId, `admin.${screen}`);
    assert.equal(res.body.props.csrfToken, undefined, 'no frame data with a screen');
    return res.body.props;
  };
  const html = async (who: ReturnType<typeof request.agent>, url: string) => (await who.get(url).set('Accept', 'text/html').expect(200)).text;
  const signedIn = async (key: string) => {
    const who = request.agent(h.app);
    await who.post('/api/admin/login').send({ key }).expect(200);
    return who;
  };

  test('Newsletter: the picker, the services, the sends and the subscribers come with the screen, as the API has them', async () => {
    const db = h.deps.db;
    const r = await requestSubscription(db, { email: 'reader@example.org', language: 'de', form: 'footer', consentText: 'Send me news.' });
    await confirmSubscription(db, r.confirmToken!);
    const news = (await agent.get('/api/news').expect(200)).body as { id: number; title: string }[];
    const projects = (await agent.get('/api/projects').expect(200)).body as { id: number; title: string }[];
    assert.ok(news.length > 0 && projects.length > 0, 'the demo content has both');
    await agent.post('/api/admin/newsletter/create-campaign').set('X-Admin-Key', KEY).send({ subject: 'Spring in the villages', language: 'en', newsIds: [news[0]!.id] }).expect(201);

    const props = await screenJson(agent, 'newsletter');
    assert.deepEqual(props.status, (await agent.get('/api/admin/newsletter/status').expect(200)).body);
    assert.deepEqual(props.campaigns, (await agent.get('/api/admin/newsletter/campaigns').expect(200)).body.campaigns);
    assert.equal(props.campaigns[0].subject, 'Spring in the villages');
    assert.deepEqual(props.subscribers, (await agent.get('/api/admin/newsletter/subscribers').expect(200)).body);
    assert.deepEqual(props.news.map((a: { id: number }) => a.id), news.map((a) => a.id));
    assert.deepEqual(props.projects.map((p: { id: number }) => p.id), projects.map((p) => p.id));
    assert.equal(props.news[0].content, undefined, "the picker's articles without their bodies");

    // Without JavaScript: the picker's items and the subscribers' rows are in the page.
    const page = await html(agent, '/admin/newsletter');
    assert.match(page, /<span class="subs-email">reader@example\.org<\/span>/);
    assert.match(page, /<table class="subs-table">/);
    assert.ok(page.includes(`<span class="nl-item-title">${news[0]!.title}</span>`), 'an article to pick');
    assert.ok(page.includes(`<span class="nl-item-title">${projects[0]!.title}</span>`), 'a project to pick');
    assert.doesNotMatch(page, /class="admin-loading"/, 'nothing waits for a request');
  });

  test('Social Media: the projects and articles to write about come with the screen', async () => {
    const props = await screenJson(agent, 'social');
    const projects = (await agent.get('/api/projects').expect(200)).body as { id: number; title: string }[];
    assert.deepEqual(props.projects.map((p: { id: number }) => p.id), projects.map((p) => p.id));
    assert.deepEqual(props.news.map((a: { id: number }) => a.id), ((await agent.get('/api/news').expect(200)).body as { id: number }[]).map((a) => a.id));
    assert.equal(props.assistant, (await agent.get('/api/admin/newsletter/status').expect(200)).body.assistant);
    const page = await html(agent, '/de/admin/social');
    assert.ok(page.includes(`<option value="${projects[0]!.id}">`), 'the projects in the choice, without JavaScript');
    assert.doesNotMatch(page, /class="admin-loading"/);
  });

  test("Donations: the ledger, the monthly donors, last year's certificates and the bank's waiting credits come with the screen; treasurers and admins only", async () => {
    const db = h.deps.db;
    const year = new Date().getUTCFullYear() - 1;
    const at = `${year}-03-12T10:00:00.000Z`;
    await db('donations').insert({ paymentIntentId: 'pi_screens_1', amountCents: 12_000, currency: 'chf', status: 'succeeded', appliedAt: at, createdAt: at, donorEmail: 'anna@example.org', donorName: 'Anna Müller', language: 'de', kind: 'one_off' });
    await db('donation_subscriptions').insert({ subscriptionId: 'sub_screens', customerId: 'cus_screens', donorEmail: 'eva@example.ch', donorName: 'Eva Keller', amountCents: 2_000, currency: 'chf', projectId: null, language: 'de', status: 'active', paused: false });
    await db('bank_credits').insert({ creditKey: 'screens-1', reference: null, amountCents: 4_200, currency: 'chf', bookedOn: `${year}-05-02`, debtorName: 'Sender Without Reference', status: 'unmatched', reason: 'no_reference', importedBy: 'key:test' });

    const treasurer = await signedIn(KEYS.treasurer);
    const props = await screenJson(treasurer, 'donations');
    assert.deepEqual(props.ledger, (await treasurer.get('/api/admin/donations').expect(200)).body);
    assert.deepEqual(props.monthly, (await treasurer.get('/api/admin/donations/monthly').expect(200)).body);
    assert.deepEqual(props.certificates, (await treasurer.get('/api/admin/donations/certificates').expect(200)).body);
    assert.equal(props.certificates.year, year);
    assert.deepEqual(props.bank.unmatched, (await treasurer.get('/api/admin/bank-imports/unmatched').expect(200)).body.items);
    assert.ok(props.bank.projects.length > 0);

    // Without JavaScript: each panel's rows are in the page.
    const page = await html(agent, '/admin/donations');
    assert.match(page, /<span class="don-donor">Anna Müller<\/span>/, 'the ledger');
    assert.match(page, /<span class="don-donor">Eva Keller<\/span>/, 'the monthly donors');
    assert.match(page, /Sender Without Reference/, "the bank's waiting credit");
    assert.match(page, new RegExp(`class="don-cert-count"[^>]*>1 donor gave in ${year}\\.`), 'the certificates');
    assert.doesNotMatch(page, /class="admin-loading"/);

    // An editor: the screen is not offered, neither as a page nor as the route's data.
    const editor = await signedIn(KEYS.editor);
    assert.equal((await editor.get('/admin/donations').set('Accept', 'text/html').expect(303)).headers.location, '/admin/projects');
    const moved = await editor.get('/admin/donations').set('Accept', 'application/json').set('X-Admin-Route', 'admin.donations').expect(303);
    assert.equal(moved.headers.location, '/admin/projects');
    assert.doesNotMatch(moved.text, /Anna/);
  });

  test('People: an admin gets their account and the people; an editor or a treasurer their own account only', async () => {
    await agent.post('/api/admin/people').set('X-Admin-Key', KEY).send({ email: 'lena@example.org', name: 'Lena Keller', role: 'editor', language: 'de' }).expect(201);
    const props = await screenJson(agent, 'people');
    assert.deepEqual(props.people, (await agent.get('/api/admin/people').expect(200)).body);
    const account = (await agent.get('/api/admin/account').expect(200)).body;
    const sessions = (list: { id: string; current: boolean }[]) => list.map((x) => ({ id: x.id, current: x.current }));
    assert.deepEqual({ ...props.account, sessions: sessions(props.account.sessions) }, { ...account, sessions: sessions(account.sessions) });
    assert.ok(props.account.sessions.some((x: { current: boolean }) => x.current), 'this session is marked');
    const page = await html(agent, '/admin/people');
    assert.match(page, /<strong>Lena Keller<\/strong>/, "the people's table without JavaScript");
    assert.match(page, /Signed in as Demo Admin, with the role Admin\./);

    for (const [role, key, label] of [['editor', KEYS.editor, 'Eda Editor'], ['treasurer', KEYS.treasurer, 'Tom Treasurer']] as const) {
      const who = await signedIn(key);
      const own = await screenJson(who, 'people');
      assert.equal(own.people, null, role);
      assert.equal(own.account.me.role, role);
      assert.equal(own.account.me.name, label);
      const theirs = await html(who, '/de/admin/people');
      assert.doesNotMatch(theirs, /people-table|<strong>Lena Keller<\/strong>/, `${role}: nobody else's account`);
      assert.match(theirs, new RegExp(`Angemeldet als ${label}`));
    }
  });
});
