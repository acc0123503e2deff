// The admin newsletter builder API: validation, the generated e-mail, suggestions (templates and
// the real openai SDK against the fake), campaigns and a local send that can be resumed.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { outboxFor, type MailMessage, type MailProvider } from '../../models/providers/mail';
import { createMailingProvider } from '../../models/providers/mailing';
import { createAssistant } from '../../models/providers/assistant';
import { findSubscriberByEmail, hashToken, newToken } from '../../models/subscriber';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';

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
    assert.deepEqual(res.body, { mailing: 'local', assistant: 'templates', audience: { en: 0, de: 0 } });
  });

  test('validation: subject and at least one item (SPEC section 5)', async () => {
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
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.sent, 2);
    assert.equal(sent.body.recipients, 2);
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
    assert.equal((await outboxFor(h.deps.db, 'en1@example.org')).length, 1);

    assert.equal((await request(h.app).post('/api/admin/newsletter/send/424242').set(ADMIN)).status, 404);
    assert.equal((await request(h.app).post('/api/admin/newsletter/send/bad%20id').set(ADMIN)).status, 400);
    const status = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
    assert.deepEqual(status.body.audience, { en: 2, de: 1 });
  });

  test('a send that fails part way can be resumed without anyone getting a second copy', async () => {
    const emails = ['r1@example.de', 'r2@example.de', 'r3@example.de', 'r4@example.de'];
    const ids: number[] = [];
    for (const e of emails) ids.push(await addSubscriber(h, e, 'subscribed', 'de'));
    // r4: a mail that may have left just before a crash (claimed, never marked sent).

    const delivered: MailMessage[] = [];
    let failFor = new Set(['r2@example.de', 'r3@example.de']);
    const flaky: MailProvider = {
      kind: 'outbox',
      async send(m) {
        if (failFor.has(m.to)) throw new Error('SMTP connection lost');
        delivered.push(m);
        await h.deps.mail.send(m);
      },
    };
    const original = h.deps.mailing;
    h.deps.mailing = createMailingProvider({ config: h.deps.config, db: h.deps.db, mail: flaky, log: h.deps.log, i18n: h.deps.i18n });
    try {
      const { newsletterData } = await newsletterFor(h, { subject: 'Herbstbrief', previewText: '', language: 'de', selectedNews: [], selectedProjects: [2] });
      const { body: created } = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(newsletterData).expect(201);
      const campaignId = Number(created.campaignId);
      await h.deps.db('newsletter_deliveries').insert({ campaignId, subscriberId: ids[3], status: 'sending' });

      const first = await request(h.app).post(`/api/admin/newsletter/send/${campaignId}`).set(ADMIN);
      assert.equal(first.status, 502);
      assert.match(first.body.error, /2 of \d+ e-mails could not be sent/);
      assert.deepEqual(
        delivered.map((m) => m.to).filter((to) => to.startsWith('r')),
        ['r1@example.de'],
      );
      // Every mail carries the one-click unsubscribe headers.
      const headers = delivered[0]!.headers!;
      assert.match(headers['List-Unsubscribe']!, /^<https:\/\/charity\.example\/de\/newsletter\/unsubscribe\?token=[\w-]+>$/);
      assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
      assert.equal((await h.deps.db('newsletter_campaigns').where({ id: campaignId }).first()).status, 'sending');

      failFor = new Set();
      const resumed = await request(h.app).post(`/api/admin/newsletter/send/${campaignId}`).set(ADMIN);
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      const counts = new Map<string, number>();
      for (const m of delivered) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
      assert.equal(counts.get('r1@example.de'), 1);
      assert.equal(counts.get('r2@example.de'), 1);
      assert.equal(counts.get('r3@example.de'), 1);
      assert.equal(counts.get('r4@example.de'), undefined, 'a possibly-sent mail is never sent again');
      assert.equal((await h.deps.db('newsletter_campaigns').where({ id: campaignId }).first()).status, 'sent');

      // And once more: nothing new goes out.
      const before = delivered.length;
      assert.equal((await request(h.app).post(`/api/admin/newsletter/send/${campaignId}`).set(ADMIN)).status, 409);
      assert.equal(delivered.length, before);
    } finally {
      h.deps.mailing = original;
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
    }
    ai.mode = 'ok';
  });

  test('a timeout gives a clear message instead of a hanging request', async () => {
    const original = h.deps.assistant;
    h.deps.assistant = createAssistant({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-test', log: h.deps.log, timeoutMs: 200 });
    ai.mode = 'timeout';
    try {
      const res = await request(h.app).post('/api/admin/newsletter/suggest').set(ADMIN).send({ selectedNews: [1] });
      assert.equal(res.status, 504);
      assert.match(res.body.error, /did not answer in time/);
    } finally {
      ai.mode = 'ok';
      h.deps.assistant = original;
    }
  });
});
