import { Router } from 'express';
import { langOf, sharedRead, type Deps, type PageLoader } from './context';
import { tFor } from '../models/shared/text';
import { absoluteUrl, pageUrl } from '../models/shared/urls';
import { parseId } from './middleware/errors';
import { notFound } from '../models/shared/errors';
import { metaFromLocale, newsFeeds, organizationLd } from './seo';
import { findLiveNewsBySlug, listLiveNews, listLiveNewsForProject, listPublicNews, toSummary } from '../models/content/news';
import { findLiveProjectById, findLiveProjectBySlug, projectExists } from '../models/content/project';
import { pageEntry } from './page-content';
import { libraryAlt, renderWithLibraryAlts } from '../models/media/library-alts';
import { DEFAULT_RELATED_PROJECT_SLUG } from '../views/site';
import { localized, truncate } from '../models/shared/rules';
import { articleExtraKind, showsPhotoGallery } from '../views/components/articles/article-extras';
import type { NewsPageProps } from '../views/pages/news-page';
import type { NewsDetailProps } from '../views/pages/news-detail-page';

/** Public read API of news articles, newest first, mounted at /api/news: public articles only (models/content/news.ts). */
export function newsApi(deps: Deps): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await listLiveNews(deps.db));
  });
  router.get('/slug/:slug', async (req, res) => {
    const article = await findLiveNewsBySlug(deps.db, req.params.slug);
    if (!article) throw notFound('Article not found');
    res.json(article);
  });
  router.get('/project/:id', async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await findLiveProjectById(deps.db, id))) throw notFound('Project not found');
    res.json(await listLiveNewsForProject(deps.db, id));
  });
  return router;
}

// ---------------------------------------------------------------------------
// Pages: /news and /news/:slug
// ---------------------------------------------------------------------------

/** /news: articles with both abstracts, newest first, as summaries. */
export const index: PageLoader<NewsPageProps> = async (req, deps) => {
  const lang = langOf(req);
  const [news, entry] = await Promise.all([sharedRead(req, deps, 'news', () => listPublicNews(deps.db)), pageEntry(req, deps, 'news')]);
  const editedDescription = entry.description;
  return {
    props: { news, content: entry.intro },
    meta: metaFromLocale(deps, lang, 'news', {
      ...(editedDescription ? { description: editedDescription } : {}),
      image: news[0]?.imageUrl,
      jsonLd: [organizationLd(deps.config.site, lang)],
      feeds: newsFeeds(deps, lang),
    }),
  };
};

/**
 * The project an article belongs to, when visitors may see it: a project that is a draft, waits
 * for its publication time or is in the trash gets no link (its address is a 404). An unknown
 * project id (data that skipped the foreign key) falls back to the Nook hostel project, if public.
 */
async function relatedProjectOf(deps: Deps, projectId: number | null) {
  if (!projectId) return null;
  let project = await findLiveProjectById(deps.db, projectId);
  if (!project && !(await projectExists(deps.db, projectId))) project = await findLiveProjectBySlug(deps.db, DEFAULT_RELATED_PROJECT_SLUG);
  if (!project) return null;
  return { slug: project.slug, title: project.title, titleDe: project.titleDe, imageUrl: project.imageUrl };
}

/** /news/:slug: the article body rendered and sanitized on the server, or 'Article Not Found' with 404. */
export const show: PageLoader<NewsDetailProps> = async (req, deps) => {
  const lang = langOf(req);
  const t = tFor(deps.i18n, lang);
  const article = await findLiveNewsBySlug(deps.db, String(req.params.slug ?? ''));
  if (!article) {
    return {
      props: { article: null, html: '', images: [], pdfs: [], relatedProject: null, extra: null, photoGallery: false },
      meta: { title: t('article.notFound.title'), description: t('article.notFound.text'), noindex: true },
      status: 404,
    };
  }
  // Images from the media library written without an alt text take the library's (also the picture's).
  const { html, images, pdfs } = await renderWithLibraryAlts(deps.db, localized(lang, article.content, article.contentDe), lang);
  const picture = await libraryAlt(deps.db, article.imageUrl, lang);
  const imageAlt = picture.text;
  // The library's English text on a German page is marked as English (an image's lang applies to its alt).
  const imageAltLang = picture.lang === lang ? undefined : picture.lang;
  const relatedProject = await relatedProjectOf(deps, article.projectId);
  const site = deps.config.site;
  const title = localized(lang, article.title, article.titleDe);
  const description = (lang === 'de' ? article.abstractDe : article.abstract ?? article.excerpt) || title;
  const abs = (p: string) => absoluteUrl(site.publicUrl, p);
  const url = pageUrl(site.publicUrl, 'newsDetail', lang, { slug: article.slug });
  const organization = organizationLd(site, lang);
  const { '@context': _context, ...publisher } = organization as Record<string, unknown>;
  const articleLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title.slice(0, 110),
    description: truncate(description, 300),
    datePublished: article.publishedAt,
    dateModified: article.publishedAt,
    image: [abs(article.imageUrl), ...new Set(images.map((i) => abs(i.src)))].slice(0, 5),
    inLanguage: lang,
    url,
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: site.name, url: site.publicUrl },
    publisher,
  };
  return {
    props: { article: toSummary(article), html, images, pdfs, relatedProject, extra: articleExtraKind(article.title), photoGallery: showsPhotoGallery(article.title), imageAlt, ...(imageAltLang ? { imageAltLang } : {}) },
    meta: {
      title,
      description: truncate(description, 155),
      image: article.imageUrl,
      ogType: 'article',
      jsonLd: [articleLd, organization],
      feeds: newsFeeds(deps, lang),
    },
  };
};
