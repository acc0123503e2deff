// News to a project's donors. A donor who ticks "tell me how it goes" on the
// checkout follows the project once the gift is confirmed (followProject: true). When an article
// linked to the project goes live (saved live, or its scheduled time passed), the minute check
// hands it to the project's followers once (project_news_runs, whichever instance sees it
// first) through a durable job, which mails each follower once (project_news_sends, claimed in
// the transaction that queues the mail), in the follower's language, with a one-click
// unsubscribe link (also as List-Unsubscribe headers, RFC 8058).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { i18n as I18n } from 'i18next';
import type { JobContext, JobQueue } from '../providers/jobs';
import type { MailProvider } from '../providers/mail';
import type { RenderProjectNewsMail } from '../shared/mails';
import { listLiveNews } from '../content/news';
import { NOT_SUPPRESSED_SQL } from '../people/mail-suppression';
import { localized, type Lang } from '../shared/rules';
import { tFor } from '../shared/text';
import { pageUrl, localUrl } from '../shared/urls';
import { decorateLinks, projectNewsEdition } from '../shared/campaign-links';

export const PROJECT_NEWS_TASK = 'project-news';

/** The address of a follower's unsubscribe page (in every language under /project-updates). */
export const PROJECT_UPDATES_PATH = '/project-updates/unsubscribe';

/** Follows a project, inside the transaction that records the confirmed gift; a new gift renews a stopped follow. */
export async function followProject(trx: Knex.Transaction, projectId: number, email: string, language: string | null): Promise<void> {
  const lang = language === 'de' ? 'de' : 'en';
  await trx('project_followers')
    .insert({ projectId, email, lang, unsubscribeToken: crypto.randomBytes(24).toString('base64url') })
    .onConflict(['projectId', 'email'])
    .merge({ lang, unsubscribedAt: null });
}

/**
 * Hands each article that went live, is linked to a project and was not handed out yet to that
 * project's followers: one run row per article (the first instance to write it queues the job).
 * Called by the minute check (PUBLISH_SWEEP_TASK) after it announced what became public.
 */
export async function queueProjectNews(deps: { db: Knex; jobs: Pick<JobQueue, 'add'> }): Promise<number[]> {
  const done = new Set(((await deps.db('project_news_runs').select('articleId')) as { articleId: number }[]).map((r) => Number(r.articleId)));
  const fresh = (await listLiveNews(deps.db)).filter((a) => a.projectId !== null && !done.has(a.id));
  const queued: number[] = [];
  for (const article of fresh) {
    await deps.db.transaction(async (trx) => {
      // The rows inserted, none when another run has it already.
      const claimed = (await trx('project_news_runs').insert({ articleId: article.id }).onConflict('articleId').ignore().returning('articleId')) as unknown[];
      if (claimed.length === 0) return;
      const followers = await trx('project_followers').where({ projectId: article.projectId }).whereNull('unsubscribedAt').count({ n: '*' }).first();
      if (Number((followers as { n: unknown } | undefined)?.n ?? 0) === 0) return;
      await deps.jobs.add(PROJECT_NEWS_TASK, { articleId: article.id }, { key: `project-news-${article.id}`, trx });
      queued.push(article.id);
    });
  }
  return queued;
}

export interface ProjectNewsDeps {
  db: Knex;
  mail: MailProvider;
  i18n: Record<Lang, I18n>;
  config: { publicUrl: string; site: { name: string } };
  log: Logger;
  renderMail: RenderProjectNewsMail;
}

/** PROJECT_NEWS_TASK { articleId }: the article to each active follower of its project, once each. */
export async function sendProjectNews(deps: ProjectNewsDeps, payload: unknown, ctx?: Pick<JobContext, 'log'>): Promise<number> {
  const log = ctx?.log ?? deps.log;
  const articleId = Number((payload as { articleId?: unknown } | null)?.articleId);
  if (!Number.isSafeInteger(articleId) || articleId <= 0) {
    log.error({ payload }, 'project news job without a valid articleId');
    return 0;
  }
  const article = (await listLiveNews(deps.db)).find((a) => a.id === articleId);
  if (!article || article.projectId === null) {
    log.info({ articleId }, 'project news: the article is no longer public; nothing sent');
    return 0;
  }
  const project = (await deps.db('projects').where({ id: article.projectId }).first('title', 'titleDe')) as { title: string; titleDe: string | null } | undefined;
  if (!project) return 0;
  // Not to an address that bounced for good or complained (models/people/mail-suppression.ts).
  const followers = (await deps.db('project_followers').where({ projectId: article.projectId }).whereNull('unsubscribedAt').whereRaw(NOT_SUPPRESSED_SQL('email')).orderBy('id').select('id', 'email', 'lang', 'unsubscribeToken')) as {
    id: number;
    email: string;
    lang: string;
    unsubscribeToken: string;
  }[];
  // The article's links name it as the edition (not the unsubscribe link: it carries a token).
  const links = { publicUrl: deps.config.publicUrl, edition: projectNewsEdition(article.slug) };
  let sent = 0;
  for (const follower of followers) {
    await deps.db.transaction(async (trx) => {
      const claimed = (await trx('project_news_sends').insert({ followerId: follower.id, articleId }).onConflict(['followerId', 'articleId']).ignore().returning('followerId')) as unknown[];
      if (claimed.length === 0) return;
      const lang: Lang = follower.lang === 'de' ? 'de' : 'en';
      const t = tFor(deps.i18n, lang);
      const unsubscribeUrl = localUrl(deps.config.publicUrl, PROJECT_UPDATES_PATH, lang, { token: follower.unsubscribeToken });
      const mail = deps.renderMail({
        lang,
        t,
        org: deps.config.site.name,
        project: localized(lang, project.title, project.titleDe),
        title: localized(lang, article.title, article.titleDe),
        summary: localized(lang, article.abstract ?? '', article.abstractDe),
        url: pageUrl(deps.config.publicUrl, 'newsDetail', lang, { slug: article.slug }),
        unsubscribeUrl,
      });
      await deps.mail.send(
        {
          to: follower.email,
          subject: mail.subject,
          text: decorateLinks(mail.text, 'text', links),
          html: decorateLinks(mail.html, 'html', links),
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
        { trx },
      );
      sent += 1;
    });
  }
  log.info({ articleId, sent }, 'project news mailed to its followers');
  return sent;
}

/** The follower of an unsubscribe link, or null for an unknown token. */
export async function followerByToken(db: Knex, token: string): Promise<{ id: number; email: string; projectId: number; unsubscribedAt: unknown } | null> {
  if (!token || token.length > 64) return null;
  return ((await db('project_followers').where({ unsubscribeToken: token }).first('id', 'email', 'projectId', 'unsubscribedAt')) as never) ?? null;
}

/** Stops the updates of one project for one address; the follower, or null for an unknown token. */
export async function stopFollowing(db: Knex, token: string): Promise<{ email: string; projectId: number } | null> {
  const follower = await followerByToken(db, token);
  if (!follower) return null;
  await db('project_followers').where({ id: follower.id }).whereNull('unsubscribedAt').update({ unsubscribedAt: new Date().toISOString() });
  return { email: follower.email, projectId: follower.projectId };
}
