// Supporters' fundraisers. Anyone may start one for a project: a title, a
// story, a photo of the charity's own, a goal (an amount in CHF, USD or EUR, or a number of
// donors), an end date, their name and e-mail. It waits ('pending') until an admin approves it
// ('approved': public at /fundraisers/{slug}) or rejects it with a reason ('rejected'; an approved
// one can be taken down the same way). Its gifts are ordinary gifts to its project that also name
// it (donations.fundraiser_id): the project's total moves as always, through the ledger; the
// fundraiser's progress is read from its standing gifts, so it is never out of step with them.
// The owner manages it through a link; only the token's SHA-256 hash is kept.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../shared/errors';
import { DONATION_CURRENCIES, parseDonationAmount, type DonationCurrency } from '../shared/donation-rules';
import { slugify } from '../shared/rules';
import { swissToday, toIso } from '../shared/dates';
import { findLiveProjectById, listLiveProjects } from '../content/project';
import { standing } from './donor-wall';

export const FUNDRAISER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FundraiserStatus = (typeof FUNDRAISER_STATUSES)[number];
export const GOAL_KINDS = ['amount', 'donors'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** Limits of what a supporter writes. */
export const FUNDRAISER_LIMITS = { title: 120, storyMin: 20, story: 5000, name: 100, update: 2000, reason: 1000, maxDonors: 100_000, maxDays: 366 } as const;
/** How many named donors the public page and API list, newest first. */
export const FUNDRAISER_DONORS_SHOWN = 50;

export interface Fundraiser {
  id: number;
  slug: string;
  projectId: number;
  title: string;
  story: string;
  imageUrl: string | null;
  goalKind: GoalKind;
  /** Minor units of `currency` (goal kind 'amount') or a number of donors ('donors'). */
  goal: number;
  currency: DonationCurrency;
  /** The last day gifts are taken (YYYY-MM-DD, Swiss calendar). */
  endDate: string;
  ownerName: string | null;
  ownerEmail: string | null;
  lang: 'en' | 'de';
  status: FundraiserStatus;
  rejectReason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FundraiserUpdate {
  id: number;
  body: string;
  createdAt: string;
}

export interface FundraiserProgress {
  /** What the standing gifts brought, in minor units of the fundraiser's currency (covered fees not counted). */
  raisedCents: number;
  /** Distinct donors of standing gifts (by e-mail address; a bank transfer without one counts alone). */
  donorCount: number;
  /** The names donors chose to be shown under, newest first. */
  donors: { name: string }[];
}

type Row = Record<string, unknown>;

function toFundraiser(r: Row): Fundraiser {
  return {
    id: Number(r.id),
    slug: String(r.slug),
    projectId: Number(r.projectId),
    title: String(r.title),
    story: String(r.story),
    imageUrl: r.imageUrl ? String(r.imageUrl) : null,
    goalKind: r.goalKind === 'donors' ? 'donors' : 'amount',
    goal: Number(r.goal),
    currency: String(r.currency) as DonationCurrency,
    endDate: String(r.endDate),
    ownerName: r.ownerName ? String(r.ownerName) : null,
    ownerEmail: r.ownerEmail ? String(r.ownerEmail) : null,
    lang: r.lang === 'de' ? 'de' : 'en',
    status: String(r.status) as FundraiserStatus,
    rejectReason: r.rejectReason ? String(r.rejectReason) : null,
    reviewedBy: r.reviewedBy ? String(r.reviewedBy) : null,
    reviewedAt: r.reviewedAt ? toIso(r.reviewedAt) : null,
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
  };
}

// ---- Input

const noControl = /^[^\p{Cc}]*$/u;
const noControlButLines = /^[^\x00-\x09\x0b\x0c\x0e-\x1f\x7f]*$/;

const TitleSchema = z
  .string({ error: 'title is required' })
  .trim()
  .min(3, 'title must have at least 3 characters')
  .max(FUNDRAISER_LIMITS.title, `title can have at most ${FUNDRAISER_LIMITS.title} characters`)
  .regex(noControl, 'title must not contain control characters');

const StorySchema = z
  .string({ error: 'story is required' })
  .trim()
  .min(FUNDRAISER_LIMITS.storyMin, `story must have at least ${FUNDRAISER_LIMITS.storyMin} characters`)
  .max(FUNDRAISER_LIMITS.story, `story can have at most ${FUNDRAISER_LIMITS.story} characters`)
  .regex(noControlButLines, 'story must not contain control characters');

const ImageSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: 'imageUrl must be the address of one of the site\'s photos' }).trim().max(500).nullable().default(null),
);

const DaySchema = z.string({ error: 'endDate is required: a day like 2027-03-31' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'endDate must be a day like 2027-03-31');

/** The last day a new fundraiser may run to, from `today` (both YYYY-MM-DD). */
export function latestEndDate(today: string): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + FUNDRAISER_LIMITS.maxDays);
  return d.toISOString().slice(0, 10);
}

const isRealDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/** The goal from what was typed: major units of the currency, or a whole number of donors; or why not. */
export function parseGoal(kind: GoalKind, value: unknown): { goal: number } | { problem: string } {
  if (kind === 'donors') {
    const n = typeof value === 'string' ? Number(value.trim()) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > FUNDRAISER_LIMITS.maxDonors) return { problem: `goal must be a whole number of donors from 1 to ${FUNDRAISER_LIMITS.maxDonors.toLocaleString('en-US')}` };
    return { goal: n };
  }
  const parsed = parseDonationAmount(value);
  if ('problem' in parsed) return { problem: 'goal must be an amount like 500 or 1200.50 (at least 1.00, at most 999,999.99)' };
  return { goal: parsed.cents };
}

/** POST /api/fundraisers' body (and the /fundraisers/new form's). */
export const FundraiserInputSchema = z
  .object({
    projectId: z.coerce.number({ error: 'projectId is required: the project the fundraiser is for' }).int('projectId must be a project id').positive('projectId must be a project id').max(2_147_483_647, 'projectId: there is no such project'),
    title: TitleSchema,
    story: StorySchema,
    imageUrl: ImageSchema,
    goalKind: z.enum(GOAL_KINDS, { error: 'goalKind must be amount or donors' }).default('amount'),
    goal: z.union([z.number(), z.string()], { error: 'goal is required: an amount, or a number of donors' }),
    currency: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(DONATION_CURRENCIES, { error: `currency must be one of ${DONATION_CURRENCIES.join(', ')}` })),
    endDate: DaySchema,
    name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(FUNDRAISER_LIMITS.name, `name can have at most ${FUNDRAISER_LIMITS.name} characters`).regex(/^[^\p{Cc}<>]*$/u, 'name must not contain control characters or < >'),
    email: z.string({ error: 'email is required' }).trim().toLowerCase().max(254, 'email can have at most 254 characters').pipe(z.email({ error: 'email must be an e-mail address like name@example.org' })),
    language: z.enum(['en', 'de'], { error: 'language must be en or de' }).default('en'),
  })
  .transform((input, ctx) => {
    const goal = parseGoal(input.goalKind, input.goal);
    if ('problem' in goal) ctx.addIssue({ code: 'custom', path: ['goal'], message: goal.problem });
    return { ...input, goal: 'goal' in goal ? goal.goal : 0 };
  });
export type FundraiserInput = z.infer<typeof FundraiserInputSchema>;

/** The end date's rule, against today's Swiss day: from today to a year ahead. */
export function endDateProblem(endDate: string, today: string = swissToday()): string | null {
  if (!isRealDay(endDate)) return 'endDate must be a day like 2027-03-31';
  if (endDate < today) return 'endDate must be today or later';
  if (endDate > latestEndDate(today)) return `endDate can be at most a year ahead (${latestEndDate(today)})`;
  return null;
}

// ---- The owner's link

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
const newToken = (): string => crypto.randomBytes(24).toString('base64url');
export const isManageToken = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{32}$/.test(v);

// ---- The photos a supporter may choose

/**
 * The charity's own photos a fundraiser may show: the live projects' pictures and the images of
 * the media library (newest first). A supporter cannot upload a file: nothing a stranger sent is
 * shown or stored before a person looked at it, and the photos are already sized for every screen.
 */
export async function fundraiserPhotos(db: Knex): Promise<{ url: string; alt: string }[]> {
  const projects = await listLiveProjects(db);
  const media = (await db('media_items').whereNull('deletedAt').where('mimeType', 'like', 'image/%').whereNot('mimeType', 'image/svg+xml').orderBy('id', 'desc').limit(12).select('filePath', 'altText', 'originalName')) as { filePath: string; altText: string | null; originalName: string }[];
  const seen = new Set<string>();
  const out: { url: string; alt: string }[] = [];
  for (const p of projects) if (p.imageUrl && !seen.has(p.imageUrl)) (seen.add(p.imageUrl), out.push({ url: p.imageUrl, alt: p.title }));
  for (const m of media) if (m.filePath && !seen.has(m.filePath)) (seen.add(m.filePath), out.push({ url: m.filePath, alt: m.altText ?? '' }));
  return out;
}

async function checkPhoto(db: Knex, imageUrl: string | null): Promise<void> {
  if (imageUrl === null) return;
  const allowed = await fundraiserPhotos(db);
  if (!allowed.some((p) => p.url === imageUrl)) {
    throw new AppError(400, 'validation', "imageUrl must be one of the site's photos (or none: the project's photo is shown)", { imageUrl: fieldError('image_url', undefined, 'not one of the offered photos') });
  }
}

// ---- Starting one

/** A slug of the title not taken yet (pending and rejected ones keep theirs). */
async function freeSlug(db: Knex | Knex.Transaction, title: string): Promise<string> {
  const base = slugify(title).slice(0, 100);
  const taken = new Set(((await db('fundraisers').where('slug', base).orWhere('slug', 'like', `${base}-%`).select('slug')) as { slug: string }[]).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** A new fundraiser, pending; its owner's token (to be mailed, never stored) with it. */
export async function createFundraiser(db: Knex, input: FundraiserInput, today: string = swissToday()): Promise<{ fundraiser: Fundraiser; token: string }> {
  const endProblem = endDateProblem(input.endDate, today);
  if (endProblem) throw new AppError(400, 'validation', endProblem, { endDate: fieldError('date', undefined, endProblem) });
  if (!(await findLiveProjectById(db, input.projectId))) {
    throw new AppError(400, 'validation', `projectId: there is no project with id ${input.projectId}`, { projectId: fieldError('project', undefined, 'unknown project') });
  }
  await checkPhoto(db, input.imageUrl);
  const token = newToken();
  // Two supporters with the same title at the same moment: the unique slug decides, the second tries again.
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await db.transaction(async (trx) => {
        const slug = await freeSlug(trx, input.title);
        const now = new Date().toISOString();
        const [inserted] = (await trx('fundraisers')
          .insert({
            slug,
            projectId: input.projectId,
            title: input.title,
            story: input.story,
            imageUrl: input.imageUrl,
            goalKind: input.goalKind,
            goal: input.goal,
            currency: input.currency,
            endDate: input.endDate,
            ownerName: input.name,
            ownerEmail: input.email,
            lang: input.language,
            status: 'pending',
            manageTokenHash: hashToken(token),
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')) as (number | { id: number })[];
        return typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
      });
      return { fundraiser: (await findFundraiserById(db, id))!, token };
    } catch (err) {
      if (attempt < 3 && /unique|duplicate/i.test(String((err as Error).message))) continue;
      throw err;
    }
  }
}

// ---- Reading

export async function findFundraiserById(db: Knex | Knex.Transaction, id: number): Promise<Fundraiser | null> {
  const row = (await db('fundraisers').where({ id }).first()) as Row | undefined;
  return row ? toFundraiser(row) : null;
}

export async function findFundraiserBySlug(db: Knex, slug: string): Promise<Fundraiser | null> {
  const row = (await db('fundraisers').where({ slug: slug.slice(0, 140) }).first()) as Row | undefined;
  return row ? toFundraiser(row) : null;
}

/** The fundraiser a manage link opens (any status), or null. */
export async function fundraiserByToken(db: Knex, token: unknown): Promise<Fundraiser | null> {
  if (!isManageToken(token)) return null;
  const row = (await db('fundraisers').where({ manageTokenHash: hashToken(token) }).first()) as Row | undefined;
  return row ? toFundraiser(row) : null;
}

/** The approved fundraisers of a project, newest first (its page links them). */
export async function listProjectFundraisers(db: Knex, projectId: number): Promise<Fundraiser[]> {
  const rows = (await db('fundraisers').where({ projectId, status: 'approved' }).orderBy('id', 'desc').limit(12)) as Row[];
  return rows.map(toFundraiser);
}

/** Every approved fundraiser (the sitemap lists them). */
export async function listApprovedFundraisers(db: Knex): Promise<Pick<Fundraiser, 'slug' | 'updatedAt'>[]> {
  const rows = (await db('fundraisers').where({ status: 'approved' }).orderBy('id').select('slug', 'updatedAt')) as Row[];
  return rows.map((r) => ({ slug: String(r.slug), updatedAt: toIso(r.updatedAt) }));
}

/** Every fundraiser for the admin's list: pending first (oldest first: first come, first looked at), then the rest newest first. */
export async function listFundraisers(db: Knex): Promise<(Fundraiser & FundraiserProgress & { projectTitle: string | null })[]> {
  const rows = (await db('fundraisers as f')
    .leftJoin('projects as p', 'p.id', 'f.project_id')
    .select('f.*', 'p.title as projectTitle')
    .orderByRaw("case when f.status = 'pending' then 0 else 1 end")
    .orderByRaw("case when f.status = 'pending' then f.id else -f.id end")
    .limit(500)) as Row[];
  const fundraisers = rows.map(toFundraiser);
  const progress = await progressOfMany(db, fundraisers);
  return fundraisers.map((f, i) => ({ ...f, projectTitle: rows[i]!.projectTitle ? String(rows[i]!.projectTitle) : null, ...progress.get(f.id)! }));
}

/**
 * The progress of many fundraisers from one read of their standing gifts (the admin's list), by
 * the same rules as fundraiserProgress: in the fundraiser's currency (another currency by what it
 * was credited as), covered fees and refunds left out; donors by address; names newest first.
 */
async function progressOfMany(db: Knex, fundraisers: Pick<Fundraiser, 'id' | 'currency'>[]): Promise<Map<number, FundraiserProgress>> {
  const out = new Map<number, FundraiserProgress & { donorKeys: Set<string> }>(fundraisers.map((f) => [f.id, { raisedCents: 0, donorCount: 0, donors: [], donorKeys: new Set<string>() }]));
  const currency = new Map(fundraisers.map((f) => [f.id, f.currency]));
  for (let i = 0; i < fundraisers.length; i += 500) {
    const ids = fundraisers.slice(i, i + 500).map((f) => f.id);
    const gifts = (await standing(db('donations').whereIn('fundraiserId', ids))
      .orderBy('appliedAt', 'desc')
      .orderBy('id', 'desc')
      .select('id', 'fundraiserId', 'currency', 'amountCents', 'coveredFeeCents', 'refundedCents', 'fundraiserCents', 'donorEmail', 'publicName')) as Row[];
    for (const g of gifts) {
      const p = out.get(Number(g.fundraiserId))!;
      p.raisedCents += g.currency === currency.get(Number(g.fundraiserId)) ? Number(g.amountCents) - Number(g.coveredFeeCents ?? 0) - Number(g.refundedCents ?? 0) : Number(g.fundraiserCents ?? 0);
      p.donorKeys.add(typeof g.donorEmail === 'string' && g.donorEmail ? g.donorEmail : `gift-${String(g.id)}`);
      const name = typeof g.publicName === 'string' ? g.publicName : null;
      if (name && p.donors.length < FUNDRAISER_DONORS_SHOWN && !p.donors.some((d) => d.name === name)) p.donors.push({ name });
    }
  }
  return new Map([...out].map(([id, { donorKeys, ...p }]) => [id, { ...p, raisedCents: Math.max(0, p.raisedCents), donorCount: donorKeys.size }]));
}

export async function listUpdates(db: Knex, fundraiserId: number): Promise<FundraiserUpdate[]> {
  const rows = (await db('fundraiser_updates').where({ fundraiserId }).orderBy('id', 'desc').limit(50)) as Row[];
  return rows.map((r) => ({ id: Number(r.id), body: String(r.body), createdAt: toIso(r.createdAt) }));
}

/** Progress from the fundraiser's standing gifts. */
export async function fundraiserProgress(db: Knex | Knex.Transaction, f: Pick<Fundraiser, 'id' | 'currency'>): Promise<FundraiserProgress> {
  const sums = (await standing(db('donations').where({ fundraiserId: f.id }))
    .select(
      db.raw('coalesce(sum(case when currency = ? then amount_cents - covered_fee_cents - refunded_cents else coalesce(fundraiser_cents, 0) end), 0) as raised', [f.currency]),
      db.raw("count(distinct coalesce(donor_email, 'gift-' || cast(id as varchar(20)))) as donors"),
    )
    .first()) as { raised: number | string | null; donors: number | string | null } | undefined;
  const named = (await standing(db('donations').where({ fundraiserId: f.id }).whereNotNull('publicName'))
    .orderBy('appliedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(FUNDRAISER_DONORS_SHOWN * 4)
    .select('publicName')) as { publicName: string }[];
  const names: string[] = [];
  for (const { publicName } of named) {
    if (!names.includes(publicName)) names.push(publicName);
    if (names.length === FUNDRAISER_DONORS_SHOWN) break;
  }
  return { raisedCents: Math.max(0, Number(sums?.raised ?? 0)), donorCount: Number(sums?.donors ?? 0), donors: names.map((name) => ({ name })) };
}

/** Whether gifts are taken today: approved, not past its end date. */
export const isOpen = (f: Pick<Fundraiser, 'status' | 'endDate'>, today: string = swissToday()): boolean => f.status === 'approved' && f.endDate >= today;

/** Major units as the API gives amounts: 1234.5 for 123450 cents. */
const major = (cents: number) => Math.round(cents) / 100;

/** GET /api/fundraisers/:slug's answer (approved fundraisers only). */
export interface PublicFundraiser {
  id: number;
  slug: string;
  title: string;
  story: string;
  projectId: number;
  status: FundraiserStatus;
  goal: number;
  goalKind: GoalKind;
  currency: DonationCurrency;
  endDate: string;
  open: boolean;
  imageUrl: string | null;
  ownerName: string | null;
  raised: number;
  donorCount: number;
  donors: { name: string }[];
  bankReference: string;
  updates: FundraiserUpdate[];
}

export async function publicFundraiser(db: Knex, f: Fundraiser, bankReference: string): Promise<PublicFundraiser> {
  const progress = await fundraiserProgress(db, f);
  return {
    id: f.id,
    slug: f.slug,
    title: f.title,
    story: f.story,
    projectId: f.projectId,
    status: f.status,
    goal: f.goalKind === 'amount' ? major(f.goal) : f.goal,
    goalKind: f.goalKind,
    currency: f.currency,
    endDate: f.endDate,
    open: isOpen(f),
    imageUrl: f.imageUrl,
    ownerName: f.ownerName,
    raised: major(progress.raisedCents),
    donorCount: progress.donorCount,
    donors: progress.donors,
    bankReference,
    updates: await listUpdates(db, f.id),
  };
}

// ---- Giving to one

/**
 * The fundraiser a gift names, checked: approved, still running, its project live. The checkout
 * takes the gift in the fundraiser's currency for its project.
 */
export async function fundraiserForGift(db: Knex, id: number, today: string = swissToday()): Promise<Fundraiser> {
  const f = await findFundraiserById(db, id);
  if (!f || f.status !== 'approved') {
    throw new AppError(400, 'validation', `fundraiserId: there is no fundraiser with id ${id}`, { fundraiserId: fieldError('invalid', undefined, 'unknown fundraiser') });
  }
  if (!isOpen(f, today)) {
    throw new AppError(409, 'fundraiser.closed', `This fundraiser ended on ${f.endDate}: it takes no more gifts. A gift to its project is still welcome.`);
  }
  if (!(await findLiveProjectById(db, f.projectId))) {
    throw new AppError(409, 'fundraiser.closed', "This fundraiser's project takes no gifts at the moment.");
  }
  return f;
}

/** The fundraiser a confirmed gift names, if it still exists and is for the gift's project; else null. */
export async function fundraiserOfGift(trx: Knex.Transaction, fundraiserId: number | null | undefined, projectId: number | null): Promise<number | null> {
  if (!fundraiserId || projectId === null) return null;
  const row = (await trx('fundraisers').where({ id: fundraiserId, projectId }).first('id')) as { id: number } | undefined;
  return row ? Number(row.id) : null;
}

// ---- Admins

const PendingOrRejected: readonly FundraiserStatus[] = ['pending', 'rejected'];

/** Approves a pending (or earlier rejected) fundraiser; a new owner's token for the mail that says so. */
export async function approveFundraiser(trx: Knex.Transaction, id: number, actor: string): Promise<{ fundraiser: Fundraiser; token: string }> {
  const token = newToken();
  const claimed = await trx('fundraisers')
    .where({ id })
    .whereIn('status', PendingOrRejected)
    .update({ status: 'approved', rejectReason: null, manageTokenHash: hashToken(token), reviewedBy: actor.slice(0, 320), reviewedAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
  const f = await findFundraiserById(trx, id);
  if (!f) throw notFound(`There is no fundraiser with id ${id}`);
  if (Number(claimed) !== 1) throw new AppError(409, 'fundraiser.reviewed', 'This fundraiser is approved already: nothing was changed.');
  return { fundraiser: f, token };
}

/** Rejects a pending fundraiser, or takes an approved one down, with the reason the owner is mailed. */
export async function rejectFundraiser(trx: Knex.Transaction, id: number, reason: string, actor: string): Promise<Fundraiser> {
  const claimed = await trx('fundraisers')
    .where({ id })
    .whereIn('status', ['pending', 'approved'])
    .update({ status: 'rejected', rejectReason: reason.slice(0, FUNDRAISER_LIMITS.reason), reviewedBy: actor.slice(0, 320), reviewedAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
  const f = await findFundraiserById(trx, id);
  if (!f) throw notFound(`There is no fundraiser with id ${id}`);
  if (Number(claimed) !== 1) throw new AppError(409, 'fundraiser.reviewed', 'This fundraiser is rejected already: nothing was changed.');
  return f;
}

export const ReasonSchema = z.object({
  reason: z.string({ error: 'reason is required: the owner is told why' }).trim().min(3, 'reason is required: the owner is told why').max(FUNDRAISER_LIMITS.reason, `reason can have at most ${FUNDRAISER_LIMITS.reason} characters`),
});

/** What an admin may change: the words, the photo, the goal and the end date. */
export const FundraiserEditSchema = z
  .object({
    title: TitleSchema.optional(),
    story: StorySchema.optional(),
    imageUrl: ImageSchema.optional(),
    goalKind: z.enum(GOAL_KINDS, { error: 'goalKind must be amount or donors' }).optional(),
    goal: z.union([z.number(), z.string()]).optional(),
    endDate: DaySchema.optional(),
  })
  .strict();
export type FundraiserEdit = z.infer<typeof FundraiserEditSchema>;

export async function editFundraiser(db: Knex, id: number, edit: FundraiserEdit): Promise<Fundraiser> {
  const f = await findFundraiserById(db, id);
  if (!f) throw notFound(`There is no fundraiser with id ${id}`);
  const patch: Record<string, unknown> = {};
  if (edit.title !== undefined) patch.title = edit.title;
  if (edit.story !== undefined) patch.story = edit.story;
  if (edit.imageUrl !== undefined) {
    await checkPhoto(db, edit.imageUrl);
    patch.imageUrl = edit.imageUrl;
  }
  const kind = edit.goalKind ?? f.goalKind;
  if (edit.goal !== undefined || edit.goalKind !== undefined) {
    const goal = parseGoal(kind, edit.goal ?? (kind === f.goalKind ? (kind === 'amount' ? major(f.goal) : f.goal) : undefined));
    if ('problem' in goal) throw new AppError(400, 'validation', goal.problem, { goal: fieldError('invalid', undefined, goal.problem) });
    patch.goalKind = kind;
    patch.goal = goal.goal;
  }
  if (edit.endDate !== undefined) {
    // An admin may also end it today or move the day, within a year of today.
    const problem = endDateProblem(edit.endDate);
    if (problem) throw new AppError(400, 'validation', problem, { endDate: fieldError('date', undefined, problem) });
    patch.endDate = edit.endDate;
  }
  if (Object.keys(patch).length === 0) return f;
  await db('fundraisers').where({ id }).update({ ...patch, updatedAt: new Date().toISOString() });
  return (await findFundraiserById(db, id))!;
}

// ---- The owner

export const OwnerStorySchema = z.object({ title: TitleSchema, story: StorySchema });
export const OwnerUpdateSchema = z.object({
  body: z.string({ error: 'body is required' }).trim().min(3, 'body must have at least 3 characters').max(FUNDRAISER_LIMITS.update, `body can have at most ${FUNDRAISER_LIMITS.update} characters`).regex(noControlButLines, 'body must not contain control characters'),
});

/** The owner's edit of the title and story (public at once when approved; admins can change or take it down). */
export async function ownerEdit(db: Knex, f: Fundraiser, input: z.infer<typeof OwnerStorySchema>): Promise<Fundraiser> {
  if (f.status === 'rejected') throw new AppError(409, 'fundraiser.reviewed', 'This fundraiser was not approved: it cannot be changed.');
  await db('fundraisers').where({ id: f.id }).update({ title: input.title, story: input.story, updatedAt: new Date().toISOString() });
  return (await findFundraiserById(db, f.id))!;
}

/** An update the owner posts on the public page (approved fundraisers only). */
export async function postUpdate(db: Knex, f: Fundraiser, body: string): Promise<FundraiserUpdate> {
  if (f.status !== 'approved') throw new AppError(409, 'fundraiser.not_public', 'Updates can be posted once the fundraiser is public.');
  const now = new Date().toISOString();
  const [inserted] = (await db('fundraiser_updates').insert({ fundraiserId: f.id, body, createdAt: now }).returning('id')) as (number | { id: number })[];
  const id = typeof inserted === 'object' ? Number(inserted.id) : Number(inserted);
  return { id, body, createdAt: now };
}

export interface OwnerGift {
  date: string;
  /** The name the donor chose to be shown under; null: anonymous (the owner sees no address, no e-mail). */
  name: string | null;
  amountCents: number;
  currency: string;
}

/** Who gave, as the owner may see it: day, chosen name or anonymous, what counted. */
export async function ownerGifts(db: Knex, f: Pick<Fundraiser, 'id' | 'currency'>): Promise<OwnerGift[]> {
  const rows = (await standing(db('donations').where({ fundraiserId: f.id }))
    .orderBy('appliedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .select('appliedAt', 'publicName', 'amountCents', 'coveredFeeCents', 'refundedCents', 'currency', 'fundraiserCents')) as Row[];
  return rows.map((r) => {
    const same = String(r.currency) === f.currency;
    return {
      date: toIso(r.appliedAt).slice(0, 10),
      name: r.publicName ? String(r.publicName) : null,
      amountCents: same ? Number(r.amountCents) - Number(r.coveredFeeCents ?? 0) - Number(r.refundedCents ?? 0) : Number(r.fundraiserCents ?? 0),
      currency: f.currency,
    };
  });
}

// ---- People's data

/** Fundraisers an address started (the access report). */
export async function fundraisersOfOwner(db: Knex | Knex.Transaction, email: string): Promise<Fundraiser[]> {
  const rows = (await db('fundraisers').where({ ownerEmail: email.trim().toLowerCase() }).orderBy('id')) as Row[];
  return rows.map(toFundraiser);
}

/**
 * Erasure of an owner: their name and address go, the manage link stops working; a public
 * fundraiser stays (its donors gave to it) and says "a supporter" started it.
 */
export async function eraseFundraiserOwner(trx: Knex.Transaction, email: string): Promise<number> {
  return Number(await trx('fundraisers').where({ ownerEmail: email.trim().toLowerCase() }).update({ ownerName: null, ownerEmail: null, manageTokenHash: null, updatedAt: new Date().toISOString() }));
}
