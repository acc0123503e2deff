// Admins who are people: an admin invites another by e-mail with a role; the
// invited person opens the mailed link and creates a passkey there (or signs in with an e-mail
// link); an admin removes a person, whose sessions end at once. The addresses in ADMIN_EMAILS are
// admins by configuration: they join this list at their first sign-in and cannot be removed here.
// Sessions live in the shared sessions table (controllers/middleware/sessions.ts): a person's
// sessions are found there by the admin id their session holds.
import type { Knex } from 'knex';
import crypto from 'node:crypto';
import { normalizeEmail } from '../shared/text';
import { toIso } from '../shared/dates';
import type { Lang } from '../shared/rules';
import { oneTimeTokens } from './login-token';
import { isAdminRole, type AdminRole } from '../shared/roles';

/** An invitation link is valid this long, and once. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const inviteTokens = oneTimeTokens('admin_invite_tokens', INVITE_TTL_MS);

export interface Person {
  id: number;
  email: string;
  name: string;
  role: AdminRole;
  language: Lang;
  invitedBy: string | null;
  createdAt: string;
  joinedAt: string | null;
  /** In ADMIN_EMAILS: an admin by configuration, removed only there. */
  configured: boolean;
  passkeys: number;
}

type Row = { id: number; email: string; name: string; role: string; language: string; invitedBy: string | null; createdAt: unknown; joinedAt: unknown; passkeys?: unknown };

const toPerson = (r: Row, configured: readonly string[]): Person => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  role: isAdminRole(r.role) ? r.role : 'editor',
  language: r.language === 'de' ? 'de' : 'en',
  invitedBy: r.invitedBy,
  createdAt: toIso(r.createdAt),
  joinedAt: r.joinedAt ? toIso(r.joinedAt) : null,
  configured: configured.some((e) => normalizeEmail(e) === r.email),
  passkeys: Number(r.passkeys ?? 0),
});

export async function listPeople(db: Knex, configured: readonly string[]): Promise<Person[]> {
  const rows = (await db('admin_people as p')
    .leftJoin('passkeys as k', 'k.personId', 'p.id')
    .groupBy('p.id', 'p.email', 'p.name', 'p.role', 'p.language', 'p.invitedBy', 'p.createdAt', 'p.joinedAt')
    .orderBy('p.name')
    .select('p.id', 'p.email', 'p.name', 'p.role', 'p.language', 'p.invitedBy', 'p.createdAt', 'p.joinedAt')
    .count({ passkeys: 'k.id' })) as Row[];
  return rows.map((r) => toPerson(r, configured));
}

export async function personByEmail(db: Knex, email: string, configured: readonly string[] = []): Promise<Person | null> {
  const row = (await db('admin_people').where({ email: normalizeEmail(email) }).first()) as Row | undefined;
  return row ? toPerson(row, configured) : null;
}

export async function personById(db: Knex, id: number, configured: readonly string[] = []): Promise<Person | null> {
  const row = (await db('admin_people').where({ id }).first()) as Row | undefined;
  return row ? toPerson(row, configured) : null;
}

export class PersonExists extends Error {}

/** A new person with a role, and their invitation token (the raw token; only its hash is kept). */
export async function invitePerson(
  db: Knex,
  input: { email: string; name: string; role: AdminRole; language: Lang; invitedBy: string },
): Promise<{ person: Person; token: string }> {
  const email = normalizeEmail(input.email);
  const inserted = await db('admin_people')
    .insert({ email, name: input.name, role: input.role, language: input.language, invitedBy: input.invitedBy.slice(0, 200), createdAt: new Date().toISOString() })
    .onConflict('email')
    .ignore()
    .returning('id');
  if (!inserted.length) throw new PersonExists(email);
  const token = await inviteTokens.create(db, email, input.language);
  return { person: (await personByEmail(db, email))!, token };
}

/** An ADMIN_EMAILS address at sign-in: its row (role admin), so it can keep passkeys. */
export async function ensureConfiguredPerson(db: Knex, email: string, name: string | null): Promise<Person> {
  const normalized = normalizeEmail(email);
  await db('admin_people')
    .insert({ email: normalized, name: (name ?? normalized).slice(0, 120), role: 'admin', language: 'en', invitedBy: 'ADMIN_EMAILS', createdAt: new Date().toISOString(), joinedAt: new Date().toISOString() })
    .onConflict('email')
    .ignore();
  return (await personByEmail(db, normalized, [normalized]))!;
}

export async function markJoined(db: Knex, personId: number): Promise<void> {
  await db('admin_people').where({ id: personId }).whereNull('joinedAt').update({ joinedAt: new Date().toISOString() });
}

/** Removes a person: their passkeys (cascade), unused invitations and every session they hold. */
export async function removePerson(db: Knex, person: Person): Promise<{ sessions: number }> {
  return db.transaction(async (trx) => {
    const sessions = await endSessionsOf(trx, person.email);
    await trx('admin_invite_tokens').where({ email: person.email }).delete();
    await trx('passkeys').where({ personId: person.id }).delete();
    await trx('admin_people').where({ id: person.id }).delete();
    return { sessions };
  });
}

export interface SessionInfo {
  id: string;
  method: string;
  signedInAt: string | null;
  expiresAt: string;
  device: string | null;
  current: boolean;
}

type SessionRow = { sid: string; sess: string; expired: unknown };
type StoredAdmin = { id?: string; method?: string; loggedInAt?: string; device?: string | null };

async function sessionsOf(db: Knex, adminId: string): Promise<{ row: SessionRow; admin: StoredAdmin }[]> {
  const rows = (await db('sessions').where('expired', '>', new Date().toISOString()).select('sid', 'sess', 'expired')) as SessionRow[];
  const out: { row: SessionRow; admin: StoredAdmin }[] = [];
  for (const row of rows) {
    let admin: StoredAdmin | undefined;
    try {
      admin = (JSON.parse(row.sess) as { admin?: StoredAdmin }).admin;
    } catch {
      continue;
    }
    if (admin?.id === adminId) out.push({ row, admin });
  }
  return out;
}

/** The sessions an admin holds now, newest first (`current` marks the one asking). */
export async function listSessions(db: Knex, adminId: string, currentSid: string): Promise<SessionInfo[]> {
  const found = await sessionsOf(db, adminId);
  return found
    .map(({ row, admin }) => ({
      // Not the session id itself (that is the cookie's secret): a digest of it names the session.
      id: sessionHandle(row.sid),
      method: admin.method ?? 'key',
      signedInAt: admin.loggedInAt ?? null,
      expiresAt: toIso(row.expired),
      device: admin.device ?? null,
      current: row.sid === currentSid,
    }))
    .sort((a, b) => String(b.signedInAt).localeCompare(String(a.signedInAt)));
}

const sessionHandle = (sid: string) => crypto.createHash('sha256').update(sid).digest('base64url').slice(0, 16);

/** Ends every session of an admin (all but `keepSid` when given); returns how many ended. */
export async function endSessionsOf(db: Knex, adminId: string, keepSid?: string): Promise<number> {
  const found = (await sessionsOf(db, adminId)).filter(({ row }) => row.sid !== keepSid);
  if (!found.length) return 0;
  return Number(await db('sessions').whereIn('sid', found.map(({ row }) => row.sid)).delete());
}
