import type { RequestHandler } from 'express';
import { splitLang } from '../../views/routes';

/** The language comes from the URL: /de/... is German, everything else English. */
export const locale: RequestHandler = (req, res, next) => {
  res.locals.lang = splitLang(req.path).lang;
  next();
};
