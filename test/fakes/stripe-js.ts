// A stand-in for Stripe.js (https://js.stripe.com/...), served by Playwright's request interception
// in end-to-end tests because the test machine has no internet. It implements the small part of
// the Stripe.js API the checkout uses:
//
//   Stripe(pk) -> { elements({ clientSecret, locale, appearance }), confirmPayment({...}) }
//   elements({ mode: 'payment' | 'subscription', amount, currency, locale }) -> the same, with no
//     payment yet (Stripe's deferred intent): update({ amount }), submit(), and confirmPayment then
//     needs the clientSecret the server made
//   elements.create('payment') -> element with mount(), on('ready' | 'change' | 'loaderror'), destroy();
//     like the real one it offers TWINT beside the card for a payment in CHF (a button "TWINT"),
//     and says which is chosen with a 'change' event ({ value: { type: 'card' | 'twint' } })
//   confirmPayment({ elements, clientSecret?, confirmParams: { return_url }, redirect: 'if_required' })
//
// confirmPayment calls https://api.stripe.com/v1/payment_intents/:id/confirm like the real one;
// routeStripe() forwards that to the FakeStripe API, so the server later retrieves the intent as
// succeeded. A monthly gift's first payment works the same way: its client secret is that of the
// first invoice's PaymentIntent (latest_invoice.confirmation_secret), and confirming it makes the
// fake pay the invoice, activate the subscription and deliver invoice.paid. Tests steer the outcome through a flag in the page:
//   window.__stripeFake = { decline: true }   -> the card is declined ("Your card was declined.")
//   window.__stripeFake = { redirect: true }  -> behaves like a redirect-based method (goes to return_url)
// and can read what the page asked for in window.__stripeFakeCalls, or (surviving the page's
// navigations) in the `calls` that routeStripe() answers: each call is also reported to the test.
import type { BrowserContext, Page } from 'playwright-core';
import type { FakeStripe } from './stripe';

export const STRIPE_JS_STAND_IN = String.raw`(() => {
  const API = 'https://api.stripe.com';
  const TEXT = {
    en: { label: 'Test card (Stripe stand-in)', number: 'Card number' },
    de: { label: 'Testkarte (Stripe-Ersatz)', number: 'Kartennummer' },
    twint: 'TWINT',
  };
  const log = (window.__stripeFakeCalls = window.__stripeFakeCalls || []);
  // Each call is also told to the test (routeStripe's binding): its record outlives the page.
  const calls = {
    push(call) {
      log.push(call);
      if (typeof window.__stripeFakeReport === 'function') window.__stripeFakeReport(call);
    },
  };

  async function post(path, params) {
    const res = await fetch(API + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    return { ok: res.ok, body: await res.json() };
  }

  function Stripe(key) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('IntegrationError: Invalid API Key provided: ' + key);
    calls.push({ method: 'Stripe', key });
    return {
      elements(options) {
        options = options || {};
        const deferred = !options.clientSecret;
        if (deferred) {
          if (options.mode !== 'payment' && options.mode !== 'subscription') throw new Error('IntegrationError: elements() needs a clientSecret or a mode');
          if (!Number.isInteger(options.amount) || options.amount < 1) throw new Error('IntegrationError: elements() in ' + options.mode + ' mode needs an amount');
          if (typeof options.currency !== 'string') throw new Error('IntegrationError: elements() in ' + options.mode + ' mode needs a currency');
        }
        const locale = options.locale || 'auto';
        calls.push({ method: 'elements', clientSecret: options.clientSecret || null, mode: options.mode || null, amount: options.amount || null, currency: options.currency || null, locale, appearance: !!options.appearance });
        const group = {
          __clientSecret: options.clientSecret || null,
          __mode: deferred ? options.mode : null,
          __amount: options.amount || null,
          __submitted: false,
          __elements: [],
          // The mounted forms: a deferred form shows its amount and currency as attributes (data-amount, data-currency).
          __boxes: [],
          create(type) {
            if (type !== 'payment') throw new Error('IntegrationError: this stand-in only creates the payment element');
            const handlers = {};
            let box = null;
            let destroyed = false;
            const emit = (name, payload) => {
              if (!destroyed) (handlers[name] || []).forEach((cb) => cb(payload));
            };
            const el = {
              mount(target) {
                const container = typeof target === 'string' ? document.querySelector(target) : target;
                if (!container) throw new Error('IntegrationError: mount target not found');
                const t = TEXT[locale] || TEXT.en;
                box = document.createElement('div');
                box.className = 'fake-payment-element';
                box.setAttribute('data-testid', 'fake-payment-element');
                box.setAttribute('data-locale', locale);
                box.setAttribute('data-client-secret', options.clientSecret || '');
                if (deferred) {
                  box.setAttribute('data-mode', options.mode);
                  box.setAttribute('data-amount', String(group.__amount));
                  box.setAttribute('data-currency', options.currency);
                }
                group.__boxes.push(box);
                box.style.cssText = 'padding:12px;border:1px solid #8a958e;border-radius:10px;background:#fff;color:#1d2420';
                box.textContent = t.label + ' · ' + t.number + ': 4242 4242 4242 4242';
                container.appendChild(box);
                // TWINT beside the card for a payment in CHF (a deferred form's currency, or the payment's).
                const offerTwint = (currency) => {
                  if (currency !== 'chf' || !box) return;
                  const button = document.createElement('button');
                  button.type = 'button';
                  button.textContent = TEXT.twint;
                  button.setAttribute('aria-pressed', 'false');
                  button.addEventListener('click', () => {
                    const twint = button.getAttribute('aria-pressed') !== 'true';
                    button.setAttribute('aria-pressed', String(twint));
                    group.__methodType = twint ? 'twint' : 'card';
                    calls.push({ method: 'choose', type: twint ? 'twint' : 'card' });
                    emit('change', { elementType: 'payment', complete: true, value: { type: twint ? 'twint' : 'card' } });
                  });
                  box.appendChild(button);
                };
                if (deferred) offerTwint(options.currency);
                else {
                  const id = options.clientSecret.split('_secret_')[0];
                  fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '?key=' + encodeURIComponent(key) + '&client_secret=' + encodeURIComponent(options.clientSecret))
                    .then((r) => r.json())
                    .then((pi) => offerTwint(pi.currency))
                    .catch(() => undefined);
                }
                calls.push({ method: 'mount', clientSecret: options.clientSecret, locale });
                // Like the real element, 'ready' comes a moment after mounting.
                setTimeout(() => emit('ready', { elementType: 'payment' }), 40);
                return el;
              },
              on(name, cb) {
                (handlers[name] = handlers[name] || []).push(cb);
                return el;
              },
              off(name, cb) {
                handlers[name] = (handlers[name] || []).filter((h) => h !== cb);
                return el;
              },
              update() {},
              focus() {},
              blur() {},
              clear() {},
              unmount() {
                if (box) box.remove();
                box = null;
              },
              destroy() {
                destroyed = true;
                if (box) box.remove();
                box = null;
              },
            };
            group.__elements.push(el);
            return el;
          },
          getElement() {
            return group.__elements[0] || null;
          },
          update(changes) {
            if (changes && changes.amount !== undefined) {
              if (!deferred) throw new Error('IntegrationError: amount can only be updated on elements made without a clientSecret');
              group.__amount = changes.amount;
              group.__boxes.forEach((b) => b.setAttribute('data-amount', String(changes.amount)));
              calls.push({ method: 'elements.update', amount: changes.amount });
            }
          },
          async submit() {
            group.__submitted = true;
            calls.push({ method: 'submit' });
            return {};
          },
          async fetchUpdates() {
            calls.push({ method: 'fetchUpdates' });
            return {};
          },
        };
        return group;
      },

      async confirmPayment(options) {
        const flags = window.__stripeFake || {};
        const group = options && options.elements;
        const returnUrl = options && options.confirmParams && options.confirmParams.return_url;
        if (!group) throw new Error('IntegrationError: confirmPayment needs the elements group');
        if (group.__clientSecret && options.clientSecret) throw new Error('IntegrationError: clientSecret was given to elements() already; do not pass it again');
        if (!group.__clientSecret && !options.clientSecret) throw new Error('IntegrationError: elements made without a clientSecret need one in confirmPayment');
        if (!group.__clientSecret && !group.__submitted) throw new Error('IntegrationError: elements.submit() must be called before confirmPayment with a deferred intent');
        if (!returnUrl) return { error: { type: 'invalid_request_error', message: 'return_url is required (stand-in).' } };
        const secret = group.__clientSecret || options.clientSecret;
        const id = secret.split('_secret_')[0];
        calls.push({ method: 'confirmPayment', id, returnUrl, redirect: options.redirect || 'always' });
        if (group.__mode) {
          // Stripe refuses a deferred form whose amount is not the payment's.
          const res = await fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '?key=' + encodeURIComponent(key) + '&client_secret=' + encodeURIComponent(secret));
          const pi = await res.json();
          if (!res.ok || pi.amount !== group.__amount) {
            return { error: { type: 'invalid_request_error', message: 'The payment amount (' + pi.amount + ') does not match the form\'s amount (' + group.__amount + ') (stand-in).' } };
          }
        }
        const { ok, body } = await post('/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          key,
          client_secret: secret,
          ...(group.__methodType === 'twint' && !flags.decline ? { 'payment_method_data[type]': 'twint' } : { payment_method: flags.decline ? 'pm_card_chargeDeclined' : 'pm_card_visa' }),
          return_url: returnUrl,
        });
        if (!ok) {
          const e = body.error || {};
          return { error: { type: e.type || 'api_error', code: e.code, decline_code: e.decline_code, message: e.message, payment_intent: e.payment_intent } };
        }
        if (options.redirect !== 'if_required' || flags.redirect) {
          const url = new URL(returnUrl);
          url.searchParams.set('payment_intent', id);
          url.searchParams.set('payment_intent_client_secret', secret);
          url.searchParams.set('redirect_status', body.status === 'succeeded' ? 'succeeded' : body.status);
          window.location.assign(url.toString());
          return new Promise(() => {});
        }
        return { paymentIntent: body };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** A call the page made to the Stripe.js stand-in: `method` and what it was given. */
export interface StripeJsCall {
  method: string;
  amount?: number | null;
  currency?: string | null;
  clientSecret?: string | null;
  mode?: string | null;
  type?: string;
  [key: string]: unknown;
}

/** What the pages of a context asked of Stripe.js, in order, across navigations. */
export interface StripeJsRecord {
  readonly calls: StripeJsCall[];
}

/**
 * Routes Stripe in a browser context to the stand-ins: js.stripe.com gets the script above,
 * api.stripe.com is forwarded to the FakeStripe API. Register it AFTER watchedPage() (which
 * answers every outside request with an empty 204): later routes win in Playwright. Answers the
 * record of the stand-in's calls (reported through a binding, so a page that has navigated away
 * has still told them); once per context.
 */
export async function routeStripe(context: BrowserContext, fake: FakeStripe): Promise<StripeJsRecord> {
  const calls: StripeJsCall[] = [];
  await context.exposeBinding('__stripeFakeReport', (_source, call: StripeJsCall) => void calls.push(call));
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: STRIPE_JS_STAND_IN }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    try {
      const response = await route.fetch({ url: fake.url + url.pathname + url.search });
      await route.fulfill({ response });
    } catch (err) {
      // The test closed the page while this request was on its way (its answer has nowhere to go).
      if (!/disposed|closed|Target page|has been/i.test(String((err as Error)?.message ?? err))) throw err;
    }
  });
  return { calls };
}

/** A payment session the checkout asked our server for (POST /api/create-payment-intent) and the answer. */
export interface CheckoutSession {
  /** What the page sent (the amount in the currency's units). */
  body: Record<string, any>;
  status: number;
  clientSecret: string | null;
  /** The PaymentIntent's id (the fake's record of it: fake.intents.get(intentId)). */
  intentId: string | null;
}

export interface CheckoutSessions {
  /** Every body the page sent, in order (recorded as the request leaves). */
  readonly sent: Record<string, any>[];
  /** Every session answered so far, in order. */
  readonly answered: CheckoutSession[];
  /**
   * The first answered session that matches and has not answered an earlier wait (one already
   * answered, or the next); fails after `timeout` naming what was answered.
   */
  next(test?: (s: CheckoutSession) => boolean, timeout?: number): Promise<CheckoutSession>;
}

/**
 * Records a page's payment-session requests and their answers from the moment it is called:
 * call it BEFORE the page's goto, since the checkout asks for its first session as it wakes.
 * Only this page's requests are seen, so another test's late requests never count here.
 */
export function recordSessions(page: Page): CheckoutSessions {
  const sent: Record<string, any>[] = [];
  const answered: (CheckoutSession & { used?: boolean })[] = [];
  const waiters: { test: (s: CheckoutSession) => boolean; resolve: (s: CheckoutSession) => void }[] = [];
  const isSession = (url: string, method: string) => method === 'POST' && new URL(url).pathname === '/api/create-payment-intent';
  page.on('request', (r) => {
    if (isSession(r.url(), r.method())) sent.push(r.postDataJSON() as Record<string, any>);
  });
  page.on('response', async (r) => {
    if (!isSession(r.url(), r.request().method())) return;
    const json = (await r.json().catch(() => null)) as { clientSecret?: string } | null;
    const clientSecret = typeof json?.clientSecret === 'string' ? json.clientSecret : null;
    const session: CheckoutSession & { used?: boolean } = { body: r.request().postDataJSON() as Record<string, any>, status: r.status(), clientSecret, intentId: clientSecret ? clientSecret.split('_secret_')[0]! : null };
    answered.push(session);
    const waiter = waiters.find((w) => w.test(session));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      session.used = true;
      waiter.resolve(session);
    }
  });
  return {
    sent,
    answered,
    next(test = () => true, timeout = 20_000) {
      const found = answered.find((s) => !s.used && test(s));
      if (found) {
        found.used = true;
        return Promise.resolve(found);
      }
      return new Promise<CheckoutSession>((resolve, reject) => {
        const waiter = { test, resolve: (s: CheckoutSession) => (clearTimeout(deadline), resolve(s)) };
        const deadline = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no payment session as expected within ${timeout / 1000} s; answered: ${JSON.stringify(answered.map((s) => [s.status, s.body]))}`));
        }, timeout);
        waiters.push(waiter);
      });
    },
  };
}

/** The stand-in's card form mounted for this session (each new session replaces the form: wait for the one of yours). */
export function paymentElementFor(page: Page, session: Pick<CheckoutSession, 'clientSecret'>) {
  return page.locator(`[data-testid="fake-payment-element"][data-client-secret="${session.clientSecret}"]`);
}
