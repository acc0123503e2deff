// After a save, in the form: where the item is now (live, scheduled, a draft) and the way to see
// it on the website, or the hint to use the preview while it is not public. Shown until the next change.
import type { Ref } from 'react';
import { useApp, useT } from '../../app-context';
import type { PublishState } from '../../../models/shared/publish-state';
import { formatDateTime } from '../widgets/ui';

export interface SavedNoteProps {
  note: { state: PublishState; publishAt: string | null; path: string };
  /** The note takes the focus after the save, so the keyboard and a screen reader are told. */
  elementRef: Ref<HTMLDivElement>;
}

export function SavedNote({ note, elementRef }: SavedNoteProps) {
  const t = useT();
  const { lang } = useApp();
  return (
    <div className="admin-saved" role="status" tabIndex={-1} ref={elementRef}>
      <p>
        {note.state === 'published'
          ? t('admin.saved.live')
          : note.state === 'scheduled' && note.publishAt
            ? t('admin.saved.scheduled', { date: formatDateTime(note.publishAt, lang) })
            : t('admin.saved.draft')}
      </p>
      {note.state === 'published' ? (
        <a className="btn btn-outline btn-small" href={note.path} target="_blank" rel="noopener">
          {t('admin.saved.view')} <span className="sr-only">({t('common.opensNewTab')})</span>
        </a>
      ) : (
        <p className="admin-hint">{t('admin.saved.previewHint')}</p>
      )}
    </div>
  );
}
