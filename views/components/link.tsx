// A link inside the site: a plain <a href> in the server's HTML, and in the browser a click that
// React Router handles (no page load) unless the visitor asked for a new tab or window.
// React Router's own <Link> resolves its path against the route tree and sets up prefetching and
// view transitions on every render: a tenth of the home page's render on the server (about 45
// links) for paths that are always absolute here (views/routes.tsx builds them).
import { useNavigate } from 'react-router-dom';
import type { AnchorHTMLAttributes } from 'react';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the site, with its query string or hash if any. */
  to: string;
}

const onServer = typeof window === 'undefined';

export function Link({ to, onClick, ...rest }: LinkProps) {
  // The same on every render in one environment, so the hook order never changes.
  if (onServer) return <a href={to} {...rest} />;
  return <ClientLink to={to} onClick={onClick} {...rest} />;
}

function ClientLink({ to, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        if ((rest.target && rest.target !== '_self') || rest.download !== undefined || !to.startsWith('/') || to.startsWith('//')) return;
        event.preventDefault();
        const here = window.location.pathname + window.location.search + window.location.hash;
        navigate(to, { replace: to === here });
      }}
    />
  );
}
