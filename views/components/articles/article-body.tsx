import type { ArticleImage } from '../../../models/content/markup';
import { useLightbox } from './lightbox';

/**
 * The article text as the server rendered and sanitized it (models/markup.ts). Gallery thumbnails
 * in it are plain buttons with `data-image`; one click handler here opens the lightbox on the
 * images of that gallery.
 */
export function ArticleBody({ html, images }: { html: string; images: ArticleImage[] }) {
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
      {/* Sanitized on the server (sanitize-html allowlist); no raw HTML from the database reaches here. */}
      <div className="article-body" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {lightbox}
    </>
  );
}
