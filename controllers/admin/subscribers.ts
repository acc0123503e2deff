// The newsletter's subscribers in the admin (Swiss FADP / EU GDPR): list and counts, one person's
// consent record and history, erasure on request, and a CSV export. Only the local list: with
// Mailchimp the audience lives there (its own consent records and deletion), and Mailchimp is
// not called from here; rows collected before Mailchimp was set up stay visible and erasable.
import { Router, type Response } from 'express';
import { adminLangOf, type Deps } from '../context';
import { tFor } from '../../models/shared/text';
import { swissToday } from '../../models/shared/dates';
import { parseId, parseInput } from '../middleware/errors';
import { badRequest, notFound } from '../../models/shared/errors';
import type { AdminIdentity } from '../middleware/auth';
import { audited, recordAudit } from '../../models/people/audit';
import {
  allSubscribers,
  countSubscribers,
  eraseSubscriber,
  findSubscriberRecord,
  listSubscribers,
  SUBSCRIBER_LIST_LIMIT,
  SubscriberQuerySchema,
  subscribersCsv,
  type SubscriberFilter,
} from '../../models/newsletter/subscriber';
import { eventAddress, liftSuppression, listSuppressions, suppressedAmong, type Suppression } from '../../models/people/mail-suppression';
import { z } from 'zod';
import type { SubscriberList } from '../../views/admin/newsletter/subscribers-panel';

/** Relative to the newsletter API's mount (/api/admin/newsletter). */
const BASE = '/subscribers';

const actor = (res: Response) => (res.locals.admin as AdminIdentity).id;
const actorName = (res: Response) => (res.locals.admin as AdminIdentity).name;

/** The suppressed addresses' list (relative to the mount). */
const SUPPRESSIONS = '/suppressions';

/** POST /suppressions/lift: the address to mail again. */
const LiftSchema = z.object({ address: z.string({ error: 'address must be an e-mail address' }).trim().min(3, 'address must be an e-mail address').max(320, 'The address is too long') });

/**
 * The counts, and the subscribers of a filter (at most SUBSCRIBER_LIST_LIMIT of them), each
 * saying whether its address is suppressed; and the suppressed addresses (bounces, complaints).
 */
export async function subscriberList(deps: Deps, filter: SubscriberFilter = {}): Promise<SubscriberList> {
  const [counts, list, suppressions] = await Promise.all([countSubscribers(deps.db), listSubscribers(deps.db, filter), listSuppressions(deps.db)]);
  const suppressed = await suppressedAmong(deps.db, list.subscribers.map((s) => s.email));
  return {
    provider: deps.mailing.kind,
    counts,
    limit: SUBSCRIBER_LIST_LIMIT,
    truncated: list.truncated,
    subscribers: list.subscribers.map((s) => ({ ...s, suppressed: suppressed.has(s.email.toLowerCase()) })),
    suppressions,
  };
}

export function adminSubscribersApi(deps: Deps): Router {
  const router = Router();
  router.get(BASE, async (req, res) => {
    res.json(await subscriberList(deps, parseInput(SubscriberQuerySchema, req.query)));
  });

  router.get(`${BASE}.csv`, async (req, res) => {
    const filter = parseInput(SubscriberQuerySchema, req.query);
    // In the admin's language (the tab's link names it): headers, values, Swiss time, separator.
    const lang = adminLangOf(req);
    const rows = await allSubscribers(deps.db, filter);
    // Who took a copy of the list, and how many rows (no addresses).
    await recordAudit(deps.db, { actor: actor(res), actorName: actorName(res), action: 'export', entity: 'subscribers', summary: String(rows.length), details: { count: rows.length } });
    res.attachment(`newsletter-subscribers-${swissToday()}.csv`);
    res.type('text/csv; charset=utf-8').send(subscribersCsv(rows, lang, tFor(deps.i18n, lang)));
  });

  router.get(`${BASE}/:id`, async (req, res) => {
    const record = await findSubscriberRecord(deps.db, parseId(req.params.id));
    if (!record) throw notFound('Subscriber not found');
    const suppression = (await suppressedAmong(deps.db, [record.subscriber.email])).size > 0;
    res.json({ ...record, subscriber: { ...record.subscriber, suppressed: suppression } });
  });

  // Suppressed addresses (bounces, complaints, Mailchimp's cleaned), newest first.
  router.get(SUPPRESSIONS, async (_req, res) => {
    res.json(await listSuppressions(deps.db));
  });

  // An admin lifts a suppression: newsletters go to the address again (audited). The same roles
  // as erasing a subscriber (a change below /newsletter: the content capability).
  router.post(`${SUPPRESSIONS}/lift`, async (req, res) => {
    const { address } = parseInput(LiftSchema, req.body ?? {});
    if (!eventAddress(address)) throw badRequest('address must be an e-mail address');
    const lifted: Suppression = await liftSuppression(deps.db, address, { id: actor(res), name: actorName(res) ?? null });
    res.json(lifted);
  });

  router.delete(`${BASE}/:id`, async (req, res) => {
    // The audit log must not keep what was erased: the number only, never the address.
    const report = await audited(deps.db, (trx) => eraseSubscriber(trx, parseId(req.params.id)), (r) => r && { actor: actor(res), actorName: actorName(res), action: 'erase', entity: 'subscriber', entityId: r.id, summary: `#${r.id}`, details: {} });
    if (!report) throw notFound('Subscriber not found');
    res.json({ erased: true, ...report });
  });

  return router;
}
