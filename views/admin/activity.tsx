// The Activity panel: the audit log's newest entries (who changed what, when).
import { useT } from '../app-context';
import type { AuditEntry } from '../../models/audit';
import type { Lang } from '../types';
import { formatDateTime } from './ui';

const KNOWN_ACTIONS = ['create', 'update', 'adjust', 'delete', 'upload', 'login', 'send', 'generate', 'erase', 'export', 'start'];
const KNOWN_ENTITIES = ['project', 'news', 'team', 'page', 'media', 'session', 'newsletter', 'campaign', 'social', 'subscriber', 'subscribers', 'donations', 'certificates'];

export function ActivityPanel({ entries, lang }: { entries: AuditEntry[]; lang: Lang }) {
  const t = useT();
  return (
    <div className="admin-activity card">
      <h2 id="activity-title">{t('admin.activity.title')}</h2>
      {entries.length === 0 ? (
        <p className="admin-empty">{t('admin.activity.empty')}</p>
      ) : (
        <ol className="activity-list">
          {entries.map((e) => {
            const action = KNOWN_ACTIONS.includes(e.action) ? t(`admin.activity.actions.${e.action}`) : e.action;
            const entity = KNOWN_ENTITIES.includes(e.entity) ? t(`admin.activity.entities.${e.entity}`) : e.entity;
            return (
              <li key={e.id}>
                <p className="activity-what">
                  <strong>{action}</strong>
                  {e.entity === 'session' ? null : (
                    <>
                      {' '}
                      {entity}
                      {e.summary ? <> · <span className="activity-summary">{e.summary}</span></> : null}
                    </>
                  )}
                </p>
                <p className="activity-who">
                  {e.actor} · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, lang)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
