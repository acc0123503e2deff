import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useApp, useT } from '../../app-context';
import { CONTACT_FIELDS, contactMailto, validateContact, type ContactErrors, type ContactField, type ContactInput } from './contact-validation';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };
const AUTOCOMPLETE: Record<ContactField, string> = { name: 'name', email: 'email', subject: 'off', message: 'off' };
/** The minimum lengths, for the browser's own checks before the page's script runs. */
const MIN_LENGTH: Partial<Record<ContactField, number>> = { name: 2, subject: 5, message: 10 };

/**
 * 'Send us a Message': checked in the browser; a valid message opens the
 * visitor's mail program with subject and body filled in. Nothing is sent to our server.
 *
 * Before the page's script runs (a slow phone) or without it, the form itself is a mailto: form:
 * the browser checks the fields (required, minimum lengths, e-mail) and hands the message to the
 * mail program. A form post to mailto: puts every field into the body, one "label=value" line each
 * (hence the field names are the visible labels), under a fixed subject; the visitor's own subject
 * is the body's "Subject=" line. Chromium garbles non-ASCII letters, "&" and "+" in such a body
 * (Firefox does not); a GET would keep them but lose name and e-mail and show "+" for every space
 * in most mail programs. The script's way (below) sends exactly the given subject and a body with
 * name, e-mail and message, so the form only falls back on this until it runs.
 */
export function ContactForm() {
  const t = useT();
  const { site } = useApp();
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState('');
  /** Once the script runs, it checks the fields itself, with the exact messages beside them. */
  const [scripted, setScripted] = useState(false);
  const fields = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  useEffect(() => setScripted(true), []);

  const messages = {
    name: t('contact.form.errors.name'),
    email: t('contact.form.errors.email'),
    subject: t('contact.form.errors.subject'),
    message: t('contact.form.errors.message'),
  };

  const change = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, a field's message updates as it is corrected.
    if (attempted) {
      const result = validateContact(next, messages);
      setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAttempted(true);
    const result = validateContact(values, messages);
    if (!result.ok) {
      setErrors(result.errors);
      const count = Object.keys(result.errors).length;
      setStatus(t('contact.form.errorSummary', { count }));
      const first = CONTACT_FIELDS.find((f) => result.errors[f]);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    setStatus(t('contact.form.opening', { email: site.email }));
    window.location.href = contactMailto(site.email, result.data, {
      name: t('contact.form.name'),
      email: t('contact.form.email'),
      message: t('contact.form.message'),
    });
  };

  return (
    <form
      className="contact-form"
      action={`mailto:${site.email}?subject=${encodeURIComponent(t('contact.form.fallbackSubject'))}`}
      method="post"
      encType="text/plain"
      noValidate={scripted}
      onSubmit={submit}
      aria-labelledby="contact-form-title"
    >
      {CONTACT_FIELDS.map((field) => {
        const id = `contact-${field}`;
        const error = errors[field];
        const common = {
          id,
          name: t(`contact.form.${field}`),
          value: values[field],
          required: true,
          minLength: MIN_LENGTH[field],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          autoComplete: AUTOCOMPLETE[field],
        };
        return (
          <div key={field} className={`form-field${error ? ' has-error' : ''}`}>
            <label htmlFor={id}>
              {t(`contact.form.${field}`)}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            {field === 'message' ? (
              <textarea
                {...common}
                rows={6}
                ref={(el) => {
                  fields.current[field] = el;
                }}
                onChange={(e) => change(field, e.target.value)}
              />
            ) : (
              <input
                {...common}
                type={field === 'email' ? 'email' : 'text'}
                ref={(el) => {
                  fields.current[field] = el;
                }}
                onChange={(e) => change(field, e.target.value)}
              />
            )}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <p className="small muted">{t('contact.form.requiredNote')}</p>
      <button type="submit" className="btn btn-primary btn-lg">
        {t('contact.form.submit')}
      </button>
      <p className="form-status" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
