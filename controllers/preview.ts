// Preview links: the real public page of an item as it would be (a draft, a scheduled item or an
// unsaved edit), in English and German, for whoever holds the link, on any instance.
//
// - Creating one (admins only): POST /api/admin/preview, or the no-JavaScript form's Preview
//   button (POST /admin/preview/<entity>[/<id>], CSRF-checked with the other admin forms). The
//   form's values are validated with the entity's own input schema and merged over the saved item;
//   the result is stored in the `previews` table under the sha256 of a random secret, for 24 hours.
//   Only the link holds the secret.
// - Opening one: the item's own address with `?preview=<secret>` (so the browser's router hydrates
//   the page it matches). The page router hands such a request to answerPreview(), which renders
//   the page through its usual loader inside withPreview() (models/content/preview-scope.ts): the models'
//   live readers return the previewed item in place of the saved one. The answer is never kept
//   (no page cache, no shared reads, Cache-Control: no-store), says noindex, and carries a banner.
import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Deps } from './context';
import { adminLangOf, langOf } from './context';
import { parseId, parseInput } from './middleware/errors';
import { AppError, notFound } from '../models/shared/errors';
import { centsToDecimal, decimalToCents, slugify, type Lang, type NewsArticle, type PageContent, type Project, type TeamMember } from '../models/shared/rules';
import { raisedAdjustment, type ProjectInput } from '../models/content/project';
import { articleDates, type NewsInput } from '../models/content/news';
import { publishFieldsOf } from '../models/shared/publish-state';
import { withPreview, type PreviewEntity, type PreviewOverride } from '../models/content/preview-scope';
import { contentItemPath } from '../models/shared/urls';
import { escapeHtml as esc, tFor } from '../models/shared/text';
import { sendLinkPage } from './link-pages';
import { RESOURCES, formValues, type Resource } from './admin/content';
import type { AdminIdentity } from '../models/people/user';
import type { AdminFlash } from './middleware/auth';
import type { RenderedPage } from './middleware/caching';
import { writePage } from './render';
import { adminHref } from '../models/shared/admin-rules';

export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Expired previews are kept this long after their end, so their link says "expired" rather than "unknown". */
const EXPIRED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
export const PREVIEW_PARAM = 'preview';

const ENTITIES = ['projects', 'news', 'team', 'pages'] as const satisfies readonly PreviewEntity[];
const isPreviewEntity = (v: string): v is (typeof ENTITIES)[number] => (ENTITIES as readonly string[]).includes(v);

const PreviewRequestSchema = z.object({
  entity: z.enum(ENTITIES, { error: 'entity must be one of projects, news, team, pages' }),
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: 'invalid id' }).int('invalid id').positive('invalid id').max(2147483647, 'invalid id').optional()),
  values: z.record(z.string(), z.unknown(), { error: 'values must be an object with the form\'s fields' }),
});

const hash = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

const resourceOf = (entity: PreviewEntity) => RESOURCES.find((r) => r.name === entity) as unknown as Resource<{ id: number }, Record<string, unknown>>;

type AnyItem = Project | NewsArticle | TeamMember | PageContent;

/** What a new item would look like before its first save: the fields the database would fill. */
function blankItem(entity: PreviewEntity, now: string): Record<string, unknown> {
  const base = { id: 0, createdAt: now, updatedAt: now, draft: false, publishAt: null };
  if (entity === 'projects') return { ...base, raisedAmount: '0.00', startDate: null };
  if (entity === 'news') return { ...base, publishedAt: now, abstract: null, abstractDe: null, excerpt: null, projectId: null };
  if (entity === 'pages') return { ...base, metaDescription: null, metaDescriptionDe: null, texts: null };
  return base;
}

/**
 * The item as the form would save it: the validated values over the saved item (or a blank one).
 * Fields the input names the same as the item (most) are taken over; the few that differ follow
 * the save's own rules (the raised total's adjustment, the slug from the title, the date kept).
 */
export function previewItem(entity: PreviewEntity, saved: AnyItem | null, input: Record<string, unknown>, now = new Date()): AnyItem {
  const iso = now.toISOString();
  const item: Record<string, unknown> = { ...blankItem(entity, iso), ...(saved ?? {}) };
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || k === 'slug' || k === 'raisedAmount' || k === 'raisedAmountBase' || k === 'publishedAt') continue;
    item[k] = v;
  }
  if (entity === 'projects' || entity === 'news') {
    const wanted = typeof input.slug === 'string' && input.slug ? input.slug : null;
    item.slug = wanted ?? (saved as { slug?: string } | null)?.slug ?? (slugify(String(input.title ?? '')) || 'preview');
  }
  if (entity === 'projects') {
    const p = input as unknown as ProjectInput;
    item.goalAmount = centsToDecimal(decimalToCents(p.goalAmount) ?? 0);
    const current = decimalToCents(String((saved as Project | null)?.raisedAmount ?? '0')) ?? 0;
    item.raisedAmount = centsToDecimal(saved ? current + raisedAdjustment(p, current) : (decimalToCents(p.raisedAmount ?? '0') ?? 0));
  }
  // The date the article will carry: the one typed, else the day it is scheduled for, else today.
  if (entity === 'news') {
    const dates = articleDates(input as Pick<NewsInput, 'publishedAt' | 'publishAt'>, saved as NewsArticle | null, now);
    if (dates.publishedAt) item.publishedAt = new Date(dates.publishedAt).toISOString();
  }
  return item as unknown as AnyItem;
}

/** The address of the page that shows an item, in a language. */
export function previewPath(entity: PreviewEntity, item: AnyItem, lang: Lang): string {
  return contentItemPath(entity, item as { slug?: string; pageName?: string }, lang);
}

export interface CreatedPreview {
  url: string;
  urlDe: string;
  expiresAt: string;
}

/**
 * Validates and stores a preview; the answer holds the only copy of its secret. `lang` is the
 * admin's (how typed amounts are read); `origin` is the address the admin reached the site at (the
 * link must open where the admin is signed in).
 */
export async function createPreview(deps: Deps, body: unknown, admin: AdminIdentity, lang: Lang, origin: string = deps.config.publicUrl): Promise<CreatedPreview> {
  const request = parseInput(PreviewRequestSchema, body);
  const r = resourceOf(request.entity);
  const saved = request.id ? ((await r.find(deps.db, request.id)) as AnyItem | null) : null;
  if (request.id && !saved) throw notFound(r.notFound);
  const input = parseInput(r.schema(lang), publishFieldsOf(request.values as Record<string, unknown>)) as Record<string, unknown>;
  const now = new Date();
  const item = previewItem(request.entity, saved, input, now);
  const secret = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PREVIEW_LIFETIME_MS).toISOString();
  await deps.db('previews').insert({
    id: hash(secret),
    entity: request.entity,
    entityId: saved ? saved.id : null,
    data: JSON.stringify(item),
    createdBy: admin.id.slice(0, 320),
    createdAt: now.toISOString(),
    expiresAt,
  });
  // Old previews go when new ones come: no job needed for a table this small.
  await deps.db('previews').where('expiresAt', '<', new Date(now.getTime() - EXPIRED_KEPT_MS).toISOString()).delete();
  const link = (lang: Lang) => `${origin}${previewPath(request.entity, item, lang)}?${PREVIEW_PARAM}=${secret}`;
  return { url: link('en'), urlDe: link('de'), expiresAt };
}

/** The preview secret of a page request, if it carries one. */
export function previewSecretOf(req: Request): string | null {
  const v = req.query[PREVIEW_PARAM];
  return typeof v === 'string' ? v : Array.isArray(v) ? '' : null;
}

type Lookup = { state: 'ok'; override: PreviewOverride; expiresAt: string } | { state: 'expired' | 'unknown' };

async function lookup(deps: Deps, secret: string): Promise<Lookup> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return { state: 'unknown' };
  const row = (await deps.db('previews').where({ id: hash(secret) }).first()) as { entity: string; data: string; expiresAt: unknown } | undefined;
  if (!row || !(ENTITIES as readonly string[]).includes(row.entity)) return { state: 'unknown' };
  const expiresAt = new Date(row.expiresAt as string).toISOString();
  if (Date.parse(expiresAt) <= Date.now()) return { state: 'expired' };
  return { state: 'ok', override: { entity: row.entity, item: JSON.parse(row.data) } as PreviewOverride, expiresAt };
}

/** The banner above a previewed page: outside the hydrated root, so the browser's router never sees it. */
function banner(deps: Deps, lang: Lang, expiresAt: string, otherUrl: string): string {
  const t = tFor(deps.i18n, lang);
  const other: Lang = lang === 'en' ? 'de' : 'en';
  const until = new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { timeZone: 'Europe/Zurich', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt));
  // Inline styles: the page's own CSS is cut to what its hydrated markup uses (views/critical-css.ts).
  // Fixed at the bottom: the site's header is fixed at the top; the body keeps room for the banner.
  return `<div class="preview-banner" role="note" aria-label="${esc(t('preview.label'))}" style="position:fixed;left:0;right:0;bottom:0;z-index:60;background:#7a2e00;color:#fff;padding:.6rem 1rem;font:600 1rem/1.4 system-ui,sans-serif;text-align:center;border-top:4px solid #f0b429;box-shadow:0 -2px 8px rgba(0,0,0,.3)">` +
    `<strong>${esc(t('preview.banner'))}</strong> <span style="font-weight:400">${esc(t('preview.until', { date: until }))}</span> ` +
    `<a href="${esc(otherUrl)}" lang="${other}" hreflang="${other}" style="color:#fff;text-decoration:underline;margin-left:.5rem">${esc(t('preview.otherLanguage'))}</a></div>`;
}

/**
 * Answers a page request that carries a preview secret: the page rendered with the previewed item,
 * or a page in the request's language saying the link is unknown (404) or expired (410).
 */
export async function answerPreview(deps: Deps, req: Request, res: Response, secret: string, render: () => Promise<RenderedPage>): Promise<void> {
  const lang = langOf(req);
  const t = tFor(deps.i18n, lang);
  res.set({ 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'same-origin' });
  res.locals.cacheControl = 'no-store';
  const found = await lookup(deps, secret);
  if (found.state !== 'ok') {
    const expired = found.state === 'expired';
    return sendLinkPage(deps, res, lang, { status: expired ? 410 : 404, title: t(expired ? 'preview.expired.title' : 'preview.unknown.title'), text: t(expired ? 'preview.expired.text' : 'preview.unknown.text') });
  }
  res.locals.preview = true;
  const page = await withPreview(found.override, render);
  if (page.type === 'html') {
    const other: Lang = lang === 'en' ? 'de' : 'en';
    const otherUrl = `${previewPath(found.override.entity, found.override.item, other)}?${PREVIEW_PARAM}=${encodeURIComponent(secret)}`;
    const withMeta = page.body.replace('<head>', '<head>\n<meta name="robots" content="noindex">\n<style>body{padding-bottom:5rem}</style>');
    page.body = withMeta.replace('<body>', `<body>\n${banner(deps, lang, found.expiresAt, otherUrl)}`);
  }
  writePage(res, page);
}

/** The site's address as this request reached it (behind the proxies TRUST_PROXY names). */
const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** POST /api/admin/preview (behind the admin guard): { entity, id?, values } -> { url, urlDe, expiresAt }. */
export function previewApi(deps: Deps): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    res.status(201).json(await createPreview(deps, req.body ?? {}, res.locals.admin as AdminIdentity, adminLangOf(req), originOf(req)));
  });
  return router;
}

/**
 * The no-JavaScript form's Preview button (formaction): the same, then on to the link (in the
 * admin's language). Invalid values go back to the form with their messages, as a save would.
 */
export function previewForms(deps: Deps): Router {
  const router = Router();
  const handle = async (req: Request, res: Response) => {
    const entity = String(req.params.entity);
    if (!isPreviewEntity(entity)) throw notFound('Unknown preview');
    const id = req.params.id === undefined ? null : parseId(req.params.id);
    const lang = langOf(req);
    try {
      const created = await createPreview(deps, { entity, id: id ?? undefined, values: req.body ?? {} }, res.locals.admin as AdminIdentity, lang, '');
      // A path: the browser stays on the address it is on.
      res.redirect(303, lang === 'de' ? created.urlDe : created.url);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const flash: AdminFlash = {
        kind: 'error',
        key: `${entity}.${id ? 'update' : 'create'}Error`,
        params: err.fields ? {} : { message: err.message },
        form: { tab: entity, id, values: formValues(req.body), errors: err.fields ?? {} },
      };
      req.session.flash = flash;
      res.redirect(303, adminHref(lang, entity, `${id ? `?edit=${id}` : '?new=1'}#edit-form`));
    }
  };
  router.post('/preview/:entity', handle);
  router.post('/preview/:entity/:id', handle);
  return router;
}
