// The European Central Bank's reference rates as its daily file serves them
// (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml): units of each currency per euro,
// one <Cube time> a day. Tests set `days` and point EXCHANGE_RATES_URL at `url`; `fail` answers 503.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeEcb {
  url: string;
  /** Days and their rates per euro, e.g. { '2026-11-30': { USD: '1.0512', CHF: '0.9315' } }. */
  days: Record<string, Record<string, string>>;
  fail: boolean;
  requests: number;
  close(): Promise<void>;
}

export function ecbXml(days: Record<string, Record<string, string>>): string {
  const cubes = Object.entries(days)
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([time, rates]) => `\t\t<Cube time='${time}'>\n${Object.entries(rates).map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`).join('\n')}\n\t\t</Cube>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}

export async function startFakeEcb(days: FakeEcb['days'] = {}): Promise<FakeEcb> {
  const state = { days, fail: false, requests: 0 };
  const server = http.createServer((req, res) => {
    state.requests++;
    if (state.fail || !req.url?.startsWith('/stats/eurofxref/eurofxref-daily.xml')) {
      res.writeHead(state.fail ? 503 : 404, { 'Content-Type': 'text/plain' }).end('unavailable');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/xml' }).end(ecbXml(state.days));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;
  return Object.assign(state, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeEcb;
}
