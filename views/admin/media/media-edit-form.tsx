// A file's details form on the Media screen (category, alt texts, description, tags): a plain POST
// without JavaScript, the admin API with it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../app-context';
import { toast } from '../../components/toaster';
import type { MediaItem } from '../../../models/shared/media-rules';
import { adminFetch, AdminApiError, errorText, type FieldIssue } from '../lib/api';
import { ActionLink, CsrfField, useAdmin, useHydrated } from '../widgets/ui';
import { MediaMetaFields, type MediaMetaValues } from '../widgets/media-fields';

const metaValues = (m: MediaItem): MediaMetaValues => ({ category: m.category, altText: m.altText ?? '', altTextDe: m.altTextDe ?? '', description: m.description ?? '', tags: m.tags.join(', ') });

/** The details of one file, edited in its card: a plain POST without JavaScript, the admin API with it. */
export function MediaEditForm({ item, initial, focusFirst, onSaved, cancelHref, onCancel }: { item: MediaItem; initial: { values: Record<string, string>; errors: Record<string, FieldIssue> } | null; focusFirst: boolean; onSaved: (item: MediaItem) => void; cancelHref: string; onCancel: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // Opened by a click in the browser: the keyboard continues in the form's first field.
  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLElement>('select, input:not([type=hidden]), textarea')?.focus();
  }, []);
  const { action } = useAdmin();
  const [values, setValues] = useState<MediaMetaValues>(initial ? { ...metaValues(item), ...initial.values } : metaValues(item));
  const [errors, setErrors] = useState<Record<string, FieldIssue>>(initial?.errors ?? {});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await adminFetch<MediaItem>('PUT', `/api/media/${item.id}`, values);
      toast({ title: t('admin.media.updated'), description: saved.originalName, variant: 'success' });
      onSaved(saved);
    } catch (err) {
      setErrors(err instanceof AdminApiError ? err.fieldIssues : {});
      toast({ title: t('admin.media.updateError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="media-edit" method="post" action={action(`/admin/media/${item.id}`)} onSubmit={hydrated ? submit : undefined} noValidate aria-label={t('admin.media.editLabel', { name: item.originalName })}>
      <CsrfField />
      <MediaMetaFields values={values} onChange={setValues} errors={errors} altRequired={item.fileType === 'image'} suggestion={item.altSuggestion} germanDraft={item.altDraftDe} />
      <div className="media-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          {busy ? t('admin.form.saving') : t('admin.form.save')}
        </button>
        <ActionLink className="btn btn-outline btn-small" href={cancelHref} onClick={onCancel}>
          {t('admin.form.cancel')}
        </ActionLink>
      </div>
    </form>
  );
}
