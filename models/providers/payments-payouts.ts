// Stripe's payouts to the charity's bank account, read when a bank statement shows one
// (models/giving/bank-statement.ts): the payouts arriving around a day, one payout, and the
// balance transactions it paid out (gifts, refunds, disputes with their fees). The real SDK, with
// the deadlines of models/providers/payments.ts; null when Stripe is not configured.
import { z } from 'zod';
import type { PaymentsOptions } from './payments';
import { createStripeClient, firstIssue, PaymentsError, translate, unreadable } from './payments';

export interface PayoutInfo {
  id: string;
  amountCents: number;
  currency: string;
  /** The day it arrives at the bank, YYYY-MM-DD (UTC). */
  arrivalDate: string;
  status: string;
}

export interface PayoutLineInfo {
  balanceTransactionId: string;
  /** Stripe's type: charge, payment, refund, adjustment, stripe_fee... */
  type: string;
  sourceId: string | null;
  /** The charge a gift or refund belongs to (finds the donation). */
  chargeId: string | null;
  amountCents: number;
  feeCents: number;
  netCents: number;
  currency: string;
  createdOn: string;
}

export interface PayoutReader {
  /** The payouts arriving between two days (inclusive), newest first. */
  listPayouts(from: string, to: string): Promise<PayoutInfo[]>;
  retrievePayout(id: string): Promise<PayoutInfo | null>;
  /** What the payout paid out (its own withdrawal line left out). */
  payoutLines(id: string): Promise<PayoutLineInfo[]>;
}

const PAYOUT_ID = /^po_[A-Za-z0-9_]{1,96}$/;

const PayoutSchema = z.object({ id: z.string(), object: z.literal('payout'), amount: z.number().int(), currency: z.string(), arrival_date: z.number().int(), status: z.string() });
const SourceSchema = z.union([z.string(), z.object({ id: z.string(), object: z.string(), charge: z.union([z.string(), z.object({ id: z.string() }), z.null()]).optional() }).passthrough(), z.null()]);
const TxSchema = z.object({ id: z.string(), amount: z.number().int(), fee: z.number().int(), net: z.number().int(), currency: z.string(), type: z.string(), created: z.number().int(), source: SourceSchema.optional() });

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const startOf = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / 1000);

function toPayout(p: z.infer<typeof PayoutSchema>): PayoutInfo {
  return { id: p.id, amountCents: p.amount, currency: p.currency.toLowerCase(), arrivalDate: day(p.arrival_date), status: p.status };
}

export async function createPayoutReader(options: PaymentsOptions): Promise<PayoutReader | null> {
  const { secretKey, publishableKey, log } = options;
  if (!secretKey || !publishableKey) return null;
  const stripe = await createStripeClient(secretKey, options);
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw translate(err, log, what);
    }
  };
  return {
    async listPayouts(from, to) {
      const out: PayoutInfo[] = [];
      const list = await call('payouts.list', () => stripe.payouts.list({ arrival_date: { gte: startOf(from), lte: startOf(to) + 86_399 }, limit: 100 }).autoPagingToArray({ limit: 1000 }));
      for (const p of list) {
        const checked = PayoutSchema.safeParse(p);
        if (!checked.success) throw unreadable(log, 'payouts.list', firstIssue(checked.error, ''));
        out.push(toPayout(checked.data));
      }
      return out;
    },
    async retrievePayout(id) {
      if (!PAYOUT_ID.test(id)) return null;
      let answer: unknown;
      try {
        answer = await stripe.payouts.retrieve(id);
      } catch (err) {
        const e = translate(err, log, 'payouts.retrieve');
        if (e instanceof PaymentsError && e.kind === 'not_found') return null;
        throw e;
      }
      const checked = PayoutSchema.safeParse(answer);
      if (!checked.success) throw unreadable(log, 'payouts.retrieve', firstIssue(checked.error, ''));
      return toPayout(checked.data);
    },
    async payoutLines(id) {
      const list = await call('balanceTransactions.list', () => stripe.balanceTransactions.list({ payout: id, limit: 100, expand: ['data.source'] }).autoPagingToArray({ limit: 5000 }));
      const out: PayoutLineInfo[] = [];
      for (const raw of list) {
        const checked = TxSchema.safeParse(raw);
        if (!checked.success) throw unreadable(log, 'balanceTransactions.list', firstIssue(checked.error, ''));
        const tx = checked.data;
        if (tx.type === 'payout') continue;
        const source = tx.source ?? null;
        const sourceId = typeof source === 'string' ? source : (source?.id ?? null);
        let chargeId: string | null = null;
        if (typeof source === 'string') chargeId = source.startsWith('ch_') || source.startsWith('py_') ? source : null;
        else if (source?.object === 'charge') chargeId = source.id;
        else if (source && source.charge) chargeId = typeof source.charge === 'string' ? source.charge : source.charge.id;
        out.push({ balanceTransactionId: tx.id, type: tx.type, sourceId, chargeId, amountCents: tx.amount, feeCents: tx.fee, netCents: tx.net, currency: tx.currency.toLowerCase(), createdOn: day(tx.created) });
      }
      return out;
    },
  };
}
