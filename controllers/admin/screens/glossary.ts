// The Glossary screen: the terms machine translation keeps.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { GlossaryScreenProps } from '../../../views/admin/screens';
import { listGlossary } from '../../../models/translation/glossary';
import { idParam } from './params';

/** The glossary's terms, a term's form (?edit=) and a delete's question (?delete=). */
export async function glossary(req: Request, _res: Response, deps: Deps): Promise<GlossaryScreenProps> {
  return { items: await listGlossary(deps.db), edit: idParam(req.query.edit), confirmDelete: idParam(req.query.delete) };
}
