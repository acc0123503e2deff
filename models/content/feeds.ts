// The news as feeds, for feed readers, partner sites and feed-to-social tools: Atom (RFC 4287) and
// JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), one per language, and an Atom feed per
// project (its articles). Pure: the router (controllers/feeds.ts) reads the articles and caches
// the text with the pages (one render per content version, invalidated with them).
import { escapeHtml } from '../shared/text';
import { absoluteUrl, pathFor } from '../shared/urls';
import { localized, type Lang, type NewsArticle } from '../shared/rules';
import { articleSummary } from './news';

/** How many articles a feed carries: the latest, as readers expect (Ghost: 15). */
export const FEED_ITEMS = 20;

export interface FeedInfo {
  lang: Lang;
  /** The feed's own title, e.g. "Kuvaka Community Trust: News". */
  title: string;
  /** The site's absolute origin (PUBLIC_URL). */
  publicUrl: string;
  siteName: string;
  /** The page the feed follows (the news page, or the project's page), a path. */
  homePath: string;
  /** The feed's own address, a path. */
  selfPath: string;
}

type FeedArticle = Omit<NewsArticle, 'content' | 'contentDe'> & Partial<Pick<NewsArticle, 'content' | 'contentDe'>>;

interface FeedItem {
  url: string;
  title: string;
  summary: string;
  image: string | null;
  published: string;
}

function itemsOf(articles: FeedArticle[], info: FeedInfo): FeedItem[] {
  return articles.slice(0, FEED_ITEMS).map((a) => ({
    url: absoluteUrl(info.publicUrl, pathFor('newsDetail', info.lang, { slug: a.slug })),
    title: localized(info.lang, a.title, a.titleDe),
    summary: articleSummary({ ...a, content: a.content ?? '', contentDe: a.contentDe ?? '' }, info.lang),
    image: a.imageUrl ? absoluteUrl(info.publicUrl, a.imageUrl) : null,
    published: new Date(a.publishedAt).toISOString(),
  }));
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', svg: 'image/svg+xml' };
const imageType = (url: string) => IMAGE_TYPES[/\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''] ?? 'image/jpeg';
/** The newest article's date, or (an empty feed) the Unix epoch: a fixed value, so the text is stable. */
const updatedOf = (items: FeedItem[]) => items[0]?.published ?? new Date(0).toISOString();

/** An Atom feed: feed id, title, updated, author, self and alternate links; each entry with id, title, updated, published, summary, its page and picture. */
export function atomFeed(articles: FeedArticle[], info: FeedInfo): string {
  const items = itemsOf(articles, info);
  const x = escapeHtml;
  const home = absoluteUrl(info.publicUrl, info.homePath);
  const entries = items.map((i) =>
    [
      '  <entry>',
      `    <title>${x(i.title)}</title>`,
      `    <id>${x(i.url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${x(i.url)}"/>`,
      ...(i.image ? [`    <link rel="enclosure" type="${imageType(i.image)}" href="${x(i.image)}"/>`] : []),
      `    <published>${i.published}</published>`,
      `    <updated>${i.published}</updated>`,
      `    <summary type="text">${x(i.summary)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${info.lang}">`,
    `  <title>${x(info.title)}</title>`,
    `  <id>${x(absoluteUrl(info.publicUrl, info.selfPath))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${x(absoluteUrl(info.publicUrl, info.selfPath))}"/>`,
    `  <link rel="alternate" type="text/html" hreflang="${info.lang}" href="${x(home)}"/>`,
    `  <updated>${updatedOf(items)}</updated>`,
    `  <author><name>${x(info.siteName)}</name><uri>${x(absoluteUrl(info.publicUrl, pathFor('home', info.lang)))}</uri></author>`,
    `  <icon>${x(absoluteUrl(info.publicUrl, '/images/logo.svg'))}</icon>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** A JSON Feed 1.1: version, title, home_page_url, feed_url, language, authors; each item with id, url, title, summary, content_text, image, date_published. */
export function jsonFeed(articles: FeedArticle[], info: FeedInfo): string {
  const items = itemsOf(articles, info);
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: info.title,
    home_page_url: absoluteUrl(info.publicUrl, info.homePath),
    feed_url: absoluteUrl(info.publicUrl, info.selfPath),
    language: info.lang,
    authors: [{ name: info.siteName, url: absoluteUrl(info.publicUrl, pathFor('home', info.lang)) }],
    items: items.map((i) => ({
      id: i.url,
      url: i.url,
      title: i.title,
      summary: i.summary,
      content_text: i.summary,
      ...(i.image ? { image: i.image } : {}),
      date_published: i.published,
      language: info.lang,
    })),
  });
}

/** The feeds a page announces in its head (<link rel="alternate" type=...>). */
export function newsFeedLinks(lang: Lang, title: string): { href: string; type: string; title: string }[] {
  const news = pathFor('news', lang);
  return [
    { href: `${news}/feed.xml`, type: 'application/atom+xml', title: `${title} (Atom)` },
    { href: `${news}/feed.json`, type: 'application/feed+json', title: `${title} (JSON Feed)` },
  ];
}

export function projectFeedLink(lang: Lang, slug: string, title: string): { href: string; type: string; title: string } {
  return { href: `${pathFor('projectDetail', lang, { slug })}/feed.xml`, type: 'application/atom+xml', title: `${title} (Atom)` };
}
