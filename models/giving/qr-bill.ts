// The Swiss QR-bill for donations by bank transfer (swissqrbill): the charity's account, an SCOR
// creditor reference, CHF, no amount (the donor chooses) and no debtor (anyone may pay it); a
// project's or fundraiser's bill may carry the amount the donor chose (CHF or EUR) and name the
// project (QrBillFor). The general bill is built once from the configuration: the picture for the pages (SVG) and the PDF to print or open in a
// banking app, in English or German. pdfkit (with its fonts) and swissqrbill's PDF part are loaded
// when a PDF is first asked for: some 13 MB of memory an instance otherwise holds for nothing.
import { SwissQRBill as SvgBill } from 'swissqrbill/svg';
import type { Data } from 'swissqrbill/types';
import type { SiteInfo } from '../../config';
import type { Lang } from '../shared/rules';
import { compactIban, QR_BILL_MESSAGE, QR_BILL_REFERENCE, qrBillAccountProblem, qrBillText, type QrBillCurrency } from '../shared/qr-bill-rules';

export type QrBillSite = Pick<SiteInfo, 'legalName' | 'address' | 'iban'>;

const PROBLEMS = {
  invalid: 'is not a valid IBAN (its check digits do not match)',
  not_swiss: 'is not a Swiss or Liechtenstein account, which a QR-bill requires',
  qr_iban: 'is a QR-IBAN, which needs a 27-digit QR reference; use the account\'s ordinary IBAN (the site prints an SCOR creditor reference)',
} as const;

export class QrBillError extends Error {}

/**
 * What one donor's bill may carry beyond the reference: the amount they chose (in cents) in CHF or
 * EUR, the only currencies of a Swiss QR-bill, and the additional information naming what it is for.
 */
export interface QrBillFor {
  amountCents?: number | null;
  currency?: QrBillCurrency;
  message?: string | null;
}

/** The bill's data, or a QrBillError naming what in the configuration is wrong. */
export function qrBillData(site: QrBillSite, reference: string = QR_BILL_REFERENCE, bill: QrBillFor = {}): Data {
  const problem = qrBillAccountProblem(site.iban);
  if (problem) throw new QrBillError(`ORG_IBAN "${site.iban}" ${PROBLEMS[problem]}; no QR-bill is shown.`);
  return {
    currency: bill.currency === 'eur' ? 'EUR' : 'CHF',
    ...(bill.amountCents ? { amount: bill.amountCents / 100 } : {}),
    creditor: {
      account: compactIban(site.iban),
      name: site.legalName,
      address: site.address.street,
      zip: site.address.postcode,
      city: site.address.town,
      country: site.address.country,
    },
    reference,
    message: bill.message ? qrBillText(bill.message) : QR_BILL_MESSAGE,
  };
}

const BILL_LANGUAGE = { en: 'EN', de: 'DE' } as const;
const MM = 96 / 25.4;

/**
 * The library draws every dark module of the QR code as its own <rect> (about 1,700 of them, 220 KB);
 * the same modules as one path of horizontal runs, in a nested grid of one unit per module, draw
 * the same code in a twentieth of the bytes. Anything not in the expected shape is left as it is.
 */
export function compactQrModules(svg: string): string {
  const rect = /<rect x="([\d.]+)mm" y="([\d.]+)mm" width="([\d.]+)mm" height="\3mm" fill="black" \/>/g;
  const found = [...svg.matchAll(rect)];
  if (found.length < 100) return svg;
  const size = Number(found[0]![3]);
  const modules = found.filter((m) => m[3] === found[0]![3]);
  const grid = Math.round(46 / size);
  const cells = new Map<number, number[]>();
  for (const m of modules) {
    const col = Number(m[1]) / size;
    const row = Number(m[2]) / size;
    if (Math.abs(col - Math.round(col)) > 1e-6 || Math.abs(row - Math.round(row)) > 1e-6) return svg;
    const list = cells.get(Math.round(row)) ?? [];
    list.push(Math.round(col));
    cells.set(Math.round(row), list);
  }
  let d = '';
  for (const [row, cols] of [...cells].sort((a, b) => a[0] - b[0])) {
    cols.sort((a, b) => a - b);
    for (let i = 0; i < cols.length; ) {
      let j = i;
      while (j + 1 < cols.length && cols[j + 1] === cols[j]! + 1) j++;
      d += `M${cols[i]} ${row}h${j - i + 1}v1h-${j - i + 1}z`;
      i = j + 1;
    }
  }
  const path = `<svg width="46mm" height="46mm" viewBox="0 0 ${grid} ${grid}" shape-rendering="crispEdges"><path d="${d}"/></svg>`;
  let first = true;
  return svg.replace(rect, (whole, _x, _y, w: string) => {
    if (w !== found[0]![3]) return whole;
    if (!first) return '';
    first = false;
    return path;
  });
}

/**
 * The payment part as an SVG document that scales (a viewBox), in the page's language; with
 * `reference`, the bill carries that creditor reference (a project's, models/giving/bank-reference.ts).
 */
export function renderQrBillSvg(site: QrBillSite, lang: Lang, reference?: string, bill?: QrBillFor): string {
  const svg = new SvgBill(qrBillData(site, reference, bill), { language: BILL_LANGUAGE[lang], scissors: true }).toString();
  const scalable = svg.replace(/^<svg /, `<svg viewBox="0 0 ${(210 * MM).toFixed(2)} ${(105 * MM).toFixed(2)}" `);
  return compactQrModules(scalable);
}

export interface QrBillPdfTexts {
  title: string;
  text: string;
}

/**
 * An A4 page: a heading and a sentence in the page's language above the payment part (printable, or
 * opened in a banking app); with `gift`, a project's or fundraiser's reference, amount and message.
 */
export async function renderQrBillPdf(site: QrBillSite, lang: Lang, texts: QrBillPdfTexts, gift?: QrBillFor & { reference?: string }): Promise<Buffer> {
  const data = qrBillData(site, gift?.reference, gift);
  const [{ default: PDFDocument }, { SwissQRBill: PdfBill }] = await Promise.all([import('pdfkit'), import('swissqrbill/pdf')]);
  const bill = new PdfBill(data, { language: BILL_LANGUAGE[lang] });
  const doc = new PDFDocument({ size: 'A4', margin: 56, lang: lang === 'de' ? 'de-CH' : 'en', info: { Title: texts.title, Author: site.legalName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(texts.title);
  doc.moveDown(0.6).font('Helvetica').fontSize(11).text(texts.text, { width: 480 });
  bill.attachTo(doc);
  doc.end();
  return await done;
}
