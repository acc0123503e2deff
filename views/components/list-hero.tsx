import { useT } from '../app-context';
import { IntroHtml, type PageIntro } from './content/page-hero';

/**
 * The hero of a list page (/projects, /news): the admin-editable intro from page_contents when
 * there is one, else the page's own text from the locales (`<ns>.eyebrow|title|text`).
 */
export function ListHero({ id, ns, content }: { id: string; ns: string; content: PageIntro | null }) {
  const t = useT();
  const title = content?.title || t(`${ns}.title`);
  return (
    <section className="section page-top page-hero" aria-labelledby={id}>
      <div className="container">
        <p className="eyebrow">{t(`${ns}.eyebrow`)}</p>
        <h1 id={id}>{title}</h1>
        {content?.html ? <IntroHtml html={content.html} /> : <p className="lead">{t(`${ns}.text`)}</p>}
      </div>
    </section>
  );
}
