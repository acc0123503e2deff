// The yearly impact report (models/site/impact.ts):
//   /impact/{year} (and /de/...)        the page (a page route of controllers/pages.ts)
//   /impact/{year}.pdf (and /de/...)    the same report as an A4 PDF
//   /impact (and /de/impact)            to this year's report
// A year with no report (before the books begin, after this year, not a year) is the 404 page.
// Page and PDF are drawn once per content version: a gift, a spending record, an article or the
// introduction moves it, on every instance, so the current year's report follows at once.
import { Router, type RequestHandler } from 'express';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { inEveryLanguage } from './lang-routes';
import { tFor } from '../models/shared/text';
import { notFound } from '../models/shared/errors';
import { localizePath } from '../models/shared/urls';
import { swissToday } from '../models/shared/dates';
import { impactReport, impactYears, reportYearOf } from '../models/site/impact';
import { renderImpactPdf } from '../models/site/impact-pdf';
import type { ImpactPageProps } from '../views/pages/impact-page';

/** How long a browser or a shared cache may keep the PDF: the current year's changes with each gift. */
const pdfCache = (current: boolean) => (current ? 'public, max-age=60' : 'public, max-age=3600');

/** The years a report exists for, read once per content version and Swiss day (a new year adds one without any write). */
const yearsKey = () => `impact-years ${swissToday()}`;

export const impactPage: PageLoader<ImpactPageProps> = async (req, deps) => {
  const lang = langOf(req);
  const t = tFor(deps.i18n, lang);
  const years = await sharedRead(req, deps, yearsKey(), () => impactYears(deps.db));
  const year = reportYearOf(String(req.params.year ?? ''), years);
  if (year === null) return { props: { report: null }, meta: { title: t('impactReport.notFound.title'), description: t('impactReport.notFound.text'), noindex: true }, status: 404 };
  const report = await impactReport(deps.db, year, lang, { years: [...years] });
  return {
    props: { report },
    meta: { title: t('impactReport.title', { year }), description: t('impactReport.meta', { year, org: deps.config.site.name }) },
  };
};

export function impactRouter(deps: Deps): Router {
  const router = Router();
  const site = deps.config.site;

  const pdf: RequestHandler = async (req, res) => {
    const lang = langOf(req);
    const t = tFor(deps.i18n, lang);
    const version = await deps.pageCache.version();
    const years = await deps.pageCache.shared(yearsKey(), version, () => impactYears(deps.db));
    const year = reportYearOf(String(req.params.year ?? ''), years);
    if (year === null) throw notFound('No impact report for this year');
    const body = await deps.pageCache.shared(`impact-pdf ${year} ${lang}`, version, async () => renderImpactPdf({ report: await impactReport(deps.db, year, lang, { years }), lang, site, t }));
    res
      .set('Cache-Control', pdfCache(year === Number(swissToday().slice(0, 4))))
      .set('Content-Disposition', `inline; filename="${t('impactReport.fileName')}-${year}.pdf"`)
      .type('application/pdf')
      .send(body);
  };

  router.get(inEveryLanguage('/impact/:year.pdf'), pdf);
  router.get(inEveryLanguage('/impact', '/impact/'), (req, res) => {
    res.set('Cache-Control', 'no-cache').redirect(302, localizePath(`/impact/${swissToday().slice(0, 4)}`, langOf(req)));
  });
  return router;
}
