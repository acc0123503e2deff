import type { PageLoader } from './context';
import { langOf, sharedRead } from './context';
import { listProjects } from '../models/project';
import { listPublicNews } from '../models/news';
import { listTeam } from '../models/team';
import { metaFromLocale, organizationLd } from './seo';

export const HOME_NEWS_LIMIT = 4;

export const index: PageLoader = async (req, deps) => {
  const lang = langOf(req);
  const [projects, news, team] = await Promise.all([
    sharedRead(req, deps, 'projects', () => listProjects(deps.db)),
    sharedRead(req, deps, `news ${HOME_NEWS_LIMIT}`, () => listPublicNews(deps.db, HOME_NEWS_LIMIT)),
    sharedRead(req, deps, 'team', () => listTeam(deps.db)),
  ]);
  return {
    props: { projects, news, team },
    meta: metaFromLocale(deps, lang, 'home', {
      image: '/images/hero/slide-1.svg',
      jsonLd: [organizationLd(deps.config.site, lang)],
    }),
  };
};
