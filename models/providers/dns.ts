// TXT look-ups for the sending-health check (models/site/mail-health.ts): the system's resolvers,
// or DNS_SERVERS (tests point it at a local DNS server). Every look-up has a deadline; a server
// that does not answer, or answers SERVFAIL, is a `failed` answer with a plain reason, never a throw.
import dns from 'node:dns';

/** What one TXT look-up found: the records (each one's strings joined), none, or no answer. */
export type TxtAnswer = { kind: 'found'; records: string[] } | { kind: 'none' } | { kind: 'failed'; reason: 'timeout' | 'error'; code: string };

export interface TxtLookup {
  txt(name: string): Promise<TxtAnswer>;
}

/** One try waits this long, and the second twice as long (c-ares' backoff); the whole look-up at most LOOKUP_MS. */
export const DNS_TRY_MS = 800;
export const DNS_TRIES = 2;
export const LOOKUP_MS = 2500;

/** No such name, or the name has no TXT records: nothing is published there. */
const NOTHING = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
const TIMEOUT = new Set(['ETIMEOUT', 'ECANCELLED']);

export function createTxtLookup(servers: string[] = []): TxtLookup {
  return {
    async txt(name) {
      // A resolver per look-up: cancelling one (its deadline) never cuts another short.
      const resolver = new dns.promises.Resolver({ timeout: DNS_TRY_MS, tries: DNS_TRIES });
      if (servers.length) resolver.setServers(servers);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<TxtAnswer>((resolve) => {
        timer = setTimeout(() => {
          resolver.cancel();
          resolve({ kind: 'failed', reason: 'timeout', code: 'ETIMEOUT' });
        }, LOOKUP_MS);
      });
      const lookup = resolver.resolveTxt(name).then(
        (rows): TxtAnswer => (rows.length ? { kind: 'found', records: rows.map((parts) => parts.join('')) } : { kind: 'none' }),
        (err: NodeJS.ErrnoException): TxtAnswer => {
          const code = String(err.code ?? 'EUNKNOWN');
          if (NOTHING.has(code)) return { kind: 'none' };
          return { kind: 'failed', reason: TIMEOUT.has(code) ? 'timeout' : 'error', code };
        },
      );
      try {
        return await Promise.race([lookup, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
