import type { ReactNode } from 'react';

interface ContentSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  eyebrow?: string;
  /** 'alt' = the sand background, 'dark' = the green band (its eyebrow is drawn light). */
  tone?: 'alt' | 'dark';
  /** A narrow text column instead of the full container width. */
  narrow?: boolean;
  /** The section's own id, for in-page links (#projects). */
  anchor?: string;
  /** One more class on the section, for its own look. */
  className?: string;
  children?: ReactNode;
}

/** A section of a content page: optional eyebrow, an <h2>, then whatever the page puts below it. */
export function ContentSection({ id, title, eyebrow, tone, narrow = false, anchor, className, children }: ContentSectionProps) {
  const classes = ['section', tone && `section-${tone}`, className].filter(Boolean).join(' ');
  return (
    <section id={anchor} className={classes} aria-labelledby={id}>
      <div className={narrow ? 'container narrow' : 'container'}>
        {eyebrow && <p className={tone === 'dark' ? 'eyebrow eyebrow-light' : 'eyebrow'}>{eyebrow}</p>}
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </section>
  );
}
