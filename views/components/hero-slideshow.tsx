import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLinks, useT } from '../app-context';

export const SLIDE_COUNT = 6;
export const SLIDE_MS = 6000;
export const TICK_MS = 10;
export const nextSlide = (i: number) => (i + 1) % SLIDE_COUNT;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(mq.matches);
    const on = () => setReduced(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return reduced;
}

export function HeroSlideshow() {
  const t = useT();
  const link = useLinks();
  const [index, setIndex] = useState(0);
  // 'auto' follows the visitor's motion preference; the button overrides it either way.
  const [mode, setMode] = useState<'auto' | 'paused' | 'playing'>('auto');
  const [hoverPaused, setHoverPaused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const bar = useRef<HTMLDivElement>(null);
  const elapsed = useRef(0);
  const running = mode === 'playing' || (mode === 'auto' && !reduced);
  const playing = running && !hoverPaused;

  // Progress resets on every change of slide.
  useEffect(() => {
    elapsed.current = 0;
    if (bar.current) bar.current.style.transform = 'scaleX(0)';
  }, [index]);

  // The progress ticks every 10 ms; it moves the bar directly so React does not re-render 100 times a second.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      elapsed.current += TICK_MS;
      if (bar.current) bar.current.style.transform = `scaleX(${Math.min(1, elapsed.current / SLIDE_MS)})`;
      if (elapsed.current >= SLIDE_MS) {
        // Reset here too, so two ticks before React re-renders can never skip a slide.
        elapsed.current = 0;
        setIndex((i) => nextSlide(i));
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const slides = Array.from({ length: SLIDE_COUNT }, (_, i) => ({
    src: `/images/hero/slide-${i + 1}.svg`,
    caption: t(`hero.slides.s${i + 1}.caption`),
    alt: t(`hero.slides.s${i + 1}.alt`),
  }));

  return (
    <section
      id="home"
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      onMouseEnter={() => setHoverPaused(true)}
      onMouseLeave={() => setHoverPaused(false)}
      onFocus={() => setHoverPaused(true)}
      onBlur={() => setHoverPaused(false)}
    >
      <div className="hero-slides">
        {slides.map((s, i) => (
          <figure key={s.src} className={`hero-slide${i === index ? ' active' : ''}`} aria-hidden={i !== index} role="group" aria-roledescription="slide" aria-label={t('hero.slideOf', { n: i + 1, total: SLIDE_COUNT })}>
            <img src={s.src} alt={s.alt} width={1600} height={900} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} decoding="async" />
            <figcaption>{s.caption}</figcaption>
          </figure>
        ))}
      </div>
      <div className="hero-overlay">
        <div className="container hero-content">
          <p className="eyebrow eyebrow-light">{t('hero.eyebrow')}</p>
          <h1>{t('hero.title')}</h1>
          <p className="hero-text">{t('hero.text')}</p>
          <div className="hero-actions">
            <Link to={link('checkout')} className="btn btn-accent btn-lg">
              {t('hero.support')}
            </Link>
            <a
              href="#projects"
              className="btn btn-light btn-lg"
              onClick={(e) => {
                e.preventDefault();
                const target = document.getElementById('projects');
                const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                target?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto' });
                target?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
              }}
            >
              {t('hero.discover')}
            </a>
          </div>
        </div>
      </div>
      <div className="hero-controls container">
        <div className="hero-progress" aria-hidden="true">
          <div ref={bar} className="hero-progress-bar" />
        </div>
        <div className="hero-dots">
          {slides.map((s, i) => (
            <button key={s.src} type="button" className="dot" aria-current={i === index ? 'true' : undefined} aria-label={t('hero.goTo', { n: i + 1 })} onClick={() => setIndex(i)} />
          ))}
          <button type="button" className="hero-pause" onClick={() => setMode(running ? 'paused' : 'playing')}>
            {running ? t('hero.pause') : t('hero.play')}
          </button>
        </div>
      </div>
    </section>
  );
}
