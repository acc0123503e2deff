import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';

/** Shown for server errors: friendly, no stack trace. */
export default function ErrorPage({ message }: { message?: string }) {
  const t = useT();
  const link = useLinks();
  return (
    <section className="section page-top">
      <div className="container narrow center">
        <h1>{t('errorPage.title')}</h1>
        <p className="lead">{message || t('errorPage.text')}</p>
        <Link to={link('home')} className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
