// An HTTP reverse proxy in front of another local fake (s3rver) that can hold chosen requests: the
// request reaches the proxy, which neither forwards nor answers it until release(). A job whose
// request is held is in flight on that instance for as long as the test likes (the fault tests
// kill or freeze the instance then). Everything else passes through unchanged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldRequest {
  method: string;
  path: string;
}

export interface HoldProxy {
  url: string;
  /** Requests for which this answers true are held from now on (null: nothing is held). */
  hold(match: ((r: HeldRequest) => boolean) | null): void;
  /** Requests held so far (still waiting, or released). */
  held: HeldRequest[];
  /** Stops holding and forwards what is still waiting (whose client is still there). */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldProxy(target: string): Promise<HoldProxy> {
  const upstream = new URL(target);
  let match: ((r: HeldRequest) => boolean) | null = null;
  const waiting: (() => void)[] = [];
  const held: HeldRequest[] = [];

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => {
    if (res.destroyed) return;
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const r = { method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://proxy').pathname };
      if (match?.(r)) {
        held.push(r);
        waiting.push(() => forward(req, body, res));
        return;
      }
      forward(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    hold(m) {
      match = m;
    },
    release() {
      match = null;
      for (const go of waiting.splice(0)) go();
    },
    async close() {
      match = null;
      waiting.length = 0;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
