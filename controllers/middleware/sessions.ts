import session from 'express-session';
import type { RequestHandler } from 'express';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { Deps } from '../context';

export interface AdminSessions {
  /** express-session with its store: mounted on the admin area and on /backend-demo (no other public page reads it). */
  middleware: RequestHandler;
  /** The session cookie's name. */
  cookieName: string;
  /** Stops the store's cleanup timer. */
  close: () => void;
}

/** Admin sessions live in the database (the sessions table of the initial migration). */
export function adminSessions(deps: Pick<Deps, 'db' | 'config' | 'log'>, secret: string): AdminSessions {
  const { db, config, log } = deps;
  const sessionStore = new ConnectSessionKnexStore({
    knex: db,
    tableName: 'sessions',
    createTable: false,
    cleanupInterval: 15 * 60 * 1000,
    onDbCleanupError: (err) => log.warn({ err }, 'session cleanup failed'),
  });
  // __Host- cookies are only accepted over HTTPS, for this host and path /: not forgeable by subdomains.
  const cookieName = config.production ? '__Host-admin.sid' : 'admin.sid';
  const middleware = session({
    name: cookieName,
    secret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.production, path: '/', maxAge: 8 * 60 * 60 * 1000 },
  });
  return { middleware, cookieName, close: () => clearTimeout(sessionStore.nextDbCleanup) };
}
