// POST /api/admin/social-media/generate: templates without OpenAI, the real openai SDK against
// the fake with it (good, long, malformed answers and timeouts).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { createAssistant } from '../../models/providers/assistant';
import { X_MAX_LENGTH, xLength } from '../../models/shared/social';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const PUBLIC_URL = 'https://charity.example';
const ALL = ['Facebook', 'Instagram', 'LinkedIn', 'Twitter/X'];

async function projectSlug(h: AppHandle, id: number): Promise<string> {
  return (await h.deps.db('projects').where({ id }).first()).slug;
}

describe('templates (no OpenAI)', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ PUBLIC_URL });
  });
  after(async () => {
    await h.close();
  });

  test('one post per platform, each within its rules, with the public link', async () => {
    const res = await request(h.app)
      .post('/api/admin/social-media/generate')
      .set(ADMIN)
      .send({ contentType: 'project', content: { id: 1, title: 'client text is not trusted' }, platforms: ALL, language: 'en' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.source, 'templates');
    const url = `${PUBLIC_URL}/projects/${await projectSlug(h, 1)}`;
    const { facebook, instagram, linkedin, twitter } = res.body.content;
    for (const post of [facebook, instagram, linkedin, twitter]) {
      assert.equal(post.url, url);
      assert.doesNotMatch(post.text, /client text is not trusted/);
    }
    assert.ok(xLength(twitter.text) <= X_MAX_LENGTH, `X: ${xLength(twitter.text)}`);
    assert.ok(twitter.text.includes(url));
    assert.ok((instagram.text.match(/#\w+/g) ?? []).length >= 5);
    assert.ok(linkedin.text.includes(url));
    assert.match(linkedin.text, /partners/);
    assert.ok(facebook.text.includes(url));
    const [audit] = await h.deps.db('audit_log').where({ entity: 'social' });
    assert.equal(audit.action, 'generate');
    assert.match(audit.summary, /\(Facebook, Instagram, LinkedIn, Twitter\/X\)$/);
  });

  test('news in German gets German posts and the German link', async () => {
    const article = await h.deps.db('news_articles').orderBy('id').first();
    const res = await request(h.app)
      .post('/api/admin/social-media/generate')
      .set(ADMIN)
      .send({ contentType: 'news', content: { id: article.id }, platforms: ['facebook', 'x'], language: 'de' })
      .expect(200);
    assert.deepEqual(Object.keys(res.body.content).sort(), ['facebook', 'twitter']);
    assert.equal(res.body.content.facebook.url, `${PUBLIC_URL}/de/news/${article.slug}`);
    assert.ok(res.body.content.facebook.text.includes(article.titleDe));
    assert.match(res.body.content.facebook.text, /Die ganze Geschichte lesen/);
  });

  test('missing information and unknown items are 4xx, never 500', async () => {
    const missing = [
      { contentType: 'project', content: { id: 1 }, platforms: [] },
      { contentType: 'project', platforms: ['facebook'] },
      { contentType: 'project', content: {}, platforms: ['facebook'] },
    ];
    for (const body of missing) {
      const res = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error, /Please select content and at least one platform/);
    }
    const badType = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'team', content: { id: 1 }, platforms: ['facebook'] });
    assert.equal(badType.status, 400);
    const badPlatform = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'news', content: { id: 1 }, platforms: ['myspace'] });
    assert.equal(badPlatform.status, 400);
    assert.match(badPlatform.body.error, /Unknown platform/);
    const gone = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'project', content: { id: 9999 }, platforms: ['facebook'] });
    assert.equal(gone.status, 404);
  });
});

describe('with OpenAI (the real SDK against the fake)', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  before(async () => {
    ai = await startFakeOpenAI();
    h = await testApp({ PUBLIC_URL, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: ai.url });
  });
  after(async () => {
    await h.close();
    await ai.close();
  });

  test('AI posts with a per-platform JSON schema, labelled as AI', async () => {
    ai.mode = 'ok';
    ai.requests.length = 0;
    const res = await request(h.app)
      .post('/api/admin/social-media/generate')
      .set(ADMIN)
      .send({ contentType: 'project', content: { id: 2 }, platforms: ALL, language: 'de' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.source, 'ai');
    const url = `${PUBLIC_URL}/de/projects/${await projectSlug(h, 2)}`;
    assert.match(res.body.content.facebook.text, /^KI-Beitrag for facebook/);
    assert.ok(res.body.content.facebook.text.includes(url));
    assert.match(res.body.content.instagram.text, /#Zimbabwe/);
    const schema = ai.requests[0]!.body.response_format.json_schema;
    assert.equal(schema.name, 'social_posts');
    assert.equal(schema.strict, true);
    assert.deepEqual(schema.schema.required, ['facebook', 'instagram', 'linkedin', 'twitter']);
    assert.ok(ai.requests[0]!.body.messages[0].content.includes(url), 'the AI is given the public link');
  });

  test('AI output that breaks platform rules is fixed: X fits 280 with the link, links added', async () => {
    ai.mode = 'long';
    const res = await request(h.app)
      .post('/api/admin/social-media/generate')
      .set(ADMIN)
      .send({ contentType: 'project', content: { id: 1 }, platforms: ['twitter', 'facebook', 'instagram'], language: 'en' })
      .expect(200);
    const url = `${PUBLIC_URL}/projects/${await projectSlug(h, 1)}`;
    const x = res.body.content.twitter.text;
    assert.ok(xLength(x) <= X_MAX_LENGTH, `X length ${xLength(x)}`);
    assert.ok(x.endsWith(url));
    assert.ok(res.body.content.facebook.text.includes(url));
    assert.match(res.body.content.instagram.text, /#Zimbabwe/);
    ai.mode = 'ok';
  });

  test('malformed answers and timeouts are handled with clear messages', async () => {
    for (const mode of ['malformed', 'wrong'] as const) {
      ai.mode = mode;
      const res = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'news', content: { id: 1 }, platforms: ['linkedin'] });
      assert.equal(res.status, 502, mode);
      assert.match(res.body.error, /could not be used/);
    }
    const original = h.deps.assistant;
    h.deps.assistant = await createAssistant({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-4o-mini', log: h.deps.log, timeoutMs: 200 });
    ai.mode = 'timeout';
    try {
      const res = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'news', content: { id: 1 }, platforms: ['linkedin'] });
      assert.equal(res.status, 504);
      assert.match(res.body.error, /did not answer in time/);
    } finally {
      h.deps.assistant = original;
      ai.mode = 'ok';
    }
  });

  test('a rejected API key is reported as a setup problem', async () => {
    const original = h.deps.assistant;
    h.deps.assistant = await createAssistant({ apiKey: 'sk-wrong', baseUrl: ai.url, model: 'gpt-4o-mini', log: h.deps.log });
    try {
      const res = await request(h.app).post('/api/admin/social-media/generate').set(ADMIN).send({ contentType: 'news', content: { id: 1 }, platforms: ['facebook'] });
      assert.equal(res.status, 503);
      assert.match(res.body.error, /API key was rejected/);
    } finally {
      h.deps.assistant = original;
    }
  });
});
