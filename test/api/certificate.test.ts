// The yearly donation certificate: the year's sums per currency (refunds and withheld disputes
// deducted, the Swiss calendar year), the PDF in English and German (read back as text), the
// donor's request, and the admin's run: one mail with the PDF per donor, nothing twice when the
// job runs again, and an interrupted run that resumes where it stopped.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { pdfToText, testApp } from '../helpers';
import type { AppHandle } from '../../app';
import {
  donorYearSummary,
  renderCertificatePdf,
  runCertificateRequest,
  runCertificateRun,
  startCertificateRun,
  findCertificateRun,
  yearBounds,
  type CertificateDeps,
} from '../../models/giving/certificate';
import { pdfText } from '../../models/giving/pdf';
import { tFor } from '../../models/shared/text';
import type { JobContext } from '../../models/providers/jobs';
import type { MailAttachment, MailProvider } from '../../models/providers/mail';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

function ctx(h: AppHandle, signal = new AbortController().signal, attempt = 1): JobContext {
  return { attempt, maxAttempts: 10, log: h.deps.log, signal };
}

function certificateDeps(h: AppHandle, mail: MailProvider = h.deps.mail): CertificateDeps {
  return { db: h.deps.db, mail, site: h.deps.config.site, texts: (lang) => tFor(h.deps.i18n, lang), log: h.deps.log };
}

let pi = 0;
async function gift(h: AppHandle, g: { email?: string | null; name?: string | null; cents: number; currency: string; at: string | Date; status?: string; refunded?: number; disputed?: number; dispute?: string | null; language?: 'en' | 'de'; kind?: 'one_off' | 'monthly'; projectId?: number | null }): Promise<number> {
  const [row] = (await h.deps.db('donations').insert(
    {
      paymentIntentId: `pi_cert_${++pi}`,
      amountCents: g.cents,
      currency: g.currency,
      status: g.status ?? 'succeeded',
      appliedAt: g.status === 'failed' ? null : g.at,
      createdAt: g.at,
      donorEmail: g.email === undefined ? 'anna@example.org' : g.email,
      donorName: g.name === undefined ? 'Anna Muster' : g.name,
      language: g.language ?? 'en',
      kind: g.kind ?? 'one_off',
      refundedCents: g.refunded ?? 0,
      disputedCents: g.disputed ?? 0,
      disputeStatus: g.dispute ?? null,
      settledCents: g.cents,
      settledCurrency: 'usd',
      projectId: g.projectId === undefined ? null : g.projectId,
    },
    ['id'],
  )) as ({ id: number } | number)[];
  return typeof row === 'object' ? row.id : Number(row);
}

async function outboxTo(h: AppHandle, to: string) {
  return (await h.deps.db('outbox').where({ toAddress: to }).orderBy('id')) as { subject: string; textBody: string; attachments: string | null }[];
}

const attachmentOf = (mail: { attachments: string | null }): MailAttachment => (JSON.parse(mail.attachments ?? '[]') as MailAttachment[])[0]!;

describe('donation certificates', () => {
  let h: AppHandle;
  let projectId: number;
  before(async () => {
    // No worker: the tests run the tasks themselves, and queued mails stay in the outbox.
    h = await testApp({}, { worker: false });
    const p = (await h.deps.db('projects').orderBy('id').first('id', 'title', 'titleDe')) as { id: number };
    projectId = p.id;
    // Anna, 2025: CHF 100 + CHF 50 (20 refunded) + CHF 10 given at 00:30 on 1 January in Lucerne
    // (still 2024 in UTC); EUR 200 lost in a dispute; USD 75.50 disputed and won (her latest gift, in German).
    await gift(h, { cents: 10_000, currency: 'chf', at: '2025-03-10T09:00:00.000Z', projectId });
    await gift(h, { cents: 5_000, currency: 'chf', at: new Date('2025-04-01T08:00:00Z'), refunded: 2_000, kind: 'monthly' });
    await gift(h, { cents: 1_000, currency: 'chf', at: '2024-12-31T23:30:00.000Z' });
    await gift(h, { cents: 20_000, currency: 'eur', at: '2025-05-05T12:00:00.000Z', disputed: 20_000, dispute: 'lost' });
    await gift(h, { cents: 7_550, currency: 'usd', at: '2025-07-01T12:00:00.000Z', disputed: 7_550, dispute: 'won', language: 'de', name: 'Anna Müller-Dürrenmatt' });
    // Not hers for 2025: 1 January 2026 in Lucerne, a failed attempt, last year's gift, someone else's.
    await gift(h, { cents: 4_000, currency: 'eur', at: '2025-12-31T23:30:00.000Z' });
    await gift(h, { cents: 2_500, currency: 'chf', at: '2025-06-01T10:00:00.000Z', status: 'failed' });
    await gift(h, { cents: 9_900, currency: 'chf', at: '2024-06-01T10:00:00.000Z' });
    // Bob gave once; Carla's gift was refunded in full; Dora gave only in 2024; a gift without an address.
    await gift(h, { email: 'bob@example.org', name: 'Bob', cents: 3_000, currency: 'usd', at: '2025-02-02T10:00:00.000Z' });
    await gift(h, { email: 'carla@example.org', name: null, cents: 1_000, currency: 'eur', at: '2025-02-03T10:00:00.000Z', refunded: 1_000 });
    await gift(h, { email: 'dora@example.org', name: 'Dora', cents: 1_000, currency: 'chf', at: '2024-02-03T10:00:00.000Z' });
    await gift(h, { email: null, name: null, cents: 500, currency: 'usd', at: '2025-02-04T10:00:00.000Z' });
  });
  after(async () => {
    await h.close();
  });

  test('the Swiss calendar year begins at midnight in Lucerne', () => {
    const [from, to] = yearBounds(2025);
    assert.equal(from.toISOString(), '2024-12-31T23:00:00.000Z');
    assert.equal(to.toISOString(), '2025-12-31T23:00:00.000Z');
  });

  test('the year sums per currency deduct refunds and disputes not won', async () => {
    const s = await donorYearSummary(h.deps.db, ' Anna@Example.org ', 2025);
    assert.equal(s.email, 'anna@example.org');
    assert.equal(s.gifts.length, 5);
    assert.equal(s.language, 'de', 'the language of the latest gift of the year');
    assert.equal(s.donorName, 'Anna Müller-Dürrenmatt');
    assert.deepEqual(
      s.sums.map((x) => [x.currency, x.gifts, x.grossCents, x.refundedCents, x.disputedCents, x.netCents]),
      [
        ['usd', 1, 7_550, 0, 0, 7_550],
        ['chf', 3, 16_000, 2_000, 0, 14_000],
        ['eur', 1, 20_000, 0, 20_000, 0],
      ],
    );
    assert.equal(s.gifts[0]!.date, '2025-01-01', 'the gift at 00:30 in Lucerne on New Year');
    assert.match(s.gifts[0]!.reference, /^D-2025-\d{6}$/);
    assert.equal(s.gifts[1]!.projectId, projectId);
    const next = await donorYearSummary(h.deps.db, 'anna@example.org', 2026);
    assert.deepEqual(next.sums.map((x) => [x.currency, x.netCents]), [['eur', 4_000]]);
  });

  test('the PDF says who gives to whom, how much, in English and in German', async () => {
    const site = h.deps.config.site;
    const summary = await donorYearSummary(h.deps.db, 'anna@example.org', 2025);
    const issuedAt = new Date('2026-01-15T10:00:00Z');
    const en = await renderCertificatePdf({ summary, donorName: summary.donorName, donorEmail: summary.email, lang: 'en', site, t: tFor(h.deps.i18n, 'en'), issuedAt });
    assert.equal(en.subarray(0, 5).toString(), '%PDF-');
    assert.ok(en.length < 12_000, `a few KB, got ${en.length} bytes`);
    const enText = pdfToText(en);
    for (const expected of [site.legalName, site.address.street, `${site.address.postcode} ${site.address.town}`, 'Switzerland', 'Donation certificate 2025', 'Anna Müller-Dürrenmatt', 'anna@example.org', 'CHF 140.00', 'CHF 160.00', 'CHF 20.00', '$75.50', '€200.00', '€0.00', 'tax-deductible in Switzerland', `${site.address.town}, 15 Jan 2026`, 'General Support']) {
      assert.ok(enText.includes(expected), `English PDF shows "${expected}":\n${enText}`);
    }
    const de = await renderCertificatePdf({ summary, donorName: summary.donorName, donorEmail: summary.email, lang: 'de', site, t: tFor(h.deps.i18n, 'de'), issuedAt });
    const deText = pdfToText(de);
    for (const expected of [site.legalName, 'Schweiz', 'Spendenbescheinigung 2025', 'Anna Müller-Dürrenmatt', 'CHF 140.00', 'Abgezogen', 'Allgemeine Unterstützung', 'von den Steuern abgezogen', `${site.address.town}, 15.01.2026`]) {
      assert.ok(deText.includes(expected), `German PDF shows "${expected}":\n${deText}`);
    }
    assert.ok(!/ß/.test(deText), 'Swiss spelling');
    // Swiss grouping with the apostrophe, which Helvetica's encoding has.
    const big = await renderCertificatePdf({
      summary: { ...summary, sums: [{ currency: 'chf', gifts: 1, grossCents: 350_000, refundedCents: 0, disputedCents: 0, netCents: 350_000 }] },
      donorName: 'Łukasz Żółw 😀',
      donorEmail: summary.email,
      lang: 'de',
      site,
      t: tFor(h.deps.i18n, 'de'),
      issuedAt,
    });
    const bigText = pdfToText(big);
    assert.ok(bigText.includes('CHF 3’500.00'), bigText);
    assert.ok(bigText.includes('Lukasz Zólw ?'), 'letters Helvetica lacks become their base letter, others "?"');
    assert.equal(pdfText('Grüsse ’ € Ø'), 'Grüsse ’ € Ø');
  });

  test('a donor asks for theirs: one mail in their language with the PDF; nothing for a year without gifts', async () => {
    await runCertificateRequest(certificateDeps(h), { email: 'bob@example.org', year: 2025, lang: 'en' }, ctx(h));
    const mails = await outboxTo(h, 'bob@example.org');
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.subject, /Your donation certificate 2025/);
    assert.match(mails[0]!.textBody, /Dear Bob,/);
    assert.match(mails[0]!.textBody, /\$30\.00/);
    const a = attachmentOf(mails[0]!);
    assert.equal(a.contentType, 'application/pdf');
    assert.equal(a.filename, 'donation-certificate-2025.pdf');
    assert.ok(pdfToText(Buffer.from(a.contentBase64, 'base64')).includes('$30.00'));

    await runCertificateRequest(certificateDeps(h), { email: 'anna@example.org', year: 2025, lang: 'de' }, ctx(h));
    const anna = await outboxTo(h, 'anna@example.org');
    assert.equal(anna.length, 1);
    assert.match(anna[0]!.subject, /Ihre Spendenbescheinigung 2025/);
    assert.equal(attachmentOf(anna[0]!).filename, 'spendenbescheinigung-2025.pdf');

    await runCertificateRequest(certificateDeps(h), { email: 'dora@example.org', year: 2025, lang: 'en' }, ctx(h));
    await runCertificateRequest(certificateDeps(h), { email: 'carla@example.org', year: 2025, lang: 'en' }, ctx(h));
    await runCertificateRequest(certificateDeps(h), { email: 'not an address', year: 2025 }, ctx(h));
    assert.equal((await outboxTo(h, 'dora@example.org')).length, 0);
    assert.equal((await outboxTo(h, 'carla@example.org')).length, 0, 'a gift refunded in full certifies nothing');
    await h.deps.db('outbox').delete();
  });

  test('a run mails each donor once; running the job again sends nothing twice', async () => {
    const res = await request(h.app).post('/api/admin/donations/certificates/runs').set(ADMIN).send({ year: 2025 }).expect(202);
    const runId = res.body.run.id as number;
    assert.equal(res.body.run.status, 'running');
    // A second start while it runs is refused.
    const again = await request(h.app).post('/api/admin/donations/certificates/runs').set(ADMIN).send({ year: 2025 }).expect(409);
    assert.match(again.body.error, /already being sent/);

    await runCertificateRun(certificateDeps(h), { runId }, ctx(h));
    let run = (await findCertificateRun(h.deps.db, runId))!;
    assert.deepEqual([run.status, run.total, run.sent, run.skipped, run.failed], ['done', 3, 2, 1, 0]);
    const anna = await outboxTo(h, 'anna@example.org');
    assert.equal(anna.length, 1);
    assert.match(anna[0]!.subject, /Spendenbescheinigung 2025/, 'in the language of her latest gift');
    assert.ok(pdfToText(Buffer.from(attachmentOf(anna[0]!).contentBase64, 'base64')).includes('CHF 140.00'));
    assert.equal((await outboxTo(h, 'bob@example.org')).length, 1);
    assert.equal((await outboxTo(h, 'carla@example.org')).length, 0);
    assert.equal((await outboxTo(h, 'dora@example.org')).length, 0);

    // The same job once more (a retry after its last mail, before it could say so): nothing new.
    await h.deps.db('certificate_runs').where({ id: runId }).update({ status: 'running', finishedAt: null });
    await runCertificateRun(certificateDeps(h), { runId }, ctx(h));
    await runCertificateRun(certificateDeps(h), { runId }, ctx(h));
    assert.equal(Number((await h.deps.db('outbox').count({ n: '*' }).first())!.n), 2);
    run = (await findCertificateRun(h.deps.db, runId))!;
    assert.deepEqual([run.status, run.sent, run.skipped], ['done', 2, 1]);
    await h.deps.db('outbox').delete();
  });

  test('an interrupted run resumes with the donors still pending, and a failed queueing leaves the donor pending', async () => {
    for (let i = 1; i <= 4; i++) await gift(h, { email: `late${i}@example.org`, name: `Late ${i}`, cents: 1_000 * i, currency: 'chf', at: `2023-0${i}-10T10:00:00.000Z` });
    const run = await startCertificateRun(h.deps.db, h.deps.jobs, 2023, 'test');

    // A shutdown arrives while the first mail is queued.
    const stop = new AbortController();
    const interrupting: MailProvider = { ...h.deps.mail, send: async (m, o) => { await h.deps.mail.send(m, o); stop.abort(); } };
    await assert.rejects(runCertificateRun(certificateDeps(h, interrupting), { runId: run.id }, ctx(h, stop.signal)), /stopped by a shutdown/);
    let now = (await findCertificateRun(h.deps.db, run.id))!;
    assert.deepEqual([now.status, now.total, now.sent], ['running', 4, 1]);

    // The next attempt: queueing the mail fails (the database had a moment), so nothing is counted or sent.
    const failing: MailProvider = { ...h.deps.mail, send: async () => { throw new Error('connection lost'); } };
    await assert.rejects(runCertificateRun(certificateDeps(h, failing), { runId: run.id }, ctx(h, undefined, 2)), /connection lost/);
    now = (await findCertificateRun(h.deps.db, run.id))!;
    assert.equal(now.sent, 1);
    assert.equal(await h.deps.db('certificate_sends').where({ runId: run.id, status: 'pending' }).count({ n: '*' }).first().then((r) => Number(r!.n)), 3);

    // Then it resumes and finishes: every donor exactly one mail.
    await runCertificateRun(certificateDeps(h), { runId: run.id }, ctx(h, undefined, 3));
    now = (await findCertificateRun(h.deps.db, run.id))!;
    assert.deepEqual([now.status, now.total, now.sent, now.skipped, now.failed], ['done', 4, 4, 0, 0]);
    for (let i = 1; i <= 4; i++) assert.equal((await outboxTo(h, `late${i}@example.org`)).length, 1, `late${i}`);
  });

  test('the job gives up for good: the run says failed', async () => {
    const run = await startCertificateRun(h.deps.db, h.deps.jobs, 2024, 'test');
    const failing: MailProvider = { ...h.deps.mail, send: async () => { throw new Error('mail queue unavailable'); } };
    await assert.rejects(runCertificateRun(certificateDeps(h, failing), { runId: run.id }, ctx(h, undefined, 10)));
    const now = (await findCertificateRun(h.deps.db, run.id))!;
    assert.equal(now.status, 'failed');
    assert.match(now.error ?? '', /mail queue unavailable/);
    // A failed run frees the year for a new one.
    const next = await startCertificateRun(h.deps.db, h.deps.jobs, 2024, 'test');
    // A run whose job vanished (still 'running' hours later) does not block the year for ever.
    await h.deps.db('certificate_runs').where({ id: next.id }).update({ createdAt: new Date(Date.now() - 7 * 3_600_000).toISOString() });
    const third = await startCertificateRun(h.deps.db, h.deps.jobs, 2024, 'test');
    assert.equal((await findCertificateRun(h.deps.db, next.id))!.status, 'failed');
    assert.equal(third.status, 'running');
  });
});
