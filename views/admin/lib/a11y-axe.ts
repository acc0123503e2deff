// axe-core in the admin's browser, on the preview of a form's Markdown fields. Loaded with a
// dynamic import only when a check runs (its own small chunk: no public page and not the main admin
// bundle carries it); axe-core itself is the package's minified file, served as a hashed asset
// (scripts/build.ts) and loaded into a hidden same-origin frame, where it checks the server's
// rendered HTML of each field beneath a level-1 title, as the public page shows it. The frame has
// no address of its own, so the admin page's Content-Security-Policy applies to it: a script from
// our own origin, nothing inline, no eval. axe's results are mapped to our rule names: the admin
// reads our texts in its language, never axe's English.
import { AXE_RULES, ownRuleOfAxe } from '../../../models/shared/a11y-axe-rules';

// The address of axe-core's hashed file, written in by the build.
declare const __AXE_URL__: string | undefined;
export const AXE_URL: string = typeof __AXE_URL__ === 'string' ? __AXE_URL__ : '';

/** How long axe may take to arrive, and to check one field. */
export const AXE_LOAD_TIMEOUT_MS = 15_000;
export const AXE_RUN_TIMEOUT_MS = 20_000;

export interface AxePreview {
  field: string;
  language: 'en' | 'de';
  html: string;
}

export interface AxeProblem {
  field: string;
  language: 'en' | 'de';
  rule: string;
  severity: 'error';
  detail: string;
  source: 'axe';
}

interface AxeNode {
  element?: Element;
}
interface AxeApi {
  run(context: Document, options: object): Promise<{ violations: { id: string; nodes: AxeNode[] }[] }>;
}

export class AxeUnavailable extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new AxeUnavailable(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

function loadAxe(frame: HTMLIFrameElement): Promise<AxeApi> {
  const doc = frame.contentDocument!;
  return withTimeout(
    new Promise<AxeApi>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = AXE_URL;
      script.onload = () => {
        const axe = (frame.contentWindow as unknown as { axe?: AxeApi } | null)?.axe;
        if (axe) resolve(axe);
        else reject(new AxeUnavailable('axe-core did not start'));
      };
      script.onerror = () => reject(new AxeUnavailable('axe-core could not be loaded'));
      doc.head.append(script);
    }),
    AXE_LOAD_TIMEOUT_MS,
    'Loading axe-core',
  );
}

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The words that let the admin find the element (an image's address, a heading's or link's text). */
function detailOf(el: Element | undefined): string {
  if (!el) return '';
  if (el.localName === 'img') return el.getAttribute('alt') || el.getAttribute('src') || '';
  if (el.localName === 'a') return squash(el.textContent) || el.getAttribute('href') || '';
  return squash(el.textContent).slice(0, 80);
}

/** Runs axe-core's rules on each field's rendered HTML; `titles` heads the page as the public one does. */
export async function runAxe(previews: AxePreview[], titles: { en: string; de: string }): Promise<AxeProblem[]> {
  if (!previews.length) return [];
  if (!AXE_URL) throw new AxeUnavailable('axe-core is not built (npm run build)');
  const frame = document.createElement('iframe');
  // Out of sight but laid out (axe needs styles and boxes), out of the tab order and the
  // accessibility tree, and gone again after the check.
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'axe-core';
  frame.style.cssText = 'position:absolute;left:-10000px;top:0;width:1024px;height:768px;border:0;';
  document.body.append(frame);
  try {
    const doc = frame.contentDocument;
    if (!doc) throw new AxeUnavailable('the check frame could not be made');
    doc.head.innerHTML = '<meta charset="utf-8"><title>Preview</title>';
    const axe = await loadAxe(frame);
    const problems: AxeProblem[] = [];
    for (const preview of previews) {
      doc.documentElement.lang = preview.language;
      const main = doc.createElement('main');
      const title = doc.createElement('h1');
      title.textContent = squash(titles[preview.language]) || 'Title';
      const body = doc.createElement('div');
      body.className = 'article-body';
      // Sanitized by the server's renderer: the same HTML the public page shows.
      body.innerHTML = preview.html;
      main.append(title, body);
      doc.body.replaceChildren(main);
      const result = await withTimeout(
        axe.run(doc, { runOnly: { type: 'rule', values: [...AXE_RULES] }, resultTypes: ['violations'], elementRef: true, iframes: false }),
        AXE_RUN_TIMEOUT_MS,
        'The axe-core check',
      );
      const firstHeading = body.querySelector('h1, h2, h3, h4, h5, h6');
      for (const violation of result.violations) {
        for (const node of violation.nodes) {
          let rule = ownRuleOfAxe(violation.id);
          // A skip right after the page title is the text's first heading: our clearer text for it.
          if (violation.id === 'heading-order' && node.element === firstHeading) rule = 'heading-start';
          problems.push({ field: preview.field, language: preview.language, rule, severity: 'error', detail: detailOf(node.element), source: 'axe' });
        }
      }
    }
    return problems;
  } finally {
    frame.remove();
  }
}
