// The yearly impact report's introduction in the admin (models/site/impact.ts):
// admins and editors write it in English and German for each year a report exists for; the public
// report (/impact/{year}, its PDF) opens with it. Every save is audited and moves the content
// version (a trigger on impact_reports), so every instance draws the public report again.
//
//   GET  /api/admin/impact          -> { years, max, reports }: the years a report exists for
//                                      (newest first), the longest introduction per language, and
//                                      each year's introduction (AdminImpactIntro), in that order
//   GET  /api/admin/impact/:year    -> AdminImpactIntro
//   PUT  /api/admin/impact/:year    { intro, introDe } -> 200 AdminImpactIntro
//                                      (both strings, at most IMPACT_INTRO_MAX characters each after
//                                      trimming; an empty one is none; any other field is a 400)
//   POST /admin/impact/:year        the same from the dashboard's form without JavaScript
//
// AdminImpactIntro: { year, intro, introDe, updatedBy, updatedByName, updatedAt } (updatedBy the
// admin id of the last save, updatedByName its configured name or e-mail address; all three null
// before the first save). A year that has no report (or is not a year: /impact/20x6) is a 404.
// Who may: reading every role, saving a change of content (models/shared/roles.ts capabilityFor:
// editors and admins; treasurers get 403 auth.forbidden from the guard, before these routes).
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { Deps } from '../context';
import { langOf } from '../context';
import { parseInput } from '../middleware/errors';
import { formRefusal, formValues } from './content';
import { notFound } from '../../models/shared/errors';
import { audited, type AuditInput } from '../../models/people/audit';
import { adminDisplayName, type AdminIdentity } from '../../models/people/user';
import { IMPACT_INTRO_MAX, impactIntro, ImpactIntroSchema, impactYears, reportYearOf, saveImpactIntro, type ImpactIntro } from '../../models/site/impact';
import type { AdminImpactIntro, AdminImpactView } from '../../views/admin/dashboard/impact-panel';
import { adminHref } from '../../models/shared/admin-rules';

const adminOf = (res: Response) => res.locals.admin as AdminIdentity;

const named = (deps: Deps, intro: ImpactIntro): AdminImpactIntro => ({
  ...intro,
  updatedByName: intro.updatedBy ? adminDisplayName(deps.config.adminNames, intro.updatedBy) : null,
});

/** The year in the address when a report exists for it, else 404 (a year outside the books, or no year at all). */
async function reportYear(db: Knex, text: unknown): Promise<number> {
  const year = reportYearOf(String(text ?? ''), await impactYears(db));
  if (year === null) throw notFound(`There is no impact report for ${String(text ?? '').slice(0, 20)}`);
  return year;
}

export async function impactAdminView(deps: Deps): Promise<AdminImpactView> {
  const years = await impactYears(deps.db);
  const reports = await Promise.all(years.map(async (year) => named(deps, await impactIntro(deps.db, year))));
  return { years, max: IMPACT_INTRO_MAX, reports };
}

/** Which languages a save changed ('intro', 'introDe'): the activity says so. */
const changedFields = (before: ImpactIntro, after: ImpactIntro) => (['intro', 'introDe'] as const).filter((f) => before[f] !== after[f]);

/** Validates and saves one year's introduction with its audit entry, in one transaction. */
async function save(deps: Deps, yearText: unknown, body: unknown, admin: AdminIdentity): Promise<AdminImpactIntro> {
  const year = await reportYear(deps.db, yearText);
  const input = parseInput(ImpactIntroSchema, body);
  const { after } = await audited(
    deps.db,
    async (trx) => {
      const before = await impactIntro(trx, year);
      return { before, after: await saveImpactIntro(trx, year, input, admin.id) };
    },
    ({ before, after }): AuditInput => {
      const fields = changedFields(before, after);
      return {
        actor: admin.id,
        actorName: admin.name,
        action: 'update',
        entity: 'impact_report',
        entityId: year,
        summary: `Impact report ${year}: introduction${fields.length ? ` (${fields.map((f) => (f === 'intro' ? 'English' : 'German')).join(', ')})` : ' (unchanged)'}`,
        details: { year, fields },
      };
    },
  );
  return named(deps, after);
}

/** Under /api/admin: /impact and /impact/:year. */
export function adminImpactApi(deps: Deps): Router {
  const router = Router();
  router.get('/impact', async (_req, res) => {
    res.json(await impactAdminView(deps));
  });
  router.get('/impact/:year', async (req, res) => {
    res.json(named(deps, await impactIntro(deps.db, await reportYear(deps.db, req.params.year))));
  });
  router.put('/impact/:year', async (req, res) => {
    res.json(await save(deps, req.params.year, req.body, adminOf(res)));
  });
  return router;
}

/**
 * The same without JavaScript, under /admin: post, back to the dashboard's panel on that year,
 * the outcome shown once; a refused post brings the typed words back with the fields' problems.
 */
export function impactForms(deps: Deps): Router {
  const router = Router();
  router.post('/impact/:year', async (req: Request, res: Response) => {
    const year = await reportYear(deps.db, req.params.year);
    const back = (hash: string) => adminHref(langOf(req), 'dashboard', `?impactYear=${year}#${hash}`);
    try {
      await save(deps, year, formValues(req.body), adminOf(res));
      req.session.flash = { kind: 'success', key: 'impact.saved', params: { year: String(year) } };
      res.redirect(303, back('impact'));
    } catch (err) {
      const { error, message } = formRefusal(deps, req, err);
      req.session.flash = {
        kind: 'error',
        key: 'impact.saveError',
        params: error.fields ? { year: String(year) } : { year: String(year), message },
        form: { tab: 'impact', id: year, values: formValues(req.body), errors: error.fields ?? {} },
      };
      res.redirect(303, back('impact-form'));
    }
  });
  return router;
}
