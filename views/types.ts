import type { CssRule } from './critical-css';
import type { SiteInfo } from '../config';
import type { Lang } from '../models/shared/rules';

export type { Lang, SiteInfo };

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string;
  image?: string;
  ogType?: 'website' | 'article';
  /** JSON-LD objects, serialized into <script type="application/ld+json">. */
  jsonLd?: object[];
  noindex?: boolean;
  /** News feeds the page announces (<link rel="alternate" type="application/atom+xml">...). */
  feeds?: { href: string; type: string; title: string }[];
}

/** What a page controller returns: the props of the page component and its head data. */
export interface PageResult<P = Record<string, unknown>> {
  props: P;
  meta: PageMeta;
  status?: number;
  /** The page's words edited in the admin, in the page's language: locale key -> text. */
  texts?: Record<string, string>;
}

/** The serialized page: sent inside the HTML for hydration, or as JSON for client navigation. */
export interface PagePayload<P = Record<string, unknown>> {
  routeId: string;
  lang: Lang;
  /** Path and query of this page in its own language, e.g. /de/projects?x=1 */
  url: string;
  /** Path of the same page in each language (for the switch and hreflang). */
  alternates: Record<Lang, string>;
  props: P;
  meta: PageMeta;
  status: number;
  /** Edited words of the page in its language (locale key -> text); absent: the built-in copy. */
  texts?: Record<string, string>;
}

/** A browser module and the chunks it imports (for modulepreload). */
export interface ModuleFiles {
  js: string;
  imports: string[];
}

/** What scripts/build.ts built (public/assets/manifest.json), content-hashed. */
export interface Assets {
  css: string;
  /** Extra stylesheet of the admin pages. */
  adminCss: string;
  /** The site stylesheet's rules, indexed for the CSS each page inlines (views/critical-css.ts). */
  cssRules: CssRule[];
  islands: {
    /** views/island-loader.ts: the one script of a public page with islands. */
    loader: string;
    /** views/island-runtime.tsx: React and react-i18next for the islands. */
    runtime: ModuleFiles;
    /** Each island (views/islands/*.tsx) by name, with its interface text per language. */
    byName: Record<string, ModuleFiles & { locales: Record<Lang, string> }>;
  };
  /** The admin app (views/admin-client.tsx), its interface text per language, and the script that starts it after the first paint (views/admin-start.ts). */
  admin: ModuleFiles & { locales: Record<Lang, string>; start: string };
}
