// What people do with a fundraiser (models/giving/fundraiser.ts), each action whole: a supporter
// starts one (stored; the owner and the charity's address are mailed), an admin edits, approves
// or rejects it (audited; the owner is mailed), the owner changes its story (audited). The mails
// are views (views/mails/fundraiser.ts), handed in by the controller that calls.
import { adminScreenPath } from '../shared/admin-rules';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { i18n } from 'i18next';
import type { Logger } from 'pino';
import type { SiteInfo } from '../../config';
import { localized, type Lang } from '../shared/rules';
import type { RenderFundraiserOwnerMail, RenderFundraiserTeamMail } from '../shared/mails';
import { tFor } from '../shared/text';
import { absoluteUrl, localizePath, localUrl, PAGE_PATHS } from '../shared/urls';
import { audited, recordAudit } from '../people/audit';
import type { AdminIdentity } from '../people/user';
import type { MailProvider } from '../providers/mail';
import { findLiveProjectById } from '../content/project';
import {
  approveFundraiser,
  createFundraiser,
  editFundraiser,
  ownerEdit,
  rejectFundraiser,
  type Fundraiser,
  type FundraiserEdit,
  type FundraiserInput,
  type OwnerStorySchema,
} from './fundraiser';

export interface FundraiserMailDeps {
  db: Knex;
  mail: MailProvider;
  i18n: Record<Lang, i18n>;
  site: SiteInfo;
  renderOwnerMail: RenderFundraiserOwnerMail;
  renderTeamMail: RenderFundraiserTeamMail;
}

/** Tells the owner, in their language, what became of their fundraiser; the manage link only with a token. */
async function mailOwner(deps: FundraiserMailDeps, f: Fundraiser, kind: 'submitted' | 'approved' | 'rejected', token?: string): Promise<void> {
  if (!f.ownerEmail) return;
  const { site } = deps;
  const project = await findLiveProjectById(deps.db, f.projectId);
  const mail = deps.renderOwnerMail({
    t: tFor(deps.i18n, f.lang),
    kind,
    lang: f.lang,
    org: site.name,
    name: f.ownerName ?? '',
    title: f.title,
    project: project ? localized(f.lang, project.title, project.titleDe) : '',
    manageUrl: token ? localUrl(site.publicUrl, PAGE_PATHS.fundraiserManage, f.lang, { token }) : '',
    publicUrl: absoluteUrl(site.publicUrl, localizePath(`/fundraisers/${f.slug}`, f.lang)),
    newUrl: localUrl(site.publicUrl, PAGE_PATHS.fundraiserNew, f.lang),
    reason: f.rejectReason ?? '',
    endDate: f.endDate,
  });
  // A mail with the manage link is purged from the outbox like the other secret links (RETENTION_MAIL_DAYS).
  await deps.mail.send({ to: f.ownerEmail, ...mail, oneTimeLink: Boolean(token) });
}

/** The charity's own address hears of each new fundraiser waiting for a person. */
async function mailTeam(deps: FundraiserMailDeps, f: Fundraiser): Promise<void> {
  const { site } = deps;
  if (!site.email) return;
  const project = await findLiveProjectById(deps.db, f.projectId);
  const mail = deps.renderTeamMail({ t: tFor(deps.i18n, 'en'), name: f.ownerName ?? '', title: f.title, project: project?.title ?? '', adminUrl: absoluteUrl(site.publicUrl, adminScreenPath('fundraisers')) });
  await deps.mail.send({ to: site.email, ...mail });
}

/** A new fundraiser from the API or the form: stored, its owner and the team told. */
export async function startFundraiser(deps: FundraiserMailDeps & { log: Logger }, input: FundraiserInput): Promise<Fundraiser> {
  const { fundraiser, token } = await createFundraiser(deps.db, input);
  await mailOwner(deps, fundraiser, 'submitted', token);
  await mailTeam(deps, fundraiser);
  deps.log.info({ fundraiser: fundraiser.id }, 'a fundraiser waits for approval');
  return fundraiser;
}

/** An admin's edit of the words, photo, goal or end date, audited. */
export async function editFundraiserAsAdmin(db: Knex, id: number, edit: FundraiserEdit, by: AdminIdentity): Promise<Fundraiser> {
  const f = await editFundraiser(db, id, edit);
  await recordAudit(db, { actor: by.id, actorName: by.name, action: 'update', entity: 'fundraiser', entityId: id, summary: f.title });
  return f;
}

/** Public from now on, audited with the approval; the owner gets a fresh manage link. */
export async function approveFundraiserAsAdmin(deps: FundraiserMailDeps, id: number, by: AdminIdentity): Promise<Fundraiser> {
  const { fundraiser, token } = await audited(
    deps.db,
    (trx) => approveFundraiser(trx, id, by.id),
    (r) => ({ actor: by.id, actorName: by.name, action: 'approve', entity: 'fundraiser', entityId: id, summary: r.fundraiser.title }),
  );
  await mailOwner(deps, fundraiser, 'approved', token);
  return fundraiser;
}

/** Not (or no longer) public, audited; the owner is mailed the reason. */
export async function rejectFundraiserAsAdmin(deps: FundraiserMailDeps, id: number, reason: string, by: AdminIdentity): Promise<Fundraiser> {
  const fundraiser = await audited(
    deps.db,
    (trx) => rejectFundraiser(trx, id, reason, by.id),
    (f) => ({ actor: by.id, actorName: by.name, action: 'reject', entity: 'fundraiser', entityId: id, summary: f.title }),
  );
  await mailOwner(deps, fundraiser, 'rejected');
  return fundraiser;
}

/** The owner's new title and story, audited under the owner's name. */
export async function editStoryAsOwner(db: Knex, f: Fundraiser, story: z.infer<typeof OwnerStorySchema>): Promise<void> {
  await ownerEdit(db, f, story);
  await recordAudit(db, { actor: 'owner', actorName: f.ownerName, action: 'update', entity: 'fundraiser', entityId: f.id, summary: story.title });
}
