// Admins are people: roles decide what a request may do (403 auth.forbidden),
// an admin invites a person by e-mail with a role, the invited person creates a passkey on the
// invitation's page (or signs in with an e-mail link), signs in with it, adds a second one, sees
// their sessions and signs out everywhere; a removed person's sessions end. Passkeys are made and
// used by a software authenticator (test/fakes/authenticator.ts) against the real
// @simplewebauthn/server checks; the relying party is PUBLIC_URL's host.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { loadConfig, ConfigError } from '../../config';
import { testApp, twoInstances, until } from '../helpers';
import { createPasskey, signIn, type SoftPasskey } from '../fakes/authenticator';

const ORIGIN = 'https://charity.example';
const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ENV = {
  PUBLIC_URL: ORIGIN,
  ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>`,
};
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

/** The newest one-time link mailed to an address. */
async function mailedLink(h: AppHandle, email: string): Promise<{ url: URL; subject: string; text: string }> {
  await until(async () => Boolean(await h.deps.db('outbox').where({ toAddress: email }).first()), `a mail to ${email}`);
  const mail = (await h.deps.db('outbox').where({ toAddress: email }).orderBy('id', 'desc').first()) as { textBody: string; subject: string };
  return { url: new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]), subject: mail.subject, text: mail.textBody };
}

/** A session cookie from a login answer. */
const cookieOf = (res: request.Response) => String((res.headers['set-cookie'] as unknown as string[])[0]).split(';')[0]!;

/** Accepts an invitation with a new software passkey: the session cookie and the passkey. */
async function accept(h: AppHandle, token: string): Promise<{ cookie: string; passkey: SoftPasskey; csrf: string }> {
  const opts = await request(h.app).post('/api/admin/login/invite/options').set('Origin', ORIGIN).send({ token }).expect(200);
  const { passkey, response } = createPasskey(opts.body.options, ORIGIN);
  const res = await request(h.app).post('/api/admin/login/invite').set('Origin', ORIGIN).send({ token, ceremony: opts.body.ceremony, response, name: 'Laptop' }).expect(200);
  return { cookie: cookieOf(res), passkey, csrf: res.body.csrfToken };
}

/** Signs in with a passkey: the session cookie and CSRF token. */
async function passkeySignIn(h: AppHandle, passkey: SoftPasskey, expect = 200): Promise<{ cookie: string; csrf: string; res: request.Response }> {
  const opts = await request(h.app).post('/api/admin/login/passkey/options').set('Origin', ORIGIN).send({}).expect(200);
  const res = await request(h.app).post('/api/admin/login/passkey').set('Origin', ORIGIN).send({ ceremony: opts.body.ceremony, response: signIn(passkey, opts.body.options, ORIGIN) }).expect(expect);
  return { cookie: expect === 200 ? cookieOf(res) : '', csrf: res.body.csrfToken, res };
}

describe('roles', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp(ENV);
  });
  after(async () => h?.close());

  test('ADMIN_KEYS: a role after the key, admin without one; an unknown role is refused by name', () => {
    assert.throws(() => loadConfig({ ADMIN_KEYS: 'Sam <k-123456789> boss' }), (e: unknown) => e instanceof ConfigError && /must be one of editor, treasurer, admin/.test(e.message));
    const config = loadConfig({ ADMIN_KEYS: 'Sam <k-123456789> treasurer, plain-key-123456' });
    assert.deepEqual(Object.values(config.keyRoles).sort(), ['admin', 'treasurer']);
  });

  test("an editor: content yes; donations, donors' data, spending changes and the people: 403 auth.forbidden", async () => {
    const project = (await request(h.app).get('/api/admin/projects/1').set(as('editor')).expect(200)).body;
    await request(h.app).put('/api/admin/projects/1').set(as('editor')).send({ ...project, title: `${project.title}!` }).expect(200);
    for (const [method, path] of [
      ['get', '/api/admin/donations'],
      ['get', '/api/admin/donations.csv'],
      ['get', '/api/admin/donations/monthly'],
      ['post', '/api/admin/privacy/access'],
      ['post', '/api/admin/projects/1/spending'],
      ['get', '/api/admin/people'],
      ['post', '/api/admin/people'],
    ] as const) {
      const res = await request(h.app)[method](path).set(as('editor')).send({ email: 'x@example.org' });
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.body.code, 'auth.forbidden');
      assert.match(res.body.error, /role/);
    }
    // Reading spending is open (it is public on the project page).
    await request(h.app).get('/api/admin/projects/1/spending').set(as('editor')).expect(200);
  });

  test("a treasurer: donations, donors' data and spending yes; content changes and the people no", async () => {
    await request(h.app).get('/api/admin/donations').set(as('treasurer')).expect(200);
    await request(h.app).post('/api/admin/privacy/access').set(as('treasurer')).send({ email: 'nobody@example.org' }).expect(200);
    await request(h.app).post('/api/admin/projects/1/spending').set(as('treasurer')).send({ date: '2026-11-01', amount: '12.50', category: 'transport', description: 'Seed delivery', descriptionDe: 'Saatgut-Lieferung' }).expect(201);
    const project = (await request(h.app).get('/api/admin/projects/1').set(as('treasurer')).expect(200)).body;
    const put = await request(h.app).put('/api/admin/projects/1').set(as('treasurer')).send(project).expect(403);
    assert.equal(put.body.code, 'auth.forbidden');
    await request(h.app).get('/api/admin/people').set(as('treasurer')).expect(403);
  });

  test("the admin page: an editor is not offered the Donations tab, and asking for it opens the role's first tab (Projects; a treasurer's: the dashboard)", async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.editor }).expect(303);
    // The Donations screen's address opens the editor's first screen.
    assert.equal((await agent.get('/admin/donations').expect(303)).headers.location, '/admin/projects');
    const page = (await agent.get('/admin/projects').expect(200)).text;
    assert.doesNotMatch(page, /id="tab-donations"/);
    assert.match(page, /id="tab-projects"[^>]*aria-current="page"/);
    assert.match(page, /id="tab-people"[^>]*>Your account</);
    const treasurer = request.agent(h.app);
    await treasurer.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.treasurer }).expect(303);
    assert.match((await treasurer.get('/admin/donations').expect(200)).text, /id="tab-donations"[^>]*aria-current="page"/);
    assert.match((await treasurer.get('/admin').expect(200)).text, /id="tab-dashboard"[^>]*aria-current="page"/);
    // A change the role does not cover, posted by a form: 403.
    await agent.post('/admin/spending/1/delete').type('form').send({}).expect(403);
  });
});

describe('people: invitations, passkeys, sessions', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp(ENV);
  });
  after(async () => h?.close());
  beforeEach(async () => {
    await h.deps.db('rate_limits').delete();
  });

  test('bad input: a clear 400 per field; only admins invite', async () => {
    const bad = await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'nope', name: '', role: 'boss' }).expect(400);
    assert.deepEqual(Object.keys(bad.body.fields).sort(), ['email', 'name', 'role']);
    await request(h.app).post('/api/admin/people').send({ email: 'a@example.org', name: 'A', role: 'editor' }).expect(401);
  });

  test('an admin invites in German: the mail and its link are German; the page of the link; the invitation makes a passkey and a session, once', async () => {
    const invited = await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'Lena@Example.org', name: 'Lena Keller', role: 'editor', language: 'de' }).expect(201);
    assert.equal(invited.body.email, 'lena@example.org');
    assert.equal(invited.body.role, 'editor');
    assert.equal(invited.body.joinedAt, null);
    await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'lena@example.org', name: 'Lena', role: 'admin' }).expect(409);
    const mail = await mailedLink(h, 'lena@example.org');
    assert.match(mail.subject, /Sie sind in den Admin-Bereich/);
    assert.match(mail.text, /mit der Rolle Redaktion/);
    assert.equal(mail.url.pathname, '/de/admin-login');
    const token = mail.url.searchParams.get('invite')!;
    // The invitation's page (in German) has the button.
    const page = await request(h.app).get(`/de/admin-login?invite=${token}`).expect(200);
    assert.match(page.text, />Passkey erstellen</);
    assert.match(page.text, /Lena Keller/);

    const { cookie, passkey } = await accept(h, token);
    const session = (await request(h.app).get('/api/admin/session').set('Cookie', cookie).expect(200)).body;
    assert.equal(session.admin.role, 'editor');
    assert.equal(session.admin.name, 'Lena Keller');
    // Used: a second try is refused, and nothing else was created.
    const again = await request(h.app).post('/api/admin/login/invite/options').set('Origin', ORIGIN).send({ token }).expect(400);
    assert.match(again.body.error, /invitation is invalid, expired or already used/);
    // She signs in with the passkey; the audit log names her.
    const signedIn = await passkeySignIn(h, passkey);
    assert.equal((await request(h.app).get('/api/admin/session').set('Cookie', signedIn.cookie).expect(200)).body.admin.role, 'editor');
    const audit = (await h.deps.db('audit_log').where({ actor: 'lena@example.org', action: 'login' }).select('actorName', 'details')) as { actorName: string; details: string }[];
    assert.ok(audit.some((a) => a.actorName === 'Lena Keller' && /passkey/.test(a.details)));
    // As an editor, the donations are closed to her.
    const forbidden = await request(h.app).get('/api/admin/donations').set('Cookie', signedIn.cookie).expect(403);
    assert.equal(forbidden.body.code, 'auth.forbidden');
    // The schema's users table keeps its two roles: an editor is a user there.
    assert.equal(((await h.deps.db('users').where({ username: 'lena@example.org' }).first()) as { role: string }).role, 'user');
    const people = (await request(h.app).get('/api/admin/people').set(as('admin')).expect(200)).body as { email: string; joinedAt: string | null; passkeys: number }[];
    const lena = people.find((p) => p.email === 'lena@example.org')!;
    assert.ok(lena.joinedAt);
    assert.equal(lena.passkeys, 1);
  });

  test('a passkey is refused when its signature, its origin or its ceremony is wrong', async () => {
    await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'max@example.org', name: 'Max Muster', role: 'treasurer' }).expect(201);
    const { passkey } = await accept(h, (await mailedLink(h, 'max@example.org')).url.searchParams.get('invite')!);
    for (const tamper of ['signature', 'origin'] as const) {
      const opts = await request(h.app).post('/api/admin/login/passkey/options').set('Origin', ORIGIN).send({}).expect(200);
      const res = await request(h.app).post('/api/admin/login/passkey').set('Origin', ORIGIN).send({ ceremony: opts.body.ceremony, response: signIn(passkey, opts.body.options, ORIGIN, tamper) }).expect(401);
      assert.equal(res.body.code, 'invalid_credentials');
    }
    // A ceremony is used once: the same signed answer again is refused.
    const opts = await request(h.app).post('/api/admin/login/passkey/options').set('Origin', ORIGIN).send({}).expect(200);
    const response = signIn(passkey, opts.body.options, ORIGIN);
    await request(h.app).post('/api/admin/login/passkey').set('Origin', ORIGIN).send({ ceremony: opts.body.ceremony, response }).expect(200);
    await request(h.app).post('/api/admin/login/passkey').set('Origin', ORIGIN).send({ ceremony: opts.body.ceremony, response }).expect(401);
    // From another site: refused before anything.
    await request(h.app).post('/api/admin/login/passkey/options').set('Origin', 'https://evil.example').send({}).expect(403);
  });

  test('the e-mail link works for an invited person too, with their role', async () => {
    await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'nora@example.org', name: 'Nora Brun', role: 'treasurer' }).expect(201);
    await h.deps.db('outbox').where({ toAddress: 'nora@example.org' }).delete();
    await request(h.app).post('/api/admin/login').send({ mode: 'email', email: 'nora@example.org' }).expect(200);
    const link = await mailedLink(h, 'nora@example.org');
    assert.equal(link.url.pathname, '/admin-login/verify');
    const res = await request(h.app).post('/admin-login/verify').set('Origin', ORIGIN).type('form').send({ token: link.url.searchParams.get('token') }).expect(303);
    const session = (await request(h.app).get('/api/admin/session').set('Cookie', cookieOf(res)).expect(200)).body;
    assert.equal(session.admin.role, 'treasurer');
    assert.equal(session.admin.name, 'Nora Brun');
  });

  test('my account: a second passkey, my sessions, sign out everywhere', async () => {
    await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'ivo@example.org', name: 'Ivo Frei', role: 'admin' }).expect(201);
    const first = await accept(h, (await mailedLink(h, 'ivo@example.org')).url.searchParams.get('invite')!);
    const phone = await passkeySignIn(h, first.passkey);
    // A second passkey, added from the account.
    const opts = await request(h.app).post('/api/admin/account/passkeys/options').set('Cookie', phone.cookie).set('X-CSRF-Token', phone.csrf).send({}).expect(200);
    assert.equal(opts.body.options.excludeCredentials.length, 1, 'the first passkey is not made twice');
    const second = createPasskey(opts.body.options, ORIGIN);
    const added = await request(h.app).post('/api/admin/account/passkeys').set('Cookie', phone.cookie).set('X-CSRF-Token', phone.csrf).send({ ceremony: opts.body.ceremony, response: second.response, name: 'Phone' }).expect(201);
    assert.equal(added.body.name, 'Phone');
    await passkeySignIn(h, second.passkey);
    const account = (await request(h.app).get('/api/admin/account').set('Cookie', phone.cookie).expect(200)).body;
    assert.deepEqual(account.passkeys.map((k: { name: string }) => k.name), ['Laptop', 'Phone']);
    assert.equal(account.sessions.length, 3);
    assert.equal(account.sessions.filter((s: { current: boolean }) => s.current).length, 1);
    assert.ok(account.sessions.every((s: { id: string }) => s.id.length === 16), 'sessions are named by a digest, never their id');
    // A key has no passkeys.
    await request(h.app).post('/api/admin/account/passkeys/options').set(as('admin')).send({}).expect(409);
    // Sign out everywhere else: the other sessions end, this one stays; then everywhere.
    const ended = await request(h.app).post('/api/admin/account/sessions/end').set('Cookie', phone.cookie).set('X-CSRF-Token', phone.csrf).send({ others: true }).expect(200);
    assert.equal(ended.body.ended, 2);
    await request(h.app).get('/api/admin/session').set('Cookie', first.cookie).expect(401);
    await request(h.app).get('/api/admin/session').set('Cookie', phone.cookie).expect(200);
    await request(h.app).post('/api/admin/account/sessions/end').set('Cookie', phone.cookie).set('X-CSRF-Token', phone.csrf).send({}).expect(200);
    await request(h.app).get('/api/admin/session').set('Cookie', phone.cookie).expect(401);
  });

  test('removing a person ends their sessions; their passkey opens nothing after', async () => {
    await request(h.app).post('/api/admin/people').set(as('admin')).send({ email: 'otto@example.org', name: 'Otto Graf', role: 'editor' }).expect(201);
    const otto = await accept(h, (await mailedLink(h, 'otto@example.org')).url.searchParams.get('invite')!);
    const people = (await request(h.app).get('/api/admin/people').set(as('admin')).expect(200)).body as { id: number; email: string }[];
    const id = people.find((p) => p.email === 'otto@example.org')!.id;
    await request(h.app).delete(`/api/admin/people/${id}`).set(as('editor')).expect(403);
    const removed = await request(h.app).delete(`/api/admin/people/${id}`).set(as('admin')).expect(200);
    assert.equal(removed.body.sessions, 1);
    await request(h.app).get('/api/admin/session').set('Cookie', otto.cookie).expect(401);
    await passkeySignIn(h, otto.passkey, 401);
    await request(h.app).delete(`/api/admin/people/${id}`).set(as('admin')).expect(404);
    const audit = (await h.deps.db('audit_log').where({ entity: 'admin_person', action: 'remove' }).first()) as { actorName: string };
    assert.equal(audit.actorName, 'Ada Admin');
  });
});

describe('passkeys across two instances', () => {
  test('invited on one instance, the passkey made and used across both', async () => {
    const pair = await twoInstances('passkeys', ENV);
    try {
      await request(pair.a.app).post('/api/admin/people').set(as('admin')).send({ email: 'eva@example.org', name: 'Eva Roth', role: 'editor' }).expect(201);
      const token = (await mailedLink(pair.a, 'eva@example.org')).url.searchParams.get('invite')!;
      const opts = await request(pair.a.app).post('/api/admin/login/invite/options').set('Origin', ORIGIN).send({ token }).expect(200);
      const { passkey, response } = createPasskey(opts.body.options, ORIGIN);
      await request(pair.b.app).post('/api/admin/login/invite').set('Origin', ORIGIN).send({ token, ceremony: opts.body.ceremony, response }).expect(200);
      const signOpts = await request(pair.b.app).post('/api/admin/login/passkey/options').set('Origin', ORIGIN).send({}).expect(200);
      const res = await request(pair.a.app).post('/api/admin/login/passkey').set('Origin', ORIGIN).send({ ceremony: signOpts.body.ceremony, response: signIn(passkey, signOpts.body.options, ORIGIN) }).expect(200);
      await request(pair.b.app).get('/api/admin/session').set('Cookie', cookieOf(res)).expect(200);
    } finally {
      await pair.close();
    }
  });
});
