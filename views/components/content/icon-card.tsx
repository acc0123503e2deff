import type { ReactNode } from 'react';
import { useT } from '../../app-context';
import { ContentIcon, type ContentIconName } from './content-icon';

export interface IconCardItem {
  key: string;
  icon: ContentIconName;
}

interface IconCardProps {
  icon: ContentIconName;
  title: string;
  text: string;
  /** 'feature' for the grid-3/grid-4 cards, 'pillar' for the cards of a pillar-grid. */
  variant: 'feature' | 'pillar';
  headingLevel?: 3 | 4;
  children?: ReactNode;
}

/** A card with a round icon, a short heading and a sentence or two (plus an optional link below). */
export function IconCard({ icon, title, text, variant, headingLevel = 3, children }: IconCardProps) {
  const Heading = `h${headingLevel}` as 'h3' | 'h4';
  return (
    <article className={`card ${variant}-card`}>
      <span className="pillar-icon">
        <ContentIcon name={icon} />
      </span>
      <Heading>{title}</Heading>
      <p>{text}</p>
      {children}
    </article>
  );
}

interface IconCardGridProps {
  items: IconCardItem[];
  /** Locale prefix: each card reads `${ns}.${key}.title` and `${ns}.${key}.text`. */
  ns: string;
  /** 'grid-3' / 'grid-4' lay out feature cards; 'pillars' lays out pillar cards. */
  layout: 'grid-3' | 'grid-4' | 'pillars';
  /** Values interpolated into the card texts. */
  vars?: Record<string, string | number>;
  headingLevel?: 3 | 4;
}

/** A list of IconCards whose texts come from the locale files. */
export function IconCardGrid({ items, ns, layout, vars, headingLevel }: IconCardGridProps) {
  const t = useT();
  const pillars = layout === 'pillars';
  return (
    <ul className={pillars ? 'pillar-grid' : `grid ${layout}`}>
      {items.map((item) => (
        <li key={item.key}>
          <IconCard
            icon={item.icon}
            title={t(`${ns}.${item.key}.title`)}
            text={t(`${ns}.${item.key}.text`, vars)}
            variant={pillars ? 'pillar' : 'feature'}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
