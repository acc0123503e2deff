// The frame of every admin screen (the route /admin, views/admin-routes.tsx): the header, the
// title, the outcome of the last form post, the screens' menu (widgets/screen-menu.tsx: the
// role's screens in the groups of its work) and the Activity panel, with the screen's route
// inside (<Outlet>). Its data (who is signed in, the activity) comes once per page;
// moving to another screen asks only for that screen's data.
import { useEffect, useState } from 'react';
import { Outlet, useLoaderData, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useApp, useLinks, useT } from '../app-context';
import { toast } from '../components/toaster';
import { ADMIN_TABS, isAdminTab, type AdminTab } from '../../models/shared/admin-rules';
import { localizePath } from '../../models/shared/urls';
import type { ActivityLine, AuditFilter } from '../../models/people/audit';
import type { AdminIdentity } from '../../models/people/user';
import type { PagePayload } from '../types';
import type { AdminFlash } from './lib/flash';
import type { ScreenEnv } from './screens';
import { adminFetch, setCsrfToken, signOut } from './lib/api';
import { ActivityPanel, activityQuery } from './activity';
import { AdminContext, adminContextValue, AdminHeader, CsrfField, SkipLink, useHydrated, useScreenHref } from './widgets/ui';
import { Toaster } from '../components/toaster';
import { UnsavedProvider, useConfirmDiscard } from './widgets/unsaved';
import { roleCan } from '../../models/shared/roles';
import { ScreenMenu } from './widgets/screen-menu';

/** The frame's data (controllers/admin/screens/frame.ts). */
export interface FrameProps {
  admin: AdminIdentity;
  csrfToken: string;
  /** Whether the forms can ask for machine translation drafts (an OpenAI key is set up). */
  machineDrafts: boolean;
  /** The outcome of the form post that led here (taken from the session once). */
  flash: AdminFlash | null;
  /** The Activity panel's lines (sign-ins grouped), its filter and the people it can filter by. */
  activity: ActivityLine[];
  activityFilter: AuditFilter;
  activityPeople: { id: string; name: string | null }[];
}

/** Who is signed in, readable: an e-mail address, or "Admin key a1b2c3d4". */
export function adminLabel(id: string, t: (k: string, o?: Record<string, string>) => string): string {
  return id.startsWith('key:') ? t('admin.keyLabel', { fingerprint: id.slice(4) }) : id;
}

function LogoutButton() {
  const t = useT();
  const link = useLinks();
  const { lang } = useApp();
  const hydrated = useHydrated();
  const confirmDiscard = useConfirmDiscard();
  const [busy, setBusy] = useState(false);
  const action = lang === 'de' ? '/de/admin/logout' : '/admin/logout';
  return (
    <form
      method="post"
      action={action}
      className="admin-logout"
      onSubmit={
        hydrated
          ? async (e) => {
              e.preventDefault();
              // Ask before the session ends, not after (the page's own leave prompt would come too late).
              if (!(await confirmDiscard())) return;
              setBusy(true);
              try {
                await signOut();
              } catch {
                // Already logged out (or offline): the login page is the right place either way.
              }
              window.location.assign(`${link('adminLogin')}?loggedOut=1`);
            }
          : undefined
      }
    >
      <CsrfField />
      <button type="submit" className="btn btn-outline btn-small" disabled={busy}>
        {t('admin.logout')}
      </button>
    </form>
  );
}

/** The route component of the frame: a language switch is a new page for the screens, their state starts afresh. */
export function AdminFrameRoute() {
  const page = useLoaderData<PagePayload<FrameProps>>();
  return (
    <UnsavedProvider key={page.lang}>
      <AdminFrame {...page.props} />
    </UnsavedProvider>
  );
}

/** The screen shown: the last route's id is admin.<screen> (views/admin-routes.tsx). */
function useScreen(): AdminTab {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id.replace(/^admin\./, '');
  return isAdminTab(id) ? id : ADMIN_TABS[0];
}

function AdminFrame(props: FrameProps) {
  const t = useT();
  const confirmDiscard = useConfirmDiscard();
  const { lang } = useApp();
  const screenHref = useScreenHref();
  const navigate = useNavigate();
  const location = useLocation();
  const tab = useScreen();
  const role = props.admin.role;
  const [activity, setActivity] = useState<ActivityLine[]>(props.activity);
  const [activityFilter, setActivityFilter] = useState<AuditFilter>(props.activityFilter ?? {});
  const [inlineFlash, setInlineFlash] = useState(true);
  // The outcome of the last post belongs to the screen the page opened on, not to the next one.
  const [firstLocation] = useState(location.key);

  useEffect(() => {
    setCsrfToken(props.csrfToken);
    // With JavaScript the outcome of the last action is a toast (one at a time, shown 5 s), announced politely.
    // A delete's message, with its Undo, is the content screen's own (it puts the item back in its list).
    if (props.flash && !props.flash.undo) {
      const message = t(`admin.${props.flash.key}`, props.flash.params ?? {});
      toast({ title: message, description: props.flash.params?.message, variant: props.flash.kind === 'error' ? 'destructive' : 'success' });
    }
    if (props.flash) setInlineFlash(false);
  }, []);

  const refreshActivity = (filter: AuditFilter = activityFilter) => {
    const query = activityQuery(filter);
    adminFetch<ActivityLine[]>('GET', `/api/admin/audit?limit=15${query ? `&${query}` : ''}`)
      .then(setActivity)
      .catch(() => undefined);
  };
  const filterActivity = (filter: AuditFilter) => {
    setActivityFilter(filter);
    refreshActivity(filter);
  };

  /** Moves to another screen in place, unless the admin keeps editing what is unsaved. */
  async function select(next: AdminTab): Promise<boolean> {
    if (next === tab || !(await confirmDiscard())) return false;
    void navigate(screenHref(next));
    return true;
  }

  const flash = props.flash;
  const env: ScreenEnv = { admin: props.admin, flash: location.key === firstLocation ? flash : null, onChanged: () => refreshActivity() };
  // The people screen is "Your account" for those who do not manage the people.
  const tabLabel = (x: AdminTab) => (x === 'people' && !roleCan(role, 'people') ? t('admin.people.accountTab') : t(`admin.tabs.${x}`));

  return (
    <AdminContext.Provider value={adminContextValue(props.csrfToken, lang, props.machineDrafts, role)}>
      <SkipLink />
      <AdminHeader>
        <LogoutButton />
      </AdminHeader>
      <main id="main" tabIndex={-1} className="admin-main">
        <div className="admin-container">
          <div className="admin-title-row">
            <h1>{t('admin.title')}</h1>
            <p className="admin-signed-in">{t('admin.signedInAs', { who: props.admin.name ?? adminLabel(props.admin.id, t) })}</p>
          </div>

          {flash && inlineFlash && (
            <div className={`admin-flash admin-flash-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
              <p>{t(`admin.${flash.key}`, flash.params ?? {})}</p>
              {flash.params?.message && <p className="small">{flash.params.message}</p>}
              {/* Undo a delete: the trash's Restore, as a form (this message shows without JavaScript). */}
              {flash.undo && (
                <form method="post" action={localizePath(`/admin/trash/${flash.undo.name}/${flash.undo.id}/restore`, lang)} className="admin-flash-action">
                  <CsrfField />
                  <button type="submit" className="btn btn-outline btn-small">
                    {t('admin.trash.undo')}
                  </button>
                </form>
              )}
            </div>
          )}

          <div className="admin-layout">
            <ScreenMenu role={role} current={tab} label={tabLabel} onSelect={select} />
            <div className="admin-primary admin-panel" id={`panel-${tab}`}>
              <Outlet context={env} />
            </div>
            <aside className="admin-aside" aria-labelledby="activity-title">
              <ActivityPanel entries={activity} lang={lang} filter={activityFilter} people={props.activityPeople ?? []} tab={tab} onFilter={filterActivity} />
            </aside>
          </div>
        </div>
      </main>
      <Toaster />
    </AdminContext.Provider>
  );
}
