// The admin area's routers, each mounted once in controllers/routes.ts behind its guard: the JSON API under
// /api/admin (admin credential, CSRF token for changes), and the admin page's no-JavaScript
// forms under /admin in every language (session only).
import { adminFundraisersApi } from '../fundraisers';
import { adminStatsApi } from '../visits';
// The yearly impact report's introduction.
import { adminImpactApi, impactForms } from './impact';
import { Router } from 'express';
import type { Deps } from '../context';
import { activityFilter, auditActors, listActivity } from '../../models/people/audit';
import { withActivityItems } from '../../models/content/trash';
import { adminDisplayName } from '../../models/people/user';
import { sessionApi, logoutForm } from './session';
import { peopleApi } from './people';
import { contentApi, contentForms } from './content';
import { previewForms } from '../preview';
import { adminNewsletterApi } from './newsletter';
import { adminSocialApi } from './social';
import { adminDonationsApi } from './donations';
import { adminBankImportsApi, bankStatementForms } from './bank-imports';
import { adminExchangeRatesApi, exchangeRateForms } from './exchange-rates';
// Gifts outside the website, reversals, donors' details afterwards, certificates as PDF.
import { adminOfflineApi, offlineForms } from './offline';
// The journal for the accounting program, its chart of accounts, and the supporters.
import { adminJournalApi, journalForms } from './journal';
import { adminSupportersApi } from './supporters';
// --- machine translation drafts and the glossary ---
import { adminTranslateApi, glossaryForms } from './translate';
import { requireCsrf } from '../middleware/csrf';
import type { MediaRouters } from '../media';
// Where the money went: a project's spending records.
import { spendingApi, spendingForms } from './spending';
// Translation status.
import { adminTranslationsApi } from './translations';
// Sending health: SPF, DKIM and DMARC of MAIL_FROM's domain.
import { adminMailHealthApi } from './mail-health';

export { passkeyLoginApi } from './people';
export { loginPage, loginApi, loginPages, loginLimits } from './session';

/** Everything under /api/admin but the sign-in, with paths relative to the mount. */
export function adminApi(deps: Deps, options: { cookieName: string }): Router {
  const router = Router();
  router.use(sessionApi(deps, options.cookieName));
  // The people (admins only) and one's own account: passkeys, sessions (controllers/admin/people.ts).
  router.use(peopleApi(deps));

  // The activity panel: who changed what, when (newest first; a person's sign-ins in a row are
  // one line with `count`), filtered by person (actor), kind of thing (kind) and action.
  router.get('/audit', async (req, res) => {
    const limit = Math.max(1, Math.min(200, Number(req.query.limit) || 50));
    // Each line about an item that still exists says where it is now (the panel links it there).
    res.json(await withActivityItems(deps.db, await listActivity(deps.db, { ...activityFilter(req.query), limit }, (a) => adminDisplayName(deps.config.adminNames, a))));
  });
  // The people the activity filter offers.
  router.get('/audit/people', async (_req, res) => {
    res.json(await auditActors(deps.db, (a) => adminDisplayName(deps.config.adminNames, a)));
  });

  router.use(contentApi(deps));
  // Where the money went: a project's spending records.
  router.use(spendingApi(deps));
  router.use('/newsletter', adminNewsletterApi(deps));
  router.use('/social-media', adminSocialApi(deps));
  router.use(adminOfflineApi(deps));
  router.use(adminDonationsApi(deps));
  // Bank transfers matched from the bank's file: POST /api/admin/bank-imports and the unmatched credits.
  router.use(adminBankImportsApi(deps));
  // The books' exchange rates: GET and POST /api/admin/exchange-rates.
  router.use(adminExchangeRatesApi(deps));
  // The journal (GET /api/admin/journal), its chart of accounts (GET|PUT /api/admin/journal/accounts), the supporters (GET /api/admin/supporters).
  router.use(adminJournalApi(deps));
  router.use(adminSupportersApi(deps));
  // Supporters' fundraisers: the list, approving, rejecting, editing (controllers/fundraisers.ts).
  router.use(adminFundraisersApi(deps));
  // The numbers: visits, pages, referrers, campaigns, gifts and subscriptions per source (controllers/visits.ts).
  router.use(adminStatsApi(deps));
  // The yearly impact report's introduction: GET /api/admin/impact, GET|PUT /api/admin/impact/:year.
  router.use(adminImpactApi(deps));
  // Translation status: GET /api/admin/translations.
  router.use(adminTranslationsApi(deps));
  // Sending health: GET /api/admin/mail-health (the Newsletter screen's panel).
  router.use(adminMailHealthApi(deps));
  // --- machine translation drafts and the glossary ---
  router.use(adminTranslateApi(deps));
  return router;
}

/**
 * The admin page's forms under /admin, mounted behind requireAdminPage without its CSRF check:
 * the upload form's token is in its multipart body, which only its route reads; every other form
 * is checked here first. The page itself is rendered by the page router once the guard let the
 * request through.
 */
export function adminForms(deps: Deps, options: { cookieName: string; media: MediaRouters }): Router {
  const router = Router();
  router.post('/media', options.media.uploadForm);
  router.use(requireCsrf);
  router.use(logoutForm(options.cookieName));
  // Publishing: the form's Preview button.
  router.use(previewForms(deps));
  router.use(contentForms(deps));
  // Where the money went: a project's spending records.
  router.use(spendingForms(deps));
  // Gifts outside the website: record, reverse, the donor's details (the Donations screen).
  router.use(offlineForms(deps));
  // The yearly impact report's introduction, from the dashboard.
  router.use(impactForms(deps));
  // The books' rate for a day, from the Donations screen.
  router.use(exchangeRateForms(deps));
  // Explaining a bank statement's line (a category, a payout, an assignment), from the Donations screen.
  router.use(bankStatementForms(deps));
  // The journal's chart of accounts, from the Donations screen.
  router.use(journalForms(deps));
  router.use('/media', options.media.forms);
  // --- machine translation drafts: the glossary's forms ---
  router.use(glossaryForms(deps));
  return router;
}
