import { Link } from './link';
import type { ReactNode } from 'react';

/** A page that only says something and offers one way on: not found, errors. */
export function MessagePage({ eyebrow, title, text, to, action }: { eyebrow?: string; title: string; text: string; to: string; action: ReactNode }) {
  return (
    <section className="section page-top">
      <div className="container narrow center">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        <p className="lead">{text}</p>
        <Link to={to} className="btn btn-primary">
          {action}
        </Link>
      </div>
    </section>
  );
}
