import type { ReactNode } from 'react';
import { Link } from '../link';
import { useLinks } from '../../app-context';

/** The row of large call-to-action buttons at the end of a section (centred, or left-aligned with `start`). */
export function ButtonRow({ start = false, children }: { start?: boolean; children: ReactNode }) {
  return <div className={start ? 'content-actions content-actions-start' : 'content-actions'}>{children}</div>;
}

type ButtonKind = 'primary' | 'accent' | 'outline' | 'light' | 'outline-light';

/** An internal link drawn as a large button: <Link className="btn btn-{kind} btn-lg">. */
export function ButtonLink({ to, kind, children }: { to: string; kind: ButtonKind; children: ReactNode }) {
  return (
    <Link to={to} className={`btn btn-${kind} btn-lg`}>
      {children}
    </Link>
  );
}

/** The programme pages' closing pair of buttons: donate (accent) and all projects (light). */
export function SupportButtons({ donate, projects, start = false }: { donate: string; projects: string; start?: boolean }) {
  const link = useLinks();
  return (
    <ButtonRow start={start}>
      <ButtonLink to={link('checkout')} kind="accent">
        {donate}
      </ButtonLink>
      <ButtonLink to={link('projects')} kind="light">
        {projects}
      </ButtonLink>
    </ButtonRow>
  );
}
