// The one error type of a request: what went wrong for the person who asked, as an HTTP status,
// a stable code (models/shared/error-codes.ts) and a message safe to show. The error middleware turns it
// into `{ error, code, fields?, fieldErrors? }` on /api/* and into the error page elsewhere.
import type { z } from 'zod';
import { isFieldCode, type ErrorCode, type FieldCode, type FieldProblem } from './error-codes';

/** One field's problem: its code (and values) for the browser, its English message for people and logs. */
export interface FieldError extends FieldProblem {
  message: string;
}

export class AppError extends Error {
  /** The message is meant for the person who asked (the error middleware shows it). */
  readonly expose = true;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, FieldError>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }

  /** `fields` as the JSON body carries them: the English message per field. */
  fieldMessages(): Record<string, string> | undefined {
    if (!this.fields) return undefined;
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.message]));
  }

  /** `fieldErrors` of the JSON body: the code (and values) per field. */
  fieldProblems(): Record<string, FieldProblem> | undefined {
    if (!this.fields) return undefined;
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.params ? { code: f.code, params: f.params } : { code: f.code }]));
  }
}

/** The English message of each field code (the admin screens show `admin.validation.<code>`). */
export const FIELD_MESSAGES: Record<FieldCode, string> = {
  required: 'This field is required',
  too_long: 'This text is too long',
  amount: 'Enter an amount such as 1250.50 or 1,250.50',
  amount_too_large: 'This amount is too large',
  amount_negative: 'An amount cannot be negative: enter one such as 1,250.50',
  amount_decimals: 'Use at most two decimal places, such as 1,250.50 (group thousands with a comma, an apostrophe or a space)',
  image_url: 'Enter an image address on this site, starting with / (such as /uploads/...)',
  status: 'Choose funding, progress or completed',
  location: 'Choose zimbabwe, switzerland or Board of Trustees',
  page_name: 'Choose one of the listed pages',
  page_taken: 'Content for this page already exists: edit it instead',
  page_in_trash: 'Content for this page is in the trash: restore it from the trash instead',
  schedule_time: 'Choose the date and time to publish at',
  project: 'This project does not exist',
  date: 'Enter a date such as 2026-03-01',
  date_future: 'This date is in the future: enter the day the money was spent (today at the latest)',
  slug: 'Use letters, numbers and hyphens only',
  slug_taken: 'This address is already used by another entry: choose another one',
  email: 'Please enter a valid email address',
  category: 'Choose one of the listed categories',
  alt_text: 'Describe the image for people who cannot see it',
  file: 'Choose a file to upload',
  file_type: 'Files of this type are not accepted',
  file_too_large: 'The file is too large',
  raised_changed: 'The raised amount has changed since it was read (it is now {current} USD): send raisedAmountBase with the amount you read, or leave raisedAmount out',
  raised_below_gifts: 'Confirmed gifts alone come to {min} USD: the raised amount cannot be lower (refunds lower it by themselves)',
  invalid_text: 'Text must not contain NUL characters',
  term_taken: 'This term is in the glossary already',
  rate: 'Enter a rate such as 0.9315: what one unit of the currency is worth in the book currency',
  day_future: 'This day is in the future: enter today or an earlier day',
  invalid: 'This value is not valid',
};

/** A field problem of a known code; `message` overrides the standard English text. */
export function fieldError(code: FieldCode, params?: Record<string, string | number>, message?: string): FieldError {
  let text = message ?? FIELD_MESSAGES[code].replace(/\{(\w+)\}/g, (all, name: string) => (params?.[name] !== undefined ? String(params[name]) : all));
  if (!message && code === 'too_long' && params?.max !== undefined) text = `${text} (at most ${params.max} characters)`;
  return params ? { code, params, message: text } : { code, message: text };
}

/** "field: message; field: message", the `error` of a validation answer. */
function summary(fields: Record<string, FieldError>): string {
  return Object.entries(fields)
    .map(([k, f]) => (k === '_' ? f.message : `${k}: ${f.message}`))
    .join('; ');
}

/** 400 (or 409 for a clash with stored data) with a problem per field. */
export function invalidFields(fields: Record<string, FieldError>, status: 400 | 409 = 400): AppError {
  return new AppError(status, 'validation', summary(fields) || 'Invalid input', fields);
}

/** 400 `validation` for one field with one code. */
export const invalidField = (field: string, code: FieldCode, params?: Record<string, string | number>) => invalidFields({ [field]: fieldError(code, params) });

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const badRequest = (message: string) => new AppError(400, 'bad_request', message);

/**
 * The field problems of a failed zod parse. A schema's message that is a field code (the admin
 * schemas: `.min(1, 'required')`) becomes that code with its English text (a too-long text says
 * its limit); any other message stays as written, with the code `invalid`.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (fields[key]) continue;
    const code = issue.message;
    if (isFieldCode(code)) {
      const max = code === 'too_long' && issue.code === 'too_big' ? Number(issue.maximum) : undefined;
      fields[key] = fieldError(code, max !== undefined && Number.isFinite(max) ? { max } : undefined);
    } else {
      fields[key] = { code: 'invalid', message: issue.message };
    }
  }
  return fields;
}

/** Parses input with a zod schema, throwing a 400 `validation` with a problem per field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidFields(fieldErrorsOf(result.error));
}
