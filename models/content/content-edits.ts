// The admin's changes of content (projects, news, team, page content), whichever way they come
// (the JSON API, the forms without JavaScript, a restore from the history or the trash): each is
// one use case that writes the item and everything that goes with it (its revision, its audit
// entry, the translation status of its texts, the announcement of a scheduled publication) in ONE
// transaction. They commit together or not at all: a crash, a failed write or a refused rule
// leaves no item without its revision and audit entry, and no entry for a change that did not
// happen.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError, notFound } from '../shared/errors';
import { recordAudit, type AuditDetails } from '../people/audit';
import type { AuditRevisionRef } from '../shared/audit-details';
import { type Actor, createProject, deleteProject, findProjectById, listProjects, projectInputSchema, updateProject } from './project';
import { createNews, deleteNews, findNewsById, listNews, NewsInputSchema, updateNews } from './news';
import { createTeamMember, deleteTeamMember, findTeamMemberById, listTeam, TeamInputSchema, updateTeamMember } from './team';
import { createPageContent, deletePageContent, findPageContentById, listPageContents, PageInputSchema, updatePageContent } from './page';
import { schedulePublication } from './publish-schedule';
import { findRevision, recordRevision, restorableInput, type RevisionAction, type RevisionSource } from './revisions';
import { restoreFromTrash, TRASH_KINDS } from './trash';
import { recordTranslationSources } from './translation-sources';
import type { AdminIdentity } from '../people/user';
import type { JobQueue } from '../providers/jobs';
import type { Lang } from '../shared/rules';

/** One kind of content the admin edits. */
export interface Resource<T extends { id: number }, I> {
  /** URL segment and admin tab: /api/admin/<name>, /admin/<name> (its screen, and its forms' posts). */
  name: 'projects' | 'news' | 'team' | 'pages';
  /** Audit log entity. */
  entity: 'project' | 'news' | 'team' | 'page';
  /** Error text for an unknown id, and the thing's name in messages ("Error creating project"). */
  notFound: string;
  thing: string;
  /** The input schema, for values typed in the admin's language (a project's amounts depend on it). */
  schema(lang: Lang): z.ZodType<I>;
  list(db: Knex): Promise<T[]>;
  find(db: Knex, id: number): Promise<T | null>;
  /** `by` names the admin (projects write it into their ledger and audit entries). */
  create(db: Knex, input: I, by: Actor): Promise<T>;
  update(db: Knex, id: number, input: I, by: Actor): Promise<T | null>;
  /** Moves the item to the trash. */
  remove(db: Knex, id: number, by: Actor): Promise<boolean>;
  label(item: T): string;
  /** Its German title, where it has one of its own (the audit entry keeps it for German readers). */
  labelDe?(item: T): string | null;
}

const resource = <T extends { id: number }, I>(r: Resource<T, I>) => r;

export const RESOURCES = [
  resource({
    name: 'projects', entity: 'project', notFound: 'Project not found', thing: 'project', schema: projectInputSchema,
    list: listProjects, find: findProjectById, create: createProject, update: updateProject, remove: deleteProject,
    label: (p) => p.title,
    labelDe: (p) => p.titleDe,
  }),
  resource({
    name: 'news', entity: 'news', notFound: 'Article not found', thing: 'news', schema: () => NewsInputSchema,
    list: listNews, find: findNewsById, create: createNews, update: updateNews, remove: deleteNews,
    label: (a) => a.title,
    labelDe: (a) => a.titleDe,
  }),
  resource({
    name: 'team', entity: 'team', notFound: 'Team member not found', thing: 'team member', schema: () => TeamInputSchema,
    list: listTeam, find: findTeamMemberById, create: createTeamMember, update: updateTeamMember, remove: deleteTeamMember,
    label: (m) => m.name,
  }),
  resource({
    name: 'pages', entity: 'page', notFound: 'Page content not found', thing: 'page content', schema: () => PageInputSchema,
    list: listPageContents, find: findPageContentById, create: createPageContent, update: updatePageContent, remove: deletePageContent,
    label: (p) => p.pageName,
  }),
] as const;

export type AnyResource = Resource<{ id: number }, unknown>;
const anyResource = (r: (typeof RESOURCES)[number]) => r as unknown as AnyResource;

/** The resource of an audit/revision entity name (project, news, team, page). */
export function resourceOfEntity(entity: string): AnyResource {
  const r = RESOURCES.find((x) => x.entity === entity);
  if (!r) throw notFound('Unknown kind of content');
  return anyResource(r);
}

export function resourceOfName(name: string): AnyResource {
  const r = RESOURCES.find((x) => x.name === name);
  if (!r) throw notFound('Unknown kind of content');
  return anyResource(r);
}

/** What a content change needs besides the database. */
export interface EditDeps {
  db: Knex;
  jobs: JobQueue;
  log: Logger;
}

/** What a change writes besides the item: which kind of revision, from where. */
export interface EditHow {
  /** Audit and revision action (default: the edit's own, create/update/delete). */
  action?: 'restore' | 'undelete';
  source?: RevisionSource;
  /** Appended to the audit summary (e.g. "revision #12"). */
  note?: string;
  /** The fields saved as machine translation drafts (the audit entry names them). */
  machine?: string[];
  /** A restore: the version it brings back (the audit entry says whose and from when). */
  revision?: AuditRevisionRef;
}

type PublishingItem = { id: number; draft: boolean; publishAt: string | null };

const byOf = (admin: AdminIdentity): Actor => ({ actor: admin.id, actorName: admin.name ?? undefined });

/**
 * Why an item cannot be changed: in the trash (409, it must come back first: a save would change
 * what nobody sees and a restore would bring back older words), else unknown (404).
 */
export async function missing(db: Knex, r: Pick<AnyResource, 'name' | 'notFound'>, id: number): Promise<AppError> {
  const trashed = await db(TRASH_KINDS[r.name].table).where({ id }).whereNotNull('deletedAt').first('id');
  if (trashed) return new AppError(409, 'content.in_trash', 'This item is in the trash: restore it from the trash first');
  return notFound(r.notFound);
}

/** The revision and the audit entry of one change, in the change's transaction. */
async function keepRecord<T extends { id: number }, I>(trx: Knex, r: Resource<T, I>, item: T, admin: AdminIdentity, action: RevisionAction, how: EditHow, before?: T | null): Promise<void> {
  const revision = await recordRevision(trx, { entity: r.entity, entityId: item.id, action, actor: admin.id, actorName: admin.name, data: item, source: how.source ?? null, before });
  const name = r.label(item);
  const nameDe = r.labelDe?.(item)?.trim();
  const summary = how.note ? `${name} (${how.note})` : name;
  const details: AuditDetails = {
    name,
    ...(nameDe ? { nameDe } : {}),
    ...(action === 'update' || action === 'restore' ? { fields: revision.changedFields } : {}),
    ...(how.machine?.length ? { machine: how.machine } : {}),
    ...(how.revision ? { revision: how.revision } : {}),
  };
  await recordAudit(trx, { actor: admin.id, actorName: admin.name, action, entity: r.entity, entityId: item.id, summary, details });
}

/** What follows every save of an item's texts and publication: the translation status and the announcement. */
async function afterSave(deps: EditDeps, trx: Knex, entity: string, before: { id: number } | null, item: { id: number }): Promise<void> {
  // Translation status: the texts written (a restore's too), against which source.
  await recordTranslationSources(trx, entity, before, item);
  // Publishing: an item saved with a future publication time is announced at that time.
  await schedulePublication({ jobs: deps.jobs, trx }, entity, item as unknown as PublishingItem);
}

async function updateIn<T extends { id: number }, I>(deps: EditDeps, trx: Knex, r: Resource<T, I>, id: number, input: I, admin: AdminIdentity, how: EditHow): Promise<T | null> {
  // The item before the save: the first revision of an item older than revisions compares with it.
  const before = await r.find(trx, id);
  if (!before) throw await missing(trx, r, id);
  const item = await r.update(trx, id, input, byOf(admin));
  if (!item) return null;
  await keepRecord(trx, r, item, admin, how.action === 'restore' ? 'restore' : 'update', how, before);
  await afterSave(deps, trx, r.entity, before, item);
  return item;
}

/** The admin's changes. Each returns the item (null when unknown) and writes all of it or nothing. */
export const edits = {
  create<T extends { id: number }, I>(deps: EditDeps, r: Resource<T, I>, input: I, admin: AdminIdentity, how: EditHow = {}): Promise<T> {
    return deps.db.transaction(async (trx) => {
      const item = await r.create(trx, input, byOf(admin));
      await keepRecord(trx, r, item, admin, 'create', how);
      await afterSave(deps, trx, r.entity, null, item);
      return item;
    });
  },
  update<T extends { id: number }, I>(deps: EditDeps, r: Resource<T, I>, id: number, input: I, admin: AdminIdentity, how: EditHow = {}): Promise<T | null> {
    return deps.db.transaction((trx) => updateIn(deps, trx, r, id, input, admin, how));
  },
  /** Moves the item to the trash (restorable for TRASH_DAYS days). */
  remove<T extends { id: number }, I>(deps: EditDeps, r: Resource<T, I>, id: number, admin: AdminIdentity): Promise<T | null> {
    return deps.db.transaction(async (trx) => {
      const item = await r.find(trx, id);
      if (!item || !(await r.remove(trx, id, byOf(admin)))) return null;
      await keepRecord(trx, r, item, admin, 'delete', {});
      return item;
    });
  },
  /** Takes the item out of the trash. */
  undelete<T extends { id: number }, I>(deps: EditDeps, r: Resource<T, I>, id: number, admin: AdminIdentity): Promise<T | null> {
    return deps.db.transaction(async (trx) => {
      if (!(await restoreFromTrash(trx, r.name, id))) return null;
      const item = await r.find(trx, id);
      if (!item) return null;
      await keepRecord(trx, r, item, admin, 'undelete', {});
      return item;
    });
  },
  /**
   * Brings an earlier revision back: its editable fields go through the item's input schema and
   * model update like a typed save (every rule holds; a project's raised amount stays, as money
   * moves only through the ledger). Null when the item is not there (or in the trash).
   * `parse` is the caller's schema check (it answers field errors as the caller's API does).
   */
  restoreRevision(deps: EditDeps, revisionId: number, admin: AdminIdentity, parse: (r: AnyResource, data: Record<string, unknown>) => unknown): Promise<{ name: AnyResource['name']; item: { id: number } } | null> {
    return deps.db.transaction(async (trx) => {
      const rev = await findRevision(trx, revisionId);
      if (!rev) throw notFound('Revision not found');
      const r = resourceOfEntity(rev.entity);
      const current = await r.find(trx, rev.entityId);
      if (!current) throw await missing(trx, r, rev.entityId);
      const data = restorableInput(rev.data);
      // An article's project may have been deleted for good since: the text comes back without the link.
      if (r.name === 'news' && data.projectId && !(await trx('projects').where({ id: Number(data.projectId) }).first('id'))) data.projectId = null;
      const item = await updateIn(deps, trx, r, rev.entityId, parse(r, data), admin, {
        action: 'restore',
        source: 'restore',
        note: `revision #${rev.id}`,
        revision: { id: rev.id, action: rev.action, actor: rev.actor, actorName: rev.actorName, at: rev.createdAt },
      });
      return item ? { name: r.name, item } : null;
    });
  },
};
