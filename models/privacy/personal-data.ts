// People's data (revFADP Art. 25 access, Art. 32 erasure): everything the site holds about one
// e-mail address, and its erasure. Gifts stay for the books (Code of Obligations Art. 958f: ten
// years) with the name and e-mail address replaced by a pseudonym; their receipt references stay.
// The outside services' part (cancelling monthly gifts at Stripe, deleting the subscriber at
// Mailchimp for good) is done by the caller before erase() writes here, so nothing local claims an
// erasure an outside service refused.
// A use case over every domain that holds a person's data (giving, newsletter, people), so it sits
// above them all, in models/privacy.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { eraseFundraiserOwner, fundraisersOfOwner } from '../giving/fundraiser';
import { donationReference } from '../giving/names';
import { normalizeEmail } from '../shared/text';
import { toIso } from '../shared/dates';

/** What the site holds about one address (the access report; also given as JSON). */
export interface PersonalData {
  email: string;
  subscriptions: {
    status: string;
    language: string;
    consentAt: string | null;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
    consentRecords: { event: string; method: string; form: string | null; language: string; consentText: string | null; at: string }[];
  }[];
  gifts: { reference: string | null; kind: string; amountCents: number; currency: string; project: string | null; status: string; name: string | null; address: string | null; at: string; receiptSentAt: string | null; refundedCents: number }[];
  monthlyGifts: { amountCents: number; currency: string; project: string | null; status: string; paused: boolean; name: string | null; startedAt: string; canceledAt: string | null }[];
  certificates: { year: number; status: string; at: string }[];
  mails: { subject: string; status: string; at: string }[];
  /** Cards addressed to this address, telling of a gift in someone's honour (models/giving/tribute.ts). */
  tributeCards: { name: string; language: string; sendOn: string; sentAt: string | null }[];
  /** Projects whose news this address asked for when giving (models/giving/project-news.ts). */
  followedProjects: { project: string; language: string; since: string; stoppedAt: string | null }[];
  /** Fundraisers this address started (models/giving/fundraiser.ts). */
  fundraisers: { title: string; slug: string; name: string | null; status: string; startedAt: string }[];
  /** Bank accounts remembered for this donor's transfers, with their consent (models/giving/bank-import.ts). */
  bankAccounts: { iban: string; name: string | null; since: string }[];
  /** The yearly thank-you with a QR-bill to bank-transfer donors: each year mailed, and the "no more of these" (models/giving/yearly-appeal.ts). */
  yearlyAppeals: { event: 'mailed' | 'stopped'; year: number | null; at: string }[];
  /** What mailbox providers reported about mails to this address (models/people/mail-suppression.ts). */
  mailReports: { kind: string; source: string; detail: string | null; at: string }[];
  /** Since when no newsletter or project news goes to this address, and why; null when it is not suppressed. */
  suppressed: { reason: string; since: string } | null;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : toIso(v as string | Date));
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';

export async function personalDataOf(db: Knex, rawEmail: string): Promise<PersonalData> {
  const email = normalizeEmail(rawEmail);
  const subscribers = (await db('newsletter_subscribers').whereRaw('lower(email) = ?', [email]).orderBy('id')) as Record<string, unknown>[];
  const subscriptions = [];
  for (const s of subscribers) {
    const events = (await db('newsletter_consent_events').where({ subscriberId: s.id }).orderBy('id')) as Record<string, unknown>[];
    subscriptions.push({
      status: String(s.status),
      language: String(s.language),
      consentAt: iso(s.consentAt),
      confirmedAt: iso(s.confirmedAt),
      unsubscribedAt: iso(s.unsubscribedAt),
      consentRecords: events.map((e) => ({ event: String(e.event), method: String(e.method), form: (e.form as string | null) ?? null, language: String(e.language), consentText: (e.consentText as string | null) ?? null, at: iso(e.createdAt)! })),
    });
  }
  const gifts = (await db('donations as d').leftJoin('projects as p', 'p.id', 'd.projectId').where('d.donorEmail', email).orderBy('d.id').select('d.*', 'p.title as projectTitle')) as Record<string, unknown>[];
  const monthly = (await db('donation_subscriptions as s').leftJoin('projects as p', 'p.id', 's.projectId').where('s.donorEmail', email).orderBy('s.id').select('s.*', 'p.title as projectTitle')) as Record<string, unknown>[];
  const certificates = (await db('certificate_sends as c').join('certificate_runs as r', 'r.id', 'c.runId').where('c.donorEmail', email).orderBy('c.id').select('r.year', 'c.status', 'c.updatedAt')) as Record<string, unknown>[];
  const follows = (await db('project_followers as f').join('projects as p', 'p.id', 'f.projectId').where('f.email', email).orderBy('f.id').select('p.title', 'f.lang', 'f.createdAt', 'f.unsubscribedAt')) as Record<string, unknown>[];
  const cards = (await db('tribute_cards').where({ email }).orderBy('id').select('name', 'lang', 'sendOn', 'sentAt')) as Record<string, unknown>[];
  const started = await fundraisersOfOwner(db, email);
  const mails = (await db('outbox').whereRaw('lower(to_address) = ?', [email]).orderBy('id').select('subject', 'status', 'createdAt')) as Record<string, unknown>[];
  const accounts = (await db('bank_remembered_accounts').where({ email }).orderBy('id').select('iban', 'holderName', 'consentAt')) as Record<string, unknown>[];
  const appeals = (await db('yearly_appeals').where({ email }).orderBy('id').select('year', 'createdAt')) as Record<string, unknown>[];
  const appealStop = (await db('yearly_appeal_optouts').where({ email }).first('createdAt')) as Record<string, unknown> | undefined;
  const reports = (await db('mail_events').where({ address: email }).orderBy('id').select('kind', 'source', 'detail', 'occurredAt')) as Record<string, unknown>[];
  const suppression = (await db('mail_suppressions').where({ address: email }).whereNull('liftedAt').first('reason', 'suppressedAt')) as Record<string, unknown> | undefined;
  return {
    email,
    subscriptions,
    gifts: gifts.map((g) => ({
      reference: g.appliedAt ? donationReference(Number(g.id), toIso(g.appliedAt as string)) : null,
      kind: String(g.kind),
      amountCents: Number(g.amountCents),
      currency: String(g.currency),
      project: (g.projectTitle as string | null) ?? null,
      status: String(g.status),
      name: (g.donorName as string | null) ?? null,
      address: (g.donorAddress as string | null) ?? null,
      at: iso(g.createdAt)!,
      receiptSentAt: iso(g.receiptSentAt),
      refundedCents: Number(g.refundedCents ?? 0),
      coveredFeeCents: Number(g.coveredFeeCents ?? 0),
      publicName: (g.publicName as string | null) ?? null,
    })),
    monthlyGifts: monthly.map((s) => ({
      amountCents: Number(s.amountCents),
      currency: String(s.currency),
      project: (s.projectTitle as string | null) ?? null,
      status: String(s.status),
      paused: truthy(s.paused),
      name: (s.donorName as string | null) ?? null,
      startedAt: iso(s.createdAt)!,
      canceledAt: iso(s.canceledAt),
    })),
    certificates: certificates.map((c) => ({ year: Number(c.year), status: String(c.status), at: iso(c.updatedAt)! })),
    mails: mails.map((m) => ({ subject: String(m.subject), status: String(m.status), at: iso(m.createdAt)! })),
    followedProjects: follows.map((f) => ({ project: String(f.title), language: String(f.lang), since: iso(f.createdAt)!, stoppedAt: iso(f.unsubscribedAt) })),
    tributeCards: cards.map((c) => ({ name: String(c.name), language: String(c.lang), sendOn: String(c.sendOn), sentAt: iso(c.sentAt) })),
    fundraisers: started.map((f) => ({ title: f.title, slug: f.slug, name: f.ownerName, status: f.status, startedAt: f.createdAt })),
    bankAccounts: accounts.map((a) => ({ iban: String(a.iban), name: (a.holderName as string | null) ?? null, since: iso(a.consentAt)! })),
    yearlyAppeals: [
      ...appeals.map((a) => ({ event: 'mailed' as const, year: Number(a.year), at: iso(a.createdAt)! })),
      ...(appealStop ? [{ event: 'stopped' as const, year: null, at: iso(appealStop.createdAt)! }] : []),
    ],
    mailReports: reports.map((r) => ({ kind: String(r.kind), source: String(r.source), detail: (r.detail as string | null) ?? null, at: iso(r.occurredAt)! })),
    suppressed: suppression ? { reason: String(suppression.reason), since: iso(suppression.suppressedAt)! } : null,
  };
}

/**
 * The pseudonym that replaces an erased address in the books: the same for every row of that
 * address (a treasurer can still see which gifts were one person's), not the address itself, and
 * not reversible without the address (a keyed hash; the key is the site's session secret).
 */
export function pseudonymOf(email: string, secret: string): string {
  return `erased-${crypto.createHmac('sha256', secret).update(normalizeEmail(email)).digest('hex').slice(0, 16)}@invalid`;
}

export interface ErasureResult {
  subscribers: number;
  gifts: number;
  monthlyGifts: number;
  certificates: number;
  mails: number;
  tokens: number;
}

/**
 * Erases one address here, in one transaction: the newsletter subscriber with its consent records
 * and deliveries, the mails sent to it, its one-time tokens, its bank reference; the gifts, monthly gifts and
 * certificate sends keep their amounts, dates and references under the pseudonym, without a name.
 * Monthly gifts must have been cancelled at Stripe before (the caller does it).
 */
export async function erasePersonalData(db: Knex, rawEmail: string, secret: string): Promise<ErasureResult> {
  const email = normalizeEmail(rawEmail);
  const pseudonym = pseudonymOf(email, secret);
  return db.transaction(async (trx) => {
    // A write first: on a SQLite file shared by two instances, a transaction that read first
    // cannot take the write lock once the other instance has written (SQLITE_BUSY at once, without
    // waiting); one that writes first waits its turn.
    // A name on a project's donor wall goes too (a write to donations renews the cached pages).
    await trx('donations').where({ donorEmail: email }).whereNotNull('publicName').update({ publicName: null });
    // A dedication names someone else: it goes with the donor's data, and so do the gift's cards;
    // a card addressed to this address goes too (unsent, it is then never sent).
    const dedicated = ((await trx('donations').where({ donorEmail: email }).whereNotNull('tributeName').select('id')) as { id: number }[]).map((r) => r.id);
    if (dedicated.length) {
      await trx('tribute_cards').whereIn('donationId', dedicated).delete();
      await trx('donations').whereIn('id', dedicated).update({ tributeKind: null, tributeName: null });
    }
    await trx('tribute_cards').where({ email }).delete();
    await trx('project_followers').where({ email }).delete();
    // A fundraiser they started stays (its donors gave to it), without their name, address and link.
    await eraseFundraiserOwner(trx, email);
    const gifts = Number(await trx('donations').where({ donorEmail: email }).update({ donorEmail: pseudonym, donorName: null, donorAddress: null }));
    const subscriberIds = ((await trx('newsletter_subscribers').whereRaw('lower(email) = ?', [email]).select('id')) as { id: number }[]).map((r) => r.id);
    if (subscriberIds.length) {
      await trx('newsletter_consent_events').whereIn('subscriberId', subscriberIds).delete();
      await trx('newsletter_deliveries').whereIn('subscriberId', subscriberIds).delete();
    }
    const subscribers = subscriberIds.length ? Number(await trx('newsletter_subscribers').whereIn('id', subscriberIds).delete()) : 0;
    const monthlyGifts = Number(await trx('donation_subscriptions').where({ donorEmail: email }).update({ donorEmail: pseudonym, donorName: null }));
    const certificates = Number(await trx('certificate_sends').where({ donorEmail: email }).update({ donorEmail: pseudonym }));
    const mails = Number(await trx('outbox').whereRaw('lower(to_address) = ?', [email]).delete());
    const tokens = Number(await trx('login_tokens').where({ email }).delete()) + Number(await trx('donor_tokens').where({ email }).delete());
    // Bank transfers: the donor's own reference goes (a later transfer with it waits, unmatched, for
    // a person), and the sender's name the bank gave with their gifts.
    await trx('donor_references').where({ email }).delete();
    // A remembered sender's account goes too (its next transfer waits for a person again), and the
    // account and name the bank gave with their gifts, on the credits and the statements' lines.
    await trx('bank_remembered_accounts').where({ email }).delete();
    // The yearly appeal's mails and "no more of these" go too (the erased address is never written to again).
    await trx('yearly_appeals').where({ email }).delete();
    await trx('yearly_appeal_optouts').where({ email }).delete();
    // What providers reported about the address, and its suppression, go too (an erased address is
    // never mailed again anyway: nothing of it is left to send to).
    await trx('mail_events').where({ address: email }).delete();
    await trx('mail_suppressions').where({ address: email }).delete();
    const credits = trx('bank_credits').select('id').whereIn('donationId', trx('donations').select('id').where({ donorEmail: pseudonym }));
    await trx('bank_statement_lines').whereIn('bankCreditId', credits).update({ counterpartyName: null, counterpartyIban: null });
    await trx('bank_credits').whereIn('donationId', trx('donations').select('id').where({ donorEmail: pseudonym })).update({ debtorName: null, debtorIban: null });
    return { subscribers, gifts, monthlyGifts, certificates, mails, tokens };
  });
}
