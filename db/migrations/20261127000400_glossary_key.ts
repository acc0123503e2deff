import type { Knex } from 'knex';

// The glossary's English term folded for comparison (NFC, de-CH lower case: foldTerm in
// models/providers/assistant.ts), with a unique index: two instances adding "Mwenezi" and
// "mwenezi" at the same moment both pass a check made in JavaScript, the index lets one through.
// The fold is computed here, not in SQL: SQLite's lower() folds only A-Z.
const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase('de-CH');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('glossary_terms', (t) => {
    // Room for the id that tells apart two entries an earlier race left (see below).
    t.string('term_key', 255);
  });
  const rows = (await knex('glossary_terms').select('id', 'term_en').orderBy('id')) as { id: number; termEn?: string; term_en?: string }[];
  const seen = new Set<string>();
  for (const row of rows) {
    let key = fold(String(row.termEn ?? row.term_en ?? ''));
    // Two entries an earlier race left with one folded term both stay (the admins decide which
    // goes); the later one's key carries its id so that the index can be built.
    if (seen.has(key)) key = `${key} #${row.id}`;
    seen.add(key);
    await knex('glossary_terms').where({ id: row.id }).update({ term_key: key });
  }
  await knex.schema.alterTable('glossary_terms', (t) => {
    t.unique(['term_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('glossary_terms', (t) => {
    t.dropUnique(['term_key']);
    t.dropColumn('term_key');
  });
}
