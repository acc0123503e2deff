import type { ReactNode } from 'react';
import { useT } from '../../app-context';

/**
 * A page's entry of the admin Pages tab as its page shows it, in the page's language: the title,
 * and the introduction (Markdown) rendered to sanitized HTML on the server (models/markup.ts), so
 * the page's JavaScript needs no Markdown parser.
 */
export interface PageIntro {
  title: string;
  html: string;
}

/** The introduction's HTML (sanitized on the server) in a block styled as the lead paragraph. */
export function IntroHtml({ html, className = 'lead lead-html' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export interface ContentImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

interface PageHeroProps {
  eyebrow?: string;
  /** The built-in heading, used when the page has no edited intro (or when the heading is fixed). */
  title: string;
  /** The built-in intro text, used when the page has no edited intro. */
  lead: string;
  /** The admin-editable intro of the page (page_contents), if there is one. */
  content?: PageIntro | null;
  /** The page's heading is fixed ('Our Team', 'Contact Us'): the edited title never replaces it. */
  fixedTitle?: boolean;
  image?: ContentImage;
  children?: ReactNode;
}

/**
 * The first section of a content page: eyebrow, the page's one <h1>, intro paragraphs and an optional
 * illustration. The intro edited in the admin Pages tab wins over the built-in text.
 */
export function PageHero({ eyebrow, title, lead, content, fixedTitle = false, image, children }: PageHeroProps) {
  const editedTitle = content?.title.trim() ?? '';
  const heading = !fixedTitle && editedTitle ? editedTitle : title;
  const subtitle = fixedTitle && editedTitle && editedTitle.toLowerCase() !== title.toLowerCase() ? editedTitle : null;
  return (
    <section className={`section page-top content-hero${image ? ' content-hero-with-image' : ''}`} aria-labelledby="page-title">
      <div className="container content-hero-grid">
        <div className="content-hero-text">
          {eyebrow && eyebrow.toLowerCase() !== heading.toLowerCase() && <p className="eyebrow">{eyebrow}</p>}
          <h1 id="page-title">{heading}</h1>
          {subtitle && <p className="content-hero-subtitle">{subtitle}</p>}
          {content?.html ? <IntroHtml html={content.html} /> : <p className="lead">{lead}</p>}
          {children}
        </div>
        {image && (
          <img
            className="content-hero-image"
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            fetchPriority="high"
            decoding="async"
          />
        )}
      </div>
    </section>
  );
}

interface TextPageHeroProps extends Omit<PageHeroProps, 'eyebrow' | 'title' | 'lead' | 'image'> {
  /** The locale key of the page, e.g. 'food': the texts are food.hero.eyebrow, .title, .lead and .imageAlt. */
  texts: string;
  image?: Omit<ContentImage, 'alt'>;
}

/** The PageHero of a content page whose built-in texts follow the key pattern `${texts}.hero.*`. */
export function TextPageHero({ texts, image, ...hero }: TextPageHeroProps) {
  const t = useT();
  return (
    <PageHero
      eyebrow={t(`${texts}.hero.eyebrow`)}
      title={t(`${texts}.hero.title`)}
      lead={t(`${texts}.hero.lead`)}
      image={image && { ...image, alt: t(`${texts}.hero.imageAlt`) }}
      {...hero}
    />
  );
}
