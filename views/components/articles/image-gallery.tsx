import { useState } from 'react';
import { Lightbox, type GalleryImage, type LightboxState } from './lightbox';

/** A grid of thumbnails; each is a button that opens the shared lightbox on the whole set. */
export function ImageGallery({ items, className = '', columns = 3 }: { items: GalleryImage[]; className?: string; columns?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<LightboxState | null>(null);
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
                onClick={(e) => setOpen({ items, index: i, opener: e.currentTarget })}
              >
                <img src={item.src} alt={item.alt} width={800} height={600} loading="lazy" decoding="async" />
              </button>
              {item.caption && <figcaption>{item.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      {open && (
        <Lightbox
          items={open.items}
          index={open.index}
          opener={open.opener}
          onIndex={(index) => setOpen({ ...open, index })}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
