// The shapes of the content forms' fields, shared by the content screens and the field widgets
// (media picker, translation buttons, publishing): types only.
import type { TFunction } from '../../translate';
import type { Lang, SiteInfo } from '../../types';

export type EntityName = 'projects' | 'news' | 'team' | 'pages';

export interface FieldDef {
  name: string;
  /** Locale key of the label under admin.fields. */
  label: string;
  kind: 'text' | 'textarea' | 'select' | 'image' | 'number' | 'amount' | 'date' | 'hidden' | 'publishing';
  required?: boolean;
  rows?: number;
  /** Locale key of a hint under admin.hints. */
  hint?: string;
  options?: (ctx: FormContext) => { value: string; label: string }[];
}

export interface FormContext {
  t: TFunction;
  lang: Lang;
  site: SiteInfo;
  projectOptions: { id: number; title: string; titleDe: string }[];
  /** Page names that already have content (a new page picks another one). */
  usedPageNames: string[];
}
