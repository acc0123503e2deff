// Total deadlines for calls to outside services. The SDKs' own `timeout` options are not enough:
// the Stripe SDK's Node client and the OpenAI SDK stop their clock once the response headers arrive
// (or reset it on every byte), so a server that sends headers and then one byte every few seconds
// kept a donor waiting for minutes with the socket open. A fetch whose signal ends at a fixed time
// aborts the body read too, and aborting a fetch closes its socket.

/**
 * A fetch that gives up `ms` after it was called, headers and body included; the caller's own
 * signal (an SDK's abort) still works. The abort reason is a DOMException named TimeoutError.
 */
export function fetchWithDeadline(ms: number, baseFetch: typeof fetch = globalThis.fetch): typeof fetch {
  return (input, init = {}) => {
    const deadline = AbortSignal.timeout(ms);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return baseFetch(input, { ...init, signal });
  };
}

/** True when an error (or what it wraps: `cause`, Stripe's `detail`, `exception`) is a timeout. */
export function isTimeoutError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { name?: unknown; code?: unknown; cause?: unknown; detail?: unknown; exception?: unknown };
  if (e.name === 'TimeoutError' || e.code === 'ETIMEDOUT' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') return true;
  return [e.cause, e.detail, e.exception].some((inner) => isTimeoutError(inner, depth + 1));
}

/**
 * Runs `task` with an AbortSignal that fires after `ms`, and rejects with `onTimeout()` at that
 * moment even if the task ignores its signal for a while (an SDK sleeping before a retry): the
 * caller's answer never waits past the deadline, and the signal closes what is still open.
 */
export async function withDeadline<T>(ms: number, task: (signal: AbortSignal) => Promise<T>, onTimeout: () => Error): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = onTimeout();
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([task(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
