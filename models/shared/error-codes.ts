// Every code an error answer of this site can carry, with what it means. Clients (the site's own
// browser code, scripts) switch on these codes, never on the English `error` text, which may be
// reworded. A code, once published, keeps its meaning: add new ones rather than reuse old ones.
// No imports: the browser bundle includes this file.

/**
 * Codes of the JSON error body `{ "error": "...", "code": "...", "fields"?: {...} }` on /api/*.
 * (An array, not an object with descriptions: the browser bundles include it.)
 */
export const ERROR_CODES = [
  // Any request
  /** The input breaks a rule. `fields` (English) and `fieldErrors` (codes) name the fields. */
  'validation',
  /** The request cannot be read: malformed JSON, a malformed %-escape, a broken upload, an id that is not one. */
  'bad_request',
  /** Text with a NUL character or a lone UTF-16 surrogate, which no database keeps as sent. */
  'invalid_text',
  /** The body or the uploaded file is larger than allowed. */
  'payload_too_large',
  /** No admin credentials came with the request. */
  'unauthorized',
  /** The admin key, e-mail or session is not accepted. */
  'invalid_credentials',
  /** The admin is signed in, but their role (editor, treasurer, admin) does not cover this. */
  'auth.forbidden',
  /** The CSRF token is missing or wrong: reload the page and try again. */
  'csrf',
  /** No such route, record or file. */
  'not_found',
  /** Too many requests from this address: wait a few minutes. */
  'rate_limited',
  /** A fault on our side (logged with the request id). */
  'internal',
  /** The database cannot be reached right now: try again in a moment (Retry-After). */
  'unavailable',
  // Newsletter (public subscribe, admin sends)
  /** The address unsubscribed earlier and was removed at Mailchimp: it cannot be added again by a form. */
  'newsletter.previously_unsubscribed',
  /** The e-mail address is not valid (or the newsletter service refused it). */
  'newsletter.invalid_email',
  /** The newsletter service cannot be reached or is not set up correctly. */
  'newsletter.unavailable',
  /** The confirmation e-mail could not be sent right now. */
  'newsletter.mail_failed',
  /** The newsletter service refused the request. */
  'newsletter.refused',
  /** This newsletter has already been sent. */
  'newsletter.already_sent',
  /** There are no failed deliveries to send again. */
  'newsletter.nothing_to_retry',
  /** Some of the selected news articles or projects no longer exist. */
  'newsletter.items_missing',
  /** Nobody would get this edition: no confirmed subscriber reads its language. Nothing was sent. */
  'newsletter.no_subscribers',
  // Bounces and complaints from the sending provider (POST /api/mail-events/:provider)
  /** The provider's webhook is not set up on this site (its variables are not set). */
  'mail_events.not_configured',
  /** The webhook's credentials or signature are missing or wrong (or a signed token was used before). */
  'mail_events.unauthenticated',
  /** The provider's signing certificate or subscription address cannot be reached right now: the provider retries. */
  'mail_events.unavailable',
  // Revisions and trash
  /** The item is in the trash: restore it from the trash before restoring one of its revisions. */
  'content.in_trash',
  // Media library and uploads
  /** The uploaded file is of a type this site does not accept, or cannot be read. */
  'media.rejected',
  /** The file storage cannot be reached right now. */
  'storage.unavailable',
  // Payments (Stripe)
  /** Online payments are not set up, or Stripe cannot be reached or had a problem. */
  'payments.unavailable',
  /** Stripe did not answer in time. */
  'payments.timeout',
  /** Stripe has no such payment. */
  'payments.not_found',
  /** Stripe refused the request. */
  'payments.rejected',
  /** The payment has not succeeded (yet). */
  'payments.not_succeeded',
  /** The payment does not match: another project, another amount, or an amount this site does not accept. */
  'payments.mismatch',
  /** A webhook without a valid Stripe signature. */
  'payments.signature',
  /** A signed webhook whose event is not of the expected shape. */
  'payments.malformed',
  // Bank transfers matched from the bank's file (camt.053 / camt.054)
  /** The uploaded statement is empty. */
  'bank.empty_file',
  /** The uploaded statement is not XML. */
  'bank.not_xml',
  /** The uploaded file is XML of another kind than a camt.053 or camt.054 statement. */
  'bank.not_camt',
  /** The statement is for another account than the charity's (ORG_IBAN). */
  'bank.wrong_account',
  /** The bank credit has been credited already (assigned, or matched). */
  'bank.already_assigned',
  /** The bank credit is in a currency (or of an amount) the site cannot record. */
  'bank.currency',
  // Gifts booked by a person (bank transfers, gifts outside the website)
  /** The gift has been reversed already: nothing was changed. */
  'gift.already_reversed',
  /** The gift is not a booked bank or offline gift that stands (a card gift is refunded at Stripe). */
  'gift.not_booked',
  /** The bank gave no sender's account (IBAN) with the credit: there is nothing to remember. */
  'bank.no_account',
  /** The statement's line is explained already: nothing was changed. */
  'bank.already_explained',
  /** The chosen Stripe payout is not this line: another amount, currency, or explained elsewhere. */
  'bank.payout_mismatch',
  /** Stripe is not set up: there are no payouts to explain a line with. */
  'bank.no_stripe',
  // Supporters' fundraisers
  /** The fundraiser takes no gifts: it ended, or its project takes none at the moment. */
  'fundraiser.closed',
  /** The fundraiser has been approved (or rejected) already: nothing was changed. */
  'fundraiser.reviewed',
  /** Updates can be posted once the fundraiser is public. */
  'fundraiser.not_public',
  // The writing assistant (OpenAI)
  /** The AI service cannot be reached, is busy, or is not set up correctly. */
  'assistant.unavailable',
  /** The AI service did not answer in time. */
  'assistant.timeout',
  /** The AI service declined to write this. */
  'assistant.declined',
  /** The AI answer was not in the expected form. */
  'assistant.bad_answer',
  /** No AI service is configured for what needs one (machine translation drafts). */
  'assistant.not_configured',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes of a single field's problem (`fieldErrors` of a `validation` answer). The admin screens
 * show `admin.validation.<code>` for each; `too_long` may carry `{ max }`.
 */
export const FIELD_CODES = [
  'required',
  'too_long',
  'amount',
  'amount_too_large',
  'amount_negative',
  'amount_decimals',
  'image_url',
  'status',
  'location',
  'page_name',
  'page_taken',
  'page_in_trash',
  'schedule_time',
  'project',
  'date',
  'date_future',
  'slug',
  'slug_taken',
  'email',
  'category',
  'alt_text',
  'file',
  'file_type',
  'file_too_large',
  'raised_changed',
  'raised_below_gifts',
  'invalid_text',
  'term_taken',
  'rate',
  'day_future',
  // Any other rule: the English message is the only text there is.
  'invalid',
] as const;

export type FieldCode = (typeof FIELD_CODES)[number];

/** A field's problem as the JSON body's `fieldErrors` carries it. */
export interface FieldProblem {
  code: FieldCode;
  params?: Record<string, string | number>;
}

/** The JSON error body of every /api/* answer that is not a success. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
  fieldErrors?: Record<string, FieldProblem>;
}

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);
export const isFieldCode = (v: unknown): v is FieldCode => typeof v === 'string' && (FIELD_CODES as readonly string[]).includes(v);

/**
 * The locale keys of the texts the public pages show for codes (instead of the server's words):
 * test/unit/error-codes.test.ts checks that English and German have each of them, and those of
 * ADMIN_ERROR_TEXTS and the field codes.
 */
export const ERROR_TEXT_KEYS: Partial<Record<ErrorCode, { title: string; text?: string }>> = {
  'newsletter.previously_unsubscribed': { title: 'newsletter.removedTitle', text: 'newsletter.removedText' },
};

/**
 * Codes the admin screens say in their own words (`admin.errors.<code>`). For the others
 * (`validation`, `bad_request`, `media.rejected`...) the server's sentence names the detail.
 */
export const ADMIN_ERROR_TEXTS = [
  'unauthorized',
  'invalid_credentials',
  'csrf',
  'not_found',
  'rate_limited',
  'payload_too_large',
  'invalid_text',
  'internal',
  'unavailable',
  'storage.unavailable',
  'newsletter.unavailable',
  'newsletter.refused',
  'newsletter.already_sent',
  'newsletter.nothing_to_retry',
  'newsletter.items_missing',
  'newsletter.no_subscribers',
  'newsletter.mail_failed',
  'assistant.unavailable',
  'assistant.timeout',
  'assistant.declined',
  'assistant.bad_answer',
  'assistant.not_configured',
  'content.in_trash',
  'bank.empty_file',
  'bank.not_xml',
  'bank.not_camt',
  'bank.wrong_account',
  'bank.already_assigned',
  'bank.currency',
  'gift.already_reversed',
  'gift.not_booked',
  'bank.no_account',
  'bank.already_explained',
  'bank.payout_mismatch',
  'bank.no_stripe',
] as const satisfies readonly ErrorCode[];

/** The locale key of a code's text in the admin screens, or null when the server's sentence is shown. */
export function adminErrorKey(code: ErrorCode | null): string | null {
  return code && (ADMIN_ERROR_TEXTS as readonly string[]).includes(code) ? `admin.errors.${code}` : null;
}

/** The locale key of a field problem's text (under admin.validation). */
export function fieldTextKey(problem: FieldProblem): { key: string; params?: Record<string, string | number> } {
  if (problem.code === 'too_long' && problem.params?.max !== undefined) return { key: 'admin.validation.too_long_max', params: problem.params };
  return { key: `admin.validation.${problem.code}`, params: problem.params };
}
