// Newsletters built from selected news and projects: the e-mail (HTML made of tables and
// inline styles, as mail clients need, plus a plain-text part), campaigns and deliveries.
import type { Knex } from 'knex';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { SiteInfo } from '../config';
import { pathFor, localizePath } from '../views/routes';
import { formatDate, formatMoney, localized, percentFunded, type Lang } from './rules';
import { toIso } from './dates';
import { listNews } from './news';
import { listProjects } from './project';
import { plainText } from './social';
import type { Subscriber } from './subscriber';
import { MAX_DB_ID, parseDbId } from './db-limits';
import { AppError } from './errors';

export const MISSING_SUBJECT = 'Please provide a subject line for your newsletter';
export const NO_CONTENT = 'Please select at least one news article or project';

const ids = z.array(z.coerce.number().int().positive().max(MAX_DB_ID, 'Some of the selected items do not exist')).max(50, 'Select at most 50 items').default([]);

/** What the builder sends to POST /api/admin/newsletter/generate (SPEC section 7). */
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

export interface NewsletterSection {
  kind: 'news' | 'project';
  id: number;
  title: string;
  summary: string;
  url: string;
  imageUrl: string | null;
  /** news: the date; projects: the funding line. */
  meta: string;
  /** projects only: the donation link for this project. */
  donateUrl?: string;
}

/** The generated newsletter (`newsletterData` of SPEC section 3), complete enough to re-create. */
export interface NewsletterData {
  subject: string;
  previewText: string;
  language: Lang;
  newsIds: number[];
  projectIds: number[];
  html: string;
  text: string;
}

/** Stand-in for each recipient's own unsubscribe link; replaced when the mail is sent. */
export const UNSUBSCRIBE_URL = '%%UNSUBSCRIBE_URL%%';

export interface RenderContext {
  site: SiteInfo;
  t: TFunction;
}

/** An absolute URL for a mail; local SVG images become their PNG rendition (mail clients drop SVG). */
export function mailImageUrl(publicUrl: string, imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  if (/^https?:\/\//i.test(imageUrl)) return imageUrl;
  if (!imageUrl.startsWith('/')) return null;
  if (/^\/images\/[\w\-/]+\.svg$/i.test(imageUrl)) return `${publicUrl}/newsletter${imageUrl.replace(/\.svg$/i, '.png')}`;
  return publicUrl + imageUrl;
}

/** The selected items, in the newsletter's language, news newest first, then projects in their order. */
export async function loadSections(db: Knex, input: Pick<NewsletterInput, 'language' | 'selectedNews' | 'selectedProjects'>, ctx: RenderContext): Promise<NewsletterSection[]> {
  const lang = input.language;
  const base = ctx.site.publicUrl;
  const wantedNews = new Set(input.selectedNews);
  const wantedProjects = new Set(input.selectedProjects);
  const news = wantedNews.size ? (await listNews(db)).filter((a) => wantedNews.has(a.id)) : [];
  const projects = wantedProjects.size ? (await listProjects(db)).filter((p) => wantedProjects.has(p.id)) : [];
  if (news.length !== wantedNews.size || projects.length !== wantedProjects.size) {
    throw new AppError(400, 'newsletter.items_missing', 'Some of the selected items no longer exist. Reload the lists and select again.');
  }
  const sections: NewsletterSection[] = news.map((a) => ({
    kind: 'news',
    id: a.id,
    title: localized(lang, a.title, a.titleDe),
    summary: plainText(localized(lang, a.abstract ?? a.excerpt ?? '', a.abstractDe)) || plainText(localized(lang, a.content, a.contentDe)).slice(0, 300),
    url: base + pathFor('newsDetail', lang, { slug: a.slug }),
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
      summary: plainText(localized(lang, p.description, p.descriptionDe)),
      url: base + pathFor('projectDetail', lang, { slug: p.slug }),
      imageUrl: mailImageUrl(base, p.imageUrl),
      meta:
        goal > 0
          ? ctx.t('newsletterPages.email.funding', { raised: formatMoney(raised, lang), goal: formatMoney(goal, lang), percent: Math.round(percentFunded(raised, goal)) })
          : '',
      donateUrl: `${base}${pathFor('checkout', lang)}?project=${encodeURIComponent(p.slug)}`,
    });
  }
  return sections;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Attribute-safe URL: only http(s) and our placeholder survive. */
const href = (u: string) => (/^https?:\/\//i.test(u) || u === UNSUBSCRIBE_URL ? esc(u) : '#');

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif;";
const GREEN = '#1f5c3a';
const DARK = '#143d27';
const INK = '#1d2420';
const MUTED = '#56615a';

function button(url: string, label: string, color = GREEN): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 8px 0 0;display:inline-table;"><tr><td style="border-radius:24px;background:${color};"><a href="${href(url)}" style="display:inline-block;padding:11px 22px;${FONT}font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:24px;">${esc(label)}</a></td></tr></table>`;
}

function sectionHtml(s: NewsletterSection, t: TFunction): string {
  const image = s.imageUrl
    ? `<tr><td style="padding:0 0 14px;"><a href="${href(s.url)}"><img src="${href(s.imageUrl)}" width="536" alt="${esc(s.title)}" style="display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:10px;"></a></td></tr>`
    : '';
  const buttons =
    button(s.url, t('newsletterPages.email.readMore')) + (s.donateUrl ? button(s.donateUrl, t('newsletterPages.email.support'), '#9c5d0f') : '');
  return `<tr><td style="padding:8px 32px 28px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${image}<tr><td style="${FONT}">
<h2 style="margin:0 0 6px;font-size:20px;line-height:1.3;color:${DARK};${FONT}"><a href="${href(s.url)}" style="color:${DARK};text-decoration:none;">${esc(s.title)}</a></h2>
${s.meta ? `<p style="margin:0 0 10px;font-size:13px;color:${MUTED};${FONT}">${esc(s.meta)}</p>` : ''}
<p style="margin:0 0 8px;font-size:15px;line-height:1.6;color:${INK};${FONT}">${esc(s.summary)}</p>
${buttons}
</td></tr></table>
</td></tr>`;
}

function headingRow(text: string): string {
  return `<tr><td style="padding:8px 32px 12px;"><p style="margin:0;padding-bottom:6px;border-bottom:2px solid #f7e7cc;${FONT}font-size:13px;letter-spacing:1px;text-transform:uppercase;font-weight:bold;color:#8a5209;">${esc(text)}</p></td></tr>`;
}

/** The e-mail for a newsletter (HTML and plain text), with UNSUBSCRIBE_URL still to be filled in. */
export function renderNewsletter(
  input: { subject: string; previewText: string; language: Lang },
  sections: NewsletterSection[],
  { site, t }: RenderContext,
): { html: string; text: string } {
  const lang = input.language;
  const home = site.publicUrl + localizePath('/', lang);
  const news = sections.filter((s) => s.kind === 'news');
  const projects = sections.filter((s) => s.kind === 'project');
  const org = esc(site.name);
  const rows: string[] = [];
  if (news.length) rows.push(headingRow(t('newsletterPages.email.newsHeading')), ...news.map((s) => sectionHtml(s, t)));
  if (projects.length) rows.push(headingRow(t('newsletterPages.email.projectsHeading')), ...projects.map((s) => sectionHtml(s, t)));
  // Hidden preheader: most clients show it next to the subject. The filler stops them from
  // pulling body text in after it.
  const preheader = input.previewText
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#f8f1e4;">${esc(input.previewText)}${'&#8199;&#847;'.repeat(40)}</div>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="${lang}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${esc(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f8f1e4;">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f8f1e4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:14px;overflow:hidden;">
<tr><td style="padding:22px 32px;background:${GREEN};${FONT}"><a href="${href(home)}" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:bold;${FONT}">${org}</a></td></tr>
<tr><td style="padding:30px 32px 14px;${FONT}">
<h1 style="margin:0 0 10px;font-size:26px;line-height:1.25;color:${DARK};${FONT}">${esc(input.subject)}</h1>
${input.previewText ? `<p style="margin:0;font-size:16px;line-height:1.6;color:${MUTED};${FONT}">${esc(input.previewText)}</p>` : ''}
</td></tr>
${rows.join('\n')}
<tr><td style="padding:22px 32px;background:#e6f0e9;${FONT}font-size:13px;line-height:1.6;color:${INK};">
<p style="margin:0 0 8px;${FONT}">${esc(t('newsletterPages.email.why', { org: site.name }))}</p>
<p style="margin:0 0 8px;${FONT}"><a href="${href(UNSUBSCRIBE_URL)}" style="color:${GREEN};font-weight:bold;">${esc(t('newsletterPages.email.unsubscribe'))}</a> &middot; <a href="${href(home)}" style="color:${GREEN};">${esc(t('newsletterPages.email.website'))}</a></p>
<p style="margin:0;color:${MUTED};${FONT}">${org} &middot; ${esc(t('offices.switzerlandAddress'))} &middot; <a href="mailto:${esc(site.email)}" style="color:${GREEN};">${esc(site.email)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const block = (s: NewsletterSection) =>
    [s.title, s.meta, s.summary, `${t('newsletterPages.email.readMore')}: ${s.url}`, s.donateUrl ? `${t('newsletterPages.email.support')}: ${s.donateUrl}` : '']
      .filter(Boolean)
      .join('\n');
  const text = [
    site.name,
    '',
    input.subject.toUpperCase(),
    input.previewText,
    '',
    ...(news.length ? [`== ${t('newsletterPages.email.newsHeading')} ==`, '', ...news.map((s) => block(s) + '\n')] : []),
    ...(projects.length ? [`== ${t('newsletterPages.email.projectsHeading')} ==`, '', ...projects.map((s) => block(s) + '\n')] : []),
    '--',
    t('newsletterPages.email.why', { org: site.name }),
    `${t('newsletterPages.email.unsubscribe')}: ${UNSUBSCRIBE_URL}`,
    `${site.name}, ${t('offices.switzerlandAddress')}, ${site.email}`,
    '',
  ].join('\n');
  return { html, text };
}

/** Generate: load the items, render the mail. */
export async function buildNewsletter(db: Knex, input: NewsletterInput, ctx: RenderContext): Promise<{ sectionsCount: number; newsletterData: NewsletterData }> {
  const sections = await loadSections(db, input, ctx);
  const { html, text } = renderNewsletter(input, sections, ctx);
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

export interface Campaign {
  id: number;
  provider: 'local' | 'mailchimp';
  externalId: string | null;
  subject: string;
  previewText: string;
  language: Lang;
  newsIds: number[];
  projectIds: number[];
  html: string;
  text: string;
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

// --- Deliveries -----------------------------------------------------------------------------

export interface DeliveryReport {
  sent: number;
  skipped: number;
  failed: number;
  errors: string[];
}

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message ?? '')) || (err as { code?: string })?.code === '23505';

/**
 * Sends a campaign to each recipient once. A delivery row is claimed before the mail goes out
 * (unique per campaign and subscriber), so a second or resumed run skips everyone already
 * reached — including anyone whose mail may have left just before a crash (at most once).
 * Only mails that definitely failed are retried by the next run.
 */
export async function deliverCampaign(
  db: Knex,
  campaignId: number,
  recipients: Subscriber[],
  send: (subscriber: Subscriber) => Promise<void>,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, skipped: 0, failed: 0, errors: [] };
  const deliveries = () => db('newsletter_deliveries');
  for (const s of recipients) {
    const existing = (await deliveries().where({ campaignId, subscriberId: s.id }).first()) as { status: string } | undefined;
    if (existing) {
      if (existing.status !== 'failed') {
        report.skipped++;
        continue;
      }
      const claimed = await deliveries().where({ campaignId, subscriberId: s.id, status: 'failed' }).update({ status: 'sending', error: null, updatedAt: new Date() });
      if (!claimed) {
        report.skipped++;
        continue;
      }
    } else {
      try {
        await deliveries().insert({ campaignId, subscriberId: s.id, status: 'sending' });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        report.skipped++;
        continue;
      }
    }
    try {
      await send(s);
      await deliveries().where({ campaignId, subscriberId: s.id }).update({ status: 'sent', updatedAt: new Date() });
      report.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await deliveries().where({ campaignId, subscriberId: s.id }).update({ status: 'failed', error: message.slice(0, 500), updatedAt: new Date() });
      report.failed++;
      if (report.errors.length < 5) report.errors.push(`${s.email}: ${message}`);
    }
  }
  return report;
}

export async function deliveryCounts(db: Knex, campaignId: number): Promise<Record<'sent' | 'sending' | 'failed', number>> {
  const rows = (await db('newsletter_deliveries').where({ campaignId }).select('status').count({ n: '*' }).groupBy('status')) as { status: string; n: number | string }[];
  const counts = { sent: 0, sending: 0, failed: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status as keyof typeof counts] = Number(r.n);
  return counts;
}
