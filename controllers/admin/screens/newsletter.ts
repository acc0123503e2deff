// The Newsletter screen: what a newsletter can hold (the public articles and projects, as the
// public API lists them), the services behind the builder, the newest sends and the subscribers
// without a filter: the same functions the newsletter API answers with.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { AdminIdentity } from '../../middleware/auth';
import type { NewsletterScreenProps } from '../../../views/admin/screens';
import { listLiveNews, toSummary } from '../../../models/content/news';
import { listLiveProjects } from '../../../models/content/project';
import { newsletterStatus, recentCampaigns } from '../newsletter';
import { subscriberList } from '../subscribers';
import { sendingHealth } from '../mail-health';

export async function newsletter(req: Request, res: Response, deps: Deps): Promise<NewsletterScreenProps> {
  const [news, projects, status, campaigns, subscribers, health] = await Promise.all([
    listLiveNews(deps.db),
    listLiveProjects(deps.db),
    newsletterStatus(deps, res.locals.admin as AdminIdentity),
    recentCampaigns(deps),
    subscriberList(deps),
    // ?sending=check: the Sending health panel's check without JavaScript (it asks DNS, so only on request).
    req.query.sending === 'check' ? sendingHealth(deps) : null,
  ]);
  return { news: news.map(toSummary), projects, status, campaigns, subscribers, sendingHealth: health };
}
