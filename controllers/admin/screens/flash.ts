// The outcome of the last form post, kept in the session until a page shows it: read once per
// request, so the frame and the screen of one page see the same one.
import type { Request, Response } from 'express';
import type { AdminFlash } from '../../../views/admin/lib/flash';

export function takeFlash(req: Request, res: Response): AdminFlash | null {
  if (!('adminFlash' in res.locals)) {
    res.locals.adminFlash = req.session?.flash ?? null;
    if (req.session?.flash) delete req.session.flash;
  }
  return res.locals.adminFlash as AdminFlash | null;
}
