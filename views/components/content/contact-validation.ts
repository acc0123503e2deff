// The contact form's rules (name 2, subject 5, message 10 characters at least; a valid e-mail),
// pure so the browser form and the unit tests share them.
// zod/mini keeps the contact page's bundle small; the rules are the same as with the full zod API.
import * as z from 'zod/mini';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactInput = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The exact English messages (docs/behaviour.md §5); the German page passes its translations instead. */
export const CONTACT_MESSAGES: Record<ContactField, string> = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  subject: 'Subject must be at least 5 characters',
  message: 'Message must be at least 10 characters',
};

export function contactSchema(messages: Record<ContactField, string> = CONTACT_MESSAGES) {
  return z.object({
    name: z.string().check(z.trim(), z.minLength(2, messages.name)),
    email: z.string().check(z.trim(), z.email(messages.email)),
    subject: z.string().check(z.trim(), z.minLength(5, messages.subject)),
    message: z.string().check(z.trim(), z.minLength(10, messages.message)),
  });
}

/** Validates the form: the cleaned values, or one message per invalid field (in form order). */
export function validateContact(
  input: ContactInput,
  messages: Record<ContactField, string> = CONTACT_MESSAGES,
): { ok: true; data: ContactInput } | { ok: false; errors: ContactErrors } {
  const result = contactSchema(messages).safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The labels of the mail body, in the page's language. */
export interface MailBodyLabels {
  name: string;
  email: string;
  message: string;
}

/** The mailto: address that opens the visitor's mail program (nothing is sent to our server). */
export function contactMailto(to: string, data: ContactInput, labels: MailBodyLabels): string {
  const body = `${labels.name}: ${data.name}\n${labels.email}: ${data.email}\n\n${labels.message}:\n${data.message}`;
  return 'mailto:' + to + '?subject=' + encodeURIComponent(data.subject) + '&body=' + encodeURIComponent(body);
}
