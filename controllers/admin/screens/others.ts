// The screens other than the content lists: each reads what it shows from the address.
import type { Request, Response } from 'express';
import { langOf, type Deps } from '../../context';
import type { DashboardScreenProps, FundraisersScreenProps, GlossaryScreenProps, MediaScreenProps, TranslationsScreenProps } from '../../../views/admin/screens';
import { dashboardView } from '../../../models/site/stats';
import { listMedia } from '../../../models/media/library';
import { mediaUsage } from '../../../models/media/usage';
import { MEDIA_CATEGORIES } from '../../../models/shared/media-rules';
import { listFundraisers } from '../../../models/giving/fundraiser';
import { listProjects } from '../../../models/content/project';
import { listGlossary } from '../../../models/translation/glossary';
import { impactAdminView } from '../impact';
import { translationsView } from '../translations';
import { idParam } from './params';

/** The dashboard of the range in the address (?from=&to=), and the impact report's introductions with the year asked for (?impactYear=) open, else the newest. */
export async function dashboard(req: Request, _res: Response, deps: Deps): Promise<DashboardScreenProps> {
  const view = await impactAdminView(deps);
  const year = view.years.find((y) => String(y) === req.query.impactYear) ?? view.years[0]!;
  return { dashboard: await dashboardView(deps.db, { from: req.query.from, to: req.query.to }, langOf(req)), impact: { ...view, year } };
}

/**
 * The library with the filter in the address (?category=&q=), a file's details form (?edit=), a
 * delete's question (?delete=) with where the content still shows that file.
 */
export async function media(req: Request, _res: Response, deps: Deps): Promise<MediaScreenProps> {
  const q = req.query;
  const category = typeof q.category === 'string' && (MEDIA_CATEGORIES as readonly string[]).includes(q.category) ? q.category : '';
  const filter = { category, q: typeof q.q === 'string' ? q.q.slice(0, 100) : '' };
  const items = await listMedia(deps.db, { category: filter.category || undefined, q: filter.q || undefined });
  const confirmDelete = idParam(q.delete);
  const asked = confirmDelete === null ? undefined : items.find((m) => m.id === confirmDelete);
  const deleteUsage = asked ? ((await mediaUsage(deps.db, [asked])).get(asked.id) ?? []) : null;
  return { items, filter, confirmDelete, deleteUsage, edit: idParam(q.edit) };
}

/** Supporters' fundraisers, pending first, with the projects' titles to name theirs. */
export async function fundraisers(_req: Request, _res: Response, deps: Deps): Promise<FundraisersScreenProps> {
  const [items, projects] = await Promise.all([listFundraisers(deps.db), listProjects(deps.db)]);
  return { items, projectOptions: projects.map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })) };
}

/** The translation status, filtered by the address (a bad value: the default filter). */
export async function translations(req: Request, _res: Response, deps: Deps): Promise<TranslationsScreenProps> {
  return { translations: await translationsView(deps, req.query, langOf(req)) };
}

/** The glossary's terms, a term's form (?edit=) and a delete's question (?delete=). */
export async function glossary(req: Request, _res: Response, deps: Deps): Promise<GlossaryScreenProps> {
  return { items: await listGlossary(deps.db), edit: idParam(req.query.edit), confirmDelete: idParam(req.query.delete) };
}
