// Gifts in someone's honour: "in honour of" or "in memory of" a name, chosen on
// the checkout; it appears on the receipt, and may send a card to someone (in their language, on a
// chosen day: today's means as soon as the gift is confirmed). The choice travels with the payment
// in Stripe's metadata (tributeKind, tributeName, cardEmail, cardName, cardLang, cardOn) and is
// recorded when the gift is: the card is a row of tribute_cards and a durable job at 08:00 Swiss
// time of its day, claimed once (sent_at) in the transaction that queues its mail.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { i18n as I18n } from 'i18next';
import { z } from 'zod';
import type { JobContext, JobQueue } from '../providers/jobs';
import type { MailProvider } from '../providers/mail';
import type { RenderTributeCardMail } from '../shared/mails';
import { swissDateTimeParts, swissToday } from '../shared/dates';
import { localized, type Lang } from '../shared/rules';
import { tFor } from '../shared/text';
import { localUrl } from '../shared/urls';
import { EMAIL_MAX_LENGTH, TRIBUTE_NAME_MAX_LENGTH } from '../shared/gift-request';

export const TRIBUTE_CARD_TASK = 'tribute-card';
export const TRIBUTE_KINDS = ['honour', 'memory'] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];
/** A card can be sent up to a year ahead. */
const MAX_DAYS_AHEAD = 366;

export interface Tribute {
  kind: TributeKind;
  name: string;
  notify?: { email: string; name: string; language: Lang; sendOn: string };
}

const TextSchema = (field: string, max: number) =>
  z
    .string({ error: `${field} is required: text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} can have at most ${max} characters`)
    .regex(/^[^\p{Cc}<>]*$/u, `${field} must not contain control characters or < >`);

/** A real calendar day, YYYY-MM-DD. */
function isDay(value: string): boolean {
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** `tribute` on POST /api/create-payment-intent and /api/payment-details. */
export const TributeSchema = z.object(
  {
    kind: z.enum(TRIBUTE_KINDS, { error: 'tribute.kind must be honour or memory' }),
    name: TextSchema('tribute.name', TRIBUTE_NAME_MAX_LENGTH),
    notify: z
      .object(
        {
          email: z
            .string({ error: 'tribute.notify.email must be an e-mail address like name@example.org' })
            .trim()
            .toLowerCase()
            .max(EMAIL_MAX_LENGTH, `tribute.notify.email can have at most ${EMAIL_MAX_LENGTH} characters`)
            .pipe(z.email({ error: 'tribute.notify.email must be an e-mail address like name@example.org' })),
          name: TextSchema('tribute.notify.name', TRIBUTE_NAME_MAX_LENGTH),
          language: z.enum(['en', 'de'], { error: 'tribute.notify.language must be en or de' }).optional(),
          sendOn: z
            .string({ error: 'tribute.notify.sendOn must be a day like 2026-12-24' })
            .refine(isDay, 'tribute.notify.sendOn must be a day like 2026-12-24')
            .optional(),
        },
        { error: 'tribute.notify must be an object with email and name' },
      )
      .optional(),
  },
  { error: 'tribute must be an object with kind and name' },
);
export type TributeInput = z.infer<typeof TributeSchema>;

/** The card's day checked against today in Switzerland: not past, at most a year ahead; absent means today. */
export function tributeProblem(input: TributeInput | undefined, today = swissToday()): string | null {
  const sendOn = input?.notify?.sendOn;
  if (!sendOn) return null;
  if (sendOn < today) return `tribute.notify.sendOn must be today (${today}) or later`;
  if (daysBetween(today, sendOn) > MAX_DAYS_AHEAD) return 'tribute.notify.sendOn can be at most a year ahead';
  return null;
}

/** The tribute as Stripe metadata: six short keys ('' removes a key Stripe kept from before). */
export function tributeMetadata(input: TributeInput | undefined, language: Lang, today = swissToday()): Record<string, string> {
  const notify = input?.notify;
  return {
    tributeKind: input?.kind ?? '',
    tributeName: input?.name ?? '',
    cardEmail: notify?.email ?? '',
    cardName: notify?.name ?? '',
    cardLang: notify ? (notify.language ?? language) : '',
    cardOn: notify ? (notify.sendOn ?? today) : '',
  };
}

/** The tribute a payment's metadata carries, checked again (the metadata is Stripe's copy of what we sent). */
export function tributeOf(metadata: Record<string, string>): Tribute | null {
  const kind = metadata.tributeKind;
  const name = (metadata.tributeName ?? '').trim();
  if (!(TRIBUTE_KINDS as readonly string[]).includes(kind ?? '') || !name || name.length > TRIBUTE_NAME_MAX_LENGTH || /[\p{Cc}<>]/u.test(name)) return null;
  const tribute: Tribute = { kind: kind as TributeKind, name };
  const email = (metadata.cardEmail ?? '').trim().toLowerCase();
  const cardName = (metadata.cardName ?? '').trim();
  const sendOn = metadata.cardOn ?? '';
  if (z.email().safeParse(email).success && cardName && cardName.length <= 80 && !/[\p{Cc}<>]/u.test(cardName) && isDay(sendOn)) {
    tribute.notify = { email, name: cardName, language: metadata.cardLang === 'de' ? 'de' : 'en', sendOn };
  }
  return tribute;
}

/** 08:00 on a Swiss calendar day, as an instant (winter UTC+1, summer UTC+2). */
export function swissMorning(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const winter = new Date(Date.UTC(y, m - 1, d, 7));
  return swissDateTimeParts(winter.toISOString())?.hour === '09' ? new Date(winter.getTime() - 3_600_000) : winter;
}

/**
 * Records a confirmed gift's tribute, inside the transaction that records the gift: the name on
 * the donation, and its card (once per monthly gift) with the job that sends it.
 */
export async function recordTribute(
  trx: Knex.Transaction,
  jobs: Pick<JobQueue, 'add'> | undefined,
  donation: { id: number; subscriptionId: string | null },
  tribute: Tribute,
): Promise<void> {
  await trx('donations').where({ id: donation.id }).update({ tributeKind: tribute.kind, tributeName: tribute.name });
  if (!tribute.notify) return;
  const key = donation.subscriptionId ? `subscription-${donation.subscriptionId}` : `donation-${donation.id}`;
  const inserted = (await trx('tribute_cards')
    .insert({ key, donationId: donation.id, email: tribute.notify.email, name: tribute.notify.name, lang: tribute.notify.language, sendOn: tribute.notify.sendOn })
    .onConflict('key')
    .ignore()
    .returning('id')) as ({ id: number } | number)[];
  const first = inserted[0];
  if (first === undefined || !jobs) return;
  const cardId = typeof first === 'object' ? first.id : first;
  const runAt = tribute.notify.sendOn <= swissToday() ? new Date() : swissMorning(tribute.notify.sendOn);
  await jobs.add(TRIBUTE_CARD_TASK, { cardId }, { key: `tribute-card-${cardId}`, runAt, trx });
}

export interface TributeCardDeps {
  db: Knex;
  mail: MailProvider;
  i18n: Record<Lang, I18n>;
  config: { publicUrl: string; site: { name: string; legalName: string } };
  log: Logger;
  renderMail: RenderTributeCardMail;
}

/** TRIBUTE_CARD_TASK { cardId }: the card, claimed once and queued as a mail in one transaction. */
export async function sendTributeCard(deps: TributeCardDeps, payload: unknown, ctx?: Pick<JobContext, 'log'>): Promise<void> {
  const log = ctx?.log ?? deps.log;
  const cardId = Number((payload as { cardId?: unknown } | null)?.cardId);
  if (!Number.isSafeInteger(cardId) || cardId <= 0) {
    log.error({ payload }, 'tribute card job without a valid cardId');
    return;
  }
  await deps.db.transaction(async (trx) => {
    const card = (await trx('tribute_cards as c')
      .join('donations as d', 'd.id', 'c.donationId')
      .leftJoin('projects as p', 'p.id', 'd.projectId')
      .where('c.id', cardId)
      .first('c.email', 'c.name', 'c.lang', 'c.sentAt', 'd.donorName', 'd.tributeKind', 'd.tributeName', 'd.status', 'd.refundedCents', 'd.amountCents', 'p.title', 'p.titleDe')) as
      | Record<string, unknown>
      | undefined;
    if (!card || card.sentAt) return;
    // A gift refunded in full before its day sends no card.
    if (card.status !== 'succeeded' || Number(card.refundedCents) >= Number(card.amountCents) || !card.tributeName) {
      log.info({ cardId }, 'tribute card not sent: the gift no longer stands');
      await trx('tribute_cards').where({ id: cardId }).update({ sentAt: new Date().toISOString() });
      return;
    }
    const claimed = await trx('tribute_cards').where({ id: cardId }).whereNull('sentAt').update({ sentAt: new Date().toISOString() });
    if (Number(claimed) !== 1) return;
    const lang: Lang = card.lang === 'de' ? 'de' : 'en';
    const t = tFor(deps.i18n, lang);
    const mail = deps.renderMail({
      lang,
      t,
      kind: card.tributeKind === 'memory' ? 'memory' : 'honour',
      honoured: String(card.tributeName),
      recipient: String(card.name),
      donor: (card.donorName as string | null) ?? null,
      org: deps.config.site.legalName,
      project: card.title ? localized(lang, String(card.title), (card.titleDe as string | null) ?? '') : null,
      siteUrl: localUrl(deps.config.publicUrl, '/', lang),
    });
    await deps.mail.send({ to: String(card.email), subject: mail.subject, text: mail.text, html: mail.html }, { trx });
  });
}
