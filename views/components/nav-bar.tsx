import { useEffect, useRef, useState } from 'react';
import { Link } from './link';
import { useApp, useLinks, useT } from '../app-context';
import type { RouteId } from '../../models/shared/urls';
import { Icon } from './icons';
import { LanguageSwitch } from './language-switch';
import { LogoEasterEgg } from './logo-easter-egg';
import { useHydrated } from '../use-hydrated';
import { whatsappUrl } from './whatsapp-button';

type Item = { id: RouteId; label: string };

function useMenus() {
  const t = useT();
  const about: Item[] = [
    { id: 'about', label: t('nav.aboutUs') },
    { id: 'vision', label: t('nav.vision') },
    { id: 'mission', label: t('nav.mission') },
  ];
  const programs: Item[] = [
    { id: 'foodSecurity', label: t('nav.foodSecurity') },
    { id: 'skillsTraining', label: t('nav.skillsTraining') },
    { id: 'health', label: t('nav.healthcare') },
    { id: 'environment', label: t('nav.environment') },
  ];
  const main: Item[] = [
    { id: 'projects', label: t('nav.projects') },
    { id: 'news', label: t('nav.news') },
    { id: 'team', label: t('nav.team') },
    { id: 'contact', label: t('nav.contact') },
  ];
  return { about, programs, main };
}

function Dropdown({ label, items, id }: { label: string; items: Item[]; id: string }) {
  const [open, setOpen] = useState(false);
  const link = useLinks();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onDoc);
    return () => document.removeEventListener('click', onDoc);
  }, [open]);
  return (
    <div
      className={`dropdown${open ? ' open' : ''}`}
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          ref.current?.querySelector('button')?.focus();
        }
      }}
      onBlur={(e) => {
        if (!ref.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label} <Icon name="chevron" size={16} />
      </button>
      <ul id={id} className="dropdown-menu">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={link(item.id)} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NavBar() {
  const t = useT();
  const { site } = useApp();
  const link = useLinks();
  const { about, programs, main } = useMenus();
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  // Opened through the link before the script ran: the button takes over, open, and the address
  // loses the #mobile-menu that kept it open (the menu's links and Escape close it from now on).
  useEffect(() => {
    if (window.location.hash !== '#mobile-menu') return;
    setMenuOpen(true);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const close = () => setMenuOpen(false);

  return (
    // A link in the navigation bar scrolls the page to the top, also when it is the page
    // already shown (a new page scrolls up anyway). One handler for every link of the bar and menu.
    <header className="site-header" onClickCapture={(e) => (e.target as Element).closest('a[href^="/"]') && window.scrollTo(0, 0)}>
      <nav className="nav container" aria-label={t('nav.mainNavigation')}>
        <div className="brand">
          <LogoEasterEgg logoSrc="/images/logo.svg" />
          <Link to={link('home')} className="brand-name">
            {site.name}
          </Link>
        </div>
        <div className="nav-desktop">
          <Dropdown label={t('nav.about')} items={about} id="menu-about" />
          <Dropdown label={t('nav.programs')} items={programs} id="menu-programs" />
          {main.map((item) => (
            <Link key={item.id} to={link(item.id)} className="nav-link">
              {item.label}
            </Link>
          ))}
          <LanguageSwitch />
          <Link to={link('checkout')} className="btn btn-accent">
            {t('nav.donate')}
          </Link>
        </div>
        <div className="nav-mobile-bar">
          {/* The donation call stays in reach on every screen, without opening the menu. */}
          <Link to={link('checkout')} className="btn btn-accent nav-donate">
            {t('nav.donate')}
          </Link>
          <LanguageSwitch />
          {hydrated ? (
            <button
              type="button"
              className="menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
              <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
            </button>
          ) : (
            // Before the script runs (a slow phone) or without it: a link to the menu, which CSS
            // shows as the link's target (.mobile-menu:target).
            <a className="menu-toggle" href="#mobile-menu">
              <Icon name="menu" size={24} />
              <span className="sr-only">{t('nav.openMenu')}</span>
            </a>
          )}
        </div>
      </nav>
      <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen}>
        <div className="container">
          {[
            { heading: t('nav.programs'), items: programs },
            { heading: t('nav.main'), items: [{ id: 'home' as const, label: t('nav.home') }, ...about, ...main] },
          ].map((group) => (
            <div key={group.heading} className="mobile-group">
              <p className="mobile-heading">{group.heading}</p>
              <ul>
                {group.items.map((item) => (
                  <li key={item.id}>
                    <Link to={link(item.id)} onClick={close}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="mobile-actions">
            <Link to={link('checkout')} className="btn btn-accent" onClick={close}>
              {t('nav.donate')}
            </Link>
            <a className="btn btn-outline" href={whatsappUrl(site.whatsappNumber, t('whatsapp.greeting'))} target="_blank" rel="noopener noreferrer">
              <Icon name="chat" size={18} /> {t('whatsapp.label')} <span className="sr-only">({t('common.opensNewTab')})</span>
            </a>
          </div>
        </div>
      </div>
    </header>
  );
}
