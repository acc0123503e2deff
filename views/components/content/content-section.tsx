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
  children?: ReactNode;
}

/** A section of a content page: optional eyebrow, an <h2>, then whatever the page puts below it. */
export function ContentSection({ id, title, eyebrow, tone, narrow = false, children }: ContentSectionProps) {
  return (
    <section className={tone ? `section section-${tone}` : 'section'} aria-labelledby={id}>
      <div className={narrow ? 'container narrow' : 'container'}>
        {eyebrow && <p className={tone === 'dark' ? 'eyebrow eyebrow-light' : 'eyebrow'}>{eyebrow}</p>}
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </section>
  );
}
