// Giving without a card (issue 39, point 6): under the setup message the bank transfer keeps the
// gift chosen (amount, currency, project or fundraiser) on the QR-bill and its PDF, which name the
// project; a regular gift by standing order with the donor's own reference, mailed in one step
// (POST /api/donor/reference and the form without JavaScript); and "Manage my donations" is linked
// from the footer and the setup screen.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, until } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { donorReferenceFor } from '../../models/giving/bank-import';
import { formatReference, scorReference } from '../../models/shared/qr-bill-rules';
import { DONOR_LINKS_LIMIT } from '../../controllers/donor';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const decode = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\u00a0/g, ' ');

/** The text a PDF shows (pdfkit's standard fonts: hex strings in Tj/TJ, inside deflated streams). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const t of body.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const parts = t[1] !== undefined ? [...t[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]!) : [t[2]!];
      out += `${parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join('')}\n`;
    }
  }
  return out.replace(/\s+/g, ' ');
}

describe('giving without a card', () => {
  let h: AppHandle;
  let project: { id: number; slug: string; title: string; titleDe: string };
  let fundraiser: { id: number; slug: string; projectId: number };
  before(async () => {
    // No Stripe keys: the checkout is the setup screen. Jobs are not worked: mails stay in the outbox.
    h = await testApp({}, { worker: false });
    project = await h.deps.db('projects').where({ status: 'funding' }).orderBy('id').first('id', 'slug', 'title', 'titleDe');
    fundraiser = await h.deps.db('fundraisers').where({ status: 'approved' }).orderBy('id').first('id', 'slug', 'projectId');
  });
  after(async () => h?.close());
  beforeEach(async () => {
    await h.deps.db('rate_limits').delete();
  });

  describe('the bill keeps the gift chosen', () => {
    test('the server-rendered checkout (German, CHF) keeps ?amount and ?project on the bill, its PDF link and the details', async () => {
      const html = decode((await request(h.app).get(`/de/checkout?amount=150&project=${project.slug}`).expect(200)).text);
      assert.ok(html.includes('Einrichtung des Spendensystems erforderlich'), 'the spec message stays');
      const query = `?project=${project.slug}&amount=150.00&currency=chf`;
      assert.ok(html.includes(`src="/de/qr-bill.svg${query}"`), 'the picture');
      assert.ok(html.includes(`href="/de/qr-bill.pdf${query}"`), 'the PDF of this gift');
      assert.match(html, /<dt>Betrag<\/dt><dd class="mono">CHF 150.00<\/dd>/);
      assert.ok(html.includes(formatReference(scorReference(`P${project.id}`))));
      // The standing order and the manage link on the same screen.
      assert.ok(html.includes('Regelmässig spenden per Dauerauftrag'));
      assert.ok(html.includes('action="/de/checkout/reference"'));
      assert.match(html, /<a href="\/de\/donations\/manage">Meine Spenden verwalten<\/a>/);
    });

    test('a fundraiser in EUR: its bill with the amount; in USD (English): no amount, and why', async () => {
      const eur = decode((await request(h.app).get(`/checkout?amount=40&currency=eur&project=${project.slug}`).expect(200)).text);
      assert.ok(eur.includes(`src="/qr-bill.svg?project=${project.slug}&amount=40.00&currency=eur"`));
      assert.match(eur, /<dd class="mono">€40.00<\/dd>/);
      const fr = decode((await request(h.app).get(`/checkout?amount=75&fundraiser=${fundraiser.slug}`).expect(200)).text);
      assert.ok(fr.includes(`href="/qr-bill.pdf?fundraiser=${fundraiser.slug}&amount=75.00&currency=chf"`), 'the fundraiser (in its own currency, CHF)');
      const usd = decode((await request(h.app).get(`/checkout?amount=150&project=${project.slug}`).expect(200)).text);
      assert.ok(usd.includes(`src="/qr-bill.svg?project=${project.slug}"`), 'USD: the project bill without an amount');
      assert.ok(usd.includes(`href="/qr-bill.pdf?project=${project.slug}"`));
      assert.ok(usd.includes('<p class="qr-bill-no-amount">A Swiss QR-bill can only be in francs or euros, so this one carries no amount in USD: enter yours in CHF.</p>'));
    });

    test("GET /qr-bill.pdf for a project with an amount (CHF): the amount, the project's reference, the project named", async () => {
      for (const [lang, prefix, title] of [['en', '', project.title], ['de', '/de', project.titleDe]] as const) {
        const res = await request(h.app).get(`${prefix}/qr-bill.pdf?project=${project.slug}&amount=150&currency=chf`).buffer(true).parse(binary).expect(200);
        assert.match(res.headers['content-type'] ?? '', /^application\/pdf/);
        const text = pdfText(res.body as Buffer);
        assert.ok(text.includes('CHF 150.00'), `${lang}: the amount (${text.slice(0, 400)})`);
        assert.ok(text.includes(formatReference(scorReference(`P${project.id}`))), `${lang}: the project's reference`);
        assert.ok(text.includes(`${lang === 'de' ? 'Spende' : 'Donation'}: ${title.slice(0, 20)}`), `${lang}: names the project`);
      }
    });

    test('GET /qr-bill.pdf for a fundraiser: with an amount in EUR, and without one', async () => {
      const withAmount = pdfText((await request(h.app).get(`/de/qr-bill.pdf?fundraiser=${fundraiser.slug}&amount=25.50&currency=eur`).buffer(true).parse(binary).expect(200)).body as Buffer);
      assert.ok(withAmount.includes('EUR 25.50'), withAmount.slice(0, 400));
      assert.ok(withAmount.includes(formatReference(scorReference(`F${fundraiser.id}`))));
      const own = await h.deps.db('projects').where({ id: fundraiser.projectId }).first('titleDe');
      assert.ok(withAmount.includes(`Spende: ${String(own.titleDe).slice(0, 20)}`), 'names the fundraiser\'s project');
      const without = pdfText((await request(h.app).get(`/qr-bill.pdf?fundraiser=${fundraiser.slug}`).buffer(true).parse(binary).expect(200)).body as Buffer);
      assert.ok(without.includes(formatReference(scorReference(`F${fundraiser.id}`))));
      assert.doesNotMatch(without, /CHF \d/, 'no amount');
    });

    test('the picture carries the same: amount, reference, the project named', async () => {
      const svg = ((await request(h.app).get(`/qr-bill.svg?project=${project.slug}&amount=150&currency=chf`).buffer(true).parse(binary).expect(200)).body as Buffer).toString('utf8');
      for (const text of ['150.00', formatReference(scorReference(`P${project.id}`)), `Donation: ${project.title.slice(0, 20)}`]) assert.ok(svg.includes(text), text);
    });

    test('a malformed query is a 400 that says what is wrong (never a 500); an unknown project a 404', async () => {
      const cases: [string, RegExp][] = [
        [`/qr-bill.pdf?project=${project.slug}&amount=abc`, /amount must be a number from 1.00 to 999999.99/],
        [`/qr-bill.pdf?project=${project.slug}&amount=150&currency=usd`, /currency must be chf or eur/],
        [`/qr-bill.svg?project=${project.slug}&fundraiser=${fundraiser.slug}`, /either project or fundraiser/],
        [`/qr-bill.pdf?project=a&project=b`, /project must be given once/],
        ['/qr-bill.pdf?amount=0.001', /at most two decimals/],
      ];
      for (const [path, message] of cases) {
        const res = await request(h.app).get(path).expect(400);
        assert.match(decode(res.text), message, path);
        const json = await request(h.app).get(path).set('Accept', 'application/json').expect(400);
        assert.match(json.body.error, message, path);
      }
      await request(h.app).get('/qr-bill.pdf?project=no-such-project&amount=10').expect(404);
      // The general bill with an amount.
      const general = pdfText((await request(h.app).get('/qr-bill.pdf?amount=20&currency=chf').buffer(true).parse(binary).expect(200)).body as Buffer);
      assert.ok(general.includes('CHF 20.00') && general.includes('RF10 GIFT'));
    });
  });

  describe('send me my reference', () => {
    test('the same answer for an unknown and a known address; each gets one mail with its own reference', async () => {
      const known = 'greta.spender@example.ch';
      const reference = formatReference(await donorReferenceFor(h.deps.db, known));
      const unknown = `nobody-${Date.now()}@example.org`;
      const a = await request(h.app).post('/api/donor/reference').send({ email: unknown, language: 'en' }).expect(200);
      const b = await request(h.app).post('/api/donor/reference').send({ email: 'Greta.Spender@Example.ch', language: 'en' }).expect(200);
      assert.deepEqual(a.body, b.body);
      assert.deepEqual(a.body, { ok: true, message: 'Thank you. Your reference is on its way to the address you entered, with the steps and our account.' });
      assert.equal(a.headers['cache-control'], 'no-store');
      await until(async () => (await outboxFor(h.deps.db, known)).length > 0 && (await outboxFor(h.deps.db, unknown)).length > 0, 'both mails');
      const mails = await outboxFor(h.deps.db, known);
      assert.equal(mails.length, 1, 'one mail');
      assert.ok(mails[0]!.subject.includes(reference), 'the existing reference, not a new one');
      for (const text of [reference, 'standing order', 'CH52 0000 0000 0123 4567 8', 'Kuvaka Community Trust', 'monthly, quarterly, half-yearly or yearly', '/donations/manage']) assert.ok(mails[0]!.textBody.includes(text), text);
      const theirs = formatReference(await donorReferenceFor(h.deps.db, unknown));
      assert.ok((await outboxFor(h.deps.db, unknown))[0]!.textBody.includes(theirs), 'a new donor gets a new reference');
      assert.notEqual(theirs, reference);
    });

    test('in German: the German answer and a German mail (Dauerauftrag, /de link, no ß)', async () => {
      const email = `dauerauftrag-${Date.now()}@example.ch`;
      const res = await request(h.app).post('/api/donor/reference').send({ email, language: 'de' }).expect(200);
      assert.match(res.body.message, /Ihre Referenz ist mit den Schritten und unserem Konto unterwegs/);
      await until(async () => (await outboxFor(h.deps.db, email)).length > 0, 'the German mail');
      const [mail] = await outboxFor(h.deps.db, email);
      assert.match(mail!.subject, /Ihre persönliche Referenz für Spenden an/);
      assert.match(mail!.textBody, /Dauerauftrag/);
      assert.match(mail!.textBody, /\/de\/donations\/manage/);
      assert.doesNotMatch(mail!.textBody, /ß/);
    });

    test('a missing or malformed address: 400 with a clear message; no mail, no reference made', async () => {
      const missing = await request(h.app).post('/api/donor/reference').send({ language: 'en' }).expect(400);
      assert.equal(missing.body.error, 'Please enter your e-mail address.');
      const bad = await request(h.app).post('/api/donor/reference').send({ email: 'not-an-address', language: 'de' }).expect(400);
      assert.match(bad.body.error, /gültige E-Mail-Adresse/);
      assert.equal(bad.body.code, 'validation');
      assert.equal(await h.deps.db('donor_references').where({ email: 'not-an-address' }).first(), undefined);
    });

    test('without JavaScript: the form answers on the checkout, keeping the gift; a bad address shows the form again (400)', async () => {
      const email = `form-${Date.now()}@example.ch`;
      const fields = { language: 'de', project: project.slug, amount: '150.00', currency: 'chf' };
      const ok = await request(h.app).post('/de/checkout/reference').type('form').send({ ...fields, email }).expect(303);
      assert.equal(ok.headers.location, `/de/checkout?project=${project.slug}&amount=150.00&currency=chf&reference=sent#standing-order`);
      const page = decode((await request(h.app).get(ok.headers.location!.split('#')[0]!).expect(200)).text);
      assert.ok(page.includes('Vielen Dank. Ihre Referenz ist mit den Schritten und unserem Konto unterwegs'));
      assert.ok(page.includes(`src="/de/qr-bill.svg?project=${project.slug}&amount=150.00&currency=chf"`), 'the bill still has the gift');
      await until(async () => (await outboxFor(h.deps.db, email)).length > 0, 'the mail of the form');
      const bad = await request(h.app).post('/de/checkout/reference').type('form').send({ ...fields, email: 'kaputt' }).expect(400);
      const html = decode(bad.text);
      assert.ok(html.includes('Bitte geben Sie eine gültige E-Mail-Adresse ein'));
      assert.ok(html.includes('value="kaputt"'));
      assert.ok(html.includes(`src="/de/qr-bill.svg?project=${project.slug}&amount=150.00&currency=chf"`), 'the same checkout, with the gift');
      assert.equal(bad.headers['cache-control'], 'no-store');
    });

    test('rate limited per client, the API and the form together', async () => {
      for (let i = 0; i < DONOR_LINKS_LIMIT - 1; i++) await request(h.app).post('/api/donor/reference').send({ email: `r${i}@example.org` }).expect(200);
      await request(h.app).post('/checkout/reference').type('form').send({ email: 'f@example.org', language: 'en' }).expect(303);
      const limited = await request(h.app).post('/api/donor/reference').send({ email: 'late@example.org', language: 'en' }).expect(429);
      assert.equal(limited.body.error, 'Too many references were asked for from this connection. Please wait 15 minutes and try again.');
      const form = await request(h.app).post('/de/checkout/reference').type('form').send({ email: 'late@example.org', language: 'de' }).expect(429);
      assert.ok(decode(form.text).includes('Von dieser Verbindung wurden zu viele Referenzen angefordert'));
      assert.deepEqual(await outboxFor(h.deps.db, 'late@example.org'), []);
    });
  });

  test('the footer links to Manage my donations in both languages', async () => {
    for (const [path, href, label] of [['/', '/donations/manage', 'Manage my donations'], ['/de/projects', '/de/donations/manage', 'Meine Spenden verwalten']] as const) {
      const footer = /<footer[\s\S]*?<\/footer>/.exec((await request(h.app).get(path).expect(200)).text)?.[0] ?? '';
      assert.ok(footer.includes(`<a href="${href}">${label}</a>`), path);
    }
  });
});
