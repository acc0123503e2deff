// The admin's menu: the screens of the signed-in role, in the groups of its work
// (models/shared/roles.ts menuFor), as links between pages (each screen is its own address).
// One <nav> with one disclosure: on narrow screens the button "Menu" (with the current screen's
// name) opens the grouped list, on wide ones the list stands open beside the screen and the button
// is not drawn (views/styles/admin.css). Without JavaScript every entry is a plain link and the
// button a native <details>; with it, a click moves to the screen in place (after the unsaved
// changes' question), the arrow keys and Home/End move between the entries, Escape closes the list.
import { useRef, type KeyboardEvent } from 'react';
import { useT } from '../../app-context';
import { menuFor, type AdminRole } from '../../../models/shared/roles';
import type { AdminTab } from '../../../models/shared/admin-rules';
import { useHydrated, useScreenHref } from './ui';

export interface ScreenMenuProps {
  role: AdminRole;
  /** The screen shown (its entry is aria-current="page"). */
  current: AdminTab;
  /** A screen's name in the menu. */
  label: (screen: AdminTab) => string;
  /** Move to a screen in place; resolves false when the move did not happen (the admin kept editing). */
  onSelect: (screen: AdminTab) => Promise<boolean>;
}

const NEXT: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function ScreenMenu({ role, current, label, onSelect }: ScreenMenuProps) {
  const t = useT();
  const hydrated = useHydrated();
  const screenHref = useScreenHref();
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const menu = menuFor(role);

  /** Whether the list is a disclosure here (narrow screens: its button is drawn). */
  const collapsible = () => Boolean(summary.current?.getClientRects().length);
  const close = () => {
    if (!details.current?.open || !collapsible()) return false;
    details.current.open = false;
    summary.current?.focus();
    return true;
  };

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'Escape') {
      if (close()) e.preventDefault();
      return;
    }
    const move = NEXT[e.key];
    const links = [...(details.current?.querySelectorAll<HTMLAnchorElement>('.admin-menu-list a') ?? [])];
    const i = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (!move || i < 0) return;
    e.preventDefault();
    links[move(i, links.length)]?.focus();
  }

  const entry = (screen: AdminTab) => (
    <li key={screen}>
      <a
        id={`tab-${screen}`}
        href={screenHref(screen)}
        aria-current={screen === current ? 'page' : undefined}
        className={`admin-menu-link${screen === current ? ' active' : ''}`}
        onClick={
          hydrated
            ? (e) => {
                e.preventDefault();
                if (screen === current) return void close();
                void onSelect(screen).then((moved) => moved && close());
              }
            : undefined
        }
      >
        {label(screen)}
      </a>
    </li>
  );

  return (
    <nav className="admin-menu" aria-label={t('admin.menu.label')} onKeyDown={hydrated ? onKeyDown : undefined}>
      <details ref={details} className="admin-menu-disclosure">
        <summary ref={summary} className="admin-menu-toggle">
          <span className="admin-menu-toggle-label">{t('admin.menu.button')}</span> <span className="admin-menu-current">{label(current)}</span>
        </summary>
        <ul className="admin-menu-list">
          {menu.map(({ group, screens }) =>
            // A group of one screen is that screen's entry (a heading over one link says nothing more).
            screens.length > 1 ? (
              <li key={group} className="admin-menu-group">
                <span className="admin-menu-group-name" id={`menu-group-${group}`}>
                  {t(`admin.menu.groups.${group}`)}
                </span>
                <ul aria-labelledby={`menu-group-${group}`}>{screens.map(entry)}</ul>
              </li>
            ) : (
              screens.map(entry)
            ),
          )}
        </ul>
      </details>
    </nav>
  );
}
