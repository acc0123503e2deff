// Bank transfers matched from the bank's file. A treasurer uploads the bank's
// camt.054 or camt.053 statement (models/giving/camt.ts reads it); every credit is recorded once in
// bank_credits, by its identity (credit_key, unique): the insert ... on conflict do nothing and the
// crediting happen in one transaction per credit, so the same file imported twice, or by two
// instances at the same moment, credits each transfer once. A credit whose creditor reference names
// a project or a donor (models/giving/bank-reference.ts) becomes a donation (kind 'bank',
// applied on its booking day): the project's USD total moves through the ledger, a known donor gets
// the receipt, and it counts in the yearly certificate like every other gift. The others wait in
// the unmatched list until a person assigns them to a project or a donor's address.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { addToLedger } from '../content/ledger';
import { RECEIPT_TASK } from './names';
import type { JobQueue } from '../providers/jobs';
import { parseCamt, CamtError, type CamtCredit, type CamtStatement } from './camt';
import { DONOR_CODE_ALPHABET, DONOR_CODE_LENGTH, donorReference, normalizeReference, parseReference, projectReference } from './bank-reference';
import { compactIban } from '../shared/qr-bill-rules';
import { DONATION_CURRENCY } from '../shared/donation-rules';
import { AppError } from '../shared/errors';
import { swissToday } from '../shared/dates';
import { convert, valueGift, valuationColumns } from './books';

export { projectReference, donorReference };

/** The kind of a donation made by bank transfer (donations.kind holds 10 characters). */
export const BANK_TRANSFER_KIND = 'bank';
/** The largest file a treasurer may upload (a month of a busy account is far below). */
export const BANK_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** A single credit above this (in minor units) is not a gift this site records by itself: unmatched, for a person to look at. */
export const MAX_BANK_CREDIT_CENTS = 100_000_000;
/** Currencies a bank credit can be recorded in. */
const CURRENCIES = new Set(['chf', 'eur', 'usd']);

export type CreditOutcome = 'credited' | 'unmatched' | 'duplicate';

/** Why a credit is unmatched (the admin shows each in its own words). */
export type UnmatchedReason = 'no_reference' | 'not_rf' | 'check_digits' | 'unknown_kind' | 'unknown_project' | 'unknown_donor' | 'unknown_fundraiser' | 'currency' | 'amount';

export interface ImportItem {
  reference: string | null;
  /** Major units as the file wrote them ("50.00"). */
  amount: string;
  currency: string;
  date: string | null;
  debtor: string | null;
  outcome: CreditOutcome;
  reason?: UnmatchedReason;
  donationId?: number;
  projectId?: number | null;
  /** Credited because its sender's account is remembered (no reference needed). */
  remembered?: boolean;
}

export interface ImportResult {
  credited: number;
  unmatched: number;
  duplicates: number;
  items: ImportItem[];
}

export interface UnmatchedCredit {
  id: number;
  reference: string | null;
  amount: string;
  amountCents: number;
  currency: string;
  date: string | null;
  debtor: string | null;
  /** The sender's IBAN, as the bank gave it. */
  debtorIban: string | null;
  /** The bank's own note (RmtInf/Ustrd, AddtlTxInf or AddtlNtryInf): "Spende Dorfgarten". */
  note: string | null;
  reason: string | null;
  fileName: string | null;
  createdAt: string;
}

export interface BankHooks {
  jobs?: Pick<JobQueue, 'add'>;
  /** The book currency (BOOK_CURRENCY; usd when not given). */
  book?: string;
}

const majorOf = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

// ---- Donors' own references

function newDonorCode(): string {
  const bytes = crypto.randomBytes(DONOR_CODE_LENGTH);
  return Array.from(bytes, (b) => DONOR_CODE_ALPHABET[b % DONOR_CODE_ALPHABET.length]).join('');
}

const cleanEmail = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** A donor's own creditor reference (made the first time it is asked for; the same ever after). */
export async function donorReferenceFor(db: Knex | Knex.Transaction, email: string): Promise<string> {
  const address = cleanEmail(email);
  for (let attempt = 0; attempt < 5; attempt++) {
    const known = (await db('donor_references').where({ email: address }).first('code')) as { code: string } | undefined;
    if (known) return donorReference(known.code);
    // A code another address holds already (unlikely) is simply tried again with another one.
    await db('donor_references').insert({ email: address, code: newDonorCode(), createdAt: new Date().toISOString() }).onConflict().ignore();
  }
  throw new Error('could not make a donor reference');
}

/** The donor's own reference if one was ever made (no row is written). */
export async function existingDonorReference(db: Knex | Knex.Transaction, email: string): Promise<string | null> {
  const known = (await db('donor_references').where({ email: cleanEmail(email) }).first('code')) as { code: string } | undefined;
  return known ? donorReference(known.code) : null;
}

// ---- Crediting

type Target = { projectId: number | null; donorEmail: string | null; fundraiser?: { id: number; currency: string } };

/** What a reference names, checked against the database; or why it names nothing. */
async function resolve(trx: Knex.Transaction, reference: string | null): Promise<Target | { reason: UnmatchedReason }> {
  const target = parseReference(reference);
  switch (target.kind) {
    case 'general':
      return { projectId: null, donorEmail: null };
    case 'project':
      return (await trx('projects').where({ id: target.projectId }).first('id')) ? { projectId: target.projectId, donorEmail: null } : { reason: 'unknown_project' };
    case 'donor': {
      const row = (await trx('donor_references').where({ code: target.code }).first('email')) as { email: string } | undefined;
      return row ? { projectId: null, donorEmail: row.email } : { reason: 'unknown_donor' };
    }
    case 'fundraiser': {
      // A fundraiser's bill: its project, and the fundraiser's own progress (whatever its status now: the donor gave to it).
      const row = (await trx('fundraisers').where({ id: target.fundraiserId }).first('id', 'projectId', 'currency')) as { id: number; projectId: number; currency: string } | undefined;
      return row ? { projectId: Number(row.projectId), donorEmail: null, fundraiser: { id: Number(row.id), currency: row.currency } } : { reason: 'unknown_fundraiser' };
    }
    default:
      return { reason: target.reason };
  }
}

/** The donation of a bank credit, its ledger row and the donor's receipt, in the caller's transaction. */
async function creditDonation(
  trx: Knex.Transaction,
  credit: { id: number; amountCents: number; currency: string; date: string | null; debtorName: string | null; reference: string | null },
  target: Target,
  actor: string,
  hooks: BankHooks,
): Promise<number> {
  const book = hooks.book ?? DONATION_CURRENCY;
  const day = credit.date ?? swissToday();
  // What it is worth in the books and the project totals, at the rates of the day the bank booked it.
  const valuation = await valueGift(trx, { amountCents: credit.amountCents, currency: credit.currency, day }, book);
  const usd = valuation?.usdCents ?? null;
  let language: string | null = null;
  let donorName = credit.debtorName;
  if (target.donorEmail) {
    // The donor's language and name as their last gift had them (the bank's name if it has one).
    const last = (await trx('donations').where({ donorEmail: target.donorEmail }).orderBy('id', 'desc').first('language', 'donorName')) as { language: string | null; donorName: string | null } | undefined;
    language = last?.language ?? null;
    donorName = donorName ?? last?.donorName ?? null;
  }
  // Applied on the day the bank booked it (midday UTC is the same day in Zurich): the year of the certificate.
  const appliedAt = credit.date ? `${credit.date}T12:00:00.000Z` : new Date().toISOString();
  // A fundraiser counts a credit in another currency than its own at the rates of the day.
  const fundraiser = target.fundraiser ?? null;
  const fundraiserCents = !fundraiser || fundraiser.currency === credit.currency ? null : await convert(trx, credit.amountCents, credit.currency, fundraiser.currency, day, book);
  const [inserted] = (await trx('donations')
    .insert({
      paymentIntentId: `bank-credit-${credit.id}`,
      kind: BANK_TRANSFER_KIND,
      amountCents: credit.amountCents,
      currency: credit.currency,
      ...valuationColumns(valuation),
      // What it is worth in USD (the project totals' currency), as card gifts keep Stripe's settlement.
      settledCents: usd,
      settledCurrency: usd === null ? null : DONATION_CURRENCY,
      projectId: target.projectId,
      fundraiserId: fundraiser?.id ?? null,
      fundraiserCents,
      status: 'succeeded',
      language,
      donorEmail: target.donorEmail,
      donorName: donorName ? donorName.slice(0, 200) : null,
      appliedAt,
      appliedBy: 'bank',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .returning('id')) as (number | { id: number })[];
  const donationId = typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
  if (target.projectId !== null && usd !== null) {
    await addToLedger(trx, { projectId: target.projectId, kind: 'donation', amountCents: usd, donationId, actor, note: `bank transfer ${credit.reference ?? ''} ${majorOf(credit.amountCents)} ${credit.currency.toUpperCase()}`.trim() });
  }
  if (target.donorEmail && hooks.jobs) {
    await hooks.jobs.add(RECEIPT_TASK, { donationId }, { key: `donation-receipt-${donationId}`, trx });
  }
  return donationId;
}

/** Refuses a file that is not a statement of the charity's account: nothing is written. */
export function readStatement(file: Buffer, iban: string): { credits: CamtCredit[]; kind: string; statement: CamtStatement } {
  if (file.length === 0) throw new AppError(400, 'bank.empty_file', 'The file is empty: choose the bank statement (camt.053 or camt.054 XML) to import.');
  let statement;
  try {
    statement = parseCamt(file.toString('utf8'));
  } catch (err) {
    if (err instanceof CamtError) {
      if (err.problem === 'empty') throw new AppError(400, 'bank.empty_file', err.message);
      if (err.problem === 'not_xml') throw new AppError(400, 'bank.not_xml', err.message);
      throw new AppError(422, 'bank.not_camt', err.message);
    }
    throw err;
  }
  const own = compactIban(iban);
  const other = statement.accounts.find((a) => a !== own);
  if (other !== undefined) {
    throw new AppError(422, 'bank.wrong_account', `The statement is for another account (${other || 'no IBAN'}), not the charity's ${own}: nothing was imported.`);
  }
  return { credits: statement.credits, kind: statement.kind, statement };
}

/**
 * Records the credits of a statement, each once, each in its own transaction; the answer says per
 * credit whether it was credited now, is unmatched, or was there already.
 */
export async function importCredits(db: Knex, credits: CamtCredit[], meta: { actor: string; fileName: string | null }, hooks: BankHooks = {}): Promise<ImportResult> {
  const result: ImportResult = { credited: 0, unmatched: 0, duplicates: 0, items: [] };
  for (const c of credits) {
    const reference = c.reference ? normalizeReference(c.reference) : null;
    const item: ImportItem = { reference, amount: c.amountText, currency: c.currency, date: c.date, debtor: c.debtorName, outcome: 'duplicate' };
    await db.transaction(async (trx) => {
      // The claim comes first, a write: on SQLite the transaction takes the file's write lock at
      // once (waiting its turn), never a read lock it would have to upgrade (which fails at once
      // when another instance writes). On PostgreSQL a second importer of the same credit waits
      // here until the first commits, then finds the row there.
      const inserted = (await trx('bank_credits')
        .insert({
          creditKey: c.key,
          reference,
          amountCents: c.amountCents ?? 0,
          currency: (c.currency || 'xxx').slice(0, 3),
          bookedOn: c.date,
          debtorName: c.debtorName,
          debtorIban: c.debtorIban ?? null,
          note: c.note ?? null,
          bankRef: c.bankRef,
          status: 'unmatched',
          reason: null,
          fileName: meta.fileName ? meta.fileName.slice(0, 200) : null,
          importedBy: meta.actor.slice(0, 320),
          createdAt: new Date().toISOString(),
        })
        .onConflict('creditKey')
        .ignore()
        .returning('id')) as (number | { id: number })[];
      if (inserted.length === 0) {
        // Imported before (by this file, another one, or another instance right now).
        const known = (await trx('bank_credits').where({ creditKey: c.key }).first('donationId')) as { donationId: number | null } | undefined;
        item.outcome = 'duplicate';
        if (known?.donationId) item.donationId = Number(known.donationId);
        return;
      }
      const id = typeof inserted[0] === 'object' ? Number(inserted[0].id) : Number(inserted[0]);
      const problem: UnmatchedReason | null = !CURRENCIES.has(c.currency) ? 'currency' : c.amountCents === null || c.amountCents > MAX_BANK_CREDIT_CENTS ? 'amount' : null;
      let target: Target | { reason: UnmatchedReason } = problem ? { reason: problem } : await resolve(trx, reference);
      if ('reason' in target && !problem && c.debtorIban) {
        // A sender whose account a treasurer remembered (with the donor's consent): credited as last time.
        const known = await rememberedTarget(trx, c.debtorIban);
        if (known) {
          target = known;
          item.remembered = true;
        }
      }
      if ('reason' in target) {
        await trx('bank_credits').where({ id }).update({ reason: target.reason });
        item.outcome = 'unmatched';
        item.reason = target.reason;
        return;
      }
      const donationId = await creditDonation(trx, { id, amountCents: c.amountCents!, currency: c.currency, date: c.date, debtorName: c.debtorName, reference }, target, `bank:${meta.actor}`, hooks);
      await trx('bank_credits').where({ id }).update({ status: 'credited', donationId });
      item.outcome = 'credited';
      item.donationId = donationId;
      item.projectId = target.projectId;
    });
    if (item.outcome === 'credited') result.credited++;
    else if (item.outcome === 'unmatched') result.unmatched++;
    else result.duplicates++;
    result.items.push(item);
  }
  return result;
}

type CreditRow = { id: number; reference: string | null; amountCents: unknown; currency: string; bookedOn: string | null; debtorName: string | null; debtorIban: string | null; note: string | null; reason: string | null; fileName: string | null; createdAt: unknown; status: string };

function toUnmatched(r: CreditRow): UnmatchedCredit {
  const cents = Number(r.amountCents);
  return {
    id: Number(r.id),
    reference: r.reference,
    amount: majorOf(cents),
    amountCents: cents,
    currency: r.currency,
    date: r.bookedOn,
    debtor: r.debtorName,
    debtorIban: r.debtorIban ?? null,
    note: r.note ?? null,
    reason: r.reason,
    fileName: r.fileName,
    createdAt: new Date(String(r.createdAt)).toISOString(),
  };
}

/** The credits no reference matched and nobody assigned yet, oldest booking first. */
export async function listUnmatched(db: Knex): Promise<UnmatchedCredit[]> {
  const rows = (await db('bank_credits').where({ status: 'unmatched' }).orderBy([{ column: 'bookedOn', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(500)) as CreditRow[];
  return rows.map(toUnmatched);
}

export interface AssignResult {
  credit: UnmatchedCredit;
  donationId: number;
  projectId: number | null;
  email: string | null;
  /** The sender's account is remembered now (the donor agreed): its next credit is credited by itself. */
  remembered: boolean;
}

/** What a remembered sender's account is credited to; null when it is not remembered (or its project is gone). */
export async function rememberedTarget(db: Knex | Knex.Transaction, iban: string): Promise<Target | null> {
  const row = (await db('bank_remembered_accounts').where({ iban: compactIban(iban) }).first('projectId', 'email')) as { projectId: number | null; email: string | null } | undefined;
  if (!row) return null;
  const projectId = row.projectId === null ? null : Number(row.projectId);
  if (projectId !== null && !(await db('projects').where({ id: projectId }).first('id'))) return null;
  return { projectId, donorEmail: row.email };
}

/**
 * Remembers a sender's account for the next credits from it (the donor's consent noted: who
 * ticked it, when); a second assignment of the same account replaces what it is credited to.
 */
export async function rememberAccount(trx: Knex.Transaction, account: { iban: string; name: string | null; projectId: number | null; email: string | null }, by: string): Promise<void> {
  const now = new Date().toISOString();
  const row = { iban: compactIban(account.iban), holderName: account.name?.slice(0, 200) ?? null, projectId: account.projectId, email: account.email, consentAt: now, consentBy: by.slice(0, 320), createdAt: now };
  await trx('bank_remembered_accounts').insert(row).onConflict('iban').merge(['holderName', 'projectId', 'email', 'consentAt', 'consentBy']);
}

/**
 * A person says what an unmatched credit is for: a project, a donor's address, or both. Credited
 * once: the claim (status from 'unmatched' to 'credited') is a conditional update, and a credit
 * assigned already is a 409. The row keeps why it was unmatched (reason).
 */
export async function assignCredit(trx: Knex.Transaction, id: number, to: { projectId?: number | null; email?: string | null; remember?: boolean; language?: 'en' | 'de' }, actor: string, hooks: BankHooks = {}): Promise<AssignResult> {
  // The claim first (a write, see importCredits); anything refused below rolls it back.
  const claimed = await trx('bank_credits').where({ id, status: 'unmatched' }).update({ status: 'credited', assignedBy: actor.slice(0, 320), assignedAt: new Date().toISOString() });
  const row = (await trx('bank_credits').where({ id }).first()) as CreditRow | undefined;
  if (!row) throw new AppError(404, 'not_found', 'No such bank credit.');
  if (Number(claimed) !== 1) throw new AppError(409, 'bank.already_assigned', 'This credit has been credited already: nothing was changed.');
  const currency = row.currency;
  const cents = Number(row.amountCents);
  if (!CURRENCIES.has(currency)) throw new AppError(422, 'bank.currency', `A credit in ${currency.toUpperCase()} cannot be recorded: this site keeps gifts in CHF, EUR and USD.`);
  if (!(cents > 0 && cents <= MAX_BANK_CREDIT_CENTS)) throw new AppError(422, 'bank.currency', 'This credit has no amount the site can record.');
  const projectId = to.projectId ?? null;
  if (projectId !== null && !(await trx('projects').where({ id: projectId }).first('id'))) {
    throw new AppError(400, 'validation', 'projectId: This project does not exist', { projectId: { code: 'project', message: 'This project does not exist' } });
  }
  const email = to.email ? cleanEmail(to.email) : null;
  const donationId = await creditDonation(trx, { id, amountCents: cents, currency, date: row.bookedOn, debtorName: row.debtorName, reference: row.reference }, { projectId, donorEmail: email }, `bank:${actor}`, hooks);
  await trx('bank_credits').where({ id }).update({ donationId });
  // A donor whose language is not known yet gets the receipt and certificate in the language of
  // the person who assigned it (the receipt job reads it after this transaction).
  if (to.language) await trx('donations').where({ id: donationId }).whereNull('language').update({ language: to.language });
  if (to.remember) {
    if (!row.debtorIban) throw new AppError(422, 'bank.no_account', "The bank gave no sender's account (IBAN) with this credit: there is nothing to remember. Assign it without remembering.");
    await rememberAccount(trx, { iban: row.debtorIban, name: row.debtorName, projectId, email }, actor);
  }
  return { credit: toUnmatched(row), donationId, projectId, email, remembered: Boolean(to.remember) };
}
