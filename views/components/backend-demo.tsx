import { useCallback, useEffect, useState } from 'react';
import { useT } from '../app-context';
import { localizePath } from '../../models/shared/urls';
import type { TableInfo } from '../../models/site/schema';
import { Tabs } from './content/tabs';
import { TableWrap } from './content/table-wrap';


export interface ApiRoute {
  method: string;
  path: string;
}

export interface StackItem {
  key: string;
  name: string;
  version: string;
}

export interface BackendDemoProps {
  /**
   * The full detail (versions, port, database client, column types, every API route): outside
   * production and for a signed-in admin. Otherwise the stack's names, the public API and the
   * tables' columns only (controllers/backend-demo.ts).
   */
  detail: boolean;
  apiRoutes: ApiRoute[];
  tables: TableInfo[];
  stack: StackItem[];
  databaseClient: string;
  port: number;
  /** The site's pages (controllers/pages.ts), read from the running application rather than copied. */
  pageRoutes: { id: string; path: string; layout: 'public' | 'admin' }[];
}

const LIVE_ENDPOINTS = ['/api/projects', '/api/news', '/api/team'] as const;

function Architecture({ detail, stack, databaseClient, port, pageRoutes }: Pick<BackendDemoProps, 'detail' | 'stack' | 'databaseClient' | 'port' | 'pageRoutes'>) {
  const t = useT();
  return (
    <>
      <h2>{t('backendDemo.architecture.title')}</h2>
      <p>{detail ? t('backendDemo.architecture.text', { port }) : t('backendDemo.architecture.textPublic')}</p>
      {detail && (
        <p className="port-note">
          <strong>{t('backendDemo.architecture.port')}</strong> <code>{port}</code> ·{' '}
          <strong>{t('backendDemo.architecture.database')}</strong> <code>{databaseClient}</code>
        </p>
      )}
      <h3>{t('backendDemo.architecture.flowTitle')}</h3>
      <ol className="flow">
        {(['request', 'locale', 'controller', 'model', 'render', 'hydrate'] as const).map((s) => (
          <li key={s}>{t(`backendDemo.architecture.flow.${s}`)}</li>
        ))}
      </ol>
      <h3>{t('backendDemo.architecture.stackTitle')}</h3>
      <TableWrap label={t('backendDemo.architecture.stackTitle')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('backendDemo.architecture.component')}</th>
              {detail && <th scope="col">{t('backendDemo.architecture.version')}</th>}
            </tr>
          </thead>
          <tbody>
            {stack.map((s) => (
              <tr key={s.key}>
                <th scope="row">{s.name}</th>
                {detail && (
                  <td>
                    <code>{s.version}</code>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <h3>{t('backendDemo.architecture.routesTitle')}</h3>
      <p>{t('backendDemo.architecture.routesText', { count: pageRoutes.length })}</p>
      <TableWrap label={t('backendDemo.architecture.routesTitle')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('backendDemo.architecture.routeId')}</th>
              <th scope="col">{t('backendDemo.architecture.path')}</th>
              <th scope="col">{t('backendDemo.architecture.germanPath')}</th>
              <th scope="col">{t('backendDemo.architecture.layout')}</th>
            </tr>
          </thead>
          <tbody>
            {pageRoutes.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <code>{r.id}</code>
                </th>
                <td>
                  <code>{r.path}</code>
                </td>
                <td>
                  <code>{localizePath(r.path, 'de')}</code>
                </td>
                <td>{t(`backendDemo.architecture.layouts.${r.layout}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}

function ApiEndpoints({ detail, apiRoutes }: Pick<BackendDemoProps, 'detail' | 'apiRoutes'>) {
  const t = useT();
  return (
    <>
      <h2>{t('backendDemo.api.title')}</h2>
      <p>{t(detail ? 'backendDemo.api.text' : 'backendDemo.api.textPublic', { count: apiRoutes.length })}</p>
      <TableWrap label={t('backendDemo.api.title')}>
        <table className="data-table api-table">
          <thead>
            <tr>
              <th scope="col">{t('backendDemo.api.method')}</th>
              <th scope="col">{t('backendDemo.api.path')}</th>
            </tr>
          </thead>
          <tbody>
            {apiRoutes.map((r) => (
              <tr key={`${r.method} ${r.path}`}>
                <td>
                  <span className={`method method-${r.method.toLowerCase()}`}>{r.method}</span>
                </td>
                <td>
                  <code>{r.path}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}

type LiveState = { status: 'loading' } | { status: 'done'; json: string; count: number | null } | { status: 'error'; message: string };

function LiveEndpoint({ url, active }: { url: string; active: boolean }) {
  const t = useT();
  const [state, setState] = useState<LiveState>({ status: 'loading' });
  const [requested, setRequested] = useState(false);
  const load = useCallback(async () => {
    setRequested(true);
    setState({ status: 'loading' });
    try {
      const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = (await res.json()) as unknown;
      setState({ status: 'done', json: JSON.stringify(data, null, 2), count: Array.isArray(data) ? data.length : null });
    } catch (err) {
      setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, [url]);
  // Fetched when the tab is first opened, then on Refresh.
  useEffect(() => {
    if (active && !requested) void load();
  }, [active, requested, load]);
  const id = `live-${url.replace(/\W+/g, '-')}`;
  const busy = state.status === 'loading';
  return (
    <section className="live-endpoint" aria-labelledby={`${id}-title`}>
      <div className="live-head">
        <h3 id={`${id}-title`}>
          <code>GET {url}</code>
        </h3>
        <button
          type="button"
          className="btn btn-outline"
          aria-disabled={busy}
          aria-describedby={`${id}-status`}
          onClick={() => {
            if (!busy) void load();
          }}
        >
          {t('backendDemo.live.refresh')}
          <span className="sr-only"> {url}</span>
        </button>
      </div>
      <p id={`${id}-status`} className="small muted" role="status">
        {state.status === 'loading' && t('common.loading')}
        {state.status === 'done' && (state.count === null ? t('backendDemo.live.loaded') : t('backendDemo.live.items', { count: state.count }))}
        {state.status === 'error' && t('backendDemo.live.error', { message: state.message })}
      </p>
      {state.status === 'done' && (
        <pre className="json" tabIndex={0} aria-label={t('backendDemo.live.jsonLabel', { url })}>
          {state.json}
        </pre>
      )}
    </section>
  );
}

function LiveData({ active }: { active: boolean }) {
  const t = useT();
  return (
    <>
      <h2>{t('backendDemo.live.title')}</h2>
      <p>{t('backendDemo.live.text')}</p>
      {LIVE_ENDPOINTS.map((url) => (
        <LiveEndpoint key={url} url={url} active={active} />
      ))}
    </>
  );
}

function DatabaseSchema({ detail, tables, databaseClient }: Pick<BackendDemoProps, 'detail' | 'tables' | 'databaseClient'>) {
  const t = useT();
  return (
    <>
      <h2>{t('backendDemo.schema.title')}</h2>
      <p>{detail ? t('backendDemo.schema.text', { count: tables.length, client: databaseClient }) : t('backendDemo.schema.textPublic', { count: tables.length })}</p>
      <div className="schema-grid">
        {tables.map((table) => (
          <TableWrap key={table.name} label={table.name} className="schema-table">
            <table className="data-table">
              <caption>
                <code>{table.name}</code>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('backendDemo.schema.column')}</th>
                  {detail && <th scope="col">{t('backendDemo.schema.type')}</th>}
                  {detail && <th scope="col">{t('backendDemo.schema.nullable')}</th>}
                </tr>
              </thead>
              <tbody>
                {table.columns.map((c) => (
                  <tr key={c.name}>
                    <th scope="row">
                      <code>{c.name}</code>
                      {detail && c.primaryKey && <span className="badge badge-accent pk-badge">{t('backendDemo.schema.primaryKey')}</span>}
                    </th>
                    {detail && (
                      <td>
                        <code>{c.type}</code>
                      </td>
                    )}
                    {detail && <td>{c.nullable ? t('backendDemo.schema.yes') : t('backendDemo.schema.no')}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ))}
      </div>
    </>
  );
}

export function BackendDemo(props: BackendDemoProps) {
  const t = useT();
  const [active, setActive] = useState('architecture');
  return (
    <section className="section page-top backend-demo content-page" aria-labelledby="page-title">
      <div className="container">
        <p className="eyebrow">{t('backendDemo.eyebrow')}</p>
        <h1 id="page-title">{t('backendDemo.title')}</h1>
        <p className="lead">{t('backendDemo.lead')}</p>
        {!props.detail && <p className="small muted">{t('backendDemo.publicNote')}</p>}
        <Tabs
          label={t('backendDemo.tabsLabel')}
          active={active}
          onChange={setActive}
          tabs={[
            { id: 'architecture', label: t('backendDemo.tabs.architecture'), panel: <Architecture {...props} /> },
            { id: 'api', label: t('backendDemo.tabs.api'), panel: <ApiEndpoints detail={props.detail} apiRoutes={props.apiRoutes} /> },
            { id: 'live', label: t('backendDemo.tabs.live'), panel: <LiveData active={active === 'live'} /> },
            { id: 'schema', label: t('backendDemo.tabs.schema'), panel: <DatabaseSchema detail={props.detail} tables={props.tables} databaseClient={props.databaseClient} /> },
          ]}
        />
      </div>
    </section>
  );
}
