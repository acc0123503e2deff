// Which axe-core rules the editor runs on the preview, and what each is called in our own rule
// names (whose texts are in locales/*.json under admin.a11y.rules). Shared by the server (which
// leaves these checks to axe when the browser runs it) and the admin's lazily loaded axe runner;
// it imports nothing, so the browser chunk stays small.

/** axe-core rule ids, in the spirit of Wagtail's accessibility checker. */
export const AXE_RULES = [
  'image-alt',
  'heading-order',
  'empty-heading',
  'link-name',
  'button-name',
  'th-has-data-cells',
  'td-has-header',
  'scope-attr-valid',
  'empty-table-header',
] as const;
export type AxeRuleId = (typeof AXE_RULES)[number];

/** Our rule name of an axe-core rule: the admin sees our text in its language, never axe's English. */
export const AXE_TO_OWN: Record<AxeRuleId, string> = {
  'image-alt': 'image-alt-missing',
  'heading-order': 'heading-order',
  'empty-heading': 'heading-empty',
  'link-name': 'link-name',
  'button-name': 'button-name',
  'th-has-data-cells': 'table-th-data',
  'td-has-header': 'table-td-header',
  'scope-attr-valid': 'table-scope',
  'empty-table-header': 'table-empty-header',
};

/** An axe rule this list does not know (axe renamed one): a general text, still in our words. */
export const UNKNOWN_AXE_RULE = 'axe-other';

export function ownRuleOfAxe(id: string): string {
  return (AXE_TO_OWN as Record<string, string>)[id] ?? UNKNOWN_AXE_RULE;
}
