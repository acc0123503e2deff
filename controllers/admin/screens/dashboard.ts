// The dashboard: the numbers of the range in the address, and the impact report's introductions.
import type { Request, Response } from 'express';
import { langOf, type Deps } from '../../context';
import type { DashboardScreenProps } from '../../../views/admin/screens';
import { dashboardView } from '../../../models/site/stats';
import { impactAdminView } from '../impact';

/** The dashboard of the range in the address (?from=&to=), and the impact report's introductions with the year asked for (?impactYear=) open, else the newest. */
export async function dashboard(req: Request, _res: Response, deps: Deps): Promise<DashboardScreenProps> {
  const view = await impactAdminView(deps);
  const year = view.years.find((y) => String(y) === req.query.impactYear) ?? view.years[0]!;
  return { dashboard: await dashboardView(deps.db, { from: req.query.from, to: req.query.to }, langOf(req)), impact: { ...view, year } };
}
