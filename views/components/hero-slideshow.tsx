import { useEffect, useRef, useState } from 'react';
import { Link } from './link';
import { useLinks, useT } from '../app-context';
import { IntroHtml, type PageIntro } from './content/page-hero';

export const SLIDE_COUNT = 6;
export const SLIDE_MS = 6000;
export const TICK_MS = 10;
export const nextSlide = (i: number) => (i + 1) % SLIDE_COUNT;
export const slideSrc = (i: number) => `/images/hero/slide-${i + 1}.svg`;
/** The first slide: the page preloads it (views/pages/home-page.tsx). */
export const FIRST_SLIDE = slideSrc(0);

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

/** `intro`: the home page's entry of the admin Pages tab (its title and introduction), if there is one. */
export function HeroSlideshow({ intro = null }: { intro?: PageIntro | null }) {
  const t = useT();
  const link = useLinks();
  const [index, setIndex] = useState(0);
  // 'auto' follows the visitor's motion preference; the button overrides it either way.
  const [mode, setMode] = useState<'auto' | 'paused' | 'playing'>('auto');
  const [hoverPaused, setHoverPaused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const bar = useRef<HTMLDivElement>(null);
  const running = mode === 'playing' || (mode === 'auto' && !reduced);
  const playing = running && !hoverPaused;

  // The progress bar is a CSS animation of SLIDE_MS that advances in ticks of TICK_MS
  // (steps(600)); it runs on the compositor, so the page's main thread is not woken 100 times a
  // second, and its end moves to the next slide. A new key on every change of slide restarts it
  // (the progress resets); pausing pauses the animation, so the elapsed time is kept.
  // If the animation ended before the page was hydrated (a slow phone), advance now.
  useEffect(() => {
    if (bar.current?.getAnimations?.()[0]?.playState === 'finished') setIndex((i) => nextSlide(i));
  }, []);

  const slides = Array.from({ length: SLIDE_COUNT }, (_, i) => ({
    src: slideSrc(i),
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
          <figure key={s.src} className={`hero-slide${i === index ? ' active' : ''}`} aria-hidden={i !== index} aria-roledescription="slide" aria-label={t('hero.slideOf', { n: i + 1, total: SLIDE_COUNT })}>
            <img src={s.src} alt={s.alt} width={1600} height={900} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} decoding="async" />
            <figcaption>{s.caption}</figcaption>
          </figure>
        ))}
      </div>
      <div className="hero-overlay">
        <div className="container hero-content">
          <p className="eyebrow eyebrow-light">{t('hero.eyebrow')}</p>
          <h1>{intro?.title || t('hero.title')}</h1>
          {intro?.html ? <IntroHtml html={intro.html} className="hero-text hero-text-html" /> : <p className="hero-text">{t('hero.text')}</p>}
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
          <div
            key={index}
            ref={bar}
            className={`hero-progress-bar${mode === 'auto' ? ' auto' : ''}`}
            style={{ animationDuration: `${SLIDE_MS}ms`, animationTimingFunction: `steps(${SLIDE_MS / TICK_MS}, end)`, animationPlayState: playing ? 'running' : 'paused' }}
            onAnimationEnd={() => setIndex((i) => nextSlide(i))}
          />
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
