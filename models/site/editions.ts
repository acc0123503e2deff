// What each newsletter brought (the dashboard's table): per edition, newest first, the mails sent,
// the page views that came with its campaign (visit_daily.campaign: every link in the mail names
// the edition, models/shared/campaign-links.ts) and the gifts whose source names it
// (donations.source keeps the query of the page the giver came from). An edition is a newsletter
// that was sent (ours or Mailchimp's) or an article mailed to its project's followers. Nothing
// here is about a person: the visits are the cookieless counts, the gifts are counted, not named.
import type { Knex } from 'knex';
import { toIso } from '../shared/dates';
import { localized, type Lang } from '../shared/rules';
import { newsletterEdition, projectNewsEdition } from '../shared/campaign-links';
import { swissDate } from '../giving/names';
import { standing } from '../giving/donor-wall';
import { campaignOf } from './visits';

/** How many editions the table lists. */
export const EDITIONS_SHOWN = 12;

export interface EditionRow {
  /** The campaign its links name (utm_campaign). */
  edition: string;
  kind: 'newsletter' | 'project-news';
  /** Mailchimp's newsletters are sent by Mailchimp: it keeps how many went out. */
  provider: 'local' | 'mailchimp';
  /** The newsletter's subject, or the article's title in the admin's language. */
  title: string;
  /** The newsletter's language (project news goes to each follower in theirs). */
  language: Lang | null;
  /** The Swiss day it was sent (a send still running: the day it started). */
  day: string;
  /** Mails sent; null when the site does not know (Mailchimp). */
  mailsSent: number | null;
  /** Page views that came with the edition's campaign. */
  visits: number;
  /** Gifts that stand whose source names the edition, and their amounts per currency less refunds. */
  gifts: number;
  amounts: { currency: string; cents: number }[];
}

interface Candidate extends Omit<EditionRow, 'visits' | 'gifts' | 'amounts' | 'day'> {
  at: string;
}

/** The newest editions (newsletters sent or being sent, project news mailed), with what each brought. */
export async function newsletterEditions(db: Knex, lang: Lang, limit: number = EDITIONS_SHOWN): Promise<EditionRow[]> {
  // Newsletters: the newest started sends (ids grow with creation; ordered by their day below).
  const campaigns = (await db('newsletter_campaigns')
    .whereIn('status', ['sending', 'sent'])
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'provider', 'externalId', 'subject', 'language', 'sentAt', 'sendStartedAt', 'createdAt', 'recipients')) as {
    id: number;
    recipients: number | null;
    provider: string;
    externalId: string | null;
    subject: string;
    language: string;
    sentAt: unknown;
    sendStartedAt: unknown;
    createdAt: unknown;
  }[];
  const localIds = campaigns.filter((c) => c.provider !== 'mailchimp').map((c) => Number(c.id));
  const delivered = new Map<number, number>();
  if (localIds.length) {
    const rows = (await db('newsletter_deliveries').whereIn('campaignId', localIds).where({ status: 'sent' }).groupBy('campaignId').select('campaignId', db.raw('count(*) as n'))) as {
      campaignId: number;
      n: unknown;
    }[];
    for (const r of rows) delivered.set(Number(r.campaignId), Number(r.n));
  }
  const candidates: Candidate[] = campaigns.map((c) => {
    const provider = c.provider === 'mailchimp' ? 'mailchimp' : 'local';
    return {
      edition: newsletterEdition({ id: Number(c.id), provider, externalId: c.externalId }),
      kind: 'newsletter',
      provider,
      title: c.subject,
      language: c.language === 'de' ? 'de' : 'en',
      at: toIso(c.sentAt ?? c.sendStartedAt ?? c.createdAt),
      // Mailchimp: the count its read back took from Mailchimp (models/newsletter/mailchimp-read-back.ts),
      // unknown until then (0: not read yet; Mailchimp refuses to send a campaign to nobody).
      mailsSent: provider === 'mailchimp' ? (Number(c.recipients ?? 0) > 0 ? Number(c.recipients) : null) : (delivered.get(Number(c.id)) ?? 0),
    };
  });

  // Project news: the articles mailed to followers, by their first mail.
  const news = (await db('project_news_sends as s')
    .join('news_articles as a', 'a.id', 's.articleId')
    .groupBy('s.articleId', 'a.slug', 'a.title', 'a.titleDe')
    .select('a.slug', 'a.title', 'a.titleDe', db.raw('count(*) as n'), db.raw('min(s.sent_at) as first_sent'))
    .orderBy('first_sent', 'desc')
    .limit(limit)) as { slug: string; title: string; titleDe: string | null; n: unknown; firstSent?: unknown; first_sent?: unknown }[];
  for (const a of news) {
    candidates.push({
      edition: projectNewsEdition(a.slug),
      kind: 'project-news',
      provider: 'local',
      title: localized(lang, a.title, a.titleDe),
      language: null,
      at: toIso(a.firstSent ?? a.first_sent),
      mailsSent: Number(a.n),
    });
  }

  const shown = candidates.sort((x, y) => (Date.parse(y.at) || 0) - (Date.parse(x.at) || 0)).slice(0, limit);
  if (shown.length === 0) return [];
  const editions = shown.map((e) => e.edition);

  // Visits: one grouped sum over the campaigns.
  const views = new Map<string, number>();
  const visitRows = (await db('visit_daily').whereIn('campaign', editions).groupBy('campaign').select('campaign', db.raw('sum(views) as views'))) as { campaign: string; views: unknown }[];
  for (const r of visitRows) views.set(String(r.campaign), Number(r.views));

  // Gifts: those whose source names a campaign (few), matched to an edition exactly as visits read it.
  const giftRows = (await standing(db('donations')).where('source', 'like', '%utm_campaign=%').select('source', 'currency', 'amountCents', 'refundedCents')) as {
    source: string;
    currency: string;
    amountCents: unknown;
    refundedCents: unknown;
  }[];
  const wanted = new Set(editions);
  const gifts = new Map<string, { gifts: number; amounts: Map<string, number> }>();
  for (const g of giftRows) {
    const query = g.source.includes('?') ? g.source.slice(g.source.indexOf('?') + 1) : '';
    const edition = campaignOf(query);
    if (!wanted.has(edition)) continue;
    const entry = gifts.get(edition) ?? { gifts: 0, amounts: new Map<string, number>() };
    entry.gifts += 1;
    const currency = String(g.currency).toLowerCase();
    entry.amounts.set(currency, (entry.amounts.get(currency) ?? 0) + Number(g.amountCents) - Number(g.refundedCents ?? 0));
    gifts.set(edition, entry);
  }

  return shown.map(({ at, ...e }) => {
    const given = gifts.get(e.edition);
    return {
      ...e,
      day: swissDate(at),
      visits: views.get(e.edition) ?? 0,
      gifts: given?.gifts ?? 0,
      amounts: given ? [...given.amounts.entries()].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => a.currency.localeCompare(b.currency)) : [],
    };
  });
}
