import { useT } from '../app-context';

// Three images of different kinds and aspect ratios: to check loading, scaling and alternative text.
// The page shows the three images, their heading and their numbers: nothing of their paths or sizes.
const IMAGES = [
  { key: 'hero', src: '/images/hero/slide-1.svg', width: 1600, height: 900 },
  { key: 'project', src: '/images/projects/nook-solar-power.svg', width: 1200, height: 800 },
  { key: 'gallery', src: '/images/gallery/garden-harvest.svg', width: 800, height: 600 },
] as const;

export default function TestImagesPage() {
  const t = useT();
  return (
    <section className="section page-top content-page" aria-labelledby="page-title">
      <div className="container">
        <h1 id="page-title">{t('testImages.title')}</h1>
        <ul className="photo-grid photo-grid-3 test-images">
          {IMAGES.map((img, i) => (
            <li key={img.key}>
              <figure className="content-figure">
                <img
                  src={img.src}
                  alt={t(`testImages.images.${img.key}.alt`)}
                  width={img.width}
                  height={img.height}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                <figcaption>{t(`testImages.images.${img.key}.caption`, { n: i + 1 })}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
