// The fake Stripe's routes for a donor managing a monthly gift (pushed onto FakeStripe.routes):
//
//   GET    /v1/subscriptions/:id            the subscription
//   POST   /v1/subscriptions/:id            items[0][price_data] (new amount), pause_collection, ...
//   DELETE /v1/subscriptions/:id            cancels at once
//   POST   /v1/billing_portal/sessions      a portal session; its url is a small page of this fake
//   GET    /portal/:id, POST /portal/:id    "update the card" (the customer's default; customer.updated is
//                                           delivered), then back to the session's return_url
//
// Every request is recorded by the fake, so tests assert what the app asked Stripe to change.
import type http from 'node:http';
import crypto from 'node:crypto';
import { json, periodSeconds, randomId, stripeError, type FakeCustomer, type FakeRoute, type FakeStripe, type FakeSubscription } from './stripe';

export interface FakePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  flow: { type: string } | null;
  created: number;
  livemode: false;
  /** Set when the page's button was pressed. */
  completedAt: number | null;
}

const portals = new WeakMap<FakeStripe, Map<string, FakePortalSession>>();

/** Portal sessions the app opened, oldest first. */
export function portalSessions(fake: FakeStripe): FakePortalSession[] {
  return [...(portals.get(fake)?.values() ?? [])];
}

const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 60 * 60;

/** A customer with an active monthly subscription (price_data, one item), as after a first payment. */
export function seedMonthlySubscription(
  fake: FakeStripe,
  fields: { email: string; amountCents: number; currency?: string; name?: string | null; metadata?: Record<string, string>; recurring?: { interval: 'month' | 'year'; interval_count: number } },
): { customer: FakeCustomer; subscription: FakeSubscription } {
  const created = now();
  const customer: FakeCustomer = {
    id: randomId('cus'),
    object: 'customer',
    email: fields.email,
    name: fields.name ?? null,
    metadata: {},
    invoice_settings: { default_payment_method: 'pm_card_visa' },
    created,
    livemode: false,
  };
  fake.customers.set(customer.id, customer);
  const subscription: FakeSubscription = {
    id: randomId('sub'),
    object: 'subscription',
    customer: customer.id,
    status: 'active',
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: randomId('si'),
          object: 'subscription_item',
          quantity: 1,
          current_period_start: created,
          current_period_end: created + (fields.recurring ? periodSeconds(fields.recurring) : MONTH),
          price: {
            id: randomId('price'),
            object: 'price',
            currency: fields.currency ?? 'usd',
            unit_amount: fields.amountCents,
            product: randomId('prod'),
            recurring: fields.recurring ?? { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
    pause_collection: null,
    cancel_at_period_end: false,
    canceled_at: null,
    latest_invoice: null,
    default_payment_method: 'pm_card_visa',
    created,
    livemode: false,
  };
  fake.subscriptions.set(subscription.id, subscription);
  return { customer, subscription };
}

function html(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Update your card (fake Stripe)</title></head><body><main>${body}</main></body></html>`);
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const routes: FakeRoute = (fake, request, res) => {
  const { method, path, body } = request;
  const secretKey = /^Bearer sk_test_\w+$/.test(request.authorization ?? '');

  // The portal's page: not the API, no key (the donor's browser opens it).
  const portal = /^\/portal\/([\w]+)$/.exec(path);
  if (portal) {
    const session = portals.get(fake)?.get(portal[1]!);
    if (!session) {
      html(res, 404, '<h1>No such portal session</h1>');
      return true;
    }
    if (method === 'POST') {
      session.completedAt = now();
      const customer = fake.customers.get(session.customer);
      if (customer) {
        customer.invoice_settings.default_payment_method = randomId('pm');
        // What Stripe sends when the portal saves a card as the customer's default.
        fake.deliverLater('customer.updated', customer);
      }
      res.writeHead(303, { Location: session.return_url ?? '/' });
      res.end();
      return true;
    }
    html(
      res,
      200,
      `<h1>Update your card</h1><form method="post" action="/portal/${esc(session.id)}"><label for="card">Card number</label> <input id="card" name="card" value="4242 4242 4242 4242"> <button type="submit">Save card</button></form>${
        session.return_url ? `<p><a href="${esc(session.return_url)}">Return to the charity</a></p>` : ''
      }`,
    );
    return true;
  }

  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    if (!secretKey) return (stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided (fake).' }), true);
    const customer = fake.customers.get(String(body.customer ?? ''));
    if (!customer) return (stripeError(res, 400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${body.customer}'` }), true);
    const id = `bps_${crypto.randomBytes(10).toString('hex')}`;
    const session: FakePortalSession = {
      id,
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: typeof body.return_url === 'string' ? body.return_url : null,
      url: `${fake.url}/portal/${id}`,
      flow: body.flow_data?.type ? { type: String(body.flow_data.type) } : null,
      created: now(),
      livemode: false,
      completedAt: null,
    };
    if (!portals.has(fake)) portals.set(fake, new Map());
    portals.get(fake)!.set(id, session);
    const { completedAt: _c, ...answer } = session;
    json(res, 200, answer);
    return true;
  }

  const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (!match) return false;
  if (!secretKey) return (stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided (fake).' }), true);
  const sub = fake.subscriptions.get(decodeURIComponent(match[1]!));
  if (!sub) return (stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such subscription: '${match[1]}'` }), true);

  if (method === 'GET') return (json(res, 200, sub), true);

  if (method === 'DELETE') {
    if (sub.status === 'canceled') return (stripeError(res, 400, { type: 'invalid_request_error', message: 'This subscription is already canceled (fake).' }), true);
    sub.status = 'canceled';
    sub.canceled_at = now();
    json(res, 200, sub);
    return true;
  }

  if (method === 'POST') {
    if (sub.status === 'canceled') return (stripeError(res, 400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata (fake).' }), true);
    const items = body.items as { id?: string; price_data?: { currency?: string; product?: string; unit_amount?: string; recurring?: { interval?: string; interval_count?: string } } }[] | undefined;
    if (items) {
      const change = items[0];
      const item = sub.items.data.find((i) => i.id === change?.id);
      if (!change || !item) return (stripeError(res, 400, { type: 'invalid_request_error', param: 'items', message: 'Unknown subscription item (fake).' }), true);
      const pd = change.price_data;
      const amount = Number(pd?.unit_amount);
      const count = Number(pd?.recurring?.interval_count ?? 1);
      if (!pd || !pd.currency || !pd.product || (pd.recurring?.interval !== 'month' && pd.recurring?.interval !== 'year') || !Number.isInteger(count) || count < 1 || !Number.isInteger(amount) || amount < 50) {
        return (stripeError(res, 400, { type: 'invalid_request_error', param: 'items[0][price_data]', message: 'Invalid price_data (fake).' }), true);
      }
      if (pd.currency !== item.price.currency) return (stripeError(res, 400, { type: 'invalid_request_error', message: 'The currency of a subscription cannot change (fake).' }), true);
      item.price = { id: randomId('price'), object: 'price', currency: pd.currency, unit_amount: amount, product: pd.product, recurring: { interval: pd.recurring!.interval!, interval_count: count } };
    }
    if ('pause_collection' in body) {
      const pc = body.pause_collection as { behavior?: string } | string;
      sub.pause_collection = pc === '' ? null : { behavior: String((pc as { behavior?: string }).behavior ?? 'void'), resumes_at: null };
    }
    if (body.metadata && typeof body.metadata === 'object') sub.metadata = { ...sub.metadata, ...body.metadata };
    if (typeof body.default_payment_method === 'string') sub.default_payment_method = body.default_payment_method || null;
    json(res, 200, sub);
    return true;
  }
  return false;
};

/** Adds the routes above to a fake (once). */
export function addMonthlyRoutes(fake: FakeStripe): FakeStripe {
  if (!fake.routes.includes(routes)) fake.routes.push(routes);
  return fake;
}
