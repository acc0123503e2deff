// Every address of the site exists once per language: English at the path itself, German under
// /de. Routes are written once, without the language, and mounted for both languages with
// inEveryLanguage; the language of a request is read from its address by the locale middleware
// (res.locals.lang, langOf), which runs before any router.
import { localizePath } from '../models/shared/urls';

/**
 * The addresses of `paths` in every language, German first. Mounting at the site root
 * (`app.use(inEveryLanguage('/'), router)`) needs that order: Express tries the paths of one
 * mount in order and takes the first that matches, and the English root also matches /de/...,
 * where it would hand the router a path that still starts with /de.
 */
export function inEveryLanguage(...paths: string[]): string[] {
  return [...paths.map((p) => localizePath(p, 'de')), ...paths];
}
