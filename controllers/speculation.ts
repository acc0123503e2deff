// Moving between public pages is an ordinary page load, made instant by the browser: Speculation
// Rules (prerender a page when the visitor is about to follow a link to it: hover, or a press on a
// phone) and cross-document View Transitions (views/styles/site.css). The rules are a file of their
// own, named by the Speculation-Rules header of every public page: no inline script, so the
// Content-Security-Policy stays as it is (rules from the header are outside script-src).
import { Router, type Response } from 'express';

export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/** Pages never prerendered: a person's own (admin, donor, one-time links), the API, files, and the checkout (it opens a payment). */
const NEVER = ['/admin*', '/de/admin*', '/api/*', '/uploads/*', '/donations/*', '/de/donations/*', '/newsletter/*', '/de/newsletter/*', '/checkout*', '/de/checkout*', '/*.xml', '/*.txt', '/*.json'];

export const SPECULATION_RULES = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: NEVER } },
          // The language switch tells the server a choice when followed (its Referer): only a real click may.
          { not: { selector_matches: '[data-lang-choice], [target=_blank], [download], [rel~=nofollow]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
  // The checkout's HTML ahead of the click (no script runs in a prefetch, so no payment is opened).
  prefetch: [{ source: 'document', where: { href_matches: ['/checkout*', '/de/checkout*'] }, eagerness: 'moderate' }],
} as const;

const BODY = JSON.stringify(SPECULATION_RULES);

/** Names the rules on a public page's answer. */
export function announceSpeculation(res: Response): void {
  res.setHeader('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
}

export function speculationRouter(): Router {
  const router = Router();
  router.get(SPECULATION_RULES_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/speculationrules+json').send(BODY);
  });
  return router;
}
