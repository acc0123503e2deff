// Fixed names shared by server and browser.

/** The learning centre's name; its page lives at /{NOOK_SLUG} (SPEC: /{product}-nook). */
export const NOOK_NAME = 'Tariro';
export { NOOK_SLUG } from '../models/urls';
/** Fallback for an article whose related project id is unknown (SPEC: the Nook hostel project). */
export const DEFAULT_RELATED_PROJECT_SLUG = 'nook-vocational-training-center';
export const LANG_COOKIE = 'lang';
export const LANG_STORAGE_KEY = 'preferredLanguage';
