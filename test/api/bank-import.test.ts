// Bank transfers matched from the bank's file: the treasurer uploads the bank's
// camt.054 / camt.053 statement (built here, versions 04 and 08); each credit whose creditor
// reference names a project or a donor is recorded once (donation, ledger, receipt, certificate),
// CHF and EUR at the last rate Stripe settled, the rest is listed for a person to assign. Bad files
// are refused with nothing written; the same file twice, at once, or on two instances credits once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { Knex } from 'knex';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { checkLedger } from '../../models/content/ledger';
import { RECEIPT_TASK } from '../../models/giving/names';
import { isScorReference, scorReference, formatReference } from '../../models/shared/qr-bill-rules';
import { parseReference, projectReference } from '../../models/giving/bank-reference';
import { donorReferenceFor } from '../../models/giving/bank-import';
import { recordRates } from '../../models/giving/books';
import { donorYearSummary } from '../../models/giving/certificate';
import { receiptFor } from '../../models/giving/receipt';
import { parseCamt } from '../../models/giving/camt';
import { createDonorToken } from '../../models/giving/donor';
import { erasePersonalData } from '../../models/privacy/personal-data';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ENV = { ADMIN_KEYS: `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>` };
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });
const IBAN = 'CH52 0000 0000 0123 4567 8';

interface Credit {
  amount: string;
  ccy?: string;
  ref?: string | null;
  debtor?: string;
  /** The transaction's AcctSvcrRef (unique per test unless a duplicate is meant). */
  id?: string;
  date?: string;
  /** An entry without TxDtls: the amount on the entry only. */
  noTxDtls?: boolean;
  debit?: boolean;
}

let seq = 0;
const nextId = () => `TX-${process.pid}-${++seq}`;

/** A camt.054 (or camt.053) document of the given version, with one entry per credit. */
function camt(credits: Credit[], options: { kind?: '053' | '054'; version?: '04' | '08'; iban?: string } = {}): string {
  const kind = options.kind ?? '054';
  const v = options.version ?? '08';
  const sts = v === '04' ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>';
  const entries = credits
    .map((c) => {
      const ccy = c.ccy ?? 'CHF';
      const ind = c.debit ? 'DBIT' : 'CRDT';
      const debtor = c.debtor ? (v === '04' ? `<RltdPties><Dbtr><Nm>${c.debtor}</Nm></Dbtr></RltdPties>` : `<RltdPties><Dbtr><Pty><Nm>${c.debtor}</Nm></Pty></Dbtr></RltdPties>`) : '';
      const ref = c.ref ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${c.ref}</Ref></CdtrRefInf></Strd></RmtInf>` : '';
      const tx = c.noTxDtls
        ? ''
        : `<NtryDtls><TxDtls><Refs><AcctSvcrRef>${c.id ?? nextId()}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="${ccy}">${c.amount}</Amt><CdtDbtInd>${ind}</CdtDbtInd>${debtor}${ref}</TxDtls></NtryDtls>`;
      return `<Ntry><Amt Ccy="${ccy}">${c.amount}</Amt><CdtDbtInd>${ind}</CdtDbtInd>${sts}<BookgDt><Dt>${c.date ?? '2026-11-20'}</Dt></BookgDt><ValDt><Dt>${c.date ?? '2026-11-20'}</Dt></ValDt><AcctSvcrRef>${c.noTxDtls ? (c.id ?? nextId()) : `E-${c.id ?? nextId()}`}</AcctSvcrRef><BkTxCd/>${tx}</Ntry>`;
    })
    .join('');
  const ns = `urn:iso:std:iso:20022:tech:xsd:camt.${kind}.001.${v}`;
  const acct = `<Acct><Id><IBAN>${(options.iban ?? IBAN).replace(/\s/g, '')}</IBAN></Id></Acct>`;
  const report = kind === '054' ? `<BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N1</Id>${acct}${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn>` : `<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-21T06:00:00</CreDtTm></GrpHdr><Stmt><Id>S1</Id>${acct}${entries}</Stmt></BkToCstmrStmt>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${report}</Document>`;
}

const upload = (h: AppHandle, xml: string | Buffer, role: keyof typeof KEYS = 'treasurer', name = 'camt054.xml') =>
  request(h.app).post('/api/admin/bank-imports').set(as(role)).attach('file', Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8'), { filename: name, contentType: 'application/xml' });

const raised = async (db: Knex, id: number) => Number((await db('projects').where({ id }).first('raisedCents')).raisedCents);
const count = async (db: Knex, table: string) => Number(((await db(table).count({ n: '*' }).first()) as { n: unknown }).n);

describe('ISO 11649 creditor references', () => {
  test('check digits (RF18539007547034 is valid), and what a reference names', () => {
    assert.equal(isScorReference('RF18539007547034'), true);
    assert.equal(isScorReference('RF18 5390 0754 7034'), true);
    assert.equal(isScorReference('RF19539007547034'), false);
    assert.equal(isScorReference('RF18539007547035'), false);
    assert.equal(scorReference('539007547034'), 'RF18539007547034');
    assert.equal(isScorReference(projectReference(12)), true);
    assert.deepEqual(parseReference(projectReference(12)), { kind: 'project', projectId: 12 });
    assert.deepEqual(parseReference(formatReference(projectReference(7)).toLowerCase()), { kind: 'project', projectId: 7 });
    assert.deepEqual(parseReference(scorReference('DABCDEFGH')), { kind: 'donor', code: 'ABCDEFGH' });
    assert.deepEqual(parseReference(scorReference('GIFT')), { kind: 'general' });
    assert.deepEqual(parseReference(scorReference('F12')), { kind: 'fundraiser', fundraiserId: 12 });
    assert.deepEqual(parseReference(scorReference('X12')), { kind: 'unknown', reason: 'unknown_kind' });
    assert.deepEqual(parseReference('RF00P12'), { kind: 'unknown', reason: 'check_digits' });
    assert.deepEqual(parseReference('210000000003139471430009017'), { kind: 'unknown', reason: 'not_rf' });
    assert.deepEqual(parseReference(null), { kind: 'unknown', reason: 'no_reference' });
  });

  test('the reader: camt.054 v04 and v08, camt.053 v08, an entry without TxDtls, debits left out', () => {
    const a = parseCamt(camt([{ amount: '10.50', ref: 'RF18539007547034', debtor: 'Anna', id: 'A1' }], { version: '04' }));
    assert.equal(a.kind, 'camt.054');
    assert.equal(a.version, '04');
    assert.deepEqual(
      a.credits.map((c) => [c.amountCents, c.currency, c.reference, c.debtorName, c.date, c.bankRef]),
      [[1050, 'chf', 'RF18539007547034', 'Anna', '2026-11-20', 'A1']],
    );
    const b = parseCamt(camt([{ amount: '5', ccy: 'EUR', debtor: 'Bea', id: 'B1' }, { amount: '7.00', debit: true }, { amount: '3.20', noTxDtls: true, id: 'B3' }], { kind: '053', version: '08' }));
    assert.equal(b.kind, 'camt.053');
    assert.deepEqual(
      b.credits.map((c) => [c.amountCents, c.currency, c.reference, c.debtorName]),
      [
        [500, 'eur', null, 'Bea'],
        [320, 'chf', null, null],
      ],
    );
    // The same booking in a camt.053 and a camt.054 has one identity.
    const same = (kind: '053' | '054') => parseCamt(camt([{ amount: '10.00', ref: 'RF18539007547034', id: 'SAME-1' }], { kind })).credits[0]!.key;
    assert.equal(same('053'), same('054'));
  });
});

describe('bank statement import (camt.054 / camt.053)', () => {
  let h: AppHandle;
  let db: Knex;
  let projectId: number;
  let otherId: number;
  let slug: string;
  const jobsAdded: { task: string; payload: Record<string, unknown>; key?: string }[] = [];

  before(async () => {
    h = await testApp(ENV, { worker: false });
    db = h.deps.db;
    const add = h.deps.jobs.add.bind(h.deps.jobs);
    h.deps.jobs.add = async (task, payload, options) => {
      jobsAdded.push({ task, payload, key: options?.key });
      return add(task, payload, options);
    };
    const projects = await db('projects').orderBy('id').limit(2).select('id', 'slug');
    projectId = projects[0].id;
    slug = projects[0].slug;
    otherId = projects[1].id;
  });
  after(async () => h?.close());

  test("a project's reference: bankReference in the public JSON, and its QR-bill", async () => {
    const one = (await request(h.app).get(`/api/projects/${projectId}`).expect(200)).body;
    assert.equal(one.bankReference, projectReference(projectId));
    assert.ok(isScorReference(one.bankReference));
    const all = (await request(h.app).get('/api/projects').expect(200)).body as { id: number; bankReference: string }[];
    assert.ok(all.every((p) => p.bankReference === projectReference(p.id)));
    const svg = await request(h.app).get(`/qr-bill.svg?project=${slug}`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    assert.equal(svg.status, 200);
    assert.match((svg.body as Buffer).toString('utf8'), new RegExp(formatReference(projectReference(projectId))));
    await request(h.app).get('/qr-bill.svg?project=no-such-project').expect(404);
  });

  test('a USD credit with a project reference: one donation, the total and the ledger move, once', async () => {
    const before = await raised(db, projectId);
    const res = await upload(h, camt([{ amount: '120.00', ccy: 'USD', ref: formatReference(projectReference(projectId)), debtor: 'Hans Muster' }], { version: '04' }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.credited, 1);
    assert.equal(res.body.unmatched, 0);
    assert.equal(res.body.duplicates, 0);
    const [item] = res.body.items;
    assert.equal(item.outcome, 'credited');
    assert.equal(item.amount, '120.00');
    assert.equal(item.currency, 'usd');
    assert.equal(item.date, '2026-11-20');
    assert.equal(item.debtor, 'Hans Muster');
    assert.equal(item.reference, projectReference(projectId));
    assert.equal(item.projectId, projectId);
    assert.equal(await raised(db, projectId), before + 12000);
    const d = await db('donations').where({ id: item.donationId }).first();
    assert.equal(d.kind, 'bank');
    assert.equal(d.status, 'succeeded');
    assert.ok(d.appliedAt);
    assert.equal(Number(d.amountCents), 12000);
    assert.equal(Number(d.settledCents), 12000);
    assert.equal(d.settledCurrency, 'usd');
    assert.equal(d.donorName, 'Hans Muster');
    assert.equal(d.donorEmail, null);
    const ledger = await db('project_ledger').where({ donationId: item.donationId }).select('kind', 'amountCents');
    assert.deepEqual(ledger.map((r) => [r.kind, Number(r.amountCents)]), [['donation', 12000]]);
    assert.deepEqual(await checkLedger(db), []);
    const audit = await db('audit_log').where({ entity: 'bank', action: 'import' }).orderBy('id', 'desc').first();
    assert.equal(audit.actorName, 'Tom Treasurer');
  });

  test('a CHF credit counts at the rate recorded for its day; EUR without any rate is recorded and credits nothing yet', async () => {
    // The books are in USD (the default): one franc was worth USD 1.25 (an older day: 1.10).
    await recordRates(db, [{ day: '2020-01-01', currency: 'chf', rate: '1.10', source: 'ecb' }], 'usd', null);
    await recordRates(db, [{ day: '2026-01-02', currency: 'chf', rate: '1.25', source: 'treasurer' }], 'usd', 'test');
    const before = await raised(db, otherId);
    const beforeDonations = await count(db, 'donations');
    const res = await upload(h, camt([{ amount: '100.00', ccy: 'CHF', ref: projectReference(otherId) }, { amount: '80.00', ccy: 'EUR', ref: projectReference(otherId) }], { version: '08' }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.credited, 2);
    assert.equal(await raised(db, otherId), before + 12500, 'CHF 100 at 1.25 = USD 125; the EUR credit adds nothing');
    const [chf, eur] = res.body.items;
    const chfRow = await db('donations').where({ id: chf.donationId }).first();
    assert.equal(chfRow.currency, 'chf');
    assert.equal(Number(chfRow.amountCents), 10000);
    assert.equal(Number(chfRow.settledCents), 12500);
    assert.equal(chfRow.settledCurrency, 'usd');
    assert.deepEqual([Number(chfRow.bookCents), chfRow.bookCurrency, chfRow.bookRate, chfRow.bookRateSource], [12500, 'usd', '1.25', 'treasurer']);
    const eurRow = await db('donations').where({ id: eur.donationId }).first();
    assert.equal(eurRow.currency, 'eur');
    assert.equal(eurRow.settledCents, null);
    assert.equal(eurRow.bookCents, null, 'not valued until a EUR rate is known');
    assert.equal(Number(eurRow.projectId), otherId);
    assert.equal(await db('project_ledger').where({ donationId: eur.donationId }).first(), undefined);
    assert.equal(await count(db, 'donations'), beforeDonations + 2);
    assert.deepEqual(await checkLedger(db), []);
  });

  test("a donor's own reference: the gift is theirs, the receipt is queued, it counts in the certificate, and the receipt names the reference", async () => {
    const email = 'Greta.Beispiel@Example.ch';
    await db('donations').insert({ paymentIntentId: 'pi_greta', kind: 'one_off', amountCents: 2000, currency: 'usd', settledCents: 2000, settledCurrency: 'usd', status: 'succeeded', donorEmail: 'greta.beispiel@example.ch', language: 'de', appliedAt: '2026-05-01T10:00:00.000Z' });
    const reference = await donorReferenceFor(db, email);
    assert.equal(await donorReferenceFor(db, 'greta.beispiel@example.ch'), reference, 'one reference per donor');
    assert.equal(parseReference(reference).kind, 'donor');
    const res = await upload(h, camt([{ amount: '250.00', ccy: 'USD', ref: reference, debtor: 'Greta Beispiel' }], { kind: '053', version: '08' }), 'admin', 'camt053.xml');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.credited, 1);
    const donationId = res.body.items[0].donationId as number;
    const d = await db('donations').where({ id: donationId }).first();
    assert.equal(d.donorEmail, 'greta.beispiel@example.ch');
    assert.equal(d.language, 'de');
    assert.equal(d.projectId, null);
    const job = jobsAdded.find((j) => j.task === RECEIPT_TASK && j.payload.donationId === donationId);
    assert.ok(job, 'the receipt job is queued');
    assert.equal(job.key, `donation-receipt-${donationId}`);
    const summary = await donorYearSummary(db, email, 2026);
    assert.ok(summary.gifts.some((g) => g.id === donationId && g.amountCents === 25000), 'in the yearly certificate');
    // The donor's page shows the same reference, in both languages.
    for (const lang of ['en', 'de'] as const) {
      const token = await createDonorToken(db, email, lang);
      const signedIn = await request(h.app).post(`${lang === 'de' ? '/de' : ''}/donations/manage/session`).set('Origin', h.deps.config.publicUrl).type('form').send({ token }).expect(303);
      const cookie = (signedIn.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
      const page = await request(h.app).get(`${lang === 'de' ? '/de' : ''}/donations/manage`).set('Cookie', cookie).expect(200);
      assert.ok(page.text.includes(formatReference(reference)), `the ${lang} donor page shows the reference`);
      assert.match(page.text, lang === 'de' ? /Ihre Referenz/ : /Your reference/);
    }
    const receipt = await receiptFor(h.deps, donationId);
    assert.equal(receipt?.facts.bankReference, formatReference(reference));
    const { receiptMail } = await import('../../views/mails/receipt');
    const { tFor } = await import('../../models/shared/text');
    for (const lang of ['en', 'de'] as const) {
      const mail = receiptMail({ ...receipt!.facts, lang, t: tFor(h.deps.i18n, lang) });
      assert.ok(mail.text.includes(formatReference(reference)), `the ${lang} receipt text names the reference`);
    }
    // Erasing the donor's data takes the reference and the sender's name the bank gave.
    await erasePersonalData(db, email, 'test-secret');
    assert.equal(await db('donor_references').where({ email: 'greta.beispiel@example.ch' }).first(), undefined);
    assert.equal((await db('bank_credits').where({ donationId }).first('debtorName')).debtorName, null);
    const later = await upload(h, camt([{ amount: '10.00', ccy: 'USD', ref: reference }]));
    assert.equal(later.body.items[0].outcome, 'unmatched');
    assert.equal(later.body.items[0].reason, 'unknown_donor');
  });

  test('unknown references and other currencies are unmatched; a person assigns one, once (409 after)', async () => {
    const before = await raised(db, projectId);
    const res = await upload(h, camt([{ amount: '33.00', ref: scorReference('F77'), debtor: 'Unknown Giver' }, { amount: '40.00', ccy: 'GBP', ref: projectReference(projectId) }, { amount: '15.00', noTxDtls: true }, { amount: '12.00', ref: scorReference('X77') }], { version: '04' }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.credited, 0);
    assert.equal(res.body.unmatched, 4);
    assert.deepEqual(
      res.body.items.map((i: { outcome: string; reason: string }) => [i.outcome, i.reason]),
      [
        ['unmatched', 'unknown_fundraiser'],
        ['unmatched', 'currency'],
        ['unmatched', 'no_reference'],
        ['unmatched', 'unknown_kind'],
      ],
    );
    assert.equal(await raised(db, projectId), before);
    const list = (await request(h.app).get('/api/admin/bank-imports/unmatched').set(as('treasurer')).expect(200)).body.items as { id: number; amount: string; currency: string; debtor: string | null; reason: string }[];
    const unknown = list.find((u) => u.debtor === 'Unknown Giver')!;
    assert.equal(unknown.amount, '33.00');
    assert.equal(unknown.currency, 'chf');
    const gbp = list.find((u) => u.currency === 'gbp')!;
    const noTx = list.find((u) => u.reason === 'no_reference' && u.amount === '15.00')!;
    assert.ok(noTx, 'an entry without TxDtls: its amount read from the entry');

    // Assigned to a project: CHF at the rate of the test before (1.25).
    const assigned = await request(h.app).post(`/api/admin/bank-imports/unmatched/${unknown.id}/assign`).set(as('treasurer')).send({ projectId });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    assert.equal(await raised(db, projectId), before + 4125);
    const again = await request(h.app).post(`/api/admin/bank-imports/unmatched/${unknown.id}/assign`).set(as('treasurer')).send({ projectId: otherId });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'bank.already_assigned');
    assert.equal(await raised(db, projectId), before + 4125);

    // Assigned to a donor's address: the receipt is queued.
    const byEmail = await request(h.app).post(`/api/admin/bank-imports/unmatched/${noTx.id}/assign`).set(as('admin')).send({ email: 'walter@example.org' });
    assert.equal(byEmail.status, 200, JSON.stringify(byEmail.body));
    assert.ok(jobsAdded.some((j) => j.task === RECEIPT_TASK && j.payload.donationId === byEmail.body.donationId));
    // A currency the site does not keep cannot be assigned; nothing to assign is a 400; no such credit 404.
    assert.equal((await request(h.app).post(`/api/admin/bank-imports/unmatched/${gbp.id}/assign`).set(as('treasurer')).send({ projectId })).status, 422);
    assert.equal((await request(h.app).post(`/api/admin/bank-imports/unmatched/${gbp.id}/assign`).set(as('treasurer')).send({})).status, 400);
    assert.equal((await request(h.app).post(`/api/admin/bank-imports/unmatched/${gbp.id}/assign`).set(as('treasurer')).send({ email: 'not an address' })).status, 400);
    assert.equal((await request(h.app).post('/api/admin/bank-imports/unmatched/999999/assign').set(as('treasurer')).send({ projectId })).status, 404);
    const left = (await request(h.app).get('/api/admin/bank-imports/unmatched').set(as('treasurer')).expect(200)).body.items as { id: number }[];
    assert.deepEqual(left.map((u) => u.id).filter((id) => [unknown.id, noTx.id, gbp.id].includes(id)), [gbp.id]);
    assert.ok(await db('audit_log').where({ entity: 'bank', action: 'assign', entityId: String(unknown.id) }).first());
    assert.deepEqual(await checkLedger(db), []);
  });

  test('the same file twice changes nothing; the same file twice at once credits once', async () => {
    const file = camt([{ amount: '60.00', ccy: 'USD', ref: projectReference(projectId) }, { amount: '61.00', ccy: 'USD', ref: projectReference(otherId) }]);
    const before = [await raised(db, projectId), await raised(db, otherId), await count(db, 'donations'), await count(db, 'project_ledger')];
    const first = await upload(h, file);
    assert.equal(first.body.credited, 2);
    const second = await upload(h, file);
    assert.equal(second.status, 200);
    assert.deepEqual([second.body.credited, second.body.unmatched, second.body.duplicates], [0, 0, 2]);
    assert.deepEqual(second.body.items.map((i: { outcome: string; donationId: number }) => [i.outcome, i.donationId]), first.body.items.map((i: { donationId: number }) => ['duplicate', i.donationId]));
    const after = [await raised(db, projectId), await raised(db, otherId), await count(db, 'donations'), await count(db, 'project_ledger')];
    assert.deepEqual(after, [before[0]! + 6000, before[1]! + 6100, before[2]! + 2, before[3]! + 2]);

    const racing = camt([{ amount: '70.00', ccy: 'USD', ref: projectReference(projectId) }, { amount: '71.00', ccy: 'USD', ref: projectReference(projectId) }]);
    const start = await raised(db, projectId);
    const results = await Promise.all([upload(h, racing), upload(h, racing), upload(h, racing)]);
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(results.reduce((s, r) => s + r.body.credited, 0), 2);
    assert.equal(results.reduce((s, r) => s + r.body.duplicates, 0), 4);
    assert.equal(await raised(db, projectId), start + 14100);
    assert.deepEqual(await checkLedger(db), []);
  });

  test('bad files: a clear 4xx with {error}, and nothing written', async () => {
    const counts = async () => [await count(db, 'bank_credits'), await count(db, 'donations'), await count(db, 'project_ledger'), await raised(db, projectId)];
    const before = await counts();
    const pain = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><MsgId>X</MsgId></GrpHdr></CstmrCdtTrfInitn></Document>`;
    const html = '<!DOCTYPE html><html><head><title>Login</title></head><body><p>Please sign in<br></body></html>';
    const cases: [string, string | Buffer, number, string][] = [
      ['not XML', 'Date;Amount;Reference\n2026-11-20;50.00;RF18539007547034\n', 400, 'bank.not_xml'],
      ['an HTML page', html, 400, 'bank.not_xml'],
      ['well-formed XHTML', '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>hi</p></body></html>', 422, 'bank.not_camt'],
      ['pain.001', pain, 422, 'bank.not_camt'],
      ['another account', camt([{ amount: '50.00', ref: projectReference(projectId) }], { iban: 'CH93 0076 2011 6238 5295 7' }), 422, 'bank.wrong_account'],
      ['empty', Buffer.alloc(0), 400, 'bank.empty_file'],
      ['too big', Buffer.concat([Buffer.from(camt([{ amount: '50.00', ref: projectReference(projectId) }])), Buffer.alloc(5 * 1024 * 1024, 0x20)]), 413, 'payload_too_large'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await upload(h, body);
      assert.equal(res.status, status, `${what}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, code, what);
      assert.equal(typeof res.body.error, 'string', what);
    }
    // No file at all.
    const none = await request(h.app).post('/api/admin/bank-imports').set(as('treasurer')).field('x', 'y');
    assert.equal(none.status, 400);
    assert.equal(none.body.code, 'bank.empty_file');
    // The account's IBAN compared without spaces and case.
    const spaced = await upload(h, camt([{ amount: '0.50', ccy: 'USD', ref: projectReference(projectId) }], { iban: 'ch52 0000 0000 0123 4567 8' }));
    assert.equal(spaced.status, 200, JSON.stringify(spaced.body));
    const after = await counts();
    assert.deepEqual(after, [before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3]! + 50]);
  });

  test('a DOCTYPE whose entities would expand to megabytes is not expanded', async () => {
    const bomb =
      `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>` +
      camt([{ amount: '5.00', ccy: 'USD', ref: projectReference(projectId), debtor: '&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;' }]).replace(/^<\?xml[^>]*>\n/, '');
    const res = await upload(h, bomb);
    assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500), `${res.status}`);
    if (res.status === 200) assert.ok(String(res.body.items[0].debtor ?? '').length <= 200);
    assert.deepEqual(await checkLedger(db), []);
  });

  test('editors may not import, list or assign (403 auth.forbidden)', async () => {
    const before = await count(db, 'bank_credits');
    const res = await upload(h, camt([{ amount: '50.00', ccy: 'USD', ref: projectReference(projectId) }]), 'editor');
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'auth.forbidden');
    const list = await request(h.app).get('/api/admin/bank-imports/unmatched').set(as('editor'));
    assert.equal(list.status, 403);
    assert.equal(list.body.code, 'auth.forbidden');
    const assign = await request(h.app).post('/api/admin/bank-imports/unmatched/1/assign').set(as('editor')).send({ projectId });
    assert.equal(assign.status, 403);
    assert.equal(assign.body.code, 'auth.forbidden');
    assert.equal(await count(db, 'bank_credits'), before);
  });
});

describe('bank statement import on two instances sharing one database', () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('bank-import', ENV));
  });
  after(() => close());

  test('the same file imported on both at once credits each transfer once', async () => {
    const db = a.deps.db;
    const projectId = (await db('projects').orderBy('id').first('id')).id as number;
    const before = await raised(db, projectId);
    const file = camt(Array.from({ length: 5 }, (_, i) => ({ amount: `${10 + i}.00`, ccy: 'USD', ref: projectReference(projectId) })));
    const results = await Promise.all([upload(a, file), upload(b, file), upload(a, file), upload(b, file)]);
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(results.reduce((s, r) => s + r.body.credited, 0), 5);
    assert.equal(results.reduce((s, r) => s + r.body.duplicates, 0), 15);
    assert.equal(await raised(db, projectId), before + 1000 + 1100 + 1200 + 1300 + 1400);
    assert.equal(await count(db, 'bank_credits'), 5);
    assert.deepEqual(await checkLedger(db), []);
  });
});
