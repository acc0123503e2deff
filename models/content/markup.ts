// The article renderer: the simple markup that admins write (paragraphs, `## ` headings, images,
// links and `:::gallery` blocks) becomes HTML on the server. markdown-it parses with raw HTML
// switched off, and sanitize-html then applies a strict allowlist, so nothing an admin (or an
// attacker with an admin's key) types can put a script, an event handler or a foreign URL on a page.
import MarkdownIt, { type StateBlock, type StateCore, type Token } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

export interface ArticleImage {
  src: string;
  alt: string;
  title: string;
  /** Index of the `:::gallery` block the image belongs to; null for an image in the text. */
  gallery: number | null;
  /** The alt text's language when it is not the page's (a library text in English on a German page). */
  lang?: string;
}

/** An alt text given by `altOf`: its words, and its language when not the page's. */
export type GivenAlt = { text: string; lang?: string };

export interface ArticleLink {
  href: string;
  label: string;
}

export interface RenderedArticle {
  /** Sanitized HTML, safe for dangerouslySetInnerHTML. */
  html: string;
  /** Every image of the body in order (gallery buttons carry `data-image` = the index here). */
  images: ArticleImage[];
  /** Links to PDF files, for the Download Complete Report block. */
  pdfs: ArticleLink[];
}

/** Intrinsic size given to body images: the ratio of our illustrations (4:3), so nothing shifts while they load. */
export const BODY_IMAGE_SIZE = { width: 800, height: 600 } as const;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Relative (path, query or fragment) and not protocol-relative. Backslashes count as slashes in browsers. */
function isRelative(url: string): boolean {
  return !SCHEME.test(url) && !url.startsWith('//') && !url.includes('\\');
}

/** Links: relative, http(s) or mailto. */
export function isSafeHref(url: string): boolean {
  const u = url.trim();
  if (!u || /[\u0000-\u001f\u007f]/.test(u)) return false;
  if (isRelative(u)) return true;
  const scheme = SCHEME.exec(u)?.[1]?.toLowerCase();
  return (scheme === 'http' || scheme === 'https' || scheme === 'mailto') && !u.includes('\\');
}

/** Images: relative or https only (no data:, no http:, no other hosts by protocol-relative tricks). */
export function isSafeImageSrc(url: string): boolean {
  const u = url.trim();
  if (!u || /[\u0000-\u001f\u007f]/.test(u)) return false;
  if (isRelative(u)) return true;
  return /^https:\/\/[^\\]+$/i.test(u);
}

function isPdf(href: string): boolean {
  try {
    return new URL(href, 'https://example.invalid/').pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: false });
// markdown-it's own check allows data:image and any other scheme except a few; ours is stricter.
md.validateLink = isSafeHref;
const escape = md.utils.escapeHtml;

interface RenderEnv {
  images: ArticleImage[];
  galleries?: number;
  /** Gallery images open the lightbox (news articles); elsewhere they are plain figures. */
  lightbox?: boolean;
  /** The alt text of an image whose own is empty (the media library's, in the page's language). */
  altOf?: (src: string) => GivenAlt | undefined;
}

/** `:::gallery` ... `:::` (the closing line may be missing at the end of the text). */
function galleryBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (!/^:::\s*gallery\s*$/i.test(lineText(startLine))) return false;
  if (silent) return true;
  let line = startLine + 1;
  const inner: string[] = [];
  while (line < endLine && !/^:::\s*$/.test(lineText(line))) {
    inner.push(lineText(line));
    line++;
  }
  const token = state.push('gallery', 'div', 0);
  token.block = true;
  token.map = [startLine, line];
  token.content = inner.join('\n');
  state.line = Math.min(line + 1, endLine);
  return true;
}

md.block.ruler.before('fence', 'gallery', galleryBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });

/** A paragraph that holds nothing but one image becomes a figure with the title as caption. */
function loneImageFigures(state: StateCore): void {
  const out: Token[] = [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const [open, inline, close] = [tokens[i]!, tokens[i + 1], tokens[i + 2]];
    if (open.type === 'paragraph_open' && inline?.type === 'inline' && close?.type === 'paragraph_close') {
      const parts = (inline.children ?? []).filter((c) => !(c.type === 'text' && c.content.trim() === '') && c.type !== 'softbreak');
      if (parts.length === 1 && parts[0]!.type === 'image') {
        const figure = new state.Token('figure', 'figure', 0);
        figure.block = true;
        figure.map = open.map;
        figure.children = [parts[0]!];
        out.push(figure);
        i += 2;
        continue;
      }
    }
    out.push(open);
  }
  state.tokens = out;
}

md.core.ruler.after('inline', 'lone_image_figures', loneImageFigures);

function imageAttrs(token: Token, env?: RenderEnv): { src: string; alt: string; title: string; lang?: string } {
  const src = String(token.attrGet('src') ?? '');
  // The alt text of an image token is its rendered children (plain text).
  const own = (token.children ?? []).map((c) => c.content).join('') || token.content;
  const given = own.trim() ? undefined : env?.altOf?.(src);
  const title = String(token.attrGet('title') ?? '');
  return given ? { src, alt: given.text, title, ...(given.lang ? { lang: given.lang } : {}) } : { src, alt: own, title };
}

function imgTag(src: string, alt: string, title: string, lang?: string): string {
  const t = title ? ` title="${escape(title)}"` : '';
  const l = lang ? ` lang="${escape(lang)}"` : '';
  return `<img src="${escape(src)}" alt="${escape(alt)}"${l}${t} width="${BODY_IMAGE_SIZE.width}" height="${BODY_IMAGE_SIZE.height}" loading="lazy" decoding="async">`;
}

/** Records an image and returns its index, or null when its address is not allowed. */
function collect(env: RenderEnv, token: Token, gallery: number | null): number | null {
  const { src, alt, title, lang } = imageAttrs(token, env);
  if (!isSafeImageSrc(src)) return null;
  env.images.push({ src, alt, title, gallery, ...(lang ? { lang } : {}) });
  return env.images.length - 1;
}

md.renderer.rules.image = (tokens, idx, _options, renderEnv) => {
  const env = renderEnv as unknown as RenderEnv;
  const token = tokens[idx]!;
  const { src, alt, title, lang } = imageAttrs(token, env);
  if (collect(env, token, null) === null) return escape(alt);
  return imgTag(src, alt, title, lang);
};

md.renderer.rules.figure = (tokens, idx, _options, renderEnv) => {
  const env = renderEnv as unknown as RenderEnv;
  const image = tokens[idx]!.children![0]!;
  const { src, alt, title, lang } = imageAttrs(image, env);
  if (collect(env, image, null) === null) return alt ? `<p>${escape(alt)}</p>\n` : '';
  const caption = title ? `<figcaption>${escape(title)}</figcaption>` : '';
  return `<figure class="article-figure">${imgTag(src, alt, title, lang)}${caption}</figure>\n`;
};

md.renderer.rules.gallery = (tokens, idx, _options, renderEnv) => {
  const env = renderEnv as unknown as RenderEnv;
  const gallery = env.galleries ?? 0;
  env.galleries = gallery + 1;
  const items: string[] = [];
  for (const line of tokens[idx]!.content.split('\n')) {
    if (!line.trim()) continue;
    for (const child of md.parseInline(line, {})[0]?.children ?? []) {
      if (child.type !== 'image') continue;
      const index = collect(env, child, gallery);
      if (index === null) continue;
      const { src, alt, title, lang } = imageAttrs(child, env);
      const caption = title ? `<figcaption>${escape(title)}</figcaption>` : '';
      const image = imgTag(src, alt, title, lang);
      items.push(
        env.lightbox === false
          ? `<figure class="gallery-item">${image}${caption}</figure>`
          : `<figure class="gallery-item"><button type="button" class="gallery-open" data-image="${index}" aria-haspopup="dialog">${image}</button>${caption}</figure>`,
      );
    }
  }
  return items.length ? `<div class="article-gallery">${items.join('')}</div>\n` : '';
};

// Headings start at h2: the page title is the only h1.
md.renderer.rules.heading_open = (tokens, idx) => `<h${Math.min(6, Math.max(2, Number(tokens[idx]!.tag.slice(1))))}>`;
md.renderer.rules.heading_close = (tokens, idx) => `</h${Math.min(6, Math.max(2, Number(tokens[idx]!.tag.slice(1))))}>\n`;

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  if (/^https?:/i.test(href)) tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Links to PDF files anywhere in the text, in order, each once. */
function collectPdfs(tokens: Token[]): ArticleLink[] {
  const found = new Map<string, string>();
  const walk = (list: Token[]) => {
    for (let i = 0; i < list.length; i++) {
      const token = list[i]!;
      if (token.children) walk(token.children);
      if (token.type !== 'link_open') continue;
      const href = String(token.attrGet('href') ?? '');
      let label = '';
      for (let j = i + 1; j < list.length && list[j]!.type !== 'link_close'; j++) label += list[j]!.content;
      if (isPdf(href) && !found.has(href)) found.set(href, label.trim() || href);
    }
  };
  walk(tokens);
  return [...found].map(([href, label]) => ({ href, label }));
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 's', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'div', 'button',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    // lang: set by the renderer only (an alt text from the library in another language than the page's).
    img: ['src', 'alt', 'lang', 'title', 'width', 'height', 'loading', 'decoding'],
    button: ['type', 'data-image', 'aria-haspopup'],
    ol: ['start'],
  },
  allowedClasses: {
    div: ['article-gallery'],
    figure: ['article-figure', 'gallery-item'],
    button: ['gallery-open'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A second line of defence behind markdown-it: drop anything our own checks would refuse.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSrc(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return { tagName, attribs: href && isSafeHref(href) ? { ...rest, href } : rest };
    },
  },
};

/**
 * Renders an article body (markup from the database) to sanitized HTML plus its images and PDF
 * links. `lightbox: false` for pages without the article's image viewer (a project's description,
 * a page's introduction): gallery images are figures, not buttons that would do nothing.
 */
export function renderArticle(markdown: string | null | undefined, options: { lightbox?: boolean; altOf?: (src: string) => GivenAlt | undefined } = {}): RenderedArticle {
  // markdown-it types env as an open record; ours is the RenderEnv the rules above read and fill.
  const env: RenderEnv = { images: [], lightbox: options.lightbox, altOf: options.altOf };
  const tokens = md.parse(markdown ?? '', env as never);
  const raw = md.renderer.render(tokens, md.options, env as never);
  return { html: sanitizeHtml(raw, SANITIZE), images: env.images, pdfs: collectPdfs(tokens).filter((p) => isSafeHref(p.href)) };
}

/**
 * The words of an article body or description without its markup, in single spaces: for mail
 * summaries, social posts and drafting prompts. Images and galleries drop out; a link keeps its label.
 */
export function markdownToText(markdown: string | null | undefined): string {
  const words: string[] = [];
  const inline = (children: Token[]) => {
    for (const c of children) {
      if (c.type === 'text' || c.type === 'code_inline') words.push(c.content);
      else if (c.type === 'softbreak' || c.type === 'hardbreak') words.push(' ');
    }
  };
  for (const token of md.parse(markdown ?? '', { images: [] } satisfies RenderEnv as never)) {
    if (token.type === 'inline') inline(token.children ?? []);
    else if (token.type === 'fence' || token.type === 'code_block') words.push(token.content);
    // Each block ends a word: "Title" and "Some" of two lines stay apart.
    if (token.nesting === -1 || token.block) words.push(' ');
  }
  return words.join('').replace(/\s+/g, ' ').trim();
}
