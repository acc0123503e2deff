import type { Knex } from 'knex';
import crypto from 'node:crypto';
import { normalizeEmail } from '../shared/text';
import type { AdminRole } from '../shared/roles';

/** How an admin request was authenticated (res.locals.admin). */
export interface AdminIdentity {
  /** Stable, non-secret id used in the audit log: an e-mail address or `key:<fingerprint>`. */
  id: string;
  via: 'session' | 'key' | 'email-header';
  /**
   * Who that is, for people: the configured name, else the e-mail address. Null for a key without
   * a name: pages say "Admin key c14d7bde" in their own language (stored words would stay English).
   */
  name: string | null;
  /** What they may do (models/people/roles.ts). */
  role: AdminRole;
  /** The person (admin_people) behind a session opened by passkey or e-mail link; none for a key. */
  personId?: number;
}

/**
 * The name of an admin id to store with what they do: the name configuration gives it
 * (`Anna Muster <key>`), else the e-mail address itself, else null for an unnamed key (shown as
 * "Admin key <fingerprint>" in the reader's language). Old audit rows, written before names
 * existed, are named this way from the current configuration too.
 */
export function adminDisplayName(names: Readonly<Record<string, string>>, id: string): string | null {
  const named = names[id] ?? names[id.toLowerCase()];
  if (named) return named;
  if (id.startsWith('key:')) return null;
  return id;
}

/**
 * A stored actor name as it is shown: rows written before unnamed keys were stored without a
 * name hold the English "Key <fingerprint>"; that is no name, so the page words it in its language.
 */
export function storedActorName(actor: string, name: string | null | undefined): string | null {
  if (!name) return null;
  return actor.startsWith('key:') && name === `Key ${actor.slice(4)}` ? null : name;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();

/** A short, non-reversible label of a key, so the audit log can tell keys apart without storing them. */
export const keyFingerprint = (key: string) => `key:${sha256(key).toString('hex').slice(0, 8)}`;

/**
 * Compares a candidate key with every accepted key in constant time (both sides hashed first, so
 * neither content nor length leaks through timing). Returns the key's admin id, or null.
 */
export function matchAdminKey(acceptedKeys: readonly string[], candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 512) return null;
  const c = sha256(candidate);
  let found: string | null = null;
  for (const key of acceptedKeys) {
    if (crypto.timingSafeEqual(sha256(key), c) && found === null) found = keyFingerprint(key);
  }
  return found;
}

export function isAdminEmail(acceptedEmails: readonly string[], candidate: unknown): boolean {
  if (typeof candidate !== 'string') return false;
  const c = normalizeEmail(candidate);
  return acceptedEmails.some((e) => normalizeEmail(e) === c);
}

/**
 * Keeps a users row for everyone who logged in, so the users table of the schema page lists the
 * admins: role `admin` for admins, `user` for editors and treasurers (the schema's two roles; the
 * finer role is the person's, models/shared/roles.ts). Nobody logs in with a password: the column
 * holds an unusable marker.
 */
export async function rememberAdminUser(db: Knex, adminId: string, displayName?: string | null, role: AdminRole = 'admin'): Promise<void> {
  const name = displayName ? displayName.slice(0, 120) : null;
  await db('users')
    .insert({ username: adminId.slice(0, 120), password: '!no-password-login', role: role === 'admin' ? 'admin' : 'user', displayName: name, createdAt: new Date().toISOString() })
    .onConflict('username')
    .merge(['displayName', 'role']);
}
