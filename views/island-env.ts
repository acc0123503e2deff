// What a public page tells its islands in the browser (the JSON of <script id="__islands">, written
// by views/render.tsx): the page's language, the site, the page's address and edited words, and
// for each island on the page the files it needs. Browser-safe: read by the loader and the runtime.
import type { PageInfo } from './app-context';
import type { Lang, SiteInfo } from './types';

export interface IslandFiles {
  /** The island's module (its default export is the island: views/island.tsx). */
  js: string;
  /** The chunks it imports, for modulepreload. */
  imports: string[];
  /** Its interface text in the page's language (the namespaces it declares). */
  locale: string;
}

export interface IslandEnv {
  lang: Lang;
  site: SiteInfo;
  page: PageInfo;
  /** The whole site stylesheet (a page inlines only the rules its markup uses). */
  css: string;
  /** views/island-runtime.tsx and the chunks it imports. */
  runtime: { js: string; imports: string[] };
  /** The islands on this page, by name. */
  islands: Record<string, IslandFiles>;
}

export const ISLAND_ENV_ID = '__islands';
