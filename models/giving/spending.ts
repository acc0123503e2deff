// Where a project's money went: dated spending records with an amount in USD, a category from a
// fixed list, a short description in both languages and an optional receipt from the media library.
import type { Knex } from 'knex';
import { z } from 'zod';
import { centsToDecimal, decimalToCents, type Lang } from '../shared/rules';
import { amount, insertReturningId, oneOf, requiredText } from '../content/admin-input';
import { invalidField } from '../shared/errors';
import { swissToday, toDateOnly, toIso } from '../shared/dates';
import { findMedia } from '../media/library';
import { MAX_DB_ID } from '../shared/db-limits';
import { isShippedFile } from '../media/shipped-media';

/** The categories a record is filed under; their labels are `projectDetail.spending.categories.<category>`. */
export const SPENDING_CATEGORIES = ['materials', 'equipment', 'salaries', 'transport', 'training', 'construction', 'medical', 'seeds', 'other'] as const;
export type SpendingCategory = (typeof SPENDING_CATEGORIES)[number];

export const spendingCategoryKey = (category: string) => `projectDetail.spending.categories.${category}`;

/** The description's length: short, like a line of a statement (the column holds 500). */
export const SPENDING_DESCRIPTION_MAX = 300;

export interface SpendingRecord {
  id: number;
  projectId: number;
  /** YYYY-MM-DD */
  date: string;
  /** Decimal USD, like a project's raisedAmount ("1250.00"). */
  amount: string;
  category: string;
  /** Translation key of the category's label. */
  categoryKey: string;
  description: string;
  descriptionDe: string;
  receiptMediaId: number | null;
  /** Public address of the receipt, when there is one. */
  receiptUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

interface SpendingRow {
  id: number;
  projectId: number;
  spentOn: unknown;
  amountCents: number | string;
  category: string;
  description: string;
  descriptionDe: string;
  receiptMediaId: number | null;
  receiptFileName?: string | null;
  createdBy: string | null;
  createdAt: unknown;
  updatedAt: unknown;
}

function toRecord(row: SpendingRow): SpendingRecord {
  return {
    id: row.id,
    projectId: row.projectId,
    date: dateOnly(row.spentOn),
    amount: centsToDecimal(Number(row.amountCents)),
    category: row.category,
    categoryKey: spendingCategoryKey(row.category),
    description: row.description,
    descriptionDe: row.descriptionDe,
    receiptMediaId: row.receiptMediaId ?? null,
    receiptUrl: row.receiptFileName ? receiptAddress(row.receiptFileName) : null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

// Shipped files (models/media/shipped-media.ts) keep their own address, uploads live under /uploads.
const receiptAddress = (fileName: string) => (isShippedFile(fileName) ? fileName : `/uploads/${fileName}`);

// PostgreSQL's driver reads a date column as local midnight: its local calendar day is the date.
function dateOnly(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return toDateOnly(value) ?? '';
}

/** Records with their receipt's file name, newest first. */
const withReceipt = (db: Knex) =>
  db('project_spending as s')
    // A receipt in the media library's trash is not offered (its address answers 404 meanwhile).
    .leftJoin('media_items as m', (j) => j.on('m.id', '=', 's.receiptMediaId').andOnNull('m.deletedAt'))
    .select('s.*', 'm.fileName as receiptFileName')
    .orderBy([{ column: 's.spentOn', order: 'desc' }, { column: 's.id', order: 'desc' }]);

export async function listSpending(db: Knex, projectId: number): Promise<SpendingRecord[]> {
  const rows = (await withReceipt(db).where('s.projectId', projectId)) as SpendingRow[];
  return rows.map(toRecord);
}

export async function findSpending(db: Knex, id: number): Promise<SpendingRecord | null> {
  const row = (await withReceipt(db).where('s.id', id).first()) as SpendingRow | undefined;
  return row ? toRecord(row) : null;
}

/** Sums of the records per project id, in cents (projects without records are left out). */
export async function spentCentsByProject(db: Knex, projectIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (projectIds.length === 0) return out;
  const rows = (await db('project_spending').whereIn('projectId', projectIds).groupBy('projectId').select('projectId').sum({ total: 'amountCents' })) as { projectId: number; total: number | string | null }[];
  for (const r of rows) out.set(Number(r.projectId), Number(r.total ?? 0));
  return out;
}

/** Adds `spentAmount` (the sum of the records, "0.00" when none) to each project. */
export async function withSpent<T extends { id: number }>(db: Knex, projects: T[]): Promise<(T & { spentAmount: string })[]> {
  const sums = await spentCentsByProject(
    db,
    projects.map((p) => p.id),
  );
  return projects.map((p) => ({ ...p, spentAmount: centsToDecimal(sums.get(p.id) ?? 0) }));
}

// ---- Admin input: one schema for the JSON API and the no-JavaScript forms.

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
const spendingDate = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string({ error: 'date' })
    .trim()
    .min(1, 'required')
    .refine((s) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (!m) return false;
      const d = new Date(`${s}T00:00:00Z`);
      return Number(m[1]) >= 2000 && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'date')
    // Money is recorded once spent, on a Swiss calendar day: tomorrow is not yet a day it went out.
    .refine((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s) || s <= swissToday(), 'date_future'),
);

/** The receipt's media id: empty or "none" means none. */
const receiptId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 'none' || v === 0 || v === '0' ? null : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'file' }).int('file').positive('file').max(MAX_DB_ID, 'file').nullable(),
);

// One schema per language: the amount is read as people write it in the admin's language
// (models/shared/amounts.ts).
const buildSpendingInputSchema = (lang: Lang) =>
  z.object({
    date: spendingDate,
    amount: amount(lang).refine((s) => decimalToCents(s)! > 0, 'amount'),
    category: oneOf(SPENDING_CATEGORIES, 'category'),
    description: requiredText(SPENDING_DESCRIPTION_MAX),
    descriptionDe: requiredText(SPENDING_DESCRIPTION_MAX),
    receiptMediaId: receiptId.optional().transform((v) => v ?? null),
  });

const SPENDING_INPUT_SCHEMAS = { en: buildSpendingInputSchema('en'), de: buildSpendingInputSchema('de') };

/** The input schema of a spending record with its amount typed in `lang`. */
export const spendingInputSchema = (lang: Lang) => SPENDING_INPUT_SCHEMAS[lang];

export type SpendingInput = z.output<ReturnType<typeof buildSpendingInputSchema>>;

/** A receipt must be an item of the media library that a visitor can open: a PDF or an image. */
async function checkReceipt(db: Knex, id: number | null): Promise<void> {
  if (id === null) return;
  const media = await findMedia(db, id);
  if (!media) throw invalidField('receiptMediaId', 'file');
  if (media.fileType !== 'pdf' && media.fileType !== 'image') throw invalidField('receiptMediaId', 'file_type');
}

function spendingRow(input: SpendingInput) {
  return {
    spentOn: input.date,
    amountCents: decimalToCents(input.amount)!,
    category: input.category,
    description: input.description,
    descriptionDe: input.descriptionDe,
    receiptMediaId: input.receiptMediaId,
  };
}

export async function createSpending(db: Knex, projectId: number, input: SpendingInput, actor: string): Promise<SpendingRecord> {
  await checkReceipt(db, input.receiptMediaId);
  const now = new Date().toISOString();
  const id = await insertReturningId(db, 'project_spending', { ...spendingRow(input), projectId, createdBy: actor.slice(0, 320), createdAt: now, updatedAt: now });
  return (await findSpending(db, id))!;
}

/** Null when there is no such record. */
export async function updateSpending(db: Knex, id: number, input: SpendingInput): Promise<SpendingRecord | null> {
  await checkReceipt(db, input.receiptMediaId);
  const n = await db('project_spending').where({ id }).update({ ...spendingRow(input), updatedAt: new Date().toISOString() });
  return Number(n) > 0 ? findSpending(db, id) : null;
}

/** The deleted record, or null when there was none. */
export async function deleteSpending(db: Knex, id: number): Promise<SpendingRecord | null> {
  const record = await findSpending(db, id);
  if (!record) return null;
  await db('project_spending').where({ id }).delete();
  return record;
}

/** The audit line of a record: amount, category and the English description. */
export const spendingSummary = (r: SpendingRecord, projectTitle?: string) =>
  `${r.amount} USD ${r.category} on ${r.date}: ${r.description}${projectTitle ? ` (${projectTitle})` : ''}`;

/** What visitors see of a record (its project, the media id and the times stay in the admin). */
export type PublicSpending = Omit<SpendingRecord, 'projectId' | 'receiptMediaId' | 'createdAt' | 'updatedAt'>;

export const publicSpending = (r: SpendingRecord): PublicSpending => ({
  id: r.id,
  date: r.date,
  amount: r.amount,
  category: r.category,
  categoryKey: r.categoryKey,
  description: r.description,
  descriptionDe: r.descriptionDe,
  receiptUrl: r.receiptUrl,
});
