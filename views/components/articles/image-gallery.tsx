import { useLightbox, type GalleryImage } from './lightbox';

/** A grid of thumbnails; each is a button that opens the shared lightbox on the whole set. */
export function ImageGallery({ items, className = '', columns = 3 }: { items: GalleryImage[]; className?: string; columns?: 2 | 3 | 4 }) {
  const { show, lightbox } = useLightbox();
  return (
    <>
      <ul className={`image-gallery cols-${columns} ${className}`}>
        {items.map((item, i) => (
          <li key={`${item.src}-${i}`}>
            <figure className="gallery-item">
              <button
                type="button"
                className="gallery-open"
                aria-haspopup="dialog"
                onClick={(e) => show({ items, index: i, opener: e.currentTarget })}
              >
                <img src={item.src} alt={item.alt} lang={item.lang} width={800} height={600} loading="lazy" decoding="async" />
              </button>
              {item.caption && <figcaption>{item.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      {lightbox}
    </>
  );
}
