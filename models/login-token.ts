import type { Knex } from 'knex';
import crypto from 'node:crypto';
import type { Lang } from './rules';
import { toIso } from './dates';

/** A sign-in link is valid this long, and once. */
export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;

const hash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Creates a one-time sign-in token for an admin address; returns the raw token (only the hash is stored). */
export async function createLoginToken(db: Knex, email: string, lang: Lang, now = Date.now()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db('login_tokens').insert({
    tokenHash: hash(token),
    email: email.toLowerCase(),
    lang,
    expiresAt: new Date(now + LOGIN_TOKEN_TTL_MS).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  // Old tokens are useless: keep the table small.
  await db('login_tokens').where('expiresAt', '<', new Date(now - 24 * 60 * 60 * 1000).toISOString()).delete();
  return token;
}

export type ConsumeResult = { ok: true; email: string; lang: Lang } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

type TokenRow = { id: number; email: string; lang: string; expiresAt: unknown; usedAt: unknown };

async function lookUp(db: Knex, token: string, now: number): Promise<{ row: TokenRow | null; result: ConsumeResult }> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return { row: null, result: { ok: false, reason: 'unknown' } };
  const row = (await db('login_tokens').where({ tokenHash: hash(token) }).first()) as TokenRow | undefined;
  if (!row) return { row: null, result: { ok: false, reason: 'unknown' } };
  if (row.usedAt) return { row, result: { ok: false, reason: 'used' } };
  if (Date.parse(toIso(row.expiresAt)) <= now) return { row, result: { ok: false, reason: 'expired' } };
  return { row, result: { ok: true, email: row.email, lang: row.lang === 'de' ? 'de' : 'en' } };
}

/**
 * What a token would give, without using it: the page behind the e-mail link reads this, because
 * mail scanners open every link in a mail and must not use the token up (only the POST does).
 */
export async function checkLoginToken(db: Knex, token: string, now = Date.now()): Promise<ConsumeResult> {
  return (await lookUp(db, token, now)).result;
}

/** Uses a token: valid only if it exists, is unused and unexpired; marking it used is atomic. */
export async function consumeLoginToken(db: Knex, token: string, now = Date.now()): Promise<ConsumeResult> {
  const { row, result } = await lookUp(db, token, now);
  if (!row || !result.ok) return result;
  // Only one request can flip used_at from NULL: a link opened twice at once still opens one session.
  const changed = await db('login_tokens').where({ id: row.id }).whereNull('usedAt').update({ usedAt: new Date(now).toISOString() });
  if (Number(changed) !== 1) return { ok: false, reason: 'used' };
  return result;
}
