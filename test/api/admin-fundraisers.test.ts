// The admin's side of supporters' fundraisers (controllers/fundraisers.ts adminFundraisersApi,
// the Fundraisers tab's data): the list (pending first, oldest first; then the rest newest first),
// approving (public from then on, the owner mailed; twice: 409), rejecting with a reason (without
// one: 400; the owner mailed the reason), editing (a bad goal: 400 with the field), the roles
// (editors may, treasurers only read: 403 auth.forbidden), and the admin page's list without JavaScript.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { swissToday } from '../../models/shared/dates';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ENV = { ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>` };
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

/** A day `days` after today's Swiss day (YYYY-MM-DD). */
function dayAhead(days: number): string {
  const d = new Date(`${swissToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Row {
  id: number;
  slug: string;
  title: string;
  status: string;
  projectId: number;
  projectTitle: string | null;
  ownerEmail: string | null;
  rejectReason: string | null;
  goal: number;
  goalKind: string;
  raisedCents: number;
  donorCount: number;
  donors: unknown[];
}

describe('admin: fundraisers', () => {
  let h: AppHandle;
  let projectId: number;
  let seq = 0;

  /** A new pending fundraiser through the public API (the hourly limit per client is lifted for the test). */
  async function start(title: string, extra: Record<string, unknown> = {}): Promise<{ id: number; slug: string; email: string }> {
    await h.deps.db('rate_limits').delete();
    const email = `owner${++seq}@example.org`;
    const res = await request(h.app)
      .post('/api/fundraisers')
      .send({ projectId, title, story: 'I am running 20 km to help the village grow its own food.', goal: 500, goalKind: 'amount', currency: 'chf', endDate: dayAhead(60), name: `Owner ${seq}`, email, language: 'en', ...extra })
      .expect(201);
    assert.equal(res.body.status, 'pending');
    return { id: res.body.id, slug: res.body.slug, email };
  }
  const list = async (role: keyof typeof KEYS = 'admin') => (await request(h.app).get('/api/admin/fundraisers').set(as(role)).expect(200)).body as Row[];

  before(async () => {
    h = await testApp(ENV);
    const projects = (await request(h.app).get('/api/projects').expect(200)).body as { id: number }[];
    projectId = projects[0]!.id;
  });
  after(async () => h?.close());
  beforeEach(async () => {
    await h.deps.db('fundraisers').delete();
  });

  test('the list: pending first (oldest first), then the others newest first, with project and progress', async () => {
    const a = await start('First pending run');
    const b = await start('Approved bake sale');
    const c = await start('Rejected raffle');
    const d = await start('Second pending run');
    await request(h.app).post(`/api/admin/fundraisers/${b.id}/approve`).set(as('admin')).expect(200);
    await request(h.app).post(`/api/admin/fundraisers/${c.id}/reject`).set(as('admin')).send({ reason: 'Raffles are not allowed here.' }).expect(200);
    const rows = await list();
    assert.deepEqual(
      rows.map((r) => [r.id, r.status]),
      [
        [a.id, 'pending'],
        [d.id, 'pending'],
        [c.id, 'rejected'],
        [b.id, 'approved'],
      ],
    );
    const first = rows[0]!;
    assert.equal(first.title, 'First pending run');
    assert.equal(first.projectId, projectId);
    assert.ok(first.projectTitle, 'the project is named');
    assert.equal(first.ownerEmail, a.email);
    assert.equal(first.goalKind, 'amount');
    assert.equal(first.goal, 50000, 'the goal in minor units');
    assert.deepEqual([first.raisedCents, first.donorCount, first.donors], [0, 0, []]);
    assert.equal(rows[2]!.rejectReason, 'Raffles are not allowed here.');
    // Every role reads the list.
    assert.equal((await list('treasurer')).length, 4);
    assert.equal((await list('editor')).length, 4);
  });

  test('approve: public from then on, the owner mailed; approving again is 409 fundraiser.reviewed', async () => {
    const f = await start('Swim for seeds');
    await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(404);
    const mailsBefore = (await outboxFor(h.deps.db, f.email)).length;
    const res = await request(h.app).post(`/api/admin/fundraisers/${f.id}/approve`).set(as('admin')).expect(200);
    assert.equal(res.body.status, 'approved');
    assert.match(res.body.reviewedBy, /^key:/, 'who reviewed it');
    const pub = await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200);
    assert.equal(pub.body.title, 'Swim for seeds');
    assert.equal(pub.body.goal, 500, 'the public API gives major units');
    const mails = await outboxFor(h.deps.db, f.email);
    assert.equal(mails.length, mailsBefore + 1, 'the owner is mailed');
    const again = await request(h.app).post(`/api/admin/fundraisers/${f.id}/approve`).set(as('admin')).expect(409);
    assert.equal(again.body.code, 'fundraiser.reviewed');
    assert.equal((await outboxFor(h.deps.db, f.email)).length, mailsBefore + 1, 'no second mail');
    // The activity log names it.
    const audit = await h.deps.db('audit_log').where({ entity: 'fundraiser', action: 'approve', entityId: String(f.id) }).first();
    assert.equal(audit?.summary, 'Swim for seeds');
  });

  test('reject: a reason is required (400 with the field), the owner is mailed it; twice is 409; an approved one can be taken down', async () => {
    const f = await start('Sponsored walk');
    for (const body of [{}, { reason: '' }, { reason: '  x ' }]) {
      const res = await request(h.app).post(`/api/admin/fundraisers/${f.id}/reject`).set(as('admin')).send(body).expect(400);
      assert.equal(res.body.code, 'validation');
      assert.ok(res.body.fields.reason, 'the reason field is named');
    }
    assert.equal((await list())[0]!.status, 'pending', 'nothing changed');
    const reason = 'Please name the school the walk is with.';
    const res = await request(h.app).post(`/api/admin/fundraisers/${f.id}/reject`).set(as('admin')).send({ reason }).expect(200);
    assert.equal(res.body.status, 'rejected');
    assert.equal(res.body.rejectReason, reason);
    const [mail] = await outboxFor(h.deps.db, f.email);
    assert.ok(mail, 'the owner is mailed');
    assertMailSays(h, mail.textBody, 'fundraiserMail.rejected.text', reason);
    const again = await request(h.app).post(`/api/admin/fundraisers/${f.id}/reject`).set(as('admin')).send({ reason }).expect(409);
    assert.equal(again.body.code, 'fundraiser.reviewed');

    // A rejected one can still be approved; an approved one taken down.
    await request(h.app).post(`/api/admin/fundraisers/${f.id}/approve`).set(as('admin')).expect(200);
    await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200);
    await request(h.app).post(`/api/admin/fundraisers/${f.id}/reject`).set(as('admin')).send({ reason: 'Taken down at the school’s request.' }).expect(200);
    await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(404);
  });

  test('roles: an editor may approve, reject and edit; a treasurer reads only (403 auth.forbidden)', async () => {
    const f = await start('Cake stall');
    for (const [method, path, body] of [
      ['post', `/api/admin/fundraisers/${f.id}/approve`, {}],
      ['post', `/api/admin/fundraisers/${f.id}/reject`, { reason: 'Not this time.' }],
      ['put', `/api/admin/fundraisers/${f.id}`, { title: 'Treasurer title' }],
    ] as const) {
      const res = await request(h.app)[method](path).set(as('treasurer')).send(body).expect(403);
      assert.equal(res.body.code, 'auth.forbidden', `${method} ${path}`);
    }
    assert.equal((await list())[0]!.status, 'pending');
    await request(h.app).post(`/api/admin/fundraisers/${f.id}/approve`).set(as('editor')).expect(200);
    await request(h.app).put(`/api/admin/fundraisers/${f.id}`).set(as('editor')).send({ title: 'Cake stall at the market' }).expect(200);
    await request(h.app).post(`/api/admin/fundraisers/${f.id}/reject`).set(as('editor')).send({ reason: 'The market was cancelled.' }).expect(200);
    // Without credentials: 401.
    await request(h.app).get('/api/admin/fundraisers').expect(401);
  });

  test('edit: title, story, goal and last day; a bad goal or day is a 400 naming the field', async () => {
    const f = await start('Bike ride');
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await request(h.app).put(`/api/admin/fundraisers/${f.id}`).set(as('admin')).send(body).expect(400);
      assert.equal(res.body.code, 'validation');
      assert.ok(res.body.fields?.[field], `${JSON.stringify(body)}: ${field} named in ${JSON.stringify(res.body.fields)}`);
    };
    await bad({ goal: 'lots' }, 'goal');
    await bad({ goal: 0 }, 'goal');
    await bad({ goal: '12.345' }, 'goal');
    await bad({ goalKind: 'donors', goal: 2.5 }, 'goal');
    await bad({ endDate: '2020-01-01' }, 'endDate');
    await bad({ endDate: dayAhead(400) }, 'endDate');
    await bad({ title: 'x' }, 'title');
    await bad({ story: 'too short' }, 'story');
    const unchanged = (await list())[0]!;
    assert.deepEqual([unchanged.title, unchanged.goal], ['Bike ride', 50000]);

    const res = await request(h.app).put(`/api/admin/fundraisers/${f.id}`).set(as('admin')).send({ title: 'Bike ride to Lucerne', goal: '1200.50', endDate: dayAhead(10) }).expect(200);
    assert.deepEqual([res.body.title, res.body.goal, res.body.endDate, res.body.status], ['Bike ride to Lucerne', 120050, dayAhead(10), 'pending']);
    const donors = await request(h.app).put(`/api/admin/fundraisers/${f.id}`).set(as('admin')).send({ goalKind: 'donors', goal: '25' }).expect(200);
    assert.deepEqual([donors.body.goalKind, donors.body.goal], ['donors', 25]);
  });

  test('the admin page lists them without JavaScript, in both languages; the tab follows Donations', async () => {
    await start('Choir concert');
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.treasurer }).expect(303);
    const en = (await agent.get('/admin/fundraisers').expect(200)).text;
    assert.match(en, /id="tab-fundraisers"[^>]*aria-current="page"[^>]*>Fundraisers</);
    assert.match(en, /id="tab-donations"[\s\S]*id="tab-fundraisers"[\s\S]*id="tab-projects"/);
    assert.match(en, /Choir concert/);
    assert.match(en, /1 fundraiser waits for approval\./);
    const de = (await agent.get('/de/admin/fundraisers').expect(200)).text;
    assert.match(de, /id="tab-fundraisers"[^>]*>Spendenaktionen</);
    assert.match(de, /1 Spendenaktion wartet auf Freigabe\./);
    assert.match(de, /Ausstehend/);
  });
});

/** The mail's text is its words (`key` in locales/), and carries `expected`. */
function assertMailSays(h: AppHandle, text: string, key: string, expected: string): void {
  assert.ok(h.deps.i18n.en.exists(key), `${key} has words`);
  assert.ok(text.includes(expected), `the mail says ${JSON.stringify(expected)}: ${text}`);
}
