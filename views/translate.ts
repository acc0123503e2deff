/** How views ask for interface text: a key of locales/*.json and its values (react-i18next's `t`). */
export type TFunction = (key: string, options?: Record<string, unknown>) => string;

/**
 * The page's interface text with the words volunteers edited for it: an edited key answers with
 * the edited text (its `{{values}}` filled in as the built-in ones are), every other key as before.
 */
export function withEditedTexts(t: TFunction, texts: Record<string, string> | undefined): TFunction {
  if (!texts) return t;
  return (key, options = {}) => {
    const text = texts[key];
    if (text === undefined) return t(key, options);
    return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in options ? String(options[name] ?? '') : whole));
  };
}
