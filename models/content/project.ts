import type { Knex } from 'knex';
import { z } from 'zod';
import { centsToDecimal, decimalToCents, slugify, type Lang, type Project } from '../shared/rules';
import { fieldError, invalidField, invalidFields } from '../shared/errors';
import { amount, displayOrder, imageUrl, insertReturningId, oneOf, optionalSlug, requiredText, withFreeSlug } from './admin-input';
import { addToLedger, confirmedGiftsCents, lockedRaisedCents, MAX_RAISED_CENTS, signedDollars } from './ledger';
import { recordAudit } from '../people/audit';
import { toDateOnly, toIso } from '../shared/dates';
import { moveToTrash } from './trash-rules';
import { notDeleted, publishingFields, publishingOnCreate, publishingOnUpdate, toPublishing, whereLive } from './publishing';
import { previewedOr, withPreviewed } from './preview-scope';

interface ProjectRow {
  id: number;
  slug: string;
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  imageUrl: string;
  status: string;
  raisedCents: number | string;
  goalCents: number | string;
  startDate: unknown;
  displayOrder: number;
  createdAt: unknown;
  updatedAt: unknown;
  draft: unknown;
  publishAt: unknown;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    titleDe: row.titleDe,
    description: row.description,
    descriptionDe: row.descriptionDe,
    imageUrl: row.imageUrl,
    status: row.status,
    // Never below zero where anyone reads it. Admins' adjustments cannot take the total below the
    // confirmed gifts (updateProject), so only a ledger from before that rule can be negative: its
    // rows stay as they are (checkLedger and the ledger view show the true sum).
    raisedAmount: centsToDecimal(Math.max(0, Number(row.raisedCents))),
    goalAmount: centsToDecimal(Number(row.goalCents)),
    startDate: toDateOnly(row.startDate),
    order: row.displayOrder,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    ...toPublishing(row, toIso),
  };
}

/** Projects not in the trash. */
const table = (db: Knex) => notDeleted(db<ProjectRow>('projects'));

export async function listProjects(db: Knex): Promise<Project[]> {
  const rows = await table(db).select('*').orderBy([{ column: 'displayOrder' }, { column: 'id' }]);
  return rows.map(toProject);
}

export async function findProjectBySlug(db: Knex, slug: string): Promise<Project | null> {
  const row = await table(db).where({ slug }).first();
  return row ? toProject(row) : null;
}

export async function findProjectById(db: Knex, id: number): Promise<Project | null> {
  const row = await table(db).where({ id }).first();
  return row ? toProject(row) : null;
}

// ---- What visitors see: live projects only (not a draft, publication time empty or past, not in
// the trash). Every public surface reads through these; a preview's item takes its place (see
// preview-scope.ts).

const live = (db: Knex) => whereLive(db<ProjectRow>('projects'));
const byOrder = (a: Project, b: Project) => a.order - b.order || a.id - b.id;

export async function listLiveProjects(db: Knex): Promise<Project[]> {
  const rows = await live(db).select('*').orderBy([{ column: 'displayOrder' }, { column: 'id' }]);
  return withPreviewed('projects', rows.map(toProject), byOrder);
}

export async function findLiveProjectBySlug(db: Knex, slug: string): Promise<Project | null> {
  const row = await live(db).where({ slug }).first();
  return previewedOr('projects', (p) => p.slug === slug, row ? toProject(row) : null);
}

export async function findLiveProjectById(db: Knex, id: number): Promise<Project | null> {
  const row = await live(db).where({ id }).first();
  return previewedOr('projects', (p) => p.id === id, row ? toProject(row) : null);
}

/** Whether a row with this id exists at all (a draft, a scheduled or a trashed one too). */
export async function projectExists(db: Knex, id: number): Promise<boolean> {
  return Boolean(await db('projects').where({ id }).first('id'));
}

// ---- Admin writes. One schema serves the admin form, the admin API and the tests; its amounts
// are read as people write them in the admin's language (models/shared/amounts.ts), so there is one
// per language.

const buildProjectInputSchema = (lang: Lang) =>
  z.object({
    title: requiredText(200),
    titleDe: requiredText(200),
    description: requiredText(20_000),
    descriptionDe: requiredText(20_000),
    // An admin may set any status at any time; new projects start as funding with nothing raised.
    status: oneOf(['funding', 'progress', 'completed'], 'status', 'funding'),
    // Optional: a PUT without it leaves the total alone. Donations move the total through the
    // ledger; what the admin types here becomes an audited adjustment (see updateProject).
    raisedAmount: amount(lang, { default: '0' }).optional(),
    /** The raised amount the form showed when it opened: the admin's change is relative to it. */
    raisedAmountBase: z.preprocess((v) => (v === '' || v === null ? undefined : v), amount(lang).optional()),
    goalAmount: amount(lang),
    imageUrl,
    order: displayOrder,
    slug: optionalSlug,
    ...publishingFields,
  });

const PROJECT_INPUT_SCHEMAS = { en: buildProjectInputSchema('en'), de: buildProjectInputSchema('de') };

/** The input schema of a project with amounts typed in `lang` (stored and JSON values read the same in both). */
export const projectInputSchema = (lang: Lang) => PROJECT_INPUT_SCHEMAS[lang];

export type ProjectInput = z.output<ReturnType<typeof buildProjectInputSchema>>;

// Paths a project slug must not take: they are pages of their own under /projects/.
const RESERVED_PROJECT_SLUGS = ['new-project-template'];

const projectSlugBase = (wanted: string) => (RESERVED_PROJECT_SLUGS.includes(wanted) ? `${wanted}-project` : wanted);

/** The columns the form sets directly. raised_cents is not among them: it moves only with a ledger row. */
function projectRow(input: ProjectInput) {
  return {
    title: input.title,
    titleDe: input.titleDe,
    description: input.description,
    descriptionDe: input.descriptionDe,
    status: input.status,
    goalCents: decimalToCents(input.goalAmount)!,
    imageUrl: input.imageUrl,
    displayOrder: input.order,
  };
}

/** Who made a change (the admin id), for the ledger and the audit log. */
export interface Actor {
  actor: string;
  /** The admin's name, for the audit entries written on the way. */
  actorName?: string;
}

const SYSTEM: Actor = { actor: 'system' };

/**
 * Creates a project; its slug comes from the English title (or the given slug), made unique (a
 * slug taken by a concurrent create is retried with the next one: each try is its own
 * transaction). A raised amount given at creation is the project's `opening` ledger row.
 */
export async function createProject(db: Knex, input: ProjectInput, by: Actor = SYSTEM): Promise<Project> {
  const now = new Date().toISOString();
  const opening = decimalToCents(input.raisedAmount ?? '0')!;
  const id = await withFreeSlug(db, 'projects', projectSlugBase(input.slug ?? slugify(input.title)), undefined, (slug) =>
    db.transaction(async (trx) => {
      const newId = await insertReturningId(trx, 'projects', { ...projectRow(input), ...publishingOnCreate(input), raisedCents: 0, slug, createdAt: now, updatedAt: now });
      if (opening !== 0) await addToLedger(trx, { projectId: newId, kind: 'opening', amountCents: opening, actor: by.actor, note: 'Raised amount entered when the project was created' });
      return newId;
    }),
  );
  return (await findProjectById(db, id))!;
}

/**
 * The change of the raised total an admin's save asks for, in cents (0: none):
 * - no raisedAmount: none (the total is left alone);
 * - raisedAmount with raisedAmountBase (the admin form keeps what it showed when it opened): the
 *   difference between the two, applied to the current total, so gifts that arrived while the
 *   form was open stay counted;
 * - raisedAmount without a base (a script that read the project and writes it back): nothing when
 *   it is the current total; otherwise the caller cannot say what it changes (a gift may have come
 *   in since it read the total), and the save is refused: 409 `raised_changed`, naming the total.
 */
export function raisedAdjustment(input: Pick<ProjectInput, 'raisedAmount' | 'raisedAmountBase'>, currentCents: number): number {
  if (input.raisedAmount === undefined) return 0;
  const wanted = decimalToCents(input.raisedAmount)!;
  if (input.raisedAmountBase !== undefined) return wanted - decimalToCents(input.raisedAmountBase)!;
  if (wanted === currentCents) return 0;
  throw invalidFields({ raisedAmount: fieldError('raised_changed', { current: centsToDecimal(Math.max(0, currentCents)) }) }, 409);
}

/**
 * Updates a project; the slug stays unless the admin typed a different one. Null when unknown.
 * A change of the raised amount (see raisedAdjustment) is an `adjustment` ledger row plus an audit
 * entry naming it, in the same transaction as the update. An adjustment may not take the total
 * below the project's confirmed gifts (409 `raised_below_gifts`): what admins add by hand
 * (opening amounts, adjustments) never sums to less than zero, so a later refund, which takes back
 * only its own gift, cannot push the total below zero, and no confirmed gift is wiped from it.
 */
export async function updateProject(db: Knex, id: number, input: ProjectInput, by: Actor = SYSTEM): Promise<Project | null> {
  const current = await findProjectById(db, id);
  if (!current) return null;
  // One transaction per try: a slug taken meanwhile aborts it, and the next try takes the next slug.
  const write = (slug: string) =>
    db.transaction(async (trx) => {
      const raised = await lockedRaisedCents(trx, id);
      if (raised === null) return false;
      const delta = raisedAdjustment(input, raised);
      if (delta !== 0) {
        const total = raised + delta;
        if (total > MAX_RAISED_CENTS) throw invalidField('raisedAmount', 'amount');
        const gifts = await confirmedGiftsCents(trx, id);
        if (total < gifts) throw invalidFields({ raisedAmount: fieldError('raised_below_gifts', { min: centsToDecimal(Math.max(0, gifts)) }) }, 409);
        const how = input.raisedAmountBase !== undefined ? `form showed ${input.raisedAmountBase}, saved ${input.raisedAmount}` : `set to ${input.raisedAmount}`;
        await addToLedger(trx, { projectId: id, kind: 'adjustment', amountCents: delta, actor: by.actor, note: `${how} (was ${centsToDecimal(raised)}, now ${centsToDecimal(total)})` });
        await recordAudit(trx, {
          actor: by.actor,
          actorName: by.actorName,
          action: 'adjust',
          entity: 'project',
          entityId: id,
          summary: `Raised amount adjusted by ${signedDollars(delta)} USD (now ${centsToDecimal(total)} USD): ${input.title}`,
          details: { name: input.title, ...(input.titleDe ? { nameDe: input.titleDe } : {}), amountCents: delta, totalCents: total, currency: 'USD' },
        });
      }
      await trx('projects').where({ id }).update({ ...projectRow(input), ...publishingOnUpdate(input), slug, updatedAt: new Date().toISOString() });
      return true;
    });
  const found = input.slug && input.slug !== current.slug ? await withFreeSlug(db, 'projects', projectSlugBase(input.slug), id, write) : await write(current.slug);
  return found ? findProjectById(db, id) : null;
}

/** Moves a project to the trash (its articles keep their link, hidden with it). False when unknown. */
export async function deleteProject(db: Knex, id: number, by: Actor = SYSTEM): Promise<boolean> {
  return moveToTrash(db, 'projects', id, by.actor);
}

/**
 * Deletes a project for good (the trash's purge): its articles stay without the link, its gifts
 * without the project (their foreign keys say SET NULL), and its ledger rows go with it (CASCADE):
 * the ledger only ever adds up one project's total.
 */
export async function purgeProject(db: Knex, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx('news_articles').where({ projectId: id }).update({ projectId: null });
    return Number(await trx('projects').where({ id }).whereNotNull('deletedAt').delete()) > 0;
  });
}
