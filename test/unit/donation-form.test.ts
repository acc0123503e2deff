// The checkout form's state and rules (models/shared/donation-form.ts), proved once here: the
// browser tests prove that the page shows them, the API tests that the server takes what they ask.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { amountFromLink, currencyFromLink, intervalFromLink, returnQuery } from '../../models/shared/donation-rules';
import {
  amountOf,
  donationFormReducer,
  firstNameAndInitial,
  formFacts,
  giftDetailsRequest,
  initialAmount,
  initialFormState,
  monthlyRequest,
  sessionRequest,
  tributeRequest,
  type DonationFormAction,
  type DonationFormState,
  type RequestContext,
} from '../../models/shared/donation-form';
import { chargeFor, coveredFeeCents, DEFAULT_FEE_TABLE, feeFor, parseFeeRates } from '../../models/shared/fees';
import { CreateIntentSchema, GiftDetailsSchema } from '../../models/giving/checkout';

const RATES = parseFeeRates('card 2.9% + 0.30; twint chf 1.3% + 0.20');
const ctx: RequestContext = { lang: 'en', checkoutId: 'visit-12345678', fundraiserId: null, source: null };
const SECRET = 'pi_123_secret_abc';

function form(props: Partial<Parameters<typeof initialFormState>[0]> = {}, ...actions: DonationFormAction[]): DonationFormState {
  const start = initialFormState({ selectedProjectId: null, selectedAmountCents: null, currency: 'usd', interval: 'once', ...props });
  return actions.reduce(donationFormReducer, start);
}

/** A form whose Stripe.js and Payment Element are ready, with the session made for what it shows. */
function readyForm(...actions: DonationFormAction[]): DonationFormState {
  const s = form({}, { type: 'settle', remembered: null }, { type: 'stripe', loaded: true }, { type: 'elementReady', ready: true }, ...actions);
  const request = sessionRequest(s, ctx);
  return request ? donationFormReducer(s, { type: 'session', session: { status: 'ready', clientSecret: SECRET, request } }) : s;
}

describe('the amount', () => {
  test('a link opens the form on its preset, or on the custom field for any other amount', () => {
    assert.deepEqual(initialAmount(null), { preset: 15000, custom: '' });
    assert.deepEqual(initialAmount(5000), { preset: 5000, custom: '' });
    assert.deepEqual(initialAmount(7500), { preset: 15000, custom: '75' });
    assert.deepEqual(initialAmount(1234), { preset: 15000, custom: '12.34' });
    assert.deepEqual(initialAmount(1250), { preset: 15000, custom: '12.50' });
  });

  test('the custom field counts while it holds anything; a preset empties it', () => {
    assert.deepEqual(amountOf(form()), { customActive: false, amountCents: 15000, problem: null });
    assert.deepEqual(amountOf(form({}, { type: 'custom', value: '25.5', bad: false })), { customActive: true, amountCents: 2550, problem: null });
    assert.deepEqual(amountOf(form({}, { type: 'custom', value: ' ', bad: false })), { customActive: false, amountCents: 15000, problem: null });
    // What the number field cannot read it reports as empty, with badInput.
    assert.deepEqual(amountOf(form({}, { type: 'custom', value: '', bad: true })), { customActive: true, amountCents: null, problem: 'invalid' });
    assert.equal(amountOf(form({}, { type: 'custom', value: '0.5', bad: false })).problem, 'min');
    assert.equal(amountOf(form({}, { type: 'custom', value: '1000000', bad: false })).problem, 'max');
    assert.equal(amountOf(form({}, { type: 'custom', value: '1.234', bad: false })).problem, 'decimals');
    const back = form({}, { type: 'custom', value: 'x', bad: true }, { type: 'preset', cents: 350000 });
    assert.deepEqual([back.custom, back.customBad, amountOf(back).amountCents], ['', false, 350000]);
  });

  test('the link rules the controller and the return from a redirect use', () => {
    assert.equal(amountFromLink('75'), 7500);
    assert.equal(amountFromLink('0.5'), null);
    assert.equal(amountFromLink(['75']), null);
    assert.equal(amountFromLink(undefined), null);
    assert.equal(intervalFromLink('month'), 'month');
    assert.equal(intervalFromLink('year'), 'year');
    assert.equal(intervalFromLink('half_year'), 'half_year');
    assert.equal(intervalFromLink('week'), 'once');
    assert.deepEqual(currencyFromLink('eur', 'de', null), { currency: 'eur', fromLink: true });
    assert.deepEqual(currencyFromLink('gbp', 'de', null), { currency: 'chf', fromLink: false });
    assert.deepEqual(currencyFromLink(undefined, 'en', null), { currency: 'usd', fromLink: false });
    assert.deepEqual(currencyFromLink('usd', 'en', 'chf'), { currency: 'chf', fromLink: true });
  });

  test("a redirect's return address carries what the return reads back", () => {
    const q = new URLSearchParams(returnQuery({ projectSlug: 'solar', fundraiserSlug: null, chargedCents: 10330, currency: 'chf', interval: 'month' }));
    assert.deepEqual(Object.fromEntries(q), { payment: 'success', project: 'solar', amount: '103.30', currency: 'chf', interval: 'month' });
    assert.equal(amountFromLink(q.get('amount')), 10330);
    // A fundraiser's gift names the fundraiser (its project follows from it); a one-off names no interval.
    const f = new URLSearchParams(returnQuery({ projectSlug: 'solar', fundraiserSlug: 'run', chargedCents: 5000, currency: 'usd', interval: 'once' }));
    assert.deepEqual(Object.fromEntries(f), { payment: 'success', fundraiser: 'run', amount: '50.00', currency: 'usd' });
  });
});

describe('the currency', () => {
  test('a currency remembered in the browser wins over the one the form opened with', () => {
    const start = form({ currency: 'chf' });
    assert.equal(start.settled, false);
    const remembered = donationFormReducer(start, { type: 'settle', remembered: 'eur' });
    assert.deepEqual([remembered.currency, remembered.settled], ['eur', true]);
    const none = donationFormReducer(start, { type: 'settle', remembered: null });
    assert.deepEqual([none.currency, none.settled], ['chf', true]);
  });
});

describe('the fee', () => {
  test("the box offers the chosen method's fee, rounded up to the cent; the total adds it only when covered", () => {
    assert.equal(coveredFeeCents(10000, { percent: 2.9, fixedCents: 30 }), 330);
    const plain = formFacts(form({ currency: 'chf' }, { type: 'custom', value: '100', bad: false }), RATES);
    assert.deepEqual([plain.feeCents, plain.chargedCents, plain.totalCents], [330, 10000, 10000]);
    const covered = formFacts(form({ currency: 'chf' }, { type: 'custom', value: '100', bad: false }, { type: 'coverFees', on: true }), RATES);
    assert.deepEqual([covered.feeCents, covered.chargedCents], [330, 10330]);
    // TWINT, chosen in the payment form, has its own rate; a new Payment Element starts on the card.
    const twint = form({ currency: 'chf' }, { type: 'custom', value: '100', bad: false }, { type: 'coverFees', on: true }, { type: 'method', method: 'twint' });
    const twintFee = coveredFeeCents(10000, { percent: 1.3, fixedCents: 20 });
    assert.deepEqual([formFacts(twint, RATES).feeCents, formFacts(twint, RATES).chargedCents], [twintFee, 10000 + twintFee]);
    assert.equal(donationFormReducer(twint, { type: 'elementMounted' }).method, 'card');
    // No amount, no fee and no total.
    const bad = formFacts(form({}, { type: 'custom', value: '0.1', bad: false }, { type: 'coverFees', on: true }), RATES);
    assert.deepEqual([bad.feeCents, bad.chargedCents, bad.totalCents], [0, null, null]);
  });

  test('the server charges with the same rule', () => {
    for (const cover of [true, false]) {
      const charge = chargeFor(DEFAULT_FEE_TABLE, 5000, 'usd', 'card', cover);
      const fee = feeFor(DEFAULT_FEE_TABLE, 5000, 'usd', 'card');
      assert.deepEqual(charge, { feeCents: fee, coveredFeeCents: cover ? fee : 0, chargedCents: 5000 + (cover ? fee : 0) });
    }
  });
});

describe('the donor', () => {
  test("the e-mail address is needed and must look like one; the name only for a monthly gift; messages wait for the field's end or a give", () => {
    assert.equal(formFacts(form(), RATES).emailProblem, 'emailMissing');
    assert.equal(formFacts(form({}, { type: 'email', value: 'anna@' }), RATES).emailProblem, 'emailInvalid');
    assert.equal(formFacts(form({}, { type: 'email', value: `${'a'.repeat(250)}@b.ch` }), RATES).emailProblem, 'emailInvalid');
    assert.equal(formFacts(form({}, { type: 'email', value: ' anna@example.org ' }), RATES).email, 'anna@example.org');
    assert.equal(formFacts(form({}, { type: 'email', value: 'anna@example.org' }), RATES).emailProblem, null);
    assert.equal(formFacts(form(), RATES).nameProblem, null);
    assert.equal(formFacts(form({ interval: 'month' }), RATES).nameProblem, 'nameMissing');
    assert.equal(formFacts(form({ interval: 'month' }, { type: 'name', value: 'Anna' }), RATES).nameProblem, null);
    assert.deepEqual(form({}, { type: 'left', field: 'email' }).touched, { email: true });
    assert.deepEqual(form({}, { type: 'tried' }).touched, { email: true, name: true });
  });

  test('the name a gift is shown under', () => {
    assert.equal(firstNameAndInitial(' Anna  Maria meier '), 'Anna M.');
    assert.equal(firstNameAndInitial('Anna'), 'Anna');
    assert.equal(firstNameAndInitial('Anna Ölz'), 'Anna Ö.');
    assert.equal(firstNameAndInitial(''), '');
    const named = form({}, { type: 'name', value: 'Anna Meier' }, { type: 'publicName', value: ' The Meiers ' });
    assert.equal(formFacts(named, RATES).publicName, '');
    assert.equal(formFacts(donationFormReducer(named, { type: 'shown', shown: 'initial' }), RATES).publicName, 'Anna M.');
    assert.equal(formFacts(donationFormReducer(named, { type: 'shown', shown: 'typed' }), RATES).publicName, 'The Meiers');
  });

  test('a dedication: nothing, missing fields, or what the API gets', () => {
    const today = '2026-12-02';
    assert.equal(tributeRequest(form().tribute, 'en', today), null);
    const on = form({}, { type: 'tribute', patch: { on: true } }).tribute;
    assert.equal(tributeRequest(on, 'en', today), 'invalid');
    assert.deepEqual(tributeRequest({ ...on, name: ' Rosa ' }, 'de', today), { kind: 'honour', name: 'Rosa' });
    const card = { ...on, kind: 'memory' as const, name: 'Rosa', card: true, cardName: 'Max', cardEmail: 'max@' };
    assert.equal(tributeRequest(card, 'de', today), 'invalid');
    assert.deepEqual(tributeRequest({ ...card, cardEmail: ' max@example.org ' }, 'de', today), { kind: 'memory', name: 'Rosa', notify: { email: 'max@example.org', name: 'Max', language: 'de', sendOn: today } });
    assert.deepEqual(tributeRequest({ ...card, cardEmail: 'max@example.org', cardLang: 'en', sendOn: '2026-12-24' }, 'de', today), { kind: 'memory', name: 'Rosa', notify: { email: 'max@example.org', name: 'Max', language: 'en', sendOn: '2026-12-24' } });
  });
});

describe('ready to give', () => {
  test('a one-off gift waits for Stripe.js, the Payment Element and the session made for what the form shows', () => {
    assert.equal(formFacts(form({}, { type: 'stripe', loaded: true }, { type: 'elementReady', ready: true }), RATES).ready, false);
    const ready = readyForm();
    const facts = formFacts(ready, RATES);
    assert.deepEqual([facts.sessionCurrent, facts.ready, facts.canGive, facts.status, facts.busy], [true, true, true, null, false]);
    // Each change makes the session the previous choice's until the next one arrives: the button waits.
    for (const action of [
      { type: 'preset', cents: 5000 },
      { type: 'currency', currency: 'eur' },
      { type: 'project', projectId: 7 },
      { type: 'coverFees', on: true },
    ] as DonationFormAction[]) {
      const changed = formFacts(donationFormReducer(ready, action), RATES);
      assert.deepEqual([changed.sessionCurrent, changed.ready, changed.canGive, changed.status, changed.busy], [false, false, false, 'status.preparing', true], action.type);
    }
    // The donor's details are not part of the session.
    assert.equal(formFacts(donationFormReducer(ready, { type: 'email', value: 'a@b.ch' }), RATES).ready, true);
    assert.equal(formFacts(donationFormReducer(ready, { type: 'paying' }), RATES).canGive, false);
    assert.equal(formFacts(donationFormReducer(ready, { type: 'elementReady', ready: false }), RATES).ready, false);
  });

  test('a monthly gift needs no session before the give', () => {
    const s = form({ interval: 'month' }, { type: 'stripe', loaded: true }, { type: 'elementReady', ready: true });
    assert.equal(sessionRequest(s, ctx), null);
    assert.deepEqual([formFacts(s, RATES).ready, formFacts(s, RATES).canGive], [true, true]);
  });

  test('what the payment box says', () => {
    assert.deepEqual([formFacts(form({}, { type: 'custom', value: '0', bad: false }), RATES).status, formFacts(form({}, { type: 'custom', value: '0', bad: false }), RATES).busy], ['status.chooseAmount', false]);
    const rejected = formFacts(form({}, { type: 'session', session: { status: 'rejected' } }), RATES);
    assert.deepEqual([rejected.status, rejected.busy, rejected.failed], ['errors.rejected', false, false]);
    assert.equal(formFacts(form({}, { type: 'session', session: { status: 'failed' } }), RATES).failed, true);
    assert.equal(formFacts(form({}, { type: 'stripe', loaded: false }), RATES).failed, true);
  });

  test('Try again loads what failed once more and asks for a new session', () => {
    const stripeDown = form({}, { type: 'stripe', loaded: false }, { type: 'retry' });
    assert.deepEqual([stripeDown.stripe, stripeDown.session.status, stripeDown.attempt], ['loading', 'idle', 1]);
    const sessionDown = donationFormReducer(readyForm({ type: 'session', session: { status: 'failed' } }), { type: 'retry' });
    assert.deepEqual([sessionDown.stripe, sessionDown.session.status, sessionDown.attempt, formFacts(sessionDown, RATES).failed], ['ready', 'idle', 1, false]);
  });

  test('a declined give is said until the donor changes the gift or gives again', () => {
    const declined = donationFormReducer(readyForm({ type: 'paying' }), { type: 'declined', message: 'Your card was declined.' });
    assert.deepEqual([declined.processing, declined.declined, declined.attempt], [false, 'Your card was declined.', 0]);
    assert.equal(donationFormReducer(declined, { type: 'email', value: 'a@b.ch' }).declined, 'Your card was declined.');
    assert.equal(donationFormReducer(declined, { type: 'shown', shown: 'initial' }).declined, 'Your card was declined.');
    for (const action of [
      { type: 'preset', cents: 5000 },
      { type: 'custom', value: '12', bad: false },
      { type: 'currency', currency: 'chf' },
      { type: 'interval', interval: 'month' },
      { type: 'project', projectId: 3 },
      { type: 'coverFees', on: true },
      { type: 'paying' },
    ] as DonationFormAction[]) {
      assert.equal(donationFormReducer(declined, action).declined, null, action.type);
    }
    // Typing the same amount again is no change.
    assert.equal(donationFormReducer(declined, { type: 'custom', value: '150', bad: false }).declined, 'Your card was declined.');
    // A session gone on the server: a fresh one for the same choice.
    assert.equal(donationFormReducer(declined, { type: 'declined', message: 'x', renew: true }).attempt, 1);
  });
});

describe('what the server is asked for', () => {
  test("a one-off gift's session: the gift's choice, as the server's schema takes it", () => {
    assert.equal(sessionRequest(form({}, { type: 'custom', value: '0.5', bad: false }), ctx), null);
    const s = form({ selectedProjectId: 4, currency: 'chf' }, { type: 'custom', value: '25.5', bad: false }, { type: 'coverFees', on: true });
    const request = sessionRequest(s, { ...ctx, fundraiserId: 9, source: '/news/solar' });
    assert.deepEqual(request, { amount: 25.5, currency: 'chf', interval: 'once', projectId: 4, language: 'en', checkoutId: 'visit-12345678', coverFees: true, fundraiserId: 9, source: '/news/solar' });
    const parsed = CreateIntentSchema.parse(request);
    assert.deepEqual([parsed.amount, parsed.currency, parsed.projectId, parsed.coverFees], [2550, 'chf', 4, true]);
    assert.deepEqual(sessionRequest(form(), ctx), { amount: 150, currency: 'usd', interval: 'once', projectId: null, language: 'en', checkoutId: 'visit-12345678' });
  });

  test("a monthly gift's request carries the donor and the options; a one-off's details go with its session", () => {
    const s = form(
      { selectedProjectId: 4, interval: 'month', currency: 'chf' },
      { type: 'email', value: ' anna@example.org ' },
      { type: 'name', value: ' Anna Meier ' },
      { type: 'shown', shown: 'initial' },
      { type: 'follow', on: true },
      { type: 'coverFees', on: true },
      { type: 'method', method: 'twint' },
    );
    const tribute = { kind: 'honour' as const, name: 'Rosa' };
    const monthly = monthlyRequest(s, formFacts(s, RATES), tribute, ctx)!;
    assert.deepEqual(monthly, {
      amount: 150, currency: 'chf', interval: 'month', projectId: 4, language: 'en', checkoutId: 'visit-12345678',
      email: 'anna@example.org', name: 'Anna Meier', coverFees: true, paymentMethod: 'twint', publicName: 'Anna M.', tribute, followProject: true,
    });
    assert.equal(CreateIntentSchema.parse(monthly).email, 'anna@example.org');
    assert.equal(monthlyRequest(form(), formFacts(form(), RATES), null, ctx), null);

    const once = { ...s, interval: 'once' as const };
    const details = giftDetailsRequest(once, formFacts(once, RATES), null, SECRET, 'de');
    assert.deepEqual(details, { clientSecret: SECRET, email: 'anna@example.org', language: 'de', name: 'Anna Meier', publicName: 'Anna M.', followProject: true, paymentMethod: 'twint' });
    assert.equal(GiftDetailsSchema.parse(details).paymentMethod, 'twint');
    // Following needs a project; the method is sent only when the fee is covered.
    const general = form({}, { type: 'email', value: 'a@b.ch' }, { type: 'follow', on: true });
    assert.deepEqual(giftDetailsRequest(general, formFacts(general, RATES), null, SECRET, 'en'), { clientSecret: SECRET, email: 'a@b.ch', language: 'en' });
  });
});
