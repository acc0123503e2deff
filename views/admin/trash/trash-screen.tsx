// The Trash screen (/admin/trash, German /de/admin/trash): everything deleted in the last 30 days,
// of every kind (projects, news, team, pages, the media library's files), the latest first, with a
// filter by kind (?kind=news) and Restore on each item. Its data is the route's (its loader:
// controllers/admin/screens/trash.ts): after a restore with JavaScript the route reads it again.
// The Activity panel links a deleted item here, at its place (#trash-news-12).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router-dom';
import { useApp, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import type { TrashItem } from '../../../models/content/trash';
import type { MediaUse } from '../../../models/media/usage';
import { adminHref, TRASH_NAMES, trashAnchor, type TrashName } from '../../../models/shared/admin-rules';
import { adminFetch, errorText } from '../lib/api';
import { useHydrated } from '../widgets/ui';
import { ScreenLink } from '../widgets/screen-link';
import { trashLabel, TrashItemRow } from './trash-item';

export interface TrashScreenData {
  /** The kind the address asks for (?kind=), null: all. */
  kind: TrashName | null;
  items: TrashItem[];
  /** How many items of each kind are in the trash (the filter says them). */
  counts: Record<TrashName, number>;
  /** Media in the trash: the content items that still show each file, by its id. */
  usedIn: Record<number, MediaUse[]>;
}

export function TrashScreen({ data, onChanged }: { data: TrashScreenData; onChanged: () => void }) {
  const t = useT();
  const { lang } = useApp();
  const hydrated = useHydrated();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  // The item the address's fragment names: marked and given the focus once the page is in the browser.
  const [target, setTarget] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const total = TRASH_NAMES.reduce((sum, n) => sum + (data.counts[n] ?? 0), 0);

  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    const el = id.startsWith('trash-') ? document.getElementById(id) : null;
    setTarget(el ? id : null);
    if (el) {
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
    }
  }, [location.hash, location.search]);

  async function restore(item: TrashItem) {
    setBusy(true);
    try {
      await adminFetch('POST', `/api/admin/trash/${item.name}/${item.id}/restore`);
      toast({ title: t('admin.trash.restored'), description: trashLabel(t, lang, item), variant: 'success' });
      onChanged();
      await revalidator.revalidate();
      // The item's row is gone: the keyboard goes on from the screen's heading.
      heading.current?.focus();
    } catch (err) {
      toast({ title: t('admin.trash.restoreError'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const filters: { kind: TrashName | null; count: number }[] = [{ kind: null, count: total }, ...TRASH_NAMES.map((n) => ({ kind: n, count: data.counts[n] ?? 0 }))];
  return (
    <div className="admin-trash-screen">
      <div className="admin-toolbar">
        <h2 className="admin-tab-title" ref={heading} tabIndex={-1}>
          {t('admin.tabs.trash')}
        </h2>
      </div>
      <p className="admin-hint">{t('admin.trash.hint')}</p>
      <nav aria-label={t('admin.trash.filterLabel')}>
        <ul className="admin-trash-filter">
          {filters.map((f) => (
            <li key={f.kind ?? 'all'}>
              <ScreenLink href={adminHref(lang, 'trash', f.kind ? `?kind=${f.kind}` : '')} className={`btn btn-small ${data.kind === f.kind ? 'btn-primary' : 'btn-outline'}`} current={data.kind === f.kind}>
                {`${t(f.kind ? `admin.tabs.${f.kind}` : 'admin.trash.all')} (${f.count})`}
              </ScreenLink>
            </li>
          ))}
        </ul>
      </nav>
      {data.items.length === 0 ? (
        <p className="admin-empty">{t('admin.trash.empty')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.tabs.trash')}>
          {data.items.map((item) => (
            <TrashItemRow
              key={`${item.name}-${item.id}`}
              item={item}
              usedIn={data.usedIn[item.id] && item.name === 'media' ? data.usedIn[item.id]! : []}
              kind={data.kind ?? ''}
              target={target === trashAnchor(item.name, item.id)}
              busy={busy}
              onRestore={hydrated ? (i) => void restore(i) : undefined}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
