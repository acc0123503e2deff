// The project ledger: every change of a project's raised total is one row here, written in the same
// transaction as the change (db/migrations/20261123000300_project_ledger.ts). So a total is always
// explained by its rows, raised_cents = sum(amount_cents), and checkLedger() finds any project
// where that does not hold (a fault probe calls it after killing the server mid-write).
// It lives with the project (content): the total is a column of projects and the admin's project
// form writes opening and adjustment rows; giving, above content, adds the gifts.
import type { Knex } from 'knex';
import { toIso } from '../shared/dates';
import { isSqlite } from '../../db/connection';

export type LedgerKind = 'opening' | 'donation' | 'adjustment' | 'refund' | 'dispute' | 'revaluation' | 'reversal';

export interface LedgerEntry {
  id: number;
  projectId: number;
  kind: LedgerKind;
  amountCents: number;
  /** A fee the donor covered with this gift (USD cents), outside the total. */
  coveredFeeCents: number;
  donationId: number | null;
  actor: string;
  note: string | null;
  createdAt: string;
}

export interface LedgerMismatch {
  projectId: number;
  raisedCents: number;
  ledgerCents: number;
}

/** Raised totals are whole cents below this bound (JavaScript numbers stay exact). */
export const MAX_RAISED_CENTS = Number.MAX_SAFE_INTEGER;

/**
 * Adds `amountCents` (may be negative) to a project's total and writes the ledger row that explains
 * it. Must run inside the caller's transaction: the two writes stand or fall together.
 */
export async function addToLedger(
  trx: Knex.Transaction,
  entry: { projectId: number; kind: LedgerKind; amountCents: number; coveredFeeCents?: number; donationId?: number | null; actor: string; note?: string | null },
): Promise<void> {
  if (!Number.isSafeInteger(entry.amountCents)) throw new Error(`ledger amounts are whole cents, got ${entry.amountCents}`);
  await trx('project_ledger').insert({
    projectId: entry.projectId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    // A fee the donor covered: recorded with the gift, outside the project's total.
    coveredFeeCents: entry.coveredFeeCents ?? 0,
    donationId: entry.donationId ?? null,
    actor: entry.actor.slice(0, 320),
    note: entry.note ? entry.note.slice(0, 500) : null,
    createdAt: new Date().toISOString(),
  });
  if (entry.amountCents !== 0) {
    await trx('projects')
      .where({ id: entry.projectId })
      .update({ raisedCents: trx.raw('?? + ?', ['raised_cents', entry.amountCents]), updatedAt: new Date().toISOString() });
  }
}

/**
 * A project's current total, read so that no other transaction can change it before this one ends
 * (SELECT ... FOR UPDATE on PostgreSQL; SQLite has one writer at a time anyway).
 */
export async function lockedRaisedCents(trx: Knex.Transaction, projectId: number): Promise<number | null> {
  const q = trx('projects').where({ id: projectId }).first<{ raisedCents: number | string } | undefined>('raisedCents');
  if (!isSqlite(trx)) q.forUpdate();
  const row = await q;
  return row ? Number(row.raisedCents) : null;
}

/** The kinds of row that Stripe's events write: what donors gave, less what went back to them. */
export const CONFIRMED_KINDS: readonly LedgerKind[] = ['donation', 'refund', 'dispute', 'revaluation'];

/** What confirmed gifts add to a project's total now (donations less their refunds and lost disputes), in cents. */
export async function confirmedGiftsCents(db: Knex | Knex.Transaction, projectId: number): Promise<number> {
  const row = (await db('project_ledger').where({ projectId }).whereIn('kind', CONFIRMED_KINDS).sum({ cents: 'amountCents' }).first()) as { cents: number | string | null } | undefined;
  return Number(row?.cents ?? 0);
}

/** Projects whose raised total differs from the sum of their ledger rows (empty when all is well). */
export async function checkLedger(db: Knex): Promise<LedgerMismatch[]> {
  const rows = (await db('projects as p')
    .leftJoin('project_ledger as l', 'l.project_id', 'p.id')
    .groupBy('p.id', 'p.raised_cents')
    .select('p.id as projectId', 'p.raised_cents as raisedCents', db.raw('coalesce(sum(l.amount_cents), 0) as ledger_cents'))
    .orderBy('p.id')) as { projectId: number; raisedCents: number | string; ledgerCents: number | string }[];
  return rows
    .map((r) => ({ projectId: Number(r.projectId), raisedCents: Number(r.raisedCents), ledgerCents: Number(r.ledgerCents) }))
    .filter((r) => r.raisedCents !== r.ledgerCents);
}

interface LedgerRow extends Omit<LedgerEntry, 'amountCents' | 'coveredFeeCents' | 'createdAt'> {
  amountCents: number | string;
  coveredFeeCents?: number | string | null;
  createdAt: unknown;
}

/** A project's ledger, oldest first (what makes up its total). */
export async function listLedger(db: Knex, projectId: number): Promise<LedgerEntry[]> {
  const rows = (await db('project_ledger').where({ projectId }).orderBy('id')) as LedgerRow[];
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents), coveredFeeCents: Number(r.coveredFeeCents ?? 0), donationId: r.donationId ?? null, note: r.note ?? null, createdAt: toIso(r.createdAt) }));
}

/** "+40.00" / "-40.00": a signed amount of dollars for messages and the audit log. */
export function signedDollars(cents: number): string {
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : '+'}${text}`;
}
