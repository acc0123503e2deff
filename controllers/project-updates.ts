// The unsubscribe pages of a project's news to its donors (models/giving/project-news.ts): the
// link in each mail shows a page with one button; the button and mail programs' own one-click
// button (RFC 8058: a POST with List-Unsubscribe=One-Click, the token in the address) stop the
// updates of that project for that address. Mounted at /project-updates in every language.
import { Router } from 'express';
import multer from 'multer';
import type { Deps } from './context';
import type { Lang } from '../models/shared/rules';
import { localized } from '../models/shared/rules';
import { tFor } from '../models/shared/text';
import { followerByToken, stopFollowing } from '../models/giving/project-news';
import { isSameOrigin, postedToken, sendLinkPage, sendRefusedPage } from './link-pages';

export function projectUpdatesLinkPages(deps: Deps): Router {
  const router = Router();
  const projectTitle = async (id: number, lang: Lang) => {
    const p = (await deps.db('projects').where({ id }).first('title', 'titleDe')) as { title: string; titleDe: string | null } | undefined;
    return p ? localized(lang, p.title, p.titleDe) : '';
  };
  const invalid = (res: Parameters<typeof sendLinkPage>[1], lang: Lang) => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { status: 404, title: t('linkPages.projectUpdates.invalidTitle'), text: t('linkPages.projectUpdates.invalidText', { email: deps.config.site.email }) });
  };
  const done = async (res: Parameters<typeof sendLinkPage>[1], lang: Lang, email: string, projectId: number) => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { title: t('linkPages.projectUpdates.doneTitle'), text: t('linkPages.projectUpdates.doneText', { email, project: await projectTitle(projectId, lang) }) });
  };

  router.get('/unsubscribe', async (req, res) => {
    const lang = res.locals.lang as Lang;
    const t = tFor(deps.i18n, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const follower = await followerByToken(deps.db, token);
    if (!follower) return invalid(res, lang);
    if (follower.unsubscribedAt) return done(res, lang, follower.email, follower.projectId);
    sendLinkPage(deps, res, lang, {
      title: t('linkPages.projectUpdates.title'),
      text: t('linkPages.projectUpdates.text', { email: follower.email, org: deps.config.site.name, project: await projectTitle(follower.projectId, lang) }),
      form: { action: req.baseUrl + req.path, token, button: t('linkPages.projectUpdates.button'), why: t('linkPages.projectUpdates.why') },
    });
  });

  const oneClickBody = multer({ limits: { fields: 4, fieldSize: 512, files: 0, parts: 4 } }).none();
  router.post(
    '/unsubscribe',
    (req, res, next) => oneClickBody(req, res, (err: unknown) => (err ? invalid(res, res.locals.lang as Lang) : next())),
    async (req, res) => {
      const lang = res.locals.lang as Lang;
      const oneClick = (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';
      if (!oneClick && !isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, lang);
      const stopped = await stopFollowing(deps.db, postedToken(req));
      if (!stopped) return invalid(res, lang);
      await done(res, lang, stopped.email, stopped.projectId);
    },
  );
  return router;
}
