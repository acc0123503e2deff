// Under each content list: "Trash (n)", the link to the Trash screen showing this kind
// (/admin/trash?kind=news), where deleted items wait 30 days to be restored. The count follows
// the list: after a delete or an Undo it is asked for again.
import { useEffect, useRef, useState } from 'react';
import { useApp, useT } from '../../app-context';
import { trashHref, type TrashName } from '../../../models/shared/admin-rules';
import { adminFetch } from '../lib/api';
import { ScreenLink } from '../widgets/screen-link';

export interface TrashProps {
  /** How many items of the screen's kind are in the trash. */
  count: number;
}

/** Takes an item out of the trash (Undo after a delete; the Trash screen's Restore). */
export function restoreFromTrash(name: TrashName, id: number): Promise<unknown> {
  return adminFetch('POST', `/api/admin/trash/${name}/${id}/restore`);
}

export function TrashLink({ name, initial, watch }: { name: TrashName; initial: TrashProps | null; watch: unknown }) {
  const t = useT();
  const { lang } = useApp();
  const [count, setCount] = useState<number | null>(initial?.count ?? null);
  const first = useRef(true);
  useEffect(() => {
    // The server's number is fresh on the first render; every later reload of the list may have trashed something.
    if (first.current && count !== null) {
      first.current = false;
      return;
    }
    first.current = false;
    adminFetch<unknown[]>('GET', `/api/admin/trash?name=${name}`)
      .then((list) => setCount(list.length))
      // The count stays as it was: the Trash screen says what is there.
      .catch(() => undefined);
  }, [watch]);
  return (
    <p className="admin-trash">
      <ScreenLink className="btn btn-outline btn-small admin-trash-link" href={trashHref(lang, name)}>
        {t('admin.trash.link', { count: count ?? 0 })}
      </ScreenLink>
    </p>
  );
}
