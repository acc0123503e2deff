import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from './models/providers/storage';
import { keyFingerprint } from './models/people/user';
import { ADMIN_ROLES, type AdminRole } from './models/shared/roles';
import { normalizeEmail } from './models/shared/text';
import { parseFeeRates, type FeeTable } from './models/shared/fees';
import { parseChartText } from './models/giving/accounts';
import type { MailEventSettings } from './models/people/mail-events';
import { readDkimKey, type DkimSettings } from './models/providers/dkim';

// The project folder: this file's own, or its parent when running the compiled server in dist/.
const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.basename(HERE) === 'dist' ? path.dirname(HERE) : HERE;

const optional = z.string().trim().min(1).optional().catch(undefined);
const list = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));
// An admin entry: a plain key or address, or `Anna Muster <the-key>` naming the person, so the
// Activity panel and the revisions say who did what; a key may end with its role
// (`Newsletter script <the-key> editor`), admin when it does not.
const NAMED_ENTRY = /^([^<>]*?)\s*<([^<>]*)>(?:\s+([a-z]+))?$/;
const MAX_ADMIN_NAME = 120;
export interface AdminEntry {
  value: string;
  name: string | null;
  role: AdminRole;
}
const adminList = (what: 'key' | 'address') =>
  list.transform((items, ctx) => {
    const out: AdminEntry[] = [];
    for (const [i, item] of items.entries()) {
      const where = `entry ${i + 1}`;
      if (!item.includes('<') && !item.includes('>')) {
        out.push({ value: item, name: null, role: 'admin' });
        continue;
      }
      const m = NAMED_ENTRY.exec(item);
      const name = m?.[1]?.trim() ?? '';
      const value = m?.[2]?.trim() ?? '';
      if (!m || !value) {
        ctx.addIssue({ code: 'custom', message: `${where} must be a plain ${what} or "Name <${what}>" (brackets around the ${what})` });
        return z.NEVER;
      }
      if (!name || name.length > MAX_ADMIN_NAME || /[\u0000-\u001f\u007f]/.test(name)) {
        ctx.addIssue({ code: 'custom', message: `${where} needs a name of 1-${MAX_ADMIN_NAME} characters before <${what}>` });
        return z.NEVER;
      }
      if (what === 'address' && !z.email().safeParse(value).success) {
        ctx.addIssue({ code: 'custom', message: `${where}: ${value.slice(0, 60)} is not an e-mail address` });
        return z.NEVER;
      }
      const role = m[3] ?? 'admin';
      if (!(ADMIN_ROLES as readonly string[]).includes(role) || (what === 'address' && m[3])) {
        ctx.addIssue({ code: 'custom', message: what === 'key' ? `${where}: the role after <key> must be one of ${ADMIN_ROLES.join(', ')}` : `${where}: nothing may follow <address> (the addresses here are admins)` });
        return z.NEVER;
      }
      out.push({ value, name, role: role as AdminRole });
    }
    return out;
  });
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on');

// Express's 'trust proxy': a hop count, or the addresses (and CIDR ranges) of the proxies whose
// X-Forwarded-* headers count. `true` (trust anybody) is refused: X-Forwarded-For would then be
// whatever a visitor writes, and the rate limits key on the address.
const NAMED_SUBNETS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (item: string): boolean => {
  if (NAMED_SUBNETS.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};
const trustProxy = z
  .string()
  .trim()
  .default('loopback')
  .transform((v, ctx) => {
    if (v === '') return 'loopback';
    if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
    const items = v.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = items.find((i) => !isProxyAddress(i));
    if (items.length === 0 || bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (0-10), or proxy addresses/CIDRs like loopback,10.0.0.5,10.1.0.0/16${bad ? ` (not an address: ${bad})` : ''}`,
      });
      return z.NEVER;
    }
    return items.join(',');
  });

// Where the footer's "Donation page" link goes: an absolute http(s) address, or a path of this site
// ("/checkout"). Unset or empty: the site's own checkout. A protocol-relative "//host" or a
// backslash (which browsers read as a slash) would leave the site while looking like a path.
const DONATION_URL_MESSAGE = 'must be an absolute http(s) address like https://donate.example.org/ or a path of this site starting with / like /checkout';
const donationUrl = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    if (/^\/(?![/\\])[^\s\\]*$/.test(v)) return v;
    try {
      const url = new URL(v);
      if (/^https?:\/\/[^/\\\s]/i.test(v) && url.hostname && !/\s/.test(v)) return url.href;
    } catch {
      // not an address: the message below
    }
    ctx.addIssue({ code: 'custom', message: DONATION_URL_MESSAGE });
    return z.NEVER;
  });

/** A service's operator for the privacy notice: its name, its country, and the safeguard of a transfer abroad. */
export interface ProviderInfo {
  name: string;
  /** ISO 3166-1 alpha-2, upper case (CH, DE, US). */
  country: string;
  /** How data sent to a country without adequate protection is safeguarded (revFADP Art. 16/17). */
  safeguard: 'dpf' | 'scc' | null;
}

const PROVIDER_MESSAGE = 'must be "Name | CC" or "Name | CC | dpf" or "Name | CC | scc", e.g. "Infomaniak Network SA | CH"';
const provider = z
  .string()
  .optional()
  .transform((raw, ctx): ProviderInfo | undefined => {
    const v = raw?.trim();
    if (!v) return undefined;
    const [name, country, safeguard, ...rest] = v.split('|').map((part) => part.trim());
    if (!name || !country || !/^[A-Za-z]{2}$/.test(country) || rest.length || (safeguard && !/^(dpf|scc)$/i.test(safeguard)) || name.length > 100) {
      ctx.addIssue({ code: 'custom', message: PROVIDER_MESSAGE });
      return z.NEVER;
    }
    return { name, country: country.toUpperCase(), safeguard: safeguard ? (safeguard.toLowerCase() as 'dpf' | 'scc') : null };
  });

/** An optional value of a given form; empty counts as unset. */
const optionalMatching = (re: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim();
      if (!value) return undefined;
      if (!re.test(value)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });

/** A DNS server for DNS_SERVERS: an IP address, with a port as ip:port or [ipv6]:port. */
const isDnsServer = (item: string): boolean => {
  if (net.isIP(item)) return true;
  const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(item) ?? /^([^:\[\]]+):(\d{1,5})$/.exec(item);
  return Boolean(m && net.isIP(m[1]!) && Number(m[2]) >= 1 && Number(m[2]) <= 65535);
};

// Every variable of the configuration table (docs/operations.md#configuration), validated once at start.
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<file> or postgres://...')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/, 'must be a lower-case PostgreSQL schema name like charity')
    .optional(),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DONATION_URL: donationUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_KEYS: adminList('key'),
  ADMIN_EMAILS: adminList('address'),
  TRUST_ADMIN_EMAIL_HEADER: flag,
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: z.url().optional(),
  MAILCHIMP_API_KEY: optional,
  MAILCHIMP_SERVER_PREFIX: optional,
  MAILCHIMP_AUDIENCE_ID: optional,
  MAILCHIMP_API_BASE: z.url().optional(),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Kuvaka Community Trust <info@example.org>'),
  // DKIM signing of the site's own mails (nodemailer's): all three or none (loadConfig checks the key).
  DKIM_DOMAIN: optionalMatching(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name like example.org'),
  DKIM_SELECTOR: optionalMatching(/^[a-z0-9]([a-z0-9_-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9_-]{0,61}[a-z0-9])?)*$/i, 'must be a DNS label like mail2026 (letters, digits, -)'),
  DKIM_PRIVATE_KEY: optional,
  // The DNS servers the sending-health check asks (ip or ip:port, comma separated); the system's when unset.
  DNS_SERVERS: list.superRefine((items, ctx) => {
    const bad = items.find((i) => !isDnsServer(i));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `must be addresses like 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53, comma separated (not an address: ${bad.slice(0, 60)})` });
  }),
  // The bounce mailbox (issue 40, models/people/bounce-mailbox.ts): the envelope sender of every
  // mail the site sends itself, and the IMAP folder where its bounces and complaint reports arrive.
  BOUNCE_ADDRESS: z.email({ message: 'must be an e-mail address like bounces@example.org' }).optional(),
  BOUNCE_IMAP_URL: z
    .url({ protocol: /^imaps?$/, message: 'must be imaps://user:password@host:993/INBOX or imap://user:password@host:143/Folder' })
    .refine((u) => URL.canParse(u) && !!new URL(u).username && !!new URL(u).password, 'must name the user and the password (imaps://user:password@host/INBOX)')
    .optional(),
  BOUNCE_IMAP_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  UPLOAD_DIR: z.string().optional(),
  S3_BUCKET: optional,
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_\-/.]{0,100}$/, 'must be a key prefix like charity/ (letters, digits, - _ . /)')
    .optional(),
  // Who runs the mail server and the bucket, for the privacy notice (/privacy): "Name | CC" or
  // "Name | CC | dpf" / "| scc" (CC: the country where the data is kept, ISO 3166 like CH or US).
  SMTP_PROVIDER: provider,
  S3_PROVIDER: provider,
  // Keep no more than needed: the daily retention job (models/privacy/retention.ts) and the privacy notice.
  RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_IP_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // What mailbox providers reported (bounces, complaints, deliveries); a suppression itself stays until lifted.
  RETENTION_MAIL_REPORT_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
  // Covering the fees on the checkout: "card 2.9% + 0.30; twint chf 1.3% + 0.25" (models/shared/fees.ts);
  // by default Stripe's published Swiss card rate, 2.9 % + 0.30, for every method and currency.
  FEE_RATES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseFeeRates(v ?? '');
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  // The books (models/giving/books.ts, docs/payments.md "The books"): the currency the charity keeps
  // its accounts in (its bank and Stripe account settle there), the daily reference rates' address
  // (the ECB's daily XML), and the chart of accounts of the journal export.
  BOOK_CURRENCY: z.enum(['usd', 'chf', 'eur']).default('usd'),
  EXCHANGE_RATES_URL: z.url({ protocol: /^https?$/ }).default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  // key=account pairs (models/giving/accounts.ts): "bank=1020,stripe=1021,donations=3400,fees=6940,project:<slug>=3401".
  ACCOUNTS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseChartText(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^ACCOUNTS: /, '') });
      }
    }),
  // The month (1-12) last year's bank-transfer donors get their thank-you and QR-bill (models/giving/yearly-appeal.ts).
  YEARLY_APPEAL_MONTH: z.coerce.number().int().min(1).max(12).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  // The organisation's public details: fictional defaults, replaced by the charity's own.
  ORG_NAME: z.string().min(1).default('Kuvaka Community Trust'),
  ORG_EMAIL: z.email().default('info@example.org'),
  ORG_PHONE: z
    .string()
    .regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number like +263 77 000 0000')
    .default('+263 77 000 0000'),
  // A fictional account whose check digits are valid (a QR-bill refuses any other); not a QR-IBAN,
  // so bank transfers carry an SCOR creditor reference.
  ORG_IBAN: z.string().default('CH52 0000 0000 0123 4567 8'),
  ORG_BIC: z.string().default('DEMOCHZZXXX'),
  ORG_BANK: z.string().default('Demo Cantonal Bank, Lucerne'),
  // The legal name and postal address on receipts, donation certificates and the QR-bill.
  ORG_LEGAL_NAME: z.string().min(1).max(70).optional(),
  ORG_STREET: z.string().min(1).max(70).default('Musterstrasse 12'),
  ORG_POSTCODE: z.string().min(1).max(16).default('6000'),
  ORG_TOWN: z.string().min(1).max(35).default('Luzern'),
  ORG_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code like CH')
    .default('CH'),
  // Bounces and complaints from the sending provider's webhooks, POST /api/mail-events/:provider
  // (models/people/mail-events.ts, docs/newsletter.md): each provider is accepted only when set.
  POSTMARK_WEBHOOK_USER: optional,
  POSTMARK_WEBHOOK_PASSWORD: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  SES_SNS_TOPIC_ARN: list.pipe(z.array(z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_.-]{1,256}$/, 'must be SNS topic ARNs like arn:aws:sns:eu-central-1:123456789012:ses-feedback'))),
  SNS_TEST_URL_PREFIX: list.pipe(z.array(z.string().regex(/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//, 'must be local addresses like http://127.0.0.1:4010/ (tests only)'))),
  MAILGUN_WEBHOOK_SIGNING_KEY: optional,
  BREVO_WEBHOOK_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface SiteInfo {
  name: string;
  email: string;
  phone: string;
  whatsappNumber: string;
  iban: string;
  bic: string;
  bank: string;
  /** The name on receipts, certificates and the QR-bill (ORG_LEGAL_NAME, else ORG_NAME). */
  legalName: string;
  /** Postal address of the charity. */
  address: { street: string; postcode: string; town: string; country: string };
  publicUrl: string;
  /**
   * DONATION_URL: an address of another origin (opened in a new tab), or a path of this site
   * (an address on PUBLIC_URL's origin becomes its path); null: the site's own checkout.
   */
  donationUrl: string | null;
  socials: { facebook: string; instagram: string; linkedin: string };
  stripePublishableKey: string | null;
  demoAdminKey: string | null;
}

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  databaseUrl: string;
  /** PostgreSQL only: the schema of the app's tables (several sites, or test runs, on one database). */
  databaseSchema: string | undefined;
  publicUrl: string;
  /** Express's 'trust proxy' setting: whose X-Forwarded-* headers count. */
  trustProxy: string | number;
  sessionSecret: string | undefined;
  adminKeys: string[];
  adminEmails: string[];
  /** The names configured for keys (by fingerprint `key:xxxxxxxx`) and addresses (lower case). */
  adminNames: Record<string, string>;
  /** The role of each ADMIN_KEYS entry, by its fingerprint (`Name <key> editor`; admin when none is given). */
  keyRoles: Record<string, AdminRole>;
  /** Passkeys are bound to PUBLIC_URL's host (the WebAuthn relying party) and made on its origin. */
  relyingParty: { id: string; origin: string };
  trustAdminEmailHeader: boolean;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  mailchimp: { apiKey?: string; serverPrefix?: string; audienceId?: string; apiBase?: string };
  openai: { apiKey?: string; baseUrl?: string; model: string };
  smtpUrl?: string;
  mailFrom: string;
  /** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (normalized PEM), as nodemailer's `dkim` option; unset: mails go unsigned. */
  dkim?: DkimSettings;
  /** DNS_SERVERS: the resolvers the sending-health check asks (empty: the system's). */
  dnsServers: string[];
  /** The bounce mailbox: BOUNCE_ADDRESS (the envelope sender), BOUNCE_IMAP_URL and how often it is read. */
  bounces: { address?: string; imapUrl?: string; everyMinutes: number };
  /** The operators of the mail server and the bucket as configured (SMTP_PROVIDER, S3_PROVIDER), for the privacy notice. */
  providers: { smtp?: ProviderInfo; s3?: ProviderInfo };
  /** Days after which sent mails with a one-time link, and IP addresses in rate-limit rows, are deleted. */
  retention: { mailDays: number; ipDays: number; reportDays: number };
  /** The books: BOOK_CURRENCY, EXCHANGE_RATES_URL and the chart of accounts as written (ACCOUNTS). */
  books: { currency: 'usd' | 'chf' | 'eur'; ratesUrl: string; accounts: string | undefined };
  /** What a donor who covers the fees adds, per payment method and currency (FEE_RATES). */
  feeRates: FeeTable;
  /** The month (1-12) of the yearly appeal to last year's bank-transfer donors (YEARLY_APPEAL_MONTH). */
  yearlyAppealMonth: number;
  /** The sending providers' bounce and complaint webhooks that are set up (POSTMARK_WEBHOOK_*, SES_SNS_TOPIC_ARN, MAILGUN_WEBHOOK_SIGNING_KEY, BREVO_WEBHOOK_TOKEN). */
  mailEvents: MailEventSettings;
  /** Local files (and, with S3, the temporary files of uploads being received). */
  uploadDir: string;
  /** Set when uploads go to an S3-compatible bucket instead of UPLOAD_DIR. */
  s3?: S3Settings;
  logLevel: string;
  site: SiteInfo;
}

/** An address on the site's own origin as its path (with query and fragment); others as given. */
function sitePathOf(address: string | undefined, publicUrl: string): string | null {
  if (!address) return null;
  if (address.startsWith('/')) return address;
  const url = new URL(address);
  return url.origin === new URL(publicUrl).origin ? url.pathname + url.search + url.hash : url.href;
}

export const DEMO_ADMIN_KEY = 'demo-admin-key-change-me';
export const DEMO_ADMIN_EMAIL = 'admin@example.org';
export const DEMO_ADMIN_NAME = 'Demo Admin';

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required in production');
  }
  if (production && e.ADMIN_KEYS.length === 0 && e.ADMIN_EMAILS.length === 0) {
    throw new ConfigError('Invalid configuration: ADMIN_KEYS or ADMIN_EMAILS is required in production');
  }
  const stripeSet = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY].filter(Boolean).length;
  if (stripeSet === 1) {
    throw new ConfigError(
      `Invalid configuration: ${e.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'} must be set together with the other Stripe key`,
    );
  }
  if (e.S3_BUCKET) {
    const missing = !e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : !e.S3_SECRET_ACCESS_KEY ? 'S3_SECRET_ACCESS_KEY' : null;
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} must be set when S3_BUCKET is`);
  } else {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).find((k) => source[k]?.trim());
    if (stray) throw new ConfigError(`Invalid configuration: ${stray} is set but S3_BUCKET is not (uploads would stay on this machine)`);
  }
  if (Boolean(e.POSTMARK_WEBHOOK_USER) !== Boolean(e.POSTMARK_WEBHOOK_PASSWORD)) {
    throw new ConfigError(`Invalid configuration: ${e.POSTMARK_WEBHOOK_USER ? 'POSTMARK_WEBHOOK_PASSWORD' : 'POSTMARK_WEBHOOK_USER'} must be set together with the other Postmark webhook credential`);
  }
  if (production && e.SNS_TEST_URL_PREFIX.length) throw new ConfigError('Invalid configuration: SNS_TEST_URL_PREFIX is for tests only and must not be set in production');
  const dkimSet = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (dkimSet !== 0 && dkimSet !== 3) {
    const missing = (['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const).filter((k) => !e[k]);
    throw new ConfigError(`Invalid configuration: ${missing.join(' and ')} must be set too (DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, or none of them)`);
  }
  let dkim: DkimSettings | undefined;
  if (e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY) {
    try {
      dkim = { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: readDkimKey(e.DKIM_PRIVATE_KEY).pem };
    } catch (err) {
      throw new ConfigError(`Invalid configuration: DKIM_PRIVATE_KEY ${(err as Error).message}`);
    }
  }
  const s3Prefix = (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const keyEntries = e.ADMIN_KEYS.length || production ? e.ADMIN_KEYS : [{ value: DEMO_ADMIN_KEY, name: DEMO_ADMIN_NAME, role: 'admin' as const }];
  const emailEntries = e.ADMIN_EMAILS.length || production ? e.ADMIN_EMAILS : [{ value: DEMO_ADMIN_EMAIL, name: null, role: 'admin' as const }];
  const adminKeys = keyEntries.map((k) => k.value);
  const adminEmails = emailEntries.map((k) => k.value);
  const adminNames: Record<string, string> = {};
  for (const k of keyEntries) if (k.name) adminNames[keyFingerprint(k.value)] = k.name;
  const keyRoles: Record<string, AdminRole> = Object.fromEntries(keyEntries.map((k) => [keyFingerprint(k.value), k.role]));
  for (const m of emailEntries) if (m.name) adminNames[normalizeEmail(m.value)] = m.name;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(ROOT, 'db', 'charity.sqlite3')}`,
    databaseSchema: e.DATABASE_SCHEMA,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    sessionSecret: e.SESSION_SECRET,
    adminKeys,
    adminEmails,
    adminNames,
    keyRoles,
    relyingParty: { id: new URL(publicUrl).hostname, origin: new URL(publicUrl).origin },
    trustAdminEmailHeader: e.TRUST_ADMIN_EMAIL_HEADER,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    mailchimp: {
      apiKey: e.MAILCHIMP_API_KEY,
      serverPrefix: e.MAILCHIMP_SERVER_PREFIX,
      audienceId: e.MAILCHIMP_AUDIENCE_ID,
      apiBase: e.MAILCHIMP_API_BASE,
    },
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dkim,
    dnsServers: e.DNS_SERVERS,
    bounces: { address: e.BOUNCE_ADDRESS, imapUrl: e.BOUNCE_IMAP_URL, everyMinutes: e.BOUNCE_IMAP_EVERY_MINUTES },
    providers: { smtp: e.SMTP_PROVIDER, s3: e.S3_PROVIDER },
    retention: { mailDays: e.RETENTION_MAIL_DAYS, ipDays: e.RETENTION_IP_DAYS, reportDays: e.RETENTION_MAIL_REPORT_DAYS },
    books: { currency: e.BOOK_CURRENCY, ratesUrl: e.EXCHANGE_RATES_URL, accounts: e.ACCOUNTS },
    feeRates: e.FEE_RATES,
    yearlyAppealMonth: e.YEARLY_APPEAL_MONTH,
    mailEvents: {
      postmark: e.POSTMARK_WEBHOOK_USER && e.POSTMARK_WEBHOOK_PASSWORD ? { user: e.POSTMARK_WEBHOOK_USER, password: e.POSTMARK_WEBHOOK_PASSWORD } : undefined,
      ses: e.SES_SNS_TOPIC_ARN.length ? { topicArns: e.SES_SNS_TOPIC_ARN, testUrlPrefixes: e.SNS_TEST_URL_PREFIX } : undefined,
      mailgun: e.MAILGUN_WEBHOOK_SIGNING_KEY ? { signingKey: e.MAILGUN_WEBHOOK_SIGNING_KEY } : undefined,
      brevo: e.BREVO_WEBHOOK_TOKEN ? { token: e.BREVO_WEBHOOK_TOKEN } : undefined,
    },
    uploadDir: e.UPLOAD_DIR ?? path.join(ROOT, 'uploads'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: s3Prefix ? `${s3Prefix}/` : '',
        }
      : undefined,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    site: {
      name: e.ORG_NAME,
      email: e.ORG_EMAIL,
      phone: e.ORG_PHONE,
      whatsappNumber: e.ORG_PHONE.replace(/[^0-9]/g, ''),
      iban: e.ORG_IBAN,
      bic: e.ORG_BIC,
      bank: e.ORG_BANK,
      legalName: e.ORG_LEGAL_NAME ?? e.ORG_NAME,
      address: { street: e.ORG_STREET, postcode: e.ORG_POSTCODE, town: e.ORG_TOWN, country: e.ORG_COUNTRY },
      publicUrl,
      donationUrl: sitePathOf(e.DONATION_URL, publicUrl),
      socials: {
        facebook: 'https://www.facebook.com/',
        instagram: 'https://www.instagram.com/',
        linkedin: 'https://www.linkedin.com/',
      },
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
      demoAdminKey: production || e.ADMIN_KEYS.length ? null : DEMO_ADMIN_KEY,
    },
  };
}
