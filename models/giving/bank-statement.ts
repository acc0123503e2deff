// The bank statement fully explained. An imported camt.053/camt.054 file is kept as a statement
// with every booked line, credits and debits (models/giving/camt.ts reads them), each with the
// bank's own note and the other party, so a treasurer decides by what the bank says. A line is
// explained by one of:
// - a gift: its credit was credited (by its reference, a remembered sender's account, or a person's
//   assignment: models/giving/bank-import.ts);
// - a Stripe payout: recognised by amount, currency and arrival day against Stripe's payouts, or
//   chosen; the payout and what it paid out (gifts, refunds, fees) are kept in stripe_payouts and
//   stripe_payout_lines and listed under the line;
// - a not-a-gift category a treasurer chose (interest, grant, ...), with a note.
// A statement whose every line is explained is closed. Each explanation is claimed by a
// conditional update, so two treasurers (or two instances) cannot explain one line twice.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { CamtStatement } from './camt';
import { createPayoutReader, type PayoutInfo, type PayoutReader } from '../providers/payments-payouts';
import type { PaymentsOptions } from '../providers/payments';

export type { PayoutReader };
/** Stripe's payouts when Stripe is set up, else null (lines are then explained by hand). */
export const payoutReaderFor = (options: PaymentsOptions): Promise<PayoutReader | null> => createPayoutReader(options);
import { AppError } from '../shared/errors';
import { assignCredit, type AssignResult, type BankHooks } from './bank-import';

import { LINE_CATEGORIES, type LineCategory } from '../shared/bank-statement-rules';

export { LINE_CATEGORIES, type LineCategory };

/** A payout arrives at the bank a few days around the day Stripe names (weekends, bank holidays). */
const PAYOUT_DAYS = 4;

export interface PayoutLine {
  type: string;
  donationId: number | null;
  amountCents: number;
  feeCents: number;
  netCents: number;
  currency: string;
  createdOn: string | null;
}

export interface PayoutExplained {
  id: number;
  payoutId: string;
  amountCents: number;
  currency: string;
  arrivalDate: string;
  grossCents: number;
  feeCents: number;
  lines: PayoutLine[];
}

export type LineExplanation =
  | { kind: 'gift'; donationId: number; projectId: number | null; donorName: string | null }
  | { kind: 'payout'; payout: PayoutExplained }
  | { kind: 'category'; category: LineCategory; note: string | null };

export interface StatementLine {
  id: number;
  direction: 'credit' | 'debit';
  amountCents: number;
  currency: string;
  date: string | null;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  note: string | null;
  /** The line's bank credit (credits only): what the assign flow works on. */
  creditId: number | null;
  explained: LineExplanation | null;
}

export interface StatementSummary {
  id: number;
  kind: string;
  fileName: string | null;
  from: string | null;
  to: string | null;
  importedAt: string;
  lines: number;
  explained: number;
  closed: boolean;
}

export interface StatementDetail extends StatementSummary {
  items: StatementLine[];
}

const idOf = (row: unknown) => (typeof row === 'object' && row !== null ? Number((row as { id: unknown }).id) : Number(row));

/**
 * Keeps the statement and every line of it (once: the same file again finds it there), each credit
 * line linked to its bank credit (importCredits recorded those just before). Answers its id.
 */
export async function recordStatement(db: Knex, statement: CamtStatement, meta: { actor: string; fileName: string | null }): Promise<number> {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([statement.kind, statement.accounts, statement.statementId ?? '', statement.from ?? '', statement.to ?? '', statement.entries.map((e) => e.key)]))
    .digest('hex');
  return db.transaction(async (trx) => {
    const inserted = (await trx('bank_statements')
      .insert({
        statementKey: key,
        kind: statement.kind,
        accountIban: statement.accounts[0] || null,
        statementRef: statement.statementId,
        periodFrom: statement.from ?? minDate(statement),
        periodTo: statement.to ?? maxDate(statement),
        fileName: meta.fileName ? meta.fileName.slice(0, 200) : null,
        importedBy: meta.actor.slice(0, 320),
        createdAt: new Date().toISOString(),
      })
      .onConflict('statementKey')
      .ignore()
      .returning('id')) as unknown[];
    if (inserted.length === 0) return Number(((await trx('bank_statements').where({ statementKey: key }).first('id')) as { id: number }).id);
    const statementId = idOf(inserted[0]);
    const credits = new Map<string, number>();
    const keys = statement.entries.filter((e) => e.direction === 'credit').map((e) => e.key);
    for (let i = 0; i < keys.length; i += 500) {
      for (const r of (await trx('bank_credits').whereIn('creditKey', keys.slice(i, i + 500)).select('id', 'creditKey')) as { id: number; creditKey: string }[]) credits.set(r.creditKey, Number(r.id));
    }
    const seen = new Set<string>();
    const rows = statement.entries
      .filter((e) => !seen.has(e.key) && (seen.add(e.key), true))
      .map((e, position) => ({
        statementId,
        lineKey: e.key,
        position,
        direction: e.direction,
        amountCents: e.amountCents ?? 0,
        currency: (e.currency || 'xxx').slice(0, 3),
        bookedOn: e.date,
        reference: e.reference?.slice(0, 40) ?? null,
        bankRef: e.bankRef,
        counterpartyName: e.counterpartyName,
        counterpartyIban: e.counterpartyIban,
        note: e.note,
        bankCreditId: e.direction === 'credit' ? (credits.get(e.key) ?? null) : null,
      }));
    for (let i = 0; i < rows.length; i += 100) await trx('bank_statement_lines').insert(rows.slice(i, i + 100));
    return statementId;
  });
}

const minDate = (s: CamtStatement) => s.entries.map((e) => e.date).filter((d): d is string => !!d).sort()[0] ?? null;
const maxDate = (s: CamtStatement) => s.entries.map((e) => e.date).filter((d): d is string => !!d).sort().pop() ?? null;

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Stores a payout and what it paid out (once; the lines name their donations by charge) and
 * answers its row id.
 */
async function storePayout(trx: Knex.Transaction, payout: PayoutInfo, reader: PayoutReader): Promise<number> {
  const known = (await trx('stripe_payouts').where({ payoutId: payout.id }).first('id')) as { id: number } | undefined;
  if (known) return Number(known.id);
  const lines = await reader.payoutLines(payout.id);
  const gross = lines.reduce((s, l) => s + l.amountCents, 0);
  const fee = lines.reduce((s, l) => s + l.feeCents, 0);
  const inserted = (await trx('stripe_payouts')
    .insert({ payoutId: payout.id, amountCents: payout.amountCents, currency: payout.currency.slice(0, 3), arrivalDate: payout.arrivalDate, status: payout.status.slice(0, 20), grossCents: gross, feeCents: fee, fetchedAt: new Date().toISOString() })
    .onConflict('payoutId')
    .ignore()
    .returning('id')) as unknown[];
  if (inserted.length === 0) return Number(((await trx('stripe_payouts').where({ payoutId: payout.id }).first('id')) as { id: number }).id);
  const id = idOf(inserted[0]);
  const charges = [...new Set(lines.map((l) => l.chargeId).filter((c): c is string => !!c))];
  const donations = new Map<string, number>();
  if (charges.length) for (const d of (await trx('donations').whereIn('chargeId', charges).select('id', 'chargeId')) as { id: number; chargeId: string }[]) donations.set(d.chargeId, Number(d.id));
  for (const l of lines) {
    await trx('stripe_payout_lines')
      .insert({
        payoutId: id,
        balanceTransactionId: l.balanceTransactionId.slice(0, 100),
        type: l.type.slice(0, 30),
        sourceId: l.sourceId?.slice(0, 100) ?? null,
        donationId: l.chargeId ? (donations.get(l.chargeId) ?? null) : null,
        amountCents: l.amountCents,
        feeCents: l.feeCents,
        netCents: l.netCents,
        currency: l.currency.slice(0, 3),
        createdOn: l.createdOn,
      })
      .onConflict('balanceTransactionId')
      .ignore();
  }
  return id;
}

type LineRow = {
  id: number;
  statementId: number;
  direction: string;
  amountCents: unknown;
  currency: string;
  bookedOn: string | null;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  note: string | null;
  bankCreditId: number | null;
  payoutId: number | null;
  category: string | null;
  categoryNote: string | null;
};

/** A line's bank credit is still waiting (not credited, not a payout, not a category). */
const waiting = async (db: Knex | Knex.Transaction, creditId: number | null) => creditId === null || Boolean(await db('bank_credits').where({ id: creditId, status: 'unmatched' }).first('id'));

/**
 * Links the waiting credit lines of a statement to the Stripe payouts they are: the same amount and
 * currency, arriving within a few days of the booking, not linked to another line yet. Answers how
 * many lines it explained. Stripe's troubles leave the lines waiting (the treasurer can choose later).
 */
export async function matchPayouts(db: Knex, statementId: number, reader: PayoutReader | null, actor: string): Promise<number> {
  if (!reader) return 0;
  const lines = (await db('bank_statement_lines').where({ statementId, direction: 'credit' }).whereNull('payoutId').whereNull('category').whereNull('reference').orderBy('position')) as LineRow[];
  const open = [];
  for (const l of lines) if (l.bookedOn && (await waiting(db, l.bankCreditId))) open.push(l);
  if (!open.length) return 0;
  const days = open.map((l) => l.bookedOn!).sort();
  let payouts: PayoutInfo[];
  try {
    payouts = await reader.listPayouts(shiftDay(days[0]!, -PAYOUT_DAYS), shiftDay(days[days.length - 1]!, PAYOUT_DAYS));
  } catch (err) {
    if (err instanceof AppError) return 0;
    throw err;
  }
  let matched = 0;
  for (const line of open) {
    const day = Date.parse(`${line.bookedOn}T00:00:00Z`);
    const candidates = payouts.filter((p) => p.amountCents === Number(line.amountCents) && p.currency === line.currency && Math.abs(Date.parse(`${p.arrivalDate}T00:00:00Z`) - day) <= PAYOUT_DAYS * 86_400_000);
    for (const payout of candidates) {
      try {
        await db.transaction((trx) => linkPayout(trx, line, payout, reader, actor));
        matched++;
        break;
      } catch (err) {
        // Taken by another line, or Stripe could not be asked for its lines: the next candidate, or later by hand.
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
  return matched;
}

/** Claims the line for the payout (once), and its bank credit (no longer waiting for a person). */
async function linkPayout(trx: Knex.Transaction, line: LineRow, payout: PayoutInfo, reader: PayoutReader, actor: string): Promise<number> {
  if (payout.amountCents !== Number(line.amountCents) || payout.currency !== line.currency || line.direction !== 'credit') {
    throw new AppError(422, 'bank.payout_mismatch', `This payout (${(payout.amountCents / 100).toFixed(2)} ${payout.currency.toUpperCase()} on ${payout.arrivalDate}) is not this line's amount: nothing was changed.`);
  }
  const payoutRow = await storePayout(trx, payout, reader);
  // One payout explains one bank line (the same line of a camt.054 and of the month's camt.053 share its credit).
  const other = (await trx('stripe_payouts').where({ id: payoutRow }).first('bankCreditId')) as { bankCreditId: number | null };
  if (other.bankCreditId !== null && line.bankCreditId !== null && Number(other.bankCreditId) !== Number(line.bankCreditId)) {
    throw new AppError(422, 'bank.payout_mismatch', 'This payout explains another bank line already: nothing was changed.');
  }
  const claimed = await trx('bank_statement_lines').where({ id: line.id }).whereNull('payoutId').whereNull('category').update({ payoutId: payoutRow, explainedBy: actor.slice(0, 320), explainedAt: new Date().toISOString() });
  if (Number(claimed) !== 1) throw new AppError(409, 'bank.already_explained', 'This line is explained already: nothing was changed.');
  if (line.bankCreditId !== null) {
    const credit = await trx('bank_credits').where({ id: line.bankCreditId, status: 'unmatched' }).update({ status: 'payout', assignedBy: actor.slice(0, 320), assignedAt: new Date().toISOString() });
    if (Number(credit) !== 1) throw new AppError(409, 'bank.already_explained', 'This credit has been credited already: nothing was changed.');
    await trx('stripe_payouts').where({ id: payoutRow }).update({ bankCreditId: line.bankCreditId });
    // The same credit on another statement (its camt.054 and the month's camt.053) is explained with it.
    await trx('bank_statement_lines').where({ bankCreditId: line.bankCreditId }).whereNull('payoutId').update({ payoutId: payoutRow, explainedBy: actor.slice(0, 320), explainedAt: new Date().toISOString() });
  }
  return payoutRow;
}

export type ExplainInput = { category: LineCategory; note?: string | null } | { payoutId: string } | { projectId?: number | null; email?: string | null; remember?: boolean; language?: 'en' | 'de' };

export type ExplainResult = { line: StatementLine; assigned?: AssignResult };

async function lineOf(db: Knex | Knex.Transaction, statementId: number, lineId: number): Promise<LineRow> {
  const line = (await db('bank_statement_lines').where({ id: lineId, statementId }).first()) as LineRow | undefined;
  if (!line) throw new AppError(404, 'not_found', 'No such line on this statement.');
  return line;
}

/**
 * A treasurer explains one line: a not-a-gift category with a note, a Stripe payout (by its id), or
 * an assignment of a credit to a project or donor (the assign flow, remembering the sender's
 * account when the donor agreed). A line explained already is a 409.
 */
export async function explainLine(db: Knex, statementId: number, lineId: number, input: ExplainInput, actor: string, deps: { reader: PayoutReader | null; hooks?: BankHooks }): Promise<ExplainResult> {
  const line = await lineOf(db, statementId, lineId);
  const now = new Date().toISOString();
  let assigned: AssignResult | undefined;
  if ('category' in input) {
    await db.transaction(async (trx) => {
      const claimed = await trx('bank_statement_lines').where({ id: lineId }).whereNull('payoutId').whereNull('category').update({ category: input.category, categoryNote: input.note?.trim().slice(0, 500) || null, explainedBy: actor.slice(0, 320), explainedAt: now });
      if (Number(claimed) !== 1) throw new AppError(409, 'bank.already_explained', 'This line is explained already: nothing was changed.');
      if (line.bankCreditId !== null) {
        // Not a gift: it leaves the unmatched credits (a credited one cannot be booked as something else).
        const credit = await trx('bank_credits').where({ id: line.bankCreditId, status: 'unmatched' }).update({ status: 'other', assignedBy: actor.slice(0, 320), assignedAt: now });
        if (Number(credit) !== 1) throw new AppError(409, 'bank.already_explained', 'This credit has been credited as a gift already: nothing was changed.');
        await trx('bank_statement_lines').where({ bankCreditId: line.bankCreditId }).whereNull('category').whereNull('payoutId').update({ category: input.category, categoryNote: input.note?.trim().slice(0, 500) || null, explainedBy: actor.slice(0, 320), explainedAt: now });
      }
    });
  } else if ('payoutId' in input) {
    if (!deps.reader) throw new AppError(422, 'bank.no_stripe', 'Stripe is not set up on this site: there are no payouts to choose.');
    const payout = await deps.reader.retrievePayout(input.payoutId);
    if (!payout) throw new AppError(422, 'bank.payout_mismatch', `Stripe has no payout ${input.payoutId}: nothing was changed.`);
    if (line.payoutId !== null || line.category !== null || !(await waiting(db, line.bankCreditId))) throw new AppError(409, 'bank.already_explained', 'This line is explained already: nothing was changed.');
    await db.transaction((trx) => linkPayout(trx, line, payout, deps.reader!, actor));
  } else {
    if (line.direction !== 'credit' || line.bankCreditId === null) throw new AppError(400, 'bad_request', 'Only a credit can be assigned to a project or a donor: choose a category for this line.');
    if (line.payoutId !== null || line.category !== null) throw new AppError(409, 'bank.already_explained', 'This line is explained already: nothing was changed.');
    const creditId = line.bankCreditId;
    assigned = await db.transaction((trx) => assignCredit(trx, creditId, input, actor, deps.hooks ?? {}));
  }
  const detail = await statementDetail(db, statementId);
  return { line: detail!.items.find((i) => i.id === lineId)!, ...(assigned ? { assigned } : {}) };
}

type CreditState = { id: number; status: string; donationId: number | null; projectId: number | null; donorName: string | null };

async function explanations(db: Knex | Knex.Transaction, rows: LineRow[]): Promise<Map<number, LineExplanation>> {
  const out = new Map<number, LineExplanation>();
  const creditIds = rows.map((r) => r.bankCreditId).filter((v): v is number => v !== null);
  const credits = new Map<number, CreditState>();
  for (let i = 0; i < creditIds.length; i += 500) {
    const found = (await db('bank_credits as c').leftJoin('donations as d', 'd.id', 'c.donationId').whereIn('c.id', creditIds.slice(i, i + 500)).select('c.id', 'c.status', 'c.donationId', 'd.projectId', 'd.donorName')) as CreditState[];
    for (const c of found) credits.set(Number(c.id), c);
  }
  const payoutIds = [...new Set(rows.map((r) => r.payoutId).filter((v): v is number => v !== null).map(Number))];
  const payouts = new Map<number, PayoutExplained>();
  if (payoutIds.length) {
    const heads = (await db('stripe_payouts').whereIn('id', payoutIds)) as Record<string, unknown>[];
    const lines = (await db('stripe_payout_lines').whereIn('payoutId', payoutIds).orderBy('id')) as Record<string, unknown>[];
    for (const p of heads) {
      const id = Number(p.id);
      payouts.set(id, {
        id,
        payoutId: String(p.payoutId),
        amountCents: Number(p.amountCents),
        currency: String(p.currency),
        arrivalDate: String(p.arrivalDate),
        grossCents: Number(p.grossCents ?? 0),
        feeCents: Number(p.feeCents ?? 0),
        lines: lines
          .filter((l) => Number(l.payoutId) === id)
          .map((l) => ({ type: String(l.type), donationId: l.donationId === null ? null : Number(l.donationId), amountCents: Number(l.amountCents), feeCents: Number(l.feeCents), netCents: Number(l.netCents), currency: String(l.currency), createdOn: (l.createdOn as string | null) ?? null })),
      });
    }
  }
  for (const r of rows) {
    if (r.payoutId !== null && payouts.has(Number(r.payoutId))) out.set(r.id, { kind: 'payout', payout: payouts.get(Number(r.payoutId))! });
    else if (r.category) out.set(r.id, { kind: 'category', category: r.category as LineCategory, note: r.categoryNote });
    else {
      const c = r.bankCreditId === null ? undefined : credits.get(Number(r.bankCreditId));
      if (c && c.status === 'credited' && c.donationId !== null) out.set(r.id, { kind: 'gift', donationId: Number(c.donationId), projectId: c.projectId === null ? null : Number(c.projectId), donorName: c.donorName });
    }
  }
  return out;
}

const toLine = (r: LineRow, explained: LineExplanation | undefined): StatementLine => ({
  id: Number(r.id),
  direction: r.direction === 'debit' ? 'debit' : 'credit',
  amountCents: Number(r.amountCents),
  currency: r.currency,
  date: r.bookedOn,
  reference: r.reference,
  counterpartyName: r.counterpartyName,
  counterpartyIban: r.counterpartyIban,
  note: r.note,
  creditId: r.bankCreditId === null ? null : Number(r.bankCreditId),
  explained: explained ?? null,
});

function summaryOf(s: Record<string, unknown>, lines: number, explained: number): StatementSummary {
  return {
    id: Number(s.id),
    kind: String(s.kind),
    fileName: (s.fileName as string | null) ?? null,
    from: (s.periodFrom as string | null) ?? null,
    to: (s.periodTo as string | null) ?? null,
    importedAt: new Date(String(s.createdAt)).toISOString(),
    lines,
    explained,
    closed: lines > 0 && explained === lines,
  };
}

/** The imported statements, newest first, each with its lines explained of all. */
export async function listStatements(db: Knex, limit = 100): Promise<StatementSummary[]> {
  const heads = (await db('bank_statements').orderBy('id', 'desc').limit(limit)) as Record<string, unknown>[];
  if (!heads.length) return [];
  const rows = (await db('bank_statement_lines').whereIn('statementId', heads.map((h) => Number(h.id)))) as LineRow[];
  const explained = await explanations(db, rows);
  return heads.map((h) => {
    const mine = rows.filter((r) => Number(r.statementId) === Number(h.id));
    return summaryOf(h, mine.length, mine.filter((r) => explained.has(r.id)).length);
  });
}

/** One statement with every line and what explains it; null when there is none. */
export async function statementDetail(db: Knex | Knex.Transaction, id: number): Promise<StatementDetail | null> {
  const head = (await db('bank_statements').where({ id }).first()) as Record<string, unknown> | undefined;
  if (!head) return null;
  const rows = (await db('bank_statement_lines').where({ statementId: id }).orderBy('position')) as LineRow[];
  const explained = await explanations(db, rows);
  const items = rows.map((r) => toLine(r, explained.get(r.id)));
  return { ...summaryOf(head, items.length, items.filter((i) => i.explained).length), items };
}
