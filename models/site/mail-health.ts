// Sending health: whether MAIL_FROM's domain is set up so that mail from the site arrives (what
// Gmail and Yahoo ask of bulk senders since 2024): its SPF record, the DKIM key of the configured
// selector (the same key the site signs with?) and its DMARC policy. Each check says what was
// found, whether it is right, and the record to add at the domain's host when it is not. Asked on
// demand (the admin's Newsletter screen, GET /api/admin/mail-health) and never cached: DNS answers
// are public and cheap, and an answer kept by one instance would contradict another's after a fix.
import { createTxtLookup, type TxtAnswer, type TxtLookup } from '../providers/dns';
import { dkimRecordValue, samePublicKey, type DkimSettings } from '../providers/dkim';

export type HealthStatus = 'ok' | 'missing' | 'wrong' | 'unknown';

/** Why a check has its status: the admin's panel says each in plain words, in its language. */
export type HealthReason =
  | 'ok'
  /** Nothing is published where it was looked up. */
  | 'none'
  /** SPF or DMARC: more than one record (receivers then take none of them). */
  | 'several'
  /** SPF: "+all" (or a bare "all"): anybody may send as the domain. */
  | 'plus-all'
  /** DKIM: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set: the site does not sign. */
  | 'not-configured'
  /** DKIM: the key published for the selector is not the public half of DKIM_PRIVATE_KEY. */
  | 'key-mismatch'
  /** DKIM: DKIM_DOMAIN is not MAIL_FROM's domain (nor its parent): DMARC does not count the signature. */
  | 'not-aligned'
  /** DMARC: p=none, reports only (fine to start with). */
  | 'policy-none'
  /** DMARC: the record has no valid p= (none, quarantine, reject). */
  | 'no-policy'
  /** The DNS server did not answer in time, or answered with an error: nothing is known. */
  | 'timeout'
  | 'dns-error'
  /** MAIL_FROM has no address with a domain. */
  | 'no-domain';

/** A record to publish at the domain's host: `host` as the host's DNS form names it, relative to the domain ("@" is the domain itself). */
export interface DnsRecord {
  type: 'TXT';
  /** The full name: _dmarc.example.org. */
  name: string;
  /** The name relative to the domain: _dmarc, mail._domainkey, @. */
  host: string;
  value: string;
}

export interface HealthCheck {
  status: HealthStatus;
  reason: HealthReason;
  /** Where it was looked up; null when there was nothing to look up. */
  name: string | null;
  /** What is published there (several records one per line); null when nothing is. */
  found: string | null;
  /** What it means, in one plain English sentence (the panel says it by `reason`). */
  message: string;
  /** What to do at the domain's host: add this record, or replace what is there by it; null: nothing to publish. */
  fix: { action: 'add' | 'replace'; record: DnsRecord } | null;
}

/** GET /api/admin/mail-health. */
export interface MailHealth {
  /** MAIL_FROM's address and its domain (null when it has none). */
  from: string;
  domain: string | null;
  /** SMTP_URL's host (no credentials); null: mails stay in the outbox. */
  smtpHost: string | null;
  /** The site's DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR), or null when it does not sign. */
  signing: { domain: string; selector: string } | null;
  checkedAt: string;
  spf: HealthCheck;
  dkim: HealthCheck;
  dmarc: HealthCheck;
}

/** The address of "Name <addr@domain>" (or of a plain address), and its domain in lower case. */
export function senderAddress(mailFrom: string): { address: string; domain: string | null } {
  const address = (/<([^<>]*)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1).trim().toLowerCase().replace(/\.$/, '') : '';
  return { address, domain: /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(domain) ? domain : null };
}

const hostOf = (name: string, domain: string): string => (name === domain ? '@' : name.endsWith(`.${domain}`) ? name.slice(0, -domain.length - 1) : name);
const record = (name: string, domain: string, value: string): DnsRecord => ({ type: 'TXT', name, host: hostOf(name, domain), value });

const DNS_FAILED: Record<'timeout' | 'error', { reason: HealthReason; message: string }> = {
  timeout: { reason: 'timeout', message: 'The DNS server did not answer in time: nothing is known. Try again later.' },
  error: { reason: 'dns-error', message: 'The DNS server answered with an error: nothing is known. Try again later.' },
};

function failed(name: string, answer: Extract<TxtAnswer, { kind: 'failed' }>): HealthCheck {
  return { status: 'unknown', ...DNS_FAILED[answer.reason], name, found: null, fix: null };
}

/** Tags of a DKIM or DMARC record ("v=DMARC1; p=none"), names in lower case. */
function tags(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

const SPF = /^v=spf1(\s|$)/i;
/** "+all" or a bare "all": every server on the internet passes. */
const PLUS_ALL = /(^|\s)\+?all(\s|$)/i;

export async function checkSpf(lookup: TxtLookup, domain: string): Promise<HealthCheck> {
  const answer = await lookup.txt(domain);
  if (answer.kind === 'failed') return failed(domain, answer);
  const spf = answer.kind === 'found' ? answer.records.filter((r) => SPF.test(r.trim())) : [];
  if (spf.length === 0) {
    return { status: 'missing', reason: 'none', name: domain, found: null, message: 'No SPF record: receivers cannot tell which servers may send mail for the domain.', fix: { action: 'add', record: record(domain, domain, 'v=spf1 mx ~all') } };
  }
  const found = spf.join('\n');
  if (spf.length > 1) {
    // One record with every server the records name: several make receivers ignore them all.
    const terms = [...new Set(spf.flatMap((r) => r.trim().split(/\s+/).slice(1)).filter((t) => !/^[-~?+]?all$/i.test(t) && !/^redirect=/i.test(t)))];
    return { status: 'wrong', reason: 'several', name: domain, found, message: 'There are several SPF records: receivers then take none of them. Merge them into one.', fix: { action: 'replace', record: record(domain, domain, ['v=spf1', ...terms, '~all'].join(' ')) } };
  }
  const only = spf[0]!.trim();
  if (PLUS_ALL.test(only)) {
    return { status: 'wrong', reason: 'plus-all', name: domain, found, message: 'The SPF record ends in "+all": it lets any server in the world send as the domain.', fix: { action: 'replace', record: record(domain, domain, only.replace(/(^|\s)\+?all(?=\s|$)/i, '$1~all')) } };
  }
  return { status: 'ok', reason: 'ok', name: domain, found, message: 'The SPF record is there.', fix: null };
}

/** Whether a DKIM signature of `dkimDomain` counts for DMARC on mail from `fromDomain` (relaxed alignment, approximately). */
const aligned = (dkimDomain: string, fromDomain: string): boolean => dkimDomain === fromDomain || fromDomain.endsWith(`.${dkimDomain}`) || dkimDomain.endsWith(`.${fromDomain}`);

export async function checkDkim(lookup: TxtLookup, fromDomain: string, dkim: DkimSettings | undefined): Promise<HealthCheck> {
  if (!dkim) {
    return { status: 'missing', reason: 'not-configured', name: null, found: null, message: 'The site does not sign its mails: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set.', fix: null };
  }
  const name = `${dkim.keySelector}._domainkey.${dkim.domainName}`.toLowerCase();
  const expected = record(name, dkim.domainName, dkimRecordValue(dkim.privateKey));
  const answer = await lookup.txt(name);
  if (answer.kind === 'failed') return failed(name, answer);
  const keys = answer.kind === 'found' ? answer.records.filter((r) => /^v=DKIM1\s*(;|$)/i.test(r.trim()) || tags(r).has('p')) : [];
  if (keys.length === 0) {
    return { status: 'missing', reason: 'none', name, found: null, message: `No DKIM key is published for the selector "${dkim.keySelector}": receivers cannot check the site's signature.`, fix: { action: 'add', record: expected } };
  }
  const found = keys.join('\n');
  if (!keys.some((k) => samePublicKey(tags(k).get('p') ?? '', dkim.privateKey))) {
    return { status: 'wrong', reason: 'key-mismatch', name, found, message: 'The DKIM key published for the selector is not the key the site signs with: receivers see a broken signature.', fix: { action: 'replace', record: expected } };
  }
  if (!aligned(dkim.domainName, fromDomain)) {
    return { status: 'wrong', reason: 'not-aligned', name, found, message: `The site signs for ${dkim.domainName}, but sends from ${fromDomain}: DMARC does not count that signature. Set DKIM_DOMAIN to ${fromDomain}.`, fix: null };
  }
  return { status: 'ok', reason: 'ok', name, found, message: 'The DKIM key is published and matches the key the site signs with.', fix: null };
}

const DMARC = /^v=DMARC1\s*(;|$)/i;

/** `strict`: propose p=quarantine (once SPF and DKIM are right; it would send the domain's own mail to spam before). */
export async function checkDmarc(lookup: TxtLookup, domain: string, strictly: boolean | Promise<boolean>): Promise<HealthCheck> {
  const ask = `_dmarc.${domain}`;
  const suggested = (value: string) => record(ask, domain, value);
  // Without a record of its own, a subdomain's mail follows its organisational domain's policy
  // (approximated as the parents down to two labels).
  let name = ask;
  let dmarc: string[] = [];
  for (let at = domain; ; at = at.slice(at.indexOf('.') + 1)) {
    name = `_dmarc.${at}`;
    const answer = await lookup.txt(name);
    if (answer.kind === 'failed') return failed(name, answer);
    dmarc = answer.kind === 'found' ? answer.records.filter((r) => DMARC.test(r.trim())) : [];
    if (dmarc.length || at.split('.').length <= 2) break;
  }
  const strict = await strictly;
  if (dmarc.length === 0) {
    return { status: 'missing', reason: 'none', name: ask, found: null, message: 'No DMARC record: large mailbox providers ask bulk senders for one.', fix: { action: 'add', record: suggested(strict ? 'v=DMARC1; p=quarantine' : 'v=DMARC1; p=none') } };
  }
  const found = dmarc.join('\n');
  const at = (value: string): DnsRecord => record(name, domain, value);
  if (dmarc.length > 1) {
    return { status: 'wrong', reason: 'several', name, found, message: 'There are several DMARC records: receivers then take none of them. Keep one.', fix: { action: 'replace', record: at(dmarc[0]!.trim()) } };
  }
  const only = dmarc[0]!.trim();
  const policy = tags(only).get('p')?.toLowerCase();
  if (policy !== 'none' && policy !== 'quarantine' && policy !== 'reject') {
    return { status: 'wrong', reason: 'no-policy', name, found, message: 'The DMARC record has no valid policy (p=none, p=quarantine or p=reject).', fix: { action: 'replace', record: at('v=DMARC1; p=none') } };
  }
  if (policy === 'none') {
    // Enough for the bulk-sender rules; once SPF and DKIM pass, quarantine protects the name.
    return { status: 'ok', reason: 'policy-none', name, found, message: 'The DMARC record only asks for reports (p=none). Once SPF and DKIM are right, p=quarantine keeps others from sending as the domain.', fix: strict ? { action: 'replace', record: at(only.replace(/(^|;)\s*p\s*=\s*none/i, '$1 p=quarantine').trim()) } : null };
  }
  return { status: 'ok', reason: 'ok', name, found, message: `The DMARC record is there (p=${policy}).`, fix: null };
}

const NO_DOMAIN: HealthCheck = { status: 'unknown', reason: 'no-domain', name: null, found: null, message: 'MAIL_FROM has no address with a domain (like "Name <info@example.org>").', fix: null };

/** SMTP_URL's host, without the user, password or port. */
function smtpHostOf(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  try {
    return new URL(smtpUrl).hostname || null;
  } catch {
    return null;
  }
}

export async function mailHealth(options: { mailFrom: string; smtpUrl?: string; dkim?: DkimSettings; dnsServers: string[]; lookup?: TxtLookup }): Promise<MailHealth> {
  const { address, domain } = senderAddress(options.mailFrom);
  const lookup = options.lookup ?? createTxtLookup(options.dnsServers);
  const base = {
    from: address,
    domain,
    smtpHost: smtpHostOf(options.smtpUrl),
    signing: options.dkim ? { domain: options.dkim.domainName, selector: options.dkim.keySelector } : null,
    checkedAt: new Date().toISOString(),
  };
  if (!domain) return { ...base, spf: NO_DOMAIN, dkim: NO_DOMAIN, dmarc: NO_DOMAIN };
  // The three at once: a DNS server that does not answer costs one deadline, not three.
  const spfCheck = checkSpf(lookup, domain);
  const dkimCheck = checkDkim(lookup, domain, options.dkim);
  const bothRight = Promise.all([spfCheck, dkimCheck]).then(([s, d]) => s.status === 'ok' && d.status === 'ok');
  const [spf, dkim, dmarc] = await Promise.all([spfCheck, dkimCheck, checkDmarc(lookup, domain, bothRight)]);
  return { ...base, spf, dkim, dmarc };
}
