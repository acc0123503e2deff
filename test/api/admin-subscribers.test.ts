// The subscribers panel's API (Swiss FADP / EU GDPR): counts, filter and search, one person's
// consent record with its history, erasure on request (rows, history, deliveries, outbox copies;
// an audit entry without the address) and the CSV export in both languages (byte-order mark,
// separator, headers and values, Swiss time, quoting, formula injection).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { confirmSubscription, requestSubscription, unsubscribe } from '../../models/newsletter/subscriber';
import { listAudit } from '../../models/people/audit';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const BASE = '/api/admin/newsletter/subscribers';
const CONSENT = 'Yes, send me the newsletter. I can unsubscribe at any time.';

/** Subscribes through the model (the same path as the footer form), then confirms or leaves. */
async function addSubscriber(h: AppHandle, email: string, status: 'pending' | 'subscribed' | 'unsubscribed', language: 'en' | 'de' = 'en', form = 'footer'): Promise<number> {
  const db = h.deps.db;
  const r = await requestSubscription(db, { email, language, form, consentText: CONSENT });
  if (status !== 'pending') await confirmSubscription(db, r.confirmToken!);
  if (status === 'unsubscribed') await unsubscribe(db, r.subscriber.unsubscribeToken, 'unsubscribe-link');
  return r.subscriber.id;
}

/**
 * A tiny RFC 4180 reader for the export (quoted cells with separators, quotes and line breaks).
 * The file must start with the UTF-8 byte-order mark (Excel reads UTF-8 only then).
 */
function parseCsv(text: string, separator: ',' | ';' = ','): string[][] {
  assert.equal(text.charCodeAt(0), 0xfeff, 'the file starts with the byte-order mark');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = ''), i++;
    } else cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** The answer's body as text, exactly as sent (the byte-order mark included). */
const asText = (r: request.Response, cb: (err: Error | null, body: string) => void) => {
  let body = '';
  r.setEncoding('utf8');
  r.on('data', (c: string) => (body += c));
  r.on('end', () => cb(null, body));
};

describe('local mailing list', () => {
  let h: AppHandle;
  const ids: Record<string, number> = {};
  before(async () => {
    h = await testApp();
    ids.anna = await addSubscriber(h, 'anna@example.org', 'subscribed', 'en');
    ids.bruno = await addSubscriber(h, 'bruno@example.ch', 'subscribed', 'de');
    ids.carla = await addSubscriber(h, 'carla@example.org', 'pending', 'de', 'contact');
    ids.dario = await addSubscriber(h, 'dario_x@example.org', 'unsubscribed', 'en');
  });
  after(async () => {
    await h.close();
  });

  test('every subscribers endpoint needs an admin credential', async () => {
    for (const [method, path] of [
      ['get', BASE],
      ['get', `${BASE}.csv`],
      ['get', `${BASE}/1`],
      ['delete', `${BASE}/1`],
    ] as const) {
      const res = await request(h.app)[method](path);
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.ok(res.body.error);
      assert.equal((await request(h.app)[method](path).set('X-Admin-Key', 'wrong')).status, 401);
    }
    // A session without the CSRF token cannot erase anybody.
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: ADMIN['X-Admin-Key'] }).expect(200);
    await agent.get(BASE).expect(200);
    await agent.delete(`${BASE}/${ids.anna}`).expect(403);
    assert.equal((await h.deps.db('newsletter_subscribers').where({ id: ids.anna })).length, 1);
  });

  test('the list: counts, newest first, no tokens, not cached', async () => {
    const res = await request(h.app).get(BASE).set(ADMIN).expect(200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.body.provider, 'local');
    assert.deepEqual(res.body.counts, { pending: 1, subscribed: 2, unsubscribed: 1, byLanguage: { en: 2, de: 2 }, total: 4 });
    assert.equal(res.body.truncated, false);
    assert.equal(res.body.limit, 500);
    assert.deepEqual(
      res.body.subscribers.map((s: { email: string }) => s.email),
      ['dario_x@example.org', 'carla@example.org', 'bruno@example.ch', 'anna@example.org'],
    );
    const anna = res.body.subscribers.find((s: { email: string }) => s.email === 'anna@example.org');
    assert.deepEqual(Object.keys(anna).sort(), ['confirmedAt', 'consentAt', 'consentForm', 'consentSource', 'createdAt', 'email', 'id', 'language', 'status', 'suppressed', 'unsubscribedAt'].sort());
    assert.equal(anna.status, 'subscribed');
    assert.equal(anna.consentSource, 'double-opt-in');
    assert.equal(anna.consentForm, 'footer');
    assert.ok(anna.confirmedAt && anna.consentAt);
    assert.doesNotMatch(JSON.stringify(res.body), /token|hash/i);
  });

  test('filter by status, search by address', async () => {
    const emails = async (query: string) => (await request(h.app).get(`${BASE}${query}`).set(ADMIN).expect(200)).body.subscribers.map((s: { email: string }) => s.email);
    assert.deepEqual(await emails('?status=subscribed'), ['bruno@example.ch', 'anna@example.org']);
    assert.deepEqual(await emails('?status=pending'), ['carla@example.org']);
    assert.deepEqual(await emails('?status=unsubscribed'), ['dario_x@example.org']);
    assert.deepEqual(await emails('?status='), ['dario_x@example.org', 'carla@example.org', 'bruno@example.ch', 'anna@example.org']);
    assert.deepEqual(await emails('?q=EXAMPLE.CH'), ['bruno@example.ch']);
    assert.deepEqual(await emails('?q=a&status=subscribed'), ['bruno@example.ch', 'anna@example.org']);
    // % and _ are literal characters, not wildcards.
    assert.deepEqual(await emails('?q=o_x'), ['dario_x@example.org']);
    assert.deepEqual(await emails('?q=%25'), []);
    // The counts always describe the whole list.
    const res = await request(h.app).get(`${BASE}?status=pending`).set(ADMIN).expect(200);
    assert.equal(res.body.counts.total, 4);
  });

  test('bad filters are a 400, never a 500', async () => {
    for (const query of ['?status=confirmed', '?status=SUBSCRIBED', '?status=subscribed&status=pending', `?q=${'x'.repeat(300)}`, '?q=a&q=b']) {
      const res = await request(h.app).get(`${BASE}${query}`).set(ADMIN);
      assert.equal(res.status, 400, query);
      assert.ok(res.body.error, query);
      assert.equal((await request(h.app).get(`${BASE}.csv${query}`).set(ADMIN)).status, 400, `csv ${query}`);
    }
    const res = await request(h.app).get(`${BASE}?status=confirmed`).set(ADMIN);
    assert.match(res.body.error, /status must be pending, subscribed, unsubscribed or empty/);
  });

  test('details: the consent record and its history', async () => {
    const res = await request(h.app).get(`${BASE}/${ids.dario}`).set(ADMIN).expect(200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const { subscriber, events } = res.body;
    assert.equal(subscriber.email, 'dario_x@example.org');
    assert.equal(subscriber.status, 'unsubscribed');
    assert.equal(subscriber.consentText, CONSENT);
    assert.ok(subscriber.unsubscribedAt);
    assert.deepEqual(
      events.map((e: { event: string; method: string }) => `${e.event}/${e.method}`),
      ['requested/double-opt-in', 'confirmed/confirmation-link', 'unsubscribed/unsubscribe-link'],
    );
    assert.equal(events[0].form, 'footer');
    assert.equal(events[0].language, 'en');
    assert.equal(events[0].consentText, CONSENT);
    assert.ok(!Number.isNaN(Date.parse(events[0].createdAt)));
    assert.doesNotMatch(JSON.stringify(res.body), /token|hash/i);

    await request(h.app).get(`${BASE}/99999`).set(ADMIN).expect(404);
    await request(h.app).get(`${BASE}/abc`).set(ADMIN).expect(400);
  });

  test('CSV export in English: byte-order mark, commas, quoting, formula protection, Swiss time, attachment, no-store, filters', async () => {
    const db = h.deps.db;
    // Addresses cannot hold these, but the consent form name could come from an old import.
    await db('newsletter_subscribers').insert([
      { email: '=cmd@example.org', status: 'subscribed', language: 'en', consentForm: 'a "quoted", form; more', consentSource: '+SUM(A1)', unsubscribeToken: 'tok-1' },
      // Consent on 27 November 2026 at 14:05 in Lucerne (13:05 UTC, winter time), confirmed just
      // after midnight on 2 July in Swiss summer time (still 1 July in UTC).
      { email: 'minus@example.org', status: 'pending', language: 'de', consentForm: '@import', consentSource: '-1+1', consentAt: '2026-11-27T13:05:00.000Z', confirmedAt: '2026-07-01T22:30:00.000Z', unsubscribeToken: 'tok-2' },
    ]);
    const res = await request(h.app).get(`${BASE}.csv`).set(ADMIN).buffer(true).parse(asText);
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^text\/csv; charset=utf-8/);
    assert.match(res.headers['content-disposition'], /^attachment; filename="?newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"?$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const text = res.body as string;
    assert.doesNotMatch(text, /tok-1|tok-2/);
    assert.ok(text.includes('"a ""quoted"", form; more"'), 'quotes doubled inside a quoted cell');
    const rows = parseCsv(text);
    assert.deepEqual(rows[0], ['E-mail', 'Status', 'Language', 'Consent given (Swiss time)', 'Consent method', 'Form', 'Confirmed (Swiss time)', 'Unsubscribed (Swiss time)']);
    assert.equal(rows.length, 7);
    assert.ok(rows.every((r) => r.length === 8), 'eight cells in every row');
    const byEmail = new Map(rows.slice(1).map((r) => [r[0]!.replace(/^'/, ''), r]));
    assert.deepEqual(byEmail.get('=cmd@example.org')!.slice(0, 6), ["'=cmd@example.org", 'Subscribed', 'English', '', "'+SUM(A1)", 'a "quoted", form; more']);
    assert.deepEqual(byEmail.get('minus@example.org')!, ['minus@example.org', 'Pending', 'German', '2026-11-27 14:05', "'-1+1", "'@import", '2026-07-02 00:30', '']);
    const anna = byEmail.get('anna@example.org')!;
    assert.deepEqual(anna.slice(1, 3), ['Subscribed', 'English']);
    assert.equal(anna[4], 'double opt-in (confirmation e-mail)', 'the consent method in words');
    assert.match(anna[3]!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.match(anna[6]!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // No cell may start with a formula character.
    for (const cell of rows.slice(1).flat()) assert.doesNotMatch(cell, /^[=+\-@]/, cell);

    const pendingOnly = await request(h.app).get(`${BASE}.csv?status=pending`).set(ADMIN).buffer(true).parse(asText).expect(200);
    assert.deepEqual(
      parseCsv(pendingOnly.body as string).slice(1).map((r) => r[0]),
      ['minus@example.org', 'carla@example.org'],
    );
    const [exported] = await listAudit(db, { entity: 'subscribers', limit: 1 });
    assert.equal(exported!.action, 'export', 'who took a copy is in the activity log');
    assert.equal(exported!.summary, '2', 'how many rows, never an address');
    await db('newsletter_subscribers').whereIn('email', ['=cmd@example.org', 'minus@example.org']).del();
  });

  test("CSV export in German (the admin's lang=de): byte-order mark, semicolons, German headers and values, Swiss time, formula protection", async () => {
    const db = h.deps.db;
    await db('newsletter_subscribers').insert([
      { email: 'formel@example.org', status: 'subscribed', language: 'de', consentForm: 'Gärten; Bäume', consentSource: '=1+1', consentAt: '2026-11-27T13:05:00.000Z', unsubscribeToken: 'tok-3' },
    ]);
    const res = await request(h.app).get(`${BASE}.csv?lang=de&status=subscribed`).set(ADMIN).buffer(true).parse(asText).expect(200);
    assert.match(res.headers['content-type'], /^text\/csv; charset=utf-8/);
    const text = res.body as string;
    const rows = parseCsv(text, ';');
    assert.deepEqual(rows[0], ['E-Mail', 'Status', 'Sprache', 'Eingewilligt am (Schweizer Zeit)', 'Art der Einwilligung', 'Formular', 'Bestätigt am (Schweizer Zeit)', 'Abgemeldet am (Schweizer Zeit)']);
    assert.ok(rows.every((r) => r.length === 8), 'eight cells in every row, split at the semicolons');
    const byEmail = new Map(rows.slice(1).map((r) => [r[0]!, r]));
    assert.deepEqual(byEmail.get('formel@example.org')!.slice(0, 6), ['formel@example.org', 'Angemeldet', 'Deutsch', '27.11.2026 14:05', "'=1+1", 'Gärten; Bäume']);
    assert.ok(text.includes('"Gärten; Bäume"'), 'a cell with the separator is quoted');
    const anna = byEmail.get('anna@example.org')!;
    assert.deepEqual([anna[1], anna[2], anna[4]], ['Angemeldet', 'Englisch', 'Double-Opt-in (Bestätigungs-E-Mail)']);
    assert.match(anna[3]!, /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    for (const cell of rows.slice(1).flat()) assert.doesNotMatch(cell, /^[=+\-@]/, cell);
    // The bytes: EF BB BF first, then the umlauts in UTF-8.
    const raw = await request(h.app).get(`${BASE}.csv?lang=de`).set(ADMIN).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const bytes = raw.body as Buffer;
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.ok(bytes.includes(Buffer.from('Bestätigt', 'utf8')));
    // Only en and de.
    const unknown = await request(h.app).get(`${BASE}.csv?lang=fr`).set(ADMIN);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'bad_request');
    await db('newsletter_subscribers').where({ email: 'formel@example.org' }).del();
  });

  test('erasure removes the person, their history, deliveries and mail copies; the audit keeps no address', async () => {
    const db = h.deps.db;
    const id = ids.anna!;
    const [campaign] = await db('newsletter_campaigns').insert({ provider: 'local', subject: 'Hello', language: 'en', html: '<p>x</p>', textBody: 'x', status: 'sent' }, ['id']);
    const campaignId = typeof campaign === 'object' ? campaign.id : Number(campaign);
    await db('newsletter_deliveries').insert([
      { campaignId, subscriberId: id, status: 'sent' },
      { campaignId, subscriberId: ids.bruno, status: 'sent' },
    ]);
    await db('outbox').insert({ toAddress: 'anna@example.org', subject: 'Hello', textBody: 'x', transport: 'outbox' });
    assert.ok((await db('newsletter_consent_events').where({ subscriberId: id })).length >= 2);

    const res = await request(h.app).delete(`${BASE}/${id}`).set(ADMIN).expect(200);
    assert.deepEqual(res.body, { erased: true, id, consentEvents: 2, deliveries: 1, outboxMessages: 1 });

    assert.equal((await db('newsletter_subscribers').where({ id })).length, 0);
    assert.equal((await db('newsletter_subscribers').where({ email: 'anna@example.org' })).length, 0);
    assert.equal((await db('newsletter_consent_events').where({ subscriberId: id })).length, 0);
    assert.equal((await db('newsletter_deliveries').where({ subscriberId: id })).length, 0);
    assert.equal((await db('outbox').where({ toAddress: 'anna@example.org' })).length, 0);
    // Nobody else is touched.
    assert.equal((await db('newsletter_deliveries').where({ subscriberId: ids.bruno })).length, 1);
    assert.ok((await db('newsletter_consent_events').where({ subscriberId: ids.bruno })).length >= 2);

    const [entry] = await listAudit(db, { entity: 'subscriber', limit: 1 });
    assert.equal(entry!.action, 'erase');
    assert.equal(entry!.entityId, String(id));
    assert.equal(entry!.summary, `#${id}`);
    const everything = JSON.stringify(await db('audit_log').select('*'));
    assert.doesNotMatch(everything, /anna@example\.org/i, 'no audit entry holds the erased address');

    await request(h.app).get(`${BASE}/${id}`).set(ADMIN).expect(404);
    const again = await request(h.app).delete(`${BASE}/${id}`).set(ADMIN);
    assert.equal(again.status, 404);
    assert.equal(again.body.error, 'Subscriber not found');
    await request(h.app).delete(`${BASE}/0`).set(ADMIN).expect(400);

    const list = await request(h.app).get(BASE).set(ADMIN).expect(200);
    assert.equal(list.body.counts.subscribed, 1);
    assert.equal(list.body.counts.total, 3);
  });

  test('the list stops at 500 rows and says so', async () => {
    const db = h.deps.db;
    const rows = Array.from({ length: 501 }, (_, i) => ({ email: `bulk${i}@example.net`, status: 'subscribed', language: 'en', unsubscribeToken: `bulk-${i}` }));
    for (let i = 0; i < rows.length; i += 100) await db('newsletter_subscribers').insert(rows.slice(i, i + 100));
    const res = await request(h.app).get(BASE).set(ADMIN).expect(200);
    assert.equal(res.body.subscribers.length, 500);
    assert.equal(res.body.truncated, true);
    assert.equal(res.body.subscribers[0].email, 'bulk500@example.net', 'newest first');
    const narrowed = await request(h.app).get(`${BASE}?q=bulk50`).set(ADMIN).expect(200);
    assert.equal(narrowed.body.truncated, false);
    const csv = await request(h.app).get(`${BASE}.csv`).set(ADMIN).expect(200);
    assert.equal(parseCsv(csv.text).length, 1 + 501 + 3, 'the export is complete');
    await db('newsletter_subscribers').where('email', 'like', 'bulk%').del();
  });
});

describe('with Mailchimp configured', () => {
  let h: AppHandle;
  before(async () => {
    // Nothing listens here: a call to Mailchimp would fail the request.
    h = await testApp({ MAILCHIMP_API_KEY: 'x-us1', MAILCHIMP_SERVER_PREFIX: 'us1', MAILCHIMP_AUDIENCE_ID: 'aud1', MAILCHIMP_API_BASE: 'http://127.0.0.1:9' });
  });
  after(async () => {
    await h.close();
  });

  test('the panel says where the audience lives, and local rows from before stay erasable', async () => {
    const empty = await request(h.app).get(BASE).set(ADMIN).expect(200);
    assert.equal(empty.body.provider, 'mailchimp');
    assert.equal(empty.body.counts.total, 0);
    assert.deepEqual(empty.body.subscribers, []);

    const id = await addSubscriber(h, 'before-mailchimp@example.org', 'subscribed');
    const res = await request(h.app).get(BASE).set(ADMIN).expect(200);
    assert.equal(res.body.subscribers[0].email, 'before-mailchimp@example.org');
    await request(h.app).delete(`${BASE}/${id}`).set(ADMIN).expect(200);
    assert.equal((await h.deps.db('newsletter_subscribers')).length, 0);
  });
});
