// Fixed names shared by server and browser.

/** The learning centre's name; its page lives at /{NOOK_SLUG} (the name, then -nook). */
export const NOOK_NAME = 'Tariro';
export { NOOK_SLUG } from '../models/shared/urls';
/** Fallback for an article whose related project id is unknown: the Nook hostel project. */
export const DEFAULT_RELATED_PROJECT_SLUG = 'nook-vocational-training-center';
export const LANG_COOKIE = 'lang';
export const LANG_STORAGE_KEY = 'preferredLanguage';
