// The item a preview link shows in place of its saved version (or as if it existed, for a new
// one). A preview renders the real public page through the real page loaders; the loaders read
// content only through the models' live readers (listLiveProjects, findLiveNewsBySlug,
// findPageContent...), and those readers consult this scope. So the scope is request-scoped
// without being passed through every loader's signature: controllers/preview.ts runs the page's
// render inside `withPreview`, and AsyncLocalStorage keeps the override to the awaits of that one
// render. Outside a preview every reader behaves exactly as before (one lookup that finds nothing).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NewsArticle, PageContent, Project, TeamMember } from '../shared/rules';

export type PreviewEntity = 'projects' | 'news' | 'team' | 'pages';

export interface PreviewItems {
  projects: Project;
  news: NewsArticle;
  team: TeamMember;
  pages: PageContent;
}

export type PreviewOverride = { [E in PreviewEntity]: { entity: E; item: PreviewItems[E] } }[PreviewEntity];

const scope = new AsyncLocalStorage<PreviewOverride>();

/** Runs `render` with `override` in place of the saved item for every live read it makes. */
export function withPreview<T>(override: PreviewOverride, render: () => Promise<T>): Promise<T> {
  return scope.run(override, render);
}

/** The previewed item of this entity in the current render, or null (not a preview, or another entity). */
export function previewed<E extends PreviewEntity>(entity: E): PreviewItems[E] | null {
  const current = scope.getStore();
  return current && current.entity === entity ? (current.item as PreviewItems[E]) : null;
}

/** Whether the current render is a preview's (pages use it to skip shared caches). */
export const inPreview = () => scope.getStore() !== undefined;

/**
 * A live list as the preview shows it: the previewed item instead of its saved version, or added
 * (a new item, or a draft), in the list's own order.
 */
export function withPreviewed<E extends PreviewEntity>(entity: E, list: readonly PreviewItems[E][], order: (a: PreviewItems[E], b: PreviewItems[E]) => number): PreviewItems[E][] {
  const item = previewed(entity);
  if (!item) return [...list];
  return [...list.filter((i) => i.id !== item.id), item].sort(order);
}

/** A live single read as the preview shows it: the previewed item when it is the one asked for. */
export function previewedOr<E extends PreviewEntity>(entity: E, matches: (item: PreviewItems[E]) => boolean, saved: PreviewItems[E] | null): PreviewItems[E] | null {
  const item = previewed(entity);
  if (!item) return saved;
  if (matches(item)) return item;
  // The saved version under an address the preview moved away from (a changed slug) is not shown.
  return saved && saved.id === item.id ? null : saved;
}
