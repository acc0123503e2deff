// The admin's pages, one entry each, like the public PAGES (controllers/pages.ts): the sign-in page,
// the frame of the screens, and every screen by name (views/admin/screens.tsx says what each
// returns). The route tree is views/admin-routes.tsx; controllers/admin/pages.ts runs these
// loaders through React Router's static handler.
import type { Request, Response } from 'express';
import { langOf, type Deps } from '../../context';
import type { PageResult } from '../../../views/types';
import type { FrameProps } from '../../../views/admin/frame';
import type { ScreenProps } from '../../../views/admin/screens';
import { ADMIN_TABS, type AdminTab } from '../../../models/shared/admin-rules';
import { metaFromLocale } from '../../seo';
import { loginPage } from '../session';
import { frame } from './frame';
import { contentScreen } from './content';
import { dashboard } from './dashboard';
import { media } from './media';
import { newsletter } from './newsletter';
import { social } from './social';
import { donations } from './donations';
import { fundraisers } from './fundraisers';
import { glossary } from './glossary';
import { translations } from './translations';
import { people } from './people';
import { trash } from './trash';

type Loader<P> = (req: Request, res: Response, deps: Deps) => Promise<P>;

/** Each screen's loader, by name. */
export const SCREEN_LOADERS: { [S in AdminTab]: Loader<ScreenProps[S]> } = {
  dashboard,
  projects: contentScreen('projects'),
  news: contentScreen('news'),
  team: contentScreen('team'),
  pages: contentScreen('pages'),
  media,
  newsletter,
  social,
  donations,
  fundraisers,
  glossary,
  translations,
  trash,
  people,
};

/** The frame's page result: the admin's title, never indexed. */
async function framePage(req: Request, res: Response, deps: Deps): Promise<PageResult<FrameProps>> {
  return { props: await frame(req, res, deps), meta: { ...metaFromLocale(deps, langOf(req), 'admin'), noindex: true } };
}

/** A screen's page result: its data, the document titled by the screen's name and the admin's title. */
function screenPage<S extends AdminTab>(screen: S) {
  return async (req: Request, res: Response, deps: Deps): Promise<PageResult<ScreenProps[S]>> => {
    const lang = langOf(req);
    const meta = metaFromLocale(deps, lang, 'admin');
    const props = await SCREEN_LOADERS[screen](req, res, deps);
    return { props, meta: { ...meta, title: `${deps.i18n[lang].t(`admin.tabs.${screen}`)} · ${meta.title}`, noindex: true } };
  };
}

/** Every admin route's loader by its route id (views/admin-routes.tsx). */
export const ADMIN_LOADERS: Record<string, (req: Request, res: Response, deps: Deps) => Promise<PageResult<unknown>>> = {
  adminLogin: (req, _res, deps) => loginPage(req, deps),
  admin: framePage,
  ...Object.fromEntries(ADMIN_TABS.map((screen) => [`admin.${screen}`, screenPage(screen)])),
};
