// Browser-side client for the admin JSON API. The session cookie is HttpOnly, so the browser
// never sees a credential; only the CSRF token (not a secret outside this origin) is cached in
// memory, fetched once from GET /api/admin/session.
import { adminErrorKey, isErrorCode, type ErrorBody, type ErrorCode, type FieldProblem } from '../../../models/shared/error-codes';
import type { Lang } from '../../../models/shared/rules';

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

/**
 * `url` with the admin's language in its query (`lang=de`): the admin API has one address for both
 * languages, and reads typed amounts ("1’250.50", "1250,50") and writes its CSV exports in the
 * language named there (controllers/context.ts adminLangOf).
 */
export function withLang(url: string, lang: Lang): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** A field's problem as the admin forms show it: its code (translated) and the server's English text. */
export interface FieldIssue extends FieldProblem {
  message?: string;
}

/** Error thrown by adminFetch; message is `${status}: ${error}` (what the toasts show). Screens switch on `code`. */
export class AdminApiError extends Error {
  /** Each field's problem (code, values and the English message), for the form to show. */
  readonly fieldIssues: Record<string, FieldIssue>;
  constructor(
    readonly status: number,
    readonly error: string,
    readonly code: ErrorCode | null = null,
    readonly fields?: Record<string, string>,
    fieldErrors?: Record<string, FieldProblem>,
  ) {
    super(`${status}: ${error}`);
    this.name = 'AdminApiError';
    const issues: Record<string, FieldIssue> = {};
    for (const [k, message] of Object.entries(fields ?? {})) issues[k] = { code: 'invalid', message };
    for (const [k, problem] of Object.entries(fieldErrors ?? {})) issues[k] = { ...problem, message: fields?.[k] };
    this.fieldIssues = issues;
  }
}

/**
 * What a failed admin call says in a toast: the text of its code in the page's language where the
 * admin screens have one, else the server's sentence (without the status).
 */
export function errorText(t: (key: string) => string, err: unknown): string {
  if (err instanceof AdminApiError) {
    const key = adminErrorKey(err.code);
    return key ? t(key) : err.error;
  }
  return err instanceof Error ? err.message.replace(/^\d{3}: /, '') : String(err);
}

/** The admin calls under way: signing out waits for them, so none reaches the server after the session ended. */
const pending = new Set<Promise<unknown>>();
/** Set when the admin signs out: the page is leaving, and nothing more is asked of the server. */
let leaving = false;

/**
 * Ends the session from this page: the calls under way finish first (a save the admin saw start,
 * a list being read: each would be refused once the session is gone), then the logout; a call a
 * screen starts meanwhile (a poll, a refresh) is not sent, as the page is about to be left.
 */
export async function signOut(): Promise<void> {
  leaving = true;
  let waited: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (waited = setTimeout(resolve, 10_000)))]);
  clearTimeout(waited);
  await send('POST', '/api/admin/logout');
}

/** Keeps `call` among the calls under way until it settles (signing out waits for it). */
function tracked<T>(call: Promise<T>): Promise<T> {
  pending.add(call);
  void call.then(
    () => pending.delete(call),
    () => pending.delete(call),
  );
  return call;
}

/** `init.signal` aborts the request (a form that closed no longer wants the answer). */
export function adminFetch<T>(method: string, url: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  // Signing out: the page goes to the login page; an answer would only be a refusal.
  if (leaving) return new Promise<T>(() => undefined);
  return tracked(send<T>(method, url, body, init));
}

/** The connection broke off before an answer came (the network, not the server, said no). */
export class NetworkError extends Error {
  constructor() {
    super('The connection broke off before the server answered.');
    this.name = 'NetworkError';
  }
}

/**
 * A multipart POST (a file) with its progress, which fetch cannot report: `onProgress` gets the
 * share of the body sent so far (0 to 1). The same token, errors and answers as adminFetch.
 */
export function adminUpload<T>(url: string, body: FormData, onProgress: (sent: number) => void, init: { signal?: AbortSignal } = {}): Promise<T> {
  if (leaving) return new Promise<T>(() => undefined);
  return tracked(
    csrfToken().then(
      (token) =>
        new Promise<T>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open('POST', url);
          xhr.withCredentials = true;
          xhr.setRequestHeader('Accept', 'application/json');
          if (token) xhr.setRequestHeader('X-CSRF-Token', token);
          xhr.upload.onprogress = (e) => {
            if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
          };
          xhr.onload = () => {
            try {
              resolve(answerOf<T>(xhr.status, xhr.statusText, xhr.responseText));
            } catch (err) {
              reject(err);
            }
          };
          xhr.onerror = () => reject(new NetworkError());
          xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
          init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
          xhr.send(body);
        }),
    ),
  );
}

async function send<T>(method: string, url: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
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
  const res = await fetch(url, { method: m, headers, body: payload, credentials: 'include', signal: init.signal });
  return answerOf<T>(res.status, res.statusText, await res.text());
}

/** The JSON of an answer, or the AdminApiError of a refusal. */
function answerOf<T>(status: number, statusText: string, text: string): T {
  let data: unknown = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (status < 200 || status > 299) {
    const d = (data ?? {}) as Partial<ErrorBody>;
    if (d.code === 'csrf') resetCsrfToken(); // token may have rotated (new session): fetch again next time
    throw new AdminApiError(status, d.error ?? statusText, isErrorCode(d.code) ? d.code : null, d.fields, d.fieldErrors);
  }
  return data as T;
}
