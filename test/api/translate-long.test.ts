// Machine translation drafts made safe: a long article is drafted in parts (each its own request
// and deadline, two at a time, joined with the original blank lines), the glossary is checked in
// the answer (one more try naming what is missing, then `glossaryMissing`), and the glossary's
// duplicate check folds case the same way on SQLite and PostgreSQL. The real openai SDK talks to
// the fake in test/fakes/openai.ts.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp, testAppWithAI } from '../helpers';
import type { AppHandle } from '../../app';
import { fakeTranslation, type FakeOpenAI } from '../fakes/openai';
import { createAssistant, markdownChunks, swissSpelling, TRANSLATE_CHUNK_CHARS, urlsOf } from '../../models/providers/assistant';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const paragraph = (n: number) =>
  `${n}. The children of the villages read more in the new school, and the large garden helps the training centre. `.repeat(7).trim();

/** About 12,000 characters of Markdown: headings, links, an image, a list and a code fence with a blank line. */
function longArticle(): string {
  const parts: string[] = ['# Our report', ''];
  for (let n = 1; n <= 16; n++) {
    parts.push(paragraph(n), '');
    if (n % 4 === 0) parts.push(`## Part ${n / 4}: see the [Tariro Nook](https://example.org/tariro/${n}?a=1&b=2)`, '', '');
    if (n === 6) parts.push('![The large garden](/uploads/garden-6.jpg "Garden")', '', '- Water for the school', '- Our street: https://maps.example/street', '');
    if (n === 10) parts.push('```', 'the water', '', 'the school', '```', '');
  }
  return parts.join('\n') + '\n';
}

describe('long texts are drafted in parts', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let close: () => Promise<void>;
  before(async () => {
    ({ h, ai, close } = await testAppWithAI());
    // 1.5 s per attempt: the fake needs 0.25 s per 1,000 characters, so one request for the whole
    // article (3 s) cannot make it, while each part (at most 0.75 s) can.
    h.deps.assistant = await createAssistant({ apiKey: 'sk-test', baseUrl: ai.url, model: 'gpt-test', log: h.deps.log, timeoutMs: 1_500 });
  });
  after(() => close());

  test('the parts: cut at blank lines outside code fences, at most ~3,000 characters, the separators kept', () => {
    const text = longArticle();
    const parts = markdownChunks(text);
    assert.ok(parts.chunks.length >= 4, `${parts.chunks.length} parts`);
    for (const c of parts.chunks) assert.ok(c.length <= TRANSLATE_CHUNK_CHARS, `a part of ${c.length}`);
    assert.equal(parts.lead + parts.chunks.map((c, i) => (i ? parts.separators[i - 1] : '') + c).join('') + parts.tail, text);
    for (const c of parts.chunks) assert.equal((c.match(/^```/gm) ?? []).length % 2, 0, 'a code fence stays in one part');
    for (const s of parts.separators) assert.match(s, /^\n\s*\n$/);
    // A block longer than a part is cut between its lines, never inside a fence.
    const fenced = ['```', ...Array.from({ length: 80 }, (_, i) => `line ${i} `.repeat(8)), '```'].join('\n');
    assert.deepEqual(markdownChunks(fenced).chunks, [fenced]);
    const plain = Array.from({ length: 80 }, (_, i) => `line ${i} `.repeat(8)).join('\n');
    const cut = markdownChunks(plain);
    assert.ok(cut.chunks.length > 1);
    assert.equal(cut.chunks.join('\n'), plain);
  });

  test('a long article succeeds where one request times out; Markdown and links survive the join', async () => {
    ai.mode = 'ok';
    ai.msPerKChar = 250;
    try {
      // One block that cannot be cut (a single line of 7,000 characters) needs one slow request: 504.
      const oneLine = paragraph(1).repeat(11).slice(0, 7_000);
      const slow = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: oneLine, from: 'en', to: 'de' });
      assert.equal(slow.status, 504, JSON.stringify(slow.body));
      assert.equal(slow.body.code, 'assistant.timeout');

      const text = longArticle();
      assert.ok(text.length > 11_000);
      ai.requests.length = 0;
      ai.maxInFlight = 0;
      const started = Date.now();
      const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text, from: 'en', to: 'de' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const parts = markdownChunks(text).chunks.length;
      assert.equal(ai.requests.length, parts, 'one request per part');
      for (const r of ai.requests) assert.ok(r.body.messages[1].content.length <= TRANSLATE_CHUNK_CHARS);
      assert.equal(ai.maxInFlight, 2, 'two parts at a time');
      assert.ok(Date.now() - started < parts * 750, 'the parts ran side by side');
      // The joined draft is the whole text translated: every blank line, heading, link and fence in place.
      const expected = swissSpelling(fakeTranslation('into German\n- "Tariro Nook" stays "Tariro Nook"', text, 'ok'));
      assert.equal(res.body.text, expected);
      for (const url of urlsOf(text)) assert.ok(res.body.text.includes(url), url);
      assert.match(res.body.text, /^# Unser Bericht$/m);
      assert.match(res.body.text, /^```\ndie Wasser\n\ndie Schule\n```$/m);
      assert.deepEqual(res.body.glossaryMissing, []);
    } finally {
      ai.msPerKChar = 0;
    }
  });

  test('a part that fails fails the whole draft (nothing half-filled)', async () => {
    ai.mode = 'drop_url';
    try {
      const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: longArticle(), from: 'en', to: 'de' });
      assert.equal(res.status, 502);
      assert.equal(res.body.code, 'assistant.bad_answer');
      assert.equal(res.body.text, undefined);
    } finally {
      ai.mode = 'ok';
    }
  });
});

describe('the glossary is checked in the draft', () => {
  let h: AppHandle;
  let ai: FakeOpenAI;
  let close: () => Promise<void>;
  before(async () => {
    ({ h, ai, close } = await testAppWithAI());
    await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Mission Hospital', termDe: 'Missionsspital' }).expect(201);
  });
  after(() => close());

  test('a term left out is asked for once more, naming it; the second draft is used', async () => {
    ai.mode = 'skip_glossary_once';
    ai.requests.length = 0;
    try {
      const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water for the Mission Hospital', from: 'en', to: 'de' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.text, 'Wasser für die Missionsspital');
      assert.deepEqual(res.body.glossaryMissing, []);
      assert.equal(ai.requests.length, 2);
      assert.match(ai.requests[1]!.body.messages[0].content, /did not write these required terms exactly as given: "Missionsspital"/);
    } finally {
      ai.mode = 'ok';
    }
  });

  test('still missing after the second try: the draft comes with glossaryMissing', async () => {
    ai.mode = 'skip_glossary';
    ai.requests.length = 0;
    try {
      const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water for the Mission Hospital in Mwenezi', from: 'en', to: 'de' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.text, 'Wasser für die Mission Hospital in Mwenezi');
      assert.deepEqual(res.body.glossaryMissing, ['Missionsspital']);
      assert.equal(ai.requests.length, 2, 'one more try, not more');
      // German to English: the English form is the one required.
      const back = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Wasser für das Missionsspital', from: 'de', to: 'en' });
      assert.deepEqual(back.body.glossaryMissing, ['Mission Hospital']);
    } finally {
      ai.mode = 'ok';
    }
  });

  test('a draft that keeps every term is answered at once', async () => {
    ai.requests.length = 0;
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water for the Mission Hospital', from: 'en', to: 'de' }).expect(200);
    assert.deepEqual(res.body.glossaryMissing, []);
    assert.equal(ai.requests.length, 1);
  });
});

describe('the glossary compares terms the same way on every database', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => h.close());

  test('umlauts and Unicode forms: "Ärzte" and "ärzte", "Zürich" composed and decomposed are one term', async () => {
    const first = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Ärzte Ohne Grenzen', termDe: 'Ärzte ohne Grenzen' });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const lower = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'ärzte ohne grenzen', termDe: 'x' });
    assert.equal(lower.status, 409, JSON.stringify(lower.body));
    assert.equal(lower.body.fieldErrors.termEn.code, 'term_taken');
    const zurich = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'Z\u00fcrich', termDe: 'Z\u00fcrich' });
    assert.equal(zurich.status, 201);
    const decomposed = await request(h.app).post('/api/admin/glossary').set(ADMIN).send({ termEn: 'ZU\u0308RICH', termDe: 'x' });
    assert.equal(decomposed.status, 409, JSON.stringify(decomposed.body));
    // An update onto another entry's term is refused the same way; the entry's own term is fine.
    const renamed = await request(h.app).put(`/api/admin/glossary/${zurich.body.id}`).set(ADMIN).send({ termEn: 'ÄRZTE OHNE GRENZEN', termDe: 'y' });
    assert.equal(renamed.status, 409);
    await request(h.app).put(`/api/admin/glossary/${zurich.body.id}`).set(ADMIN).send({ termEn: 'zürich', termDe: 'Zürich' }).expect(200);
    // Sorted as a German reader expects: "Ärzte" among the A's, not after "Z".
    const list = (await request(h.app).get('/api/admin/glossary').set(ADMIN).expect(200)).body.map((g: { termEn: string }) => g.termEn);
    assert.ok(list.indexOf('Ärzte Ohne Grenzen') < list.indexOf('Mwenezi'), list.join(', '));
  });
});
