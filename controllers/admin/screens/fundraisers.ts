// The Fundraisers screen: supporters' fundraisers to review.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { FundraisersScreenProps } from '../../../views/admin/screens';
import { listFundraisers } from '../../../models/giving/fundraiser';
import { listProjects } from '../../../models/content/project';

/** Supporters' fundraisers, pending first, with the projects' titles to name theirs. */
export async function fundraisers(_req: Request, _res: Response, deps: Deps): Promise<FundraisersScreenProps> {
  const [items, projects] = await Promise.all([listFundraisers(deps.db), listProjects(deps.db)]);
  return { items, projectOptions: projects.map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })) };
}
