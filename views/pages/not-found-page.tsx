import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';

export default function NotFoundPage() {
  const t = useT();
  const link = useLinks();
  return (
    <section className="section page-top">
      <div className="container narrow center">
        <p className="eyebrow">404</p>
        <h1>{t('notFound.title')}</h1>
        <p className="lead">{t('notFound.hint')}</p>
        <Link to={link('home')} className="btn btn-primary">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
