import type { AnchorHTMLAttributes } from 'react';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the site (models/urls.ts builds them), with its query string or hash if any. */
  to: string;
}

/**
 * A link inside the site: an ordinary link, so a public page loads as a page (Speculation Rules and
 * cross-document View Transitions make it instant: controllers/speculation.ts, views/styles). The
 * admin app moves between its own pages with its router (views/admin/admin-link.tsx).
 */
export function Link({ to, ...rest }: LinkProps) {
  return <a href={to} {...rest} />;
}
