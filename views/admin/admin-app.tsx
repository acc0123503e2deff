// The admin page's body: title, flash message, the tabs and the Activity panel.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useApp, useLinks, useT } from '../app-context';
import { toast } from '../components/toaster';
import { ADMIN_TABS, type AdminTab } from '../../models/shared/admin-rules';
import { localizePath } from '../../models/shared/urls';
import type { AdminPageProps } from '../pages/admin-page';
import type { ActivityLine, AuditFilter } from '../../models/people/audit';
import type { MediaItem } from '../../models/shared/media-rules';
import { adminFetch, setCsrfToken, signOut } from './api';
import { ContentTab } from './content-tab';
import { MediaTab } from './media-tab';
import { ActivityPanel, activityQuery } from './activity';
import { NewsletterTab } from './newsletter-tab';
import { SocialMediaTab } from './social-media-tab';
import { DonationsTab } from './donations-tab';
import { FundraisersTab, type AdminFundraiser } from './fundraisers-tab';
import { DashboardTab } from './dashboard-tab';
// Translation status.
import { TranslationsTab } from './translations-tab';
import { GlossaryPanel } from './glossary-panel';
import { AdminContext, adminContextValue, AdminHeader, CsrfField, SkipLink, useHydrated } from './ui';
import { Toaster } from '../components/toaster';
import { UnsavedProvider, useConfirmDiscard } from './unsaved';
import { PeopleTab } from './people-tab';
import { roleCan, tabAllowed } from '../../models/shared/roles';

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

/** The admin page inside the unsaved-changes guard (switching tabs asks before an edit is lost). */
export function AdminApp(props: AdminPageProps) {
  return (
    <UnsavedProvider>
      <AdminScreens {...props} />
    </UnsavedProvider>
  );
}

function AdminScreens(props: AdminPageProps) {
  const t = useT();
  const confirmDiscard = useConfirmDiscard();
  const { lang } = useApp();
  const link = useLinks();
  const hydrated = useHydrated();
  const [tab, setTab] = useState<AdminTab>(props.tab);
  const role = props.admin.role;
  // Only the tabs the role covers (models/people/roles.ts; the server refuses the rest with 403).
  const tabs = ADMIN_TABS.filter((x) => tabAllowed(role, x));
  const [switched, setSwitched] = useState(false);
  const [activity, setActivity] = useState<ActivityLine[]>(props.activity);
  const [activityFilter, setActivityFilter] = useState<AuditFilter>(props.activityFilter ?? {});
  const [inlineFlash, setInlineFlash] = useState(true);
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLAnchorElement | null>>>({});

  useEffect(() => {
    setCsrfToken(props.csrfToken);
    // With JavaScript the outcome of the last action is a toast (one at a time, shown 5 s), announced politely.
    // A delete's message, with its Undo, is the content tab's own (it puts the item back in its list).
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

  async function select(next: AdminTab, focus = false) {
    if (next === tab) return;
    if (!(await confirmDiscard())) {
      if (focus) tabRefs.current[tab]?.focus();
      return;
    }
    setTab(next);
    setSwitched(true);
    window.history.replaceState(window.history.state, '', `${link('admin')}?tab=${next}`);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.indexOf(tab);
    const n = tabs.length;
    const next = e.key === 'ArrowRight' ? tabs[(i + 1) % n] : e.key === 'ArrowLeft' ? tabs[(i - 1 + n) % n] : e.key === 'Home' ? tabs[0] : e.key === 'End' ? tabs[n - 1] : null;
    if (next) {
      e.preventDefault();
      void select(next, true);
    }
  }

  const fromServer = !switched && tab === props.tab;
  const flash = props.flash;
  // The people tab is "Your account" for those who do not manage the people.
  const tabLabel = (x: AdminTab) => (x === 'people' && !roleCan(role, 'people') ? t('admin.people.accountTab') : t(`admin.tabs.${x}`));

  let panel;
  if (tab === 'dashboard') {
    panel = (
      <DashboardTab
        initial={fromServer ? (props.dashboard ?? null) : null}
        impact={fromServer ? (props.impact ?? null) : null}
        flash={fromServer ? flash : null}
        onChanged={() => refreshActivity()}
      />
    );
  } else if (tab === 'media') {
    panel = (
      <MediaTab
        initialItems={fromServer ? (props.items as MediaItem[]) : null}
        initialFilter={fromServer ? props.mediaFilter : { category: '', q: '' }}
        initialConfirm={fromServer ? props.confirmDelete : null}
        initialEdit={fromServer ? props.mediaEdit : null}
        failedEdit={fromServer && flash?.form?.tab === 'media' ? flash.form : null}
        onChanged={() => refreshActivity()}
      />
    );
  } else if (tab === 'newsletter') {
    panel = <NewsletterTab />;
  } else if (tab === 'social') {
    panel = <SocialMediaTab />;
  } else if (tab === 'people') {
    panel = <PeopleTab me={props.admin} />;
  } else if (tab === 'donations') {
    panel = <DonationsTab onChanged={() => refreshActivity()} />;
  } else if (tab === 'fundraisers') {
    panel = (
      <FundraisersTab
        initialItems={fromServer ? (props.items as AdminFundraiser[]) : null}
        projectOptions={fromServer ? props.projectOptions : null}
        onChanged={() => refreshActivity()}
      />
    );
  } else if (tab === 'translations') {
    panel = <TranslationsTab initial={fromServer ? (props.translations ?? null) : null} />;
  } else if (tab === 'glossary') {
    // Machine translation drafts: the glossary.
    panel = (
      <GlossaryPanel
        initialItems={fromServer ? (props.glossary?.items ?? null) : null}
        initialEdit={fromServer ? (props.glossary?.edit ?? null) : null}
        initialConfirm={fromServer ? props.confirmDelete : null}
        flash={fromServer ? flash : null}
        onChanged={() => refreshActivity()}
      />
    );
  } else {
    panel = (
      <ContentTab
        key={tab}
        name={tab}
        initialItems={fromServer ? (props.items as never[]) : null}
        initialForm={fromServer ? (props.form as never) : null}
        initialConfirm={fromServer ? props.confirmDelete : null}
        projectOptions={fromServer && tab === 'news' ? props.projectOptions : null}
        flash={fromServer ? flash : null}
        initialQuery={fromServer ? props.listQuery : null}
        onChanged={() => refreshActivity()}
        initialHistory={fromServer ? props.history : null}
        initialTrash={fromServer ? props.trash : null}
        initialSpending={fromServer ? (props.spending ?? null) : null}
      />
    );
  }

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
            <div className="admin-primary">
              <div className="admin-tabs" role="tablist" aria-label={t('admin.tabsLabel')} onKeyDown={hydrated ? onKeyDown : undefined}>
                {tabs.map((x) => (
                  <a
                    key={x}
                    ref={(el) => {
                      tabRefs.current[x] = el;
                    }}
                    id={`tab-${x}`}
                    role="tab"
                    href={`${link('admin')}?tab=${x}`}
                    aria-selected={tab === x}
                    aria-controls={tab === x ? `panel-${x}` : undefined}
                    tabIndex={hydrated ? (tab === x ? 0 : -1) : undefined}
                    className={`admin-tab${tab === x ? ' active' : ''}`}
                    onClick={
                      hydrated
                        ? (e) => {
                            e.preventDefault();
                            void select(x);
                          }
                        : undefined
                    }
                  >
                    {tabLabel(x)}
                  </a>
                ))}
              </div>
              <div className="admin-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
                {panel}
              </div>
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
