// The yearly appeal to last year's bank-transfer donors: in YEARLY_APPEAL_MONTH only, one mail per
// donor and year however many runs and instances (two apps on one database), with last year's
// total, a thank-you and their own QR-bill as a PDF (their reference, no amount), in the donor's
// language; not to a card-only donor, an erased one, nor after "no more of these" (its link's page
// and button); the person's data lists it and its erasure removes it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { ON_POSTGRES, pdfToText, twoInstances } from '../helpers';
import { runYearlyAppeal, runYearlyAppealJob, YEARLY_APPEAL_TASK, type YearlyAppealDeps } from '../../models/giving/yearly-appeal';
import { loadConfig } from '../../config';
import { donorReferenceFor } from '../../models/giving/bank-import';
import { erasePersonalData, personalDataOf } from '../../models/privacy/personal-data';
import { formatReference } from '../../models/shared/qr-bill-rules';
import { tFor } from '../../models/shared/text';
import type { MailAttachment } from '../../models/providers/mail';
import { yearlyAppealMail } from '../../views/mails/yearly-appeal';

const ANNA = 'anna.bank@example.ch';
const GRETA = 'greta.bank@example.ch';
const CARL = 'carl.card@example.ch';
const OLD = 'olga.old@example.ch';
const ERASED = 'erased-0123456789abcdef@invalid';
const JANUARY_2026 = new Date('2026-01-15T09:00:00Z');

let n = 0;
async function gift(h: AppHandle, g: { email: string; cents: number; currency: string; at: string; kind?: string; language?: 'en' | 'de'; name?: string | null; refunded?: number }) {
  await h.deps.db('donations').insert({
    paymentIntentId: `appeal_${++n}`,
    amountCents: g.cents,
    currency: g.currency,
    status: 'succeeded',
    appliedAt: g.at,
    createdAt: g.at,
    donorEmail: g.email,
    donorName: g.name ?? null,
    language: g.language ?? 'en',
    kind: g.kind ?? 'bank',
    refundedCents: g.refunded ?? 0,
    settledCents: g.cents,
    settledCurrency: 'usd',
  });
}

const deps = (h: AppHandle): YearlyAppealDeps => ({
  db: h.deps.db,
  mail: h.deps.mail,
  site: h.deps.config.site,
  publicUrl: h.deps.config.publicUrl,
  month: h.deps.config.yearlyAppealMonth,
  texts: (lang) => tFor(h.deps.i18n, lang),
  log: h.deps.log,
  renderMail: yearlyAppealMail,
});

type Outbox = { subject: string; textBody: string; htmlBody: string; headers: string | null; attachments: string | null };
/** The mails to an address (the amounts' narrow spaces read as spaces). */
const outboxTo = async (h: AppHandle, to: string) =>
  ((await h.deps.db('outbox').where({ toAddress: to }).orderBy('id')) as Outbox[]).map((m) => ({ ...m, textBody: m.textBody.replace(/[\u00a0\u202f]/g, ' ') }));
const attachmentOf = (mail: Outbox) => (JSON.parse(mail.attachments ?? '[]') as MailAttachment[])[0]!;
const stopPath = (mail: Outbox) => new URL(/https?:\/\/\S+\/yearly-appeal\/stop\?token=\S+/.exec(mail.textBody)![0]).pathname + new URL(/https?:\/\/\S+\/yearly-appeal\/stop\?token=\S+/.exec(mail.textBody)![0]).search;

describe('the yearly appeal to last year\'s bank-transfer donors', () => {
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    ({ a, b, close } = await twoInstances('yearly-appeal'));
    // 2025: Anna by bank (CHF 100 and CHF 50) and by card (EUR 20); Greta by bank, in German; Carl by card only;
    // a bank gift of an erased donor; Olga gave by bank in 2024 only.
    await gift(a, { email: ANNA, cents: 10_000, currency: 'chf', at: '2025-03-10T11:00:00.000Z', name: 'Anna Muster' });
    await gift(a, { email: ANNA, cents: 5_000, currency: 'chf', at: '2025-09-01T11:00:00.000Z' });
    await gift(a, { email: ANNA, cents: 2_000, currency: 'eur', at: '2025-11-20T15:00:00.000Z', kind: 'one_off' });
    await gift(a, { email: GRETA, cents: 8_000, currency: 'chf', at: '2025-06-02T11:00:00.000Z', language: 'de', name: 'Greta Beispiel' });
    await gift(a, { email: CARL, cents: 3_000, currency: 'chf', at: '2025-05-05T09:00:00.000Z', kind: 'one_off' });
    await gift(a, { email: ERASED, cents: 4_000, currency: 'chf', at: '2025-05-06T11:00:00.000Z' });
    await gift(a, { email: OLD, cents: 4_000, currency: 'chf', at: '2024-05-06T11:00:00.000Z' });
  });
  after(() => close());

  test('one daily job for both instances, queued again by each run; YEARLY_APPEAL_MONTH is 1-12', async () => {
    const jobsTable = ON_POSTGRES ? 'graphile_worker._private_jobs' : 'jobs';
    const keyed = async () => Number((await a.deps.db(jobsTable).where({ key: YEARLY_APPEAL_TASK }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
    assert.equal(await keyed(), 1, 'two starts, one job');
    await runYearlyAppealJob({ ...deps(b), jobs: b.deps.jobs });
    assert.equal(await keyed(), 1, 'the next run replaces it');
    assert.equal(loadConfig({}).yearlyAppealMonth, 1);
    assert.equal(loadConfig({ YEARLY_APPEAL_MONTH: '11' }).yearlyAppealMonth, 11);
    assert.throws(() => loadConfig({ YEARLY_APPEAL_MONTH: '13' }), /YEARLY_APPEAL_MONTH/);
  });

  test('outside YEARLY_APPEAL_MONTH (January by default) nothing is sent', async () => {
    assert.equal(a.deps.config.yearlyAppealMonth, 1);
    for (const at of ['2026-02-01T09:00:00Z', '2026-12-31T22:30:00Z', '2025-12-31T22:59:00Z']) {
      assert.deepEqual(await runYearlyAppeal(deps(a), new Date(at)), { year: null, sent: 0 }, at);
    }
    // (The last minutes of 31 December in Zurich are still December.) Another month set: January does nothing.
    assert.equal((await runYearlyAppeal({ ...deps(a), month: 3 }, new Date('2026-01-20T09:00:00Z'))).sent, 0);
    for (const email of [ANNA, GRETA]) assert.deepEqual(await outboxTo(a, email), []);
  });

  test('in January: each bank donor of last year once, on two instances and in repeated runs; nobody else', async () => {
    const runs = await Promise.all([runYearlyAppeal(deps(a), JANUARY_2026), runYearlyAppeal(deps(b), JANUARY_2026), runYearlyAppeal(deps(b), JANUARY_2026)]);
    assert.ok(runs.every((r) => r.year === 2025));
    assert.equal(runs.reduce((s, r) => s + r.sent, 0), 2, JSON.stringify(runs));
    assert.equal((await runYearlyAppeal(deps(a), new Date('2026-01-16T09:00:00Z'))).sent, 0, 'the next day: nothing again');
    assert.equal((await outboxTo(a, ANNA)).length, 1);
    assert.equal((await outboxTo(a, GRETA)).length, 1);
    for (const email of [CARL, OLD, ERASED]) assert.deepEqual(await outboxTo(a, email), [], email);
  });

  test('the mail: last year\'s total per currency, thanks, the stop link; the PDF is a QR-bill with the donor\'s reference and no amount', async () => {
    const [mail] = await outboxTo(a, ANNA);
    const reference = formatReference(await donorReferenceFor(a.deps.db, ANNA));
    assert.equal(mail!.subject, `Thank you for 2025: your QR-bill from ${a.deps.config.site.legalName}`);
    assert.match(mail!.textBody, /^Dear Anna Muster,/);
    assert.match(mail!.textBody, /In 2025 you gave .* a total of:\n- CHF 150\.00\n- €20\.00\n/);
    assert.match(mail!.textBody, /Thank you!/);
    assert.ok(mail!.textBody.includes(`your donor reference ${reference}`), mail!.textBody);
    assert.match(mail!.htmlBody, /CHF\s150\.00/);
    assert.match(mail!.textBody, /No more of these: http\S+\/yearly-appeal\/stop\?token=/);
    assert.match(JSON.parse(mail!.headers!)['List-Unsubscribe'], /\/yearly-appeal\/stop\?token=/);
    const pdf = attachmentOf(mail!);
    assert.equal(pdf.filename, 'qr-bill-2026.pdf');
    assert.equal(pdf.contentType, 'application/pdf');
    const bytes = Buffer.from(pdf.contentBase64, 'base64');
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const text = pdfToText(bytes);
    assert.match(text, /Your QR-bill for/);
    assert.match(text, /Payment part/);
    assert.ok(text.includes(reference), `the reference ${reference} on the bill:\n${text}`);
    assert.doesNotMatch(text, /\d+\.\d\d\b/, 'no amount on the bill');
  });

  test('a German donor gets the German mail and a German bill', async () => {
    const [mail] = await outboxTo(a, GRETA);
    assert.match(mail!.subject, /^Danke für 2025: Ihr QR-Einzahlungsschein von /);
    assert.match(mail!.textBody, /^Guten Tag Greta Beispiel/);
    assert.match(mail!.textBody, /insgesamt gespendet:\n- CHF 80\.00\n/);
    assert.match(mail!.textBody, /Keine solchen E-Mails mehr: http\S+\/de\/yearly-appeal\/stop\?token=/);
    const pdf = attachmentOf(mail!);
    assert.equal(pdf.filename, 'qr-einzahlungsschein-2026.pdf');
    const text = pdfToText(Buffer.from(pdf.contentBase64, 'base64'));
    assert.match(text, /Zahlteil/);
    assert.ok(text.includes(formatReference(await donorReferenceFor(a.deps.db, GRETA))));
  });

  test('"no more of these": the link shows a button, its POST records it, and next year\'s run skips the donor', async () => {
    const [mail] = await outboxTo(a, ANNA);
    const path = stopPath(mail!);
    const page = await request(b.app).get(path).expect(200);
    assert.match(page.text, /No more yearly QR-bills\?/);
    assert.match(page.text, /<button type="submit" class="btn btn-primary">No more of these<\/button>/);
    assert.equal(page.headers['cache-control'], 'no-store');
    // The GET alone (a mail scanner) changes nothing; a POST from elsewhere neither.
    assert.equal(await a.deps.db('yearly_appeal_optouts').count({ n: '*' }).first().then((r) => Number((r as { n: unknown }).n)), 0);
    const token = new URL(path, 'http://x').searchParams.get('token')!;
    await request(a.app).post('/yearly-appeal/stop').set('Origin', 'https://evil.example').type('form').send({ token }).expect(403);
    const origin = new URL(a.deps.config.publicUrl).origin;
    const done = await request(a.app).post('/yearly-appeal/stop').set('Origin', origin).type('form').send({ token }).expect(200);
    assert.match(done.text, new RegExp(`${ANNA.replace(/\./g, '\\.')} gets no more yearly thank-you`));
    assert.match((await request(a.app).get(path).expect(200)).text, /No more yearly QR-bills</, 'the link says it is done');
    // German, and an unknown token.
    const de = await request(a.app).get(stopPath((await outboxTo(a, GRETA))[0]!)).expect(200);
    assert.match(de.text, /Keine jährlichen QR-Einzahlungsscheine mehr\?/);
    await request(a.app).get('/yearly-appeal/stop?token=unknown').expect(404);
    await request(a.app).post('/de/yearly-appeal/stop').set('Origin', origin).type('form').send({ token: 'unknown' }).expect(404);

    // 2026: both gave by bank again; in January 2027 only Greta hears from us.
    await gift(a, { email: ANNA, cents: 10_000, currency: 'chf', at: '2026-04-10T11:00:00.000Z' });
    await gift(a, { email: GRETA, cents: 9_000, currency: 'chf', at: '2026-04-10T11:00:00.000Z', language: 'de' });
    assert.equal((await runYearlyAppeal(deps(b), new Date('2027-01-05T09:00:00Z'))).sent, 1);
    assert.equal((await outboxTo(a, ANNA)).length, 1, 'kept: no mail after the opt-out');
    assert.equal((await outboxTo(a, GRETA)).length, 2);
  });

  test('the person\'s data names the appeal and its opt-out; the erasure removes them', async () => {
    const data = await personalDataOf(a.deps.db, ANNA);
    assert.deepEqual(data.yearlyAppeals.map((x) => [x.event, x.year]), [['mailed', 2025], ['stopped', null]]);
    await erasePersonalData(a.deps.db, ANNA, 'secret-of-this-site');
    assert.deepEqual((await personalDataOf(a.deps.db, ANNA)).yearlyAppeals, []);
    assert.equal(await a.deps.db('yearly_appeals').where({ email: ANNA }).first(), undefined);
  });
});
