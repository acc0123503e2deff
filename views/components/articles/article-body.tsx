import type { ReactNode } from 'react';
import type { ArticleImage } from '../../../models/content/markup';
import { useLightbox } from './lightbox';

/**
 * The article text as the server rendered and sanitized it (models/markup.ts). Gallery thumbnails
 * in it are plain buttons with `data-image`; one click handler here opens the lightbox on the
 * images of that gallery.
 */
export function ArticleBody({ images, children }: { images: ArticleImage[]; children?: ReactNode }) {
  const { show, lightbox } = useLightbox();
  const onClick = (e: React.MouseEvent<HTMLDivElement>) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('button[data-image]');
    if (!button) return;
    const image = images[Number(button.dataset.image)];
    if (!image) return;
    const set = images.filter((img) => img.gallery === image.gallery);
    show({
      items: set.map((img) => ({ src: img.src, alt: img.alt, lang: img.lang, caption: img.title || undefined })),
      index: set.indexOf(image),
      opener: button,
    });
  };
  return (
    <>
      {/* The text (ArticleText), rendered by the server; clicks on its thumbnails land here. */}
      <div className="article-body" onClick={onClick}>
        {children}
      </div>
      {lightbox}
    </>
  );
}

/** The article's HTML, sanitized on the server (sanitize-html allowlist): no raw HTML from the database reaches here. */
export function ArticleText({ html }: { html: string }) {
  return <div className="article-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
