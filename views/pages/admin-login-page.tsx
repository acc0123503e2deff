// /admin-login: sign in with an admin key, or ask for a one-time sign-in link by e-mail.
// Works without JavaScript (the form posts and the server redirects with the outcome); with
// JavaScript it answers in place. Nothing is kept in browser storage: the session cookie is HttpOnly.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLang, useLinks, useT } from '../app-context';
import { Icon } from '../components/icons';
import { toast, Toaster } from '../components/toaster';
import { AdminHeader, SkipLink, useHydrated } from '../admin/widgets/ui';
import type { ErrorCode } from '../../models/shared/error-codes';
import { homeScreen, type AdminRole } from '../../models/shared/roles';
import { adminHref } from '../../models/shared/admin-rules';
import { isCancelled, makePasskey, passkeysSupported, postJson, usePasskey } from '../admin/lib/passkey-client';

export type LoginNotice = 'invalid' | 'rate' | 'link' | 'sent' | 'loggedOut' | 'keyRequired' | 'emailRequired' | 'emailInvalid';

export interface AdminLoginProps {
  mode: 'key' | 'email';
  notice: LoginNotice | null;
  /** Example credentials of the hint box: only outside production (null otherwise). */
  demoKey: string | null;
  demoEmail: string | null;
  /** The invitation of the link `?invite=` (a person to welcome), 'invalid' for a bad link, or null. */
  invite?: { token: string; name: string; role: AdminRole; site: string } | 'invalid' | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldNotice = 'keyRequired' | 'emailRequired' | 'emailInvalid';
const FIELD_NOTICES: readonly LoginNotice[] = ['keyRequired', 'emailRequired', 'emailInvalid'];

/** The answer of a passkey sign-in or of an accepted invitation: the session is open. */
type SignedIn = { csrfToken: string; admin?: { role?: AdminRole } };

export default function AdminLoginPage({ mode: initialMode, notice: initialNotice, demoKey, demoEmail, invite }: AdminLoginProps) {
  const t = useT();
  const link = useLinks();
  const lang = useLang();
  const hydrated = useHydrated();
  // Signed in: the first screen of the person's role (the admin page leads there anyway).
  const homeOf = (signedIn: { admin?: { role?: AdminRole } } | null) => (signedIn?.admin?.role ? adminHref(lang, homeScreen(signedIn.admin.role)) : link('admin'));
  const [mode, setMode] = useState(initialMode);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<LoginNotice | null>(initialNotice && !FIELD_NOTICES.includes(initialNotice) ? initialNotice : null);
  const [fieldError, setFieldError] = useState<FieldNotice | null>(initialNotice && FIELD_NOTICES.includes(initialNotice) ? (initialNotice as FieldNotice) : null);
  const input = useRef<HTMLInputElement>(null);
  const [keyBusy, setKeyBusy] = useState(false);

  /** A passkey ceremony: options from the server, the browser's dialog, the answer back; then the admin page. */
  async function withPasskey(kind: 'sign-in' | 'invite') {
    if (keyBusy) return;
    if (!passkeysSupported()) {
      toast({ title: t('admin.login.passkeyUnsupported'), variant: 'destructive' });
      return;
    }
    setKeyBusy(true);
    try {
      let signedIn: SignedIn | null = null;
      if (kind === 'sign-in') {
        const { ceremony, options } = await postJson<{ ceremony: string; options: never }>('/api/admin/login/passkey/options', {});
        signedIn = await postJson<SignedIn>('/api/admin/login/passkey', { ceremony, response: await usePasskey(options) });
      } else if (invite && invite !== 'invalid') {
        const { ceremony, options } = await postJson<{ ceremony: string; options: never }>('/api/admin/login/invite/options', { token: invite.token });
        const response = await makePasskey(options);
        signedIn = await postJson<SignedIn>('/api/admin/login/invite', { token: invite.token, ceremony, response, name: t('admin.people.defaultKeyName') });
      }
      toast({ title: t('admin.login.success'), variant: 'success' });
      window.location.assign(homeOf(signedIn));
      return;
    } catch (err) {
      if (isCancelled(err)) toast({ title: t('admin.login.passkeyCancelled'), variant: 'destructive' });
      else if ((err as { status?: number }).status === 401) toast({ title: t('admin.login.passkeyUnknown'), variant: 'destructive' });
      else toast({ title: t('admin.login.failedTitle'), description: kind === 'invite' ? t('admin.login.inviteInvalid') : t('admin.login.failedText'), variant: 'destructive' });
    }
    setKeyBusy(false);
  }

  useEffect(() => {
    if (initialNotice === 'loggedOut') toast({ title: t('admin.login.notices.loggedOut'), variant: 'success' });
  }, []);

  function switchMode(next: 'key' | 'email') {
    setMode(next);
    setValue('');
    setFieldError(null);
    setNotice(null);
    window.history.replaceState(window.history.state, '', `${link('adminLogin')}${next === 'email' ? '?mode=email' : ''}`);
    input.current?.focus();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const v = value.trim();
    const error: FieldNotice | null = mode === 'key' ? (v ? null : 'keyRequired') : !v ? 'emailRequired' : EMAIL.test(v) ? null : 'emailInvalid';
    setFieldError(error);
    setNotice(null);
    if (error) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await fetch('/api/admin/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(mode === 'key' ? { mode, key: v } : { mode, email: v }),
      });
      const body = (await res.json().catch(() => ({}))) as { csrfToken?: string; sent?: boolean; error?: string; code?: ErrorCode; admin?: { role?: AdminRole } };
      if (res.ok && body.sent) {
        setNotice('sent');
        setValue('');
      } else if (res.ok) {
        toast({ title: t('admin.login.success'), variant: 'success' });
        window.location.assign(homeOf(body));
        return;
      } else if (body.code === 'invalid_credentials') {
        toast({ title: t('admin.login.invalidTitle'), description: t('admin.login.invalidText'), variant: 'destructive' });
        input.current?.select();
      } else if (body.code === 'rate_limited') {
        setNotice('rate');
        toast({ title: t('admin.login.notices.rate'), variant: 'destructive' });
      } else {
        toast({ title: t('admin.login.failedTitle'), description: body.error ?? res.statusText, variant: 'destructive' });
      }
    } catch {
      toast({ title: t('admin.login.failedTitle'), description: t('admin.login.failedText'), variant: 'destructive' });
    }
    setBusy(false);
  }

  const inputId = 'admin-credential';
  const errorText = fieldError ? t(`admin.login.notices.${fieldError}`) : null;
  const describedBy = [mode === 'email' ? 'credential-hint' : '', errorText ? 'credential-error' : ''].filter(Boolean).join(' ') || undefined;
  const noticeIsError = notice === 'invalid' || notice === 'rate' || notice === 'link';

  return (
    <>
      <SkipLink />
      <AdminHeader />
      <main id="main" tabIndex={-1} className="admin-main admin-login-main">
        <div className="admin-login card">
          <span className="admin-login-icon" aria-hidden="true">
            <Icon name="lock" size={28} />
          </span>
          {invite && invite !== 'invalid' ? (
            <>
              <h1>{t('admin.login.inviteTitle', { name: invite.name })}</h1>
              <p>{t('admin.login.inviteText', { site: invite.site, role: t(`admin.people.roles.${invite.role}`) })}</p>
              <p className="muted">{t(`admin.people.roleHints.${invite.role}`)}</p>
              <button type="button" className="btn btn-primary btn-block" onClick={() => void withPasskey('invite')} disabled={!hydrated || keyBusy}>
                {t('admin.login.createPasskey')}
              </button>
              <p className="muted small admin-login-or">{t('admin.login.inviteOr')}</p>
            </>
          ) : (
            <>
              <h1>{t('admin.login.title')}</h1>
              <p className="muted">{t('admin.login.intro')}</p>
              {invite === 'invalid' && (
                <div className="admin-flash admin-flash-error" role="alert">
                  <p>{t('admin.login.inviteInvalid')}</p>
                </div>
              )}
              <button type="button" className="btn btn-outline btn-block admin-passkey-btn" onClick={() => void withPasskey('sign-in')} disabled={!hydrated || keyBusy}>
                <Icon name="lock" size={16} /> {t('admin.login.passkey')}
              </button>
              <p className="muted small admin-login-or">{t('admin.login.or')}</p>
            </>
          )}

          {notice && (
            <div className={`admin-flash admin-flash-${noticeIsError ? 'error' : 'success'}`} role={noticeIsError ? 'alert' : 'status'}>
              <p>{t(`admin.login.notices.${notice}`)}</p>
            </div>
          )}

          <div className="segmented" role="group" aria-label={t('admin.login.modeLabel')}>
            {(['key', 'email'] as const).map((m) =>
              hydrated ? (
                <button key={m} type="button" aria-pressed={mode === m} className={mode === m ? 'active' : ''} onClick={() => switchMode(m)}>
                  {t(`admin.login.modes.${m}`)}
                </button>
              ) : (
                <a key={m} href={`${link('adminLogin')}${m === 'email' ? '?mode=email' : ''}`} aria-current={mode === m ? 'true' : undefined} className={mode === m ? 'active' : ''}>
                  {t(`admin.login.modes.${m}`)}
                </a>
              ),
            )}
          </div>

          <form method="post" action={link('adminLogin')} onSubmit={hydrated ? submit : undefined} noValidate className="admin-login-form">
            <input type="hidden" name="mode" value={mode} />
            <div className={`admin-field${errorText ? ' has-error' : ''}`}>
              <label htmlFor={inputId}>{t(`admin.login.modes.${mode}`)}</label>
              {mode === 'email' && (
                <p className="admin-hint" id="credential-hint">
                  {t('admin.login.emailHint')}
                </p>
              )}
              <input
                ref={input}
                id={inputId}
                key={mode}
                name={mode}
                type={mode === 'key' ? 'password' : 'email'}
                autoComplete={mode === 'key' ? 'current-password' : 'email'}
                spellCheck={false}
                required
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={errorText ? true : undefined}
                aria-describedby={describedBy}
              />
              {errorText && (
                <p className="admin-error" id="credential-error">
                  {errorText}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t('admin.login.verifying') : t('admin.login.submit')}
            </button>
          </form>

          {(demoKey || demoEmail) && (
            <aside className="admin-hint-box" aria-labelledby="demo-title">
              <h2 id="demo-title">{t('admin.login.demoTitle')}</h2>
              {demoKey && (
                <p>
                  {t('admin.login.modes.key')}: <code>{demoKey}</code>
                </p>
              )}
              {demoEmail && (
                <p>
                  {t('admin.login.modes.email')}: <code>{demoEmail}</code> <span className="small">({t('admin.login.demoEmailNote')})</span>
                </p>
              )}
            </aside>
          )}
        </div>
      </main>
      <Toaster />
    </>
  );
}
