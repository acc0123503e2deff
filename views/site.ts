// Fixed names shared by server and browser.

/** The learning centre's name; its page lives at /{NOOK_SLUG} (the name, then -nook). */
export const NOOK_NAME = 'Tariro';
export { NOOK_SLUG } from '../models/shared/urls';
/** Fallback for an article whose related project id is unknown: the Nook hostel project. */
export const DEFAULT_RELATED_PROJECT_SLUG = 'nook-vocational-training-center';
export const LANG_COOKIE = 'lang';
export const LANG_STORAGE_KEY = 'preferredLanguage';
/**
 * Browser storage (this tab): what a page leaves for the next one (a toast, the thank-you after a
 * gift) is kept under a key with this prefix, and the islands' loader wakes the runtime at once on
 * a page that finds one (views/island-loader.ts). The keys themselves live with their writers
 * (views/components/toaster.tsx, views/components/checkout/thanks-store.ts): the loader must not
 * share a module with the islands (scripts/build.ts), so it knows the prefix only.
 */
export const NEXT_PAGE_PREFIX = 'vb.next.';
