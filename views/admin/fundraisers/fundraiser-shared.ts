// What the Fundraisers screen's list (fundraisers-tab.tsx) and its forms (fundraiser-forms.tsx)
// share: the row the admin API lists, its address, and where the focus goes after an action.
import type { Fundraiser, FundraiserProgress } from '../../../models/giving/fundraiser';

/** One row of GET /api/admin/fundraisers (models/giving/fundraiser.ts listFundraisers). */
export type AdminFundraiser = Fundraiser & FundraiserProgress & { projectTitle: string | null };

export const API = '/api/admin/fundraisers';

/** The id of a fundraiser's title in the list (the focus lands there after an action). */
export const titleId = (id: number) => `fr-${id}-title`;
/** Focus on what `selector` names once React has drawn it. */
export const focusSoon = (selector: string) => setTimeout(() => document.querySelector<HTMLElement>(selector)?.focus(), 0);
