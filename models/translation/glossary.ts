// The glossary of machine translation drafts: names and terms that stay as they are (term_en =
// term_de) or translate one way. Kept by the admins; the names the site cannot do without are
// offered once on every start (an entry the admins changed or deleted stays as they left it).
import type { Knex } from 'knex';
import { z } from 'zod';
import { fieldError, invalidField, invalidFields, notFound } from '../shared/errors';
import { insertReturningId, optionalText, requiredText } from '../content/admin-input';
import { isUniqueViolation } from '../shared/db-limits';
import { toIso } from '../shared/dates';
import { foldTerm, type GlossaryEntry } from '../providers/assistant';

export interface GlossaryTerm {
  id: number;
  termEn: string;
  termDe: string;
  note: string | null;
  updatedAt: string;
}

export const GLOSSARY_MAX_TERMS = 500;

export const GlossaryInputSchema = z.object({
  termEn: requiredText(200),
  termDe: requiredText(200),
  note: optionalText(500),
});
export type GlossaryInput = z.infer<typeof GlossaryInputSchema>;

type Row = Omit<GlossaryTerm, 'updatedAt'> & { updatedAt: unknown };
const toTerm = (r: Row): GlossaryTerm => ({ id: r.id, termEn: r.termEn, termDe: r.termDe, note: r.note ?? null, updatedAt: toIso(r.updatedAt) ?? '' });

// Sorted and folded here, not in SQL: SQLite's lower() folds only A-Z while PostgreSQL's folds
// "Ä" too, so "Ärzte" and "ärzte" were one term on one database and two on the other. The folded
// term is stored (term_key, unique): two instances adding one term at once cannot both succeed.
const collator = new Intl.Collator('de-CH', { sensitivity: 'base' });

export async function listGlossary(db: Knex): Promise<GlossaryTerm[]> {
  const rows = await db<Row>('glossary_terms').select('id', 'termEn', 'termDe', 'note', 'updatedAt').orderBy('id').limit(GLOSSARY_MAX_TERMS);
  return rows.map(toTerm).sort((a, b) => collator.compare(a.termEn, b.termEn) || a.id - b.id);
}

/** The id of the entry whose English term is `termEn` in any case or Unicode form, if there is one. */
async function entryWithTerm(db: Knex, termEn: string, exceptId?: number): Promise<number | null> {
  const query = db('glossary_terms').where({ termKey: foldTerm(termEn) });
  if (exceptId !== undefined) query.whereNot({ id: exceptId });
  const hit = (await query.first('id')) as { id: number } | undefined;
  return hit ? Number(hit.id) : null;
}

/** What a translation request carries: the pairs only. */
export async function glossaryEntries(db: Knex): Promise<GlossaryEntry[]> {
  return (await listGlossary(db)).map((g) => ({ en: g.termEn, de: g.termDe }));
}

export async function findGlossaryTerm(db: Knex, id: number): Promise<GlossaryTerm | null> {
  const row = await db<Row>('glossary_terms').where({ id }).first('id', 'termEn', 'termDe', 'note', 'updatedAt');
  return row ? toTerm(row) : null;
}

const taken = () => invalidFields({ termEn: fieldError('term_taken') }, 409);

/**
 * A term that another entry has already (the same English term, in any case) is refused with 409;
 * the unique term_key answers the same when another instance wrote it since this check.
 */
async function ensureFree(db: Knex, termEn: string, exceptId?: number): Promise<void> {
  if ((await entryWithTerm(db, termEn, exceptId)) !== null) throw taken();
}

export async function createGlossaryTerm(db: Knex, input: GlossaryInput): Promise<GlossaryTerm> {
  await ensureFree(db, input.termEn);
  const count = Number((await db('glossary_terms').count<{ n: number | string }[]>({ n: '*' }))[0]?.n ?? 0);
  if (count >= GLOSSARY_MAX_TERMS) throw invalidField('termEn', 'invalid');
  try {
    const id = await insertReturningId(db, 'glossary_terms', { termEn: input.termEn, termKey: foldTerm(input.termEn), termDe: input.termDe, note: input.note });
    return (await findGlossaryTerm(db, id))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export async function updateGlossaryTerm(db: Knex, id: number, input: GlossaryInput): Promise<GlossaryTerm> {
  if (!(await findGlossaryTerm(db, id))) throw notFound('Glossary term not found');
  await ensureFree(db, input.termEn, id);
  try {
    await db('glossary_terms').where({ id }).update({ termEn: input.termEn, termKey: foldTerm(input.termEn), termDe: input.termDe, note: input.note, updatedAt: db.fn.now() });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return (await findGlossaryTerm(db, id))!;
}

export async function deleteGlossaryTerm(db: Knex, id: number): Promise<GlossaryTerm> {
  const term = await findGlossaryTerm(db, id);
  if (!term) throw notFound('Glossary term not found');
  await db('glossary_terms').where({ id }).delete();
  return term;
}

/** app_settings key: the names offered once already. */
const SEEDED_KEY = 'glossary_seeded';

/**
 * The names every draft must keep: the places, the programmes and the charity's own name. The
 * notes are in both languages: the glossary tab shows them on English and German pages alike.
 */
export function builtInTerms(orgName: string): { termEn: string; termDe: string; note: string }[] {
  return [
    { termEn: 'Tariro Nook', termDe: 'Tariro Nook', note: 'Vocational training centre / Berufsbildungszentrum' },
    { termEn: 'Mwenezi', termDe: 'Mwenezi', note: 'District in Zimbabwe / Distrikt in Simbabwe' },
    { termEn: 'Mwenezi Ward 3', termDe: 'Mwenezi Ward 3', note: 'The ward of the 17 villages / Der Bezirk der 17 Dörfer' },
    { termEn: 'Skills for Life', termDe: 'Skills for Life', note: 'Programme name / Programmname' },
    { termEn: orgName, termDe: orgName, note: "The charity's name / Name der Organisation" },
  ];
}

/**
 * Adds each built-in name the glossary has never been offered (idempotent: a second start adds
 * nothing, a name the admins deleted is not brought back, a new charity name is added once).
 */
export async function seedGlossary(db: Knex, orgName: string): Promise<number> {
  const row = await db('app_settings').where({ key: SEEDED_KEY }).first('value');
  const offered = new Set<string>(row ? (JSON.parse(String(row.value)) as string[]) : []);
  let added = 0;
  for (const term of builtInTerms(orgName)) {
    const key = foldTerm(term.termEn);
    if (!term.termEn.trim() || offered.has(key)) continue;
    offered.add(key);
    if ((await entryWithTerm(db, term.termEn)) !== null) continue;
    try {
      await db('glossary_terms').insert({ ...term, termKey: key });
      added++;
    } catch (err) {
      // Another instance added it at the same moment.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  await db('app_settings').insert({ key: SEEDED_KEY, value: JSON.stringify([...offered]) }).onConflict('key').merge();
  return added;
}
