import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { tFor } from '../../models/shared/text';
import { parseId, parseInput } from '../middleware/errors';
import { AppError, badRequest, notFound } from '../../models/shared/errors';
import { articleSummary, listLiveNews } from '../../models/content/news';
import { listLiveProjects } from '../../models/content/project';
import { localized, type Lang } from '../../models/shared/rules';
import { markdownToText } from '../../models/content/markup';
import {
  buildNewsletter,
  findCampaign,
  findCampaignById,
  NewsletterInputSchema,
  NO_CONTENT,
  personalize,
} from '../../models/newsletter/campaigns';
import type { SuggestItem } from '../../models/providers/assistant';
import { retryFailed, sendProgress, sendTestNewsletter } from '../../models/newsletter/sends';
import { invalidField } from '../../models/shared/errors';
import { audited } from '../../models/people/audit';
import type { AdminIdentity } from '../middleware/auth';
import { adminSubscribersApi } from './subscribers';
import { MAX_DB_ID } from '../../models/shared/db-limits';
import { newsletterMail } from '../../views/mails/newsletter';
import type { NewsletterStatus } from '../../views/admin/newsletter/types';
import type { CampaignSummary } from '../../views/admin/newsletter/sends-panel';

/** Items arrive as objects (id, title...) or as ids; only the id is trusted. */
const itemId = z.coerce.number().int().positive().max(MAX_DB_ID, 'Some of the selected items do not exist');
const itemRefs = z
  .array(z.union([itemId, z.object({ id: itemId }).transform((o) => o.id)]))
  .max(50, 'Select at most 50 items')
  .default([]);

const SuggestSchema = z.object({
  selectedNews: itemRefs,
  selectedProjects: itemRefs,
  language: z.enum(['en', 'de']).default('en'),
});

/** create-campaign takes the generated newsletterData (or a body wrapping it). */
const CampaignInputSchema = z.object({
  // The limits of NewsletterInputSchema, which checks the same values again with its messages.
  subject: z.string().max(150, 'The subject can have at most 150 characters'),
  previewText: z.string().max(200, 'The preview text can have at most 200 characters').default(''),
  language: z.enum(['en', 'de']).default('en'),
  newsIds: z.array(itemId).max(50, 'Select at most 50 items').default([]),
  projectIds: z.array(itemId).max(50, 'Select at most 50 items').default([]),
});

/** A test send: the newsletter as composed, and (for a key sign-in) the address to send it to. */
const TestSendSchema = z.object({
  to: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(254)).default(''),
});
const EMAIL = z.email();

/** The signed-in admin's own address: the e-mail they signed in with, or null (a key). */
const ownAddress = (admin: AdminIdentity): string | null => (admin.id.includes('@') && !admin.id.startsWith('key:') ? admin.id : null);

async function suggestItems(deps: Deps, lang: Lang, newsIds: number[], projectIds: number[]): Promise<SuggestItem[]> {
  const news = new Set(newsIds);
  const projects = new Set(projectIds);
  const items: SuggestItem[] = [];
  if (news.size) {
    for (const a of await listLiveNews(deps.db)) {
      if (news.has(a.id)) items.push({ kind: 'news', title: localized(lang, a.title, a.titleDe), summary: articleSummary(a, lang) });
    }
  }
  if (projects.size) {
    for (const p of await listLiveProjects(deps.db)) {
      if (projects.has(p.id)) items.push({ kind: 'project', title: localized(lang, p.title, p.titleDe), summary: markdownToText(localized(lang, p.description, p.descriptionDe)) });
    }
  }
  return items;
}

/** Which services are behind the builder (so the tab can label template suggestions), who would get it, where a test goes. */
export async function newsletterStatus(deps: Deps, admin: AdminIdentity): Promise<NewsletterStatus> {
  return { mailing: deps.mailing.kind, assistant: deps.assistant.kind, audience: await deps.mailing.audience(), testAddress: ownAddress(admin) };
}

/** The newest campaigns with their progress (the tab lists them, with Retry for failed mails). */
export async function recentCampaigns(deps: Deps): Promise<CampaignSummary[]> {
  const ids = (await deps.db('newsletter_campaigns').orderBy('id', 'desc').limit(10).pluck('id')) as number[];
  const campaigns: CampaignSummary[] = [];
  for (const id of ids) {
    const c = (await findCampaignById(deps.db, id))!;
    campaigns.push({ id: c.id, provider: c.provider, subject: c.subject, language: c.language, status: c.status, createdAt: c.createdAt, sentAt: c.sentAt, progress: c.provider === 'local' ? await sendProgress(deps.db, id) : null });
  }
  return campaigns;
}

/** The newsletter builder of the admin, mounted at /api/admin/newsletter behind the admin guard. */
export function adminNewsletterApi(deps: Deps): Router {
  const router = Router();
  const ctx = (lang: Lang) => ({ site: deps.config.site, t: tFor(deps.i18n, lang), renderMail: newsletterMail });

  router.get('/status', async (_req, res) => {
    res.json(await newsletterStatus(deps, res.locals.admin as AdminIdentity));
  });

  router.post('/suggest', async (req, res) => {
    const input = parseInput(SuggestSchema, req.body ?? {});
    const items = await suggestItems(deps, input.language, input.selectedNews, input.selectedProjects);
    if (items.length === 0) throw new AppError(400, 'validation', NO_CONTENT);
    const suggestion = await deps.assistant.suggestNewsletter({ language: input.language, orgName: deps.config.site.name, items });
    res.json({ ...suggestion, source: deps.assistant.kind === 'openai' ? 'ai' : 'templates' });
  });

  router.post('/generate', async (req, res) => {
    const input = parseInput(NewsletterInputSchema, req.body ?? {});
    res.json(await buildNewsletter(deps.db, input, ctx(input.language)));
  });

  // A test: the composed newsletter, rendered as the real send renders it, to the admin's own
  // address only (the sign-in e-mail; with a key, the address given), subject marked "[Test]".
  // It goes through the site's own mail (SMTP, or the outbox without SMTP_URL) in both mailing
  // modes, at once, so a problem shows here and not in a subscriber's inbox.
  router.post('/test-send', async (req, res) => {
    const admin = res.locals.admin as AdminIdentity;
    const input = parseInput(NewsletterInputSchema, req.body ?? {});
    const { to: given } = parseInput(TestSendSchema, req.body ?? {});
    const to = ownAddress(admin) ?? given;
    if (!to) throw invalidField('to', 'required');
    if (!EMAIL.safeParse(to).success) throw invalidField('to', 'email');
    const { subject } = await sendTestNewsletter({ db: deps.db, mail: deps.mail, log: deps.log, publicUrl: deps.config.publicUrl }, input, to, admin, ctx(input.language));
    res.json({ sent: true, to, subject, via: deps.mail.kind });
  });

  router.post('/create-campaign', async (req, res) => {
    const body = (req.body ?? {}) as { newsletterData?: unknown };
    const data = parseInput(CampaignInputSchema, body.newsletterData ?? body);
    // Rebuilt from the ids on the server: the mail that goes out is never HTML sent by a browser.
    const input = parseInput(NewsletterInputSchema, {
      subject: data.subject,
      previewText: data.previewText,
      language: data.language,
      selectedNews: data.newsIds,
      selectedProjects: data.projectIds,
    });
    const { newsletterData } = await buildNewsletter(deps.db, input, ctx(input.language));
    const admin = res.locals.admin as AdminIdentity;
    const campaign = await deps.mailing.createCampaign(newsletterData, (ref) => ({ actor: admin.id, actorName: admin.name, action: 'create', entity: 'campaign', entityId: ref.campaignId, summary: newsletterData.subject }));
    res.status(201).json(campaign);
  });

  router.post('/send/:campaignId', async (req, res) => {
    const campaignId = String(req.params.campaignId ?? '');
    if (!/^[\w-]{1,64}$/.test(campaignId)) throw badRequest('Invalid campaign id');
    const admin = res.locals.admin as AdminIdentity;
    const result = await deps.mailing.sendCampaign(campaignId, admin.id, async (sent, trx) => {
      const campaign = await findCampaign(trx, campaignId);
      const who = sent.progress ? ` (${sent.progress.total})` : '';
      return {
        actor: admin.id,
        actorName: admin.name,
        action: 'send',
        entity: 'newsletter',
        entityId: campaignId,
        summary: `${campaign?.subject ?? campaignId}${who}`,
        details: { ...(campaign?.subject ? { name: campaign.subject } : {}), ...(sent.progress ? { count: sent.progress.total } : {}) },
      };
    });
    // A local send goes on in the background: 202 with its progress, to follow at .../progress.
    res.status(result.status === 'sending' ? 202 : 200).json(result);
  });

  // How far a local send is: sent, failed, remaining (the tab polls it while a send runs).
  router.get('/campaigns/:id/progress', async (req, res) => {
    const progress = await sendProgress(deps.db, parseId(req.params.id));
    if (!progress) throw notFound('Campaign not found');
    res.json(progress);
  });

  router.get('/campaigns', async (_req, res) => {
    res.json({ campaigns: await recentCampaigns(deps) });
  });

  // Failed deliveries go back to the queue; nobody who got the mail gets it again.
  router.post('/campaigns/:id/retry', async (req, res) => {
    const id = parseId(req.params.id);
    const admin = res.locals.admin as AdminIdentity;
    const progress = await audited(deps.db, (trx) => retryFailed(trx, deps.jobs, id), () => ({ actor: admin.id, actorName: admin.name, action: 'retry', entity: 'newsletter', entityId: id, summary: `Retry of failed deliveries`, details: {} }));
    res.status(202).json(progress);
  });

  // A stored campaign as the subscribers see it (the local "edit URL"): unsubscribe link disabled.
  router.get('/campaigns/:id/preview', async (req, res) => {
    const campaign = await findCampaignById(deps.db, parseId(req.params.id));
    if (!campaign) throw notFound('Campaign not found');
    res.type('html').send(personalize(campaign.html, '#'));
  });

  // The subscribers panel of the tab: consent records, erasure, export.
  router.use(adminSubscribersApi(deps));

  return router;
}
