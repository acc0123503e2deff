// The People tab. For everyone: their own account, with their passkeys (add a
// second one, remove one) and their sessions (where they are signed in; sign out everywhere else,
// or everywhere). For admins also: the people, each with their role, and the invitation form.
// What it first shows is the screen loader's (controllers/admin/screens/people.ts); after a
// change the API is asked again.
import { useId, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText, AdminApiError } from '../lib/api';
import { Dialog, formatDateTime, useAdmin, useHydrated } from '../widgets/ui';
import { isCancelled, makePasskey, passkeysSupported } from '../lib/passkey-client';
import { ADMIN_ROLES, roleCan, type AdminRole } from '../../../models/shared/roles';
import type { AdminIdentity } from '../../../models/people/user';
import type { Person, SessionInfo } from '../../../models/people/people';
import type { PasskeyInfo } from '../../../models/people/passkeys';

/** GET /api/admin/account (and the screen's loader). */
export interface AccountView {
  me: { id: string; name: string | null; role: AdminRole; via: string; email: string | null };
  passkeys: PasskeyInfo[];
  sessions: SessionInfo[];
}

/** "Firefox on Windows"-like, from a user agent: enough to tell one's devices apart. */
function deviceName(ua: string | null, unknown: string): string {
  if (!ua) return unknown;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : null;
  return [browser, system].filter(Boolean).join(' · ') || unknown;
}

function AccountSection({ initial, onSignedOut }: { initial: AccountView; onSignedOut: () => void }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  // A passkey is made by the browser: the form shows once the page's script runs (and can tell).
  const hydrated = useHydrated();
  const [account, setAccount] = useState<AccountView>(initial);
  const [keyName, setKeyName] = useState('');
  const [busy, setBusy] = useState(false);
  /** The account again after a change (a failed reload keeps what is shown). */
  const load = () => adminFetch<AccountView>('GET', '/api/admin/account').then(setAccount, () => undefined);

  const addPasskey = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { ceremony, options } = await adminFetch<{ ceremony: string; options: never }>('POST', '/api/admin/account/passkeys/options', {});
      const response = await makePasskey(options);
      await adminFetch('POST', '/api/admin/account/passkeys', { ceremony, response, name: keyName.trim() || t('admin.people.defaultKeyName') });
      setKeyName('');
      toast({ title: t('admin.people.keyAdded'), variant: 'success' });
      await load();
    } catch (err) {
      toast({ title: isCancelled(err) ? t('admin.people.keyCancelled') : t('admin.people.keyFailed'), description: isCancelled(err) ? undefined : errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const removeKey = async (key: PasskeyInfo) => {
    try {
      await adminFetch('DELETE', `/api/admin/account/passkeys/${key.id}`);
      toast({ title: t('admin.people.keyRemoved', { name: key.name }), variant: 'success' });
      await load();
    } catch (err) {
      toast({ title: t('admin.people.failed'), description: errorText(t, err), variant: 'destructive' });
    }
  };

  const signOut = async (others: boolean) => {
    try {
      const r = await adminFetch<{ ended: number }>('POST', '/api/admin/account/sessions/end', { others });
      if (!others) return onSignedOut();
      toast({ title: t('admin.people.signedOutOthers', { count: r.ended }), variant: 'success' });
      await load();
    } catch (err) {
      toast({ title: t('admin.people.failed'), description: errorText(t, err), variant: 'destructive' });
    }
  };

  const person = account.me.email !== null;
  return (
    <section className="people-section" aria-labelledby={`${uid}-account`}>
      <h2 id={`${uid}-account`} className="admin-tab-title">{t('admin.people.accountTitle')}</h2>
      <p>
        {t('admin.people.youAre', { name: account.me.name ?? account.me.id, role: t(`admin.people.roles.${account.me.role}`) })}{' '}
        <span className="admin-hint">{t(`admin.people.roleHints.${account.me.role}`)}</span>
      </p>

      <h3>{t('admin.people.passkeysTitle')}</h3>
      {!person ? (
        <p className="admin-hint">{t('admin.people.keyOnly')}</p>
      ) : (
        <>
          {account.passkeys.length === 0 ? (
            <p className="admin-hint">{t('admin.people.noPasskeys')}</p>
          ) : (
            <ul className="people-list">
              {account.passkeys.map((k) => (
                <li key={k.id}>
                  <span>
                    <strong>{k.name}</strong>{' '}
                    <span className="admin-hint">
                      {t('admin.people.keyCreated', { when: formatDateTime(k.createdAt, lang) })}
                      {k.lastUsedAt ? ` · ${t('admin.people.keyUsed', { when: formatDateTime(k.lastUsedAt, lang) })}` : ''}
                    </span>
                  </span>
                  <button type="button" className="btn btn-outline btn-small" onClick={() => void removeKey(k)} aria-label={t('admin.people.removeKeyLabel', { name: k.name })}>
                    {t('admin.people.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {!hydrated ? null : passkeysSupported() ? (
            <form className="people-inline-form" onSubmit={(e) => void addPasskey(e)}>
              <div className="admin-field">
                <label htmlFor={`${uid}-keyname`}>{t('admin.people.keyName')}</label>
                <input id={`${uid}-keyname`} type="text" value={keyName} maxLength={120} onChange={(e) => setKeyName(e.target.value)} placeholder={t('admin.people.keyNamePlaceholder')} autoComplete="off" />
              </div>
              <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                {t('admin.people.addPasskey')}
              </button>
            </form>
          ) : (
            <p className="admin-hint">{t('admin.people.noWebAuthn')}</p>
          )}
        </>
      )}

      <h3>{t('admin.people.sessionsTitle')}</h3>
      {account.sessions.length === 0 ? (
        <p className="admin-hint">{t('admin.people.noSessions')}</p>
      ) : (
        <ul className="people-list">
          {account.sessions.map((s) => (
            <li key={s.id}>
              <span>
                <strong>{deviceName(s.device, t('admin.people.unknownDevice'))}</strong>{' '}
                <span className="admin-hint">
                  {t(`admin.people.methods.${s.method}`, { defaultValue: s.method })}
                  {s.signedInAt ? ` · ${formatDateTime(s.signedInAt, lang)}` : ''}
                </span>
                {s.current && <span className="badge badge-completed people-badge">{t('admin.people.thisSession')}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="subs-dialog-actions">
        {account.sessions.length > 1 && (
          <button type="button" className="btn btn-outline btn-small" onClick={() => void signOut(true)}>
            {t('admin.people.signOutOthers')}
          </button>
        )}
        <button type="button" className="btn btn-outline btn-danger-outline btn-small" onClick={() => void signOut(false)}>
          {t('admin.people.signOutEverywhere')}
        </button>
      </div>
    </section>
  );
}

const EMPTY = { email: '', name: '', role: 'editor' as AdminRole, language: 'en' as 'en' | 'de' };

function PeopleSection({ me, initial }: { me: AdminIdentity; initial: Person[] }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [people, setPeople] = useState<Person[]>(initial);
  const [form, setForm] = useState({ ...EMPTY, language: lang });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Person | null>(null);
  /** The people again after a change (a failed reload keeps the list shown). */
  const load = () => adminFetch<Person[]>('GET', '/api/admin/people').then(setPeople, () => undefined);

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblems({});
    try {
      const person = await adminFetch<Person>('POST', '/api/admin/people', form);
      toast({ title: t('admin.people.invited', { name: person.name, email: person.email }), variant: 'success' });
      setForm({ ...EMPTY, language: lang });
      await load();
    } catch (err) {
      if (err instanceof AdminApiError && err.fields) {
        const fields: Record<string, string> = {};
        for (const key of Object.keys(err.fields)) fields[key] = t(`admin.people.problems.${key}`, { defaultValue: t('admin.people.failed') });
        if (err.status === 409) fields.email = t('admin.people.problems.taken');
        setProblems(fields);
      } else toast({ title: t('admin.people.failed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (person: Person) => {
    setBusy(true);
    try {
      const r = await adminFetch<{ sessions: number }>('DELETE', `/api/admin/people/${person.id}`);
      toast({ title: t('admin.people.removed', { name: person.name, count: r.sessions }), variant: 'success' });
      setRemoving(null);
      await load();
    } catch (err) {
      toast({ title: t('admin.people.failed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'name') => (
    <div className={`admin-field${problems[name] ? ' has-error' : ''}`}>
      <label htmlFor={`${uid}-${name}`}>{t(`admin.people.fields.${name}`)}</label>
      <input
        id={`${uid}-${name}`}
        type={name === 'email' ? 'email' : 'text'}
        value={form[name]}
        maxLength={name === 'email' ? 320 : 120}
        autoComplete="off"
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${uid}-${name}-problem` : undefined}
      />
      {problems[name] && (
        <p id={`${uid}-${name}-problem`} className="admin-error">
          {problems[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="people-section" aria-labelledby={`${uid}-people`}>
      <h2 id={`${uid}-people`} className="admin-tab-title">{t('admin.people.peopleTitle')}</h2>
      {people.length === 0 ? (
        <p className="admin-hint">{t('admin.people.nobody')}</p>
      ) : (
        <div className="subs-table-wrap" role="region" aria-label={t('admin.people.tableLabel')} tabIndex={0}>
          <table className="subs-table people-table">
            <caption className="sr-only">{t('admin.people.peopleTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.people.fields.name')}</th>
                <th scope="col">{t('admin.people.fields.role')}</th>
                <th scope="col">{t('admin.people.state')}</th>
                <th scope="col">
                  <span className="sr-only">{t('admin.people.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id}>
                  <td>
                    <strong>{p.name}</strong>
                    <br />
                    <span className="admin-hint">{p.email}</span>
                  </td>
                  <td>{t(`admin.people.roles.${p.role}`)}</td>
                  <td>
                    {p.joinedAt ? t('admin.people.joined', { when: formatDateTime(p.joinedAt, lang) }) : t('admin.people.pending')}
                    {p.passkeys > 0 && (
                      <>
                        <br />
                        <span className="admin-hint">{t('admin.people.passkeyCount', { count: p.passkeys })}</span>
                      </>
                    )}
                  </td>
                  <td>
                    {p.configured ? (
                      <span className="admin-hint">{t('admin.people.configured')}</span>
                    ) : p.id !== me.personId ? (
                      <button type="button" className="btn btn-outline btn-danger-outline btn-small" onClick={() => setRemoving(p)} aria-label={t('admin.people.removeLabel', { name: p.name })}>
                        {t('admin.people.remove')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>{t('admin.people.inviteTitle')}</h3>
      <form className="people-invite" onSubmit={(e) => void invite(e)} noValidate>
        {field('name')}
        {field('email')}
        <fieldset className="admin-publish people-roles">
          <legend>{t('admin.people.fields.role')}</legend>
          <div className="admin-publish-choices">
            {ADMIN_ROLES.map((r) => (
              <div key={r} className="admin-publish-choice">
                <input type="radio" id={`${uid}-role-${r}`} name={`${uid}-role`} value={r} checked={form.role === r} onChange={() => setForm({ ...form, role: r })} />
                <label htmlFor={`${uid}-role-${r}`}>
                  <strong>{t(`admin.people.roles.${r}`)}</strong>
                  <span className="admin-hint">{t(`admin.people.roleHints.${r}`)}</span>
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="admin-field">
          <label htmlFor={`${uid}-language`}>{t('admin.people.fields.language')}</label>
          <select id={`${uid}-language`} value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value === 'de' ? 'de' : 'en' })}>
            <option value="en">English</option>
            <option value="de">Deutsch</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('admin.people.sendInvite')}
        </button>
      </form>

      <Dialog open={removing !== null} onClose={() => setRemoving(null)} title={t('admin.people.removeTitle')}>
        <p className="admin-confirm-text">{t('admin.people.removeText', { name: removing?.name ?? '' })}</p>
        <div className="subs-dialog-actions">
          <button type="button" className="btn btn-danger" onClick={() => removing && void remove(removing)} disabled={busy}>
            {t('admin.people.removeYes')}
          </button>
          <button type="button" className="btn btn-outline" data-autofocus onClick={() => setRemoving(null)} disabled={busy}>
            {t('admin.people.cancel')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}

/** `account`: one's own; `people`: everyone's, for those who manage the people (null for the others). */
export function PeopleTab({ me, account, people }: { me: AdminIdentity; account: AccountView; people: Person[] | null }) {
  const { role, lang } = useAdmin();
  return (
    <div className="people-tab">
      <AccountSection initial={account} onSignedOut={() => window.location.assign(lang === 'de' ? '/de/admin-login?loggedOut=1' : '/admin-login?loggedOut=1')} />
      {roleCan(role, 'people') && people && <PeopleSection me={me} initial={people} />}
    </div>
  );
}
