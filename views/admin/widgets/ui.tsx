// Building blocks of the admin screens: the compact header, form fields with their errors,
// the dialog, and small hooks. Everything renders on the server first and works without JavaScript.
import { createContext, useContext, useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import type { AdminRole } from '../../../models/shared/roles';
import { useApp, useLang, useLinks, useT } from '../../app-context';
import { adminHref, type AdminTab } from '../../../models/shared/admin-rules';
import { Icon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { localizePath } from '../../../models/shared/urls';
import { fieldTextKey } from '../../../models/shared/error-codes';
import type { FieldIssue } from '../lib/api';
import type { Lang } from '../../types';
import { useHydrated } from '../../use-hydrated';

/** What every admin component needs: the CSRF token (for no-JS forms) and the page language. */
export interface AdminContextValue {
  csrfToken: string;
  lang: Lang;
  /** Path of an admin form endpoint in the page language, e.g. /de/admin/projects. */
  action: (path: string) => string;
  /** Whether machine translation drafts can be asked for (the site has an OpenAI key). */
  machineDrafts: boolean;
  /** The signed-in admin's role: what the page offers (the server decides what it allows). */
  role: AdminRole;
}

export const AdminContext = createContext<AdminContextValue>({ csrfToken: '', lang: 'en', action: (p) => p, machineDrafts: false, role: 'editor' });
export const useAdmin = () => useContext(AdminContext);

/** An admin screen's address in the page's language, with a query and fragment after it (adminHref). */
export function useScreenHref(): (screen: AdminTab, more?: string) => string {
  const lang = useLang();
  return (screen, more) => adminHref(lang, screen, more);
}

export function adminContextValue(csrfToken: string, lang: Lang, machineDrafts = false, role: AdminRole = 'admin'): AdminContextValue {
  return { csrfToken, lang, action: (p) => localizePath(p, lang), machineDrafts, role };
}

export { useHydrated };

/**
 * A field's problem from the server in the page language, by its code. A rule without a code of
 * its own (`invalid`) has only the server's English sentence, which is more precise than a
 * general "not valid".
 */
export function useFieldError(): (issue: FieldIssue | undefined) => string | undefined {
  const t = useT();
  return (issue) => {
    if (!issue) return undefined;
    if (issue.code === 'invalid' && issue.message) return issue.message;
    const { key, params } = fieldTextKey(issue);
    return t(key, params);
  };
}

export function CsrfField() {
  const { csrfToken } = useAdmin();
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}

/** Compact header of the admin pages: brand, language switch, link to the site, and (signed in) Logout. */
export function AdminHeader({ children }: { children?: ReactNode }) {
  const { site } = useApp();
  const t = useT();
  const link = useLinks();
  return (
    <header className="admin-header">
      <div className="admin-header-inner">
        <a className="admin-brand" href={link('home')}>
          <img src="/images/logo.svg" alt="" width={32} height={32} />
          <span>
            <span className="admin-brand-name">{site.name}</span>
            <span className="admin-brand-sub">{t('admin.header.area')}</span>
          </span>
        </a>
        <div className="admin-header-actions">
          <a className="admin-header-link" href={link('home')}>
            <Icon name="arrow" size={16} /> <span>{t('admin.header.viewSite')}</span>
          </a>
          <LanguageSwitch />
          {children}
        </div>
      </div>
    </header>
  );
}

export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t('nav.skipToContent')}
    </a>
  );
}

/** What every form field of the admin takes. */
export interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/**
 * Whether the fields inside get the anchor id `field-<name>`: only the content edit form sets it (one
 * such form per page), where the translation status and the accessibility check link to a field.
 * Other forms (spending, glossary, media, several on a page) share field names, so they go without.
 */
export const FieldAnchors = createContext(false);

export function FieldShell({ id, label, required, hint, error, children, name }: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: ReactNode; name?: string }) {
  const t = useT();
  const anchors = useContext(FieldAnchors);
  return (
    // Translation status: #field-<name> (e.g. #field-titleDe) is where its links land.
    <div className={`admin-field${error ? ' has-error' : ''}`} id={anchors && name ? `field-${name}` : undefined}>
      <label htmlFor={id}>
        {label}
        {required && <span className="admin-required"> ({t('admin.form.required')})</span>}
      </label>
      {hint && (
        <p className="admin-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="admin-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ name, label, value, onChange, error, required, hint, type = 'text', inputMode, autoComplete = 'off', placeholder }: FieldProps & { type?: string; inputMode?: 'decimal' | 'numeric' | 'text' | 'email'; autoComplete?: string; placeholder?: string }) {
  const id = `f-${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <FieldShell id={id} name={name} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

export function TextArea({ name, label, value, onChange, error, required, hint, rows = 5 }: FieldProps & { rows?: number }) {
  const id = `f-${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <FieldShell id={id} name={name} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldShell>
  );
}

export function SelectField({ name, label, value, onChange, error, required, hint, options }: FieldProps & { options: { value: string; label: string }[] }) {
  const id = `f-${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <FieldShell id={id} name={name} label={label} required={required} hint={hint} error={error}>
      <select id={id} name={name} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A modal dialog on the native <dialog> element: focus moves in and is kept there, Escape and the
 * close button close it, and focus returns to what opened it. The control marked data-autofocus
 * gets the focus when it opens.
 */
export function Dialog({ open, onClose, title, children, wide }: { open: boolean; onClose: () => void; title: string; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  const titleId = `dlg-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // The dialog's first choice (data-autofocus: a safe one, such as "Keep editing"), not its
      // first control (the close button), which showModal would focus.
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`admin-dialog${wide ? ' admin-dialog-wide' : ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="admin-dialog-body">
          <div className="admin-dialog-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
              <Icon name="close" size={18} />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** A list that has not arrived: the error that stopped it, or the spinner while it loads. */
export function Loading({ error }: { error: string | null }) {
  const t = useT();
  if (error) {
    return (
      <p className="admin-error" role="alert">
        {error}
      </p>
    );
  }
  return <Spinner label={t('common.loading')} />;
}

export function Spinner({ label }: { label: string }) {
  return (
    <p className="admin-loading" role="status">
      <span className="admin-spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** "12 Nov 2026, 14:05" in Swiss time on both server and browser (same text, no hydration mismatch). */
export function formatDateTime(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(d);
}

/**
 * A control that is a link without JavaScript (to a server-rendered state such as ?edit=3) and a
 * real button once the page is interactive.
 */
export function ActionLink({ href, onClick, className, children, label, elementRef }: { href: string; onClick: () => void; className: string; children: ReactNode; label?: string; elementRef?: Ref<HTMLElement> }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={href} className={className} aria-label={label} ref={elementRef as Ref<HTMLAnchorElement>}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick} ref={elementRef as Ref<HTMLButtonElement>}>
      {children}
    </button>
  );
}
