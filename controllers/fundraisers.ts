// Supporters' fundraisers (models/giving/fundraiser.ts):
//   POST /api/fundraisers                          start one -> 201 { id, slug, status: 'pending' }
//   GET  /api/fundraisers/:slug                    an approved one, with its progress
//   /fundraisers/new (and /de/...)                 the form (a page; its POST works without JavaScript)
//   /fundraisers/manage?token=                     the owner's page: edit, post an update, who gave
//   /fundraisers/{slug}                            the public page
//   GET  /api/admin/fundraisers                    the admin's list (pending first)
//   PUT  /api/admin/fundraisers/:id                edit the words, photo, goal or end date
//   POST /api/admin/fundraisers/:id/approve        public from now on; the owner is mailed
//   POST /api/admin/fundraisers/:id/reject         { reason }: the owner is mailed the reason
// The actions themselves, with their audit entries and mails, are models/giving/fundraiser-actions.ts.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { langOf, type Deps, type PageLoader } from './context';
import { errorBody, parseId, parseInput } from './middleware/errors';
import { sharedRateLimit } from './middleware/rate-limit';
import { sendPage } from './render';
import { isSameOrigin } from './link-pages';
import { AppError, notFound } from '../models/shared/errors';
import { tFor } from '../models/shared/text';
import { localizePath } from '../models/shared/urls';
import { localized, truncate, type Lang } from '../models/shared/rules';
import { formatAmount, SUGGESTED_CURRENCY } from '../models/shared/donation-rules';
import { formatReference } from '../models/shared/qr-bill-rules';
import { swissToday } from '../models/shared/dates';
import { findLiveProjectById, listLiveProjects } from '../models/content/project';
import { libraryAlt } from '../models/media/library-alts';
import type { AdminIdentity } from './middleware/auth';
import { fundraiserReference } from '../models/giving/bank-reference';
import {
  findFundraiserBySlug,
  FundraiserEditSchema,
  FundraiserInputSchema,
  fundraiserByToken,
  fundraiserPhotos,
  fundraiserProgress,
  isOpen,
  latestEndDate,
  listFundraisers,
  listUpdates,
  OwnerStorySchema,
  OwnerUpdateSchema,
  ownerGifts,
  postUpdate,
  publicFundraiser,
  ReasonSchema,
  type Fundraiser,
} from '../models/giving/fundraiser';
import { approveFundraiserAsAdmin, editFundraiserAsAdmin, editStoryAsOwner, rejectFundraiserAsAdmin, startFundraiser } from '../models/giving/fundraiser-actions';
import { fundraiserOwnerMail, fundraiserTeamMail } from '../views/mails/fundraiser';
import FundraiserNewPage, { type FundraiserFormValues, type FundraiserNewProps } from '../views/pages/fundraiser-new-page';
import FundraiserManagePage, { type FundraiserManageProps } from '../views/pages/fundraiser-manage-page';
import type { FundraiserPageProps } from '../views/pages/fundraiser-page';
import { metaFromLocale } from './seo';

/** Fundraisers one client may start per hour (every instance counts together). */
export const FUNDRAISERS_LIMIT = 5;
const WINDOW_MS = 60 * 60 * 1000;
const NEW_PATH = '/fundraisers/new';
const MANAGE_PATH = '/fundraisers/manage';

const bodyLang = (req: Request): Lang => ((req.body as { language?: unknown } | undefined)?.language === 'de' ? 'de' : req.originalUrl.startsWith('/de/') ? 'de' : 'en');
const publicPath = (slug: string, lang: Lang) => localizePath(`/fundraisers/${slug}`, lang);

/** The use cases' dependencies, with the views of the mails they send. */
const mailDeps = (deps: Deps) => ({ db: deps.db, mail: deps.mail, i18n: deps.i18n, site: deps.config.site, log: deps.log, renderOwnerMail: fundraiserOwnerMail, renderTeamMail: fundraiserTeamMail });

/** A new fundraiser from the API or the form. */
async function start(deps: Deps, body: unknown): Promise<Fundraiser> {
  return startFundraiser(mailDeps(deps), parseInput(FundraiserInputSchema, body ?? {}));
}

function limiter(deps: Deps): RequestHandler {
  return sharedRateLimit(deps.db, 'fundraisers', {
    windowMs: WINDOW_MS,
    limit: FUNDRAISERS_LIMIT,
    skip: (req) => req.method !== 'POST',
    handler: (req, res) => {
      const t = tFor(deps.i18n, bodyLang(req));
      if (req.originalUrl.startsWith('/api/')) {
        res.status(429).json(errorBody('rate_limited', t('fundraiser.new.errors.rate')));
        return;
      }
      renderNew(req, res, deps, { status: 429, values: formValues(req.body), errors: { _: 'rate' } }).catch((err: unknown) => {
        deps.log.error({ err }, 'fundraiser form failed');
        if (!res.headersSent) res.status(429).type('text').send(t('fundraiser.new.errors.rate'));
      });
    },
  });
}

// ---- The public API

export function fundraisersApi(deps: Deps): Router {
  const router = Router();
  router.post('/', limiter(deps), async (req, res) => {
    const f = await start(deps, req.body);
    res.status(201).json({ id: f.id, slug: f.slug, status: f.status });
  });
  router.get('/:slug', async (req, res) => {
    const f = await findFundraiserBySlug(deps.db, String(req.params.slug));
    if (!f || f.status !== 'approved') throw notFound('There is no such fundraiser');
    res.set('Cache-Control', 'no-cache').json(await publicFundraiser(deps.db, f, fundraiserReference(f.id)));
  });
  return router;
}

// ---- The admins' API

const actor = (res: Response) => res.locals.admin as AdminIdentity;

export function adminFundraisersApi(deps: Deps): Router {
  const router = Router();
  router.get('/fundraisers', async (_req, res) => {
    res.json(await listFundraisers(deps.db));
  });

  router.put('/fundraisers/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const edit = parseInput(FundraiserEditSchema, req.body ?? {});
    res.json(await editFundraiserAsAdmin(deps.db, id, edit, actor(res)));
  });

  router.post('/fundraisers/:id/approve', async (req, res) => {
    const id = parseId(req.params.id);
    res.json(await approveFundraiserAsAdmin(mailDeps(deps), id, actor(res)));
  });

  router.post('/fundraisers/:id/reject', async (req, res) => {
    const id = parseId(req.params.id);
    const { reason } = parseInput(ReasonSchema, req.body ?? {});
    res.json(await rejectFundraiserAsAdmin(mailDeps(deps), id, reason, actor(res)));
  });
  return router;
}

// ---- The form at /fundraisers/new

const FORM_FIELDS = ['projectId', 'title', 'story', 'imageUrl', 'goalKind', 'goal', 'currency', 'endDate', 'name', 'email'] as const;

/** What a posted form said, as text (what the page shows again after a refusal). */
function formValues(body: unknown, defaults: Partial<FundraiserFormValues> = {}): FundraiserFormValues {
  const b = (body ?? {}) as Record<string, unknown>;
  const text = (k: string, max: number) => (typeof b[k] === 'string' ? (b[k] as string).slice(0, max) : (defaults[k as keyof FundraiserFormValues] ?? ''));
  return {
    projectId: text('projectId', 12),
    title: text('title', 200),
    story: text('story', 6000),
    imageUrl: text('imageUrl', 500),
    goalKind: b.goalKind === 'donors' ? 'donors' : 'amount',
    goal: text('goal', 20),
    currency: text('currency', 3) || defaults.currency || 'usd',
    endDate: text('endDate', 10),
    name: text('name', 120),
    email: text('email', 320),
  };
}

/** GET /fundraisers/new: the form (?project=slug chooses the project; ?sent=1 thanks). */
export const newPage: PageLoader<FundraiserNewProps> = async (req, deps) => {
  const lang = langOf(req);
  const [projects, photos] = await Promise.all([listLiveProjects(deps.db), fundraiserPhotos(deps.db)]);
  const slug = typeof req.query.project === 'string' ? req.query.project : '';
  const chosen = projects.find((p) => p.slug === slug);
  const today = swissToday();
  const props: FundraiserNewProps = {
    projects: projects.map((p) => ({ id: p.id, title: localized(lang, p.title, p.titleDe) })),
    photos,
    values: formValues(null, { projectId: chosen ? String(chosen.id) : '', currency: SUGGESTED_CURRENCY[lang] }),
    errors: {},
    sent: req.query.sent === '1',
    minDate: today,
    maxDate: latestEndDate(today),
  };
  return { props, meta: metaFromLocale(deps, lang, 'fundraiserNew') };
};

/** Which of the form's fields a refused start names (the API's field names), as the page's error keys. */
function fieldsOf(err: unknown): Record<string, string> | null {
  if (!(err instanceof AppError) || err.code !== 'validation' || !err.fields) return null;
  const out: Record<string, string> = {};
  for (const key of Object.keys(err.fields)) {
    const field = key.split('.')[0]!;
    out[(FORM_FIELDS as readonly string[]).includes(field) ? field : '_'] = field;
  }
  return out;
}

async function renderNew(req: Request, res: Response, deps: Deps, outcome: { status: number; values: FundraiserFormValues; errors: Record<string, string> }): Promise<void> {
  req.url = req.originalUrl;
  const result = await newPage(req, deps);
  result.props.values = outcome.values;
  result.props.errors = outcome.errors;
  result.props.sent = false;
  await sendPage(req, res, deps, { id: 'fundraiserNew', view: FundraiserNewPage, layout: 'public' }, { ...result, status: outcome.status });
}

// ---- The owner's page at /fundraisers/manage

type ManageNotice = FundraiserManageProps['notice'];

export const managePage: PageLoader<FundraiserManageProps> = async (req, deps) => {
  const lang = langOf(req);
  // A person's own page, reached with a secret: never kept, never indexed.
  if (req.res) {
    req.res.locals.noPageCache = true;
    req.res.locals.cacheControl = 'private, no-store';
    req.res.set('Referrer-Policy', 'same-origin');
  }
  // A form's post carries the token in its body (fundraiserPages puts it here); the mail's link in the address.
  const posted = req.res?.locals.fundraiserToken as string | undefined;
  const token = posted ?? (typeof req.query.token === 'string' ? req.query.token : '');
  const f = await fundraiserByToken(deps.db, token);
  const meta = metaFromLocale(deps, lang, 'fundraiserManage', { noindex: true });
  if (!f) return { props: { fundraiser: null, token: '', notice: null, errors: {}, values: { title: '', story: '', body: '' }, gifts: [], updates: [], progress: null, publicPath: '' }, meta, status: 404 };
  const [gifts, updates, progress] = await Promise.all([ownerGifts(deps.db, f), listUpdates(deps.db, f.id), fundraiserProgress(deps.db, f)]);
  const done = req.query.done;
  const notice: ManageNotice = done === 'saved' || done === 'posted' ? done : null;
  return {
    props: {
      fundraiser: { title: f.title, status: f.status, rejectReason: f.rejectReason, currency: f.currency, goalKind: f.goalKind, goal: f.goal, endDate: f.endDate },
      token,
      notice,
      errors: {},
      values: { title: f.title, story: f.story, body: '' },
      gifts,
      updates,
      progress: { raisedCents: progress.raisedCents, donorCount: progress.donorCount },
      publicPath: publicPath(f.slug, lang),
    },
    meta,
  };
};

async function renderManage(req: Request, res: Response, deps: Deps, outcome: { status: number; errors: Record<string, string>; values?: Partial<FundraiserManageProps['values']> }): Promise<void> {
  req.url = req.originalUrl;
  const result = await managePage(req, deps);
  result.props.errors = outcome.errors;
  result.props.notice = null;
  result.props.values = { ...result.props.values, ...outcome.values };
  await sendPage(req, res, deps, { id: 'fundraiserManage', view: FundraiserManagePage, layout: 'public' }, { ...result, status: outcome.status });
}

/**
 * The form posts of /fundraisers/new and /fundraisers/manage (mounted at /fundraisers in every
 * language, before the page router, which renders their GETs).
 */
export function fundraiserPages(deps: Deps): Router {
  const router = Router();
  router.post('/new', limiter(deps), async (req, res) => {
    const lang = langOf(req);
    const body: Record<string, unknown> = { ...(req.body as Record<string, unknown>), language: lang };
    if (body.goal !== undefined && body.goalKind === 'donors' && typeof body.goal === 'string' && /^\d+$/.test(body.goal.trim())) body.goal = Number(body.goal);
    try {
      await start(deps, body);
    } catch (err) {
      const errors = fieldsOf(err);
      if (!errors) throw err;
      return renderNew(req, res, deps, { status: 400, values: formValues(req.body), errors });
    }
    res.redirect(303, `${localizePath(NEW_PATH, lang)}?sent=1`);
  });

  router.post('/manage', async (req, res) => {
    const lang = langOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    // The page's forms carry the token; the address keeps it for the page shown after.
    req.originalUrl = `${localizePath(MANAGE_PATH, lang)}?token=${encodeURIComponent(token)}`;
    res.locals.fundraiserToken = token;
    const f = await fundraiserByToken(deps.db, token);
    if (!f || !isSameOrigin(req, deps.config.publicUrl)) return renderManage(req, res, deps, { status: f ? 403 : 404, errors: f ? { _: 'origin' } : {} });
    const back = (done: string) => res.redirect(303, `${req.originalUrl}&done=${done}`);
    if (body.action === 'story') {
      const parsed = OwnerStorySchema.safeParse(body);
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), String(i.path[0])]));
        return renderManage(req, res, deps, { status: 400, errors, values: { title: String(body.title ?? '').slice(0, 200), story: String(body.story ?? '').slice(0, 6000) } });
      }
      await editStoryAsOwner(deps.db, f, parsed.data);
      return back('saved');
    }
    if (body.action === 'update') {
      const parsed = OwnerUpdateSchema.safeParse(body);
      if (!parsed.success) return renderManage(req, res, deps, { status: 400, errors: { body: 'body' }, values: { body: String(body.body ?? '').slice(0, 2500) } });
      if (f.status !== 'approved') return renderManage(req, res, deps, { status: 409, errors: { body: 'notPublic' }, values: { body: parsed.data.body } });
      await postUpdate(deps.db, f, parsed.data.body);
      return back('posted');
    }
    return renderManage(req, res, deps, { status: 400, errors: { _: 'badForm' } });
  });
  return router;
}

// ---- The public page

export const showPage: PageLoader<FundraiserPageProps> = async (req, deps) => {
  const lang = langOf(req);
  const t = tFor(deps.i18n, lang);
  const f = await findFundraiserBySlug(deps.db, String(req.params.slug ?? ''));
  const project = f && f.status === 'approved' ? await findLiveProjectById(deps.db, f.projectId) : null;
  if (!f || !project) {
    return { props: { fundraiser: null }, meta: { title: t('fundraiser.page.notFound.title'), description: t('fundraiser.page.notFound.text'), noindex: true }, status: 404 };
  }
  const [progress, updates] = await Promise.all([fundraiserProgress(deps.db, f), listUpdates(deps.db, f.id)]);
  const imageUrl = f.imageUrl ?? project.imageUrl;
  const picture = await libraryAlt(deps.db, imageUrl, lang);
  const projectTitle = localized(lang, project.title, project.titleDe);
  const goalText = f.goalKind === 'amount' ? formatAmount(f.goal, f.currency, lang) : t('fundraiser.page.donorsGoal', { count: f.goal });
  return {
    props: {
      fundraiser: {
        id: f.id,
        slug: f.slug,
        title: f.title,
        story: f.story,
        lang: f.lang,
        ownerName: f.ownerName,
        imageUrl,
        imageAlt: picture.text,
        ...(picture.lang !== lang ? { imageAltLang: picture.lang } : {}),
        goalKind: f.goalKind,
        goal: f.goal,
        currency: f.currency,
        endDate: f.endDate,
        open: isOpen(f),
        raisedCents: progress.raisedCents,
        donorCount: progress.donorCount,
        donors: progress.donors.map((d) => d.name),
        updates,
        project: { slug: project.slug, title: projectTitle },
        bankReference: formatReference(fundraiserReference(f.id)),
      },
    },
    meta: {
      title: f.title,
      description: truncate(`${t('fundraiser.page.metaFor', { project: projectTitle, goal: goalText })} ${f.story.replace(/\s+/g, ' ')}`, 155),
      image: imageUrl,
    },
  };
};

/** The checkout's fundraiser (?fundraiser=slug): open ones only. */
export async function checkoutFundraiser(deps: Deps, slug: unknown): Promise<Fundraiser | null> {
  if (typeof slug !== 'string' || !slug || slug.length > 140) return null;
  const f = await findFundraiserBySlug(deps.db, slug);
  return f && isOpen(f) ? f : null;
}

