// Supporters' fundraisers, on the server with the real `stripe` SDK against the
// fake Stripe API and its signed webhooks: starting one (the API and the form without JavaScript),
// approval and rejection by an admin with the owner's mails, the public page and JSON, gifts that
// count to the fundraiser and to its project (in its currency, only once Stripe confirms them, less
// refunds, covered fees left out), bank transfers with its reference, the owner's link, and a
// person's data. On SQLite and PostgreSQL, and on two instances.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';
import { outboxFor } from '../../models/providers/mail';
import { swissToday } from '../../models/shared/dates';
import { fundraiserReference, parseReference } from '../../models/giving/bank-reference';
import { formatReference } from '../../models/shared/qr-bill-rules';
import { erasePersonalData, personalDataOf } from '../../models/privacy/personal-data';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789' };
const ADMIN_KEYS = `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer`;
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

const inDays = (n: number) => {
  const d = new Date(`${swissToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A camt.054 of the site's account with one CHF credit per reference. */
function camt(credits: { amount: string; ref: string; id: string; ccy?: string }[]): string {
  const entries = credits
    .map(
      (c) =>
        `<Ntry><Amt Ccy="${c.ccy ?? 'CHF'}">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${swissToday()}</Dt></BookgDt><AcctSvcrRef>E-${c.id}</AcctSvcrRef><BkTxCd/><NtryDtls><TxDtls><Refs><AcctSvcrRef>${c.id}</AcctSvcrRef></Refs><Amt Ccy="${c.ccy ?? 'CHF'}">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>Hans Muster</Nm></Pty></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${c.ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N1</Id><Acct><Id><IBAN>CH5200000000012345678</IBAN></Id></Acct>${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}

describe('fundraisers (fake Stripe API, real SDK)', () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let server: http.Server;
  let projectId: number;
  let otherProjectId: number;
  let projectImage: string;

  const db = () => h.deps.db;
  const raisedCents = async (id: number) => Number((await db()('projects').where({ id }).first('raisedCents')).raisedCents);
  const valid = (over: Record<string, unknown> = {}) => ({
    projectId,
    title: "Anna's 40th birthday for the Nook",
    story: 'Instead of presents, I am asking my friends to give to the learning centre.\n\nEvery franc helps.',
    goal: 500,
    goalKind: 'amount',
    currency: 'chf',
    endDate: inDays(30),
    name: 'Anna Muster',
    email: 'Anna@Example.ch',
    language: 'de',
    ...over,
  });
  const start = (body: object) => request(h.app).post('/api/fundraisers').send(body);
  const approve = (id: number) => request(h.app).post(`/api/admin/fundraisers/${id}/approve`).set(as('editor'));
  const linkIn = (text: string, path: string) => {
    const found = new RegExp(`https?://\\S+${path}\\?token=([\\w-]+)`).exec(text);
    assert.ok(found, `no ${path} link in: ${text}`);
    return found[1]!;
  };

  async function confirmLikeStripeJs(clientSecret: string): Promise<string> {
    const id = clientSecret.split('_secret_')[0]!;
    const res = await fetch(`${fake.url}/v1/payment_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key: 'pk_test_x', client_secret: clientSecret, payment_method: 'pm_card_visa', return_url: 'http://localhost/checkout' }).toString(),
    });
    assert.equal(res.status, 200);
    await fake.settle();
    return String(((await res.json()) as { id: string }).id);
  }

  /** A started and approved fundraiser: its id, slug and the owner's current token. */
  async function approved(over: Record<string, unknown> = {}): Promise<{ id: number; slug: string; token: string }> {
    const email = String(over.email ?? `owner-${Math.random().toString(36).slice(2, 8)}@example.org`);
    const res = await start(valid({ ...over, email })).expect(201);
    await approve(res.body.id).expect(200);
    const [mail] = await outboxFor(db(), email);
    return { id: res.body.id, slug: res.body.slug, token: linkIn(mail!.textBody, '/fundraisers/manage') };
  }

  before(async () => {
    fake = await startFakeStripe();
    h = await testApp({ ...fake.env(), ADMIN_KEYS }, { worker: false });
    server = http.createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const projects = await db()('projects').where({ status: 'funding' }).orderBy('id').limit(2);
    projectId = projects[0].id;
    projectImage = projects[0].imageUrl;
    otherProjectId = projects[1].id;
  });
  after(async () => {
    await fake?.settle();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    // Each test from a fresh window of the limit (5 starts an hour per address; its own test below).
    await db()('rate_limits').delete();
    await fake.settle();
    fake.reset();
    fake.webhook = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`, secret: 'whsec_test' };
  });

  test('POST /api/fundraisers: 201 { id, slug, status: pending }; the owner gets the manage link, the team a note; nothing public yet', async () => {
    const res = await start(valid()).expect(201);
    assert.deepEqual(Object.keys(res.body).sort(), ['id', 'slug', 'status']);
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.slug, 'anna-s-40th-birthday-for-the-nook');
    const row = await db()('fundraisers').where({ id: res.body.id }).first();
    assert.equal(row.ownerEmail, 'anna@example.ch');
    assert.equal(Number(row.goal), 50000);
    assert.equal(row.currency, 'chf');
    assert.equal(row.manageTokenHash.length, 64, 'only the hash of the token is kept');
    const [mail] = await outboxFor(db(), 'anna@example.ch');
    assert.match(mail!.subject, /Spendenaktion/);
    assert.match(mail!.textBody, /\/de\/fundraisers\/manage\?token=/);
    assert.ok((await outboxFor(db(), h.deps.config.site.email)).some((m) => /waits for approval/.test(m.subject)));
    await request(h.app).get(`/api/fundraisers/${res.body.slug}`).expect(404);
    await request(h.app).get(`/fundraisers/${res.body.slug}`).expect(404);
    // The same title again: a slug of its own.
    const again = await start(valid()).expect(201);
    assert.equal(again.body.slug, 'anna-s-40th-birthday-for-the-nook-2');
  });

  test('at most 5 starts an hour from one address (refused ones count): then 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++) await start(valid({ goal: 'x' })).expect(400);
    const res = await start(valid()).expect(429);
    assert.equal(res.body.code, 'rate_limited');
    assert.match(res.body.error, /warten Sie eine Stunde/, 'in the language of the request');
  });

  test('bad input: 400 with the field named, nothing stored', async () => {
    const before = Number(((await db()('fundraisers').count({ n: '*' }).first()) as { n: unknown }).n);
    const cases: [Record<string, unknown>, string][] = [
      [{ goal: 'lots' }, 'goal'],
      [{ goal: 0.5 }, 'goal'],
      [{ goalKind: 'donors', goal: 2.5 }, 'goal'],
      [{ endDate: inDays(-1) }, 'endDate'],
      [{ endDate: inDays(400) }, 'endDate'],
      [{ endDate: '2027-02-30' }, 'endDate'],
      [{ projectId: 999999 }, 'projectId'],
      [{ imageUrl: 'https://elsewhere.example/cat.jpg' }, 'imageUrl'],
      [{ email: 'not-an-address' }, 'email'],
      [{ story: 'too short' }, 'story'],
      [{ title: '' }, 'title'],
      [{ currency: 'gbp' }, 'currency'],
      [{ name: '<script>' }, 'name'],
    ];
    for (const [over, field] of cases) {
      await db()('rate_limits').delete();
      const res = await start(valid(over)).expect(400);
      assert.equal(res.body.code, 'validation', JSON.stringify(over));
      assert.ok(res.body.fields?.[field], `${JSON.stringify(over)} names ${field}: ${JSON.stringify(res.body)}`);
    }
    assert.equal(Number(((await db()('fundraisers').count({ n: '*' }).first()) as { n: unknown }).n), before);
    // A photo the site offers is taken.
    await start(valid({ imageUrl: projectImage, goalKind: 'donors', goal: '40' })).expect(201);
  });

  test('approval by an admin: public page and JSON, a new manage link by mail (the first one stops working); a treasurer may not', async () => {
    const res = await start(valid({ email: 'bea@example.org', language: 'en', goalKind: 'donors', goal: 3 })).expect(201);
    const first = linkIn((await outboxFor(db(), 'bea@example.org'))[0]!.textBody, '/fundraisers/manage');
    await request(h.app).get(`/fundraisers/manage?token=${first}`).expect(200);
    await request(h.app).post(`/api/admin/fundraisers/${res.body.id}/approve`).set(as('treasurer')).expect(403);
    const ok = await approve(res.body.id).expect(200);
    assert.equal(ok.body.status, 'approved');
    await approve(res.body.id).expect(409);
    const mails = await outboxFor(db(), 'bea@example.org');
    assert.equal(mails.length, 2);
    assert.match(mails[0]!.subject, /online/);
    const second = linkIn(mails[0]!.textBody, '/fundraisers/manage');
    assert.notEqual(second, first);
    await request(h.app).get(`/fundraisers/manage?token=${first}`).expect(404);
    const manage = await request(h.app).get(`/fundraisers/manage?token=${second}`).expect(200);
    assert.match(String(manage.headers['cache-control']), /no-store/);
    assert.match(manage.text, /noindex/);

    const json = await request(h.app).get(`/api/fundraisers/${res.body.slug}`).expect(200);
    assert.equal(json.body.status, 'approved');
    assert.equal(json.body.goal, 3);
    assert.equal(json.body.goalKind, 'donors');
    assert.equal(json.body.raised, 0);
    assert.equal(json.body.donorCount, 0);
    assert.deepEqual(json.body.donors, []);
    assert.equal(json.body.bankReference, fundraiserReference(res.body.id));
    for (const key of ['id', 'slug', 'title', 'story', 'projectId', 'status', 'goal', 'goalKind', 'currency', 'raised', 'donorCount', 'donors']) assert.ok(key in json.body, key);
    assert.equal('ownerEmail' in json.body, false, 'the owner\'s address is not public');

    const page = await request(h.app).get(`/fundraisers/${res.body.slug}`).expect(200);
    assert.match(page.text, /Started by Anna Muster/);
    assert.match(page.text, /0 of 3 donors/);
    assert.ok(page.text.includes(formatReference(fundraiserReference(res.body.id))));
    const de = await request(h.app).get(`/de/fundraisers/${res.body.slug}`).expect(200);
    assert.match(de.text, /Gestartet von Anna Muster/);
    assert.match(de.text, /Für diese Aktion spenden/);
    // Listed on the project's page and in the sitemap.
    const project = await db()('projects').where({ id: projectId }).first('slug');
    assert.ok((await request(h.app).get(`/projects/${project.slug}`).expect(200)).text.includes(`/fundraisers/${res.body.slug}`));
    assert.ok((await request(h.app).get('/sitemap.xml').expect(200)).text.includes(`/fundraisers/${res.body.slug}`));
    // Its QR-bill names it.
    const bill = await request(h.app).get(`/qr-bill.svg?fundraiser=${res.body.slug}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    assert.equal(bill.status, 200);
    assert.ok((bill.body as Buffer).toString('utf8').includes(formatReference(fundraiserReference(res.body.id))));
  });

  test('rejection with a reason: mailed to the owner, never public; without a reason 400', async () => {
    const res = await start(valid({ email: 'cleo@example.org', language: 'en' })).expect(201);
    const bad = await request(h.app).post(`/api/admin/fundraisers/${res.body.id}/reject`).set(as('editor')).send({ reason: '' }).expect(400);
    assert.ok(bad.body.fields.reason);
    await request(h.app).post(`/api/admin/fundraisers/${res.body.id}/reject`).set(as('editor')).send({ reason: 'Please name the project you raise money for in the story.' }).expect(200);
    await request(h.app).post(`/api/admin/fundraisers/${res.body.id}/reject`).set(as('editor')).send({ reason: 'again' }).expect(409);
    const [mail] = await outboxFor(db(), 'cleo@example.org');
    assert.match(mail!.textBody, /Please name the project you raise money for/);
    await request(h.app).get(`/api/fundraisers/${res.body.slug}`).expect(404);
    await request(h.app).get(`/qr-bill.svg?fundraiser=${res.body.slug}`).expect(404);
    await request(h.app).post('/api/create-payment-intent').send({ amount: 10, fundraiserId: res.body.id }).expect(400);
    // The audit log names who did it.
    const audit = await db()('audit_log').where({ entity: 'fundraiser', entityId: String(res.body.id) }).select('action', 'actorName');
    assert.deepEqual(audit.map((a: { action: string }) => a.action), ['reject']);
  });

  test('a gift through a fundraiser: its project and currency; counted once Stripe confirms it, covered fee and refunds left out', async () => {
    const f = await approved({ currency: 'eur', goal: 1000 });
    // Another project or currency is refused, not silently changed.
    const other = await request(h.app).post('/api/create-payment-intent').send({ amount: 50, fundraiserId: f.id, projectId: otherProjectId }).expect(400);
    assert.ok(other.body.fields.projectId);
    const wrong = await request(h.app).post('/api/create-payment-intent').send({ amount: 50, fundraiserId: f.id, currency: 'chf' }).expect(400);
    assert.ok(wrong.body.fields.currency);
    await request(h.app).post('/api/create-payment-intent').send({ amount: 50, fundraiserId: f.id, paymentMethod: 'twint' }).expect(400);
    await request(h.app).post('/api/create-payment-intent').send({ amount: 50, fundraiserId: 999999 }).expect(400);

    const before = await raisedCents(projectId);
    const started = await request(h.app).post('/api/create-payment-intent').send({ amount: 100, fundraiserId: f.id, coverFees: true, language: 'de' }).expect(200);
    const intent = fake.intents.get(started.body.clientSecret.split('_secret_')[0]!)!;
    assert.equal(intent.currency, 'eur');
    assert.equal(intent.metadata.projectId, String(projectId));
    assert.equal(intent.metadata.fundraiserId, String(f.id));
    // Not confirmed: nothing counts yet.
    assert.equal((await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200)).body.raised, 0);
    await request(h.app).post('/api/payment-details').send({ clientSecret: started.body.clientSecret, email: 'giver@example.org', publicName: 'Giver G.' }).expect(200);
    const piId = await confirmLikeStripeJs(started.body.clientSecret);
    // A second gift, anonymous, from another donor; and the same webhook replayed.
    const second = await request(h.app).post('/api/create-payment-intent').send({ amount: 25.5, fundraiserId: f.id }).expect(200);
    await request(h.app).post('/api/payment-details').send({ clientSecret: second.body.clientSecret, email: 'quiet@example.org' }).expect(200);
    await confirmLikeStripeJs(second.body.clientSecret);
    await fake.deliver('payment_intent.succeeded', fake.intents.get(piId)!);

    const json = (await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200)).body;
    assert.equal(json.raised, 125.5, 'the gifts in full, without the covered fee');
    assert.equal(json.donorCount, 2);
    assert.deepEqual(json.donors, [{ name: 'Giver G.' }]);
    assert.ok((await raisedCents(projectId)) > before, 'the project counts the gifts too');
    assert.deepEqual(await checkLedger(db()), []);
    const donation = await db()('donations').where({ paymentIntentId: piId }).first();
    assert.equal(Number(donation.fundraiserId), f.id);

    // A refund takes its share back from the fundraiser too.
    fake.refund(fake.chargeOf(second.body.clientSecret.split('_secret_')[0]!).id);
    await fake.deliver('charge.refunded', fake.chargeOf(second.body.clientSecret.split('_secret_')[0]!));
    const after = (await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200)).body;
    assert.equal(after.raised, 100);
    assert.equal(after.donorCount, 1);

    // The owner sees who gave: the chosen name or "Anonymous", never an address.
    const manage = await request(h.app).get(`/fundraisers/manage?token=${f.token}`).expect(200);
    assert.match(manage.text, /Giver G\./);
    assert.ok(!manage.text.includes('giver@example.org'));
    // The checkout for it: its currency only, its project.
    const checkout = await request(h.app).get(`/checkout?fundraiser=${f.slug}`).set('Accept', 'application/json').expect(200);
    const props = checkout.body.props ?? checkout.body;
    assert.equal(JSON.stringify(props).includes(`"fundraiser":{"id":${f.id}`), true);
  });

  test('an ended fundraiser takes no gifts (409) and its page says so', async () => {
    const f = await approved();
    await db()('fundraisers').where({ id: f.id }).update({ endDate: inDays(-1) });
    const res = await request(h.app).post('/api/create-payment-intent').send({ amount: 10, fundraiserId: f.id }).expect(409);
    assert.equal(res.body.code, 'fundraiser.closed');
    const page = await request(h.app).get(`/fundraisers/${f.slug}`).expect(200);
    assert.match(page.text, /This fundraiser ended on/);
    assert.ok(!page.text.includes(`/checkout?fundraiser=${f.slug}`));
  });

  test("a bank transfer with the fundraiser's reference counts to it and its project; an unknown one waits for a person", async () => {
    const f = await approved({ currency: 'chf' });
    const before = await raisedCents(projectId);
    const file = camt([
      { amount: '40.00', ref: fundraiserReference(f.id), id: `FR-${f.id}-1` },
      { amount: '5.00', ref: fundraiserReference(999999), id: `FR-${f.id}-2` },
    ]);
    const res = await request(h.app).post('/api/admin/bank-imports').set(as('treasurer')).attach('file', Buffer.from(file), { filename: 'camt054.xml', contentType: 'application/xml' }).expect(200);
    assert.equal(res.body.credited, 1);
    assert.equal(res.body.unmatched, 1);
    assert.equal(res.body.items[1].reason, 'unknown_fundraiser');
    assert.deepEqual(parseReference(fundraiserReference(f.id)), { kind: 'fundraiser', fundraiserId: f.id });
    const json = (await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200)).body;
    assert.equal(json.raised, 40);
    assert.equal(json.donorCount, 1);
    assert.equal(res.body.items[0].projectId, projectId);
    // The project counts it in USD at the last CHF rate Stripe settled (none here: recorded, not yet counted), never twice.
    assert.ok((await raisedCents(projectId)) >= before);
    await request(h.app).post('/api/admin/bank-imports').set(as('treasurer')).attach('file', Buffer.from(file), { filename: 'camt054.xml', contentType: 'application/xml' }).expect(200);
    assert.equal((await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200)).body.raised, 40, 'the same file twice changes nothing');
  });

  test("the owner's page: edit the story, post an update (public at once), only from our own page", async () => {
    const f = await approved({ language: 'en' });
    const page = await request(h.app).get(`/fundraisers/manage?token=${f.token}`).expect(200);
    assert.match(page.text, /Post an update/);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (body: Record<string, string>, o = origin) => request(server).post('/fundraisers/manage').set('Origin', o).type('form').send({ token: f.token, ...body });
    await post({ action: 'story', title: 'A new title', story: 'x' }).expect(400);
    await post({ action: 'story', title: 'A new title for the run', story: 'We run 10 km along the lake for the Nook, every kilometre counts.' }).expect(303);
    await post({ action: 'update', body: 'Half-way there: thank you all!' }).expect(303);
    await post({ action: 'update', body: 'From elsewhere' }, 'https://evil.example').expect(403);
    await request(h.app).post('/fundraisers/manage').type('form').send({ token: 'A'.repeat(32), action: 'update', body: 'x' }).expect(404);
    const json = (await request(h.app).get(`/api/fundraisers/${f.slug}`).expect(200)).body;
    assert.equal(json.title, 'A new title for the run');
    assert.deepEqual(json.updates.map((u: { body: string }) => u.body), ['Half-way there: thank you all!']);
    assert.match((await request(h.app).get(`/fundraisers/${f.slug}`).expect(200)).text, /Half-way there/);
  });

  test('the form without JavaScript: refused fields shown again with their values; sent, a thank-you', async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const form = { projectId: String(projectId), title: 'Bake sale', story: 'short', goalKind: 'amount', goal: '300', currency: 'chf', endDate: inDays(10), name: 'Dora', email: 'dora@example.ch', imageUrl: '' };
    const bad = await request(server).post('/de/fundraisers/new').set('Origin', origin).type('form').send(form).expect(400);
    assert.match(bad.text, /Bitte erzählen Sie Ihre Geschichte/);
    assert.match(bad.text, /value="Bake sale"/);
    const ok = await request(server).post('/de/fundraisers/new').set('Origin', origin).type('form').send({ ...form, story: 'Our class bakes for the Nook every Friday in December.' }).expect(303);
    assert.equal(ok.headers.location, '/de/fundraisers/new?sent=1');
    const row = await db()('fundraisers').where({ ownerEmail: 'dora@example.ch' }).first();
    assert.equal(row.lang, 'de');
    assert.equal(row.status, 'pending');
    assert.match((await request(h.app).get('/de/fundraisers/new?sent=1').expect(200)).text, /Danke! Ihre Spendenaktion ist bei uns/);
  });

  test("a person's data: the access report lists their fundraisers; erasure keeps the page without their name and ends the link", async () => {
    const f = await approved({ name: 'Erika Beispiel', email: 'erika@example.org' });
    assert.deepEqual((await personalDataOf(db(), 'erika@example.org')).fundraisers.map((x) => x.slug), [f.slug]);
    await erasePersonalData(db(), 'erika@example.org', 'secret');
    await request(h.app).get(`/fundraisers/manage?token=${f.token}`).expect(404);
    const page = await request(h.app).get(`/fundraisers/${f.slug}`).expect(200);
    assert.ok(!page.text.includes('Erika Beispiel'));
    assert.match(page.text, /Started by a supporter/);
  });
});

describe('fundraisers on two instances', () => {
  test('approved on one instance, public on the other at once (the cached 404 does not stay)', async () => {
    const { a, b, close } = await twoInstances('fundraisers', { ADMIN_KEYS });
    try {
      const project = await a.deps.db('projects').where({ status: 'funding' }).orderBy('id').first('id');
      const res = await request(a.app).post('/api/fundraisers').send({ projectId: project.id, title: 'Two instances run', story: 'A story long enough to be told on two servers.', goal: 100, currency: 'usd', endDate: inDays(5), name: 'Ivo', email: 'ivo@example.org' }).expect(201);
      await request(b.app).get(`/fundraisers/${res.body.slug}`).expect(404);
      await request(a.app).post(`/api/admin/fundraisers/${res.body.id}/approve`).set(as('editor')).expect(200);
      await request(b.app).get(`/fundraisers/${res.body.slug}`).expect(200);
      // Two approvals at once, one on each instance: one wins, one mail.
      const other = await request(a.app).post('/api/fundraisers').send({ projectId: project.id, title: 'Race', story: 'Two admins press the same button at once.', goal: 100, currency: 'usd', endDate: inDays(5), name: 'Ria', email: 'ria@example.org' }).expect(201);
      const results = await Promise.all([a, b].map((x) => request(x.app).post(`/api/admin/fundraisers/${other.body.id}/approve`).set(as('editor'))));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
      assert.equal((await outboxFor(a.deps.db, 'ria@example.org')).filter((m) => /online/.test(m.subject)).length, 1);
    } finally {
      await close();
    }
  });
});
