// Gifts outside the website (models/giving/offline.ts, controllers/admin/offline.ts): recorded by a
// treasurer, valued and credited to the project, the receipt in the donor's language through the
// durable mail job (a local SMTP), reversed once by a reversing entry (never counted again), the
// donor's details afterwards (the receipt then, once), a certificate as PDF for a donor without an
// address, and the dashboard and the public impact report counting them in a CHF book. Both databases.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { Knex } from 'knex';
import { pdfToText, testApp, until } from '../helpers';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp';
import type { AppHandle } from '../../app';
import { checkLedger } from '../../models/content/ledger';
import { recordRates } from '../../models/giving/books';
import { importCredits } from '../../models/giving/bank-import';
import { erasePersonalData, personalDataOf } from '../../models/privacy/personal-data';
import { swissToday } from '../../models/shared/dates';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { createI18n } from '../../views/i18n';
import type { TFunction } from '../../views/translate';
import { activitySentence } from '../../views/admin/lib/activity-text';

const tOf = (lang: 'en' | 'de'): TFunction => {
  const i18n = createI18n(lang, { en, de });
  return i18n.t.bind(i18n) as unknown as TFunction;
};
/** The Activity panel's sentence of an audit row, in a language. */
const sentence = (row: Record<string, unknown>, lang: 'en' | 'de') =>
  activitySentence(tOf(lang), lang, { actor: String(row.actor), actorName: (row.actorName as string | null) ?? null, action: String(row.action), entity: String(row.entity), summary: (row.summary as string | null) ?? null, details: typeof row.details === 'string' ? JSON.parse(row.details) : (row.details as never) });

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ADMIN_KEYS = `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>`;
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });
const raised = async (db: Knex, id: number) => Number((await db('projects').where({ id }).first('raisedCents')).raisedCents);
const today = swissToday();
const YEAR = Number(today.slice(0, 4));

describe('gifts outside the website (BOOK_CURRENCY=chf)', () => {
  let h: AppHandle;
  let smtp: FakeSmtp;
  let projectId: number;
  before(async () => {
    smtp = await startFakeSmtp();
    h = await testApp({ BOOK_CURRENCY: 'chf', ADMIN_KEYS, SMTP_URL: smtp.url, PUBLIC_URL: 'https://charity.example', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    projectId = Number((await h.deps.db('projects').where({ status: 'funding' }).whereNull('deletedAt').orderBy('id').first('id')).id);
    // One US dollar is worth CHF 0.80 (from long before): a CHF gift counts for 1.25 times its francs in dollars.
    await recordRates(h.deps.db, [{ day: '2020-01-01', currency: 'usd', rate: '0.8', source: 'treasurer' }], 'chf', 'test');
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  const post = (role: keyof typeof KEYS, body: object) => request(h.app).post('/api/admin/donations/offline').set(as(role)).send(body);

  test('roles and validation: editors 403; bad input 400 with per-field errors; nothing stored', async () => {
    const db = h.deps.db;
    const before = Number(((await db('donations').count({ n: '*' }).first()) as { n: unknown }).n);
    await post('editor', { amount: '50', currency: 'chf', date: today, method: 'cash' }).expect(403);
    await request(h.app).post('/api/admin/donations/offline').send({ amount: '50' }).expect(401);
    for (const [body, field] of [
      [{ currency: 'chf', date: today, method: 'cash' }, 'amount'],
      [{ amount: '0', currency: 'chf', date: today, method: 'cash' }, 'amount'],
      [{ amount: 'abc', currency: 'chf', date: today, method: 'cash' }, 'amount'],
      [{ amount: '50', currency: 'gbp', date: today, method: 'cash' }, 'currency'],
      [{ amount: '50', currency: 'chf', date: '2026-02-30', method: 'cash' }, 'date'],
      [{ amount: '50', currency: 'chf', date: '2999-01-01', method: 'cash' }, 'date'],
      [{ amount: '50', currency: 'chf', date: today, method: 'gold' }, 'method'],
      [{ amount: '50', currency: 'chf', date: today, method: 'cash', projectId: 999999 }, 'projectId'],
      [{ amount: '50', currency: 'chf', date: today, method: 'cash', donorEmail: 'not-an-address' }, 'donorEmail'],
      [{ amount: '50', currency: 'chf', date: today, method: 'cash', language: 'fr' }, 'language'],
    ] as const) {
      const res = await post('treasurer', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'validation');
      assert.ok(typeof res.body.error === 'string' && res.body.error.length > 0);
      assert.ok(res.body.fieldErrors?.[field], `${field}: ${JSON.stringify(res.body)}`);
    }
    assert.equal(Number(((await db('donations').count({ n: '*' }).first()) as { n: unknown }).n), before);
  });

  let cashId: number;
  test('a cash gift in francs: 201 { id, reference }, valued, credited to the project, the receipt in German, in the list and the CSV', async () => {
    const db = h.deps.db;
    const start = await raised(db, projectId);
    const res = await post('treasurer', { amount: '200', currency: 'chf', date: today, method: 'cash', projectId, donorName: 'Vreni Muster', donorEmail: 'Vreni@Example.org', donorAddress: 'Dorfstrasse 1, 6000 Luzern', note: 'Basar', language: 'de' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.reference, new RegExp(`^D-${YEAR}-\\d{6}$`));
    cashId = res.body.id;
    const row = await db('donations').where({ id: cashId }).first();
    assert.deepEqual(
      [row.kind, row.status, row.offlineMethod, row.note, row.donorAddress, row.donorEmail, row.language, Number(row.bookCents), row.bookRateSource, Number(row.usdCents)],
      ['offline', 'succeeded', 'cash', 'Basar', 'Dorfstrasse 1, 6000 Luzern', 'vreni@example.org', 'de', 20000, 'same', 25000],
    );
    assert.equal(await raised(db, projectId), start + 25000, 'CHF 200 at USD 0.80: USD 250 in the project total');
    assert.deepEqual(await checkLedger(db), []);
    await until(() => smtp.to('vreni@example.org').length > 0, 'the receipt mail');
    const mail = smtp.to('vreni@example.org')[0]!;
    assert.match(mail.subject, /Quittung|Spendenquittung/i, mail.subject);
    assert.match(mail.text, /ausserhalb der Website/);
    assert.match(mail.text, /CHF\s*200/);
    // The Donations list and its CSV show it, with its method.
    assert.ok(row.recordedBy, 'who recorded it');
    const list = await request(h.app).get('/api/admin/donations?kind=offline').set(as('treasurer')).expect(200);
    assert.equal(list.body.rows[0].id, cashId);
    assert.equal(list.body.rows[0].method, 'cash');
    assert.equal(list.body.rows[0].kind, 'offline');
    const csv = await request(h.app).get('/api/admin/donations.csv?kind=offline&lang=de').set(as('treasurer')).expect(200);
    assert.match(csv.text, /Bargeld/);
    assert.match(csv.text, /Ausserhalb der Website/);
    // Audited, and the activity line reads in both languages.
    const audit = await db('audit_log').where({ entity: 'offline_gift', action: 'create' }).first();
    assert.ok(audit, 'audited');
    assert.match(sentence(audit, 'en'), /recorded a gift of CHF\s?200\.00 \(Cash, D-\d{4}-\d{6}\) for the project/);
    assert.match(sentence(audit, 'de'), /hat eine Spende von CHF\s?200\.00 erfasst \(Bargeld, D-\d{4}-\d{6}\) für das Projekt/);
  });

  test('the language defaults to the admin\'s interface language; without an address no mail', async () => {
    const res = await request(h.app).post('/api/admin/donations/offline?lang=de').set(as('admin')).send({ amount: '30', currency: 'chf', date: today, method: 'cheque' });
    assert.equal(res.status, 201);
    const row = await h.deps.db('donations').where({ id: res.body.id }).first();
    assert.deepEqual([row.language, row.projectId, row.offlineMethod], ['de', null, 'cheque']);
  });

  test('reversing: a reversal row and ledger row take the credit back; twice is 409; no longer counted anywhere', async () => {
    const db = h.deps.db;
    const before = await raised(db, projectId);
    await request(h.app).post(`/api/admin/donations/${cashId}/reverse`).set(as('editor')).send({ reason: 'x' }).expect(403);
    const noReason = await request(h.app).post(`/api/admin/donations/${cashId}/reverse`).set(as('treasurer')).send({});
    assert.equal(noReason.status, 400);
    assert.ok(noReason.body.fieldErrors?.reason);
    const res = await request(h.app).post(`/api/admin/donations/${cashId}/reverse`).set(as('treasurer')).send({ reason: 'Counted twice' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.reverses, cashId);
    assert.equal(res.body.takenBackCents, 25000);
    assert.equal(await raised(db, projectId), before - 25000);
    const reversal = await db('donations').where({ reversesId: cashId }).first();
    assert.deepEqual([reversal.status, Number(reversal.amountCents), Number(reversal.usdCents), Number(reversal.bookCents), reversal.note], ['reversal', -20000, -25000, -20000, 'Counted twice']);
    const ledger = await db('project_ledger').where({ donationId: reversal.id }).first();
    assert.deepEqual([ledger.kind, Number(ledger.amountCents)], ['reversal', -25000]);
    assert.deepEqual(await checkLedger(db), []);
    const again = await request(h.app).post(`/api/admin/donations/${cashId}/reverse`).set(as('treasurer')).send({ reason: 'Again' });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'gift.already_reversed');
    // A reversal is not itself reversible; a card gift neither; an unknown gift 404.
    assert.equal((await request(h.app).post(`/api/admin/donations/${reversal.id}/reverse`).set(as('treasurer')).send({ reason: 'x' })).status, 409);
    assert.equal((await request(h.app).post('/api/admin/donations/99999999/reverse').set(as('treasurer')).send({ reason: 'x' })).status, 404);
    // The certificate no longer counts it (no gifts left for her this year).
    const pdf = await request(h.app).get(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=vreni@example.org`).set(as('treasurer'));
    assert.equal(pdf.status, 404);
    const audit = await db('audit_log').where({ entity: 'offline_gift', action: 'reverse' }).first();
    assert.ok(audit);
    assert.match(sentence(audit, 'en'), /reversed the gift D-\d{4}-\d{6} \(CHF\s?200\.00\): .Counted twice./);
    assert.match(sentence(audit, 'de'), /hat die Spende D-\d{4}-\d{6} storniert \(CHF\s?200\.00\): .Counted twice./);
    const activity = await request(h.app).get('/api/admin/audit?kind=donations').set(as('admin')).expect(200);
    assert.ok(JSON.stringify(activity.body).includes('offline_gift'));
  });

  test('donor details afterwards: the first address brings the receipt once, in the language given; the certificate follows', async () => {
    const db = h.deps.db;
    const res = await post('treasurer', { amount: '80', currency: 'chf', date: today, method: 'bank', projectId });
    assert.equal(res.status, 201);
    const id = res.body.id;
    await request(h.app).put(`/api/admin/donations/${id}/donor`).set(as('editor')).send({ donorName: 'x' }).expect(403);
    assert.equal((await request(h.app).put(`/api/admin/donations/${id}/donor`).set(as('treasurer')).send({})).status, 400);
    assert.equal((await request(h.app).put(`/api/admin/donations/${id}/donor`).set(as('treasurer')).send({ donorEmail: 'nope' })).status, 400);
    const set = await request(h.app).put(`/api/admin/donations/${id}/donor`).set(as('treasurer')).send({ donorName: 'Hans Muster', donorEmail: 'hans@example.org', donorAddress: 'Bahnhofstrasse 2, 8000 Zürich', language: 'de' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.receiptQueued, true);
    await until(() => smtp.to('hans@example.org').length > 0, 'the receipt after the details');
    // Saved again: no second receipt.
    const again = await request(h.app).put(`/api/admin/donations/${id}/donor`).set(as('treasurer')).send({ donorName: 'Hans R. Muster' });
    assert.equal(again.body.receiptQueued, false);
    const row = await db('donations').where({ id }).first();
    assert.ok(row.receiptSentAt, 'the receipt is claimed');
    assert.equal(smtp.to('hans@example.org').length, 1, 'one receipt');
    assert.match(smtp.to('hans@example.org')[0]!.text, /Überweisung|Spende/);
    // The certificate of the year: in German, with the gift.
    const pdf = await request(h.app).get(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=${id}`).set(as('treasurer')).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const text = pdfToText(pdf.body as Buffer);
    assert.match(text, /Spendenbescheinigung/);
    assert.match(text, /Hans R\. Muster/);
    // Erased with the donor's data: the gift stays for the books, without name and postal address.
    // The person's data (the right of access) names the postal address, before it goes with the rest.
    assert.deepEqual((await personalDataOf(db, 'hans@example.org')).gifts.map((g) => g.address), ['Bahnhofstrasse 2, 8000 Zürich']);
    await erasePersonalData(db, 'hans@example.org', 'test-secret');
    const erased = await db('donations').where({ id }).first('donorName', 'donorAddress', 'donorEmail', 'amountCents');
    assert.deepEqual([erased.donorName, erased.donorAddress, Number(erased.amountCents)], [null, null, 8000]);
    assert.notEqual(erased.donorEmail, 'hans@example.org');
  });

  test('a certificate as PDF for a donor without an e-mail address, by name; the bank credit assignment unchanged', async () => {
    const a = await post('treasurer', { amount: '50', currency: 'chf', date: today, method: 'cash', projectId, donorName: 'Erika Beispiel', donorAddress: 'Seeweg 3, 3000 Bern', language: 'en' });
    const b = await post('treasurer', { amount: '25', currency: 'eur', date: today, method: 'cheque', donorName: 'erika beispiel' });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    const read = (url: string) =>
      request(h.app).get(url).set(as('treasurer')).buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const byName = await read(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=${encodeURIComponent('Erika Beispiel')}&lang=en`);
    assert.equal(byName.status, 200);
    const text = pdfToText(byName.body as Buffer);
    assert.match(text, /Seeweg 3, 3000 Bern/);
    assert.match(text, /CHF/);
    assert.match(text, /EUR/);
    const byGift = await read(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=${a.body.id}`);
    assert.equal(byGift.status, 200);
    const byReference = await read(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=${a.body.reference}&lang=de`);
    assert.equal(byReference.status, 200);
    assert.match(pdfToText(byReference.body as Buffer), /Spendenbescheinigung/);
    assert.equal((await request(h.app).get(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=Nobody%20Here`).set(as('treasurer'))).status, 404);
    assert.equal((await request(h.app).get(`/api/admin/donations/certificates/pdf?year=x&donor=1`).set(as('treasurer'))).status, 400);
    assert.equal((await request(h.app).get(`/api/admin/donations/certificates/pdf?year=${YEAR}`).set(as('treasurer'))).status, 400);
    assert.equal((await request(h.app).get(`/api/admin/donations/certificates/pdf?year=${YEAR}&donor=1`).set(as('editor'))).status, 403);
  });

  test('a gift in a currency without a rate yet: recorded, credited once the rate comes; two reversals at once: one wins', async () => {
    const db = h.deps.db;
    const start = await raised(db, projectId);
    const res = await post('treasurer', { amount: '100', currency: 'eur', date: today, method: 'other', projectId });
    assert.equal(res.status, 201);
    assert.equal(res.body.usdCents, null, 'no EUR rate in the CHF books yet');
    assert.equal(await raised(db, projectId), start, 'nothing credited yet, nothing credited wrongly');
    const rate = await request(h.app).post('/api/admin/exchange-rates').set(as('treasurer')).send({ date: today, currency: 'eur', rate: '0.96' });
    assert.equal(rate.status, 201, JSON.stringify(rate.body));
    const gift = await db('donations').where({ id: res.body.id }).first();
    assert.deepEqual([Number(gift.bookCents), Number(gift.usdCents)], [9600, 12000], 'EUR 100 at 0.96: CHF 96, USD 120');
    assert.equal(await raised(db, projectId), start + 12000);
    const both = await Promise.all([1, 2].map(() => request(h.app).post(`/api/admin/donations/${res.body.id}/reverse`).set(as('treasurer')).send({ reason: 'Twice at once' })));
    assert.deepEqual(both.map((r) => r.status).sort(), [201, 409]);
    assert.equal(await raised(db, projectId), start);
    assert.equal(Number(((await db('donations').where({ reversesId: res.body.id }).count({ n: '*' }).first()) as { n: unknown }).n), 1);
    assert.deepEqual(await checkLedger(db), []);
  });

  test('a bank credit assigned from the German admin: the receipt in German; then reversed like an offline gift', async () => {
    const db = h.deps.db;
    const result = await importCredits(db, [{ key: 'offline-test-1', reference: null, amountCents: 4000, amountText: '40.00', currency: 'chf', date: today, debtorName: 'Anna Sender', bankRef: 'X-1' }], { actor: 'test', fileName: null }, { book: 'chf' });
    assert.equal(result.unmatched, 1);
    const credit = (await db('bank_credits').where({ creditKey: 'offline-test-1' }).first('id')) as { id: number };
    const start = await raised(db, projectId);
    const res = await request(h.app).post(`/api/admin/bank-imports/unmatched/${credit.id}/assign`).set(as('treasurer')).set('Referer', 'https://charity.example/de/admin/donations').send({ projectId, email: 'anna@example.org' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const gift = await db('donations').where({ id: res.body.donationId }).first('language', 'kind');
    assert.deepEqual([gift.kind, gift.language], ['bank', 'de']);
    await until(() => smtp.to('anna@example.org').length > 0, 'the receipt of the bank gift');
    assert.match(smtp.to('anna@example.org')[0]!.text, /Banküberweisung/);
    assert.equal(await raised(db, projectId), start + 5000);
    const rev = await request(h.app).post(`/api/admin/donations/${res.body.donationId}/reverse`).set(as('treasurer')).send({ reason: 'Wrong project' });
    assert.equal(rev.status, 201);
    assert.equal(await raised(db, projectId), start);
    assert.deepEqual(await checkLedger(db), []);
  });

  test('the dashboard and the impact report count them: cash and cheque by method, never "$0 given"', async () => {
    const dash = await request(h.app).get(`/api/admin/dashboard?from=${YEAR}-01-01&to=${today}`).set(as('treasurer'));
    assert.equal(dash.status, 200, JSON.stringify(dash.body).slice(0, 300));
    const d = dash.body.data;
    const offline = d.byKind.find((k: { kind: string }) => k.kind === 'offline');
    assert.ok(offline.gifts >= 4, JSON.stringify(d.byKind));
    assert.ok(offline.usdCents > 0);
    const methods = Object.fromEntries(d.byMethod.map((m: { method: string; gifts: number }) => [m.method, m.gifts]));
    assert.ok(methods.cash >= 1 && methods.cheque >= 1, JSON.stringify(d.byMethod));
    const json = await request(h.app).get(`/impact/${YEAR}`).set('Accept', 'application/json').expect(200);
    const report = json.body;
    const find = (o: any): any => (o && typeof o === "object" ? (o.moneyIn ? o : Object.values(o).map(find).find(Boolean)) : undefined);
    assert.ok(find(report), JSON.stringify(json.body).slice(0, 300));
    const moneyIn = find(report).moneyIn;
    assert.ok(moneyIn.usdCents > 0, JSON.stringify(moneyIn));
    const html = await request(h.app).get(`/de/impact/${YEAR}`).expect(200);
    assert.match(html.text, /Bargeld/);
    assert.doesNotMatch(html.text, /\$\s?0(?:\.00)?\s/);
  });
});

describe('francs with no dollar rate yet (BOOK_CURRENCY=chf)', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ BOOK_CURRENCY: 'chf', ADMIN_KEYS, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
  });
  after(() => h.close());

  test('the impact report and its PDF lead with what was given in francs, never "$0 given"', async () => {
    const res = await request(h.app).post('/api/admin/donations/offline').set(as('treasurer')).send({ amount: '300', currency: 'chf', date: today, method: 'cash' });
    assert.equal(res.status, 201);
    assert.equal(res.body.usdCents, null, 'no USD rate: not in dollars yet');
    const html = await request(h.app).get(`/impact/${YEAR}`).expect(200);
    assert.match(html.text, /CHF\s?300/);
    assert.match(html.text, /given, in the currencies given/);
    assert.doesNotMatch(html.text, /\$0\s*<\/[^>]+>\s*<[^>]+>\s*given/);
    const de = await request(h.app).get(`/de/impact/${YEAR}`).expect(200);
    assert.match(de.text, /gespendet, in der Währung der Spenden/);
    const pdf = await request(h.app).get(`/impact/${YEAR}.pdf`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    assert.equal(pdf.status, 200);
    const text = pdfToText(pdf.body as Buffer);
    assert.match(text, /CHF\s?300/);
    assert.doesNotMatch(text, /given, in US dollars/);
  });
});
