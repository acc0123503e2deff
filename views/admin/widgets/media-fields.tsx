// The details of a library file as the forms edit them (the upload form in media-upload.tsx, the
// Media screen's Edit details): category, the alt text pair with its machine-draft buttons and the
// AI's proposal, description and tags.
import { useRef } from 'react';
import { useT } from '../../app-context';
import { MEDIA_CATEGORIES, type MediaItem } from '../../../models/shared/media-rules';
import type { FieldIssue } from '../lib/api';
import type { FieldDef } from '../lib/fields';
import { useMachineDrafts } from './translate-buttons';
import { SelectField, TextField, useFieldError, useHydrated } from './ui';

/** What the library says about a file, as the forms hold it. */
export interface MediaMetaValues {
  category: string;
  altText: string;
  altTextDe: string;
  description: string;
  tags: string;
}
export const EMPTY_META: MediaMetaValues = { category: 'projects', altText: '', altTextDe: '', description: '', tags: '' };

/**
 * An AI proposal of an alt text, next to its field and marked as such: the volunteer copies it
 * into the field (with JavaScript) or reads and types it; saving the item clears the proposal.
 */
function AltSuggestionNote({ text, language, onUse, draft = false }: { text: string; language: 'en' | 'de'; onUse: () => void; draft?: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  const languageName = t(language === 'de' ? 'admin.a11y.german' : 'admin.a11y.english');
  return (
    <div className="admin-alt-suggestion">
      <p>
        {/* Only the suggestion is in its language; the badge and the button are in the admin's. */}
        <span className="admin-badge admin-badge-warning">{t(draft ? 'admin.altSuggest.draftLabel' : 'admin.altSuggest.label')}</span> <q lang={language}>{text}</q>
      </p>
      {draft && <p className="admin-hint">{t('admin.altSuggest.draftShown')}</p>}
      {hydrated && (
        // The name begins with the visible words (a speech command says what it sees); the
        // language follows for screen readers, which hear two such buttons.
        <button type="button" className="btn btn-outline btn-small" onClick={onUse}>
          {t(draft ? 'admin.altSuggest.useDraft' : 'admin.altSuggest.use')}
          <span className="sr-only"> ({languageName})</span>
        </button>
      )}
    </div>
  );
}

/** The bilingual pair of a library item: its alt texts (labels are whole locale keys). */
const ALT_DEFS: FieldDef[] = [
  { name: 'altText', label: 'admin.media.altText', kind: 'text' },
  { name: 'altTextDe', label: 'admin.altSuggest.altTextDe', kind: 'text' },
];

/**
 * The details of a file, for the upload form and the edit form alike. `draftKey` names the file the
 * form is about: a new one forgets the machine-draft marks of the last.
 */
export function MediaMetaFields({
  values,
  onChange,
  errors,
  altRequired = false,
  suggestion = null,
  germanDraft = null,
  draftKey = 'media',
}: {
  values: MediaMetaValues;
  onChange: (v: MediaMetaValues) => void;
  errors: Record<string, FieldIssue>;
  altRequired?: boolean;
  suggestion?: MediaItem['altSuggestion'];
  /** The machine translation German pages show while the German field is empty (marked for review). */
  germanDraft?: MediaItem['altDraftDe'];
  draftKey?: string;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const set = (key: keyof MediaMetaValues) => (v: string) => onChange({ ...values, [key]: v });
  // A draft lands after a wait: it goes into the values as they are then, not as they were at the click.
  const latest = useRef(values);
  latest.current = values;
  const asRecord = (v: MediaMetaValues) => v as unknown as Record<string, string>;
  const drafts = useMachineDrafts(ALT_DEFS, asRecord(values), (update) => onChange({ ...latest.current, ...update(asRecord(latest.current)) }), draftKey, {
    entity: null,
    id: null,
    opened: asRecord(values),
  });
  return (
    <>
      {drafts.unavailable}
      <div className="admin-form-row cols-2">
        <SelectField name="category" label={t('admin.media.category')} value={values.category} onChange={set('category')} error={fieldError(errors.category)} required options={MEDIA_CATEGORIES.map((c) => ({ value: c, label: t(`admin.media.categories.${c}`) }))} />
        <div>
          {drafts.wrap(ALT_DEFS[0]!, <TextField name="altText" label={t('admin.media.altText')} value={values.altText} onChange={set('altText')} error={fieldError(errors.altText)} required={altRequired} hint={t('admin.media.altTextHint')} />)}
          {suggestion && suggestion.en !== values.altText && <AltSuggestionNote text={suggestion.en} language="en" onUse={() => onChange({ ...values, altText: suggestion.en })} />}
        </div>
      </div>
      <div className="admin-form-row cols-2">
        <div>
          {drafts.wrap(ALT_DEFS[1]!, <TextField name="altTextDe" label={t('admin.altSuggest.altTextDe')} value={values.altTextDe} onChange={set('altTextDe')} error={fieldError(errors.altTextDe)} />)}
          {suggestion && suggestion.de !== values.altTextDe && <AltSuggestionNote text={suggestion.de} language="de" onUse={() => onChange({ ...values, altTextDe: suggestion.de })} />}
          {germanDraft && germanDraft.source === 'translation' && !values.altTextDe && <AltSuggestionNote draft text={germanDraft.text} language="de" onUse={() => onChange({ ...values, altTextDe: germanDraft.text })} />}
        </div>
      </div>
      <div className="admin-form-row cols-2">
        <TextField name="description" label={t('admin.media.description')} value={values.description} onChange={set('description')} error={fieldError(errors.description)} />
        <TextField name="tags" label={t('admin.media.tags')} value={values.tags} onChange={set('tags')} hint={t('admin.media.tagsHint')} error={fieldError(errors.tags)} />
      </div>
    </>
  );
}
