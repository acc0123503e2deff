// Every error answer on /api/* is `{ error, code, fields?, fieldErrors? }`: the code of each family
// (models/shared/error-codes.ts) next to the English text, which stays as it was.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import sharp from 'sharp';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { ERROR_CODES, FIELD_CODES } from '../../models/shared/error-codes';
import { SUBSCRIBE_LIMIT } from '../../controllers/newsletter';
import { LOGIN_FAILURES_LIMIT } from '../../controllers/admin/session';

const KEY = 'demo-admin-key-change-me';
const ADMIN = { 'X-Admin-Key': KEY };
const project = (over: Record<string, unknown> = {}) => ({
  title: 'Codes',
  titleDe: 'Codes',
  description: 'd',
  descriptionDe: 'd',
  goalAmount: '100',
  imageUrl: '/images/logo.svg',
  ...over,
});

/** The body every error answer has: a string error and a listed code. */
function assertErrorBody(res: request.Response, status: number, code: string) {
  assert.equal(res.status, status, res.text.slice(0, 200));
  assert.match(res.headers['content-type'] ?? '', /json/);
  assert.equal(typeof res.body.error, 'string');
  assert.equal(res.body.code, code, res.text.slice(0, 200));
  assert.ok((ERROR_CODES as readonly string[]).includes(res.body.code));
}

describe('error codes', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('validation: the English message and the code of each field', async () => {
    const res = await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: '', titleDe: 'x'.repeat(201), status: 'sleeping', goalAmount: '1.234' }));
    assertErrorBody(res, 400, 'validation');
    assert.equal(res.body.fields.title, 'This field is required');
    assert.deepEqual(res.body.fieldErrors.title, { code: 'required' });
    assert.equal(res.body.fields.titleDe, 'This text is too long (at most 200 characters)');
    assert.deepEqual(res.body.fieldErrors.titleDe, { code: 'too_long', params: { max: 200 } });
    assert.deepEqual(res.body.fieldErrors.status, { code: 'status' });
    assert.deepEqual(res.body.fieldErrors.goalAmount, { code: 'amount_decimals' });
    assert.deepEqual(Object.keys(res.body.fieldErrors).sort(), Object.keys(res.body.fields).sort());
    for (const problem of Object.values(res.body.fieldErrors) as { code: string }[]) assert.ok((FIELD_CODES as readonly string[]).includes(problem.code));
  });

  test('validation found by the models: a taken page, an unknown project', async () => {
    const page = { pageName: 'vision', title: 'V', titleDe: 'V', content: 'c', contentDe: 'c' };
    await h.deps.db('page_contents').where({ pageName: 'vision' }).delete();
    await request(h.app).post('/api/admin/pages').set(ADMIN).send(page).expect(201);
    const taken = await request(h.app).post('/api/admin/pages').set(ADMIN).send(page);
    assertErrorBody(taken, 400, 'validation');
    assert.deepEqual(taken.body.fieldErrors, { pageName: { code: 'page_taken' } });
    assert.equal(taken.body.fields.pageName, 'Content for this page already exists: edit it instead');
    const article = { title: 'N', titleDe: 'N', abstract: 'a', abstractDe: 'a', content: 'c', contentDe: 'c', imageUrl: '/images/logo.svg', projectId: 999_999 };
    const news = await request(h.app).post('/api/admin/news').set(ADMIN).send(article);
    assertErrorBody(news, 400, 'validation');
    assert.deepEqual(news.body.fieldErrors.projectId, { code: 'project' });
  });

  test('not found: a route, a record, a file', async () => {
    assertErrorBody(await request(h.app).get('/api/nothing-here'), 404, 'not_found');
    assertErrorBody(await request(h.app).get('/api/projects/999999'), 404, 'not_found');
    assertErrorBody(await request(h.app).delete('/api/admin/team/999999').set(ADMIN), 404, 'not_found');
    const gone = await request(h.app).get('/api/projects/999999');
    assert.equal(gone.body.error, 'Project not found');
  });

  test('bad requests: malformed JSON, an id that is not one, a malformed %-escape, NUL text', async () => {
    const json = await request(h.app).post('/api/admin/projects').set(ADMIN).set('Content-Type', 'application/json').send('{"title":');
    assertErrorBody(json, 400, 'bad_request');
    assert.equal(json.body.error, 'Malformed JSON in the request body');
    assertErrorBody(await request(h.app).get('/api/projects/abc'), 400, 'bad_request');
    assertErrorBody(await request(h.app).get('/api/projects/slug/%zz'), 400, 'bad_request');
    assertErrorBody(await request(h.app).get('/api/news?x=%00'), 400, 'invalid_text');
  });

  test('credentials: none, wrong, and a session write without its CSRF token', async () => {
    const none = await request(h.app).get('/api/admin/pages');
    assertErrorBody(none, 401, 'unauthorized');
    assert.equal(none.body.error, 'No admin credentials found');
    const wrong = await request(h.app).get('/api/admin/pages').set('X-Forwarded-For', '10.7.0.1').set('X-Admin-Key', 'not-the-key');
    assertErrorBody(wrong, 401, 'invalid_credentials');
    assert.equal(wrong.body.error, 'Invalid credentials - Please check your credentials and try again.');
    const agent = request.agent(h.app);
    await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
    assertErrorBody(await agent.post('/api/admin/projects').send(project()), 403, 'csrf');
    const missing = await request(h.app).post('/api/admin/login').send({ key: '' });
    assertErrorBody(missing, 400, 'validation');
    assert.deepEqual(missing.body.fieldErrors, { key: { code: 'required' } });
  });

  test('rate limits: login guesses and newsletter subscriptions', async () => {
    for (let i = 0; i < LOGIN_FAILURES_LIMIT; i++) await request(h.app).post('/api/admin/login').set('X-Forwarded-For', '10.7.1.1').send({ key: `guess-${i}` });
    assertErrorBody(await request(h.app).post('/api/admin/login').set('X-Forwarded-For', '10.7.1.1').send({ key: 'guess-last' }), 429, 'rate_limited');
    const from = () => request(h.app).post('/api/newsletter/subscribe').set('X-Forwarded-For', '10.7.2.2');
    for (let i = 0; i < SUBSCRIBE_LIMIT; i++) await from().send({ email: `codes${i}@example.org` }).expect(200);
    assertErrorBody(await from().send({ email: 'codes-last@example.org' }), 429, 'rate_limited');
  });

  test('newsletter: a missing and an invalid address; sending again', async () => {
    const from = (n: number) => request(h.app).post('/api/newsletter/subscribe').set('X-Forwarded-For', `10.7.3.${n}`);
    assertErrorBody(await from(1).send({ email: '' }), 400, 'validation');
    const invalid = await from(2).send({ email: 'not-an-address', language: 'de' });
    assertErrorBody(invalid, 400, 'newsletter.invalid_email');
    assert.equal(invalid.body.error, 'Bitte geben Sie eine gültige E-Mail-Adresse ein');
    const none = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'Hi' });
    assertErrorBody(none, 400, 'validation');
    const retry = await request(h.app).post('/api/admin/newsletter/campaigns/999999/retry').set(ADMIN);
    assertErrorBody(retry, 404, 'not_found');
  });

  test('media: a file type the library refuses, an image without alt text, no file', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f5c3a' } }).png().toBuffer();
    const html = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', 'x').attach('file', image, 'page.html');
    assertErrorBody(html, 415, 'media.rejected');
    assert.equal(html.body.fieldErrors.file.code, 'file_type');
    assert.match(html.body.fields.file, /not accepted/);
    const noAlt = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').attach('file', image, 'x.png');
    assertErrorBody(noAlt, 400, 'validation');
    assert.deepEqual(noAlt.body.fieldErrors, { altText: { code: 'alt_text' } });
    assert.equal(noAlt.body.fields.altText, 'Describe the image for people who cannot see it');
    const noFile = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects');
    assertErrorBody(noFile, 400, 'validation');
    assert.deepEqual(noFile.body.fieldErrors, { file: { code: 'file' } });
    const badCategory = await request(h.app).post('/api/media').set(ADMIN).field('category', 'nope').attach('file', image, 'x.png');
    assert.deepEqual(badCategory.body.fieldErrors.category, { code: 'category' });
  });

  test('a form posted without JavaScript shows each field problem by its code, in the page language', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: KEY }).expect(303);
    const admin = await agent.get('/de/admin').set('Accept', 'text/html').expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(admin.text)![1]!;
    const posted = await agent.post('/de/admin/projects').type('form').send({ _csrf: csrf, ...project({ title: '', titleDe: 'x'.repeat(201) }) }).expect(303);
    const back = await agent.get(posted.headers.location).set('Accept', 'text/html').expect(200);
    assert.match(back.text, /Dieses Feld ist erforderlich\./);
    assert.match(back.text, /Dieser Text ist zu lang \(höchstens 200 Zeichen\)\./);
    // (The page's data for hydration keeps the English too; what the admin reads is German.)
    assert.doesNotMatch(back.text.replace(/<script[\s\S]*?<\/script>/g, ''), /This field is required|This text is too long/);
  });

  test('payments: without Stripe keys every payment route is payments.unavailable', async () => {
    const intent = await request(h.app).post('/api/create-payment-intent').send({ amount: 50, projectId: null });
    assertErrorBody(intent, 503, 'payments.unavailable');
    assert.match(intent.body.error, /not set up/);
    assertErrorBody(await request(h.app).post('/api/update-project-funding').send({ projectId: 1, amount: 50, paymentIntentId: 'pi_1' }), 503, 'payments.unavailable');
  });
});
