import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../app-context';
import { Icon } from '../icons';

export interface GalleryImage {
  src: string;
  alt: string;
  /** The alt text's language when not the page's (a library text in English on a German page). */
  lang?: string;
  caption?: string;
}

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Next index with wrap-around in both directions. */
export const wrapIndex = (index: number, length: number) => (length ? ((index % length) + length) % length : 0);

/**
 * The click-to-enlarge overlay of every gallery: a modal dialog with previous/next (wrapping),
 * Escape to close, arrow keys, focus kept inside, and focus handed back to the opener on close.
 */
export function Lightbox({
  items,
  index,
  onIndex,
  onClose,
  opener,
}: {
  items: GalleryImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The control that opened the dialog: it gets the focus back. */
  opener: HTMLElement | null;
}) {
  const t = useT();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const item = items[wrapIndex(index, items.length)];
  const many = items.length > 1;

  // Latest values for the key handler, which is attached once.
  const state = useRef({ index, onIndex, onClose, length: items.length });
  state.current = { index, onIndex, onClose, length: items.length };

  // A layout effect: the focus moves and the keys work as soon as the dialog is on screen (Preact,
  // which runs the pages in the browser, runs plain effects only after the next frame).
  useLayoutEffect(() => {
    closeButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      const s = state.current;
      if (e.key === 'Escape') {
        e.preventDefault();
        s.onClose();
      } else if (e.key === 'ArrowRight' && s.length > 1) {
        e.preventDefault();
        s.onIndex(wrapIndex(s.index + 1, s.length));
      } else if (e.key === 'ArrowLeft' && s.length > 1) {
        e.preventDefault();
        s.onIndex(wrapIndex(s.index - 1, s.length));
      } else if (e.key === 'Tab' && dialog.current) {
        const nodes = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (!nodes.length) return;
        const first = nodes[0]!;
        const last = nodes[nodes.length - 1]!;
        const active = document.activeElement;
        if (e.shiftKey && (active === first || !dialog.current.contains(active))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !dialog.current.contains(active))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  if (!item) return null;
  const counter = t('article.lightbox.counter', { current: wrapIndex(index, items.length) + 1, total: items.length });
  return (
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t('article.lightbox.label')}
      ref={dialog}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="lightbox-bar">
        <p className="lightbox-counter" aria-live="polite">
          {counter}
        </p>
        <button type="button" ref={closeButton} className="lightbox-btn" onClick={onClose} aria-label={t('article.lightbox.close')}>
          <Icon name="close" size={26} />
        </button>
      </div>
      <figure className="lightbox-figure">
        <img key={item.src + index} src={item.src} alt={item.alt} lang={item.lang} width={1200} height={900} decoding="async" />
        {item.caption && <figcaption>{item.caption}</figcaption>}
      </figure>
      {many && (
        <>
          <button type="button" className="lightbox-btn lightbox-prev" onClick={() => onIndex(wrapIndex(index - 1, items.length))} aria-label={t('article.lightbox.previous')}>
            <Icon name="chevron" size={28} className="icon-left" />
          </button>
          <button type="button" className="lightbox-btn lightbox-next" onClick={() => onIndex(wrapIndex(index + 1, items.length))} aria-label={t('article.lightbox.next')}>
            <Icon name="chevron" size={28} className="icon-right" />
          </button>
        </>
      )}
    </div>
  );
}

/** Open/close state of a lightbox, remembering which control opened it. */
export interface LightboxState {
  items: GalleryImage[];
  index: number;
  opener: HTMLElement | null;
}

/** A lightbox for a gallery: `show` opens it on a set of images; `lightbox` is the dialog to render (null while closed). */
export function useLightbox(): { show: (state: LightboxState) => void; lightbox: ReactNode } {
  const [open, setOpen] = useState<LightboxState | null>(null);
  const lightbox = open ? (
    <Lightbox items={open.items} index={open.index} opener={open.opener} onIndex={(index) => setOpen({ ...open, index })} onClose={() => setOpen(null)} />
  ) : null;
  return { show: setOpen, lightbox };
}
