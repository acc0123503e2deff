// The walk of every public page in Chromium, in both languages, at the widths of a small phone, a
// common phone, a tablet in portrait and a laptop: one page load per page, width and language, and
// every check of that page on it. The files test/e2e/layout-*.test.ts run it, a width or two each.
//
// Layout, at every width. A page fails when it scrolls sideways, when a control is covered by
// another element or cut off, when text is covered by another element, when a word is broken
// across lines without a hyphen, when text is cut off by a container, when a floating button lies
// over text or controls at any scroll position, when a container scrolls without being focusable
// and labelled, when the header has no visible Donate link, or when text over a picture has too
// little contrast. At 320 and 820 px the page is measured as a visitor sees it before touching it
// (the islands that wake by themselves, the slideshow, awake; the others as the server drew them);
// at 390 and 1280 px once every island is awake.
//
// Accessibility, at 390 and 1280 px (the phone and the desktop): axe-core finds no serious or
// critical problem, the page says its language (html lang), has exactly one h1 in its main part,
// and loads the pictures below the fold lazily. At every width the console stays clean (no error,
// no hydration warning, no missing text). Each failure names the page, the width and the element.
//
// The walk depends on the markup only, and the pages are the same document on PostgreSQL, byte for
// byte (test/api/same-markup.test.ts): the file runs in the SQLite run (its header has no
// `PostgreSQL:` line).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { axeSerious, PUBLIC_PAGE_PATHS, recordProblems, serverAndBrowser, waitForHydration, waitForLoader } from '../helpers';
import { localizePath } from '../../models/shared/urls';

/**
 * The pages walked: every public page, and those a visitor reaches only by their address or from
 * one article (the pictures' test page, the backend overview, the annual report's article).
 */
const PAGES = [...PUBLIC_PAGE_PATHS, '/test-images', '/backend-demo', '/news/annual-report-2024-published'];

/** The widths walked, each with its screen's height: a small phone, a common phone, a tablet in portrait, a laptop. */
export const VIEWPORTS = {
  320: { width: 320, height: 568 },
  390: { width: 390, height: 844 },
  820: { width: 820, height: 1180 },
  1280: { width: 1280, height: 800 },
} as const;
/** The widths where axe-core and the page checks run too (a phone and a desktop). */
const A11Y_WIDTHS = new Set([390, 1280]);
/** Where the first screen ends for the lazy-image check, whatever the viewport's height. */
const FOLD = 900;

/**
 * Everything measured with the page scrolled to the top: sideways scrolling, broken words, clipped
 * text, scroll areas without a keyboard, the header's Donate link and floating elements over content.
 * Runs in the browser (no closures: playwright sends the function's source).
 */
function auditStatic(args: { checkoutPath: string }): string[] {
  const problems: string[] = [];
  const doc = document.documentElement;
  const vw = doc.clientWidth;
  const vh = doc.clientHeight;
  const styles = new Map<Element, CSSStyleDeclaration>();
  const css = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const name = (el: Element | null): string => {
    if (!el) return 'nothing';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls}>${text ? ` "${text}"` : ''}`;
  };
  const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  // Visually hidden text (for screen readers) is cut to one pixel on purpose.
  const hiddenOnPurpose = (el: Element): boolean => {
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const s = css(e);
      if (s.clip !== 'auto' && s.position === 'absolute') return true;
      if (s.clipPath !== 'none' && s.clipPath.includes('inset(50%')) return true;
    }
    return false;
  };
  const isFixed = (el: Element): Element | null => {
    for (let e: Element | null = el; e; e = e.parentElement) if (css(e).position === 'fixed') return e;
    return null;
  };

  // 1. Nothing wider than the screen.
  if (doc.scrollWidth > doc.clientWidth) {
    // The outermost elements reaching past the screen's edge (not those inside a scroll area).
    const culprits = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || !(r.right > vw + 0.5 || r.left < -0.5)) return false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (css(a).overflowX !== 'visible') return false;
      const parent = el.parentElement?.getBoundingClientRect();
      return !parent || (parent.right <= vw + 0.5 && parent.left >= -0.5);
    });
    problems.push(`scrolls sideways: the page is ${doc.scrollWidth}px wide on a ${vw}px screen (${culprits.slice(0, 4).map(name).join(', ') || 'no element found'})`);
  }

  // 2. The Donate link in the header, visible without opening the menu.
  const header = document.querySelector('header');
  const donate = header ? [...header.querySelectorAll<HTMLAnchorElement>(`a[href="${args.checkoutPath}"]`)].find((a) => visible(a) && a.getBoundingClientRect().right <= vw && a.getBoundingClientRect().bottom <= (header.querySelector('nav') ?? header).getBoundingClientRect().bottom) : undefined;
  if (!donate) problems.push(`the header shows no Donate link to ${args.checkoutPath} without opening the menu`);
  if (header) {
    const pad = parseFloat(css(doc).scrollPaddingTop) || 0;
    const bar = (header.querySelector('nav') ?? header).getBoundingClientRect().bottom;
    if (css(header).position === 'fixed' && pad < bar) problems.push(`scroll-padding-top (${pad}px) is smaller than the fixed header (${bar}px): focused elements land under it`);
  }

  // Can this browser hyphenate a language at all? (Headless Chromium without its downloaded
  // dictionaries cannot; then every break inside a word must come from the text itself.)
  const hyphenates = new Map<string, boolean>();
  const canHyphenate = (lang: string): boolean => {
    if (!hyphenates.has(lang)) {
      const probe = document.createElement('div');
      probe.lang = lang;
      probe.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;width:4em;font:16px sans-serif;hyphens:auto;-webkit-hyphens:auto;overflow-wrap:normal;word-break:normal';
      probe.textContent = lang.startsWith('de') ? 'Gesundheitsversorgungszentrum' : 'internationalization';
      document.body.append(probe);
      const range = document.createRange();
      range.selectNodeContents(probe.firstChild!);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      probe.remove();
      hyphenates.set(lang, tops.size > 1);
    }
    return hyphenates.get(lang)!;
  };
  const langOf = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? 'en').toLowerCase();

  // Rectangles of a range, grouped into lines.
  const lines = (rects: DOMRect[]) => {
    const tops: number[] = [];
    for (const r of rects) if (r.width > 0 && r.height > 0 && !tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
    return tops.length;
  };
  // A line may end after a hyphen, a dash, a slash, a soft hyphen or a zero-width space, and before
  // a dash; an e-mail address or web address may also break after its punctuation.
  // A break between a word and a symbol beside it (an arrow, a colon) splits no word.
  const inWord = /[\p{L}\p{N}\p{M}’'.,]/u;
  const breakAllowed = (word: string, i: number) => {
    const before = word[i - 1]!;
    const after = word[i]!;
    if (!inWord.test(before) || !inWord.test(after)) return true;
    if (/@|:\/\/|^www\./.test(word) && '.@_?&='.includes(before)) return true;
    return false;
  };

  const textRects: { rect: DOMRect; el: Element; text: string }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const broken: string[] = [];
  const clipped: string[] = [];
  const wordRe = /[^ \t\n\r\f\u1680\u2000-\u2006\u2008-\u200b\u205f\u3000]+/g;
  let prevText: { node: Text; block: Element; lastTop: number; lastHeight: number } | null = null;
  const blockOf = (el: Element) => {
    let e: Element | null = el;
    while (e && (css(e).display === 'inline' || css(e).display === 'contents')) e = e.parentElement;
    return e ?? document.body;
  };

  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const el = node.parentElement;
    const data = node.data;
    if (!el || el.closest('script, style, noscript, template, textarea, option')) continue;
    // Spaces between two pieces of text are a place to break.
    if (!/\S/.test(data)) {
      prevText = null;
      continue;
    }
    if (!visible(el) || hiddenOnPurpose(el)) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    if (!isFixed(el)) for (const rect of rects) textRects.push({ rect: new DOMRect(rect.x + scrollX, rect.y + scrollY, rect.width, rect.height), el, text: data.trim().slice(0, 40) });

    // 3. Words broken across lines without a hyphen.
    const hyphenAuto = css(el).hyphens === 'auto' && canHyphenate(langOf(el));
    if (lines(rects) > 1) {
      for (const m of data.matchAll(wordRe)) {
        const word = m[0];
        if (word.length < 2) continue;
        range.setStart(node, m.index);
        range.setEnd(node, m.index + word.length);
        if (lines([...range.getClientRects()]) < 2) continue;
        let prevTop: number | null = null;
        let prevH = 0;
        for (let i = 0; i < word.length; i++) {
          range.setStart(node, m.index + i);
          range.setEnd(node, m.index + i + 1);
          // The character after a soft hyphen also reports the hyphen's box on the line before:
          // its own box is the last one.
          const r = [...range.getClientRects()].filter((x) => x.width > 0 && x.height > 0).pop();
          if (!r) continue;
          if (prevTop !== null && r.top > prevTop + prevH / 2 && !breakAllowed(word, i) && !hyphenAuto) {
            broken.push(`"${word.slice(0, i)} / ${word.slice(i)}" in ${name(el)}`);
          }
          prevTop = r.top;
          prevH = r.height;
        }
      }
    }
    // A word split over two text nodes (inline markup inside a word, or text joined by React).
    const block = blockOf(el);
    const first = rects[0]!;
    const last = rects[rects.length - 1]!;
    if (prevText && prevText.block === block && /\S$/.test(prevText.node.data) && /^\S/.test(data) && first.top > prevText.lastTop + prevText.lastHeight / 2) {
      const between = document.createRange();
      between.setStartAfter(prevText.node);
      between.setEndBefore(node);
      const separated = between.cloneContents().querySelector('br, img, svg, input, button, select, textarea, video, iframe, picture, canvas');
      const word = (prevText.node.data.match(/\S+$/)?.[0] ?? '') + (data.match(/^\S+/)?.[0] ?? '');
      const at = (prevText.node.data.match(/\S+$/)?.[0] ?? '').length;
      if (!separated && !breakAllowed(word, at) && !hyphenAuto) broken.push(`"${word.slice(0, at)} / ${word.slice(at)}" in ${name(el)}`);
    }
    prevText = { node, block, lastTop: last.top, lastHeight: last.height };

    // 4. Text cut off by a container that hides its overflow (a container that scrolls is fine on
    // that axis, and so is everything inside it). An intended line clamp shows an ellipsis.
    let scrollsX = false;
    let scrollsY = false;
    for (let a: Element | null = el; a && a !== doc; a = a.parentElement) {
      const s = css(a);
      const clipX = s.overflowX === 'hidden' || s.overflowX === 'clip';
      const clipY = s.overflowY === 'hidden' || s.overflowY === 'clip';
      if ((clipX && !scrollsX) || (clipY && !scrollsY)) {
        if (s.webkitLineClamp && s.webkitLineClamp !== 'none') break;
        const box = a.getBoundingClientRect();
        const left = box.left + a.clientLeft;
        const top = box.top + a.clientTop;
        const outX = clipX && !scrollsX && rects.some((r) => r.left < left - 1 || r.right > left + a.clientWidth + 1);
        const outY = clipY && !scrollsY && rects.some((r) => r.top < top - 2 || r.bottom > top + a.clientHeight + 2);
        if (outX || outY) {
          clipped.push(`"${data.trim().slice(0, 40)}" is cut off by ${name(a).slice(0, 60)}`);
          break;
        }
      }
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') scrollsX = true;
      if (s.overflowY === 'auto' || s.overflowY === 'scroll') scrollsY = true;
    }
  }
  for (const b of [...new Set(broken)].slice(0, 8)) problems.push(`word broken without a hyphen: ${b}`);
  for (const c of [...new Set(clipped)].slice(0, 8)) problems.push(`text clipped: ${c}`);

  // 5. A container that scrolls must be reachable by keyboard (focusable) and named.
  for (const el of document.body.querySelectorAll('*')) {
    const s = css(el);
    const sx = (s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    const sy = (s.overflowY === 'auto' || s.overflowY === 'scroll') && el.scrollHeight > el.clientHeight + 1;
    if ((sx || sy) && visible(el)) {
      const focusable = (el as HTMLElement).tabIndex >= 0;
      const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
      if (!focusable || !named) problems.push(`${name(el).slice(0, 60)} scrolls ${sx ? 'sideways' : 'up and down'} but is not ${!focusable ? 'focusable' : 'labelled'}`);
    }
  }

  // 6. A floating element (fixed, not the header at the top) must not lie over text or controls at
  // any scroll position: the content must leave its place free.
  const controls = [...document.body.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]')].filter((el) => (el as HTMLElement).tabIndex >= 0 && visible(el) && !isFixed(el));
  const maxScroll = doc.scrollHeight - vh;
  for (const f of document.body.querySelectorAll('*')) {
    if (css(f).position !== 'fixed' || !visible(f) || css(f).pointerEvents === 'none') continue;
    const r = f.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.top <= 0) continue;
    const over = (c: DOMRect) => c.left < r.right && c.right > r.left && c.top < r.bottom + maxScroll && c.bottom > r.top;
    const hitText = textRects.find((t) => over(t.rect));
    const hitControl = controls.map((c) => ({ c, b: c.getBoundingClientRect() })).find(({ b }) => b.width > 1 && b.height > 1 && over(new DOMRect(b.x + scrollX, b.y + scrollY, b.width, b.height)));
    if (hitControl) problems.push(`${name(f).slice(0, 50)} floats over the control ${name(hitControl.c).slice(0, 60)} when the page is scrolled`);
    else if (hitText) problems.push(`${name(f).slice(0, 50)} floats over the text "${hitText.text}" in ${name(hitText.el).slice(0, 40)} when the page is scrolled`);
  }
  return problems;
}

/**
 * Every visible focusable control, scrolled to the top, the middle and the bottom of the screen in
 * turn: the element at its centre must be the control itself (or its content, or an element
 * containing it). Elements taken out of the tab order (tabindex="-1") are focus targets for
 * scripts, not controls.
 */
function auditControls(): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const name = (el: Element | null): string => {
    if (!el) return 'nothing';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.textContent || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls}>${text ? ` "${text}"` : ''}`;
  };
  const all = [...document.body.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]')];
  for (const el of all) {
    if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r0 = el.getBoundingClientRect();
    if (r0.width < 2 || r0.height < 2) continue;
    // Placed outside the page until focused (the skip link).
    if (r0.bottom + scrollY <= 0 || r0.right + scrollX <= 0) continue;
    for (const block of ['start', 'center', 'end'] as const) {
      el.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const left = Math.max(r.left, 0);
      const right = Math.min(r.right, vw);
      const top = Math.max(r.top, 0);
      const bottom = Math.min(r.bottom, vh);
      if (right - left < 1 || bottom - top < 1) {
        problems.push(`${name(el)} cannot be scrolled into view`);
        break;
      }
      // Fixed elements (the header) do not scroll the page sideways when they overflow: their
      // controls must lie within the screen and within every container that hides its overflow.
      if (r.left < -0.5 || r.right > vw + 0.5) {
        problems.push(`${name(el)} sticks out of the screen (${Math.round(r.left)} to ${Math.round(r.right)} on a ${vw}px screen)`);
        break;
      }
      let cut: Element | null = null;
      for (let a = el.parentElement; a && a !== document.body && !cut; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        // A line clamp cuts a long title on purpose and shows an ellipsis; the link still works.
        if (s.webkitLineClamp && s.webkitLineClamp !== 'none') continue;
        const b = a.getBoundingClientRect();
        const scrolls = (o: string) => o === 'auto' || o === 'scroll';
        if ((!scrolls(s.overflowX) && (r.left < b.left - 0.5 || r.right > b.right + 0.5)) || (!scrolls(s.overflowY) && (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5))) cut = a;
        if (scrolls(s.overflowX) || scrolls(s.overflowY)) break;
      }
      if (cut) {
        problems.push(`${name(el)} is cut off by ${name(cut).slice(0, 60)}`);
        break;
      }
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      const ok = hit && (hit === el || el.contains(hit) || hit.contains(el) || (hit.closest('label') as HTMLLabelElement | null)?.control === el);
      if (!ok) {
        problems.push(`${name(el)} is covered by ${name(hit).slice(0, 60)} (scrolled to the ${block})`);
        break;
      }
    }
  }
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  return [...new Set(problems)].slice(0, 10);
}

/**
 * Text covered by another element (a caption over a button, a name running under the menu): every
 * line of visible text is brought on screen below the fixed header, and the element at the line's
 * centre must be the text's own element, one inside it or one around it. An element that reaches the
 * point only through a pseudo-element (a card's stretched link) is transparent there and does not
 * count; lines a container hides on purpose (a line clamp, a scrolled table) are left out.
 */
function auditTextCovered(): string[] {
  const problems: string[] = [];
  const doc = document.documentElement;
  const vh = doc.clientHeight;
  const name = (el: Element | null): string => {
    if (!el) return 'nothing';
    const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.textContent || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim().slice(0, 30);
    return `<${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls}>${text ? ` "${text}"` : ''}`;
  };
  const header = document.querySelector('header');
  const headerBottom = header && getComputedStyle(header).position === 'fixed' ? header.getBoundingClientRect().bottom : 0;
  // Hidden on purpose by a container (its own overflow counts: a line-clamped paragraph).
  const clippedAway = (el: Element, x: number, y: number) => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) return true;
    }
    return false;
  };
  // Lines are found once (page coordinates, to choose where to scroll) and measured again where
  // they are tested: a sticky box moves while the page scrolls.
  const lines: { node: Text; i: number; y: number; el: Element; fixed: boolean }[] = [];
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const el = node.parentElement;
    if (!el || !/\S/.test(node.data) || el.closest('script, style, noscript, template, textarea, option, select')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    let fixed = false;
    let onPurpose = false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.position === 'fixed') fixed = true;
      if (s.clip !== 'auto' && s.position === 'absolute') onPurpose = true;
    }
    if (onPurpose) continue;
    range.selectNodeContents(node);
    [...range.getClientRects()].forEach((r, i) => {
      if (r.width >= 2 && r.height >= 2) lines.push({ node, i, y: r.y + (fixed ? 0 : scrollY), el, fixed });
    });
  }
  const maxScroll = doc.scrollHeight - vh;
  let top = 0;
  for (const line of lines.sort((a, b) => Number(b.fixed) - Number(a.fixed) || a.y - b.y)) {
    if (!line.fixed && (line.y < top + headerBottom + 2 || line.y > top + vh - 40)) {
      window.scrollTo({ top: Math.max(0, Math.min(maxScroll, line.y - headerBottom - 8)), behavior: 'instant' });
      top = window.scrollY;
    }
    range.selectNodeContents(line.node);
    const r = range.getClientRects()[line.i];
    if (!r) continue;
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    if (cy < (line.fixed ? 0 : headerBottom) || cy > vh || cx < 0 || cx > doc.clientWidth || clippedAway(line.el, cx, cy)) continue;
    const hit = document.elementFromPoint(cx, cy);
    if (!hit || hit === line.el || line.el.contains(hit) || hit.contains(line.el)) continue;
    // Only the element's own boxes cover (a stretched link's pseudo-element is transparent), and
    // only where its container shows them.
    const own = [...hit.getClientRects()].some((b) => cx >= b.left && cx <= b.right && cy >= b.top && cy <= b.bottom);
    if (!own || clippedAway(hit, cx, cy)) continue;
    problems.push(`the text "${line.node.data.trim().slice(0, 30)}" in ${name(line.el)} is covered by ${name(hit)}`);
  }
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  return [...new Set(problems)].slice(0, 8);
}

/** Text lying over a picture, in page coordinates: the parts to measure for contrast. */
function textOverImages(): { x: number; y: number; w: number; h: number; color: string; large: boolean; text: string }[] {
  const pictures = [...document.body.querySelectorAll('img, picture, svg image, [style*="background-image"]')]
    .filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 40 && r.height > 40)
    .map((r) => new DOMRect(r.x + scrollX, r.y + scrollY, r.width, r.height));
  const out: { x: number; y: number; w: number; h: number; color: string; large: boolean; text: string }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !/\S/.test(node.textContent ?? '') || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (el.closest('.sr-only, script, style')) continue;
    range.selectNodeContents(node);
    // Page coordinates (the loop scrolls the page).
    const rects = [...range.getClientRects()].map((r) => new DOMRect(r.x + scrollX, r.y + scrollY, r.width, r.height));
    for (const r of rects) {
      if (r.width < 1 || r.height < 1) continue;
      const { x, y } = r;
      if (!pictures.some((p) => x < p.right && x + r.width > p.left && y < p.bottom && y + r.height > p.top)) continue;
      // Is a picture under the text there (and not beside it or above it)?
      window.scrollTo({ top: Math.max(0, y - 100), behavior: 'instant' });
      const stack = document.elementsFromPoint(x - window.scrollX + r.width / 2, y - window.scrollY + r.height / 2);
      // Cut off there (a line clamp hides it), so not shown over anything.
      let hidden = false;
      for (let a = el.parentElement; a && a !== document.body && !hidden; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        const cx = x - window.scrollX + r.width / 2;
        const cy = y - window.scrollY + r.height / 2;
        hidden = cx < b.left || cx > b.right || cy < b.top || cy > b.bottom;
      }
      if (hidden || !stack.includes(el)) continue;
      const below = stack.slice(stack.indexOf(el) + 1);
      if (!below.some((e) => e.tagName === 'IMG' || e.tagName === 'PICTURE' || getComputedStyle(e).backgroundImage.includes('url('))) continue;
      const s = getComputedStyle(el);
      const size = parseFloat(s.fontSize);
      const bold = Number(s.fontWeight) >= 700;
      out.push({ x, y, w: r.width, h: r.height, color: s.color, large: size >= 24 || (bold && size >= 18.66), text: (node.textContent ?? '').trim().slice(0, 30) });
    }
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  return out;
}

const luminance = (r: number, g: number, b: number) => {
  const c = [r, g, b].map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
};
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The contrast of text over pictures, measured on the rendered pixels: the text is made
 * transparent, the screen photographed, and every pixel under each line of text compared with the
 * text's colour (WCAG AA: 4.5:1, large text 3:1). A slideshow is measured on every slide.
 */
async function auditContrast(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const slides = await page.locator('.hero-slide').count();
  for (let slide = 0; slide < Math.max(slides, 1); slide++) {
    if (slides) {
      await page.evaluate((i) => {
        document.querySelectorAll('.hero-slide').forEach((s, j) => s.classList.toggle('active', i === j));
      }, slide);
    }
    const parts = await page.evaluate(textOverImages);
    if (!parts.length) continue;
    const style = await page.addStyleTag({ content: '*, *::before, *::after { -webkit-text-fill-color: transparent !important; caret-color: transparent !important; text-decoration-color: transparent !important; transition: none !important; animation-play-state: paused !important; }' });
    const viewport = page.viewportSize()!;
    // One photograph per screenful of text.
    const screens = new Map<number, typeof parts>();
    for (const p of parts) {
      const top = Math.max(0, Math.floor(p.y / (viewport.height / 2)) * (viewport.height / 2) - 80);
      screens.set(top, [...(screens.get(top) ?? []), p]);
    }
    for (const [top, group] of screens) {
      const scrolled = await page.evaluate((t) => {
        window.scrollTo({ top: t, behavior: 'instant' });
        return window.scrollY;
      }, top);
      const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (const p of group) {
        const y0 = Math.ceil(p.y - scrolled);
        const y1 = Math.floor(p.y - scrolled + p.h);
        if (y0 < 0 || y1 > info.height) continue;
        const [tr, tg, tb] = (p.color.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number) as [number, number, number];
        const text = luminance(tr, tg, tb);
        let worst = Infinity;
        for (let y = y0; y < y1; y++) {
          for (let x = Math.max(0, Math.ceil(p.x)); x < Math.min(info.width, Math.floor(p.x + p.w)); x++) {
            const i = (y * info.width + x) * info.channels;
            worst = Math.min(worst, ratio(text, luminance(data[i]!, data[i + 1]!, data[i + 2]!)));
          }
        }
        const need = p.large ? 3 : 4.5;
        if (worst < need) problems.push(`contrast ${worst.toFixed(2)}:1 (needs ${need}:1) for "${p.text}" over a picture${slides ? ` on slide ${slide + 1}` : ''}`);
      }
    }
    await style.evaluate((el) => (el as HTMLElement).remove());
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  }
  return [...new Set(problems)].slice(0, 10);
}

/**
 * The page as a visitor sees it before touching it, once it has settled: the loader has run, and
 * the islands that wake by themselves (the slideshow, 6 s after the first paint; those that wake
 * when seen) are awake now rather than in the middle of the measuring (the slideshow owns
 * `.hero-slide.active`, which the contrast check sets slide by slide), with the messages region
 * that wakes with them. The islands that wait for a touch stay as the server drew them.
 */
async function settleUntouched(page: Page): Promise<void> {
  await waitForLoader(page);
  const byThemselves = 'vb-island:is([data-when="idle"], [data-when="visible"], [data-when="load"]):not([data-hydrated])';
  await page.evaluate((sel) => document.querySelectorAll(sel).forEach((el) => el.dispatchEvent(new FocusEvent('focusin'))), byThemselves);
  await page.waitForFunction(
    (sel) => !document.querySelector(sel) && !(document.querySelector('vb-island[data-hydrated]') && document.querySelector('vb-island[data-when="runtime"]:not([data-hydrated])')),
    byThemselves,
    { timeout: 15_000 },
  );
}

/**
 * The walk at the given widths (each its own describe, context and page per test; one server and
 * one browser for them): one layout file per width or two, so the walk's widths run side by side.
 */
export function walkEveryPage(widths: (keyof typeof VIEWPORTS)[]): void {
  describe('every public page at phone, tablet and laptop widths', () => {
    const e2e = serverAndBrowser();

    for (const viewport of widths.map((w) => VIEWPORTS[w])) {
      describe(`${viewport.width}px`, () => {
        const a11y = A11Y_WIDTHS.has(viewport.width);
        let context: BrowserContext;
        /** The page of the test before: closed when the next test starts (kept open for the failure's screenshot). */
        let last: Page | undefined;
        before(async () => {
          context = await e2e.browser.newContext({ viewport, reducedMotion: 'reduce' });
          // The test machine has no internet: requests leaving localhost are answered empty.
          await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
          // esbuild (through tsx) may wrap named functions in __name() calls the page does not know.
          await context.addInitScript('globalThis.__name = (f) => f');
        });
        after(async () => context?.close());

        for (const lang of ['en', 'de'] as const) {
          for (const path of PAGES) {
            const url = localizePath(path, lang);
            test(`${url} at ${viewport.width}px`, async () => {
              // A page of its own (nothing left loading by the test before); the cache is shared.
              await last?.close();
              const page = (last = await context.newPage());
              const problems = recordProblems(page);
              const response = await page.goto(e2e.srv.url + url);
              assert.equal(response?.status(), 200, `${url} answers ${response?.status()}`);
              // Measured after the scripts ran (hydration may change the markup).
              if (a11y) await waitForHydration(page);
              else await settleUntouched(page);
              await page.evaluate(() => document.fonts.ready);
              if (a11y) {
                assert.equal(await page.getAttribute('html', 'lang'), lang, `${url}: html lang`);
                assert.equal(await page.locator('main h1').count(), 1, `${url} at ${viewport.width}px: exactly one h1`);
                // Scrolled to the top, as loaded: what lies below the fold loads lazily (the fold at
                // 900 px, a tall phone's and a laptop's first screen). The page's main picture, asked
                // for first (fetchpriority=high: a text page's hero, in view on a laptop), is eager
                // wherever a phone's longer intro puts it (at the fold on a 390 px phone).
                const eagerBelowFold = await page.evaluate(
                  (fold) =>
                    [...document.querySelectorAll<HTMLImageElement>('main img')]
                      .filter((img) => img.getBoundingClientRect().top > fold && img.loading !== 'lazy' && img.fetchPriority !== 'high')
                      .map((img) => img.src),
                  FOLD,
                );
                assert.deepEqual(eagerBelowFold, [], `${url} at ${viewport.width}px: images below the fold load lazily`);
                const violations = await axeSerious(page);
                assert.deepEqual(violations, [], `${url} at ${viewport.width}px: ${JSON.stringify(violations, null, 2)}`);
              }
              const found = [
                ...(await page.evaluate(auditStatic, { checkoutPath: localizePath('/checkout', lang) })),
                ...(await page.evaluate(auditControls)),
                ...(await page.evaluate(auditTextCovered)),
                ...(await auditContrast(page)),
              ];
              assert.deepEqual(found, [], `${url} at ${viewport.width}px:\n  ${found.join('\n  ')}`);
              assert.deepEqual(problems, [], `${url} at ${viewport.width}px: the console`);
              await page.close();
              last = undefined;
            });
          }
        }
      });
    }
  });
}
