// A property-based fuzz of every route (fast-check): public pages in both languages, the public and
// admin APIs, the no-JavaScript admin forms, the newsletter, payments and media uploads get
// malformed JSON, wrong types, missing and extra fields, huge and odd Unicode strings, NUL bytes,
// odd ids and amounts, wrong content types and malformed multipart. Properties: never a 5xx;
// every /api error is JSON with a string `error`; unsigned webhooks are a 400; and afterwards the
// database is consistent (integrity, foreign keys, column lengths, slugs, media files).
//
// Requests are sent one at a time (the failed-login limiter counts key requests in flight).
// FUZZ_SEED and FUZZ_RUNS change the seed and the number of requests:
//   FUZZ_SEED=42 FUZZ_RUNS=10000 TEST_DATABASES=sqlite tsx scripts/run-tests.ts test/api/fuzz.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import sharp from 'sharp';
import { testApp } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import type { AppHandle } from '../../app';
import { isSqlite } from '../../db/connection';
import { PAGES } from '../../controllers/pages';
import { ADMIN_TABS, adminScreenPath } from '../../models/shared/admin-rules';
import { PAGE_PATHS } from '../../models/shared/urls';
import { LIBRARY_MARKER } from '../../models/media/library';
import { isErrorCode } from '../../models/shared/error-codes';

const envInt = (name: string, fallback: number) => {
  const n = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};
const SEED = envInt('FUZZ_SEED', 20261122);
const RUNS = envInt('FUZZ_RUNS', 2500);

const ADMIN_KEY = 'demo-admin-key-change-me';
/** Every provider's bounce webhook set up, so the fuzz reaches their checks (test/api/mail-events.test.ts signs real ones). */
const MAIL_EVENT_ENV = { POSTMARK_WEBHOOK_USER: 'fuzz', POSTMARK_WEBHOOK_PASSWORD: 'fuzz-password-0123456789', SES_SNS_TOPIC_ARN: 'arn:aws:sns:us-east-1:123456789012:ses-feedback', MAILGUN_WEBHOOK_SIGNING_KEY: 'fuzz-signing-key', BREVO_WEBHOOK_TOKEN: 'fuzz-token-0123456789abcdef' };

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/** A JSON token written as is: numbers JSON.stringify cannot write (1e309 parses as Infinity). */
class Raw {
  constructor(readonly json: string) {}
}

function toJson(v: unknown): string {
  if (v instanceof Raw) return v.json;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** A form field's text for any generated value. */
const asField = (v: unknown): string => (typeof v === 'string' ? v : v instanceof Raw ? v.json : typeof v === 'number' || typeof v === 'boolean' ? String(v) : toJson(v));

const SPECIAL_STRINGS = [
  '', ' ', '\t\n\r', 'null', 'undefined', 'true', '0', '-1', 'NaN',
  '🌾👩🏽‍🌾🇨🇭', 'مرحبا بالعالم', 'שלום', '\u202Eevil\u202C', 'e\u0301\u0302\u0303', 'Z\u0351\u0352\u0353\u0354a\u0355\u0356lgo',
  'zero\u200bwidth\u200c\u200d\u2060\uFEFF', '\u00a0\u2028\u2029', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'ß', 'İı', '\uFFFD\uFFFF\uFFFE',
  '1 OR 1=1', "' OR '1'='1", '"; DROP TABLE projects; --', '../../etc/passwd', '..\\..\\windows', '%00', '%zz', '%E0%A4%A', '\\u0000',
  '<script>alert(1)</script>', '{{constructor.constructor("x")()}}', '__proto__', 'constructor', '${7*7}', 'javascript:alert(1)',
  '/uploads/../../package.json', '//evil.example/x.png', 'http://[::1', 'a\u0000b', '\u0000', 'x\ud800y', '\udc00', '\ud83c',
  'tariro-nook', 'new-project-template', 'funding', 'zimbabwe', 'projects', 'home', 'en', 'de',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const withInsert = (inner: fc.Arbitrary<string>) => fc.tuple(fc.string({ maxLength: 8 }), inner, fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c);

const longString = fc
  .tuple(fc.constantFrom('x', 'é', '🌾', '\u200b', 'a b ', 'e\u0301', '1'), fc.integer({ min: 120, max: 6000 }))
  .map(([c, n]) => c.repeat(n));
/** Up to about 1 MB once in a body (rare: they cost time). */
const hugeString = fc.tuple(fc.constantFrom('x', '🌾', 'ü'), fc.integer({ min: 100_000, max: 260_000 })).map(([c, n]) => c.repeat(n));

const oddString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 80 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 60 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 60 },
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 100 },
  { arbitrary: withInsert(loneSurrogate), weight: 20 },
  { arbitrary: withInsert(fc.constant('\u0000')), weight: 20 },
  { arbitrary: longString, weight: 40 },
  { arbitrary: hugeString, weight: 3 },
);

const ODD_ID_TEXTS = ['0', '-1', '1.5', '1e309', '2147483648', '2147483647', '4294967296', '9007199254740993', '1 OR 1=1', '../', '%00', '', ' 1', '0x10', '１', '1e3', '01', 'x'.repeat(300), '9'.repeat(400)];
const oddId: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 31), 1e21, Number.MIN_VALUE), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_ID_TEXTS), weight: 3 },
  { arbitrary: fc.constantFrom(new Raw('1e309'), new Raw('-1e309'), new Raw('123456789012345678901234567890'), new Raw('-0')), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

const oddAmount: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.integer({ min: -10, max: 1_000_000 }), weight: 3 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.constantFrom('150', '25.50', '1e21', '-5', '0.001', '99999999999999999999', 'NaN', 'Infinity', '1,000', '$5', '1.999', '  12.50 ', '0', '', '+5', '.5', '5.', '999999.99', '1000000', '9223372036854775807', '0.00'), weight: 4 },
  { arbitrary: fc.constantFrom(new Raw('1e309'), new Raw('1e-400'), new Raw('99999999999999999999999')), weight: 1 },
  { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 30n }).map((n) => n.toString()), weight: 1 },
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: oddString, weight: 25 },
  { arbitrary: oddId, weight: 10 },
  { arbitrary: oddAmount, weight: 5 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { id: 1 }, ['a', 1]), weight: 10 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 10 },
  { arbitrary: fc.integer({ min: 40, max: 1500 }).map((depth) => { let v: unknown = 'deep'; for (let i = 0; i < depth; i++) v = [v]; return v; }), weight: 1 },
);

type FieldKind = 'text' | 'id' | 'amount' | 'list' | 'any';

/** A valid body with up to three fields dropped or replaced by odd values of their kind, and extra fields. */
function mutated(base: Record<string, unknown>, kinds: Record<string, FieldKind> = {}): fc.Arbitrary<Record<string, unknown>> {
  const oddOf = (key: string): fc.Arbitrary<unknown> => {
    const kind = kinds[key] ?? 'text';
    const odd = kind === 'id' ? oddId : kind === 'amount' ? oddAmount : kind === 'list' ? fc.array(oddId, { maxLength: 60 }) : kind === 'any' ? anyValue : oddString;
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: odd, weight: 4 }, { arbitrary: anyValue, weight: 1 });
  };
  const changes = fc.subarray(Object.keys(base), { maxLength: Math.min(3, Object.keys(base).length) }).chain((keys) => fc.tuple(...keys.map((k) => oddOf(k).map((v) => [k, v] as const))));
  const extra = fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', '_csrf', 'createdAt', 'a[b]', 'x\u0000')), anyValue), { maxLength: 2 });
  return fc.tuple(changes, extra).map(([changed, more]) => {
    const out: Record<string, unknown> = {};
    const set = (k: string, v: unknown) => Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    for (const [k, v] of Object.entries(base)) set(k, v);
    for (const [k, v] of changed) {
      if (v === undefined) delete out[k];
      else set(k, v);
    }
    for (const [k, v] of more) set(k, v);
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type Auth = 'none' | 'key' | 'bad-key' | 'session';
type Csrf = 'valid' | 'missing' | 'wrong';

interface MultipartSpec {
  boundary: string;
  header: 'ok' | 'no-boundary' | 'other-boundary' | 'not-multipart';
  fields: [string, string][];
  file: { param: string; content: 'png' | 'pdf' | 'garbage' | 'empty' | 'html' | 'camt' | 'camt-broken'; contentType: string } | null;
  ending: 'ok' | 'none' | 'truncated' | 'garbage';
  cut: number;
}

type Body =
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'multipart'; spec: MultipartSpec };

interface Req {
  method: string;
  path: string;
  auth: Auth;
  csrf: Csrf;
  headers: Record<string, string>;
  body: Body | null;
  /** Route label for the message of a failure. */
  route: string;
}

/** A URL path segment: encodeURIComponent, or the percent-encoded UTF-8 of what it cannot take. */
function segment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

const rawSegment = fc.constantFrom('%zz', '%E0%A4%A', '%ED%A0%80', '%F0%9F%8C%BE', '..%2F..%2Fpackage.json', '%2e%2e', '%00', 'x%00y', '%FF%FE', '%C0%80', '%25', '%', 'a;b', 'a,b', '~');
const idSegment = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 40 }).map(String), weight: 5 }, { arbitrary: fc.constantFrom(...ODD_ID_TEXTS).map(segment), weight: 3 }, { arbitrary: rawSegment, weight: 1 });
const textSegment = fc.oneof({ arbitrary: oddString.filter((s) => s.length < 3000).map(segment), weight: 3 }, { arbitrary: rawSegment, weight: 1 });

/**
 * Slugs that exist: the demo content's, and every one a create answered with (added during the run,
 * in order, so a seed always makes the same requests). Drawn by index when a request is sent.
 */
const slugPool: string[] = [];
const knownSlug = fc.nat({ max: 100_000 }).map((i) => `@slug${i}@`);
const withKnownSlugs = (p: string) => p.replace(/@slug(\d+)@/g, (_, i: string) => segment(slugPool[Number(i) % slugPool.length] ?? 'none'));

const QUERY_KEYS = ['tab', 'edit', 'new', 'delete', 'revision', 'restore', 'trash', 'kind', 'actor', 'action', 'name', 'category', 'q', 'limit', 'entity', 'status', 'project', 'token', 'mode', 'error', 'sent', 'loggedOut', 'payment', 'x', 'a[b]', 'a[]', '__proto__'];
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 }).map(segment)), fc.oneof(fc.constantFrom('projects', 'news', 'team', 'pages', 'media', 'newsletter', 'social', '1', '2', 'de', 'email', 'invalid', 'success').map(segment), textSegment, idSegment)), { maxLength: 4 })
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));

/** The Donations tab's filters, with values that are right, nearly right and wrong. */
const donationQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom('from', 'to', 'project', 'currency', 'kind', 'status', 'page', 'year'),
      fc.oneof(fc.constantFrom('2025-01-01', '2025-02-30', '2025-13-01', '0999-01-01', 'usd', 'gbp', 'general', 'one_off', 'monthly', 'partially_refunded', '2025', '1999', '0', '-1', '99999999999', '').map(segment), textSegment, idSegment),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));

/** Header values Node's HTTP client accepts (no control characters). */
const headerText = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));
const headers = fc.record(
  {
    accept: fc.constantFrom('text/html', 'application/json', '*/*', 'image/png', 'text/html,application/json;q=0.9', 'application/json;q=0'),
    referer: fc.oneof(fc.constantFrom('http://[::1', 'http://a b', 'http://%zz', 'http://127.0.0.1/de/news', 'https://evil.example/', '/de/about', '::::', ''), headerText),
    cookie: fc.oneof(fc.constantFrom('lang=de', 'lang=en', 'lang=%zz', 'lang=de; lang=en', 'admin.sid=s%3Agarbage.sig', 'admin.sid=%00', 'x=%E0%A4%A'), headerText),
    'stripe-signature': fc.oneof(fc.constantFrom('t=1,v1=abc', 't=9999999999,v1=' + 'a'.repeat(64), 'garbage', ''), headerText),
  },
  { requiredKeys: [] },
).map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== '')) as Record<string, string>);

const jsonBody = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Body | null> =>
  fc.oneof(
    { arbitrary: value.map((v): Body => ({ kind: 'json', value: v })), weight: 8 },
    { arbitrary: value.map((v): Body => ({ kind: 'form', value: (v && typeof v === 'object' ? v : { value: v }) as Record<string, unknown> })), weight: 2 },
    { arbitrary: fc.constantFrom('{', '{"a":', '{"title": "x",}', "{'a': 1}", '[1,2', '"string"', 'null', '12', 'true', '{"a":1}{"b":2}', '\u0000', '\uFEFF{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}', '[]', '{}').map((text): Body => ({ kind: 'text', text, contentType: 'application/json' })), weight: 2 },
    { arbitrary: fc.tuple(value, fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/x-www-form-urlencoded; charset=koi8-r', 'multipart/form-data', 'application/octet-stream', 'application/vnd.api+json')).map(([v, ct]): Body => ({ kind: 'json', value: v, contentType: ct })), weight: 2 },
    { arbitrary: fc.constant(null), weight: 1 },
  );

const formBody = (value: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Body> =>
  fc.oneof(
    { arbitrary: value.map((v): Body => ({ kind: 'form', value: v })), weight: 8 },
    { arbitrary: value.map((v): Body => ({ kind: 'json', value: v })), weight: 1 },
    { arbitrary: fc.constantFrom('a=%zz&b', '=&&=', '_csrf', 'title=%E0%A4%A', '%00=%00').map((text): Body => ({ kind: 'text', text, contentType: 'application/x-www-form-urlencoded' })), weight: 1 },
  );

const adminAuth = fc.oneof({ arbitrary: fc.constant<Auth>('key'), weight: 8 }, { arbitrary: fc.constant<Auth>('session'), weight: 3 }, { arbitrary: fc.constant<Auth>('none'), weight: 1 }, { arbitrary: fc.constant<Auth>('bad-key'), weight: 1 });
const csrfMode = fc.oneof({ arbitrary: fc.constant<Csrf>('valid'), weight: 8 }, { arbitrary: fc.constant<Csrf>('missing'), weight: 1 }, { arbitrary: fc.constant<Csrf>('wrong'), weight: 1 });
const lang = fc.constantFrom('', '/de');

/** Every route's generator, as made: after the random run, more of each until every route was reached, whatever the seed. */
const ROUTE_GENERATORS: fc.Arbitrary<Req>[] = [];

function req(parts: { method: fc.Arbitrary<string> | string; path: fc.Arbitrary<string>; auth?: fc.Arbitrary<Auth> | Auth; body?: fc.Arbitrary<Body | null>; route: string }): fc.Arbitrary<Req> {
  const arb = <T>(v: fc.Arbitrary<T> | T): fc.Arbitrary<T> => (v instanceof fc.Arbitrary ? v : fc.constant(v));
  const made = fc.record({
    method: arb(parts.method),
    // Node's HTTP parser refuses a request head over 16 KB before the app sees it.
    path: parts.path.filter((p) => p.length <= 12_000),
    auth: arb(parts.auth ?? 'none'),
    csrf: csrfMode,
    headers,
    body: parts.body ?? fc.constant(null),
    route: fc.constant(parts.route),
  });
  ROUTE_GENERATORS.push(made);
  return made;
}

// ---- Bodies of the routes

const PROJECT = { title: 'Rain Tanks', titleDe: 'Regentanks', description: 'Tanks for the rain.', descriptionDe: 'Tanks für den Regen.', goalAmount: '1500', raisedAmount: '10', imageUrl: '/images/projects/village-borehole-water-point.svg', status: 'funding', order: '2', slug: '' };
const NEWS = { title: 'Tank Full', titleDe: 'Tank voll', abstract: 'Full.', abstractDe: 'Voll.', content: '## Rain\n\nIt rained.', contentDe: '## Regen\n\nEs regnete.', excerpt: '', imageUrl: '/images/news/annual-report-2024-published.svg', projectId: 1, publishedAt: '2026-03-01', slug: '' };
const TEAM = { name: 'Tariro Moyo', position: 'Coordinator', positionDe: 'Koordinatorin', bio: 'Bio.', bioDe: 'Bio.', imageUrl: '/images/team/trustee-placeholder.svg', location: 'zimbabwe', order: 1 };
const PAGE = { pageName: 'about', title: 'About', titleDe: 'Über uns', content: 'Text', contentDe: 'Text', metaDescription: 'About us', metaDescriptionDe: 'Über uns', texts: { 'about.story.p1': { en: 'Our story', de: 'Unsere Geschichte' } } };
const MEDIA_META = { category: 'projects', description: 'A photo', altText: 'A green square', tags: 'a, b' };
const SPENDING = { date: '2026-03-14', amount: '120.50', category: 'materials', description: 'Cement for the workshop floor', descriptionDe: 'Zement für den Werkstattboden' };
const GLOSSARY = { termEn: 'Mission Hospital', termDe: 'Missionsspital', note: 'Always this way' };
/** Free text fields: stored as sent, trimmed (empty optional ones as null). */
const TEXT_FIELDS = ['title', 'titleDe', 'description', 'descriptionDe', 'abstract', 'abstractDe', 'content', 'contentDe', 'excerpt', 'name', 'position', 'positionDe', 'bio', 'bioDe', 'metaDescription', 'metaDescriptionDe'];
const RESOURCES = {
  projects: mutated(PROJECT, { goalAmount: 'amount', raisedAmount: 'amount', order: 'id' }),
  news: mutated(NEWS, { projectId: 'id', publishedAt: 'any' }),
  team: mutated(TEAM, { order: 'id' }),
  pages: mutated(PAGE),
} as const;

type ResourceName = keyof typeof RESOURCES;
/** One generator per content resource, each made here (not inside a chain), so the run's first requests include every one. */
const perResource = (make: (name: ResourceName, body: fc.Arbitrary<Record<string, unknown>>) => fc.Arbitrary<Req>): fc.Arbitrary<Req> =>
  fc.oneof(...(Object.keys(RESOURCES) as ResourceName[]).map((name) => make(name, RESOURCES[name])));

// Content CRUD under /api/admin: the writes get the most requests.
const contentWrites: fc.Arbitrary<Req> = perResource((name, body) =>
  fc.oneof(
    req({ route: `POST /api/admin/${name}`, method: 'POST', path: fc.constant(`/api/admin/${name}`), auth: adminAuth, body: jsonBody(body) }),
    req({ route: `PUT /api/admin/${name}/:id`, method: 'PUT', path: idSegment.map((id) => `/api/admin/${name}/${id}`), auth: adminAuth, body: jsonBody(body) }),
  ),
);

const adminApi: fc.Arbitrary<Req> = fc.oneof(
  // Weights: every mounted route gets requests in a run of a few thousand, whatever the seed.
  { arbitrary: req({ route: 'GET /api/admin/<list>', method: 'GET', path: fc.tuple(fc.constantFrom('projects', 'news', 'team', 'pages'), queryString).map(([n, q]) => `/api/admin/${n}${q}`), auth: adminAuth }), weight: 3 },
  req({ route: 'PATCH|DELETE /api/admin/<list>', method: fc.constantFrom('PATCH', 'DELETE'), path: fc.constantFrom('projects', 'news', 'team', 'pages').map((n) => `/api/admin/${n}`), auth: adminAuth }),
  { arbitrary: req({ route: 'GET /api/admin/<resource>/:id', method: 'GET', path: fc.tuple(fc.constantFrom('projects', 'news', 'team', 'pages'), idSegment).map(([n, id]) => `/api/admin/${n}/${id}`), auth: adminAuth }), weight: 3 },
  { arbitrary: req({ route: 'DELETE /api/admin/<resource>/:id', method: 'DELETE', path: fc.tuple(fc.constantFrom('projects', 'news', 'team', 'pages'), idSegment).map(([n, id]) => `/api/admin/${n}/${id}`), auth: adminAuth }), weight: 3 },
  req({ route: 'GET /api/admin/audit', method: 'GET', path: queryString.map((q) => `/api/admin/audit${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/session', method: 'GET', path: fc.constant('/api/admin/session'), auth: adminAuth }),
  req({ route: 'POST /api/admin/login', method: 'POST', path: fc.constant('/api/admin/login'), auth: fc.constantFrom<Auth>('none', 'bad-key'), body: jsonBody(mutated({ mode: 'key', key: 'wrong-key', email: 'someone@example.org' })) }),
  req({ route: 'POST /api/admin/logout', method: 'POST', path: fc.constant('/api/admin/logout'), auth: fc.constantFrom<Auth>('key', 'none', 'bad-key') }),
  // Media API.
  req({ route: 'GET /api/media', method: 'GET', path: queryString.map((q) => `/api/media${q}`), auth: adminAuth }),
  // An item, and where the content still shows it.
  req({ route: 'GET /api/media/:id[/usage]', method: 'GET', path: fc.tuple(idSegment, fc.constantFrom('', '/usage')).map(([id, more]) => `/api/media/${id}${more}`), auth: adminAuth }),
  req({ route: 'DELETE /api/media/:id', method: 'DELETE', path: idSegment.map((id) => `/api/media/${id}`), auth: adminAuth }),
  req({ route: 'PUT /api/media/:id', method: 'PUT', path: idSegment.map((id) => `/api/media/${id}`), auth: adminAuth, body: jsonBody(mutated(MEDIA_META, { tags: 'any' })) }),
  // Newsletter builder and subscribers, social posts.
  req({ route: 'GET /api/admin/newsletter/status', method: 'GET', path: fc.constant('/api/admin/newsletter/status'), auth: adminAuth }),
  req({ route: 'POST /api/admin/newsletter/suggest', method: 'POST', path: fc.constant('/api/admin/newsletter/suggest'), auth: adminAuth, body: jsonBody(mutated({ selectedNews: [1, { id: 2 }], selectedProjects: [1], language: 'de' }, { selectedNews: 'list', selectedProjects: 'list', language: 'any' })) }),
  req({ route: 'POST /api/admin/newsletter/generate', method: 'POST', path: fc.constant('/api/admin/newsletter/generate'), auth: adminAuth, body: jsonBody(mutated({ subject: 'News', previewText: 'From the villages', language: 'en', selectedNews: [1], selectedProjects: [2] }, { selectedNews: 'list', selectedProjects: 'list' })) }),
  req({ route: 'POST /api/admin/newsletter/test-send', method: 'POST', path: fc.constant('/api/admin/newsletter/test-send'), auth: adminAuth, body: jsonBody(mutated({ subject: 'News', previewText: '', language: 'en', selectedNews: [1], selectedProjects: [], to: 'me@example.org' }, { selectedNews: 'list', selectedProjects: 'list' })) }),
  req({ route: 'POST /api/admin/newsletter/create-campaign', method: 'POST', path: fc.constant('/api/admin/newsletter/create-campaign'), auth: adminAuth, body: jsonBody(mutated({ subject: 'News', previewText: '', language: 'en', newsIds: [1], projectIds: [] }, { newsIds: 'list', projectIds: 'list' }).map((d) => ({ newsletterData: d }))) }),
  req({ route: 'POST /api/admin/newsletter/send/:campaignId', method: 'POST', path: fc.oneof(idSegment, textSegment).map((id) => `/api/admin/newsletter/send/${id}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/newsletter/campaigns/:id/preview', method: 'GET', path: idSegment.map((id) => `/api/admin/newsletter/campaigns/${id}/preview`), auth: adminAuth }),
  req({ route: 'GET /api/admin/newsletter/campaigns/:id/progress', method: 'GET', path: idSegment.map((id) => `/api/admin/newsletter/campaigns/${id}/progress`), auth: adminAuth }),
  req({ route: 'POST /api/admin/newsletter/campaigns/:id/retry', method: 'POST', path: idSegment.map((id) => `/api/admin/newsletter/campaigns/${id}/retry`), auth: adminAuth, body: jsonBody(anyValue) }),
  req({ route: 'GET /api/admin/newsletter/campaigns', method: 'GET', path: queryString.map((q) => `/api/admin/newsletter/campaigns${q}`), auth: adminAuth }),
  // Words: the Markdown preview and a page's texts.
  req({ route: 'POST /api/admin/markdown/preview', method: 'POST', path: fc.constant('/api/admin/markdown/preview'), auth: adminAuth, body: jsonBody(mutated({ text: '## Heading\n\n**bold** [link](/projects)' })) }),
  req({ route: 'GET /api/admin/page-texts/:pageName', method: 'GET', path: fc.oneof(fc.constantFrom('about', 'home', 'nook', 'contact'), textSegment).map((p) => `/api/admin/page-texts/${p}`), auth: adminAuth }),
  // Revisions and trash.
  req({ route: 'GET /api/admin/audit/people', method: 'GET', path: queryString.map((q) => `/api/admin/audit/people${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/:name/:id/revisions', method: 'GET', path: fc.tuple(fc.constantFrom('projects', 'news', 'team', 'pages'), idSegment).map(([n, id]) => `/api/admin/${n}/${id}/revisions`), auth: adminAuth }),
  req({ route: 'GET /api/admin/revisions/:revId', method: 'GET', path: idSegment.map((id) => `/api/admin/revisions/${id}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/revisions/:revId/restore', method: 'POST', path: idSegment.map((id) => `/api/admin/revisions/${id}/restore`), auth: adminAuth, body: jsonBody(anyValue) }),
  req({ route: 'GET /api/admin/trash', method: 'GET', path: queryString.map((q) => `/api/admin/trash${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/trash/:name/:id/restore', method: 'POST', path: fc.tuple(fc.oneof(fc.constantFrom('projects', 'news', 'team', 'pages', 'media'), textSegment), idSegment).map(([n, id]) => `/api/admin/trash/${n}/${id}/restore`), auth: adminAuth }),
  // Where the money went, the translation status, machine drafts and the glossary.
  req({ route: 'GET /api/admin/projects/:id/spending', method: 'GET', path: idSegment.map((id) => `/api/admin/projects/${id}/spending`), auth: adminAuth }),
  req({ route: 'POST /api/admin/projects/:id/spending', method: 'POST', path: idSegment.map((id) => `/api/admin/projects/${id}/spending`), auth: adminAuth, body: jsonBody(mutated(SPENDING)) }),
  req({ route: 'GET|PUT|DELETE /api/admin/spending/:id', method: 'GET', path: idSegment.map((id) => `/api/admin/spending/${id}`), auth: adminAuth }),
  req({ route: 'PUT /api/admin/spending/:id', method: 'PUT', path: idSegment.map((id) => `/api/admin/spending/${id}`), auth: adminAuth, body: jsonBody(mutated(SPENDING)) }),
  req({ route: 'DELETE /api/admin/spending/:id', method: 'DELETE', path: idSegment.map((id) => `/api/admin/spending/${id}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/translations', method: 'GET', path: queryString.map((q) => `/api/admin/translations${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/mail-health', method: 'GET', path: queryString.map((q) => `/api/admin/mail-health${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/translate', method: 'POST', path: fc.constant('/api/admin/translate'), auth: adminAuth, body: jsonBody(mutated({ text: '## Water\n\nThe [borehole](/projects) is ready.', from: 'en', to: 'de' })) }),
  req({ route: 'POST /api/admin/a11y-check', method: 'POST', path: fc.constant('/api/admin/a11y-check'), auth: adminAuth, body: jsonBody(mutated({ values: { content: '# Title\n\n![IMG_2041.jpg](/images/logo.svg)', contentDe: '[hier klicken](/x)' } })) }),
  req({ route: 'GET /api/admin/glossary', method: 'GET', path: fc.constant('/api/admin/glossary'), auth: adminAuth }),
  req({ route: 'POST /api/admin/glossary', method: 'POST', path: fc.constant('/api/admin/glossary'), auth: adminAuth, body: jsonBody(mutated(GLOSSARY)) }),
  req({ route: 'PUT /api/admin/glossary/:id', method: 'PUT', path: idSegment.map((id) => `/api/admin/glossary/${id}`), auth: adminAuth, body: jsonBody(mutated(GLOSSARY)) }),
  req({ route: 'DELETE /api/admin/glossary/:id', method: 'DELETE', path: idSegment.map((id) => `/api/admin/glossary/${id}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/projects/:id/ledger', method: 'GET', path: idSegment.map((id) => `/api/admin/projects/${id}/ledger`), auth: adminAuth }),
  { arbitrary: req({ route: 'GET /api/admin/newsletter/subscribers', method: 'GET', path: fc.tuple(fc.constantFrom('', '.csv'), queryString).map(([csv, q]) => `/api/admin/newsletter/subscribers${csv}${q}`), auth: adminAuth }), weight: 2 },
  req({ route: 'GET /api/admin/newsletter/subscribers/:id', method: 'GET', path: idSegment.map((id) => `/api/admin/newsletter/subscribers/${id}`), auth: adminAuth }),
  req({ route: 'DELETE /api/admin/newsletter/subscribers/:id', method: 'DELETE', path: idSegment.map((id) => `/api/admin/newsletter/subscribers/${id}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/newsletter/suppressions', method: 'GET', path: queryString.map((q) => `/api/admin/newsletter/suppressions${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/newsletter/suppressions/lift', method: 'POST', path: fc.constant('/api/admin/newsletter/suppressions/lift'), auth: adminAuth, body: jsonBody(mutated({ address: 'ben@example.org' }, { address: 'text' })) }),
  req({ route: 'POST /api/admin/privacy/access|erasure', method: 'POST', path: fc.constantFrom('/api/admin/privacy/access', '/api/admin/privacy/erasure'), auth: adminAuth, body: jsonBody(mutated({ email: 'person@example.org' }, { email: 'text' })) }),
  // Admins are people: the people, one's account (passkeys, sessions), the passkey sign-in and the invitation's passkey.
  req({ route: 'GET /api/admin/people', method: 'GET', path: queryString.map((q) => `/api/admin/people${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/people', method: 'POST', path: fc.constant('/api/admin/people'), auth: adminAuth, body: jsonBody(mutated({ email: 'new.person@example.org', name: 'New Person', role: 'editor', language: 'de' }, { email: 'text', name: 'text', role: 'any', language: 'any' })) }),
  req({ route: 'DELETE /api/admin/people/:id', method: 'DELETE', path: idSegment.map((id) => `/api/admin/people/${id}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/account', method: 'GET', path: fc.constant('/api/admin/account'), auth: adminAuth }),
  req({ route: 'POST /api/admin/account/passkeys/options', method: 'POST', path: fc.constant('/api/admin/account/passkeys/options'), auth: adminAuth, body: jsonBody(anyValue) }),
  req({ route: 'POST /api/admin/account/passkeys', method: 'POST', path: fc.constant('/api/admin/account/passkeys'), auth: adminAuth, body: jsonBody(mutated({ ceremony: 'abc', response: { id: 'x', response: {} }, name: 'Phone' }, { ceremony: 'any', response: 'any', name: 'any' })) }),
  req({ route: 'DELETE /api/admin/account/passkeys/:id', method: 'DELETE', path: idSegment.map((id) => `/api/admin/account/passkeys/${id}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/account/sessions/end', method: 'POST', path: fc.constant('/api/admin/account/sessions/end'), auth: adminAuth, body: jsonBody(mutated({ others: true }, { others: 'any' })) }),
  // Preview links of an item as it would be.
  { arbitrary: perResource((name, body) => req({ route: 'POST /api/admin/preview', method: 'POST', path: fc.constant('/api/admin/preview'), auth: adminAuth, body: jsonBody(fc.record({ entity: fc.oneof({ arbitrary: fc.constant<unknown>(name), weight: 4 }, { arbitrary: anyValue, weight: 1 }), id: fc.option(fc.oneof(fc.integer({ min: 1, max: 40 }), anyValue)), values: fc.oneof({ arbitrary: body as fc.Arbitrary<unknown>, weight: 4 }, { arbitrary: anyValue, weight: 1 }) })) })), weight: 2 },
  req({ route: 'POST /api/admin/social-media/generate', method: 'POST', path: fc.constant('/api/admin/social-media/generate'), auth: adminAuth, body: jsonBody(mutated({ contentType: 'project', content: { id: 1, title: 'x' }, platforms: ['facebook', 'x'], language: 'de' }, { content: 'any', platforms: 'any' })) }),  // Donations tab: ledger filters, CSV, monthly donors, certificate runs.
  { arbitrary: req({ route: 'GET /api/admin/donations', method: 'GET', path: fc.tuple(fc.constantFrom('', '.csv'), donationQuery).map(([csv, q]) => `/api/admin/donations${csv}${q}`), auth: adminAuth }), weight: 2 },
  req({ route: 'GET /api/admin/donations/monthly|at-risk', method: 'GET', path: fc.tuple(fc.constantFrom('monthly', 'at-risk'), queryString).map(([p, q]) => `/api/admin/donations/${p}${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/donations/certificates', method: 'GET', path: donationQuery.map((q) => `/api/admin/donations/certificates${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/donations/certificates/runs', method: 'POST', path: fc.constant('/api/admin/donations/certificates/runs'), auth: adminAuth, body: jsonBody(mutated({ year: 2025, lang: 'en', confirm: true }, { year: 'any' })) }),
  req({ route: 'GET /api/admin/donations/certificates/runs/:id', method: 'GET', path: idSegment.map((id) => `/api/admin/donations/certificates/runs/${id}`), auth: adminAuth }),
);

const publicApi: fc.Arbitrary<Req> = fc.oneof(
  req({ route: 'GET /api/projects/:id/spending', method: 'GET', path: fc.oneof(idSegment, textSegment).map((id) => `/api/projects/${id}/spending`) }),
  { arbitrary: req({ route: 'GET /api/<list>', method: 'GET', path: fc.tuple(fc.constantFrom('projects', 'news', 'team'), queryString).map(([n, q]) => `/api/${n}${q}`) }), weight: 3 },
  req({ route: 'POST|PUT|DELETE /api/<list>', method: fc.constantFrom('POST', 'PUT', 'DELETE'), path: fc.constantFrom('projects', 'news', 'team').map((n) => `/api/${n}`), body: jsonBody(anyValue) }),
  req({ route: 'GET /api/projects/:id', method: 'GET', path: idSegment.map((id) => `/api/projects/${id}`) }),
  req({ route: 'GET /healthz', method: fc.constantFrom('GET', 'HEAD'), path: queryString.map((q) => `/healthz${q}`) }),
  req({ route: 'GET /readyz', method: fc.constantFrom('GET', 'HEAD'), path: queryString.map((q) => `/readyz${q}`) }),
  req({ route: 'GET /api/news/project/:id', method: 'GET', path: idSegment.map((id) => `/api/news/project/${id}`) }),
  { arbitrary: req({ route: 'GET /api/<kind>/slug/:slug', method: 'GET', path: fc.tuple(fc.constantFrom('projects', 'news'), fc.oneof(textSegment, knownSlug, knownSlug)).map(([k, s]) => `/api/${k}/slug/${s}`) }), weight: 2 },
  req({ route: 'any /api/<unknown>', method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), path: fc.array(textSegment, { minLength: 1, maxLength: 3 }).map((s) => `/api/${s.join('/')}`), body: jsonBody(anyValue) }),
  req({ route: 'POST /api/admin/login/passkey(/options)', method: 'POST', path: fc.constantFrom('/api/admin/login/passkey', '/api/admin/login/passkey/options'), body: jsonBody(mutated({ ceremony: 'abc', response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } }, { ceremony: 'any', response: 'any' })) }),
  req({ route: 'POST /api/admin/login/invite(/options)', method: 'POST', path: fc.constantFrom('/api/admin/login/invite', '/api/admin/login/invite/options'), body: jsonBody(mutated({ token: 'a'.repeat(43), ceremony: 'abc', response: { id: 'x' } }, { token: 'any', ceremony: 'any', response: 'any' })) }),
  req({ route: 'POST /api/privacy/requests', method: 'POST', path: fc.constant('/api/privacy/requests'), body: jsonBody(mutated({ email: 'person@example.org', kind: 'access', language: 'de' }, { email: 'text', kind: 'any', language: 'any' })) }),
  req({ route: 'POST /api/donor/manage-link', method: 'POST', path: fc.constant('/api/donor/manage-link'), body: jsonBody(mutated({ email: 'donor@example.org', language: 'de', form: 'checkout' }, { email: 'text', language: 'any', form: 'any' })) }),
  req({ route: 'POST /api/donor/reference', method: 'POST', path: fc.constant('/api/donor/reference'), body: jsonBody(mutated({ email: 'donor@example.org', language: 'de' }, { email: 'text', language: 'any' })) }),
  req({ route: 'POST /api/newsletter/subscribe', method: 'POST', path: fc.constant('/api/newsletter/subscribe'), body: jsonBody(mutated({ email: 'reader@example.org', language: 'de', form: 'footer' }, { email: 'text', language: 'any', form: 'text' })) }),
  req({ route: 'POST /api/create-payment-intent', method: 'POST', path: fc.constant('/api/create-payment-intent'), body: jsonBody(mutated({ amount: 150, projectId: 1, language: 'en', checkoutId: 'abcdefgh1234', interval: 'quarter', email: 'donor@example.org' }, { amount: 'amount', projectId: 'id', language: 'any', interval: 'any' })) }),
  req({
    route: 'POST /api/fundraisers',
    method: 'POST',
    path: fc.constant('/api/fundraisers'),
    body: jsonBody(mutated({ projectId: 2, title: 'A run for the Nook', story: 'We run twenty kilometres along the lake for the Nook.', goal: 500, goalKind: 'amount', currency: 'chf', endDate: '2027-01-31', name: 'Ann', email: 'ann@example.org', language: 'de' }, { projectId: 'id', goal: 'amount', goalKind: 'any', currency: 'any', endDate: 'text', imageUrl: 'text' })),
  }),
  req({ route: 'GET /api/fundraisers/:slug', method: 'GET', path: fc.oneof(textSegment, fc.constant('miriams-40th-birthday-for-skills-for-life')).map((s) => `/api/fundraisers/${s}`) }),
  req({ route: 'POST /api/visits', method: 'POST', path: fc.constant('/api/visits'), body: jsonBody(mutated({ path: '/news', query: 'utm_campaign=spring', referrer: 'https://example.org/' }, { path: 'text', query: 'text', referrer: 'text' })) }),
  req({ route: 'GET /api/payment-reference/:paymentIntentId', method: 'GET', path: fc.oneof(fc.constantFrom('pi_123', 'pi_', `pi_${'a'.repeat(300)}`), textSegment).map((id) => `/api/payment-reference/${id}`) }),
  req({ route: 'POST /api/payment-details', method: 'POST', path: fc.constant('/api/payment-details'), body: jsonBody(mutated({ clientSecret: 'pi_123_secret_abc', email: 'a@example.ch', name: 'Anna' })) }),
  req({ route: 'POST /api/update-project-funding', method: 'POST', path: fc.constant('/api/update-project-funding'), body: jsonBody(mutated({ projectId: 1, amount: 150, paymentIntentId: 'pi_123' }, { projectId: 'id', amount: 'amount' })) }),
  // Unsigned (or wrongly signed) garbage only: signed events are another suite's.
  req({ route: 'POST /api/stripe/webhook', method: 'POST', path: fc.constant('/api/stripe/webhook'), body: jsonBody(fc.oneof(anyValue, fc.constant({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', amount: 100, metadata: { projectId: '1' } } } }))) }),
  // The sending providers' webhooks, unsigned or wrongly signed (signed ones are test/api/mail-events.test.ts's); no
  // certificate address on an SNS host, so nothing is fetched.
  req({
    route: 'POST /api/mail-events/:provider',
    method: 'POST',
    path: fc.oneof({ arbitrary: fc.constantFrom('postmark', 'ses', 'mailgun', 'brevo'), weight: 4 }, { arbitrary: textSegment, weight: 1 }).map((p) => `/api/mail-events/${p}`),
    body: jsonBody(
      fc.oneof(
        anyValue,
        mutated({ RecordType: 'Bounce', ID: 1, Type: 'HardBounce', MessageID: 'm-1', Email: 'a@example.org', BouncedAt: '2026-01-01T00:00:00Z' }, { ID: 'id', Type: 'any', BouncedAt: 'any' }),
        mutated({ signature: { timestamp: '1764720000', token: 't'.repeat(50), signature: 'a'.repeat(64) }, 'event-data': { id: 'x', event: 'failed', severity: 'permanent', recipient: 'a@example.org' } }, { signature: 'any', 'event-data': 'any' }),
        mutated({ Type: 'Notification', MessageId: 'm-1', TopicArn: MAIL_EVENT_ENV.SES_SNS_TOPIC_ARN, Message: '{"notificationType":"Bounce"}', Timestamp: '2026-01-01T00:00:00Z', SignatureVersion: '2', Signature: 'AAAA', SigningCertURL: 'https://evil.example/cert.pem' }, { Type: 'any', SignatureVersion: 'any', Message: 'any' }),
        mutated({ event: 'hard_bounce', email: 'a@example.org', 'message-id': '<m@x>', ts_event: 1 }, { ts_event: 'any' }),
      ),
    ),
  }),
);

const NOOK = PAGE_PATHS.nook;
// The public pages and the admin's (the sign-in page, every screen).
const STATIC_PAGES = [...PAGES.filter((r) => !r.path.includes(':')).map((r) => r.path), '/admin-login', ...ADMIN_TABS.map(adminScreenPath)];
const pages: fc.Arbitrary<Req> = fc.oneof(
  // The front door reads the Referer and the language cookie (a German visitor is sent to /de).
  req({ route: 'GET /', method: 'GET', path: fc.constantFrom('/', '/?x=1', '/de') }),
  { arbitrary: req({ route: 'GET <page>', method: 'GET', path: fc.tuple(lang, fc.constantFrom(...STATIC_PAGES, NOOK), queryString).map(([l, p, q]) => `${l}${l && p === '/' ? '' : p}${q}`), auth: fc.constantFrom<Auth>('none', 'none', 'session') }), weight: 8 },
  req({ route: 'POST|PUT|DELETE <page>', method: fc.constantFrom('POST', 'PUT', 'DELETE'), path: fc.tuple(lang, fc.constantFrom(...STATIC_PAGES, NOOK)).map(([l, p]) => `${l}${l && p === '/' ? '' : p}`), auth: fc.constantFrom<Auth>('none', 'session'), body: formBody(fc.constant({ a: 'b' })) }),
  req({ route: 'GET /checkout?project=', method: 'GET', path: fc.tuple(lang, fc.oneof(knownSlug, textSegment)).map(([l, slug]) => `${l}/checkout?project=${slug}`) }),
  { arbitrary: req({ route: 'GET /projects/:slug and /news/:slug', method: 'GET', path: fc.tuple(lang, fc.constantFrom('projects', 'news'), fc.oneof(textSegment, idSegment, knownSlug, knownSlug, fc.constant('new-project-template')), queryString).map(([l, k, s, q]) => `${l}/${k}/${s}${q}`) }), weight: 2 },
  req({ route: 'GET /impact/:year', method: 'GET', path: fc.tuple(lang, fc.oneof(textSegment, fc.integer({ min: -1, max: 99999 }).map(String), fc.constantFrom('2024', '2026', '')), queryString).map(([l, y, q]) => `${l}/impact/${y}${q}`) }),
  // Its PDF: a route of its own, so that every draw reaches it.
  req({ route: 'GET /impact/:year.pdf', method: 'GET', path: fc.tuple(lang, fc.oneof(textSegment, fc.integer({ min: -1, max: 99999 }).map(String), fc.constantFrom('2024', '2026', '1999', '')), queryString).map(([l, y, q]) => `${l}/impact/${y}.pdf${q}`) }),
  req({ route: 'GET <unknown page>', method: 'GET', path: fc.tuple(lang, fc.array(textSegment, { minLength: 1, maxLength: 3 })).map(([l, s]) => `${l}/${s.join('/')}`) }),
  req({ route: 'GET /uploads, /assets, /newsletter/images', method: 'GET', path: fc.tuple(fc.constantFrom('/uploads/', '/assets/', '/newsletter/images/', '/newsletter/images/projects/', '/images/'), fc.oneof(textSegment, fc.constantFrom('0123456789abcdef0123456789abcdef.png', 'x.png', 'logo.png', 'manifest.json'))).map(([p, s]) => p + s) }),
  { arbitrary: req({ route: 'GET|POST /newsletter/confirm, /newsletter/unsubscribe, /admin-login/verify, /project-updates/unsubscribe', method: fc.constantFrom('GET', 'POST'), path: fc.tuple(lang, fc.constantFrom('/newsletter/confirm', '/newsletter/unsubscribe', '/admin-login/verify', '/project-updates/unsubscribe'), fc.oneof(textSegment, fc.constant('a'.repeat(43)))).map(([l, p, t]) => `${l}${p}?token=${t}`) }), weight: 3 },
  { arbitrary: req({ route: 'GET|POST /yearly-appeal/stop', method: fc.constantFrom('GET', 'POST'), path: fc.tuple(lang, fc.oneof(textSegment, fc.constant('a'.repeat(32)))).map(([l, t]) => `${l}/yearly-appeal/stop?token=${t}`) }), weight: 1 },
  // The donor page's forms: the link request, the link's button, and actions (without a donor session).
  req({ route: 'POST /donations/manage[/session]', method: 'POST', path: fc.tuple(lang, fc.constantFrom('', '/session')).map(([l, p]) => `${l}/donations/manage${p}`), body: formBody(mutated({ action: 'link', email: 'donor@example.org', language: 'en', token: 'a'.repeat(43), subscription: '1', amount: '10', interval: 'year', year: '2026' }, { action: 'any', subscription: 'id', amount: 'amount', interval: 'any' })) }),
  // People's data: the privacy notice's form, and the links' pages and buttons (tokens that are not ours).
  req({
    route: 'GET|POST /privacy/access, /privacy/erasure, /privacy/requests',
    method: fc.constantFrom('GET', 'POST'),
    path: fc.tuple(lang, fc.constantFrom('/privacy/access', '/privacy/erasure', '/privacy/requests'), fc.oneof(fc.constant(''), fc.constant(`?token=${'a'.repeat(43)}`), textSegment.map((s) => `?token=${s}`))).map(([l, p, q]) => `${l}${p}${q}`),
    body: formBody(mutated({ token: 'a'.repeat(43), email: 'person@example.org', kind: 'erasure' }, { email: 'text', kind: 'any' })),
  }),
  // Supporters' fundraisers: the form and the owner's forms (tokens that are not ours), the pages.
  req({
    route: 'POST /fundraisers/new, /fundraisers/manage',
    method: 'POST',
    path: fc.tuple(lang, fc.constantFrom('/fundraisers/new', '/fundraisers/manage')).map(([l, p]) => `${l}${p}`),
    body: formBody(mutated({ projectId: '2', title: 'Bake sale', story: 'We bake for the Nook every Friday.', goalKind: 'amount', goal: '300', currency: 'chf', endDate: '2027-01-31', name: 'Dora', email: 'dora@example.ch', token: 'a'.repeat(32), action: 'story', body: 'An update' }, { projectId: 'id', goal: 'amount', goalKind: 'any', action: 'any', token: 'text', endDate: 'text' })),
  }),
  req({ route: 'GET /fundraisers/:slug, /qr-bill.svg?fundraiser=', method: 'GET', path: fc.tuple(lang, fc.constantFrom('/fundraisers/', '/qr-bill.svg?fundraiser='), fc.oneof(textSegment, fc.constant('miriams-40th-birthday-for-skills-for-life'))).map(([l, p, s]) => `${l}${p}${s}`) }),
  req({ route: 'GET /de/qr-bill.svg, /qr-bill.svg', method: 'GET', path: fc.tuple(lang, fc.constantFrom('', '?x=1', '/../x')).map(([l, q]) => `${l}/qr-bill.svg${q}`) }),
  req({ route: 'GET /de/qr-bill.pdf, /qr-bill.pdf', method: 'GET', path: fc.tuple(lang, fc.constantFrom('', '?lang=fr', '%00')).map(([l, q]) => `${l}/qr-bill.pdf${q}`) }),
  // One gift's bill (the checkout without card payments): project or fundraiser, amount and currency, checked.
  req({
    route: 'GET /qr-bill.svg|pdf?project=&fundraiser=&amount=&currency=',
    method: 'GET',
    path: fc
      .tuple(lang, fc.constantFrom('svg', 'pdf'), fc.constantFrom('project', 'fundraiser', 'amount'), fc.oneof(knownSlug, textSegment, fc.constant('miriams-40th-birthday-for-skills-for-life')), fc.oneof(fc.constantFrom('150', '25.50', '0', '-1', '1e9', '999999999', 'x'), textSegment), fc.oneof(fc.constantFrom('chf', 'eur', 'usd', 'CHF', ''), textSegment))
      .map(([l, ext, kind, slug, amount, currency]) => `${l}/qr-bill.${ext}?${kind === 'amount' ? '' : `${kind}=${slug}&`}amount=${amount}&currency=${currency}`),
  }),
  // The checkout's "send me my reference" without JavaScript.
  req({ route: 'POST /checkout/reference', method: 'POST', path: lang.map((l) => `${l}/checkout/reference`), body: formBody(mutated({ email: 'donor@example.org', language: 'en', project: 'tariro-nook', amount: '150', currency: 'chf' }, { email: 'text', amount: 'amount', currency: 'any', project: 'text' })) }),
  req({ route: 'GET <page>?preview=', method: 'GET', path: fc.tuple(lang, fc.constantFrom('/projects/x', '/news/y', '/team', '/about'), fc.oneof(textSegment, fc.constant('a'.repeat(43)))).map(([l, p, t]) => `${l}${p}?preview=${t}`) }),
  req({ route: 'GET /sitemap.xml, /robots.txt', method: 'GET', path: fc.constantFrom('/sitemap.xml', '/robots.txt', '/de/sitemap.xml') }),
  // The news feeds (controllers/feeds.ts), per language and per project.
  req({ route: 'GET /news/feed.xml, /news/feed.json', method: 'GET', path: fc.tuple(lang, fc.constantFrom('/news/feed.xml', '/news/feed.json'), queryString).map(([l, p, q]) => `${l}${p}${q}`) }),
  req({ route: 'GET /projects/:slug/feed.xml', method: 'GET', path: fc.tuple(lang, fc.oneof(textSegment, knownSlug, idSegment)).map(([l, slug]) => `${l}/projects/${slug}/feed.xml`) }),
  req({ route: 'GET /speculation-rules.json', method: 'GET', path: fc.constantFrom('/speculation-rules.json', '/de/speculation-rules.json') }),
);

// ---- The no-JavaScript admin forms (session cookie and the _csrf field)

/** A year of the impact report: this one, one before the books began, not a year, anything. */
const impactYear = fc.oneof({ arbitrary: fc.constantFrom(String(new Date().getFullYear()), '1999', '20x6', '0', '99999'), weight: 4 }, { arbitrary: textSegment, weight: 1 });
const IMPACT_INTRO = { intro: 'A year of water, light and learning.', introDe: 'Ein Jahr mit Wasser, Licht und Lernen.' };
/** A gift outside the website, as the Donations screen's form sends it. */
const OFFLINE_GIFT = { amount: '120.50', currency: 'chf', date: '2026-11-20', method: 'cash', projectId: 1, donorName: 'Vreni Muster', donorEmail: '', note: 'Bazaar' };
const formAuth = fc.oneof({ arbitrary: fc.constant<Auth>('session'), weight: 9 }, { arbitrary: fc.constant<Auth>('none'), weight: 1 });
const adminForms: fc.Arbitrary<Req> = fc.oneof(
  {
    arbitrary: perResource((name, body) =>
      req({
        route: `POST /admin/${name}[/:id[/delete]]`,
        method: 'POST',
        path: fc.tuple(lang, fc.oneof(fc.constant(''), idSegment.map((id) => `/${id}`), idSegment.map((id) => `/${id}/delete`))).map(([l, rest]) => `${l}/admin/${name}${rest}`),
        auth: formAuth,
        body: formBody(body),
      }),
    ),
    weight: 4,
  },
  perResource((name, body) =>
    req({ route: 'POST /admin/preview/:entity[/:id]', method: 'POST', path: fc.tuple(lang, fc.oneof(fc.constant<string>(name), textSegment), fc.oneof(fc.constant(''), idSegment.map((id) => `/${id}`))).map(([l, n, rest]) => `${l}/admin/preview/${n}${rest}`), auth: formAuth, body: formBody(body) }),
  ),
  req({ route: 'POST /admin/media/:id[/delete]', method: 'POST', path: fc.tuple(lang, idSegment, fc.constantFrom('', '/delete')).map(([l, id, d]) => `${l}/admin/media/${id}${d}`), auth: formAuth, body: formBody(mutated(MEDIA_META, { tags: 'any' })) }),
  req({ route: 'POST /admin/donations/offline', method: 'POST', path: lang.map((l) => `${l}/admin/donations/offline`), auth: formAuth, body: formBody(mutated(OFFLINE_GIFT)) }),
  req({ route: 'POST /admin/donations/:id/reverse|donor', method: 'POST', path: fc.tuple(lang, idSegment, fc.constantFrom('reverse', 'donor')).map(([l, id, a]) => `${l}/admin/donations/${id}/${a}`), auth: formAuth, body: formBody(mutated({ reason: 'Counted twice', donorEmail: 'vreni@example.org' })) }),
  req({ route: 'POST /admin/projects/:id/spending', method: 'POST', path: fc.tuple(lang, idSegment).map(([l, id]) => `${l}/admin/projects/${id}/spending`), auth: formAuth, body: formBody(mutated(SPENDING)) }),
  req({ route: 'POST /admin/spending/:id[/delete]', method: 'POST', path: fc.tuple(lang, idSegment, fc.constantFrom('', '/delete')).map(([l, id, d]) => `${l}/admin/spending/${id}${d}`), auth: formAuth, body: formBody(mutated(SPENDING)) }),
  req({ route: 'POST /admin/bank-statements/:id/lines/:lineId/explain', method: 'POST', path: fc.tuple(lang, idSegment, idSegment).map(([l, id, line]) => `${l}/admin/bank-statements/${id}/lines/${line}/explain`), auth: formAuth, body: formBody(mutated({ explain: 'category', category: 'interest', note: 'Habenzins', projectId: '1', email: 'donor@example.org', remember: 'on' }, { explain: 'any', category: 'any', projectId: 'id' })) }),
  req({ route: 'POST /admin/impact/:year', method: 'POST', path: fc.tuple(lang, impactYear).map(([l, y]) => `${l}/admin/impact/${y}`), auth: formAuth, body: formBody(mutated(IMPACT_INTRO)) }),
  req({ route: 'POST /admin/glossary[/:id[/delete]]', method: 'POST', path: fc.tuple(lang, fc.constantFrom('', '/1', '/2/delete', '/999999', '/x')).map(([l, rest]) => `${l}/admin/glossary${rest}`), auth: formAuth, body: formBody(mutated(GLOSSARY)) }),
  req({ route: 'POST /admin/revisions/:revId/restore', method: 'POST', path: fc.tuple(lang, idSegment).map(([l, id]) => `${l}/admin/revisions/${id}/restore`), auth: formAuth, body: formBody(fc.constant({ a: 'b' })) }),
  req({ route: 'POST /admin/trash/:name/:id/restore', method: 'POST', path: fc.tuple(lang, fc.oneof(fc.constantFrom('projects', 'news', 'team', 'pages', 'media'), textSegment), idSegment).map(([l, n, id]) => `${l}/admin/trash/${n}/${id}/restore`), auth: formAuth, body: formBody(fc.constant({ a: 'b', kind: 'news' })) }),
  req({ route: 'POST /admin-login', method: 'POST', path: lang.map((l) => `${l}/admin-login`), body: formBody(mutated({ mode: 'key', key: 'not-the-key', email: 'x@example.org' })) }),
  req({ route: 'POST /admin/logout', method: 'POST', path: lang.map((l) => `${l}/admin/logout`), auth: formAuth }),
);

// ---- Media uploads: well-formed and malformed multipart

const fileName = fc.oneof(
  fc.constantFrom('filename="photo.png"', 'filename="report.pdf"', 'filename="x.html"', 'filename="../../evil.png"', 'filename=""', 'filename="a.svg"', "filename*=utf-8''%F0%9F%8C%BE.png", "filename*=utf-8''evil%00.png", "filename*=utf-8''%ED%A0%80.png", "filename*=utf-8''%zz.png", 'filename="' + 'n'.repeat(400) + '.png"', 'filename="\u00e9t\u00e9.png"', 'filename=noquotes.png', 'filename="a"; filename="b"'),
  fc.string({ maxLength: 30 }).map((s) => `filename="${s.replace(/[^\x20-\x7e]|"/g, '')}.png"`),
);
const multipart: fc.Arbitrary<MultipartSpec> = fc.record({
  boundary: fc.constantFrom('fuzzBoundary7', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a', 'x'.repeat(70)),
  header: fc.oneof({ arbitrary: fc.constant<MultipartSpec['header']>('ok'), weight: 6 }, { arbitrary: fc.constantFrom<MultipartSpec['header']>('no-boundary', 'other-boundary', 'not-multipart'), weight: 1 }),
  fields: mutated(MEDIA_META).map((m) => Object.entries(m).map(([k, v]) => [k, asField(v)] as [string, string])),
  file: fc.option(fc.record({ param: fileName, content: fc.constantFrom('png', 'png', 'pdf', 'garbage', 'empty', 'html'), contentType: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/octet-stream', '') }), { freq: 6 }),
  ending: fc.oneof({ arbitrary: fc.constant<MultipartSpec['ending']>('ok'), weight: 6 }, { arbitrary: fc.constantFrom<MultipartSpec['ending']>('none', 'truncated', 'garbage'), weight: 2 }),
  cut: fc.nat({ max: 400 }),
});
// The bank's statement (camt.054): a well-formed one, a cut one, and everything the media uploads send.
const bankFile: fc.Arbitrary<MultipartSpec> = fc.record({
  boundary: fc.constantFrom('fuzzBoundary7', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
  header: fc.oneof({ arbitrary: fc.constant<MultipartSpec['header']>('ok'), weight: 6 }, { arbitrary: fc.constantFrom<MultipartSpec['header']>('no-boundary', 'other-boundary', 'not-multipart'), weight: 1 }),
  fields: fc.constant([] as [string, string][]),
  file: fc.option(fc.record({ param: fileName, content: fc.constantFrom<NonNullable<MultipartSpec['file']>['content']>('camt', 'camt', 'camt-broken', 'garbage', 'empty', 'html', 'pdf'), contentType: fc.constantFrom('application/xml', 'text/xml', 'application/octet-stream', '') }), { freq: 8 }),
  ending: fc.oneof({ arbitrary: fc.constant<MultipartSpec['ending']>('ok'), weight: 6 }, { arbitrary: fc.constantFrom<MultipartSpec['ending']>('none', 'truncated', 'garbage'), weight: 2 }),
  cut: fc.nat({ max: 400 }),
});
const uploads: fc.Arbitrary<Req> = fc.oneof(
  req({ route: 'POST /api/admin/bank-imports (multipart)', method: 'POST', path: fc.constant('/api/admin/bank-imports'), auth: adminAuth, body: bankFile.map((spec): Body => ({ kind: 'multipart', spec })) }),
  req({ route: 'GET /api/admin/stats', method: 'GET', path: fc.tuple(fc.constantFrom('', '2026-11-01', '2026-02-30', 'x'), fc.constantFrom('', '2026-11-30', '1999-01-01')).map(([f, t]) => `/api/admin/stats?from=${f}&to=${t}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/dashboard', method: 'GET', path: fc.tuple(fc.constantFrom('', '2026-11-01', '2026-02-30', 'x', '2026-11-01&from=2026-11-02'), fc.constantFrom('', '2026-11-30', '1999-01-01'), fc.constantFrom('', 'de', 'en', 'fr')).map(([f, t, l]) => `/api/admin/dashboard?from=${f}&to=${t}&lang=${l}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/fundraisers', method: 'GET', path: queryString.map((q) => `/api/admin/fundraisers${q}`), auth: adminAuth }),
  // The yearly impact report's introduction: the years, one year (a year with a report, one without, no year), a save.
  req({ route: 'GET /api/admin/impact', method: 'GET', path: queryString.map((q) => `/api/admin/impact${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/impact/:year', method: 'GET', path: impactYear.map((y) => `/api/admin/impact/${y}`), auth: adminAuth }),
  req({ route: 'PUT /api/admin/impact/:year', method: 'PUT', path: impactYear.map((y) => `/api/admin/impact/${y}`), auth: adminAuth, body: jsonBody(mutated(IMPACT_INTRO)) }),
  req({ route: 'PUT /api/admin/fundraisers/:id', method: 'PUT', path: idSegment.map((id) => `/api/admin/fundraisers/${id}`), auth: adminAuth, body: jsonBody(mutated({ title: 'A new title', goal: 300, goalKind: 'donors', endDate: '2027-01-31' }, { title: 'text', goal: 'amount', goalKind: 'any', endDate: 'text', imageUrl: 'text' })) }),
  ...(['approve', 'reject'] as const).map((a) => req({ route: `POST /api/admin/fundraisers/:id/${a}`, method: 'POST', path: idSegment.map((id) => `/api/admin/fundraisers/${id}/${a}`), auth: adminAuth, body: jsonBody(mutated({ reason: 'Please name the school.' }, { reason: 'text' })) })),
  req({ route: 'GET /api/admin/exchange-rates', method: 'GET', path: queryString.map((q) => `/api/admin/exchange-rates${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/exchange-rates', method: 'POST', path: fc.constant('/api/admin/exchange-rates'), auth: adminAuth, body: jsonBody(mutated({ date: '2026-11-20', currency: 'chf', rate: '1.1312' }, { date: 'any', rate: 'any' })) }),
  // Gifts outside the website: record, reverse, the donor's details afterwards, the booked list, a certificate as PDF.
  req({ route: 'POST /api/admin/donations/offline', method: 'POST', path: fc.constant('/api/admin/donations/offline'), auth: adminAuth, body: jsonBody(mutated(OFFLINE_GIFT, { amount: 'amount', date: 'any', method: 'any', currency: 'any', donorEmail: 'any', projectId: 'any' })) }),
  req({ route: 'POST /api/admin/donations/:id/reverse', method: 'POST', path: idSegment.map((id) => `/api/admin/donations/${id}/reverse`), auth: adminAuth, body: jsonBody(mutated({ reason: 'Counted twice' }, { reason: 'text' })) }),
  req({ route: 'PUT /api/admin/donations/:id/donor', method: 'PUT', path: idSegment.map((id) => `/api/admin/donations/${id}/donor`), auth: adminAuth, body: jsonBody(mutated({ donorName: 'Vreni Muster', donorEmail: 'vreni@example.org', language: 'de' }, { donorEmail: 'any', language: 'any' })) }),
  req({ route: 'GET /api/admin/donations/booked', method: 'GET', path: queryString.map((q) => `/api/admin/donations/booked${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/donations/certificates/pdf', method: 'GET', path: fc.tuple(fc.constantFrom('', '2026', '1999', 'x'), fc.constantFrom('', '1', 'Vreni Muster', 'donor@example.org', '99999999999999')).map(([y, d]) => `/api/admin/donations/certificates/pdf?year=${y}&donor=${encodeURIComponent(d)}`), auth: adminAuth }),
  // The journal for the accounting program, its chart of accounts, the supporters.
  req({ route: 'GET /api/admin/journal', method: 'GET', path: fc.tuple(fc.constantFrom('', '2026-01-01', '2026-02-30', 'x'), fc.constantFrom('', '2026-12-31', '1999-01-01'), fc.constantFrom('', 'json', 'csv', 'banana', 'xls'), fc.constantFrom('', 'de', 'fr')).map(([f, t, fm, l]) => `/api/admin/journal?from=${f}&to=${t}&format=${fm}&lang=${l}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/journal/accounts', method: 'GET', path: queryString.map((q) => `/api/admin/journal/accounts${q}`), auth: adminAuth }),
  req({ route: 'PUT /api/admin/journal/accounts', method: 'PUT', path: fc.constant('/api/admin/journal/accounts'), auth: adminAuth, body: jsonBody(mutated({ bank: '1020', stripe: '1021', fees: '6940', 'project:solar-kiosk': '3401' }, { bank: 'any', fees: 'text' })) }),
  req({ route: 'POST /admin/journal/accounts', method: 'POST', path: lang.map((l) => `${l}/admin/journal/accounts`), auth: formAuth, body: formBody(mutated({ bank: '1020', donations: '3400' }, { bank: 'text' })) }),
  req({ route: 'GET /api/admin/supporters', method: 'GET', path: fc.tuple(fc.constantFrom('', 'lybunt', 'sybunt', 'all', 'x'), fc.constantFrom('', 'csv', 'json', 'xls')).map(([sg, fm]) => `/api/admin/supporters?segment=${sg}&format=${fm}`), auth: adminAuth }),
  req({ route: 'POST /admin/exchange-rates', method: 'POST', path: lang.map((l) => `${l}/admin/exchange-rates`), auth: formAuth, body: formBody(mutated({ date: '2026-11-20', currency: 'chf', rate: '1,1312' }, { date: 'text', rate: 'text' })) }),
  req({ route: 'GET /api/admin/bank-imports/unmatched', method: 'GET', path: queryString.map((q) => `/api/admin/bank-imports/unmatched${q}`), auth: adminAuth }),
  req({ route: 'POST /api/admin/bank-imports/unmatched/:id/assign', method: 'POST', path: idSegment.map((id) => `/api/admin/bank-imports/unmatched/${id}/assign`), auth: adminAuth, body: jsonBody(mutated({ projectId: 1, email: 'donor@example.org' })) }),
  // The bank statements and explaining their lines (a category, a payout, an assignment).
  req({ route: 'GET /api/admin/bank-statements', method: 'GET', path: queryString.map((q) => `/api/admin/bank-statements${q}`), auth: adminAuth }),
  req({ route: 'GET /api/admin/bank-statements/:id', method: 'GET', path: idSegment.map((id) => `/api/admin/bank-statements/${id}`), auth: adminAuth }),
  req({
    route: 'POST /api/admin/bank-statements/:id/lines/:lineId/explain',
    method: 'POST',
    path: fc.tuple(idSegment, idSegment).map(([id, line]) => `/api/admin/bank-statements/${id}/lines/${line}/explain`),
    auth: adminAuth,
    body: fc.oneof(jsonBody(mutated({ category: 'interest', note: 'Habenzins' }, { category: 'any', note: 'text' })), jsonBody(mutated({ payoutId: 'po_123' }, { payoutId: 'text' })), jsonBody(mutated({ projectId: 1, email: 'donor@example.org', remember: true }, { remember: 'any' }))),
  }),
  req({ route: 'POST /api/media (multipart)', method: 'POST', path: fc.constant('/api/media'), auth: adminAuth, body: multipart.map((spec): Body => ({ kind: 'multipart', spec })) }),
  req({ route: 'POST /admin/media (multipart form)', method: 'POST', path: lang.map((l) => `${l}/admin/media`), auth: formAuth, body: multipart.map((spec): Body => ({ kind: 'multipart', spec })) }),
  req({ route: 'POST /api/media (not multipart)', method: 'POST', path: fc.constant('/api/media'), auth: adminAuth, body: jsonBody(mutated(MEDIA_META)) }),
);

/**
 * The run's first requests, before the random ones: every public page and admin screen in both
 * languages, and each content form's addresses. The rest of the routes are reached by the random
 * requests, and by more rounds of every generator after them if chance left one out.
 */
function firstRequests(): [Req][] {
  const plain = (path: string): Req => ({ method: 'GET', path, auth: 'none', csrf: 'valid', headers: {}, body: null, route: 'GET <page>' });
  const everyPage = [...STATIC_PAGES, NOOK].flatMap((p) => ['', '/de'].map((l) => plain(`${l}${l && p === '/' ? '' : p}`)));
  // A content form's three addresses (new, save, delete) for each resource, with a body of its own kind.
  const forms = (Object.keys(RESOURCES) as ResourceName[]).flatMap((name) => {
    const [value] = fc.sample(RESOURCES[name], { seed: SEED, numRuns: 1 });
    return ['', '/1', '/1/delete'].map((rest): Req => ({ method: 'POST', path: `/admin/${name}${rest}`, auth: 'session', csrf: 'valid', headers: {}, body: { kind: 'form', value: value! }, route: `POST /admin/${name}[/:id[/delete]]` }));
  });
  return [...everyPage, ...forms].map((r) => [r]);
}

const anyRequest = fc.oneof(
  { arbitrary: contentWrites, weight: 8 },
  { arbitrary: adminApi, weight: 10 },
  { arbitrary: publicApi, weight: 7 },
  { arbitrary: pages, weight: 12 },
  { arbitrary: adminForms, weight: 5 },
  { arbitrary: uploads, weight: 3 },
);

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a kept-alive connection, exactly as written (no client-side normalisation). */
function send(agent: http.Agent, port: number, method: string, urlPath: string, headersOut: Record<string, string>, body: Buffer | null): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const r = http.request({ agent, host: '127.0.0.1', port, method, path: urlPath, headers: { ...headersOut, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', (err) => !settled && reject(err));
    });
    // The server may answer (413, 400) and close before it has read a large body: the answer counts.
    r.on('error', (err) => setTimeout(() => !settled && reject(err), 50));
    r.setTimeout(30_000, () => r.destroy(new Error('no answer within 30 s')));
    r.end(body ?? undefined);
  });
}

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouteLayer[] };
  rawPath?: unknown;
  match(path: string): false | { path: string };
}

interface MountedRoute {
  label: string;
  methods: string[];
  /** Whether a request path gets to this route through every mount on the way. */
  reaches(path: string): boolean;
}

/** Every route the app has mounted (Express's own table, through the mounts): method names and paths. */
function mountedRoutes(app: AppHandle['app']): MountedRoute[] {
  const out: MountedRoute[] = [];
  const matched = (layer: RouteLayer, p: string) => {
    try {
      return layer.match(p);
    } catch {
      return false;
    }
  };
  const walk = (stack: RouteLayer[], mounts: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
        const prefix = mounts.map((m) => ([] as unknown[]).concat(m.rawPath).filter((r) => r !== '/').join('|')).join('');
        const chain = [...mounts, layer];
        out.push({
          label: `${methods.join('|').toUpperCase()} ${prefix}${([] as string[]).concat(layer.route.path).join(', ')}`,
          methods,
          reaches: (path) => {
            let rest = path;
            for (const step of chain) {
              const m = matched(step, rest);
              if (!m) return false;
              rest = rest.slice(m.path.length) || '/';
            }
            return true;
          },
        });
      } else if (layer.handle?.stack) walk(layer.handle.stack, [...mounts, layer]);
    }
  };
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack, []);
  return out;
}

/** A camt.054 of the demo account with one credit to project 1 (the fuzz imports it again and again: once credited). */
const CAMT = Buffer.from(
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>F</MsgId></GrpHdr><Ntfctn><Id>N</Id><Acct><Id><IBAN>CH5200000000012345678</IBAN></Id></Acct>' +
    '<Ntry><Amt Ccy="CHF">25.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt><NtryDtls><TxDtls><Refs><AcctSvcrRef>FUZZ-1</AcctSvcrRef></Refs><Amt Ccy="CHF">25.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf><Strd><CdtrRefInf><Ref>RF17P1</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>' +
    '</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>',
);

interface Files {
  png: Buffer;
  pdf: Buffer;
}

function multipartBytes(spec: MultipartSpec, files: Files, csrfField: string | null): { contentType: string; data: Buffer } {
  const b = spec.boundary;
  const parts: Buffer[] = [];
  const fields = csrfField === null ? spec.fields : [['_csrf', csrfField] as [string, string], ...spec.fields];
  for (const [name, value] of fields) parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n${value}\r\n`, 'utf8'));
  if (spec.file) {
    const content = { png: files.png, pdf: files.pdf, garbage: Buffer.from('\x00\x01garbage\xff'.repeat(20), 'latin1'), empty: Buffer.alloc(0), html: Buffer.from('<!doctype html><script>alert(1)</script>'), camt: CAMT, 'camt-broken': CAMT.subarray(0, 200 + spec.cut) }[spec.file.content];
    const type = spec.file.contentType ? `Content-Type: ${spec.file.contentType}\r\n` : '';
    parts.push(Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; ${spec.file.param}\r\n${type}\r\n`, 'latin1'), content, Buffer.from('\r\n')]));
  }
  let data = Buffer.concat(parts);
  if (spec.ending === 'ok') data = Buffer.concat([data, Buffer.from(`--${b}--\r\n`)]);
  if (spec.ending === 'truncated') data = data.subarray(0, Math.max(0, data.length - 1 - spec.cut));
  if (spec.ending === 'garbage') data = Buffer.concat([data.subarray(0, spec.cut), Buffer.from('\r\n--garbage\x00\r\n\r\n'), data.subarray(spec.cut)]);
  const contentType = { ok: `multipart/form-data; boundary=${b}`, 'no-boundary': 'multipart/form-data', 'other-boundary': 'multipart/form-data; boundary=notTheOne', 'not-multipart': 'application/octet-stream' }[spec.header];
  return { contentType, data };
}

function encodeBody(body: Body | null, files: Files, csrfField: string | null): { contentType: string | null; data: Buffer } | null {
  if (!body) return null;
  switch (body.kind) {
    case 'json':
      return { contentType: body.contentType ?? 'application/json', data: Buffer.from(toJson(body.value), 'utf8') };
    case 'text':
      return { contentType: body.contentType, data: Buffer.from(body.text, 'utf8') };
    case 'form': {
      const params = new URLSearchParams();
      if (csrfField !== null) params.append('_csrf', csrfField);
      for (const [k, v] of Object.entries(body.value)) params.append(k, asField(v));
      return { contentType: 'application/x-www-form-urlencoded', data: Buffer.from(params.toString(), 'utf8') };
    }
    case 'multipart': {
      const { contentType, data } = multipartBytes(body.spec, files, csrfField);
      return { contentType, data };
    }
  }
}

const describeReq = (r: Req, size: number) =>
  `${r.method} ${withKnownSlugs(r.path).slice(0, 300)}${r.path.length > 300 ? '...' : ''} [${r.route}; auth ${r.auth}, csrf ${r.csrf}; headers ${JSON.stringify(r.headers).slice(0, 200)}; body ${r.body ? `${r.body.kind}, ${size} bytes` : 'none'}]`;

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

describe(`fuzz of every route (seed ${SEED}, ${RUNS} requests)`, () => {
  let fake: FakeStripe;
  let h: AppHandle;
  let dir: string;
  let server: http.Server;
  let port: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const session = { cookie: '', csrf: '' };
  const tally = new Map<string, number>();
  /** Method and path (no query) of every request sent, to show that every mounted route was reached. */
  const reached = new Set<string>();

  async function login(): Promise<void> {
    const res = await send(agent, port, 'POST', '/admin-login', { 'content-type': 'application/x-www-form-urlencoded' }, Buffer.from(`mode=key&key=${ADMIN_KEY}`));
    assert.equal(res.status, 303);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('admin.sid='));
    assert.ok(cookie, 'the login sets the session cookie');
    session.cookie = cookie.split(';')[0]!;
    const who = await send(agent, port, 'GET', '/api/admin/session', { cookie: session.cookie }, null);
    session.csrf = (JSON.parse(who.body.toString('utf8')) as { csrfToken: string }).csrfToken;
  }

  before(async () => {
    fake = await startFakeStripe();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-uploads-'));
    h = await testApp(fake.env({ UPLOAD_DIR: dir, ...MAIL_EVENT_ENV }));
    server = await new Promise((resolve) => {
      const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
    await login();
    slugPool.length = 0;
    for (const table of ['projects', 'news_articles']) slugPool.push(...((await h.deps.db(table).orderBy('id').select('slug')) as { slug: string }[]).map((r) => r.slug));
  });
  after(async () => {
    agent.destroy();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
    await fake?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('no request gets a 5xx; every /api error is JSON { error: string }', async (t) => {
    t.diagnostic(`fuzz seed ${SEED}, ${RUNS} requests (FUZZ_SEED=<n> FUZZ_RUNS=<n> to change)`);
    const files: Files = {
      png: await sharp({ create: { width: 12, height: 8, channels: 3, background: '#1f5c3a' } }).png().toBuffer(),
      pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    };
    let ip = 0;
    const started = Date.now();
    // Every failure of the run is collected (one per route and kind), then reported together.
    const failures = new Map<string, string>();
    const check = (key: string, ok: boolean, message: () => string) => {
      if (!ok && !failures.has(key)) failures.set(key, message());
    };
    /** One request: sent, its answer checked (a failure is collected, not thrown). */
    const one = async (r: Req): Promise<void> => {
      const out: Record<string, string> = { ...r.headers };
      // Each request from its own address: the rate limiters (login failures, subscriptions,
      // payments) stay out of the way, and would answer 429 (not a failure) if they did not.
      ip = (ip + 1) % 250_000;
      out['x-forwarded-for'] = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
      if (r.auth === 'key') out['x-admin-key'] = ADMIN_KEY;
      if (r.auth === 'bad-key') out['x-admin-key'] = 'not-the-admin-key';
      // Sign-in requests never carry our session: a successful one would replace it.
      const isLogin = /\/admin-login|\/api\/admin\/login/.test(r.path);
      if (r.auth === 'session' && !isLogin) out.cookie = [session.cookie, r.headers.cookie].filter(Boolean).join('; ');
      const unsafe = r.method !== 'GET';
      const token = r.csrf === 'valid' ? session.csrf : r.csrf === 'wrong' ? 'x'.repeat(43) : null;
      const isForm = !r.path.includes('/api/');
      if (r.auth === 'session' && unsafe && !isForm && token) out['x-csrf-token'] = token;
      const encoded = encodeBody(r.body, files, r.auth === 'session' && unsafe && isForm ? token : null);
      if (encoded?.contentType) out['content-type'] = encoded.contentType;

      reached.add(`${r.method.toLowerCase()} ${withKnownSlugs(r.path).split('?')[0]}`);
      let res: Reply;
      const t0 = Date.now();
      try {
        res = await send(agent, port, r.method, withKnownSlugs(r.path), out, encoded?.data ?? null);
      } catch (err) {
        check(`${r.route} no answer`, false, () => `no answer (${(err as Error).message}): ${describeReq(r, encoded?.data.length ?? 0)}`);
        return;
      }
      const what = () => `${describeReq(r, encoded?.data.length ?? 0)} -> ${res.status} ${res.body.toString('utf8').slice(0, 300)}`;
      tally.set(String(res.status), (tally.get(String(res.status)) ?? 0) + 1);
      if (process.env.FUZZ_DEBUG) console.log(`${Date.now() - t0}ms ${res.status} ${r.route} ${r.body?.kind ?? ''} ${res.body.toString('utf8').slice(0, 150).replace(/\s+/g, ' ')}`);

      // Machine translation without an OpenAI key answers 503 by design (the fuzz app has none).
      const notConfigured = res.status === 503 && r.route === 'POST /api/admin/translate' && res.body.toString('utf8').includes('assistant.not_configured');
      check(`${r.route} ${res.status}`, (res.status >= 200 && res.status < 500) || notConfigured, () => `a ${res.status}: ${what()}`);
      const api = r.path.startsWith('/api/') || r.path === '/api';
      // The newsletter form posted without JavaScript gets a page back, by design.
      const noJsForm = r.route === 'POST /api/newsletter/subscribe' && r.body?.kind === 'form' && /html/.test(String(res.headers['content-type']));
      if (api && res.status >= 400 && !noJsForm) {
        let error: unknown;
        let code: unknown;
        try {
          ({ error, code } = JSON.parse(res.body.toString('utf8')) as { error?: unknown; code?: unknown });
        } catch {
          error = undefined;
        }
        check(`${r.route} json`, /^application\/json/.test(String(res.headers['content-type'])) && typeof error === 'string', () => `an /api error that is not JSON { error: string }: ${what()}`);
        check(`${r.route} code`, isErrorCode(code), () => `an /api error without a listed code: ${what()}`);
        check(`${r.route} message`, !(res.status < 500 && typeof error === 'string' && /on our side/.test(error)), () => `a 4xx that blames the server: ${what()}`);
      }
      // Refused by its signature (400), or before that by the body parser (too large, unknown charset).
      // Never accepted without the provider's credentials or signature.
      if (r.route === 'POST /api/mail-events/:provider') check(`${r.route} ${res.status}`, [400, 401, 404, 413, 415].includes(res.status), () => `an unsigned mail event must be refused: ${what()}`);
      if (r.route === 'POST /api/stripe/webhook') check(`${r.route} ${res.status}`, [400, 413, 415].includes(res.status), () => `an unsigned webhook must be refused with a 400: ${what()}`);
      check(`${r.route} leak`, !/at [\w.<>]+ \([^)]*\.ts:\d+:\d+\)|SQLITE_|violates .* constraint/.test(res.body.toString('utf8').slice(0, 20_000)), () => `a stack trace or database error in the answer: ${what()}`);

      // What was stored comes back exactly as sent (trimmed): emoji, right-to-left text, combining
      // marks and zero-width characters alike, on either database.
      if (/^(POST|PUT) \/api\/admin\/(projects|news|team|pages)/.test(r.route) && res.status < 300 && r.body?.kind === 'json' && !r.body.contentType) {
        const stored = JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
        const sent = r.body.value as Record<string, unknown>;
        for (const field of TEXT_FIELDS) {
          if (typeof sent[field] !== 'string' || !Object.hasOwn(sent, field)) continue;
          const expected = (sent[field] as string).trim() || null;
          check(`${r.route} round trip`, stored[field] === expected || (expected === null && stored[field] === undefined), () => `${field} came back as ${JSON.stringify(stored[field])?.slice(0, 200)}, sent ${JSON.stringify(sent[field]).slice(0, 200)}: ${what()}`);
        }
        if (typeof stored.slug === 'string' && r.method === 'POST') slugPool.push(stored.slug);
      }

      // Logging out (or a form that did) ended our session: sign in again.
      if (/\/admin\/logout$/.test(r.path) && r.auth === 'session') await login();
      // Signing out everywhere (with the key or the session) ended our session too.
      if (/\/api\/admin\/account\/sessions\/end$/.test(r.path) && res.status < 300) await login();
    };
    await fc.assert(fc.asyncProperty(anyRequest, one), { seed: SEED, numRuns: RUNS, examples: firstRequests() });
    // A route no request reached yet (chance, with this seed): more requests of every route's
    // generator, a round at a time, until each is reached. Same seed, same requests: no flakiness.
    const missedRoutes = () => {
      const sent = [...reached].map((k) => ({ method: k.slice(0, k.indexOf(' ')), path: k.slice(k.indexOf(' ') + 1) }));
      return mountedRoutes(h.app)
        .filter((route) => !sent.some((x) => route.methods.includes(x.method) && route.reaches(x.path.split('?')[0]!)))
        .map((route) => route.label);
    };
    let rounds = 0;
    for (; RUNS >= 2000 && rounds < 10 && missedRoutes().length; rounds++) {
      for (const g of ROUTE_GENERATORS) for (const r of fc.sample(g, { seed: SEED + rounds + 1, numRuns: 2 })) await one(r);
    }
    if (rounds) t.diagnostic(`${rounds} more round(s) of every generator until every route was reached`);
    t.diagnostic(`statuses: ${[...tally].sort().map(([s, n]) => `${s}x${n}`).join(' ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.equal(failures.size, 0, `seed ${SEED}: ${failures.size} kinds of failure\n\n${[...failures.values()].join('\n\n')}`);

    // Every route the app mounts got requests (a new route needs its generator here).
    const missed = missedRoutes();
    if (RUNS >= 2000) assert.deepEqual(missed, [], `routes the fuzz never reached (add them to test/api/fuzz.test.ts): ${missed.join('; ')}`);
    else if (missed.length) t.diagnostic(`not reached in ${RUNS} requests: ${missed.join('; ')}`);
  });

  test('afterwards the database is consistent and nothing is half-written', async () => {
    const db = h.deps.db;
    // Image variants of the uploads above are made by a job: what is checked is the state after it.
    await h.deps.jobs.idle();
    if (isSqlite(db)) {
      const integrity = (await db.raw('pragma integrity_check')) as Record<string, string>[];
      assert.deepEqual(integrity.map((r) => Object.values(r)[0]), ['ok']);
      assert.deepEqual(await db.raw('pragma foreign_key_check'), [], 'every foreign key resolves');
      // SQLite does not enforce varchar(n); PostgreSQL does. Nothing longer may have been stored.
      const tables = (await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")) as { name: string }[];
      for (const { name } of tables) {
        const columns = (await db.raw(`pragma table_info("${name}")`)) as { name: string; type: string }[];
        for (const c of columns) {
          const max = /^varchar\((\d+)\)$/i.exec(c.type)?.[1];
          if (!max) continue;
          const [row] = (await db.raw(`select count(*) as n from "${name}" where length("${c.name}") > ${Number(max)}`)) as { n: number }[];
          assert.equal(Number(row!.n), 0, `${name}.${c.name} holds text longer than ${max}`);
        }
        for (const c of columns.filter((x) => /char|text/i.test(x.type))) {
          const [row] = (await db.raw(`select count(*) as n from "${name}" where instr("${c.name}", char(0)) > 0`)) as { n: number }[];
          assert.equal(Number(row!.n), 0, `${name}.${c.name} holds a NUL character`);
        }
      }
    } else {
      const fks = (await db.raw(`
        select c.conrelid::regclass::text as tbl, a.attname as col, c.confrelid::regclass::text as ref, af.attname as refcol
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
        where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`)) as { rows: { tbl: string; col: string; ref: string; refcol: string }[] };
      assert.ok(fks.rows.length >= 5, 'the foreign keys were found');
      for (const fk of fks.rows) {
        const dangling = (await db.raw('select count(*) as n from ?? t left join ?? r on t.?? = r.?? where t.?? is not null and r.?? is null', [fk.tbl, fk.ref, fk.col, fk.refcol, fk.col, fk.refcol])) as { rows: { n: string }[] };
        assert.equal(Number(dangling.rows[0]!.n), 0, `${fk.tbl}.${fk.col} -> ${fk.ref}`);
      }
    }
    // Both databases: slugs unique and non-empty; every article's project exists or is null.
    for (const table of ['projects', 'news_articles']) {
      const rows = (await db(table).select('slug')) as { slug: string }[];
      assert.ok(rows.every((r) => typeof r.slug === 'string' && r.slug.length > 0 && /^[a-z0-9-]+$/.test(r.slug)), `${table}: every slug is non-empty`);
      assert.equal(new Set(rows.map((r) => r.slug)).size, rows.length, `${table}: slugs are unique`);
    }
    const orphans = await db('news_articles').leftJoin('projects', 'projects.id', 'news_articles.projectId').whereNotNull('news_articles.projectId').whereNull('projects.id').count({ n: '*' });
    assert.equal(Number(orphans[0]!.n), 0);
    // Every media row's files exist, every stored file has its row, and no upload is left half-way.
    // Items of the illustrations shipped with the site (/images/...) have no stored file.
    const media = (await db('media_items').where('fileName', 'not like', '/%').select('fileName', 'variants')) as { fileName: string; variants: string }[];
    const expected = new Set(media.flatMap((m) => [m.fileName, ...(JSON.parse(m.variants) as { fileName: string }[]).map((v) => v.fileName)]));
    // media-library.json: the folder's owner mark (models/media/library.ts), not a media file.
    const onDisk = new Set(fs.readdirSync(dir).filter((f) => !f.startsWith('.') && f !== LIBRARY_MARKER));
    for (const f of expected) assert.ok(onDisk.has(f), `the file of a media row is missing: ${f}`);
    for (const f of onDisk) assert.ok(expected.has(f), `a stored file without a media row: ${f}`);
    const incoming = path.join(dir, '.incoming');
    assert.deepEqual(fs.existsSync(incoming) ? fs.readdirSync(incoming) : [], [], 'no temporary upload is left');
    // The site still works.
    assert.equal((await send(agent, port, 'GET', '/api/projects', {}, null)).status, 200);
    assert.equal((await send(agent, port, 'GET', '/de', {}, null)).status, 200);
  });
});
