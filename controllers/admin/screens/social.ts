// The Social Media screen: what a post can be about (the public projects and articles, as the
// public API lists them) and who writes the posts.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { SocialScreenProps } from '../../../views/admin/screens';
import { listLiveNews, toSummary } from '../../../models/content/news';
import { listLiveProjects } from '../../../models/content/project';

export async function social(_req: Request, _res: Response, deps: Deps): Promise<SocialScreenProps> {
  const [projects, news] = await Promise.all([listLiveProjects(deps.db), listLiveNews(deps.db)]);
  return { projects, news: news.map(toSummary), assistant: deps.assistant.kind };
}
