// The checkout's calls to the server: POST /api/create-payment-intent, /api/payment-details and
// /api/update-project-funding, and the thank-you panel's GET /api/payment-reference.
import { isErrorCode, type ErrorCode } from '../../../models/shared/error-codes';
import type { DonationCurrency } from '../../../models/shared/donation-rules';
import type { GiftDetailsRequest, IntentRequest } from '../../../models/shared/gift-request';

export type { IntentRequest, TributeRequest } from '../../../models/shared/gift-request';

/** A refused call: the page switches on `code` (null when the answer was not the site's JSON). */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public code: ErrorCode | null = null,
  ) {
    super(message);
  }
}

function codeOf(text: string): ErrorCode | null {
  try {
    const code = (JSON.parse(text) as { code?: unknown } | null)?.code;
    return isErrorCode(code) ? code : null;
  } catch {
    return null;
  }
}

async function post<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) {
    // A failed call's message: '<status>: <body text or status text>'.
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, codeOf(text));
  }
  return (await res.json()) as T;
}

export function createPaymentIntent(
  input: IntentRequest,
  signal?: AbortSignal,
): Promise<{ clientSecret: string; kind?: 'one_off' | 'monthly' }> {
  return post('/api/create-payment-intent', input, signal);
}

/** Just before a one-off gift is confirmed: where its receipt goes, and the donor's name. */
export function sendGiftDetails(input: GiftDetailsRequest, signal?: AbortSignal): Promise<{ updated: true }> {
  return post('/api/payment-details', input, signal);
}

/** After Stripe confirmed a one-off gift: the server checks the PaymentIntent with Stripe before it counts. */
export function updateProjectFunding(input: { projectId: number; amount: number; paymentIntentId: string; currency: DonationCurrency }): Promise<{ applied: boolean; raisedAmount: string }> {
  return post('/api/update-project-funding', input);
}

/** The thank-you panel's question: the gift's reference as on its receipt (null until the payment is recorded). */
export async function paymentReference(paymentIntentId: string, signal?: AbortSignal): Promise<{ reference: string | null }> {
  const res = await fetch(`/api/payment-reference/${encodeURIComponent(paymentIntentId)}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`);
  return (await res.json()) as { reference: string | null };
}
