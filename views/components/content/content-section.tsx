import type { ReactNode } from 'react';
import { useT } from '../../app-context';

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
  /** The heading is there for screen readers only (the content explains itself on screen). */
  hiddenTitle?: boolean;
  children?: ReactNode;
}

/** A section of a content page: optional eyebrow, an <h2>, then whatever the page puts below it. */
export function ContentSection({ id, title, eyebrow, tone, narrow = false, anchor, className, hiddenTitle = false, children }: ContentSectionProps) {
  const classes = ['section', tone && `section-${tone}`, className].filter(Boolean).join(' ');
  return (
    <section id={anchor} className={classes} aria-labelledby={id}>
      <div className={narrow ? 'container narrow' : 'container'}>
        {eyebrow && <p className={tone === 'dark' ? 'eyebrow eyebrow-light' : 'eyebrow'}>{eyebrow}</p>}
        <h2 id={id} className={hiddenTitle ? 'sr-only' : undefined}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

interface TextSectionProps extends Omit<ContentSectionProps, 'id' | 'title' | 'eyebrow'> {
  /** The locale key the section's texts sit under, e.g. 'food.mission'. */
  texts: string;
  /** The section has no eyebrow line above its heading. */
  noEyebrow?: boolean;
  /** How many paragraphs `${texts}.p1` … `.pN` stand below the heading, before the children. */
  paragraphs?: number;
}

/**
 * A ContentSection whose texts follow the content pages' key pattern: `${texts}.eyebrow`,
 * `${texts}.title`, then paragraphs `${texts}.p1`…; the heading id is the key with dashes
 * (food.mission → food-mission).
 */
export function TextSection({ texts, noEyebrow = false, paragraphs = 0, children, ...section }: TextSectionProps) {
  const t = useT();
  return (
    <ContentSection id={texts.replace(/\./g, '-')} eyebrow={noEyebrow ? undefined : t(`${texts}.eyebrow`)} title={t(`${texts}.title`)} {...section}>
      <Paragraphs texts={texts} count={paragraphs} />
      {children}
    </ContentSection>
  );
}

/** The paragraphs `${texts}.p1` … `${texts}.p{count}`. */
function Paragraphs({ texts, count }: { texts: string; count: number }) {
  const t = useT();
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <p key={i}>{t(`${texts}.p${i + 1}`)}</p>
      ))}
    </>
  );
}
