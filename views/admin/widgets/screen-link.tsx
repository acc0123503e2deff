// A link to another admin screen (or another place of one): an ordinary link without JavaScript;
// with it, a move inside the admin app (only that screen's data is asked for), after the question
// about unsaved changes. A click with a modifier key (a new tab, a new window) stays the browser's.
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirmDiscard } from './unsaved';
import { useHydrated } from './ui';

/** `current`: the place shown now (a filter's chosen value: aria-current). */
export function ScreenLink({ href, className, children, label, current }: { href: string; className?: string; children: ReactNode; label?: string; current?: boolean }) {
  const navigate = useNavigate();
  const confirmDiscard = useConfirmDiscard();
  const hydrated = useHydrated();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void confirmDiscard().then((ok) => ok && navigate(href));
  };
  return (
    <a href={href} className={className} aria-label={label} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </a>
  );
}
