// The admin speaks to volunteers in their language, without developer words: whether machine
// translation drafts are available is a fact of the admin's page (no OpenAI key: no buttons, one
// note), a draft asked for anyway is an expected 503 logged as one warning line.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { testApp, testAppWithAI } from '../helpers';
import type { AppHandle } from '../../app';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const KEY = 'anna-key-0123456789';
const ADMIN = { 'X-Admin-Key': KEY };

/** A signed-in browser session (the admin page needs one). */
async function session(h: AppHandle) {
  const agent = request.agent(h.app);
  await agent.post('/admin-login').type('form').send({ key: KEY }).expect(303);
  return agent;
}

/** The text of an HTML fragment as a person reads it (tags gone, entities and spaces folded). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Solar Kiosk',
  titleDe: 'Solarkiosk',
  description: 'A kiosk that charges phones with the sun.',
  descriptionDe: 'Ein Kiosk, der Telefone mit der Sonne lädt.',
  goalAmount: '5000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

describe('machine drafts without an OpenAI key', () => {
  let h: AppHandle;
  const lines: Record<string, unknown>[] = [];
  before(async () => {
    h = await testApp({ OPENAI_API_KEY: '', ADMIN_KEYS: `Anna Muster <${KEY}>` });
    // The request's log lines, as the operator reads them.
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    h.deps.log = pino({ level: 'info' }, sink);
  });
  after(async () => h.close());

  test('the admin knows: the page and the session say machine drafts are not available', async () => {
    const agent = await session(h);
    const page = await agent.get('/admin').set('Accept', 'application/json').expect(200);
    assert.equal(page.body.props.machineDrafts, false);
    const me = await request(h.app).get('/api/admin/session').set(ADMIN).expect(200);
    assert.equal(me.body.machineDrafts, false);
  });

  test('the German edit form says once, in German, that drafts need an OpenAI key; no draft button', async () => {
    const agent = await session(h);
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    const html = (await agent.get(`/de/admin?tab=projects&edit=${p.id}`).set('Accept', 'text/html').expect(200)).text;
    const note = de.admin.translate.unavailable;
    assert.match(note, /OpenAI-Schlüssel/);
    assert.equal(html.split(note).length - 1, 1, 'the note once per form, not by every field');
    assert.ok(!html.includes(en.admin.translate.unavailable));
    assert.ok(!html.includes(de.admin.translate.toDe) && !html.includes(de.admin.translate.wholeItem));
    assert.doesNotMatch(text(html), /OPENAI_API_KEY|npm run/);
  });

  test('a draft asked for anyway: 503 with a clear JSON error and its code, one warning line without a stack', async () => {
    lines.length = 0;
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(res.status, 503);
    assert.match(String(res.headers['content-type']), /json/);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
    assert.equal(res.body.code, 'assistant.not_configured');
    assert.match(res.body.error, /not configured/);
    await new Promise((r) => setImmediate(r));
    const failed = lines.filter((l) => Number(l.level) >= 40);
    assert.equal(failed.length, 1, JSON.stringify(lines));
    const line = failed[0]!;
    assert.equal(line.level, 40, 'a warning, not an error');
    assert.equal(line.code, 'assistant.not_configured');
    assert.equal(line.url, '/api/admin/translate');
    assert.ok(!('err' in line) && !JSON.stringify(line).includes('    at '), 'no stack trace');
  });
});

describe('machine drafts with an OpenAI key', () => {
  let h: AppHandle;
  let close: () => Promise<void>;
  before(async () => {
    ({ h, close } = await testAppWithAI({ ADMIN_KEYS: `Anna Muster <${KEY}>` }));
  });
  after(() => close());

  test('the page and the session say they are available; the forms show no note', async () => {
    const agent = await session(h);
    assert.equal((await agent.get('/admin').set('Accept', 'application/json').expect(200)).body.props.machineDrafts, true);
    assert.equal((await request(h.app).get('/api/admin/session').set(ADMIN).expect(200)).body.machineDrafts, true);
    const html = (await agent.get('/de/admin?tab=projects&new=1').set('Accept', 'text/html').expect(200)).text;
    assert.ok(!html.includes(de.admin.translate.unavailable));
  });
});
