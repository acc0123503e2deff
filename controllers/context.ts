import type { Knex } from 'knex';
import type { Request } from 'express';
import type { i18n, TFunction } from 'i18next';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Assets, Lang, PageResult } from '../views/types';
import type { MailProvider } from '../models/providers/mail';

/** What every controller gets from app.ts: opened once, passed down explicitly. */
export interface Deps {
  db: Knex;
  config: Config;
  log: Logger;
  i18n: Record<Lang, i18n>;
  assets: () => Assets;
  /** Outgoing mail (SMTP or the outbox). */
  mail: MailProvider;
}

export type PageLoader = (req: Request, deps: Deps) => Promise<PageResult<any>>;

export function langOf(req: Request): Lang {
  return (req.res?.locals.lang as Lang | undefined) ?? 'en';
}

export function tFor(deps: Deps, lang: Lang): TFunction {
  return deps.i18n[lang].t.bind(deps.i18n[lang]) as TFunction;
}
