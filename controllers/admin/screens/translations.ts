// The Translations screen: the translation status, filtered by the address.
import type { Request, Response } from 'express';
import { langOf, type Deps } from '../../context';
import type { TranslationsScreenProps } from '../../../views/admin/screens';
import { translationsView } from '../translations';

/** The translation status, filtered by the address (a bad value: the default filter). */
export async function translations(req: Request, _res: Response, deps: Deps): Promise<TranslationsScreenProps> {
  return { translations: await translationsView(deps, req.query, langOf(req)) };
}
