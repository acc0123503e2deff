// The edition a newsletter or a project-news mail names in its links: every link to this site
// carries utm_source=newsletter&utm_campaign=<edition>, so the visits it brought (counted without
// cookies, models/site/visits.ts) and the gifts whose source names it (donations.source) can be
// counted per edition (models/site/editions.ts). Nothing names a person: the same links go to
// everyone, there is no tracking pixel and no record of who clicked. Links with a personal token
// (unsubscribe, confirmation, sign-in), links to other sites and mailto: links are left as they are.

/** utm_source of every edition's links: newsletters and project news are grouped as one source. */
export const EDITION_SOURCE = 'newsletter';
/** What models/site/visits.ts keeps of a utm_campaign. */
export const MAX_EDITION_LENGTH = 80;

/** A name as an edition: lower case, letters, digits, '-', '.' and '_' only, at most 80 characters. */
export function editionName(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_EDITION_LENGTH);
}

/** The edition of a newsletter campaign: `newsletter-<id>` (ours), `newsletter-mc-<Mailchimp's id>` (Mailchimp's). */
export function newsletterEdition(campaign: { id: number; provider: 'local' | 'mailchimp'; externalId: string | null }): string {
  return campaign.provider === 'mailchimp' && campaign.externalId ? mailchimpEdition(campaign.externalId) : editionName(`newsletter-${campaign.id}`);
}

/** The edition of a campaign created at Mailchimp, by the id Mailchimp gave it. */
export const mailchimpEdition = (mailchimpId: string) => editionName(`newsletter-mc-${mailchimpId}`);

/** The edition of an article mailed to its project's followers: `news-<article slug>`. */
export const projectNewsEdition = (slug: string) => editionName(`news-${slug}`);

export interface DecorateOptions {
  /** PUBLIC_URL: only links to this origin (and under its path) are decorated. */
  publicUrl: string;
  edition: string;
}

/** Query parameters that make a link personal: never decorated. */
const PERSONAL = /(^|&)(token|code|key)=/i;
/** Pages a link leads to that act for one person (unsubscribe, confirm, sign in): never decorated. */
const PERSONAL_PATH = /\/(unsubscribe|confirm|sign-?in|login|magic)(\/|$)/i;

/**
 * One link with the edition as its campaign, or the link as it was when it is not one of this
 * site's pages for everyone. The link's own query (its order and its escapes) and its fragment are
 * kept; a utm_source or utm_campaign it had is replaced.
 */
export function withEdition(href: string, { publicUrl, edition }: DecorateOptions): string {
  let url: URL;
  let site: URL;
  try {
    url = new URL(href);
    site = new URL(publicUrl);
  } catch {
    return href;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return href;
  if (url.origin !== site.origin) return href;
  const base = site.pathname.replace(/\/+$/, '');
  if (base && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return href;
  const query = url.search.slice(1);
  if (PERSONAL.test(query) || PERSONAL_PATH.test(url.pathname) || url.pathname.startsWith(`${base}/api/`)) return href;
  const kept = query.split('&').filter((part) => part !== '' && !/^utm_(source|campaign)=/i.test(part));
  url.search = `?${[...kept, `utm_source=${EDITION_SOURCE}`, `utm_campaign=${encodeURIComponent(edition)}`].join('&')}`;
  return url.toString();
}

const HTML_HREF = /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;
const unescapeAttr = (s: string) =>
  s.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[e] ?? _);
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A URL in plain text, up to a space or a bracket; punctuation at its end belongs to the sentence. */
const TEXT_URL = /https?:\/\/[^\s<>"'()[\]]+/gi;

/**
 * Every link to this site in a mail's HTML (its href attributes) or plain text (its URLs) with
 * the edition as its campaign (withEdition). Placeholders such as the newsletter's
 * %%UNSUBSCRIBE_URL%% are no URL and stay as they are, to be filled in after.
 */
export function decorateLinks(content: string, format: 'html' | 'text', options: DecorateOptions): string {
  if (format === 'html') {
    return content.replace(HTML_HREF, (whole, lead: string, double: string | undefined, single: string | undefined) => {
      const raw = unescapeAttr(double ?? single ?? '');
      const decorated = withEdition(raw, options);
      return decorated === raw ? whole : `${lead}"${escapeAttr(decorated)}"`;
    });
  }
  return content.replace(TEXT_URL, (found) => {
    const [, url = found, tail = ''] = /^(.*?)([.,;:!?]*)$/.exec(found) ?? [];
    return withEdition(url, options) + tail;
  });
}
