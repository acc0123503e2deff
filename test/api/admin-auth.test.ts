// Who gets into the admin area: the credential matrix of the admin API, sessions and CSRF, the
// e-mail sign-in link, the login form without JavaScript, logout and the failed-login limit.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { outboxFor } from '../../models/providers/mail';
import { createLoginToken } from '../../models/people/login-token';
import { LOGIN_FAILURES_LIMIT } from '../../controllers/admin/session';

const KEY = 'demo-admin-key-change-me';
const ADMIN_EMAIL = 'admin@example.org';
const PUBLIC_URL = 'https://charity.example';

/** A supertest agent with an admin session (key login) and its CSRF token. */
async function loggedIn(h: AppHandle) {
  const agent = request.agent(h.app);
  const res = await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
  assert.ok(res.body.csrfToken);
  return { agent, csrf: res.body.csrfToken as string, cookie: String(res.headers['set-cookie']) };
}

async function waitForMail(h: AppHandle, to: string, count = 1) {
  for (let i = 0; i < 50; i++) {
    const mails = await outboxFor(h.deps.db, to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
  return outboxFor(h.deps.db, to);
}

const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

// Every admin endpoint the admin screens call, as method + path.
const ADMIN_CALLS = [
  ['get', '/api/admin/pages'],
  ['get', '/api/admin/projects'],
  ['post', '/api/admin/projects'],
  ['put', '/api/admin/projects/1'],
  ['delete', '/api/admin/projects/1'],
  ['post', '/api/admin/news'],
  ['put', '/api/admin/news/1'],
  ['delete', '/api/admin/news/1'],
  ['post', '/api/admin/team'],
  ['put', '/api/admin/team/1'],
  ['delete', '/api/admin/team/1'],
  ['post', '/api/admin/pages'],
  ['put', '/api/admin/pages/1'],
  ['delete', '/api/admin/pages/1'],
  ['get', '/api/admin/audit'],
  ['get', '/api/media'],
  ['get', '/api/media?category=projects'],
  ['post', '/api/media'],
  ['delete', '/api/media/1'],
  ['post', '/api/admin/logout'],
] as const;

describe('admin credentials (default configuration)', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ PUBLIC_URL, UPLOAD_DIR: '/tmp/admin-auth-test-uploads' });
  });
  after(async () => {
    await h.close();
  });

  test('without a credential every admin call answers 401 JSON and nothing changes', async () => {
    const before = await h.deps.db('projects').count({ n: '*' }).first();
    for (const [method, path] of ADMIN_CALLS) {
      const res = await request(h.app)[method](path).send({});
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.equal(res.body.error, 'No admin credentials found');
    }
    assert.deepEqual(await h.deps.db('projects').count({ n: '*' }).first(), before);
    await request(h.app).get('/api/admin/session').expect(401);
  });

  test('the admin key header opens the API, without CSRF token (a browser never sends it by itself)', async () => {
    const pages = await request(h.app).get('/api/admin/pages').set('X-Admin-Key', KEY).expect(200);
    assert.ok(Array.isArray(pages.body) && pages.body.length > 0);
    assert.ok(pages.body.every((p: { pageName: string }) => typeof p.pageName === 'string'));
    const session = await request(h.app).get('/api/admin/session').set('X-Admin-Key', KEY).expect(200);
    assert.equal(session.body.admin.via, 'key');
    assert.ok(!session.body.admin.id.includes(KEY), 'the audit id does not reveal the key');
    assert.equal(session.body.csrfToken, null);
    await request(h.app).get('/api/media').set('X-Admin-Key', KEY).expect(200);
  });

  test('the admin e-mail header is ignored unless the proxy is trusted', async () => {
    const res = await request(h.app).get('/api/admin/pages').set('X-Admin-Email', ADMIN_EMAIL);
    assert.equal(res.status, 401);
    await request(h.app).post('/api/admin/projects').set('X-Admin-Email', ADMIN_EMAIL).send({}).expect(401);
  });

  test('key login opens a database session: HttpOnly, SameSite=Lax cookie, new session id', async () => {
    const attacker = 'admin.sid=s%3Aattacker-chosen-id.bad';
    const res = await request(h.app).post('/api/admin/login').set('Cookie', attacker).send({ key: KEY }).expect(200);
    assert.equal(res.body.message, 'Login successful!');
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /admin\.sid=/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/, 'plain http outside production');
    assert.ok(!cookie.includes('attacker-chosen-id'));
    const sid = decodeURIComponent(/admin\.sid=s:([^.;]+)/.exec(decodeURIComponent(cookie))?.[1] ?? '');
    const row = await h.deps.db('sessions').where({ sid }).first();
    assert.ok(row, 'the session is stored in the sessions table');
    assert.ok(!String(row.sess).includes(KEY), 'the key itself is not stored');
  });

  test('a session reads freely but every change needs the CSRF token', async () => {
    const { agent, csrf } = await loggedIn(h);
    const session = await agent.get('/api/admin/session').expect(200);
    assert.equal(session.body.admin.via, 'session');
    assert.equal(session.body.csrfToken, csrf);
    await agent.get('/api/admin/pages').expect(200);

    const body = { title: 'CSRF check', titleDe: 'CSRF-Prüfung', description: 'd', descriptionDe: 'd', goalAmount: '100', imageUrl: '/images/logo.svg' };
    const without = await agent.post('/api/admin/projects').send(body);
    assert.equal(without.status, 403);
    assert.match(without.body.error, /CSRF/);
    await agent.post('/api/admin/projects').set('X-CSRF-Token', 'wrong-token').send(body).expect(403);
    await agent.delete('/api/admin/projects/1').expect(403);
    await agent.post('/api/media').expect(403);
    assert.equal(await h.deps.db('projects').where({ title: 'CSRF check' }).first(), undefined);

    const created = await agent.post('/api/admin/projects').set('X-CSRF-Token', csrf).send(body).expect(201);
    assert.equal(created.body.title, 'CSRF check');
  });

  test('logout ends the session', async () => {
    const { agent, csrf } = await loggedIn(h);
    const res = await agent.post('/api/admin/logout').set('X-CSRF-Token', csrf).expect(200);
    assert.equal(res.body.message, 'Logged out successfully');
    await agent.get('/api/admin/session').expect(401);
    await agent.get('/api/admin/pages').expect(401);
    const page = await agent.get('/admin').set('Accept', 'text/html');
    assert.equal(page.status, 303);
  });

  test('the admin page needs a session: without one it redirects to the login page of its language', async () => {
    const en = await request(h.app).get('/admin').set('Accept', 'text/html');
    assert.equal(en.status, 303);
    assert.equal(en.headers.location, '/admin-login');
    const de = await request(h.app).get('/de/admin/media').set('Accept', 'text/html');
    assert.equal(de.headers.location, '/de/admin-login');
    // Client-side navigation asks for JSON: a 401, never the page's data.
    const json = await request(h.app).get('/admin').set('Accept', 'application/json');
    assert.equal(json.status, 401);
    assert.equal(json.body.props, undefined);
    // The key header is for scripts, not for the page.
    assert.equal((await request(h.app).get('/admin').set('X-Admin-Key', KEY).set('Accept', 'text/html')).status, 303);

    const { agent } = await loggedIn(h);
    const ok = await agent.get('/admin').set('Accept', 'text/html').expect(200);
    assert.match(ok.text, /Content Management/);
    assert.match(String(ok.headers['cache-control']), /no-store/);
    // Signed in, the login page sends the admin on.
    const login = await agent.get('/de/admin-login').set('Accept', 'text/html');
    assert.equal(login.status, 303);
    assert.equal(login.headers.location, '/de/admin');
  });

  test('the login page offers both modes and shows the demo credentials outside production', async () => {
    const res = await request(h.app).get('/admin-login').expect(200);
    assert.match(res.text, /Admin Key/);
    assert.match(res.text, /Email/);
    assert.match(res.text, /Access Admin Panel/);
    assert.match(res.text, /demo-admin-key-change-me/);
    assert.match(res.text, /noindex/);
    const de = await request(h.app).get('/de/admin-login?error=invalid').expect(200);
    assert.match(de.text, /Zum Verwaltungsbereich/);
    assert.match(de.text, /Ungültige Zugangsdaten/);
  });

  test('the login form works without JavaScript: post, redirect, outcome', async () => {
    const agent = request.agent(h.app);
    const bad = await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'nope' });
    assert.equal(bad.status, 303);
    assert.equal(bad.headers.location, '/admin-login?error=invalid');
    const empty = await agent.post('/de/admin-login').type('form').send({ mode: 'key', key: '' });
    assert.equal(empty.headers.location, '/de/admin-login?error=keyRequired');
    const badEmail = await agent.post('/admin-login').type('form').send({ mode: 'email', email: 'not-an-address' });
    assert.equal(badEmail.headers.location, '/admin-login?error=emailInvalid&mode=email');

    const good = await agent.post('/de/admin-login').type('form').send({ mode: 'key', key: KEY });
    assert.equal(good.status, 303);
    assert.equal(good.headers.location, '/de/admin');
    const page = await agent.get('/de/admin').set('Accept', 'text/html').expect(200);
    assert.match(page.text, /Inhaltsverwaltung/);
    assert.match(page.text, /Anmeldung erfolgreich!/);
  });

  test('the JSON login explains what is missing and refuses a wrong key', async () => {
    const missing = await request(h.app).post('/api/admin/login').send({});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.fields.key, 'Please enter your admin key');
    const badEmail = await request(h.app).post('/api/admin/login').send({ email: 'x@' });
    assert.equal(badEmail.status, 400);
    assert.equal(badEmail.body.error, 'Please enter a valid email address');
    const wrong = await request(h.app).post('/api/admin/login').send({ key: 'wrong' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'Invalid credentials - Please check your credentials and try again.');
    assert.equal(wrong.headers['set-cookie'], undefined, 'no session for a failed login');
  });

  test('e-mail login: the same answer for any address, a one-time link only to admins', async () => {
    const admin = await request(h.app).post('/api/admin/login').send({ email: 'Admin@Example.org' }).expect(200);
    const stranger = await request(h.app).post('/api/admin/login').send({ email: 'someone@example.net' }).expect(200);
    assert.deepEqual(admin.body, stranger.body);
    assert.equal(admin.headers['set-cookie'], undefined, 'an address alone opens no session');
    const [mail] = await waitForMail(h, ADMIN_EMAIL);
    assert.ok(mail, 'the sign-in link was sent');
    assert.match(mail!.textBody, new RegExp(`${PUBLIC_URL}/admin-login/verify\\?token=`));
    assert.match(mail!.textBody, /15 minutes/);
    assert.equal((await outboxFor(h.deps.db, 'someone@example.net')).length, 0);

    const token = tokenOf(mail!.textBody);
    const stored = await h.deps.db('login_tokens').first();
    assert.ok(stored && !JSON.stringify(stored).includes(token), 'only the hash of the token is stored');

    // A mail scanner opens the link first, perhaps several times: a page with one button, nothing used.
    for (let i = 0; i < 3; i++) {
      const scan = await request(h.app).get(`/admin-login/verify?token=${token}`);
      assert.equal(scan.status, 200);
      assert.equal(scan.headers['set-cookie'], undefined, 'opening the link opens no session');
      assert.match(scan.text, /<html lang="en">/);
      assert.match(scan.text, /<h1>Sign in to the admin area<\/h1>/);
      assert.match(scan.text, /<meta name="robots" content="noindex"\/?>/);
      assert.match(scan.text, /mail scanner/i);
      assert.match(scan.text, new RegExp(`<form method="post" action="/admin-login/verify"[^>]*>\\s*<input type="hidden" name="token" value="${token}">`));
      assert.match(scan.text, /<button type="submit" class="btn btn-primary">Sign in to the admin area<\/button>/);
      assert.equal(scan.headers['cache-control'], 'no-store');
      assert.equal(scan.headers['referrer-policy'], 'same-origin');
    }
    assert.equal((await h.deps.db('login_tokens').first()).usedAt, null, 'the token is still unused');

    // The person presses the button on that page: the session opens.
    const agent = request.agent(h.app);
    const open = await agent.post('/admin-login/verify').set('Origin', PUBLIC_URL).type('form').send({ token });
    assert.equal(open.status, 303);
    assert.equal(open.headers.location, '/admin');
    const session = await agent.get('/api/admin/session').expect(200);
    assert.equal(session.body.admin.id, ADMIN_EMAIL);
    const adminPage = await agent.get('/admin').set('Accept', 'text/html').expect(200);
    assert.match(adminPage.text, /Login successful!/);

    // Used: its page says so at once, and pressing again opens no session.
    const reopened = await request(h.app).get(`/admin-login/verify?token=${token}`);
    assert.equal(reopened.status, 400);
    assert.match(reopened.text, /already been used/);
    assert.match(reopened.text, /href="\/admin-login\?mode=email">Request a new sign-in link</);
    assert.doesNotMatch(reopened.text, /<form/);
    const again = request.agent(h.app);
    const second = await again.post('/admin-login/verify').set('Origin', PUBLIC_URL).type('form').send({ token });
    assert.equal(second.status, 400);
    assert.match(second.text, /This sign-in link cannot be used/);
    assert.equal(second.headers['set-cookie'], undefined);
    await again.get('/api/admin/session').expect(401);
  });

  test('e-mail login through the form answers the same for any address, in the page language', async () => {
    const a = await request(h.app).post('/de/admin-login').type('form').send({ mode: 'email', email: 'nobody@example.net' });
    assert.equal(a.status, 303);
    assert.equal(a.headers.location, '/de/admin-login?sent=1&mode=email');
    const page = await request(h.app).get(a.headers.location).expect(200);
    assert.match(page.text, /Anmeldelink/);
  });

  test('an expired or unknown sign-in link opens nothing, and says so in the page language', async () => {
    const expired = await createLoginToken(h.deps.db, ADMIN_EMAIL, 'de', Date.now() - 16 * 60 * 1000);
    const agent = request.agent(h.app);
    const page = await agent.get(`/de/admin-login/verify?token=${expired}`);
    assert.equal(page.status, 400);
    assert.match(page.text, /<html lang="de">/);
    assert.match(page.text, /Dieser Anmeldelink ist nicht mehr gültig/);
    assert.match(page.text, /abgelaufen: Anmeldelinks gelten 15 Minuten/);
    assert.match(page.text, /href="\/de\/admin-login\?mode=email">Neuen Anmeldelink anfordern</);
    assert.equal(page.headers['cache-control'], 'no-store');
    const pressed = await agent.post('/de/admin-login/verify').set('Origin', PUBLIC_URL).type('form').send({ token: expired });
    assert.equal(pressed.status, 400);
    assert.match(pressed.text, /abgelaufen/);
    await agent.get('/api/admin/session').expect(401);

    const unknown = await agent.get('/admin-login/verify?token=not-a-real-token-at-all-0000');
    assert.equal(unknown.status, 400);
    assert.match(unknown.text, /We do not recognise this link/);
    assert.equal((await agent.post('/admin-login/verify').set('Origin', PUBLIC_URL).type('form').send({ token: 'not-a-real-token-at-all-0000' })).status, 400);
    assert.equal((await agent.get('/admin-login/verify')).status, 400);
    assert.equal((await agent.get('/admin-login/verify?token=a&token=b')).status, 400);
    assert.equal((await agent.post('/admin-login/verify').set('Origin', PUBLIC_URL).type('form').send({})).status, 400);
    await agent.get('/api/admin/session').expect(401);
  });

  test('the sign-in button is refused from another site (no session yet, so no CSRF token)', async () => {
    const token = await createLoginToken(h.deps.db, ADMIN_EMAIL, 'en');
    const unused = async () => (await h.deps.db('login_tokens').whereNull('usedAt').count({ n: '*' }))[0]!.n;
    const before = Number(await unused());
    const attempts: [string, Record<string, string>][] = [
      ['another origin', { Origin: 'https://evil.example' }],
      ['a sibling subdomain', { Origin: 'https://admin.charity.example' }],
      ['http instead of https', { Origin: 'http://charity.example' }],
      ['Origin null from another site', { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }],
      ['same site, other origin', { 'Sec-Fetch-Site': 'same-site' }],
      ['a foreign Referer', { Referer: 'https://evil.example/page' }],
      ['nothing that tells', {}],
    ];
    for (const [what, headers] of attempts) {
      const agent = request.agent(h.app);
      const res = await agent.post('/de/admin-login/verify').set(headers).type('form').send({ token });
      assert.equal(res.status, 403, what);
      assert.match(res.text, /Es wurde nichts geändert/, what);
      assert.match(res.text, /<html lang="de">/, what);
      assert.equal(res.headers['set-cookie'], undefined, what);
      await agent.get('/api/admin/session').expect(401);
    }
    assert.equal(Number(await unused()), before, 'a refused request leaves the token unused');

    // Our own page: what a browser sends from it is our Origin; with Origin: null (a privacy
    // setting, a sandbox) Fetch Metadata tells.
    const agent = request.agent(h.app);
    const ok = await agent.post('/admin-login/verify').set({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }).type('form').send({ token });
    assert.equal(ok.status, 303);
    await agent.get('/api/admin/session').expect(200);
    // The address the request was sent to counts as ours too (PUBLIC_URL may name another host).
    const viaHost = await request(h.app)
      .post('/admin-login/verify')
      .set({ Host: 'intranet.example:8080', Origin: 'http://intranet.example:8080' })
      .type('form')
      .send({ token: await createLoginToken(h.deps.db, ADMIN_EMAIL, 'en') });
    assert.equal(viaHost.status, 303);
    const viaReferer = await request(h.app)
      .post('/admin-login/verify')
      .set('Referer', `${PUBLIC_URL}/admin-login/verify`)
      .type('form')
      .send({ token: await createLoginToken(h.deps.db, ADMIN_EMAIL, 'en') });
    assert.equal(viaReferer.status, 303);
  });
});

describe('wrong admin keys', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h.close();
  });

  test('a wrong admin key is refused on every call, and guessing is soon rate limited', async () => {
    for (const [i, [method, path]] of ADMIN_CALLS.entries()) {
      const res = await request(h.app)[method](path).set('X-Admin-Key', 'not-the-key').send({});
      if (i < LOGIN_FAILURES_LIMIT) {
        assert.equal(res.status, 401, `${method} ${path}`);
        assert.match(res.body.error, /^Invalid credentials/);
      } else {
        assert.equal(res.status, 429, `${method} ${path}`);
        assert.match(res.body.error, /Too many login attempts/);
      }
    }
  });
});

describe('trusted admin e-mail header (behind an authenticating proxy)', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ TRUST_ADMIN_EMAIL_HEADER: '1', ADMIN_EMAILS: 'editor@charity.example' });
  });
  after(async () => {
    await h.close();
  });

  test('an admin address in the header is accepted, any other refused', async () => {
    const ok = await request(h.app).get('/api/admin/session').set('X-Admin-Email', 'Editor@Charity.example').expect(200);
    assert.deepEqual(ok.body.admin, { id: 'editor@charity.example', via: 'email-header', name: 'editor@charity.example', role: 'admin' });
    await request(h.app).post('/api/admin/pages').set('X-Admin-Email', 'editor@charity.example').send({}).expect(400);
    const other = await request(h.app).get('/api/admin/pages').set('X-Admin-Email', 'someone@example.net');
    assert.equal(other.status, 401);
  });
});

describe('failed logins are rate limited', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h.close();
  });

  test(`after ${LOGIN_FAILURES_LIMIT} failures the next attempt gets 429 with a clear message`, async () => {
    // Successful logins do not count.
    await request(h.app).post('/api/admin/login').send({ key: KEY }).expect(200);
    for (let i = 0; i < LOGIN_FAILURES_LIMIT; i++) {
      await request(h.app).post('/api/admin/login').send({ key: `wrong-${i}` }).expect(401);
    }
    const blocked = await request(h.app).post('/api/admin/login').send({ key: KEY });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.error, 'Too many login attempts. Please wait 15 minutes and try again.');
    const form = await request(h.app).post('/admin-login').type('form').send({ mode: 'key', key: KEY });
    assert.equal(form.status, 303);
    assert.equal(form.headers.location, '/admin-login?error=rate');
    const header = await request(h.app).get('/api/admin/pages').set('X-Admin-Key', 'guess');
    assert.equal(header.status, 429);
  });
});

describe('production', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), ADMIN_KEYS: 'a-long-production-key-0123456789' });
  });
  after(async () => {
    await h.close();
  });

  test('the demo credentials do not exist and are not shown', async () => {
    const page = await request(h.app).get('/admin-login').expect(200);
    assert.doesNotMatch(page.text, /demo-admin-key/);
    assert.doesNotMatch(page.text, /admin@example\.org/);
    await request(h.app).post('/api/admin/login').send({ key: KEY }).expect(401);
    await request(h.app).get('/api/admin/pages').set('X-Admin-Key', 'a-long-production-key-0123456789').expect(200);
  });

  test('the session cookie is Secure (and __Host- prefixed) in production', async () => {
    const res = await request(h.app)
      .post('/api/admin/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ key: 'a-long-production-key-0123456789' })
      .expect(200);
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /__Host-admin\.sid=/);
    assert.match(cookie, /Secure/);
    assert.match(cookie, /HttpOnly/);
  });
});
