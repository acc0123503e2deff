// The chart of accounts the journal export books into (models/giving/journal.ts): which account of
// the charity's own books each kind of money goes to. Three layers, the later one winning key by key:
// the defaults (the Swiss SME chart, "Kontenrahmen KMU"), the ACCOUNTS variable, and what a treasurer
// set in the Donations screen (kept in app_settings, shared by every instance).
//
// ACCOUNTS is written as `key=account` pairs separated by commas:
//   bank=1020,stripe=1021,cash=1000,donations=3400,fees=6940,project:solar-kiosk=3401
// Keys: bank (the bank account gifts and Stripe's payouts arrive on), stripe (Stripe's balance, a
// clearing account between a card gift and its payout), cash, cheque, other (gifts outside the
// website by their method), donations (the income account of gifts), fees (Stripe's fees), and
// project:<slug> (a project's own income account; a project without one books to donations).
import type { Knex } from 'knex';
import { AppError, fieldError, invalidFields, type FieldError } from '../shared/errors';

export const ACCOUNT_KEYS = ['bank', 'stripe', 'cash', 'cheque', 'other', 'donations', 'fees'] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

export interface Chart {
  bank: string;
  stripe: string;
  cash: string;
  cheque: string;
  other: string;
  donations: string;
  fees: string;
  /** A project's own income account, by its slug. */
  projects: Record<string, string>;
}

/** The Swiss SME chart: 1000 cash, 1020 bank, 1021 a second liquid account for Stripe's balance, 1090 transfers, 3400 gifts, 6940 bank and card charges. */
export const DEFAULT_CHART: Chart = { bank: '1020', stripe: '1021', cash: '1000', cheque: '1020', other: '1090', donations: '3400', fees: '6940', projects: {} };

/** An account number or code as accounting programs take them: digits, letters, dot, dash. */
const ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,159}$/;
const SETTING = 'journal_accounts';

/** The pairs a chart is written as (ACCOUNTS, the settings' stored text): key -> account. */
export type ChartEntries = Record<string, string>;

const isKey = (k: string): boolean => (ACCOUNT_KEYS as readonly string[]).includes(k) || (k.startsWith('project:') && SLUG.test(k.slice(8)));

/** Checks pairs (an empty account: none set at this layer); field errors name the key. */
export function checkEntries(input: Record<string, unknown>): ChartEntries {
  const out: ChartEntries = {};
  const errors: Record<string, FieldError> = {};
  for (const [rawKey, rawValue] of Object.entries(input)) {
    const key = rawKey.trim();
    if (!isKey(key)) {
      errors[key || '_'] = fieldError('invalid', {}, `Not an account key: ${key.slice(0, 60)} (bank, stripe, cash, cheque, other, donations, fees or project:<slug>)`);
      continue;
    }
    if (rawValue === undefined || rawValue === null) continue;
    if (typeof rawValue !== 'string') {
      errors[key] = fieldError('invalid', {}, 'An account is written as text (1020)');
      continue;
    }
    const value = rawValue.trim();
    if (value === '') continue;
    if (!ACCOUNT.test(value)) {
      errors[key] = fieldError('invalid', {}, 'An account is up to 20 letters, digits, dots or dashes (1020)');
      continue;
    }
    out[key] = value;
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
  return out;
}

/** ACCOUNTS as written ("bank=1020,fees=6940"); throws a clear message naming the bad pair. */
export function parseChartText(text: string | undefined): ChartEntries {
  if (!text || !text.trim()) return {};
  const pairs: Record<string, string> = {};
  for (const part of text.split(/[,;\n]/)) {
    if (!part.trim()) continue;
    const eq = part.indexOf('=');
    if (eq < 1) throw new AppError(400, 'bad_request', `ACCOUNTS: "${part.trim().slice(0, 60)}" is not key=account`);
    pairs[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  try {
    return checkEntries(pairs);
  } catch (err) {
    const fields = err instanceof AppError ? Object.entries(err.fields ?? {}) : [];
    throw new AppError(400, 'bad_request', `ACCOUNTS: ${fields.map(([k, f]) => `${k}: ${f.message}`).join('; ') || 'not a chart of accounts'}`);
  }
}

/** Pairs as ACCOUNTS writes them, in a stable order. */
export function chartText(entries: ChartEntries): string {
  const order = (k: string) => ((ACCOUNT_KEYS as readonly string[]).includes(k) ? (ACCOUNT_KEYS as readonly string[]).indexOf(k) : 100);
  return Object.keys(entries)
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((k) => `${k}=${entries[k]}`)
    .join(',');
}

function apply(chart: Chart, entries: ChartEntries): Chart {
  const next: Chart = { ...chart, projects: { ...chart.projects } };
  for (const [k, v] of Object.entries(entries)) {
    if (k.startsWith('project:')) next.projects[k.slice(8)] = v;
    else next[k as AccountKey] = v;
  }
  return next;
}

/** What the treasurer set in the Donations screen (empty when nothing). */
export async function storedEntries(db: Knex): Promise<ChartEntries> {
  const row = (await db('app_settings').where({ key: SETTING }).first('value')) as { value: string } | undefined;
  if (!row) return {};
  try {
    return parseChartText(row.value);
  } catch {
    return {};
  }
}

export interface ChartView {
  /** The chart in force: defaults, then ACCOUNTS, then the treasurer's settings. */
  chart: Chart;
  /** Where each key's account comes from. */
  sources: Record<string, 'default' | 'config' | 'settings'>;
  /** The treasurer's own pairs (what the form shows as set). */
  settings: ChartEntries;
  /** The pairs of ACCOUNTS. */
  config: ChartEntries;
}

/** The chart in force, with where each account comes from. A broken ACCOUNTS counts as unset here (config reports it at start). */
export async function chartOf(db: Knex, configured: string | undefined): Promise<ChartView> {
  let config: ChartEntries = {};
  try {
    config = parseChartText(configured);
  } catch {
    config = {};
  }
  const settings = await storedEntries(db);
  const sources: ChartView['sources'] = {};
  for (const k of ACCOUNT_KEYS) sources[k] = 'default';
  for (const k of Object.keys(config)) sources[k] = 'config';
  for (const k of Object.keys(settings)) sources[k] = 'settings';
  return { chart: apply(apply(DEFAULT_CHART, config), settings), sources, settings, config };
}

/** Replaces the treasurer's pairs (an empty value removes that key: the default or ACCOUNTS applies again). */
export async function saveEntries(db: Knex, input: unknown): Promise<ChartEntries> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new AppError(400, 'bad_request', 'Send the accounts as an object: { "bank": "1020", "project:<slug>": "3401" }');
  const entries = checkEntries(input as Record<string, unknown>);
  const value = chartText(entries);
  await db('app_settings').insert({ key: SETTING, value }).onConflict('key').merge();
  return entries;
}
