// Sending health: GET /api/admin/mail-health (relative to /api/admin, behind the admin guard):
// the SPF, DKIM and DMARC records of MAIL_FROM's domain, each with what was found, whether it is
// right and what to add at the domain's host (models/site/mail-health.ts). A DNS server that
// does not answer is an `unknown` status in a 200, never an error.
import { Router } from 'express';
import type { Deps } from '../context';
import { mailHealth, type MailHealth } from '../../models/site/mail-health';

export function sendingHealth(deps: Deps): Promise<MailHealth> {
  const { mailFrom, smtpUrl, dkim, dnsServers } = deps.config;
  return mailHealth({ mailFrom, smtpUrl, dkim, dnsServers });
}

export function adminMailHealthApi(deps: Deps): Router {
  const router = Router();
  router.get('/mail-health', async (_req, res) => {
    res.json(await sendingHealth(deps));
  });
  return router;
}
