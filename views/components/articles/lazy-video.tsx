import { useState } from 'react';
import { useT } from '../../app-context';
import { Icon } from '../icons';

/**
 * Placeholder until the charity's own video is uploaded: YouTube's public sample video.
 * Replace with the id of the real video (the part after `watch?v=`).
 */
export const PLACEHOLDER_VIDEO_ID = 'M7lc1UVf-VE';

/** A YouTube video that loads nothing from YouTube until the visitor presses play (privacy, speed). */
export function LazyVideo({ videoId = PLACEHOLDER_VIDEO_ID, title, poster }: { videoId?: string; title: string; poster: string }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="lazy-video">
      <div className="lazy-video-frame">
        {playing ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
            title={t('article.video.frameTitle', { title })}
            width="1280"
            height="720"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <button type="button" className="lazy-video-poster" onClick={() => setPlaying(true)}>
            <img src={poster} alt="" width={1200} height={800} loading="lazy" decoding="async" />
            <span className="lazy-video-play">
              <Icon name="play" size={30} />
            </span>
            <span className="sr-only">{t('article.video.play', { title })}</span>
          </button>
        )}
      </div>
      <figcaption>
        <strong>{title}</strong>
        <span className="small muted"> {t('article.video.privacy')}</span>
      </figcaption>
    </figure>
  );
}
