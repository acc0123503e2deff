// Settings the site keeps in its own database (table app_settings): values an operator need not
// configure, made once and shared by every instance.
import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The session secret: the configured one, or one generated once and kept in the database (outside
 * production; config.ts requires SESSION_SECRET there). Instances starting together agree on the
 * first one written.
 */
export async function sessionSecret(db: Knex, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const row = await db('app_settings').where({ key: 'session_secret' }).first<{ value: string } | undefined>();
  if (row) return row.value;
  const value = crypto.randomBytes(48).toString('base64url');
  await db('app_settings').insert({ key: 'session_secret', value }).onConflict('key').ignore();
  const saved = await db('app_settings').where({ key: 'session_secret' }).first<{ value: string }>();
  return saved.value;
}
