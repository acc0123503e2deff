// Browser-side client for the admin JSON API. The session cookie is HttpOnly, so the browser
// never sees a credential; only the CSRF token (not a secret outside this origin) is cached in
// memory, fetched once from GET /api/admin/session.

export interface AdminSession {
  admin: { id: string; via: 'session' | 'key' | 'email-header' };
  csrfToken: string | null;
}

let csrfPromise: Promise<string | null> | null = null;

/** Seed the token from server-rendered props so the first write needs no extra round trip. */
export function setCsrfToken(token: string | null): void {
  csrfPromise = Promise.resolve(token);
}

export function resetCsrfToken(): void {
  csrfPromise = null;
}

async function csrfToken(): Promise<string | null> {
  if (!csrfPromise) {
    csrfPromise = fetch('/api/admin/session', { credentials: 'include', headers: { Accept: 'application/json' } })
      .then(async (res) => (res.ok ? ((await res.json()) as AdminSession).csrfToken : null))
      .catch(() => null);
    // A failed lookup must not be cached forever (e.g. before login).
    csrfPromise.then((t) => { if (t === null) csrfPromise = null; });
  }
  return csrfPromise;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Error thrown by adminFetch; message is `${status}: ${error}` (SPEC section 8). */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly fields?: Record<string, string>,
  ) {
    super(`${status}: ${error}`);
    this.name = 'AdminApiError';
  }
}

export async function adminFetch<T>(method: string, url: string, body?: unknown): Promise<T> {
  const m = method.toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (!SAFE.has(m)) {
    const token = await csrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  const res = await fetch(url, { method: m, headers, body: payload, credentials: 'include' });
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const d = (data ?? {}) as { error?: string; fields?: Record<string, string> };
    if (res.status === 403) resetCsrfToken(); // token may have rotated (new session): fetch again next time
    throw new AdminApiError(res.status, d.error ?? res.statusText, d.fields);
  }
  return data as T;
}
