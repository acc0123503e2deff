// Newsletters built from selected news and projects: the items of the e-mail (rendered by the
// function the controller passes in: views/mails/newsletter.tsx), and campaigns.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { SiteInfo } from '../../config';
import { formatDate, formatMoney, localized, percentFunded, type Lang } from '../shared/rules';
import { toIso } from '../shared/dates';
import { articleSummary, listLiveNews } from '../content/news';
import { listLiveProjects } from '../content/project';
import { markdownToText } from '../content/markup';
import { localUrl, mailImageUrl, pageUrl } from '../shared/urls';
import { MAX_DB_ID, parseDbId } from '../shared/db-limits';
import { AppError } from '../shared/errors';
import { UNSUBSCRIBE_URL, type NewsletterSection, type RenderNewsletterMail } from '../shared/mails';

export { UNSUBSCRIBE_URL, type NewsletterSection };

export const MISSING_SUBJECT = 'Please provide a subject line for your newsletter';
export const NO_CONTENT = 'Please select at least one news article or project';

const ids = z.array(z.coerce.number().int().positive().max(MAX_DB_ID, 'Some of the selected items do not exist')).max(50, 'Select at most 50 items').default([]);

/** What the builder sends to POST /api/admin/newsletter/generate. */
export const NewsletterInputSchema = z
  .object({
    subject: z.string({ error: MISSING_SUBJECT }).trim().min(1, MISSING_SUBJECT).max(150, 'The subject can have at most 150 characters'),
    previewText: z.string().trim().max(200, 'The preview text can have at most 200 characters').default(''),
    language: z.enum(['en', 'de']).default('en'),
    selectedNews: ids,
    selectedProjects: ids,
  })
  .refine((v) => v.selectedNews.length + v.selectedProjects.length > 0, { message: NO_CONTENT, path: ['selectedNews'] });
export type NewsletterInput = z.infer<typeof NewsletterInputSchema>;

/** The generated newsletter (`newsletterData` of the generate answer), complete enough to re-create. */
export interface NewsletterData {
  subject: string;
  previewText: string;
  language: Lang;
  newsIds: number[];
  projectIds: number[];
  html: string;
  text: string;
}

export interface RenderContext {
  site: SiteInfo;
  t: TFunction;
  /** Renders the mail from its sections (views/mails/newsletter.tsx). */
  renderMail: RenderNewsletterMail;
}

/** The selected items, in the newsletter's language, news newest first, then projects in their order. */
export async function loadSections(db: Knex, input: Pick<NewsletterInput, 'language' | 'selectedNews' | 'selectedProjects'>, ctx: RenderContext): Promise<NewsletterSection[]> {
  const lang = input.language;
  const base = ctx.site.publicUrl;
  const wantedNews = new Set(input.selectedNews);
  const wantedProjects = new Set(input.selectedProjects);
  // Only what visitors can open: a draft, a scheduled or a trashed item is not sent.
  const news = wantedNews.size ? (await listLiveNews(db)).filter((a) => wantedNews.has(a.id)) : [];
  const projects = wantedProjects.size ? (await listLiveProjects(db)).filter((p) => wantedProjects.has(p.id)) : [];
  if (news.length !== wantedNews.size || projects.length !== wantedProjects.size) {
    throw new AppError(400, 'newsletter.items_missing', 'Some of the selected items no longer exist. Reload the lists and select again.');
  }
  const sections: NewsletterSection[] = news.map((a) => ({
    kind: 'news',
    id: a.id,
    title: localized(lang, a.title, a.titleDe),
    summary: articleSummary(a, lang),
    url: pageUrl(base, 'newsDetail', lang, { slug: a.slug }),
    imageUrl: mailImageUrl(base, a.imageUrl),
    meta: formatDate(a.publishedAt, lang),
  }));
  for (const p of projects) {
    const raised = Number(p.raisedAmount);
    const goal = Number(p.goalAmount);
    sections.push({
      kind: 'project',
      id: p.id,
      title: localized(lang, p.title, p.titleDe),
      summary: markdownToText(localized(lang, p.description, p.descriptionDe)),
      url: pageUrl(base, 'projectDetail', lang, { slug: p.slug }),
      imageUrl: mailImageUrl(base, p.imageUrl),
      meta:
        goal > 0
          ? ctx.t('newsletterPages.email.funding', { raised: formatMoney(raised, lang), goal: formatMoney(goal, lang), percent: Math.round(percentFunded(raised, goal)) })
          : '',
      donateUrl: localUrl(base, '/checkout', lang, { project: p.slug }),
    });
  }
  return sections;
}

/** Generate: load the items, render the mail. */
export async function buildNewsletter(db: Knex, input: NewsletterInput, ctx: RenderContext): Promise<{ sectionsCount: number; newsletterData: NewsletterData }> {
  const sections = await loadSections(db, input, ctx);
  const { html, text } = ctx.renderMail({
    subject: input.subject,
    previewText: input.previewText,
    lang: input.language,
    sections,
    site: ctx.site,
    home: localUrl(ctx.site.publicUrl, '/', input.language),
    t: ctx.t,
  });
  return {
    sectionsCount: sections.length,
    newsletterData: {
      subject: input.subject,
      previewText: input.previewText,
      language: input.language,
      newsIds: input.selectedNews,
      projectIds: input.selectedProjects,
      html,
      text,
    },
  };
}

/** A mail for one recipient: the placeholder becomes their link. */
export function personalize(content: string, unsubscribeUrl: string): string {
  return content.split(UNSUBSCRIBE_URL).join(unsubscribeUrl);
}

// --- Campaigns ------------------------------------------------------------------------------

export interface Campaign extends NewsletterData {
  id: number;
  provider: 'local' | 'mailchimp';
  externalId: string | null;
  status: 'draft' | 'sending' | 'sent';
  recipients: number;
  sentAt: string | null;
  createdAt: string;
}

interface CampaignRow {
  id: number;
  provider: string;
  externalId: string | null;
  subject: string;
  previewText: string;
  language: string;
  newsIds: string;
  projectIds: string;
  html: string;
  textBody: string;
  status: string;
  recipients: number;
  sentAt: unknown;
  createdAt: unknown;
}

const parseIds = (s: string): number[] => {
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
};

function toCampaign(r: CampaignRow): Campaign {
  return {
    id: r.id,
    provider: r.provider === 'mailchimp' ? 'mailchimp' : 'local',
    externalId: r.externalId,
    subject: r.subject,
    previewText: r.previewText,
    language: r.language === 'de' ? 'de' : 'en',
    newsIds: parseIds(r.newsIds),
    projectIds: parseIds(r.projectIds),
    html: r.html,
    text: r.textBody,
    status: (['draft', 'sending', 'sent'].includes(r.status) ? r.status : 'draft') as Campaign['status'],
    recipients: Number(r.recipients) || 0,
    sentAt: r.sentAt ? toIso(r.sentAt) : null,
    createdAt: toIso(r.createdAt),
  };
}

const campaigns = (db: Knex) => db<CampaignRow>('newsletter_campaigns');

export async function saveCampaign(db: Knex, data: NewsletterData, provider: Campaign['provider'], externalId: string | null = null): Promise<Campaign> {
  const [created] = (await campaigns(db).insert(
    {
      provider,
      externalId,
      subject: data.subject,
      previewText: data.previewText,
      language: data.language,
      newsIds: JSON.stringify(data.newsIds),
      projectIds: JSON.stringify(data.projectIds),
      html: data.html,
      textBody: data.text,
      status: 'draft',
    } as never,
    ['id'],
  )) as unknown as ({ id: number } | number)[];
  const id = typeof created === 'object' ? created.id : Number(created);
  return (await findCampaignById(db, id))!;
}

export async function findCampaignById(db: Knex, id: number): Promise<Campaign | null> {
  const row = await campaigns(db).where({ id }).first();
  return row ? toCampaign(row) : null;
}

/** A campaign by the id the admin was given: ours (local) or Mailchimp's. */
export async function findCampaign(db: Knex, ref: string): Promise<Campaign | null> {
  const row = await campaigns(db).where({ externalId: ref }).first();
  if (row) return toCampaign(row);
  const id = parseDbId(ref);
  return id === null ? null : findCampaignById(db, id);
}

export async function updateCampaign(db: Knex, id: number, fields: Partial<Pick<Campaign, 'status' | 'recipients'>> & { sentAt?: Date }): Promise<void> {
  await campaigns(db)
    .where({ id })
    .update({ ...fields, updatedAt: new Date() } as never);
}
