import { useState } from 'react';
import { useT } from '../../app-context';
import type { GalleryImage } from './lightbox';
import { ImageGallery } from './image-gallery';

export interface CategorizedImage extends GalleryImage {
  category: string;
}

/** A gallery with category chips; the lightbox then browses the photos of the chosen category. */
export function FilteredGallery({ items, categories, labelKey }: { items: CategorizedImage[]; categories: readonly string[]; labelKey: string }) {
  const t = useT();
  const [category, setCategory] = useState('all');
  const shown = category === 'all' ? items : items.filter((i) => i.category === category);
  return (
    <>
      <div className="filters" role="group" aria-label={t('article.extras.filterLabel')}>
        {['all', ...categories].map((c) => (
          <button key={c} type="button" className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
            {t(`${labelKey}.${c}`)}
          </button>
        ))}
      </div>
      <p className="sr-only" role="status">
        {t('article.extras.shownCount', { count: shown.length })}
      </p>
      <ImageGallery key={category} items={shown} columns={3} />
    </>
  );
}
