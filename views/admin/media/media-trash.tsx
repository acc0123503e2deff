// The Media screen's delete path: a deleted file goes to the trash. Its question names the places
// of the content that still show the file (its address answers 404 while it is in the trash), and
// the message after it, "Media deleted", carries Undo: the Trash screen's own restore.
import { useEffect, useState } from 'react';
import { useApp, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import type { MediaUse } from '../../../models/media/usage';
import { itemHref } from '../../../models/shared/admin-rules';
import { adminFetch, errorText } from '../lib/api';
import type { AdminFlash } from '../lib/flash';
import { ScreenLink } from '../widgets/screen-link';

export type { MediaUse };

export interface MediaTrashOptions {
  /** The file whose delete is being asked (null: none). */
  confirmId: number | null;
  /** The question the server opened (?delete=) and where that file is shown. */
  initialConfirm: number | null;
  initialUsage: MediaUse[] | null;
  /** A delete posted without JavaScript comes back as a message with Undo. */
  flash: AdminFlash | null;
  /** The library's list is read again (a file came back). */
  reload: () => Promise<void>;
  onChanged: () => void;
}

export function useMediaTrash({ confirmId, initialConfirm, initialUsage, flash, reload, onChanged }: MediaTrashOptions) {
  const t = useT();
  const [usage, setUsage] = useState<{ id: number; list: MediaUse[] } | null>(initialConfirm !== null && initialUsage ? { id: initialConfirm, list: initialUsage } : null);
  useEffect(() => {
    if (confirmId === null || usage?.id === confirmId) return;
    adminFetch<{ usedIn: MediaUse[] }>('GET', `/api/media/${confirmId}/usage`)
      .then((r) => setUsage({ id: confirmId, list: r.usedIn }))
      // Without the answer the question is asked as before: the Trash screen names the places too.
      .catch(() => undefined);
  }, [confirmId]);

  async function undo(id: number, label?: string) {
    try {
      await adminFetch('POST', `/api/admin/trash/media/${id}/restore`);
      toast({ title: t('admin.trash.restored'), description: label, variant: 'success' });
      await reload();
      onChanged();
    } catch (err) {
      toast({ title: t('admin.trash.restoreError'), description: errorText(t, err), variant: 'destructive' });
    }
    // The Undo button is gone: the keyboard goes on from the screen's heading.
    setTimeout(() => document.querySelector<HTMLElement>('.admin-media-tab h2')?.focus(), 0);
  }

  /** The spec's "Media deleted", with Undo (a message with a button is not timed). */
  const deletedToast = (id: number, label?: string) => toast({ title: t('admin.media.deleted'), variant: 'success', action: { label: t('admin.trash.undo'), run: () => void undo(id, label) } });

  useEffect(() => {
    if (flash?.undo && flash.undo.name === 'media') deletedToast(flash.undo.id);
  }, []);

  return { usedIn: usage && usage.id === confirmId ? usage.list : [], deletedToast };
}

/** Under the delete's question: the content that still shows the file, each a link to its form. */
export function MediaUsageNote({ usedIn }: { usedIn: MediaUse[] }) {
  const t = useT();
  const { lang } = useApp();
  if (!usedIn.length) return null;
  return (
    <div className="admin-trash-used">
      <p>{t('admin.trash.usedBeforeDelete', { count: usedIn.length })}</p>
      <ul>
        {usedIn.map((u) => (
          <li key={`${u.name}-${u.id}`}>
            <ScreenLink href={itemHref(lang, u.name, u.id)}>
              {`${t(`admin.trash.kinds.${u.name}`)}: ${u.name === 'pages' ? t(`admin.pageNames.${u.label}`, { defaultValue: u.label }) : (lang === 'de' && u.labelDe) || u.label}`}
            </ScreenLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
