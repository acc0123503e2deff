// The journal for the accounting program (models/giving/journal.ts, controllers/admin/journal.ts):
// the period's double-entry bookings from the chart of accounts, read back from the CSV for Swiss
// Excel and from Banana's tab-separated import file: every booking balances, and the gifts'
// amounts in the book currency are the donations' own.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { appWithFakeStripe } from '../helpers';
import { swissToday } from '../../models/shared/dates';
import { parseChartText } from '../../models/giving/accounts';
import { ConfigError, loadConfig } from '../../config';
import type { Knex } from 'knex';

const KEYS = { editor: 'editor-key-0123456789', treasurer: 'treasurer-key-0123456789', admin: 'admin-key-0123456789' };
const ADMIN_KEYS = `Eda Editor <${KEYS.editor}> editor, Tom Treasurer <${KEYS.treasurer}> treasurer, Ada Admin <${KEYS.admin}>`;
const as = (role: keyof typeof KEYS) => ({ 'X-Admin-Key': KEYS[role] });

/** Semicolon CSV with quotes, as Excel writes and reads it. */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) row.push(cell), (cell = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell), rows.push(row), (row = []), (cell = '');
    } else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

const cents = (text: string) => {
  assert.match(text, /^\d+\.\d{2}$/, `a decimal point amount: ${text}`);
  return Math.round(Number(text) * 100);
};

/** Every account's balance (debits minus credits): they add up to zero when each booking balances. */
function balances(rows: { debit: string; credit: string; amount: number }[]): Map<string, number> {
  const b = new Map<string, number>();
  for (const r of rows) {
    assert.ok(r.debit && r.credit && r.debit !== r.credit, `a booking has two accounts: ${JSON.stringify(r)}`);
    b.set(r.debit, (b.get(r.debit) ?? 0) + r.amount);
    b.set(r.credit, (b.get(r.credit) ?? 0) - r.amount);
  }
  return b;
}

async function insertGift(db: Knex, fields: Record<string, unknown>): Promise<number> {
  const [row] = await db('donations')
    .insert({ paymentIntentId: `test_${Math.random().toString(36).slice(2)}`, status: 'succeeded', appliedAt: new Date().toISOString(), bookCurrency: 'chf', ...fields })
    .returning('id');
  return Number(typeof row === 'object' ? (row as { id: number }).id : row);
}

describe('the journal (BOOK_CURRENCY=chf)', () => {
  let s: Awaited<ReturnType<typeof appWithFakeStripe>>;
  let project: { id: number; slug: string };
  let other: { id: number; slug: string };
  const today = swissToday();
  const from = `${today.slice(0, 4)}-01-01`;
  before(async () => {
    s = await appWithFakeStripe({ BOOK_CURRENCY: 'chf', ADMIN_KEYS, ACCOUNTS: 'bank=1020,stripe=1090', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' });
    s.fake.settlementCurrency = 'chf';
    s.fake.rates = { usd: 0.8, eur: 0.95 };
    const projects = (await s.h.deps.db('projects').orderBy('id').select('id', 'slug')) as { id: number; slug: string }[];
    project = projects[0]!;
    other = projects[1]!;
  });
  after(() => s.close());

  test('ACCOUNTS is key=account pairs; a bad pair is refused with a message naming it', () => {
    assert.deepEqual(parseChartText('bank=1020, project:solar-kiosk=3401;fees=6940'), { bank: '1020', 'project:solar-kiosk': '3401', fees: '6940' });
    assert.throws(() => parseChartText('bank'), /"bank" is not key=account/);
    assert.throws(() => parseChartText('vault=1'), /vault/);
    assert.throws(() => parseChartText('bank=10 20'), /bank/);
    assert.throws(() => loadConfig({ ACCOUNTS: 'vault=1' }), (e: Error) => e instanceof ConfigError && /ACCOUNTS/.test(e.message) && /vault/.test(e.message), 'a bad ACCOUNTS stops the start with one line naming it');
    assert.equal(loadConfig({ ACCOUNTS: 'bank=1020' }).books.accounts, 'bank=1020');
  });

  test('the chart: defaults, ACCOUNTS, the treasurer\'s settings; roles and bad input', async () => {
    const app = s.h.app;
    const first = (await request(app).get('/api/admin/journal/accounts').set(as('treasurer')).expect(200)).body;
    assert.deepEqual([first.chart.bank, first.chart.stripe, first.chart.donations, first.chart.fees, first.sources.stripe, first.sources.fees], ['1020', '1090', '3400', '6940', 'config', 'default']);
    await request(app).get('/api/admin/journal/accounts').set(as('editor')).expect(403);
    await request(app).put('/api/admin/journal/accounts').set(as('editor')).send({ fees: '6900' }).expect(403);
    const bad = await request(app).put('/api/admin/journal/accounts').set(as('treasurer')).send({ fees: 'x y', vault: '1' }).expect(400);
    assert.ok(bad.body.error && bad.body.fields?.fees && bad.body.fields?.vault, JSON.stringify(bad.body));
    await request(app).put('/api/admin/journal/accounts').set(as('treasurer')).send(['bank']).expect(400);
    const saved = (await request(app).put('/api/admin/journal/accounts').set(as('treasurer')).send({ fees: '6945', [`project:${other.slug}`]: '3401', cash: '' }).expect(200)).body;
    assert.deepEqual([saved.chart.fees, saved.chart.projects[other.slug], saved.sources.fees, saved.chart.cash], ['6945', '3401', 'settings', '1000']);
    const audit = await s.h.deps.db('audit_log').where({ entity: 'accounts' }).first();
    assert.match(String(audit.summary), /fees=6945/);
  });

  test('the Donations screen in German shows the chart, the journal export and the supporters; its accounts form works without JavaScript', async () => {
    const agent = request.agent(s.h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEYS.treasurer }).expect(303);
    const page = (await agent.get('/de/admin/donations').set('Accept', 'text/html').expect(200)).text;
    assert.match(page, /Export für die Buchhaltung/);
    assert.match(page, /Kontenplan/);
    assert.match(page, /Unterstützerinnen und Unterstützer/);
    assert.match(page, /action="\/api\/admin\/journal"/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
    assert.ok(csrf);
    const bad = await agent.post('/de/admin/journal/accounts').type('form').send({ _csrf: csrf, bank: 'not an account' }).expect(303);
    assert.match(bad.headers.location, /^\/de\/admin\/donations#don-accounts$/);
    const again = (await agent.get('/de/admin/donations').set('Accept', 'text/html').expect(200)).text;
    assert.match(again, /Der Kontenplan wurde nicht gespeichert/);
    assert.match(again, /value="not an account"/);
    await agent.post('/de/admin/journal/accounts').type('form').send({ _csrf: csrf, bank: '1025', fees: '6945', [`project:${other.slug}`]: '3401' }).expect(303);
    const chart = (await request(s.h.app).get('/api/admin/journal/accounts').set(as('treasurer')).expect(200)).body;
    assert.deepEqual([chart.chart.bank, chart.sources.bank], ['1025', 'settings']);
    await agent.post('/de/admin/journal/accounts').type('form').send({ _csrf: csrf, bank: '', fees: '6945', [`project:${other.slug}`]: '3401' }).expect(303);
    const back = (await request(s.h.app).get('/api/admin/journal/accounts').set(as('treasurer')).expect(200)).body;
    assert.deepEqual([back.chart.bank, back.sources.bank], ['1020', 'config'], 'an empty field goes back to ACCOUNTS');
  });

  test('bad periods and formats are 400 JSON', async () => {
    const app = s.h.app;
    for (const q of ['', '?from=2026-01-01', '?from=2026-02-30&to=2026-03-01', '?from=2026-03-01&to=2026-01-01', '?from=01.01.2026&to=2026-12-31', `?from=${from}&to=${today}&format=xls`, `?from=${from}&to=${today}&lang=fr`]) {
      const res = await request(app).get(`/api/admin/journal${q}`).set(as('treasurer')).expect(400);
      assert.equal(typeof res.body.error, 'string', q);
    }
    await request(app).get(`/api/admin/journal?from=${from}&to=${today}`).set(as('editor')).expect(403);
  });

  test('a period of card gifts, fees, a refund, a dispute, bank and offline gifts, a reversal and a payout: read back, every booking balances', async () => {
    const db = s.h.deps.db;
    const card = await s.give({ amount: 40, currency: 'chf', projectId: project.id });
    const eur = await s.give({ amount: 20, currency: 'eur', projectId: other.id });
    const refunded = await s.give({ amount: 30, currency: 'chf', projectId: project.id });
    const disputed = await s.give({ amount: 25, currency: 'chf', projectId: project.id });
    s.fake.refund(s.fake.chargeOf(refunded).id, 1000);
    await s.fake.deliver('charge.refunded', s.fake.chargeOf(refunded));
    const dispute = s.fake.openDispute(s.fake.chargeOf(disputed).id);
    await s.fake.deliver('charge.dispute.created', dispute);
    await s.fake.settle();
    const cardRow = await db('donations').where({ paymentIntentId: card }).first();
    assert.equal(Number(cardRow.stripeFeeCents), Math.round(4000 * 0.029) + 30, "the card gift keeps Stripe's fee from its balance transaction");
    const bank = await insertGift(db, { kind: 'bank', amountCents: 10000, currency: 'chf', projectId: project.id, bookCents: 10000, bookRate: '1', donorEmail: 'bank@example.org' });
    const cash = await insertGift(db, { kind: 'offline', offlineMethod: 'cash', amountCents: 5000, currency: 'eur', projectId: null, bookCents: 4750, bookRate: '0.95' });
    await insertGift(db, { kind: 'offline', offlineMethod: 'cash', amountCents: -5000, currency: 'eur', projectId: null, bookCents: -4750, bookRate: '0.95', reversesId: cash });
    await insertGift(db, { kind: 'offline', offlineMethod: 'cheque', amountCents: 7000, currency: 'chf', projectId: other.id, bookCents: 7000, bookRate: '1' });
    await insertGift(db, { kind: 'bank', amountCents: 1000, currency: 'usd', projectId: project.id, bookCents: null, bookCurrency: null });
    await db('stripe_payouts').insert({ payoutId: 'po_test_1', amountCents: 8000, currency: 'chf', arrivalDate: today, status: 'paid' });

    const json = (await request(s.h.app).get(`/api/admin/journal?from=${from}&to=${today}`).set(as('treasurer')).expect(200)).body;
    assert.equal(json.bookCurrency, 'CHF');
    assert.equal(json.pending, 1, 'the gift without a rate is not booked yet');
    const kinds = json.bookings.map((b: { kind: string }) => b.kind).sort();
    assert.deepEqual(kinds, ['bank', 'dispute', 'fee', 'fee', 'fee', 'fee', 'gift', 'gift', 'gift', 'gift', 'offline', 'offline', 'payout', 'refund', 'reversal'].sort());
    const gifts = (await db('donations').whereIn('paymentIntentId', [card, eur, refunded, disputed]).select('id', 'bookCents')) as { id: number; bookCents: unknown }[];
    for (const g of gifts) {
      const booked = json.bookings.find((b: { kind: string; donationId: number }) => b.kind === 'gift' && b.donationId === g.id);
      assert.equal(booked.amountCents, Number(g.bookCents), 'a card gift is booked at its book value');
    }
    const eurGift = json.bookings.find((b: { kind: string; originalCurrency: string }) => b.kind === 'gift' && b.originalCurrency === 'EUR');
    assert.deepEqual([eurGift.debit, eurGift.credit, eurGift.amountCents, eurGift.originalCents, eurGift.rate], ['1090', '3401', 1900, 2000, '0.95'], 'its own project account, what Stripe settled, the donor\'s euros');
    const refund = json.bookings.find((b: { kind: string }) => b.kind === 'refund');
    assert.deepEqual([refund.debit, refund.credit, refund.amountCents], ['3400', '1090', 1000]);
    const disp = json.bookings.find((b: { kind: string }) => b.kind === 'dispute');
    assert.deepEqual([disp.debit, disp.credit, disp.amountCents], ['3400', '1090', 2500]);
    const rev = json.bookings.find((b: { kind: string }) => b.kind === 'reversal');
    assert.deepEqual([rev.debit, rev.credit, rev.amountCents], ['3400', '1000', 4750]);
    assert.ok(json.bookings.some((b: { kind: string; debit: string; credit: string; donationId: number }) => b.kind === 'bank' && b.debit === '1020' && b.credit === '3400' && b.donationId === bank));
    assert.ok(json.bookings.some((b: { kind: string; debit: string; credit: string }) => b.kind === 'offline' && b.debit === '1020' && b.credit === '3401'), 'a cheque to the bank account');
    assert.ok(json.bookings.some((b: { kind: string; debit: string; credit: string; amountCents: number }) => b.kind === 'payout' && b.debit === '1020' && b.credit === '1090' && b.amountCents === 8000));
    assert.equal(json.totals.debitCents, json.totals.creditCents);

    // The CSV for Swiss Excel, read back.
    const csv = await request(s.h.app).get(`/api/admin/journal?from=${from}&to=${today}&format=csv&lang=de`).set(as('treasurer')).buffer(true).parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done(null, Buffer.concat(parts).toString('utf8')));
    }).expect(200);
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /attachment; filename="?journal-/);
    const text = csv.body as string;
    assert.ok(text.startsWith('\uFEFF'), 'a BOM: Excel reads UTF-8');
    const rows = parseCsv(text.slice(1), ';').filter((r) => r.length > 1);
    assert.deepEqual(rows[0], ['Datum', 'Beleg', 'Buchungstext', 'Soll', 'Haben', 'Betrag', 'Währung', 'Originalwährung', 'Originalbetrag', 'Kurs']);
    const csvRows = rows.slice(1).map((r) => {
      assert.match(r[0]!, /^\d{2}\.\d{2}\.\d{4}$/);
      return { debit: r[3]!, credit: r[4]!, amount: cents(r[5]!), currency: r[6] };
    });
    assert.equal(csvRows.length, json.bookings.length);
    assert.ok(csvRows.every((r) => r.currency === 'CHF'));
    const csvBalances = balances(csvRows);
    assert.equal([...csvBalances.values()].reduce((a, b) => a + b, 0), 0, 'debits equal credits');
    assert.equal(csvRows.reduce((a, r) => a + r.amount, 0), json.totals.debitCents);
    // Stripe's clearing account: gifts in, fees, refunds, disputes and the payout out.
    const feeSum = json.bookings.filter((b: { kind: string }) => b.kind === 'fee').reduce((a: number, b: { amountCents: number }) => a + b.amountCents, 0);
    const giftSum = gifts.reduce((a, g) => a + Number(g.bookCents), 0);
    assert.equal(csvBalances.get('1090'), giftSum - feeSum - 1000 - 2500 - 8000);
    assert.equal(csvBalances.get('6945'), feeSum);
    // The income accounts: what the gifts of each project are worth, net of refunds, disputes and reversals.
    assert.equal(-(csvBalances.get('3401') ?? 0), 1900 + 7000);
    assert.equal(-(csvBalances.get('3400') ?? 0), 4000 + 3000 + 2500 + 10000 + 4750 - 1000 - 2500 - 4750);
    assert.equal(csvBalances.get('1000'), 0, 'the cash gift and its reversal');

    // Banana's import of double-entry transactions, read back.
    const tsv = await request(s.h.app).get(`/api/admin/journal?from=${from}&to=${today}&format=banana`).set(as('admin')).buffer(true).parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done(null, Buffer.concat(parts).toString('utf8')));
    }).expect(200);
    const lines = (tsv.body as string).split('\n').filter(Boolean).map((l) => l.split('\t'));
    assert.deepEqual(lines[0], ['Date', 'Doc', 'Description', 'AccountDebit', 'AccountCredit', 'Amount']);
    const tsvRows = lines.slice(1).map((l) => {
      assert.equal(l.length, 6);
      assert.match(l[0]!, /^\d{4}-\d{2}-\d{2}$/);
      return { debit: l[3]!, credit: l[4]!, amount: cents(l[5]!) };
    });
    assert.deepEqual([...balances(tsvRows).entries()].sort(), [...csvBalances.entries()].sort(), 'the same bookings in both files');
    assert.ok(lines.some((l) => /EUR 20\.00 @ 0\.95/.test(l[2]!)), "the donor's euros in the description");
    assert.equal(await db('audit_log').where({ entity: 'journal', action: 'export' }).count({ n: '*' }).first().then((r) => Number(r?.n)), 2);

    // Another period: nothing.
    const empty = (await request(s.h.app).get('/api/admin/journal?from=2001-01-01&to=2001-12-31').set(as('treasurer')).expect(200)).body;
    assert.deepEqual([empty.bookings.length, empty.totals.debitCents, empty.pending], [0, 0, 0]);
  });
});
