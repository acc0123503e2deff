// The trash of one content tab: what was deleted in the last 30 days, with Restore. Reached by
// the "Trash (n)" link under the list (?trash=1 without JavaScript; in place with it).
import { useEffect, useRef, useState } from 'react';
import { useApp, useT } from '../../app-context';
import { actorLabel } from '../lib/activity-text';
import { toast } from '../../components/toaster';
import type { TrashItem } from '../../../models/content/trash';
import { adminFetch, errorText } from '../lib/api';
import type { EntityName } from '../lib/fields';
import { ActionLink, CsrfField, formatDateTime, useAdmin, useHydrated, useScreenHref } from '../widgets/ui';

export interface TrashProps {
  count: number;
  items: TrashItem[] | null;
}

export interface TrashPanelProps {
  name: EntityName;
  /** What the server rendered, null: fetch it. */
  initial: TrashProps | null;
  /** Changes whenever the tab's list was reloaded (after a delete the count goes up). */
  watch: unknown;
  /** An item came back: the tab reloads its list. */
  onRestored: () => void;
}

/** Takes an item out of the tab's trash (its Restore button, and Undo after a delete). */
export function restoreFromTrash(name: EntityName, id: number): Promise<unknown> {
  return adminFetch('POST', `/api/admin/trash/${name}/${id}/restore`);
}

export function TrashPanel({ name, initial, watch, onRestored }: TrashPanelProps) {
  const t = useT();
  const { lang } = useApp();
  const screenHref = useScreenHref();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  const [items, setItems] = useState<TrashItem[] | null>(initial?.items ?? null);
  const [count, setCount] = useState<number | null>(initial?.count ?? null);
  const [open, setOpen] = useState(Boolean(initial?.items));
  const [busy, setBusy] = useState(false);
  const first = useRef(true);
  const heading = useRef<HTMLHeadingElement>(null);

  async function load(): Promise<void> {
    try {
      const list = await adminFetch<TrashItem[]>('GET', `/api/admin/trash?name=${name}`);
      setItems(list);
      setCount(list.length);
    } catch {
      // The count stays as it was; the list says so when opened.
    }
  }

  useEffect(() => {
    // The server's numbers are fresh on the first render; every later reload of the list may have trashed something.
    if (first.current && count !== null) {
      first.current = false;
      return;
    }
    first.current = false;
    void load();
  }, [watch]);

  async function restore(item: TrashItem) {
    setBusy(true);
    try {
      await restoreFromTrash(name, item.id);
      toast({ title: t('admin.trash.restored'), description: item.label, variant: 'success' });
      onRestored();
      await load();
      setTimeout(() => heading.current?.focus(), 0);
    } catch (err) {
      toast({ title: t('admin.trash.restoreError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const base = screenHref(name);
  const toggle = () => {
    setOpen(!open);
    if (!open) {
      void load();
      setTimeout(() => heading.current?.focus(), 0);
    }
  };

  return (
    <div className="admin-trash">
      <ActionLink className="btn btn-outline btn-small admin-trash-link" href={open ? base : screenHref(name, '?trash=1#trash')} onClick={toggle}>
        {t('admin.trash.link', { count: count ?? 0 })}
      </ActionLink>
      {open && (
        <section id="trash" className="card admin-trash-panel" aria-labelledby="trash-title">
          <h3 id="trash-title" ref={heading} tabIndex={-1}>
            {t('admin.trash.title')}
          </h3>
          <p className="admin-hint">{t('admin.trash.hint')}</p>
          {items === null ? null : items.length === 0 ? (
            <p className="admin-empty">{t('admin.trash.empty')}</p>
          ) : (
            <ul className="admin-list">
              {items.map((item) => (
                <li key={`${item.name}-${item.id}`} className="admin-item">
                  <div className="admin-item-body">
                    <h4 className="admin-item-title">{name === 'pages' ? t(`admin.pageNames.${item.label}`, { defaultValue: item.label }) : item.label}</h4>
                    <p className="admin-item-meta">
                      {t('admin.trash.deleted', { date: formatDateTime(item.deletedAt, lang), name: actorLabel(t, item.deletedBy, item.deletedByName) })} ·{' '}
                      {t('admin.trash.purge', { date: formatDateTime(item.purgeAt, lang) })}
                    </p>
                  </div>
                  <form
                    method="post"
                    action={action(`/admin/trash/${name}/${item.id}/restore`)}
                    onSubmit={hydrated ? (e) => (e.preventDefault(), void restore(item)) : undefined}
                    className="admin-item-actions"
                  >
                    <CsrfField />
                    <button type="submit" className="btn btn-outline btn-small" disabled={busy} aria-label={`${t('admin.trash.restore')}: ${item.label}`}>
                      {t('admin.trash.restore')}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
