// Re-checks a field that shows a problem while the admin corrects it, with the rules the server
// applies (required, length, amount), so a message goes away as soon as the value is valid. Rules
// only the server can judge (a taken slug, an unknown project...) are cleared by any change: the
// next save checks them again. No imports with side effects: the admin bundle includes this file.
import type { FieldProblem } from '../../../models/shared/error-codes';
import { parseAmount } from '../../../models/shared/amounts';
import type { Lang } from '../../../models/shared/rules';

export interface CheckedField {
  kind: string;
  required?: boolean;
}

/**
 * The problem a field still has after a change to `value` (typed in `lang`: amounts are read as
 * the server reads them), or undefined when it has none now.
 */
export function recheckField<T extends FieldProblem>(def: CheckedField, value: string, problem: T | undefined, lang: Lang): FieldProblem | T | undefined {
  if (!problem) return undefined;
  const text = value.trim();
  if (text === '' && (def.required || problem.code === 'required')) {
    // An empty amount with a default is valid on the server; only a required one stays wrong.
    return def.kind === 'amount' && !def.required ? undefined : { code: 'required' };
  }
  if (def.kind === 'amount' && text !== '') {
    const parsed = parseAmount(text, lang);
    return 'problem' in parsed ? { code: parsed.problem } : undefined;
  }
  if (problem.code === 'too_long') {
    const max = Number(problem.params?.max);
    if (Number.isFinite(max) && text.length > max) return problem;
    return undefined;
  }
  // required (now filled), or a rule the server judges: the changed value may be right.
  return undefined;
}

/** Problems of a whole form after one field changed: that field re-checked, the others kept. */
export function recheckForm<T extends FieldProblem>(errors: Record<string, T>, name: string, def: CheckedField, value: string, lang: Lang): Record<string, T> {
  if (!(name in errors)) return errors;
  const next = { ...errors };
  const still = recheckField(def, value, errors[name], lang);
  if (still) next[name] = still as T;
  else delete next[name];
  return next;
}
