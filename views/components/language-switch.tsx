import { useLocation } from 'react-router-dom';
import { Link } from './link';
import { useApp, useT } from '../app-context';
import { LANG_COOKIE, LANG_STORAGE_KEY } from '../site';
import type { Lang } from '../types';

/** Remembers the visitor's choice: a cookie for the server, browser storage for the client. */
export function rememberLanguage(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* storage may be disabled; the cookie still works */
  }
}

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { lang, page } = useApp();
  const t = useT();
  const location = useLocation();
  const search = location.search;
  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('nav.language')}>
      {(['en', 'de'] as const).map((l) => (
        <Link
          key={l}
          to={page.alternates[l] + (l === lang ? '' : search)}
          hrefLang={l}
          lang={l}
          aria-current={l === lang ? 'true' : undefined}
          aria-label={`${l.toUpperCase()}: ${l === 'en' ? 'English' : 'Deutsch'}`}
          onClick={() => rememberLanguage(l)}
          className={l === lang ? 'active' : ''}
        >
          {l.toUpperCase()}
        </Link>
      ))}
    </div>
  );
}
