// The pages the speed gates of CI measure (npm run budget, npm run lighthouse): one of each kind of
// page, in each language. Pages of one kind share their layout, islands and code, so one stands
// for all; the sweep over every public route stays a script for people (`-- --all`).
//   home, a text page, a list, a project, an article, the checkout, a form, the admin sign-in
// The project is the longest one (phases, budget table, German compounds); the article is one with
// a gallery and long German words.
import { localizePath } from '../models/shared/urls';

export const GATE_PAGES = [
  '/',
  '/about',
  '/projects',
  '/projects/nook-vocational-training-center',
  '/news/solar-infrastructure-brings-light-to-the-tariro-nook',
  '/checkout',
  '/contact',
  '/admin-login',
] as const;

/** The gate's pages in English and German, each English page followed by its German twin. */
export const gatePaths = (): string[] => GATE_PAGES.flatMap((p) => [p, localizePath(p, 'de')]);
