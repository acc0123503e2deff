// The browser's part of passkeys: @simplewebauthn/browser, loaded only when a person presses a
// passkey button (the admin bundle does not carry it otherwise). The server side is
// models/people/passkeys.ts; the calls are those of controllers/admin/people.ts.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

const lib = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all (WebAuthn). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The person cancelled, or the browser's dialog timed out: not an error to report loudly. */
export const isCancelled = (err: unknown): boolean => err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

/** Asks the browser for a new passkey with these options: the answer to send to the server. */
export async function makePasskey(options: PublicKeyCredentialCreationOptionsJSON) {
  const { startRegistration } = await lib();
  return startRegistration({ optionsJSON: options });
}

/** Asks the browser to sign in with one of this site's passkeys: the answer to send to the server. */
export async function usePasskey(options: PublicKeyCredentialRequestOptionsJSON) {
  const { startAuthentication } = await lib();
  return startAuthentication({ optionsJSON: options });
}

/** A JSON POST to the sign-in API (no session yet, so no CSRF token; the server checks the origin). */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body), credentials: 'include' });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw Object.assign(new Error(data.error ?? res.statusText), { status: res.status });
  return data;
}
