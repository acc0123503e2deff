// The admin newsletter builder API: validation, the generated e-mail, suggestions (templates and
// the real openai SDK against the fake), campaigns and a local send that can be resumed.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { ON_POSTGRES, testApp, until } from '../helpers';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp';
import type { AppHandle } from '../../app';
import { outboxFor } from '../../models/providers/mail';
import { createAssistant } from '../../models/providers/assistant';
import { findSubscriberByEmail, hashToken, newToken } from '../../models/newsletter/subscriber';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import { liftSuppression, listSuppressions } from '../../models/people/mail-suppression';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const PUBLIC_URL = 'https://charity.example';

/** Adds a subscriber in a given state straight into the table. */
async function addSubscriber(h: AppHandle, email: string, status: 'subscribed' | 'pending' | 'unsubscribed', language: 'en' | 'de' = 'en'): Promise<number> {
  const [row] = await h.deps.db('newsletter_subscribers').insert(
    { email, status, language, unsubscribeToken: newToken(), consentAt: new Date(), consentForm: 'footer', consentSource: 'double-opt-in', confirmTokenHash: hashToken(newToken()) },
    ['id'],
  );
  return typeof row === 'object' ? row.id : Number(row);
}

async function newsletterFor(h: AppHandle, body: object): Promise<{ sectionsCount: number; newsletterData: any }> {
  const res = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send(body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

describe('without OpenAI, local mailing list', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ PUBLIC_URL });
  });
  after(async () => {
    await h.close();
  });

  test('every builder endpoint needs an admin credential', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/newsletter/status'],
      ['post', '/api/admin/newsletter/suggest'],
      ['post', '/api/admin/newsletter/generate'],
      ['post', '/api/admin/newsletter/create-campaign'],
      ['post', '/api/admin/newsletter/send/1'],
      ['get', '/api/admin/newsletter/campaigns/1/preview'],
      ['post', '/api/admin/social-media/generate'],
    ] as const) {
      const res = await request(h.app)[method](path).send({});
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.ok(res.body.error);
      const wrong = await request(h.app)[method](path).set('X-Admin-Key', 'wrong').send({});
      assert.equal(wrong.status, 401);
    }
  });

  test('status names the services', async () => {
    const res = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
    assert.deepEqual(res.body, { mailing: 'local', assistant: 'templates', audience: { en: 0, de: 0 }, testAddress: null });
  });

  test('validation: a non-blank subject and at least one item', async () => {
    const noSubject = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: '  ', selectedNews: [1] });
    assert.equal(noSubject.status, 400);
    assert.match(noSubject.body.error, /Please provide a subject line for your newsletter/);
    const noContent = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hello', selectedNews: [], selectedProjects: [] });
    assert.equal(noContent.status, 400);
    assert.match(noContent.body.error, /Please select at least one news article or project/);
    const unknown = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hello', selectedNews: [9999] });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error, /no longer exist/);
    const junk = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hello', selectedNews: 'all' });
    assert.equal(junk.status, 400);
    const noSuggest = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [], selectedProjects: [] });
    assert.equal(noSuggest.status, 400);
    assert.match(noSuggest.body.error, /Please select at least one news article or project/);
  });

  test('the generated e-mail works in mail clients and is in the chosen language', async () => {
    const { sectionsCount, newsletterData } = await newsletterFor(h, {
      subject: 'News <from> Mwenezi',
      previewText: 'Light & harvest',
      language: 'en',
      selectedNews: [1, 2],
      selectedProjects: [1],
    });
    assert.equal(sectionsCount, 3);
    const html: string = newsletterData.html;
    assert.match(html, /^<!DOCTYPE html>/);
    assert.match(html, /<html lang="en"/);
    assert.match(html, /<table role="presentation"/);
    assert.doesNotMatch(html, /<style|<script|class="/, 'inline styles only, no scripts');
    assert.match(html, /News &lt;from&gt; Mwenezi/, 'subject is escaped');
    assert.match(html, /Light &amp; harvest/);
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      assert.ok(/^(https:\/\/charity\.example\/|mailto:|%%UNSUBSCRIBE_URL%%)/.test(src[1]!), `absolute URL: ${src[1]}`);
    }
    assert.match(html, /src="https:\/\/charity\.example\/newsletter\/images\/[^"]+\.png"/, 'SVG images become PNG');
    assert.match(html, /%%UNSUBSCRIBE_URL%%/);
    assert.match(html, /Unsubscribe/);
    assert.match(html, /Support this project/);
    const text: string = newsletterData.text;
    assert.match(text, /Read more: https:\/\/charity\.example\/news\//);
    assert.match(text, /Unsubscribe: %%UNSUBSCRIBE_URL%%/);
    assert.deepEqual(newsletterData.newsIds, [1, 2]);
    assert.deepEqual(newsletterData.projectIds, [1]);

    const de = await newsletterFor(h, { subject: 'Neues', previewText: '', language: 'de', selectedNews: [1], selectedProjects: [] });
    assert.match(de.newsletterData.html, /<html lang="de"/);
    assert.match(de.newsletterData.html, /Abmelden/);
    assert.match(de.newsletterData.html, /https:\/\/charity\.example\/de\/news\//);
    assert.doesNotMatch(de.newsletterData.html, /Read more|Unsubscribe/);
  });

  test('template suggestions (labelled as templates) in the requested language', async () => {
    const en = await request(h.app)
      .post('/api/admin/newsletter/suggest')
      .set(ADMIN)
      .send({ selectedNews: [{ id: 1, title: 'ignored' }], selectedProjects: [{ id: 1 }], language: 'en' })
      .expect(200);
    assert.equal(en.body.source, 'templates');
    assert.match(en.body.suggestedSubject, /and 1 more update$/);
    assert.match(en.body.suggestedPreview, /^In this issue: /);
    assert.match(en.body.explanation, /Template suggestion/);
    assert.ok(en.body.suggestedSubject.length <= 150);
    const de = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [1], language: 'de' }).expect(200);
    assert.match(de.body.suggestedSubject, /^Neues aus Mwenezi: /);
    assert.match(de.body.explanation, /Vorlage/);
  });

  test('create-campaign rebuilds the mail on the server; send delivers once to confirmed subscribers of that language', async () => {
    await addSubscriber(h, 'en1@example.org', 'subscribed', 'en');
    await addSubscriber(h, 'en2@example.org', 'subscribed', 'en');
    await addSubscriber(h, 'de1@example.org', 'subscribed', 'de');
    await addSubscriber(h, 'pending@example.org', 'pending', 'en');
    await addSubscriber(h, 'gone@example.org', 'unsubscribed', 'en');

    const { newsletterData } = await newsletterFor(h, { subject: 'Spring update', previewText: 'p', language: 'en', selectedNews: [1], selectedProjects: [] });
    const tampered = { ...newsletterData, html: '<p>evil</p><script>alert(1)</script>', text: 'evil' };
    const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send({ newsletterData: tampered });
    assert.equal(created.status, 201);
    assert.match(created.body.campaignId, /^\d+$/);
    assert.equal(created.body.editUrl, `${PUBLIC_URL}/api/admin/newsletter/campaigns/${created.body.campaignId}/preview`);
    const stored = await h.deps.db('newsletter_campaigns').where({ id: Number(created.body.campaignId) }).first();
    assert.doesNotMatch(stored.html, /evil|<script/);
    assert.match(stored.html, /Spring update/);

    const preview = await request(h.app).get(`/api/admin/newsletter/campaigns/${created.body.campaignId}/preview`).set(ADMIN).expect(200);
    assert.match(preview.text, /Spring update/);

    const sent = await request(h.app).post(`/api/admin/newsletter/send/${created.body.campaignId}`).set(ADMIN);
    // The send runs in the background: 202 with its progress at once, the mails follow.
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    assert.equal(sent.body.status, 'sending');
    assert.equal(sent.body.progress.total, 2);
    await h.deps.jobs.idle();
    const progress = await request(h.app).get(`/api/admin/newsletter/campaigns/${created.body.campaignId}/progress`).set(ADMIN).expect(200);
    assert.deepEqual(
      { status: progress.body.status, total: progress.body.total, sent: progress.body.sent, failed: progress.body.failed, remaining: progress.body.remaining },
      { status: 'sent', total: 2, sent: 2, failed: 0, remaining: 0 },
    );
    for (const to of ['en1@example.org', 'en2@example.org']) {
      const mails = await outboxFor(h.deps.db, to);
      assert.equal(mails.length, 1, to);
      assert.equal(mails[0]!.subject, 'Spring update');
      const { unsubscribeToken } = (await findSubscriberByEmail(h.deps.db, to))!;
      assert.ok(mails[0]!.textBody.includes(`${PUBLIC_URL}/newsletter/unsubscribe?token=${unsubscribeToken}`), 'own unsubscribe link');
    }
    for (const to of ['de1@example.org', 'pending@example.org', 'gone@example.org']) {
      assert.equal((await outboxFor(h.deps.db, to)).length, 0, `${to} gets nothing`);
    }
    const deliveries = await h.deps.db('newsletter_deliveries').where({ campaignId: Number(created.body.campaignId) });
    assert.equal(deliveries.length, 2);
    assert.ok(deliveries.every((d: { status: string }) => d.status === 'sent'));

    // Both steps are in the Activity panel's audit log.
    const audit = await h.deps.db('audit_log').whereIn('entity', ['campaign', 'newsletter']).orderBy('id');
    assert.deepEqual(
      audit.map((a: { action: string; entity: string; summary: string }) => `${a.action} ${a.entity} ${a.summary}`),
      ['create campaign Spring update', 'send newsletter Spring update (2)'],
    );

    const again = await request(h.app).post(`/api/admin/newsletter/send/${created.body.campaignId}`).set(ADMIN);
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'newsletter.already_sent');
    assert.equal((await outboxFor(h.deps.db, 'en1@example.org')).length, 1);

    assert.equal((await request(h.app).post('/api/admin/newsletter/send/424242').set(ADMIN)).status, 404);
    assert.equal((await request(h.app).post('/api/admin/newsletter/send/bad%20id').set(ADMIN)).status, 400);
    const status = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
    assert.deepEqual(status.body.audience, { en: 2, de: 1 });
  });

});

describe('a local send through a real SMTP server (the fake)', () => {
  let h: AppHandle;
  let smtp: FakeSmtp;
  before(async () => {
    smtp = await startFakeSmtp();
    h = await testApp({ PUBLIC_URL, SMTP_URL: smtp.url });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  test('refused, deferred and interrupted mails: retried once possible, nobody gets a second copy', async () => {
    const emails = ['r1@example.de', 'r2@example.de', 'r3@example.de', 'r4@example.de', 'r5@example.de'];
    const ids: number[] = [];
    for (const e of emails) ids.push(await addSubscriber(h, e, 'subscribed', 'de'));
    smtp.refuse.add('r2@example.de'); // 550: refused for good, until the admin retries
    smtp.defer.add('r3@example.de'); // 451: the job tries again by itself
    const { newsletterData } = await newsletterFor(h, { subject: 'Herbstbrief', previewText: '', language: 'de', selectedNews: [], selectedProjects: [2] });
    const { body: created } = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(newsletterData).expect(201);
    const campaignId = Number(created.campaignId);
    // r4: a mail that may have left just before a crash (claimed long ago, never marked sent).
    await h.deps.db('newsletter_deliveries').insert({ campaignId, subscriberId: ids[3], status: 'sending', claimedBy: 'dead', claimedAt: new Date(Date.now() - 3600_000) });

    const started = await request(h.app).post(`/api/admin/newsletter/send/${campaignId}`).set(ADMIN);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    // A second click while it runs changes nothing.
    assert.equal((await request(h.app).post(`/api/admin/newsletter/send/${campaignId}`).set(ADMIN)).status, 202);

    const progress = async () => (await request(h.app).get(`/api/admin/newsletter/campaigns/${campaignId}/progress`).set(ADMIN).expect(200)).body;
    await until(async () => smtp.to('r1@example.de').length === 1 && smtp.to('r5@example.de').length === 1, 'the first mails');
    // The deferred address succeeds once the server accepts it again (the job's backoff).
    smtp.defer.delete('r3@example.de');
    await until(async () => (await progress()).status === 'sent', 'the send to finish', 30_000);
    const p = await progress();
    assert.equal(p.status, 'sent');
    assert.deepEqual({ total: p.total, sent: p.sent, failed: p.failed, unknown: p.unknown }, { total: 5, sent: 3, failed: 1, unknown: 1 });
    assert.match(p.errors[0], /Mailbox unavailable/);

    // Every mail carries the one-click unsubscribe headers.
    const [first] = smtp.to('r1@example.de');
    assert.equal(first!.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    assert.match(first!.headers['list-unsubscribe']!, /^<https:\/\/charity\.example\/de\/newsletter\/unsubscribe\?token=[\w-]+>$/);

    // The relay's refusal of r2 is a hard bounce: the address is suppressed (no newsletter goes
    // there again), the others are not.
    assert.deepEqual((await listSuppressions(h.deps.db)).items.map((x) => [x.address, x.reason, x.source]), [['r2@example.de', 'hard_bounce', 'smtp']]);
    // The admin retries the refused one once the address is fixed at the other end: a retry alone
    // skips a suppressed address; lifted, it is sent.
    smtp.refuse.delete('r2@example.de');
    await liftSuppression(h.deps.db, 'r2@example.de', { id: 'admin@example.org', name: null });
    const retried = await request(h.app).post(`/api/admin/newsletter/campaigns/${campaignId}/retry`).set(ADMIN);
    assert.equal(retried.status, 202, JSON.stringify(retried.body));
    await until(async () => { const q = await progress(); return q.sent === 4 && q.status === 'sent'; }, 'the retried mail', 20_000);
    for (const e of ['r1@example.de', 'r2@example.de', 'r3@example.de', 'r5@example.de']) assert.equal(smtp.to(e).length, 1, e);
    assert.equal(smtp.to('r4@example.de').length, 0, 'a possibly-sent mail is never sent again');
    const retry = await request(h.app).post(`/api/admin/newsletter/campaigns/${campaignId}/retry`).set(ADMIN);
    assert.deepEqual([retry.status, retry.body.code], [409, 'newsletter.nothing_to_retry'], 'nothing left to retry');
    const resend = await request(h.app).post(`/api/admin/newsletter/send/${campaignId}`).set(ADMIN);
    assert.deepEqual([resend.status, resend.body.code], [409, 'newsletter.already_sent'], 'already sent');
    const list = await request(h.app).get('/api/admin/newsletter/campaigns').set(ADMIN).expect(200);
    assert.equal(list.body.campaigns[0].progress.sent, 4);
  });

  // Two apps on one database: PostgreSQL only (an in-memory SQLite database belongs to one process).
  test('a send survives a restart: another instance on the same database finishes it, without repeats', { skip: !ON_POSTGRES }, async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `bulk${i}@example.org`);
    for (const e of emails) await addSubscriber(h, e, 'subscribed', 'en');
    const { newsletterData } = await newsletterFor(h, { subject: 'Winter letter', previewText: '', language: 'en', selectedNews: [1], selectedProjects: [] });
    const { body: created } = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(newsletterData).expect(201);
    // A second instance on the same database, its worker on: both work the queue.
    const other = await testApp({ PUBLIC_URL, SMTP_URL: smtp.url, DATABASE_URL: h.deps.config.databaseUrl });
    try {
      await request(h.app).post(`/api/admin/newsletter/send/${created.campaignId}`).set(ADMIN).expect(202);
      // The first instance stops while sending (a deploy); the other one carries on.
      await until(async () => emails.some((e) => smtp.to(e).length > 0), 'the first mail');
      await h.deps.jobs.stop();
      await until(
        async () => (await request(other.app).get(`/api/admin/newsletter/campaigns/${created.campaignId}/progress`).set(ADMIN)).body.status === 'sent',
        'the other instance to finish',
        30_000,
      );
      for (const e of emails) assert.equal(smtp.to(e).length, 1, e);
    } finally {
      await other.close();
    }
  });
});

describe('with OpenAI (the real SDK against the fake)', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  before(async () => {
    ai = await startFakeOpenAI();
    h = await testApp({ PUBLIC_URL, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.url, OPENAI_MODEL: 'gpt-test' });
  });
  after(async () => {
    await h.close();
    await ai.close();
  });

  test('suggestions come from the AI with a JSON schema and are labelled as AI', async () => {
    ai.mode = 'ok';
    ai.requests.length = 0;
    const res = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [{ id: 1 }], selectedProjects: [{ id: 2 }], language: 'de' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.source, 'ai');
    assert.match(res.body.suggestedSubject, /^KI: /);
    assert.ok(res.body.suggestedPreview && res.body.explanation);
    const [req] = ai.requests;
    assert.equal(req!.path, '/v1/chat/completions');
    assert.equal(req!.authorization, 'Bearer sk-test');
    assert.equal(req!.body.model, 'gpt-test');
    assert.equal(req!.body.response_format.type, 'json_schema');
    assert.equal(req!.body.response_format.json_schema.strict, true);
    assert.deepEqual(req!.body.response_format.json_schema.schema.required, ['suggestedSubject', 'suggestedPreview', 'explanation']);
    assert.match(req!.body.messages[0].content, /German/);
    assert.match(req!.body.messages[1].content, /\[news\]/);
    assert.match(req!.body.messages[1].content, /\[project\]/);
    const status = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
    assert.equal(status.body.assistant, 'openai');
  });

  test('malformed and off-schema answers and server errors give a clear 502', async () => {
    for (const mode of ['malformed', 'wrong', 'error'] as const) {
      ai.mode = mode;
      const res = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [1] });
      assert.equal(res.status, 502, mode);
      assert.match(res.body.error, mode === 'error' ? /not reachable/ : /could not be used/);
      assert.equal(res.body.code, mode === 'error' ? 'assistant.unavailable' : 'assistant.bad_answer');
    }
    ai.mode = 'ok';
  });

  test('a timeout gives a clear message instead of a hanging request', async () => {
    const original = h.deps.assistant;
    h.deps.assistant = await createAssistant({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-test', log: h.deps.log, timeoutMs: 200 });
    ai.mode = 'timeout';
    try {
      const res = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [1] });
      assert.equal(res.status, 504);
      assert.match(res.body.error, /did not answer in time/);
      assert.equal(res.body.code, 'assistant.timeout');
    } finally {
      ai.mode = 'ok';
      h.deps.assistant = original;
    }
  });
});
