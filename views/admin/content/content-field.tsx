// One field of a content form (views/admin/content/content-tab.tsx), by its kind: text, Markdown
// with its help and preview, a choice, a picture from the library, a number, an amount, a date or
// the publishing choice. A field's message goes as soon as it is valid (field-check.ts).
import type { Dispatch, SetStateAction } from 'react';
import { useT } from '../../app-context';
import type { EntityName, FieldDef, FormContext } from '../lib/fields';
import type { FieldIssue } from '../lib/api';
import { recheckForm } from '../lib/field-check';
import { SelectField, TextArea, TextField, useFieldError } from '../widgets/ui';
import { ImageField } from '../widgets/media-picker';
import { MarkdownField } from '../widgets/markdown-field';
import { PublishControl } from '../widgets/publishing';

export interface ContentFieldProps {
  def: FieldDef;
  /** The screen: a team member's picture is chosen among the team's images. */
  name: EntityName;
  ctx: FormContext;
  values: Record<string, string>;
  setValues: Dispatch<SetStateAction<Record<string, string>>>;
  errors: Record<string, FieldIssue>;
  setErrors: Dispatch<SetStateAction<Record<string, FieldIssue>>>;
}

export function ContentField({ def, name, ctx, values, setValues, errors, setErrors }: ContentFieldProps) {
  const t = useT();
  const fieldError = useFieldError();
  const common = {
    name: def.name,
    label: t(`admin.fields.${def.label}`),
    value: values[def.name] ?? '',
    onChange: (v: string) => {
      setValues((old) => ({ ...old, [def.name]: v }));
      // A message goes as soon as the field is valid; the summary's count follows.
      setErrors((old) => recheckForm(old, def.name, def, v, ctx.lang));
    },
    error: fieldError(errors[def.name]),
    required: def.required,
    hint: def.hint ? t(`admin.hints.${def.hint}`) : undefined,
  };
  switch (def.kind) {
    case 'hidden':
      return <input type="hidden" name={def.name} value={values[def.name] ?? ''} />;
    case 'textarea':
      // Markdown fields get the formatting help and the live preview.
      if (def.hint === 'markdown') return <MarkdownField {...common} rows={def.rows} />;
      return <TextArea {...common} rows={def.rows} />;
    case 'select':
      return <SelectField {...common} options={def.options!(ctx)} />;
    case 'image':
      return <ImageField {...common} category={name === 'team' ? 'team' : 'projects'} />;
    case 'number':
      return <TextField {...common} inputMode="numeric" />;
    case 'amount':
      return <TextField {...common} inputMode="decimal" placeholder="0.00" />;
    case 'date':
      return <TextField {...common} type="date" />;
    case 'publishing':
      return (
        <PublishControl
          values={values}
          onChange={(changes) => {
            setValues((old) => ({ ...old, ...changes }));
            if (changes.publishAt || changes.publishMode !== 'schedule') {
              setErrors((old) => {
                if (!('publishAt' in old)) return old;
                const { publishAt: _gone, ...rest } = old;
                return rest;
              });
            }
          }}
          error={fieldError(errors.publishAt)}
        />
      );
    default:
      return <TextField {...common} />;
  }
}
