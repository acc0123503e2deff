// The "no more of these" page of the yearly appeal (models/giving/yearly-appeal.ts): the link in
// the mail shows a page with one button; the button, and mail programs' own one-click button
// (RFC 8058: a POST with List-Unsubscribe=One-Click, the token in the address), record that the
// address wants no more of these mails; every later run skips it. Mounted at /yearly-appeal in
// every language.
import { Router, type Response } from 'express';
import multer from 'multer';
import type { Deps } from './context';
import type { Lang } from '../models/shared/rules';
import { tFor } from '../models/shared/text';
import { appealByToken, stopYearlyAppeal } from '../models/giving/yearly-appeal';
import { isSameOrigin, postedToken, sendLinkPage, sendRefusedPage } from './link-pages';

export function yearlyAppealLinkPages(deps: Deps): Router {
  const router = Router();
  const invalid = (res: Response, lang: Lang) => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { status: 404, title: t('yearlyAppeal.page.invalidTitle'), text: t('yearlyAppeal.page.invalidText', { email: deps.config.site.email }) });
  };
  const done = (res: Response, lang: Lang, email: string) => {
    const t = tFor(deps.i18n, lang);
    sendLinkPage(deps, res, lang, { title: t('yearlyAppeal.page.doneTitle'), text: t('yearlyAppeal.page.doneText', { email }) });
  };

  router.get('/stop', async (req, res) => {
    const lang = res.locals.lang as Lang;
    const t = tFor(deps.i18n, lang);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const appeal = await appealByToken(deps.db, token);
    if (!appeal) return invalid(res, lang);
    if (appeal.stopped) return done(res, lang, appeal.email);
    sendLinkPage(deps, res, lang, {
      title: t('yearlyAppeal.page.title'),
      text: t('yearlyAppeal.page.text', { email: appeal.email, org: deps.config.site.name }),
      form: { action: req.baseUrl + req.path, token, button: t('yearlyAppeal.page.button'), why: t('yearlyAppeal.page.why') },
    });
  });

  const oneClickBody = multer({ limits: { fields: 4, fieldSize: 512, files: 0, parts: 4 } }).none();
  router.post(
    '/stop',
    (req, res, next) => oneClickBody(req, res, (err: unknown) => (err ? invalid(res, res.locals.lang as Lang) : next())),
    async (req, res) => {
      const lang = res.locals.lang as Lang;
      const oneClick = (req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';
      if (!oneClick && !isSameOrigin(req, deps.config.publicUrl)) return sendRefusedPage(deps, res, lang);
      const email = await stopYearlyAppeal(deps.db, postedToken(req));
      if (!email) return invalid(res, lang);
      done(res, lang, email);
    },
  );
  return router;
}
