import type { PageLoader } from './context';
import { langOf, sharedRead } from './context';
import { projectCards } from './projects';
import { pageEntry } from './page-content';
import { listPublicNews } from '../models/content/news';
import { listLiveTeam } from '../models/content/team';
import { metaFromLocale, newsFeeds, organizationLd } from './seo';
import type { HomeProps } from '../views/pages/home-page';

export const HOME_NEWS_LIMIT = 4;
/** About two lines on a desktop card, four on a phone; /team shows the full biographies. */
export const HOME_BIO_CHARS = 160;

/**
 * A biography as the home page shows it: whole sentences while they fit, else the words that fit
 * and an ellipsis. A first "sentence" that is only an abbreviation ("Dr.") does not count as one.
 */
export function shortBio(text: string, max = HOME_BIO_CHARS): string {
  const s = text.trim();
  if (s.length <= max) return s;
  let out = '';
  for (const sentence of s.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? []) {
    if ((out + sentence).trim().length > max) break;
    out += sentence;
  }
  if (out.trim().length >= max / 4) return out.trim();
  const cut = s.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : s.slice(0, max)).replace(/[\s,;:.\u2013-]+$/, '')}…`;
}

export const index: PageLoader<HomeProps> = async (req, deps) => {
  const lang = langOf(req);
  const [entry, projects, news, team] = await Promise.all([
    pageEntry(req, deps, 'home'),
    projectCards(req, deps),
    sharedRead(req, deps, `news ${HOME_NEWS_LIMIT}`, () => listPublicNews(deps.db, HOME_NEWS_LIMIT)),
    sharedRead(req, deps, 'team', () => listLiveTeam(deps.db)),
  ]);
  return {
    props: { intro: entry.intro, projects, news, team: team.map((m) => ({ ...m, bio: shortBio(m.bio), bioDe: m.bioDe && shortBio(m.bioDe) })) },
    meta: metaFromLocale(deps, lang, 'home', {
      ...(entry.description ? { description: entry.description } : {}),
      image: '/images/hero/slide-1.svg',
      jsonLd: [organizationLd(deps.config.site, lang)],
      feeds: newsFeeds(deps, lang),
    }),
    texts: entry.texts,
  };
};
