// The physical limit for `npm run bench`: a bare node:http server, in a process of its own, that
// answers each path with bytes and headers recorded from the app (the same compressed body, the
// same Content-Encoding, ETag, security headers...). Started by scripts/bench.ts with an IPC
// channel: it receives { path, status, headers, body (base64) } messages, answers 'ok' to each,
// listens on 127.0.0.1 and reports its port. Plain JavaScript syntax only (run by node itself).
import http from 'node:http';

interface Recorded {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const pages = new Map<string, Recorded>();

const server = http.createServer((req, res) => {
  const page = pages.get(req.url ?? '');
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(page.status, page.headers);
  res.end(page.body);
});

process.on('message', (msg: { path: string; status: number; headers: Record<string, string | string[]>; body: string }) => {
  pages.set(msg.path, { status: msg.status, headers: msg.headers, body: Buffer.from(msg.body, 'base64') });
  process.send?.('ok');
});
// The bench ends: so does this process, even if the bench was killed.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
