import { useLang, useT } from '../app-context';
import { localized, type PageContent } from '../../models/rules';

/**
 * The hero of a list page (/projects, /news): the admin-editable intro from page_contents when
 * there is one, else the page's own text from the locales (`<ns>.eyebrow|title|text`).
 */
export function ListHero({ id, ns, content }: { id: string; ns: string; content: PageContent | null }) {
  const t = useT();
  const lang = useLang();
  const title = content ? localized(lang, content.title, content.titleDe) : t(`${ns}.title`);
  const text = content ? localized(lang, content.content, content.contentDe) : t(`${ns}.text`);
  return (
    <section className="section page-top page-hero" aria-labelledby={id}>
      <div className="container">
        <p className="eyebrow">{t(`${ns}.eyebrow`)}</p>
        <h1 id={id}>{title}</h1>
        <p className="lead">{text}</p>
      </div>
    </section>
  );
}
