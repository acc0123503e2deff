// What PostgreSQL refuses and SQLite would take, checked the same way for both (models/shared/db-limits.ts),
// and the slug writer that survives a lost race to the unique index (models/content/admin-input.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clip, keepable, isDbId, isUniqueViolation, MAX_DB_ID, parseDbId, textProblem } from '../../models/shared/db-limits';
import { requiredText, withFreeSlug } from '../../models/content/admin-input';
import { AppError, fieldErrorsOf } from '../../models/shared/errors';
import { migrate, openDatabase } from '../../db/connection';

test('ids: 1 to PostgreSQL integer, written plainly', () => {
  assert.equal(parseDbId('1'), 1);
  assert.equal(parseDbId(String(MAX_DB_ID)), MAX_DB_ID);
  for (const bad of ['0', '-1', '1.5', '1e3', '01', ' 1', '2147483648', '9999999999', '99999999999', '', 'x', '１']) assert.equal(parseDbId(bad), null, bad);
  assert.ok(isDbId(5));
  for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 53, Infinity, NaN, '5']) assert.equal(isDbId(bad), false, String(bad));
});

test('text no database keeps as sent: NUL anywhere, lone surrogates; emoji and the rest are fine', () => {
  assert.equal(textProblem('a\u0000b'), 'nul');
  assert.equal(textProblem({ a: [{ b: 'x\u0000' }] }), 'nul');
  assert.equal(textProblem({ 'k\u0000': 1 }), 'nul');
  assert.equal(textProblem('\ud800'), 'unicode');
  assert.equal(textProblem('a\udc00'), 'unicode');
  assert.equal(textProblem('\udc00\ud800'), 'unicode');
  assert.equal(textProblem(['🌾 e\u0301 \u200b مرحبا \u202E']), null);
  assert.equal(textProblem({ n: 1, b: true, z: null }), null);
});

test('clip never splits a surrogate pair', () => {
  assert.equal(clip('ab🌾', 3), 'ab');
  assert.equal(clip('ab🌾', 4), 'ab🌾');
  assert.equal(clip('abc', 10), 'abc');
});

test('unique violations of both databases, by column', () => {
  const sqlite = Object.assign(new Error('insert into ... - SQLITE_CONSTRAINT: UNIQUE constraint failed: projects.slug'), { code: 'SQLITE_CONSTRAINT' });
  const postgres = Object.assign(new Error('duplicate key value violates unique constraint "projects_slug_unique"'), { code: '23505', constraint: 'projects_slug_unique', detail: 'Key (slug)=(x) already exists.' });
  const page = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'page_contents_page_name_unique' });
  assert.ok(isUniqueViolation(sqlite, 'slug'));
  assert.ok(isUniqueViolation(postgres, 'slug'));
  assert.ok(isUniqueViolation(page, 'page_name'));
  assert.ok(!isUniqueViolation(page, 'slug'));
  assert.ok(!isUniqueViolation(Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT' })));
  assert.ok(!isUniqueViolation(new Error('x')));
});

test('withFreeSlug: the next free suffix after a lost race; a 409 slug error when none can be had', async () => {
  const db = openDatabase('sqlite::memory:');
  try {
    await migrate(db);
    const row = (slug: string) => ({ slug, title: 't', titleDe: 't', description: 'd', descriptionDe: 'd', imageUrl: '/x.svg' });
    await db('projects').insert(row('rain'));
    let raced = false;
    const slug = await withFreeSlug(db, 'projects', 'rain', undefined, async (s) => {
      // Another writer takes the free slug between the read and this write, once.
      if (!raced) {
        raced = true;
        await db('projects').insert(row(s));
      }
      await db('projects').insert(row(s));
      return s;
    });
    assert.equal(slug, 'rain-3');
    await assert.rejects(
      withFreeSlug(db, 'projects', 'rain', undefined, async () => {
        throw Object.assign(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: projects.slug'), { code: 'SQLITE_CONSTRAINT' });
      }),
      (err: unknown) =>
        err instanceof AppError && err.status === 409 && err.code === 'validation' && err.fields?.slug?.code === 'slug_taken' &&
        err.fields.slug.message === 'This address is already used by another entry: choose another one',
    );
    // Any other failure is not retried.
    await assert.rejects(withFreeSlug(db, 'projects', 'x', undefined, async () => Promise.reject(new Error('disk full'))), /disk full/);
  } finally {
    await db.destroy();
  }
});

test('the too-long problem carries the limit in its message and its values', () => {
  const long = requiredText(200).safeParse('x'.repeat(201));
  assert.ok(!long.success);
  assert.deepEqual(fieldErrorsOf(long.error)._, { code: 'too_long', params: { max: 200 }, message: 'This text is too long (at most 200 characters)' });
  const empty = requiredText(200).safeParse('');
  assert.ok(!empty.success);
  assert.deepEqual(fieldErrorsOf(empty.error)._, { code: 'required', message: 'This field is required' });
});

test('keepable: a noted text (file name, audit line) loses NUL and lone surrogates, keeps emoji, and is cut without splitting one', () => {
  assert.equal(keepable('camt\u0000.xml', 200), 'camt.xml');
  assert.equal(keepable('a\uD800b', 200), 'a\uFFFDb');
  assert.equal(keepable('Spende 💚 Mwenezi', 200), 'Spende 💚 Mwenezi');
  assert.equal(keepable('ab💚', 3), 'ab');
  assert.equal(keepable('\u0000', 10), '');
});
