// Passkeys (WebAuthn) for the admins who are people, with @simplewebauthn/server: registration
// (on the invitation's page, or a second passkey from one's account) and sign-in (a discoverable
// credential: no address to type). The relying party is PUBLIC_URL's host; a ceremony's challenge
// is kept in the shared database for five minutes and used once, so any instance can finish what
// another began. Only public keys and signature counters are stored.
import type { Knex } from 'knex';
import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { toIso } from '../shared/dates';
import type { Person } from './people';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export interface PasskeyInfo {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type Purpose = 'register' | 'authenticate';

async function saveChallenge(db: Knex, challenge: string, purpose: Purpose, personId: number | null): Promise<string> {
  const id = crypto.randomBytes(24).toString('base64url');
  await db('webauthn_challenges').insert({ id, challenge, purpose, personId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString() });
  // Old ceremonies that were never finished.
  await db('webauthn_challenges').where('expiresAt', '<', new Date().toISOString()).delete();
  return id;
}

/** Takes a challenge once: null when unknown, used, expired or for something else. */
async function takeChallenge(db: Knex, id: unknown, purpose: Purpose): Promise<{ challenge: string; personId: number | null } | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  const row = (await db('webauthn_challenges').where({ id, purpose }).first()) as { challenge: string; personId: unknown; expiresAt: unknown } | undefined;
  if (!row) return null;
  const deleted = Number(await db('webauthn_challenges').where({ id }).delete());
  if (deleted !== 1 || Date.parse(toIso(row.expiresAt)) <= Date.now()) return null;
  return { challenge: row.challenge, personId: row.personId == null ? null : Number(row.personId) };
}

const transportsOf = (raw: unknown): AuthenticatorTransport[] => {
  try {
    const list = JSON.parse(String(raw ?? '[]')) as unknown;
    return Array.isArray(list) ? (list.filter((t) => typeof t === 'string') as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
};

/** Options for a new passkey of `person` (their existing ones excluded); `ceremony` names the challenge. */
export async function registrationOptions(db: Knex, rp: RelyingParty, person: Person): Promise<{ ceremony: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = (await db('passkeys').where({ personId: person.id }).select('credentialId', 'transports')) as { credentialId: string; transports: string }[];
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    userID: new TextEncoder().encode(`person-${person.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: transportsOf(k.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { ceremony: await saveChallenge(db, options.challenge, 'register', person.id), options };
}

export class PasskeyRefused extends Error {}

/** Verifies a new passkey and keeps it; `person` must be the one the ceremony began for. */
export async function registerPasskey(db: Knex, rp: RelyingParty, person: Person, ceremony: unknown, response: RegistrationResponseJSON, name: string): Promise<PasskeyInfo> {
  const taken = await takeChallenge(db, ceremony, 'register');
  if (!taken || taken.personId !== person.id) throw new PasskeyRefused('ceremony');
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: taken.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch (err) {
    throw new PasskeyRefused((err as Error).message);
  }
  if (!verified.verified) throw new PasskeyRefused('not verified');
  const { credential } = verified.registrationInfo;
  const now = new Date().toISOString();
  const inserted = await db('passkeys')
    .insert({
      personId: person.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name: name.slice(0, 120),
      createdAt: now,
    })
    .onConflict('credentialId')
    .ignore()
    .returning('id');
  if (!inserted.length) throw new PasskeyRefused('already registered');
  const id = Number(typeof inserted[0] === 'object' ? (inserted[0] as { id: number }).id : inserted[0]);
  return { id, name: name.slice(0, 120), createdAt: now, lastUsedAt: null };
}

/** Options to sign in with any passkey of this site (the browser offers the ones it holds). */
export async function authenticationOptions(db: Knex, rp: RelyingParty): Promise<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
  return { ceremony: await saveChallenge(db, options.challenge, 'authenticate', null), options };
}

/** Verifies a sign-in: the person whose passkey signed, or null (unknown passkey, bad signature, replay). */
export async function authenticate(db: Knex, rp: RelyingParty, ceremony: unknown, response: AuthenticationResponseJSON): Promise<number | null> {
  const taken = await takeChallenge(db, ceremony, 'authenticate');
  if (!taken || typeof response?.id !== 'string') return null;
  const key = (await db('passkeys').where({ credentialId: response.id }).first()) as { id: number; personId: number; publicKey: string; counter: unknown; transports: string } | undefined;
  if (!key) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: { id: response.id, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: Number(key.counter), transports: transportsOf(key.transports) },
    });
    if (!result.verified) return null;
    // A counter that does not grow (when the authenticator keeps one) is a cloned key: the library refuses it.
    await db('passkeys').where({ id: key.id }).update({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date().toISOString() });
    return Number(key.personId);
  } catch {
    return null;
  }
}

export async function listPasskeys(db: Knex, personId: number): Promise<PasskeyInfo[]> {
  const rows = (await db('passkeys').where({ personId }).orderBy('id').select('id', 'name', 'createdAt', 'lastUsedAt')) as { id: number; name: string; createdAt: unknown; lastUsedAt: unknown }[];
  return rows.map((r) => ({ id: Number(r.id), name: r.name, createdAt: toIso(r.createdAt), lastUsedAt: r.lastUsedAt ? toIso(r.lastUsedAt) : null }));
}

/** Removes one's own passkey; false when it is not theirs. */
export async function removePasskey(db: Knex, personId: number, id: number): Promise<boolean> {
  return Number(await db('passkeys').where({ personId, id }).delete()) === 1;
}
