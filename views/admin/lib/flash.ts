import type { FieldError } from '../../../models/shared/errors';

/** A message (and, after a failed form post, the form's values and errors) for the next page view. */
export interface AdminFlash {
  kind: 'success' | 'error';
  /** Locale key under admin.*, and its interpolation values. */
  key: string;
  params?: Record<string, string>;
  /** After a delete: the item in the trash, which the message's Undo restores. */
  undo?: { name: string; id: number };
  /** `errors`: each field's code (which the form translates) and English message. */
  form?: {
    tab: string;
    id: number | null;
    values: Record<string, string>;
    errors: Record<string, FieldError>;
    /** A publication held by the accessibility check (no JavaScript): the problems, which the form lists. */
    a11y?: { field: string; language: 'en' | 'de'; rule: string; severity: 'error' | 'hint'; detail: string }[];
  };
}
