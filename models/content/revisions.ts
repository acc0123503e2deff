// Revisions: every admin change of a project, article, team member or page content keeps the
// item's admin JSON as it was after the change, who made it and which fields changed, so an admin
// can see what happened, compare and bring an earlier text back (controllers/admin/content.ts).
import type { Knex } from 'knex';
import { insertReturningId } from './admin-input';
import { storedActorName } from '../people/user';
import { toIso } from '../shared/dates';

export type RevisionEntity = 'project' | 'news' | 'team' | 'page';
/** create, update, restore (an earlier revision brought back), delete (to the trash), undelete (out of it), baseline. */
export type RevisionAction = 'create' | 'update' | 'restore' | 'delete' | 'undelete' | 'baseline';
/** How the text came about: null (typed by the admin), 'restore' (from an earlier revision), 'baseline'. */
export type RevisionSource = 'restore' | 'machine' | 'baseline' | null;

export interface RevisionSummary {
  id: number;
  entity: RevisionEntity;
  entityId: number;
  action: RevisionAction;
  actor: string;
  actorName: string | null;
  createdAt: string;
  changedFields: string[];
  source: RevisionSource;
}

export interface Revision extends RevisionSummary {
  data: Record<string, unknown>;
}

/** Fields that change with every save or say nothing the admin wrote: never listed as changed. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'deletedAt', 'deletedBy']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ between two saves of an item (both sides' fields). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  if (!before) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !BOOKKEEPING.has(k) && !same(before[k], after[k])).sort();
}

interface RevisionRow {
  id: number;
  entity: string;
  entityId: number;
  action: string;
  actor: string;
  actorName: string | null;
  data?: string;
  changedFields: string;
  source: string | null;
  createdAt: unknown;
}

const parseJson = <T>(raw: string | undefined, fallback: T): T => {
  try {
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};

function toSummary(r: RevisionRow): RevisionSummary {
  return {
    id: Number(r.id),
    entity: r.entity as RevisionEntity,
    entityId: Number(r.entityId),
    action: r.action as RevisionAction,
    actor: r.actor,
    actorName: storedActorName(r.actor, r.actorName),
    createdAt: toIso(r.createdAt),
    changedFields: parseJson<string[]>(r.changedFields, []),
    source: (r.source ?? null) as RevisionSource,
  };
}

const SUMMARY_COLUMNS = ['id', 'entity', 'entityId', 'action', 'actor', 'actorName', 'changedFields', 'source', 'createdAt'];

/** The newest revision of an item, with its data (null: none yet). */
export async function latestRevision(db: Knex, entity: RevisionEntity, entityId: number): Promise<Revision | null> {
  const row = (await db('revisions').where({ entity, entityId }).orderBy('id', 'desc').first()) as RevisionRow | undefined;
  return row ? { ...toSummary(row), data: parseJson(row.data, {}) } : null;
}

export interface RecordRevisionInput {
  entity: RevisionEntity;
  entityId: number;
  action: RevisionAction;
  actor: string;
  actorName?: string | null;
  /** The item's admin JSON after the change. */
  data: object;
  source?: RevisionSource;
  /**
   * The item before the change, for items saved before revisions were kept: it becomes a
   * 'baseline' revision first, so the earlier text can be compared and restored too.
   */
  before?: object | null;
}

/**
 * Writes one revision; its changed fields are those that differ from the newest revision before
 * it (or from `before`). Returns the new revision's id and those fields (the audit entry names them).
 */
export async function recordRevision(db: Knex, input: RecordRevisionInput): Promise<{ id: number; changedFields: string[] }> {
  let previous = await latestRevision(db, input.entity, input.entityId);
  if (!previous && input.before) {
    await insertReturningId(db, 'revisions', {
      entity: input.entity,
      entityId: input.entityId,
      action: 'baseline',
      actor: 'system',
      actorName: null,
      data: JSON.stringify(input.before),
      changedFields: '[]',
      source: 'baseline',
      createdAt: typeof (input.before as { updatedAt?: unknown }).updatedAt === 'string' ? (input.before as { updatedAt: string }).updatedAt : new Date().toISOString(),
    });
    previous = await latestRevision(db, input.entity, input.entityId);
  }
  const data = input.data as Record<string, unknown>;
  const fields = input.action === 'delete' || input.action === 'undelete' ? [] : changedFields(previous?.data ?? null, data);
  const id = await insertReturningId(db, 'revisions', {
    entity: input.entity,
    entityId: input.entityId,
    action: input.action,
    actor: input.actor.slice(0, 320),
    actorName: input.actorName ? input.actorName.slice(0, 120) : null,
    data: JSON.stringify(data),
    changedFields: JSON.stringify(fields),
    source: input.source ?? null,
    createdAt: new Date().toISOString(),
  });
  return { id, changedFields: fields };
}

/** An item's revisions, newest first, without their data. */
export async function listRevisions(db: Knex, entity: RevisionEntity, entityId: number, limit = 200): Promise<RevisionSummary[]> {
  const rows = (await db('revisions').select(SUMMARY_COLUMNS).where({ entity, entityId }).orderBy('id', 'desc').limit(limit)) as RevisionRow[];
  return rows.map(toSummary);
}

export async function findRevision(db: Knex, id: number): Promise<Revision | null> {
  const row = (await db('revisions').where({ id }).first()) as RevisionRow | undefined;
  return row ? { ...toSummary(row), data: parseJson(row.data, {}) } : null;
}

/** An item's revisions go with it when it is purged from the trash. */
export async function deleteRevisionsOf(db: Knex, entity: RevisionEntity, entityId: number): Promise<void> {
  await db('revisions').where({ entity, entityId }).delete();
}

/**
 * The fields of a revision an admin's restore writes back: everything the input schema reads
 * (it drops the rest), except what must not travel back in time: the bookkeeping, a project's
 * raised amount (money moves only through the ledger), and the publication state (draft,
 * publishAt: a restore brings back words and settings, it never publishes or hides an item; an
 * update without them leaves them as they are).
 */
export function restorableInput(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!BOOKKEEPING.has(k) && !NOT_RESTORED.has(k)) out[k] = v;
  // A page without edited words (null) restores to none: an empty set of words, the built-in copy.
  if ('texts' in out && out.texts === null) out.texts = {};
  return out;
}

const NOT_RESTORED = new Set(['raisedAmount', 'raisedAmountBase', 'draft', 'publishAt']);
