// Reading the bank's ISO 20022 statements: camt.054 (debit/credit notification) and camt.053
// (account statement), versions 04 to 08, with fast-xml-parser (never regular expressions on the
// XML). Pure: text in, the account's IBAN, its credits and every booked line (credits and debits,
// with the bank's note and the other party) out, or a CamtError saying why the file
// is not one of them. What the credits mean is models/giving/bank-import.ts's business.
import crypto from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { compactIban } from '../shared/qr-bill-rules';

export type CamtProblem = 'empty' | 'not_xml' | 'not_camt';

export class CamtError extends Error {
  constructor(
    readonly problem: CamtProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CamtError';
  }
}

/** One credit booked to the account, as the file says it. */
export interface CamtCredit {
  /** The credit's identity across files (camt.053 and camt.054 of the same booking agree): sha256 hex. */
  key: string;
  /** The creditor reference (RmtInf/Strd/CdtrRefInf/Ref) as written, or null. */
  reference: string | null;
  /** Minor units (all three currencies this site knows have two decimals); null: not an amount we can read. */
  amountCents: number | null;
  /** The amount as the file wrote it ("50.00"). */
  amountText: string;
  /** Lower-case ISO code ("chf"). */
  currency: string;
  /** Booking day (or value day), YYYY-MM-DD; null when the file has neither. */
  date: string | null;
  debtorName: string | null;
  /** The bank's own reference of the booking (AcctSvcrRef, else the EndToEndId). */
  bankRef: string | null;
  /** The sender's account (RltdPties/DbtrAcct/Id/IBAN), compacted; null when the file has none. */
  debtorIban?: string | null;
  /** The bank's own words about it: the unstructured remittance (RmtInf/Ustrd), else AddtlTxInf, else the entry's AddtlNtryInf. */
  note?: string | null;
}

/** One booked entry (or one transaction of a batch entry), credit or debit: a line of the statement. */
export interface CamtEntry {
  /** The line's identity; for a credit, its CamtCredit's key. */
  key: string;
  direction: 'credit' | 'debit';
  amountCents: number | null;
  amountText: string;
  currency: string;
  date: string | null;
  reference: string | null;
  bankRef: string | null;
  /** The other party: the sender of a credit (Dbtr, DbtrAcct), the payee of a debit (Cdtr, CdtrAcct). */
  counterpartyName: string | null;
  counterpartyIban: string | null;
  note: string | null;
}

export interface CamtStatement {
  kind: 'camt.053' | 'camt.054';
  version: string;
  /** Compacted IBANs of the accounts the file is about (one per statement or notification). */
  accounts: string[];
  credits: CamtCredit[];
  /** Every booked line, credits and debits, in the file's order. */
  entries: CamtEntry[];
  /** The statement's (or notification's) own Id of the first report, and its period (FrToDt), when given. */
  statementId: string | null;
  from: string | null;
  to: string | null;
}

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.001\.(0[4-8])$/;
const ARRAYS = new Set(['Ntfctn', 'Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'CdtrRefInf']);

type Node = Record<string, unknown>;

const asNode = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(asNode).filter((n): n is Node => !!n) : asNode(v) ? [asNode(v)!] : []);
/** The text of an element (with or without attributes), trimmed; null when missing or empty. */
function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  const n = asNode(v);
  if (n && n['#text'] !== undefined) return text(n['#text']);
  return null;
}
/** Follows a path of element names; the first of each list. */
function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const name of path) {
    const n = Array.isArray(cur) ? asNode(cur[0]) : asNode(cur);
    if (!n) return undefined;
    cur = n[name];
  }
  return Array.isArray(cur) ? cur[0] : cur;
}

/** "1250.5" -> 125050; anything but a plain positive decimal with at most two places -> null. */
export function decimalToMinor(amount: string): number | null {
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(amount)) return null;
  const [whole, frac = ''] = amount.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

function dateOf(n: Node | undefined): string | null {
  if (!n) return null;
  const d = text(at(n, 'Dt')) ?? text(at(n, 'DtTm'))?.slice(0, 10) ?? null;
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null;
}

function referenceOf(tx: Node | undefined): string | null {
  if (!tx) return null;
  for (const strd of list(asNode(tx.RmtInf)?.Strd)) {
    for (const ref of list(strd.CdtrRefInf)) {
      const r = text(ref.Ref);
      if (r) return r.slice(0, 40);
    }
  }
  return null;
}

function debtorOf(tx: Node | undefined): string | null {
  if (!tx) return null;
  const dbtr = at(tx, 'RltdPties', 'Dbtr');
  const name = text(at(dbtr, 'Nm')) ?? text(at(dbtr, 'Pty', 'Nm'));
  return name ? name.slice(0, 200) : null;
}

/** The other party of a transaction: Dbtr/DbtrAcct for a credit, Cdtr/CdtrAcct for a debit. */
function partyOf(tx: Node | undefined, role: 'Dbtr' | 'Cdtr'): { name: string | null; iban: string | null } {
  if (!tx) return { name: null, iban: null };
  const party = at(tx, 'RltdPties', role);
  const name = text(at(party, 'Nm')) ?? text(at(party, 'Pty', 'Nm'));
  const iban = text(at(tx, 'RltdPties', `${role}Acct`, 'Id', 'IBAN'));
  return { name: name ? name.slice(0, 200) : null, iban: iban ? compactIban(iban).slice(0, 34) : null };
}

/** The bank's words about a transaction: RmtInf/Ustrd (all of them), else AddtlTxInf, else the entry's AddtlNtryInf. */
function noteOf(tx: Node | undefined, entry: Node): string | null {
  const ustrd = tx ? [asNode(tx.RmtInf)?.Ustrd].flat().map(text).filter((v): v is string => !!v) : [];
  const note = (ustrd.length ? ustrd.join(' ') : null) ?? text(tx?.AddtlTxInf) ?? text(entry.AddtlNtryInf);
  return note ? note.replace(/\s+/g, ' ').slice(0, 500) : null;
}

const NOT_PROVIDED = 'NOTPROVIDED';

/** The parser's tree, or a CamtError: whatever the parser refuses is a file this site cannot read. */
function readXml(xml: string, options: ConstructorParameters<typeof XMLParser>[0]): unknown {
  try {
    return new XMLParser(options).parse(xml);
  } catch (err) {
    throw new CamtError('not_xml', `The file cannot be read as XML (${err instanceof Error ? err.message.slice(0, 200) : 'unknown problem'}).`);
  }
}

/** Parses a camt.053 or camt.054 file; throws CamtError when it is not one. */
export function parseCamt(xml: string): CamtStatement {
  if (!xml.trim()) throw new CamtError('empty', 'The file is empty.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CamtError('not_xml', `The file is not XML (line ${valid.err.line}: ${valid.err.msg}).`);
  // The root and its namespace first (prefixes kept), then the content with prefixes removed.
  const raw = asNode(readXml(xml, { ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, processEntities: false, ignoreDeclaration: true, ignorePiTags: true }));
  const rootName = Object.keys(raw ?? {}).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  const root = rootName ? asNode(raw![rootName]) : undefined;
  const prefix = rootName?.includes(':') ? rootName.split(':')[0] : null;
  const namespace = root ? text(root[prefix ? `@_xmlns:${prefix}` : '@_xmlns']) : null;
  const match = namespace ? NAMESPACE.exec(namespace) : null;
  if (!rootName || rootName.split(':').pop() !== 'Document' || !match) {
    throw new CamtError('not_camt', `The file is XML but not a bank statement: expected an ISO 20022 camt.053 or camt.054 document (versions 04 to 08), found ${rootName ? `<${rootName}>` : 'no element'}${namespace ? ` in ${namespace.slice(0, 100)}` : ''}.`);
  }
  const kind = match[1] as 'camt.053' | 'camt.054';
  const version = match[2]!;
  const doc = asNode(
    asNode(
      readXml(xml, {
        ignoreAttributes: false,
        attributeNamePrefix: '@_',
        removeNSPrefix: true,
        parseTagValue: false,
        parseAttributeValue: false,
        // The five XML entities and character references; a DOCTYPE's own entities only a few and small
        // (a bank's file has none: this keeps an "entity expansion" file from eating the memory).
        processEntities: { enabled: true, maxEntityCount: 10, maxEntitySize: 1000, maxExpansionDepth: 5, maxTotalExpansions: 1000, maxExpandedLength: 10_000 },
        htmlEntities: false,
        ignoreDeclaration: true,
        ignorePiTags: true,
        isArray: (name) => ARRAYS.has(name),
      }),
    )?.Document,
  );
  const body = asNode(doc?.[kind === 'camt.054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt']);
  const reports = list(body?.[kind === 'camt.054' ? 'Ntfctn' : 'Stmt']);
  if (!body || reports.length === 0) throw new CamtError('not_camt', `The ${kind} file has no ${kind === 'camt.054' ? 'notification (Ntfctn)' : 'statement (Stmt)'}.`);

  const accounts: string[] = [];
  const credits: CamtCredit[] = [];
  const entries: CamtEntry[] = [];
  const first = reports[0]!;
  const statementId = text(first.Id)?.slice(0, 100) ?? null;
  const period = (k: string) => {
    const v = text(at(first, 'FrToDt', `${k}DtTm`))?.slice(0, 10) ?? text(at(first, 'FrToDt', `${k}Dt`));
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
  };
  for (const report of reports) {
    const iban = text(at(report, 'Acct', 'Id', 'IBAN'));
    accounts.push(iban ? compactIban(iban) : '');
    for (const entry of list(report.Ntry)) {
      if (text(entry.RvslInd) === 'true') continue;
      const status = text(entry.Sts) ?? text(at(entry, 'Sts', 'Cd'));
      if (status && status !== 'BOOK') continue;
      const entryDate = dateOf(asNode(entry.BookgDt)) ?? dateOf(asNode(entry.ValDt));
      const entryRef = text(entry.AcctSvcrRef);
      const txs = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      const parts: { tx: Node | undefined; index: number }[] = txs.length ? txs.map((tx, index) => ({ tx, index })) : [{ tx: undefined, index: 0 }];
      for (const { tx, index } of parts) {
        const indicator = text(tx?.CdtDbtInd) ?? text(entry.CdtDbtInd);
        if (indicator !== 'CRDT' && indicator !== 'DBIT') continue;
        const credit = indicator === 'CRDT';
        // The transaction's amount; an entry of one transaction (or none) may carry it only on the entry.
        const amt = asNode(tx?.Amt) ?? asNode(at(tx, 'AmtDtls', 'TxAmt', 'Amt')) ?? (parts.length === 1 ? asNode(entry.Amt) : undefined);
        const amountText = text(amt) ?? '';
        const currency = (text(amt?.['@_Ccy']) ?? '').toLowerCase();
        const txRef = text(at(tx, 'Refs', 'AcctSvcrRef'));
        const e2e = text(at(tx, 'Refs', 'EndToEndId'));
        const bankRef = txRef ?? (e2e && e2e !== NOT_PROVIDED ? e2e : null);
        const reference = referenceOf(tx);
        const date = entryDate;
        // Without a reference of its own, a transaction is told apart by its entry's and its place in it.
        const identity = bankRef ?? `${entryRef ?? ''}#${index}`;
        // A debit's identity is told from a credit's with the same bank reference (a credit keeps its old key).
        const key = crypto.createHash('sha256').update(JSON.stringify([...(credit ? [] : ['DBIT']), identity, amountText, currency, date ?? '', reference ? reference.replace(/\s+/g, '').toUpperCase() : ''])).digest('hex');
        const party = partyOf(tx, credit ? 'Dbtr' : 'Cdtr');
        const note = noteOf(tx, entry);
        entries.push({
          key,
          direction: credit ? 'credit' : 'debit',
          amountCents: decimalToMinor(amountText),
          amountText,
          currency: /^[a-z]{3}$/.test(currency) ? currency : '',
          date,
          reference,
          bankRef: (bankRef ?? entryRef)?.slice(0, 120) ?? null,
          counterpartyName: party.name,
          counterpartyIban: party.iban,
          note,
        });
        if (!credit) continue;
        credits.push({
          key,
          reference,
          amountCents: decimalToMinor(amountText),
          amountText,
          currency: /^[a-z]{3}$/.test(currency) ? currency : '',
          date,
          debtorName: debtorOf(tx),
          bankRef: (bankRef ?? entryRef)?.slice(0, 120) ?? null,
          debtorIban: party.iban,
          note,
        });
      }
    }
  }
  return { kind, version, accounts, credits, entries, statementId, from: period('Fr'), to: period('To') };
}
