// The Swiss QR-bill for bank transfers: the PDF and the picture in both languages, and the pages
// that offer it (the contact page's bank block, the checkout's setup-required screen).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { formatReference, scorReference } from '../../models/shared/qr-bill-rules';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\u00a0/g, ' ');

describe('QR-bill with a valid account', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ORG_LEGAL_NAME: 'Verein Kuvaka Community Trust' });
  });
  after(async () => h?.close());

  for (const [path, filename] of [['/qr-bill.pdf', 'qr-bill-donation.pdf'], ['/de/qr-bill.pdf', 'qr-rechnung-spende.pdf']] as const) {
    test(`GET ${path}: a PDF to download, cacheable`, async () => {
      const res = await request(h.app).get(path).buffer(true).parse(binary).expect(200);
      assert.match(res.headers['content-type'] ?? '', /^application\/pdf/);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      assert.equal(res.headers['content-disposition'], `attachment; filename="${filename}"`);
      const body = res.body as Buffer;
      assert.equal(body.subarray(0, 5).toString(), '%PDF-');
      assert.ok(body.length > 3000, `${body.length} bytes`);
    });
  }

  test("the checkout without card payments, with a project chosen: the bank details and the bill carry the project's reference, in both languages", async () => {
    const project = (await h.deps.db('projects').where({ status: 'funding' }).orderBy('id').first('id', 'slug')) as { id: number; slug: string };
    const reference = formatReference(scorReference(`P${project.id}`));
    for (const path of [`/checkout?project=${project.slug}`, `/de/checkout?project=${project.slug}`]) {
      const html = (await request(h.app).get(path).expect(200)).text;
      assert.ok(html.includes(reference), `${path}: ${reference}`);
      assert.ok(html.includes(`qr-bill.svg?project=${project.slug}`), `${path}: the project's bill`);
      assert.ok(!html.includes('RF10 GIFT'), `${path}: not the general reference`);
    }
    const svg = (await request(h.app).get(`/qr-bill.svg?project=${project.slug}`).buffer(true).parse(binary).expect(200)).body.toString('utf8');
    assert.ok(svg.includes(reference));
    const general = (await request(h.app).get('/checkout').expect(200)).text;
    assert.ok(general.includes('RF10 GIFT'), 'General Support keeps the general bill');
    // A gift for a fundraiser (the demo content's): its own reference and bill, which name its project.
    const fundraiser = (await h.deps.db('fundraisers').where({ status: 'approved' }).orderBy('id').first('id', 'slug')) as { id: number; slug: string };
    const own = formatReference(scorReference(`F${fundraiser.id}`));
    for (const path of [`/checkout?fundraiser=${fundraiser.slug}`, `/de/checkout?fundraiser=${fundraiser.slug}`]) {
      const html = (await request(h.app).get(path).expect(200)).text;
      assert.ok(html.includes(own), `${path}: ${own}`);
      assert.ok(html.includes(`qr-bill.svg?fundraiser=${fundraiser.slug}`), `${path}: the fundraiser's bill`);
    }
  });

  test('GET /qr-bill.svg and /de/qr-bill.svg: the payment part in the language, with the account and the reference', async () => {
    for (const [path, title] of [['/qr-bill.svg', 'Payment part'], ['/de/qr-bill.svg', 'Zahlteil']] as const) {
      const res = await request(h.app).get(path).buffer(true).parse(binary).expect(200);
      assert.match(res.headers['content-type'] ?? '', /^image\/svg\+xml/);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      const svg = (res.body as Buffer).toString('utf8');
      for (const text of [title, 'CH52 0000 0000 0123 4567 8', 'Verein Kuvaka Community Trust', 'RF10 GIFT']) assert.ok(svg.includes(text), `${path}: ${text}`);
      assert.ok(svg.length < 30_000, `${path}: ${svg.length} bytes`);
    }
  });

  for (const [path, lang] of [['/contact', 'en'], ['/de/contact', 'de']] as const) {
    test(`${path}: the bank block has the details as text, the bill behind a disclosure and the PDF link`, async () => {
      const html = decode((await request(h.app).get(path).expect(200)).text);
      const prefix = lang === 'de' ? '/de' : '';
      const img = /<img[^>]*class="qr-bill-image"[^>]*>/.exec(html)?.[0] ?? '';
      assert.ok(img.includes(`src="${prefix}/qr-bill.svg"`), img);
      assert.ok(img.includes('loading="lazy"'), img);
      const alt = lang === 'de' ? 'Schweizer QR-Rechnung für eine Spende an Verein Kuvaka Community Trust: Konto CH52 0000 0000 0123 4567 8, Referenz RF10 GIFT' : 'Swiss QR-bill for a donation to Verein Kuvaka Community Trust: account CH52 0000 0000 0123 4567 8, reference RF10 GIFT';
      assert.ok(img.includes(`alt="${alt}`), img);
      // Closed: the picture is fetched when the donor opens it.
      assert.match(html, /<details class="qr-bill"><summary>/);
      assert.ok(html.includes(`href="${prefix}/qr-bill.pdf"`));
      for (const text of ['Verein Kuvaka Community Trust, Musterstrasse 12, 6000 Luzern', 'CH52 0000 0000 0123 4567 8', 'RF10 GIFT', 'DEMOCHZZXXX', lang === 'de' ? 'QR-Rechnung herunterladen (PDF)' : 'Download the QR-bill (PDF)']) {
        assert.ok(html.includes(text), `${path}: ${text}`);
      }
    });
  }

  for (const [path, prefix, heading] of [['/checkout', '', 'Donation System Setup Required'], ['/de/checkout', '/de', 'Einrichtung des Spendensystems erforderlich']] as const) {
    test(`${path} without Stripe keys: the setup-required screen shows the bill open, the details and the PDF link`, async () => {
      const html = decode((await request(h.app).get(path).expect(200)).text);
      assert.ok(html.includes(heading));
      assert.match(html, /<details class="qr-bill" open=""><summary>/);
      assert.ok(html.includes(`src="${prefix}/qr-bill.svg"`));
      assert.ok(html.includes(`href="${prefix}/qr-bill.pdf"`));
      assert.ok(html.includes('RF10 GIFT') && html.includes('CH52 0000 0000 0123 4567 8'));
    });
  }
});

describe('QR-bill with an account that cannot carry one', () => {
  for (const [iban, why] of [['CH44 3199 9123 0008 8901 2', 'a QR-IBAN'], ['CH53 0000 0000 0123 4567 8', 'wrong check digits']] as const) {
    test(`${why}: the site starts, shows the IBAN as text and no bill; the bill's addresses are not found`, async () => {
      const h = await testApp({ ORG_IBAN: iban });
      try {
        for (const path of ['/qr-bill.pdf', '/de/qr-bill.pdf', '/qr-bill.svg']) await request(h.app).get(path).expect(404);
        for (const path of ['/contact', '/checkout']) {
          const html = decode((await request(h.app).get(path).expect(200)).text);
          assert.ok(html.includes(iban), `${path} shows the IBAN`);
          assert.ok(!html.includes('qr-bill'), `${path} offers no bill`);
          assert.ok(!html.includes('RF10 GIFT'), `${path} shows no reference`);
        }
      } finally {
        await h.close();
      }
    });
  }
});
