import { useEffect, useRef, useState } from 'react';
import { useT } from '../app-context';

// The logo's easter egg: a message per click (index capped at the last), shown 3 s; a 0.8 s
// animation; confetti from certain counts; badges at 10, 25 and 50+; the counter shows 99+ above 99.
export const MESSAGE_COUNT = 10;
export const MESSAGE_MS = 3000;
export const ANIMATION_MS = 800;
export const CONFETTI_FROM = 5;

export function messageIndex(clicks: number): number {
  return Math.min(Math.max(clicks - 1, 0), MESSAGE_COUNT - 1);
}

export function badgeFor(clicks: number): 'explorer' | 'superFan' | 'legend' | null {
  if (clicks >= 50) return 'legend';
  if (clicks >= 25) return 'superFan';
  if (clicks >= 10) return 'explorer';
  return null;
}

export const counterLabel = (clicks: number) => (clicks > 99 ? '99+' : String(clicks));
export const showsConfetti = (clicks: number) => clicks >= CONFETTI_FROM && clicks % 5 === 0;

const CONFETTI_COLOURS = ['#d9902f', '#1f5c3a', '#b5532f', '#cfe6ef', '#f3c75f'];

export function LogoEasterEgg({ logoSrc }: { logoSrc: string }) {
  const t = useT();
  const [clicks, setClicks] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [animating, setAnimating] = useState(false);
  const [confetti, setConfetti] = useState(0);
  const [logoFailed, setLogoFailed] = useState(false);
  // One timer per effect: a click restarts its effects' time, so the message of the last click
  // shows its full 3 s (an earlier click's timer does not take it away).
  const timers = useRef(new Map<'animation' | 'message' | 'confetti', ReturnType<typeof setTimeout>>());

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (key: 'animation' | 'message' | 'confetti', fn: () => void, ms: number) => {
    clearTimeout(timers.current.get(key));
    timers.current.set(key, setTimeout(fn, ms));
  };

  const onClick = () => {
    const next = clicks + 1;
    setClicks(next);
    setMessage(t(`easterEgg.messages.m${messageIndex(next) + 1}`));
    setAnimating(true);
    later('animation', () => setAnimating(false), ANIMATION_MS);
    later('message', () => setMessage(null), MESSAGE_MS);
    if (showsConfetti(next)) {
      setConfetti(next);
      later('confetti', () => setConfetti(0), MESSAGE_MS);
    }
  };

  const badge = badgeFor(clicks);
  return (
    <div className="egg">
      <button type="button" className={`egg-logo${animating ? ' egg-bounce' : ''}`} onClick={onClick} aria-label={t('easterEgg.label')}>
        {/* Hidden when it fails to load, also before the header runs (views/island-loader.ts). */}
        {!logoFailed && (
          <img
            src={logoSrc}
            alt=""
            width={40}
            height={40}
            data-hide-on-error=""
            onError={() => {
              console.info('Logo image failed to load; showing the text name instead.');
              setLogoFailed(true);
            }}
          />
        )}
        {clicks > 0 && <span className="egg-counter">{counterLabel(clicks)}</span>}
      </button>
      <div className="egg-bubble" role="status" aria-live="polite">
        {message && (
          <span>
            {message}
            {badge && <strong className="egg-badge"> {t(`easterEgg.badges.${badge}`)}</strong>}
          </span>
        )}
      </div>
      {confetti > 0 && (
        <div className="confetti" aria-hidden="true" key={confetti}>
          {Array.from({ length: 24 }, (_, i) => (
            <i key={i} style={{ left: `${(i * 37) % 100}%`, background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length], animationDelay: `${(i % 6) * 60}ms` }} />
          ))}
        </div>
      )}
    </div>
  );
}
