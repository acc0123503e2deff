import { listProjectFundraisers } from '../models/giving/fundraiser';
import { Router } from 'express';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { tFor } from '../models/shared/text';
import { absoluteUrl, localUrl, pageUrl } from '../models/shared/urls';
import { parseId } from './middleware/errors';
import { notFound } from '../models/shared/errors';
import { metaFromLocale, organizationLd } from './seo';
import { findLiveProjectById, findLiveProjectBySlug, listLiveProjects } from '../models/content/project';
import { listLiveNewsForProject, toSummary } from '../models/content/news';
import { listSpending, publicSpending, withSpent } from '../models/giving/spending';
import { pageEntry } from './page-content';
import { markdownToText } from '../models/content/markup';
import { libraryAlt, renderWithLibraryAlts } from '../models/media/library-alts';
import type { Request } from 'express';
import type { Project } from '../models/shared/rules';
import { centsToDecimal, decimalToCents, localized, truncate } from '../models/shared/rules';
import type { ProjectsPageProps } from '../views/pages/projects-page';
import type { ProjectDetailProps } from '../views/pages/project-detail-page';
import { donorWall } from '../models/giving/donor-wall';
import { withBankReference } from '../models/giving/bank-reference';
import { projectFeedLink } from '../models/content/feeds';

/** Public read API of projects, mounted at /api/projects: live projects only (a draft or future one is a 404). */
export function projectsApi(deps: Deps): Router {
  const router = Router();
  // Each project with spentAmount: the sum of its spending records.
  router.get('/', async (_req, res) => {
    res.json((await withSpent(deps.db, await listLiveProjects(deps.db))).map(withBankReference));
  });
  router.get('/slug/:slug', async (req, res) => {
    const project = await findLiveProjectBySlug(deps.db, req.params.slug);
    if (!project) throw notFound('Project not found');
    res.json(withBankReference((await withSpent(deps.db, [project]))[0]!));
  });
  router.get('/:id', async (req, res) => {
    const project = await findLiveProjectById(deps.db, parseId(req.params.id));
    if (!project) throw notFound('Project not found');
    res.json(withBankReference((await withSpent(deps.db, [project]))[0]!));
  });
  // Where the money went: the records of a live project, newest first.
  router.get('/:id/spending', async (req, res) => {
    const project = await findLiveProjectById(deps.db, parseId(req.params.id));
    if (!project) throw notFound('Project not found');
    res.json((await listSpending(deps.db, project.id)).map(publicSpending));
  });
  return router;
}

// ---------------------------------------------------------------------------
// Pages: /projects, /projects/:slug and /projects/new-project-template
// ---------------------------------------------------------------------------

/**
 * The projects as their cards show them: the description (Markdown) as plain text, the words
 * only, in both languages. Read once per content version; the public API keeps the Markdown.
 */
export function projectCards(req: Request, deps: Deps): Promise<Project[]> {
  return sharedRead(req, deps, 'project cards', async () =>
    (await listLiveProjects(deps.db)).map((p) => ({ ...p, description: markdownToText(p.description), descriptionDe: markdownToText(p.descriptionDe) })),
  );
}

/** /projects: hero (editable intro) and every project with the status filters. */
export const index: PageLoader<ProjectsPageProps> = async (req, deps) => {
  const lang = langOf(req);
  const [projects, entry] = await Promise.all([projectCards(req, deps), pageEntry(req, deps, 'projects')]);
  const site = deps.config.site;
  const editedDescription = entry.description;
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: projects.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: pageUrl(site.publicUrl, 'projectDetail', lang, { slug: p.slug }),
      name: localized(lang, p.title, p.titleDe),
    })),
  };
  return {
    props: { projects, content: entry.intro },
    meta: metaFromLocale(deps, lang, 'projects', {
      ...(editedDescription ? { description: editedDescription } : {}),
      image: projects[0]?.imageUrl,
      jsonLd: [organizationLd(site, lang), itemList],
    }),
  };
};

/** /projects/:slug: the project and its news (summaries only), or 'Project Not Found' with 404. */
export const show: PageLoader<ProjectDetailProps> = async (req, deps) => {
  const lang = langOf(req);
  const t = tFor(deps.i18n, lang);
  const project = await findLiveProjectBySlug(deps.db, String(req.params.slug ?? ''));
  if (!project) {
    return {
      props: { project: null, descriptionHtml: '', news: [] },
      meta: { title: t('projectDetail.notFound.title'), description: t('projectDetail.notFound.text'), noindex: true },
      status: 404,
    };
  }
  // Every public article about the project (its Project Updates): the ones /news lists, in both
  // languages (an article without a German abstract is not public, see models/content/news.ts).
  const news = (await listLiveNewsForProject(deps.db, project.id)).map(toSummary);
  // Where the money went: the records and their sum, beside the funding bar.
  const records = (await listSpending(deps.db, project.id)).map(publicSpending);
  // The donor wall: the names donors chose to be shown under, newest first.
  const donors = await donorWall(deps.db, project.id);
  // Supporters' own fundraisers for it (approved ones; ended ones too, with what they raised).
  const fundraisers = (await listProjectFundraisers(deps.db, project.id)).map((f) => ({ slug: f.slug, title: f.title, ownerName: f.ownerName }));
  const spentAmount = centsToDecimal(records.reduce((sum, r) => sum + decimalToCents(r.amount)!, 0));
  const site = deps.config.site;
  const title = localized(lang, project.title, project.titleDe);
  const markdown = localized(lang, project.description, project.descriptionDe);
  // The description is Markdown: the page shows it rendered, search data and sharing its words.
  const description = markdownToText(markdown);
  // Images from the media library written without an alt text take the library's (also the picture's).
  const descriptionHtml = (await renderWithLibraryAlts(deps.db, markdown, lang, { lightbox: false })).html;
  const picture = await libraryAlt(deps.db, project.imageUrl, lang);
  const imageAlt = picture.text;
  // The library's English text on a German page is marked as English (an image's lang applies to its alt).
  const imageAltLang = picture.lang === lang ? undefined : picture.lang;
  const url = pageUrl(site.publicUrl, 'projectDetail', lang, { slug: project.slug });
  const organization = organizationLd(site, lang);
  const { '@context': _context, ...org } = organization as Record<string, unknown>;
  const projectLd = {
    '@context': 'https://schema.org',
    '@type': 'Project',
    name: title,
    description: truncate(description, 300),
    url,
    image: absoluteUrl(site.publicUrl, project.imageUrl),
    inLanguage: lang,
    areaServed: 'Mwenezi Ward 3, Masvingo Province, Zimbabwe',
    funder: org,
    potentialAction: {
      '@type': 'DonateAction',
      name: t('projectDetail.sidebar.donateNow'),
      recipient: org,
      target: localUrl(site.publicUrl, '/checkout', lang, { project: project.slug }),
      priceCurrency: 'USD',
    },
  };
  return {
    props: { project: { ...project, description, descriptionDe: '' }, descriptionHtml, news, spending: { records, spentAmount }, donors, fundraisers, imageAlt, ...(imageAltLang ? { imageAltLang } : {}) },
    meta: {
      title,
      description: truncate(description, 155),
      image: project.imageUrl,
      jsonLd: [projectLd, organization],
      feeds: [projectFeedLink(lang, project.slug, `${deps.config.site.name}: ${localized(lang, project.title, project.titleDe)}`)],
    },
  };
};

/** /projects/new-project-template: static content from the locales, with its own search data. */
export const template: PageLoader<Record<string, never>> = async (req, deps) => {
  const lang = langOf(req);
  return {
    props: {},
    meta: metaFromLocale(deps, lang, 'projectTemplate', {
      image: '/images/projects/skills-for-life-youth-programme.svg',
      jsonLd: [organizationLd(deps.config.site, lang)],
    }),
  };
};
