import { parseDbId } from '../../../models/shared/db-limits';

/** An id in the address (?edit=3): a stored row's id, or null. */
export const idParam = (v: unknown): number | null => (typeof v === 'string' ? parseDbId(v) : null);
