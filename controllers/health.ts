import { Router, type Express, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { databaseAnswers, schemaCurrent } from '../models/site/readiness';
import { noStore } from './middleware/cache-control';

/**
 * Liveness and readiness for a process manager and a load balancer.
 *
 * /healthz says only that the process answers: no database call, so a slow database never gets
 * a healthy process restarted. /readyz says whether this instance should get traffic: the
 * database answers within READY_TIMEOUT_MS, every migration this code knows has run, and the
 * process is not shutting down.
 */
export const READY_TIMEOUT_MS = 2_000;

/** After SIGTERM: /readyz answers 503 so the load balancer stops sending new requests. */
export function markDraining(app: Express): void {
  app.locals.draining = true;
}

type Check = 'ok' | 'timeout' | 'unreachable' | 'pending' | 'unknown';

/** Resolves to 'timeout' when the promise has not settled in time (the query itself keeps going). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function healthRouter(db: Knex, log: Logger): Router {
  const router = Router();
  // Once every known migration has run it stays so for this code: no need to ask again.
  let migrationsDone = false;

  const send = (res: Response, status: number, body: object) => {
    res.status(status).json(body);
  };

  // A probe wants the state now, never a stored answer.
  router.get('/healthz', noStore, (_req, res) => send(res, 200, { status: 'ok' }));

  router.get('/readyz', noStore, async (req: Request, res) => {
    if (req.app.locals.draining) {
      send(res, 503, { status: 'unavailable', checks: { shutdown: 'in progress' } });
      return;
    }
    let database: Check = 'ok';
    let migrations: Check = migrationsDone ? 'ok' : 'unknown';
    const deadline = Date.now() + READY_TIMEOUT_MS;
    try {
      const answered = await within(databaseAnswers(db), READY_TIMEOUT_MS);
      if (answered === 'timeout') database = 'timeout';
    } catch (err) {
      database = 'unreachable';
      log.warn({ err }, 'readiness: the database does not answer');
    }
    if (database === 'ok' && !migrationsDone) {
      try {
        const current = await within(schemaCurrent(db), Math.max(deadline - Date.now(), 1));
        if (current === 'timeout') database = 'timeout';
        else if (current) migrations = 'ok';
        else migrations = 'pending';
        migrationsDone = current === true;
      } catch (err) {
        log.warn({ err }, 'readiness: cannot list the migrations');
      }
    }
    const ready = database === 'ok' && migrations === 'ok';
    send(res, ready ? 200 : 503, { status: ready ? 'ok' : 'unavailable', checks: { database, migrations } });
  });

  return router;
}
