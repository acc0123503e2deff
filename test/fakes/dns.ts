// A local DNS server for the tests (dns2): TXT records for test domains on 127.0.0.1 and a free
// UDP port, so the sending-health check and DKIM verification ask real DNS over the network
// (DNS_SERVERS=127.0.0.1:<port>). It can answer SERVFAIL, or never answer at all.
import dns2 from 'dns2';

const { Packet } = dns2;
/** RFC 1035 response codes (dns2's Packet.RCODE, which its types do not declare). */
const SERVFAIL = 2;
const NXDOMAIN = 3;

export type DnsMode = 'ok' | 'servfail' | 'silent';

export interface FakeDns {
  /** ip:port, as DNS_SERVERS takes it. */
  server: string;
  /** TXT records by name (lower case), each record one value (split into 255-byte strings on the wire). */
  txt: Map<string, string[]>;
  mode: DnsMode;
  /** The names asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** A TXT value as DNS carries it: character-strings of at most 255 bytes. */
const chunks = (value: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += 255) out.push(value.slice(i, i + 255));
  return out.length ? out : [''];
};

export async function startFakeDns(records: Record<string, string[]> = {}): Promise<FakeDns> {
  const txt = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]));
  const state: FakeDns = { server: '', txt, mode: 'ok', asked: [], close: async () => undefined };
  const handle = (request: InstanceType<typeof Packet>, send: (response: InstanceType<typeof Packet>) => Promise<Buffer>) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
    state.asked.push(name);
    if (state.mode === 'silent') return;
    if (state.mode === 'servfail') {
      response.header.rcode = SERVFAIL;
      void send(response);
      return;
    }
    const values = txt.get(name);
    // A name nobody published: NXDOMAIN, as a real server answers it.
    if (!values && ![...txt.keys()].some((k) => k.endsWith(`.${name}`))) response.header.rcode = NXDOMAIN;
    if (question?.type === Packet.TYPE.TXT) {
      for (const value of values ?? []) response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: chunks(value) } as unknown as (typeof response.answers)[number]);
    }
    void send(response);
  };
  // UDP on a free port, and TCP on the same port for answers too long for a datagram (a DKIM key
  // is: the resolver asks again over TCP, as with a real server).
  const udp = dns2.createServer({ udp: true, handle });
  const port = (await udp.listen({ udp: { port: 0, address: '127.0.0.1' } })).udp!.port;
  const tcp = dns2.createServer({ tcp: true, handle });
  await tcp.listen({ tcp: { port, address: '127.0.0.1' } });
  state.server = `127.0.0.1:${port}`;
  state.close = async () => {
    await Promise.all([udp.close(), tcp.close()]);
  };
  return state;
}
