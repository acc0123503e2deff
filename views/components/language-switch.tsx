import { Link } from './link';
import { useApp, useT } from '../app-context';

/**
 * EN / DE: the same page in the other language (with the query string), an ordinary link. The
 * server remembers the choice (a cookie, set when it sees the click came from the twin page), and
 * views/island-loader.ts keeps it in browser storage too (data-lang-choice).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { lang, page } = useApp();
  const t = useT();
  const search = page.url.includes('?') ? page.url.slice(page.url.indexOf('?')) : '';
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
          data-lang-choice={l}
          className={l === lang ? 'active' : ''}
        >
          {l.toUpperCase()}
        </Link>
      ))}
    </div>
  );
}
