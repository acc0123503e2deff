// One item on the Trash screen: what it is (its kind and title in the admin's language, a file's
// alt text), who deleted it and when, how many days are left before it is deleted for good, and
// Restore: a form post without JavaScript, the admin API with it. A file still shown by the
// content names those places: its address answers 404 until it is restored.
import type { FormEvent } from 'react';
import { useApp, useT } from '../../app-context';
import type { TrashItem } from '../../../models/content/trash';
import type { MediaUse } from '../../../models/media/usage';
import { itemHref, trashAnchor } from '../../../models/shared/admin-rules';
import { actorLabel } from '../lib/activity-text';
import { CsrfField, formatDateTime, useAdmin } from '../widgets/ui';
import { ScreenLink } from '../widgets/screen-link';
import type { TFunction } from '../../translate';
import type { Lang } from '../../types';

/** What an admin calls an item, in the page's language: a page by its page's name, a German title when there is one. */
export function trashLabel(t: TFunction, lang: Lang, item: Pick<TrashItem, 'name' | 'label' | 'labelDe'>): string {
  if (item.name === 'pages') return t(`admin.pageNames.${item.label}`, { defaultValue: item.label });
  return (lang === 'de' && item.labelDe) || item.label;
}

export interface TrashItemRowProps {
  item: TrashItem;
  /** Media: the content items that still show the file. */
  usedIn: MediaUse[];
  /** The filter the screen shows ('' for every kind): the form without JavaScript comes back to it. */
  kind: string;
  /** The address's fragment names this item (the Activity panel's link): it is marked. */
  target: boolean;
  busy: boolean;
  /** With JavaScript: restore in place. */
  onRestore?: (item: TrashItem) => void;
}

export function TrashItemRow({ item, usedIn, kind, target, busy, onRestore }: TrashItemRowProps) {
  const t = useT();
  const { lang } = useApp();
  const { action } = useAdmin();
  const label = trashLabel(t, lang, item);
  const about = (lang === 'de' && item.aboutDe) || item.about;
  const submit = onRestore ? (e: FormEvent<HTMLFormElement>) => (e.preventDefault(), onRestore(item)) : undefined;
  return (
    <li id={trashAnchor(item.name, item.id)} tabIndex={-1} className={`admin-item admin-trash-item${target ? ' admin-trash-target' : ''}`}>
      <div className="admin-item-body">
        <p className="admin-trash-kind">{t(`admin.trash.kinds.${item.name}`)}</p>
        <h3 className="admin-item-title">{label}</h3>
        {about && <p className="admin-item-excerpt">{about}</p>}
        <p className="admin-item-meta">{t('admin.trash.deleted', { date: formatDateTime(item.deletedAt, lang), name: actorLabel(t, item.deletedBy, item.deletedByName) })}</p>
        <p className="admin-item-meta">
          {t('admin.trash.daysLeft', { count: item.daysLeft })} ({t('admin.trash.purge', { date: formatDateTime(item.purgeAt, lang) })})
        </p>
        {usedIn.length > 0 && (
          <div className="admin-trash-used">
            <p>{t('admin.trash.stillUsed', { count: usedIn.length })}</p>
            <ul>
              {usedIn.map((u) => (
                <li key={`${u.name}-${u.id}`}>
                  <ScreenLink href={itemHref(lang, u.name, u.id)}>
                    {`${t(`admin.trash.kinds.${u.name}`)}: ${trashLabel(t, lang, u)}`}
                  </ScreenLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <form method="post" action={action(`/admin/trash/${item.name}/${item.id}/restore`)} onSubmit={submit} className="admin-item-actions">
        <CsrfField />
        <input type="hidden" name="kind" value={kind} />
        <button type="submit" className="btn btn-outline btn-small" disabled={busy} aria-label={`${t('admin.trash.restore')}: ${label}`}>
          {t('admin.trash.restore')}
        </button>
      </form>
    </li>
  );
}
