// The admin area's routes: sign-in and session, content CRUD, the activity log, and the guard of
// the /admin page (mounted in app.ts before the page router).
import { Router } from 'express';
import type { Deps } from '../context';
import { requireAdmin, requireAdminPage } from '../middleware/auth';
import { listAudit } from '../../models/audit';
import { sessionRoutes } from './session';
import { contentRoutes } from './content';

export { adminPage } from './page';
export { loginPage } from './session';

export function adminRouter(deps: Deps, options: { cookieName: string }): Router {
  const router = Router();
  router.use(sessionRoutes(deps, options.cookieName));
  router.use(contentRoutes(deps));

  // The activity panel: who changed what, when (newest first).
  router.get('/api/admin/audit', requireAdmin(deps), async (req, res) => {
    const limit = Math.max(1, Math.min(200, Number(req.query.limit) || 50));
    const entity = typeof req.query.entity === 'string' ? req.query.entity.slice(0, 40) : undefined;
    res.set('Cache-Control', 'no-store');
    res.json(await listAudit(deps.db, { limit, entity }));
  });

  // /admin itself: without a session, back to the login page (the loader checks again).
  router.get(['/admin', '/de/admin'], requireAdminPage());
  return router;
}
