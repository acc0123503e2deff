import type { Knex } from 'knex';
import crypto from 'node:crypto';
import type { Lang } from '../shared/rules';
import { toIso } from '../shared/dates';

// One-time links by e-mail: the admin's sign-in link (login_tokens) and the donor's "Manage my
// donations" link (donor_tokens). Only the SHA-256 of a token is stored (a database leak opens
// nothing); a token is valid for a while and once.

/** A sign-in link is valid this long, and once. */
export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;

const hash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

export type ConsumeResult = { ok: true; email: string; lang: Lang } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

type TokenRow = { id: number; email: string; lang: string; expiresAt: unknown; usedAt: unknown };

export interface OneTimeTokens {
  /** A new token for this address; returns the raw token (only its hash is stored). */
  create(db: Knex, email: string, lang: Lang, now?: number): Promise<string>;
  /**
   * What a token would give, without using it: the page behind the e-mail link reads this, because
   * mail scanners open every link in a mail and must not use the token up (only the POST does).
   */
  check(db: Knex, token: string, now?: number): Promise<ConsumeResult>;
  /** Uses a token: valid only if it exists, is unused and unexpired; marking it used is atomic. */
  consume(db: Knex, token: string, now?: number): Promise<ConsumeResult>;
}

/** The one-time tokens kept in `table` (columns token_hash, email, lang, expires_at, used_at, created_at). */
export function oneTimeTokens(table: string, ttlMs: number): OneTimeTokens {
  async function lookUp(db: Knex, token: string, now: number): Promise<{ row: TokenRow | null; result: ConsumeResult }> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return { row: null, result: { ok: false, reason: 'unknown' } };
    const row = (await db(table).where({ tokenHash: hash(token) }).first()) as TokenRow | undefined;
    if (!row) return { row: null, result: { ok: false, reason: 'unknown' } };
    if (row.usedAt) return { row, result: { ok: false, reason: 'used' } };
    if (Date.parse(toIso(row.expiresAt)) <= now) return { row, result: { ok: false, reason: 'expired' } };
    return { row, result: { ok: true, email: row.email, lang: row.lang === 'de' ? 'de' : 'en' } };
  }
  return {
    async create(db, email, lang, now = Date.now()) {
      const token = crypto.randomBytes(32).toString('base64url');
      await db(table).insert({
        tokenHash: hash(token),
        email: email.toLowerCase(),
        lang,
        expiresAt: new Date(now + ttlMs).toISOString(),
        createdAt: new Date(now).toISOString(),
      });
      // Old tokens are useless: keep the table small.
      await db(table).where('expiresAt', '<', new Date(now - 24 * 60 * 60 * 1000).toISOString()).delete();
      return token;
    },
    async check(db, token, now = Date.now()) {
      return (await lookUp(db, token, now)).result;
    },
    async consume(db, token, now = Date.now()) {
      const { row, result } = await lookUp(db, token, now);
      if (!row || !result.ok) return result;
      // Only one request can flip used_at from NULL: a link opened twice at once still opens one session.
      const changed = await db(table).where({ id: row.id }).whereNull('usedAt').update({ usedAt: new Date(now).toISOString() });
      if (Number(changed) !== 1) return { ok: false, reason: 'used' };
      return result;
    },
  };
}

const loginTokens = oneTimeTokens('login_tokens', LOGIN_TOKEN_TTL_MS);
export const createLoginToken = loginTokens.create;
export const checkLoginToken = loginTokens.check;
export const consumeLoginToken = loginTokens.consume;
