import { useState } from 'react';
import { useT } from '../app-context';
import { Icon } from './icons';

export const PLACES = {
  mwenezi: { lat: -21.42, lon: 30.73, zoom: 0.35 },
  lucerne: { lat: 47.05, lon: 8.31, zoom: 0.05 },
} as const;

/** The map is a third-party embed: it loads only when the visitor asks for it (privacy and speed). */
export function LazyMap({ place, title, className = '' }: { place: keyof typeof PLACES; title: string; className?: string }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const p = PLACES[place];
  const bbox = [p.lon - p.zoom, p.lat - p.zoom / 2, p.lon + p.zoom, p.lat + p.zoom / 2].join('%2C');
  const src = `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${p.lat}%2C${p.lon}`;
  return (
    <div className={`lazy-map ${className}`}>
      {shown ? (
        <iframe src={src} title={title} loading="lazy" referrerPolicy="no-referrer" width="600" height="300" />
      ) : (
        <div className="lazy-map-placeholder">
          <Icon name="pin" size={28} />
          <p>{title}</p>
          <button type="button" className="btn btn-outline" onClick={() => setShown(true)}>
            {t('map.show')}
          </button>
          <p className="small">{t('map.privacy')}</p>
        </div>
      )}
    </div>
  );
}
