// The list of a content screen (views/admin/content/content-tab.tsx): each item's picture, title,
// publishing state, details and excerpt, with Edit and Delete; Delete asks first, in place. Without
// JavaScript the buttons are links (?edit=, ?delete=) and the question a form post.
import { useApp, useT } from '../../app-context';
import { truncate } from '../../../models/shared/rules';
import { excerptLength, type EntityConfig } from './entities';
import type { EntityName } from '../lib/fields';
import { ActionLink, CsrfField, useAdmin, useHydrated } from '../widgets/ui';
import { StateBadges } from '../widgets/publishing';

type Item = { id: number } & Record<string, any>;

export interface ContentListProps {
  name: EntityName;
  config: EntityConfig;
  /** The items shown (search and filters applied). */
  items: Item[];
  /** The item whose form is open (it stays in the list, marked). */
  editingId: number | null;
  /** The item whose delete is being asked. */
  confirmId: number | null;
  busy: boolean;
  /** The screen's address with more query (the list's search and filters kept). */
  href: (more: string) => string;
  onEdit: (id: number) => void;
  onAskDelete: (id: number | null) => void;
  onDelete: (id: number, label: string) => void;
}

export function ContentList({ name, config, items, editingId, confirmId, busy, href, onEdit, onAskDelete, onDelete }: ContentListProps) {
  const t = useT();
  const { lang } = useApp();
  const { action } = useAdmin();
  const hydrated = useHydrated();
  return (
    <ul className="admin-list" aria-label={t(`admin.tabs.${name}`)}>
      {/* The item being edited stays in the list (it is still there after a save), marked as such. */}
      {items.map((item) => {
        const row = config.row(item, lang, t);
        const confirming = confirmId === item.id;
        return (
          <li key={item.id} className={`admin-item${confirming ? ' confirming' : ''}`}>
            {row.image && <img className="admin-thumb" src={row.image} alt="" width={72} height={54} loading="lazy" />}
            <div className="admin-item-body">
              <h3 className="admin-item-title">{row.title}</h3>
              <StateBadges state={row.state} />
              {item.id === editingId && <p className="admin-item-editing">{t('admin.saved.editing')}</p>}
              <p className="admin-item-meta">{row.meta.filter(Boolean).join(' · ')}</p>
              <p className="admin-item-excerpt">{truncate(row.excerpt, excerptLength(name))}</p>
            </div>
            {confirming ? (
              <form className="admin-confirm" method="post" action={action(`/admin/${name}/${item.id}/delete`)} onSubmit={hydrated ? (e) => (e.preventDefault(), onDelete(item.id, row.title)) : undefined} role="group" aria-label={t('admin.confirm.label')}>
                <CsrfField />
                <p className="admin-confirm-text" role="alert">{t('admin.confirm.delete', { title: row.title })}</p>
                <div className="admin-item-actions">
                  <button type="submit" className="btn btn-danger" disabled={busy}>
                    {t('admin.confirm.yes')}
                  </button>
                  <ActionLink className="btn btn-outline" href={href('')} onClick={() => onAskDelete(null)}>
                    {t('admin.form.cancel')}
                  </ActionLink>
                </div>
              </form>
            ) : (
              <div className="admin-item-actions">
                <ActionLink className="btn btn-outline btn-small" href={href(`&edit=${item.id}#edit-form`)} onClick={() => onEdit(item.id)} label={`${t('admin.actions.edit')}: ${row.title}`}>
                  {t('admin.actions.edit')}
                </ActionLink>
                <ActionLink className="btn btn-outline btn-danger-outline btn-small" href={href(`&delete=${item.id}`)} onClick={() => onAskDelete(item.id)} label={`${t('admin.actions.delete')}: ${row.title}`}>
                  {t('admin.actions.delete')}
                </ActionLink>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
