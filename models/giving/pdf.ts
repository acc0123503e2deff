// What the site's PDFs share (the donation certificate, the impact report): an A4 document in
// Helvetica (pdfkit's standard fonts: nothing fetched or embedded, a few KB a page), text as those
// fonts can show it, and a table that repeats its column names on a new page.
import type { Lang } from '../shared/rules';

/**
 * The characters Helvetica's WinAnsi encoding has beyond Latin-1 (pdfkit's standard fonts are not
 * embedded, which keeps the file at a few KB): curly quotes, the Swiss thousands apostrophe ’, €...
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const FALLBACK: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H', ŀ: 'l', Ŀ: 'L', ŧ: 't', Ŧ: 'T', ŋ: 'n', Ŋ: 'N', '\u00a0': '\u00a0' };

/**
 * Text as the standard PDF fonts can show it: what WinAnsi lacks (a name in another script, an
 * emoji) becomes its base letter where there is one (ő -> o), else '?'. Otherwise pdfkit would
 * write bytes that show as other characters.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n') out += ch;
    else if (FALLBACK[ch]) out += FALLBACK[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? base : '?';
    }
  }
  return out;
}

/** A table's column: its name, its share of the text width, and whether it is right-aligned (amounts). */
export type PdfColumn = [label: string, share: number, right: boolean];

export const PDF_GREEN = '#1f5130';
export const PDF_MUTED = '#555555';

/**
 * A new A4 document (pdfkit is loaded with the first PDF: instances that never make one do not pay
 * for it) and the promise of its bytes once `doc.end()` is called.
 */
export async function startPdf(options: { title: string; author: string; lang: Lang; compress?: boolean; at?: Date }): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const at = options.at ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 62, right: 62 },
    compress: options.compress ?? true,
    info: { Title: pdfText(options.title), Author: pdfText(options.author), Creator: pdfText(options.author), CreationDate: at, ModDate: at },
    lang: options.lang === 'de' ? 'de-CH' : 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A table across the text width; a table that goes on over a page repeats its column names there. */
export function pdfTable(doc: PDFKit.PDFDocument, columns: PdfColumn[], rows: string[][], options: { boldLast?: boolean; header?: boolean } = {}): void {
  const withHeader = options.header ?? true;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const xs: number[] = [];
  let x = left;
  for (const [, share] of columns) {
    xs.push(x);
    x += share * width;
  }
  const line = (cells: string[], bold: boolean, isHeader = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const heights = cells.map((c, i) => doc.heightOfString(pdfText(c), { width: columns[i]![1] * width - 6 }));
    const h = Math.max(...heights) + 5;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!isHeader && withHeader) {
        header();
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      }
    }
    const y = doc.y;
    cells.forEach((c, i) => {
      doc.text(pdfText(c), xs[i]!, y, { width: columns[i]![1] * width - 6, align: columns[i]![2] ? 'right' : 'left', lineBreak: true });
    });
    doc.x = left;
    doc.y = y + h;
  };
  function header() {
    doc.fillColor(PDF_MUTED);
    line(columns.map(([label]) => label), true, true);
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.fillColor('#000000');
  }
  if (withHeader) header();
  rows.forEach((r, i) => line(r, options.boldLast === true && i === rows.length - 1));
  doc.moveDown(0.8);
}
