// A local HTTP server that misbehaves the ways a real provider (Stripe, OpenAI, Mailchimp) or a
// broken proxy in front of it can, for any path, so the real SDKs can be tested against it:
//
//   'trickle'      sends 200 and its headers at once, then one byte (a space, which JSON allows)
//                  every `trickleMs` (2 s by default) for ever: a client whose timeout is an idle
//                  timer, or stops at the headers, waits as long as the server likes
//   'silent'       accepts the connection and the request, never answers
//   'not-json'     200 with Content-Type application/json and an HTML error page as the body
//   'wrong-shape'  200 with valid JSON that is not what the API returns (`wrongShape`)
//   'retry-later'  429 with Retry-After: `retryAfterSeconds` (the OpenAI SDK sleeps that long, up
//                  to 60 s, before its retry)
//
// It counts its open sockets: after a client gives up, they must be closed (a client that gives
// up but leaves the socket open leaks one connection per visitor).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type SlowMode = 'trickle' | 'silent' | 'not-json' | 'wrong-shape' | 'retry-later';

export interface SlowServer {
  /** Origin, e.g. http://127.0.0.1:4321 (append /v1 for OpenAI). */
  url: string;
  mode: SlowMode;
  /** Pause between two trickled bytes. */
  trickleMs: number;
  /** The Retry-After of 'retry-later' answers, in seconds. */
  retryAfterSeconds: number;
  /** The body of 'wrong-shape' answers. */
  wrongShape: unknown;
  requests: { method: string; path: string; at: number }[];
  /** Sockets currently open on the server side. */
  openSockets(): number;
  /** Closes whatever a previous client left open (so one test's leak does not fail the next). */
  reset(): void;
  /** Resolves true once every socket is closed, false if some are still open after `ms`. */
  waitForNoSockets(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startSlowServer(options: { mode?: SlowMode; trickleMs?: number } = {}): Promise<SlowServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://slow').pathname;
    fake.requests.push({ method: req.method ?? 'GET', path, at: Date.now() });
    req.resume();
    req.on('end', () => {
      switch (fake.mode) {
        case 'silent':
          return;
        case 'trickle': {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.flushHeaders();
          const timer = setInterval(() => {
            if (res.destroyed || res.writableEnded) {
              clearInterval(timer);
              timers.delete(timer);
              return;
            }
            res.write(' ');
          }, fake.trickleMs);
          timers.add(timer);
          res.on('close', () => {
            clearInterval(timer);
            timers.delete(timer);
          });
          return;
        }
        case 'not-json':
          res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' });
          res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
          return;
        case 'wrong-shape':
          res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' });
          res.end(JSON.stringify(fake.wrongShape));
          return;
        case 'retry-later':
          res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(fake.retryAfterSeconds), Connection: 'close' });
          res.end(JSON.stringify({ error: { message: 'Rate limit reached (slow fake)', type: 'rate_limit_error' } }));
          return;
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const fake: SlowServer = {
    url: '',
    mode: options.mode ?? 'trickle',
    trickleMs: options.trickleMs ?? 2_000,
    retryAfterSeconds: 50,
    wrongShape: { hello: 'world', object: 'unexpected' },
    requests: [],
    openSockets: () => sockets.size,
    reset() {
      for (const s of sockets) s.destroy();
      fake.requests.length = 0;
    },
    async waitForNoSockets(ms) {
      const end = Date.now() + ms;
      while (sockets.size > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      return sockets.size === 0;
    },
    async close() {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
