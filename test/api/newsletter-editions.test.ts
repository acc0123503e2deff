// What each newsletter brought: a local newsletter sent through the outbox and a project's news
// mailed to a follower carry their edition in every link to the site (not in the unsubscribe
// link, nor in List-Unsubscribe); a visit through one of those links and gifts whose source names
// the edition (fake Stripe API, real SDK, the confirmed payment's webhook) show on the dashboard's
// per-edition table (GET /api/admin/dashboard), in German on the /de/admin page. SQLite and PostgreSQL.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { appWithFakeStripe } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { rollUpVisits } from '../../models/site/visits';
import { sendProjectNews } from '../../models/giving/project-news';
import { projectNewsMail } from '../../views/mails/project-news';
import { formatAmount } from '../../models/shared/donation-rules';
import type { EditionRow } from '../../models/site/editions';

const KEY = 'demo-admin-key-change-me';
const ADMIN = { 'X-Admin-Key': KEY };
const SITE = 'https://charity.example';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let stripe: Awaited<ReturnType<typeof appWithFakeStripe>>;
let h: AppHandle;
before(async () => {
  stripe = await appWithFakeStripe({ PUBLIC_URL: SITE }, {});
  h = stripe.h;
});
after(async () => {
  await stripe?.close();
});

const editions = async (lang = 'en') => (await request(h.app).get(`/api/admin/dashboard?lang=${lang}`).set(ADMIN).expect(200)).body.data.editions as EditionRow[];
const germanDashboard = async () => {
  const agent = request.agent(h.app);
  await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEY }).expect(303);
  return (await agent.get('/de/admin').set('Accept', 'text/html').expect(200)).text;
};
/** The links of a mail to the site: the URLs of its text, the hrefs of its HTML. */
const textLinks = (text: string) => [...text.matchAll(/https?:\/\/charity\.example[^\s)]*/g)].map((m) => m[0]);
const htmlLinks = (html: string) => [...html.matchAll(/href="(https?:\/\/charity\.example[^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

test('an edition in every link, counted per edition on the dashboard: mails, visits, gifts', async () => {
  // Nothing sent yet: the table says so, in German.
  assert.deepEqual(await editions(), []);
  assert.match(await germanDashboard(), /Es wurde noch kein Newsletter und keine Projekt-Neuigkeit versandt/);

  // A confirmed subscriber, as a person does it.
  const email = 'reader@example.org';
  await request(h.app).post('/api/newsletter/subscribe').send({ email, language: 'en' }).expect(200);
  const confirm = new URL(/https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec((await outboxFor(h.deps.db, email))[0]!.textBody)![0]);
  await request(h.app).post(confirm.pathname).set('Origin', SITE).type('form').send({ token: confirm.searchParams.get('token') }).expect(200);

  // The newsletter: created, sent, through the outbox.
  const generated = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Light in the villages', language: 'en', selectedNews: [1], selectedProjects: [1] }).expect(200);
  const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData).expect(201);
  const id = Number(created.body.campaignId);
  await request(h.app).post(`/api/admin/newsletter/send/${id}`).set(ADMIN).expect(202);
  await h.deps.jobs.idle();
  const [mail] = await outboxFor(h.deps.db, email);
  assert.equal(mail!.subject, 'Light in the villages');
  const edition = `newsletter-${id}`;
  const tag = `utm_source=newsletter&utm_campaign=${edition}`;
  for (const [part, links] of [
    ['text', textLinks(mail!.textBody)],
    ['html', htmlLinks(mail!.htmlBody ?? '')],
  ] as const) {
    const unsubscribe = links.filter((l) => l.includes('/newsletter/unsubscribe'));
    const others = links.filter((l) => !l.includes('/newsletter/unsubscribe'));
    assert.equal(unsubscribe.length, 1, `${part}: the unsubscribe link`);
    assert.doesNotMatch(unsubscribe[0]!, /utm_/, `${part}: no campaign on the unsubscribe link`);
    // The news article, the project, its donation link (whose own query stays) and, in HTML, the home page.
    assert.ok(others.length >= 3, `${part}: ${links.join(' ')}`);
    for (const link of others) assert.ok(link.endsWith(tag) || link.includes(`${tag}#`), `${part}: ${link}`);
    assert.ok(others.some((l) => /\/checkout\?project=[\w-]+&utm_source=newsletter/.test(l)), `${part}: the donation link keeps its project`);
  }
  const headers = JSON.parse((await h.deps.db('outbox').where({ id: mail!.id }).first('headers')).headers) as Record<string, string>;
  assert.doesNotMatch(headers['List-Unsubscribe']!, /utm_/);

  // A visit through the mail's news link, twice (one person, one page view each).
  const newsLink = new URL(textLinks(mail!.textBody).find((l) => l.includes('/news/'))!);
  for (let i = 0; i < 2; i++) await request(h.app).get(newsLink.pathname + newsLink.search).set('User-Agent', PHONE).expect(200);
  await h.deps.visits.flush();
  await rollUpVisits(h.deps.db);

  // Gifts: one after reading the article (the checkout sends the article's address with its query),
  // one through the mail's donation link, in CHF; one from another campaign and one from no campaign.
  const donateLink = new URL(textLinks(mail!.textBody).find((l) => l.includes('/checkout'))!);
  await stripe.give({ amount: 40, currency: 'usd', source: newsLink.pathname + newsLink.search });
  await stripe.give({ amount: 25, currency: 'chf', source: donateLink.pathname + donateLink.search });
  await stripe.give({ amount: 99, currency: 'usd', source: `${newsLink.pathname}?utm_source=newsletter&utm_campaign=${edition}0` });
  await stripe.give({ amount: 7, currency: 'usd', source: newsLink.pathname });
  assert.equal((await h.deps.db('donations').whereNotNull('appliedAt').where('source', 'like', `%${tag}`)).length, 2);

  // Project news: an article of the project to its follower, its link naming the article.
  const projectId = Number((await h.deps.db('projects').where({ draft: false }).whereNull('deletedAt').orderBy('id').first('id')).id);
  await h.deps.db('project_followers').insert({ projectId, email: 'follower@example.org', lang: 'en', unsubscribeToken: 'follower-token-0123456789' });
  const article = (
    await request(h.app)
      .post('/api/admin/news')
      .set(ADMIN)
      .send({ title: 'The well is dug', titleDe: 'Der Brunnen ist gegraben', abstract: 'Water.', abstractDe: 'Wasser.', content: 'Text.', contentDe: 'Text.', imageUrl: '/images/projects/hospital-essential-medicines.svg', projectId })
      .expect(201)
  ).body as { id: number; slug: string };
  await sendProjectNews({ db: h.deps.db, mail: h.deps.mail, i18n: h.deps.i18n, config: h.deps.config, log: h.deps.log, renderMail: projectNewsMail }, { articleId: article.id });
  const [news] = await outboxFor(h.deps.db, 'follower@example.org');
  const newsTag = `utm_source=newsletter&utm_campaign=news-${article.slug}`;
  for (const links of [textLinks(news!.textBody), htmlLinks(news!.htmlBody ?? '')]) {
    assert.deepEqual(links.filter((l) => !l.includes('/unsubscribe')), [`${SITE}/news/${article.slug}?${newsTag}`]);
    assert.ok(links.some((l) => l.includes('/project-updates/unsubscribe?token=') && !l.includes('utm_')), links.join(' '));
  }
  await request(h.app).get(`/news/${article.slug}?${newsTag}`).set('User-Agent', PHONE).expect(200);
  await h.deps.visits.flush();
  await rollUpVisits(h.deps.db);
  // The newsletter went out a day earlier: the project news is the newest edition.
  await h.deps.db('newsletter_campaigns').where({ id }).update({ sentAt: new Date(Date.now() - 86_400_000) });

  const rows = await editions();
  assert.deepEqual(
    rows.map(({ day: _day, ...r }) => r),
    [
      { edition: `news-${article.slug}`, kind: 'project-news', provider: 'local', title: 'The well is dug', language: null, mailsSent: 1, visits: 1, gifts: 0, amounts: [] },
      {
        edition,
        kind: 'newsletter',
        provider: 'local',
        title: 'Light in the villages',
        language: 'en',
        mailsSent: 1,
        visits: 2,
        gifts: 2,
        amounts: [
          { currency: 'chf', cents: 2500 },
          { currency: 'usd', cents: 4000 },
        ],
      },
    ],
  );
  assert.ok(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day)));
  assert.equal((await editions('de'))[0]!.title, 'Der Brunnen ist gegraben');

  // The German dashboard: the table in German, amounts as the dashboard writes them.
  const html = await germanDashboard();
  assert.match(html, /<h3 id="dash-editions-title">Was jeder Newsletter gebracht hat<\/h3>/);
  assert.match(html, /ohne Cookies, ohne Zählpixel/);
  assert.match(html, /<caption>Besuche und Spenden pro Newsletter-Ausgabe<\/caption>/);
  assert.match(html, /Versandte E-Mails/);
  assert.match(html, /Der Brunnen ist gegraben(?:<!-- -->)? <span class="dash-sub">Projekt-Neuigkeit an die Spenderinnen und Spender des Projekts<\/span>/);
  assert.ok(html.includes(`${formatAmount(2500, 'chf', 'de')} · ${formatAmount(4000, 'usd', 'de')}`), 'the amounts per currency');
});
