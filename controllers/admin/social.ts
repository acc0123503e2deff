import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../context';
import { parseInput } from '../middleware/errors';
import { notFound } from '../../models/shared/errors';
import { findLiveProjectById } from '../../models/content/project';
import { localized, type Lang } from '../../models/shared/rules';
import { PLATFORM_LABELS, PLATFORMS, type Platform, type SocialItem } from '../../models/shared/social';
import { pageUrl } from '../../models/shared/urls';
import { markdownToText } from '../../models/content/markup';
import { articleSummary, findLiveNewsById } from '../../models/content/news';
import { recordAudit } from '../../models/people/audit';
import type { AdminIdentity } from '../middleware/auth';
import { MAX_DB_ID } from '../../models/shared/db-limits';

const PLATFORM_ALIASES: Record<string, Platform> = {
  facebook: 'facebook',
  instagram: 'instagram',
  linkedin: 'linkedin',
  twitter: 'twitter',
  x: 'twitter',
  'twitter/x': 'twitter',
};

const MISSING = 'Please select content and at least one platform';

const platformSchema = z
  .string()
  .transform((s) => PLATFORM_ALIASES[s.trim().toLowerCase()])
  .refine((p): p is Platform => p !== undefined, { message: `Unknown platform: use ${PLATFORMS.join(', ')}` });

/** The browser sends contentType, content (id, title, ...) and platforms; only the content's id is trusted. */
const SocialInputSchema = z.object({
  contentType: z.enum(['project', 'news'], { error: 'contentType must be project or news' }),
  content: z.object({ id: z.coerce.number({ error: MISSING }).int().positive(MISSING).max(MAX_DB_ID, 'This item does not exist') }, { error: MISSING }).passthrough(),
  platforms: z.array(platformSchema, { error: MISSING }).min(1, MISSING).max(PLATFORMS.length),
  language: z.enum(['en', 'de']).default('en'),
});

async function loadItem(deps: Deps, type: 'project' | 'news', id: number, lang: Lang): Promise<SocialItem> {
  const base = deps.config.publicUrl;
  if (type === 'project') {
    // Only what visitors can open: a post must not link to a draft, a scheduled or a trashed item.
    const p = await findLiveProjectById(deps.db, id);
    if (!p) throw notFound('Project not found');
    return {
      type,
      title: localized(lang, p.title, p.titleDe),
      summary: markdownToText(localized(lang, p.description, p.descriptionDe)),
      url: pageUrl(base, 'projectDetail', lang, { slug: p.slug }),
    };
  }
  const a = await findLiveNewsById(deps.db, id);
  if (!a) throw notFound('Article not found');
  return { type, title: localized(lang, a.title, a.titleDe), summary: articleSummary(a, lang), url: pageUrl(base, 'newsDetail', lang, { slug: a.slug }) };
}

/** Social-media post drafts for a project or an article, mounted at /api/admin/social-media behind the admin guard. */
export function adminSocialApi(deps: Deps): Router {
  const router = Router();
  router.post('/generate', async (req, res) => {
    const input = parseInput(SocialInputSchema, req.body ?? {});
    const platforms = [...new Set(input.platforms)] as Platform[];
    const item = await loadItem(deps, input.contentType, input.content.id, input.language);
    const content = await deps.assistant.socialPosts({ language: input.language, orgName: deps.config.site.name, item, platforms });
    await recordAudit(deps.db, {
      actor: (res.locals.admin as AdminIdentity).id,
      actorName: (res.locals.admin as AdminIdentity).name,
      action: 'generate',
      entity: 'social',
      entityId: input.content.id,
      summary: `${item.title} (${platforms.map((p) => PLATFORM_LABELS[p]).join(', ')})`,
      details: { name: item.title, platforms: platforms.map((p) => PLATFORM_LABELS[p]) },
    });
    res.json({ content, source: deps.assistant.kind === 'openai' ? 'ai' : 'templates', language: input.language });
  });
  return router;
}
