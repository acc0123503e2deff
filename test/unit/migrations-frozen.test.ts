// A migration that has run must create the same thing forever: it keeps its own SQL and never
// imports app code (models, controllers, views), whose later changes would silently change what
// an old migration makes on a new database.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

const dir = new URL('../../db/migrations/', import.meta.url);

test('migrations import nothing from outside db/ but knex', () => {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
  assert.ok(files.length > 10);
  const outside: string[] = [];
  for (const file of files) {
    const source = fs.readFileSync(new URL(file, dir), 'utf8');
    for (const m of source.matchAll(/(?:^|\n)\s*import\b[^'"]*['"]([^'"]+)['"]/g)) {
      const from = m[1]!;
      if (from !== 'knex' && !from.startsWith('./') && !/^\.\.\/(?!\.\.)/.test(from)) outside.push(`${file}: ${from}`);
    }
    for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]/g)) if (m[1] !== 'knex') outside.push(`${file}: import(${m[1]})`);
  }
  assert.deepEqual(outside, []);
});
