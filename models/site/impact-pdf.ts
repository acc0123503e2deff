// The yearly impact report as an A4 PDF (/impact/{year}.pdf): the same report as the page
// (models/site/impact.ts), in the page's language, for printing, sending and filing.
import type { SiteInfo } from '../../config';
import type { TextLookup } from '../giving/certificate';
import { PDF_GREEN, PDF_MUTED, pdfTable, pdfText, startPdf } from '../giving/pdf';
import { addressLine } from '../shared/address';
import { formatAmount } from '../shared/donation-rules';
import { formatDate, formatNumber, type Lang } from '../shared/rules';
import { absoluteUrl, localizePath } from '../shared/urls';
import type { ImpactReport } from './impact';

export interface ImpactPdfInput {
  report: ImpactReport;
  lang: Lang;
  site: Pick<SiteInfo, 'legalName' | 'address' | 'email' | 'publicUrl'>;
  t: TextLookup;
  /** Compressed content streams (default); tests may read the text of an uncompressed one. */
  compress?: boolean;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

export async function renderImpactPdf(input: ImpactPdfInput): Promise<Buffer> {
  const { report: r, lang, site, t } = input;
  const usd = (cents: number) => formatAmount(Math.round(cents / 100) * 100, 'usd', lang);
  const n = (v: number) => formatNumber(v, lang);
  const title = t('impactReport.title', { year: r.year });
  const { doc, done } = await startPdf({ title, author: site.legalName, lang, compress: input.compress, at: new Date(r.asOf) });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(text), { width, ...options });
  const heading = (text: string) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(PDF_GREEN);
    write(text);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10.5).fillColor('#000000');
  };
  const note = (text: string) => {
    doc.font('Helvetica').fontSize(8.5).fillColor(PDF_MUTED);
    write(text);
    doc.fillColor('#000000').fontSize(10.5);
  };

  // The charity, the title, and what the figures are of.
  doc.font('Helvetica-Bold').fontSize(13).fillColor(PDF_GREEN);
  write(site.legalName);
  doc.font('Helvetica').fontSize(9.5).fillColor(PDF_MUTED);
  write(addressLine(site.address, lang));
  write(`${site.email} · ${site.publicUrl.replace(/^https?:\/\//, '')}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#000000');
  write(title);
  doc.font('Helvetica').fontSize(11).fillColor(PDF_MUTED);
  write(r.current ? t('impactReport.soFar', { date: formatDate(r.asOf, lang) }) : t('impactReport.whole', { year: r.year }));
  doc.fillColor('#000000');

  if (r.intro) {
    heading(t('impactReport.introTitle'));
    for (const p of paragraphs(r.intro.text)) {
      write(p);
      doc.moveDown(0.5);
    }
  }

  heading(t('impactReport.figuresTitle', { year: r.year }));
  pdfTable(
    doc,
    [
      ['', 0.7, false],
      ['', 0.3, true],
    ],
    [
      // No dollar value yet (no exchange rate known): what was given in its own currencies, never "$0 given".
      r.moneyIn.usdCents === 0 && r.moneyIn.gifts > 0 && r.moneyIn.byCurrency.some((c) => c.cents > 0)
        ? [t('impactReport.figures.givenOwn'), r.moneyIn.byCurrency.filter((c) => c.cents > 0).map((c) => pdfText(formatAmount(c.cents, c.currency, lang))).join(' + ')]
        : [t('impactReport.figures.given'), usd(r.moneyIn.usdCents)],
      [t('impactReport.figures.gifts', { count: r.figures.gifts }), n(r.figures.gifts)],
      [t('impactReport.figures.givers', { count: r.figures.givers }), n(r.figures.givers)],
      [t(r.current ? 'impactReport.figures.monthlyNow' : 'impactReport.figures.monthlyEnd', { count: r.figures.monthlyDonors }), n(r.figures.monthlyDonors)],
      [t('impactReport.figures.spent'), usd(r.moneyOut.cents)],
      [t('impactReport.figures.projects', { count: r.figures.projects }), n(r.figures.projects)],
      [t('impactReport.figures.articles', { count: r.figures.articles }), n(r.figures.articles)],
    ],
    { header: false },
  );

  heading(t('impactReport.in.title'));
  if (r.moneyIn.gifts === 0) write(t('impactReport.in.none'));
  else {
    write(t('impactReport.in.summary', { count: r.moneyIn.gifts, amount: usd(r.moneyIn.usdCents) }));
    doc.moveDown(0.5);
    const cols = (first: string, last: string): [string, number, boolean][] => [
      [first, 0.5, false],
      [t('impactReport.cols.gifts'), 0.2, true],
      [last, 0.3, true],
    ];
    pdfTable(doc, cols(t('impactReport.cols.currency'), t('impactReport.cols.amountGiven')), r.moneyIn.byCurrency.map((c) => [c.currency.toUpperCase(), n(c.gifts), formatAmount(c.cents, c.currency, lang)]));
    pdfTable(doc, cols(t('impactReport.cols.method'), t('impactReport.cols.usd')), r.moneyIn.byMethod.map((m) => [t(`impactReport.methods.${m.method}`), n(m.gifts), usd(m.usdCents)]));
    pdfTable(
      doc,
      cols(t('impactReport.cols.kind'), t('impactReport.cols.usd')),
      [...r.moneyIn.byFrequency.map((f) => [t(`impactReport.frequency.${f.frequency}`), n(f.gifts), usd(f.usdCents)]), [t('impactReport.cols.total'), n(r.moneyIn.gifts), usd(r.moneyIn.usdCents)]],
      { boldLast: true },
    );
    const monthName = (m: number) => new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, m - 1, 15)));
    pdfTable(doc, cols(t('impactReport.cols.month'), t('impactReport.cols.usd')), r.moneyIn.byMonth.map((m) => [monthName(m.month), n(m.gifts), usd(m.usdCents)]));
    if (r.moneyIn.unconverted > 0) note(t('impactReport.in.unconverted', { count: r.moneyIn.unconverted }));
  }
  note(t('impactReport.in.note'));

  heading(t('impactReport.out.title'));
  if (r.moneyOut.projects.length === 0) write(t('impactReport.out.none'));
  else {
    pdfTable(
      doc,
      [
        [t('impactReport.cols.project'), 0.34, false],
        [t('impactReport.cols.spentOn'), 0.46, false],
        [t('impactReport.cols.usd'), 0.2, true],
      ],
      [
        ...r.moneyOut.projects.map((p) => [p.title, p.categories.map((c) => `${t(`projectDetail.spending.categories.${c.category}`)} ${usd(c.cents)}`).join(' · '), usd(p.cents)]),
        [t('impactReport.cols.total'), '', usd(r.moneyOut.cents)],
      ],
      { boldLast: true },
    );
  }
  note(t('impactReport.out.note'));

  heading(t('impactReport.articles.title', { year: r.year }));
  if (r.articles.length === 0) write(t('impactReport.articles.none'));
  for (const a of r.articles) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(10.5);
    write(a.title);
    doc.font('Helvetica').fontSize(9.5).fillColor(PDF_MUTED);
    write(`${formatDate(a.publishedAt, lang)} · ${absoluteUrl(site.publicUrl, localizePath(`/news/${a.slug}`, lang))}`);
    doc.fillColor('#000000');
    if (a.abstract) write(a.abstract);
    doc.moveDown(0.5);
  }

  doc.moveDown(1);
  note(t('impactReport.pdfFooter', { url: absoluteUrl(site.publicUrl, localizePath(`/impact/${r.year}`, lang)) }));
  doc.end();
  return done;
}
