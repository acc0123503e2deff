// The Swiss QR-bill for donations by bank transfer: the creditor reference's check digits, the
// account checks, the SVG and the PDF that swissqrbill draws from the configuration.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { calculateSCORReferenceChecksum, isSCORReferenceValid } from 'swissqrbill/utils';
import { compactQrModules, qrBillData, QrBillError, renderQrBillPdf, renderQrBillSvg, type QrBillSite } from '../../models/giving/qr-bill';
import { formatIban, formatReference, QR_BILL_REFERENCE, qrBillAccountProblem, qrBillQuery, qrBillText, scorReference } from '../../models/shared/qr-bill-rules';
import { loadConfig } from '../../config';

const SITE: QrBillSite = {
  legalName: 'Verein Kuvaka Community Trust',
  address: { street: 'Musterstrasse 12', postcode: '6000', town: 'Luzern', country: 'CH' },
  iban: 'CH52 0000 0000 0123 4567 8',
};
const TEXTS = { title: 'Donation by bank transfer', text: 'Scan the QR code.' };

describe('creditor reference (ISO 11649)', () => {
  test('check digits: the standard\'s example, the site\'s reference, and the library agrees', () => {
    assert.equal(scorReference('539007547034'), 'RF18539007547034');
    assert.equal(QR_BILL_REFERENCE, 'RF10GIFT');
    assert.equal(formatReference(QR_BILL_REFERENCE), 'RF10 GIFT');
    for (const base of ['GIFT', 'A1', '2026GIFT', 'ZZZZZZZZZZZZZZZZZZZZZ', '000000001']) {
      const ref = scorReference(base);
      assert.equal(ref.slice(2, 4), calculateSCORReferenceChecksum(base), base);
      assert.ok(isSCORReferenceValid(ref), ref);
    }
  });

  test('refuses what a creditor reference cannot hold', () => {
    assert.throws(() => scorReference(''), /1-21 letters and digits/);
    assert.throws(() => scorReference('GIFT-2026'), /1-21 letters and digits/);
    assert.throws(() => scorReference('A'.repeat(22)), /1-21 letters and digits/);
  });
});

describe('the account on the bill', () => {
  test('the configured default is a valid ordinary Swiss IBAN', () => {
    const site = loadConfig({ NODE_ENV: 'test' }).site;
    assert.equal(qrBillAccountProblem(site.iban), null);
    assert.equal(formatIban(site.iban), 'CH52 0000 0000 0123 4567 8');
  });

  test('wrong check digits, a foreign account and a QR-IBAN are refused, with the reason', () => {
    assert.equal(qrBillAccountProblem('CH53 0000 0000 0123 4567 8'), 'invalid');
    assert.equal(qrBillAccountProblem('not an iban'), 'invalid');
    assert.equal(qrBillAccountProblem('DE89 3704 0044 0532 0130 00'), 'not_swiss');
    assert.equal(qrBillAccountProblem('CH44 3199 9123 0008 8901 2'), 'qr_iban');
    assert.throws(() => qrBillData({ ...SITE, iban: 'CH53 0000 0000 0123 4567 8' }), (err: Error) => err instanceof QrBillError && /ORG_IBAN .* is not a valid IBAN/.test(err.message));
    assert.throws(() => qrBillData({ ...SITE, iban: 'CH44 3199 9123 0008 8901 2' }), /is a QR-IBAN, which needs a 27-digit QR reference/);
    assert.throws(() => renderQrBillSvg({ ...SITE, iban: 'CH44 3199 9123 0008 8901 2' }, 'en'), QrBillError);
  });

  test('the bill: CHF, no amount, no debtor, the SCOR reference and the message', () => {
    const data = qrBillData(SITE);
    assert.equal(data.currency, 'CHF');
    assert.equal(data.amount, undefined);
    assert.equal(data.debtor, undefined);
    assert.equal(data.reference, 'RF10GIFT');
    assert.equal(data.message, 'Donation / Spende');
    assert.deepEqual(data.creditor, { account: 'CH5200000000012345678', name: SITE.legalName, address: 'Musterstrasse 12', zip: '6000', city: 'Luzern', country: 'CH' });
  });
});

describe('the drawings', () => {
  test('SVG: scalable, in the page\'s language, with the IBAN, the legal name and the reference, and small', () => {
    const en = renderQrBillSvg(SITE, 'en');
    const de = renderQrBillSvg(SITE, 'de');
    assert.match(en, /^<svg viewBox="0 0 793\.70 396\.85" /);
    for (const svg of [en, de]) {
      assert.ok(svg.includes('CH52 0000 0000 0123 4567 8'));
      assert.ok(svg.includes(SITE.legalName));
      assert.ok(svg.includes('RF10 GIFT'));
      assert.ok(svg.includes('Donation / Spende'));
    }
    assert.ok(en.includes('Payment part') && !en.includes('Zahlteil'));
    assert.ok(de.includes('Zahlteil'));
    // The QR code as one path instead of ~1,700 rectangles: 220 KB would weigh down a page.
    assert.ok(en.length < 30_000, `${en.length} characters`);
    assert.equal((en.match(/<path d="M\d+ \d+h/g) ?? []).length, 1);
    assert.equal((en.match(/<rect /g) ?? []).length < 20, true);
  });

  test('the compacted QR code covers exactly the modules the library drew', () => {
    const size = 46 / 25;
    const modules = [
      [0, 0], [1, 0], [2, 0], [5, 0], [0, 1], [3, 1], [4, 1],
      ...Array.from({ length: 120 }, (_, i) => [i % 25, 3 + Math.floor(i / 25)] as const),
    ];
    const rects = modules.map(([c, r]) => `<rect x="${c! * size}mm" y="${r! * size}mm" width="${size}mm" height="${size}mm" fill="black" />`).join('');
    const out = compactQrModules(`<svg><svg x="67mm">${rects}<rect x="20mm" y="20mm" width="6mm" height="6mm" fill="black" /></svg></svg>`);
    const d = /<path d="([^"]+)"/.exec(out)![1]!;
    const covered = new Set<string>();
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let i = 0; i < Number(w); i++) covered.add(`${Number(x) + i},${y}`);
    }
    assert.deepEqual([...covered].sort(), [...new Set(modules.map(([c, r]) => `${c},${r}`))].sort());
    assert.match(out, /viewBox="0 0 25 25"/);
    // The Swiss cross (other sizes) stays as it was.
    assert.ok(out.includes('<rect x="20mm" y="20mm" width="6mm" height="6mm" fill="black" />'));
    // Something not shaped like a QR code is left alone.
    assert.equal(compactQrModules('<svg><rect x="1mm" y="1mm" width="2mm" height="2mm" fill="black" /></svg>'), '<svg><rect x="1mm" y="1mm" width="2mm" height="2mm" fill="black" /></svg>');
  });

  test('PDF: an A4 document with the title, in either language', async () => {
    for (const lang of ['en', 'de'] as const) {
      const pdf = await renderQrBillPdf(SITE, lang, TEXTS);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      assert.ok(pdf.length > 3000 && pdf.length < 200_000, `${pdf.length} bytes`);
      assert.match(pdf.toString('latin1'), /\/MediaBox \[0 0 595\.28 841\.89\]/);
    }
    await assert.rejects(renderQrBillPdf({ ...SITE, iban: 'CH44 3199 9123 0008 8901 2' }, 'en', TEXTS), QrBillError);
  });

  test("one gift's bill: the amount in CHF or EUR, the project named; USD carries no amount", () => {
    const chf = qrBillData(SITE, scorReference('P2'), { amountCents: 15000, currency: 'chf', message: 'Spende: Dorfgarten' });
    assert.equal(chf.currency, 'CHF');
    assert.equal(chf.amount, 150);
    assert.equal(chf.message, 'Spende: Dorfgarten');
    assert.equal(qrBillData(SITE, undefined, { amountCents: 2550, currency: 'eur' }).currency, 'EUR');
    assert.equal(qrBillData(SITE).amount, undefined, 'the general bill has no amount');
    assert.equal(qrBillQuery({ projectSlug: 'garden', amountCents: 15000, currency: 'chf' }), '?project=garden&amount=150.00&currency=chf');
    assert.equal(qrBillQuery({ projectSlug: 'garden', fundraiserSlug: 'bake-sale', amountCents: 2550, currency: 'eur' }), '?fundraiser=bake-sale&amount=25.50&currency=eur');
    assert.equal(qrBillQuery({ projectSlug: 'garden', amountCents: 15000, currency: 'usd' }), '?project=garden', 'USD: no amount');
    assert.equal(qrBillQuery({}), '');
    // The bill's text: the standard's Latin characters, one line, at most 140 characters.
    assert.equal(qrBillText('Spende: Miriam\u2019s «Fest»\n🌾 Garten'), "Spende: Miriam's «Fest» Garten");
    assert.equal(qrBillText('x'.repeat(300)).length, 140);
    assert.ok(renderQrBillSvg(SITE, 'de', scorReference('P2'), { amountCents: 15000, currency: 'chf', message: 'Spende: Dorfgarten' }).includes('Spende: Dorfgarten'));
  });
});
