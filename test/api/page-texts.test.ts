// Every page's words editable: an entry of the admin Pages tab changes its page's texts in the
// language edited only, a reset brings back the built-in copy, unknown keys are refused, the Home
// entry drives the home page's hero and search data, and a draft entry changes nothing for visitors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The page facts the islands get (views/island-env.ts): route, addresses, edited words. */
const islandPage = (html: string) => JSON.parse(/<script type="application\/json" id="__islands">([\s\S]*?)<\/script>/.exec(html)![1]!).page as Record<string, any>;
const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"\/?>/.exec(html)?.[1];

describe('page texts edited in the admin Pages tab', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  const entry = async (pageName: string) => {
    const list = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as Record<string, any>[];
    const found = list.find((p) => p.pageName === pageName);
    assert.ok(found, `the demo data has an entry for ${pageName}`);
    return found;
  };
  const put = (item: Record<string, any>, changes: Record<string, unknown>) => {
    const { id, updatedAt: _u, draft: _d, publishAt: _p, texts, ...rest } = item;
    return request(h.app).put(`/api/admin/pages/${id}`).set(ADMIN).send({ ...rest, texts, ...changes });
  };

  test('the demo data has an entry for every page name, the Nook included', async () => {
    const list = (await request(h.app).get('/api/admin/pages').set(ADMIN).expect(200)).body as { pageName: string }[];
    const names = list.map((p) => p.pageName).sort();
    for (const n of ['home', 'about', 'vision', 'mission', 'food-security', 'skills-training', 'health', 'environment', 'nook', 'projects', 'news', 'team', 'contact']) {
      assert.ok(names.includes(n), `no entry for ${n}`);
    }
  });

  test('a German edit of an About text shows on /de/about only; a reset brings back the built-in copy', async () => {
    const about = await entry('about');
    const germanStory = 'Wir sind Nachbarn geworden: seit 2010 planen wir jede Woche mit den Dörfern.';
    const saved = await put(about, { texts: { 'about.story.p1': { de: germanStory } } }).expect(200);
    assert.deepEqual(saved.body.texts, { 'about.story.p1': { de: germanStory } });

    const deHtml = (await request(h.app).get('/de/about').expect(200)).text;
    assert.ok(text(deHtml).includes(germanStory), '/de/about shows the edited text');
    assert.ok(!text(deHtml).includes(de.about.story.p1), '/de/about no longer shows the built-in text');
    // The browser gets only the page language's edited words, and renders the same.
    assert.deepEqual(islandPage(deHtml).texts, { 'about.story.p1': germanStory });

    const enHtml = (await request(h.app).get('/about').expect(200)).text;
    assert.ok(text(enHtml).includes(en.about.story.p1), '/about keeps its English text');
    assert.ok(!enHtml.includes(germanStory));
    assert.equal(islandPage(enHtml).texts, undefined);

    // The page's JSON carries the same words.
    const json = (await request(h.app).get('/de/about').set('Accept', 'application/json').expect(200)).body;
    assert.deepEqual(json.texts, { 'about.story.p1': germanStory });

    // The built-in text (or an empty field) is the reset: nothing is stored.
    const reset = await put({ ...about, texts: saved.body.texts }, { texts: { 'about.story.p1': { de: de.about.story.p1, en: '' } } }).expect(200);
    assert.equal(reset.body.texts, null);
    assert.ok(text((await request(h.app).get('/de/about').expect(200)).text).includes(de.about.story.p1));
  });

  test('absent texts leave the stored words as they are', async () => {
    const vision = await entry('vision');
    await put(vision, { texts: { 'vision.statement.text': { en: 'A Mwenezi where every child learns.' } } }).expect(200);
    const { texts: _t, ...withoutTexts } = await entry('vision');
    const kept = await put(withoutTexts, { title: 'Our vision' }).expect(200);
    assert.deepEqual(kept.body.texts, { 'vision.statement.text': { en: 'A Mwenezi where every child learns.' } });
    assert.ok(text((await request(h.app).get('/vision').expect(200)).text).includes('A Mwenezi where every child learns.'));
  });

  test('unknown keys, keys of another page, non-strings and made-up placeholders are a 400 with a field error', async () => {
    const about = await entry('about');
    const unknown = await put(about, { texts: { 'about.nothing.here': { en: 'x' } } }).expect(400);
    assert.equal(unknown.body.code, 'validation');
    assert.ok(unknown.body.fields['texts.about.nothing.here'], JSON.stringify(unknown.body));
    const other = await put(about, { texts: { 'vision.statement.text': { en: 'x' } } }).expect(400);
    assert.ok(other.body.fields['texts.vision.statement.text']);
    const heroTitle = await put(about, { texts: { 'about.hero.title': { en: 'x' } } }).expect(400);
    assert.ok(heroTitle.body.fields['texts.about.hero.title'], 'the hero title is the entry title, not a text');
    const notString = await put(about, { texts: { 'about.story.p1': { en: 42 } } }).expect(400);
    assert.ok(Object.keys(notString.body.fields).some((k) => k.startsWith('texts')), JSON.stringify(notString.body));
    const notObject = await put(about, { texts: ['about.story.p1'] }).expect(400);
    assert.ok(notObject.body.fields.texts);
    const placeholder = await put(about, { texts: { 'about.story.p1': { en: 'Hello {{name}}' } } }).expect(400);
    assert.match(placeholder.body.fields['texts.en.about.story.p1'], /placeholder/);
    const tooLong = await put(about, { texts: { 'about.story.p1': { en: 'x'.repeat(4001) } } }).expect(400);
    assert.ok(tooLong.body.fields['texts.en.about.story.p1']);
    // Nothing was written.
    assert.equal((await entry('about')).texts, null);
  });

  test('the form without JavaScript posts one field per text and language', async () => {
    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ mode: 'key', key: 'demo-admin-key-change-me' }).expect(303);
    const health = await entry('health');
    const page = await agent.get(`/admin/pages?edit=${health.id}`).expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    // The form shows every text of the page, prefilled with the built-in copy.
    assert.ok(page.text.includes('name="texts.de.health.why.p1"'));
    assert.ok(page.text.includes(de.health.why.p1.replace(/&/g, '&amp;')));
    const form: Record<string, string> = {
      _csrf: csrf, pageName: 'health', title: health.title, titleDe: health.titleDe, content: health.content, contentDe: health.contentDe,
      metaDescription: health.metaDescription ?? '', metaDescriptionDe: health.metaDescriptionDe ?? '',
      'texts.en.health.why.p1': en.health.why.p1,
      'texts.de.health.why.p1': 'Gesundheit beginnt mit dem Weg zur Klinik.',
    };
    await agent.post(`/admin/pages/${health.id}`).type('form').send(form).expect(303);
    assert.deepEqual((await entry('health')).texts, { 'health.why.p1': { de: 'Gesundheit beginnt mit dem Weg zur Klinik.' } });
    assert.ok(text((await request(h.app).get('/de/health').expect(200)).text).includes('Gesundheit beginnt mit dem Weg zur Klinik.'));
  });

  test('the admin API lists a page\'s texts with their built-in copy; unknown pages are a 404', async () => {
    const res = await request(h.app).get('/api/admin/page-texts/about').set(ADMIN).expect(200);
    const all = (res.body.sections as { id: string; texts: { key: string; en: string; de: string }[] }[]).flatMap((s) => s.texts);
    assert.deepEqual(all.find((e) => e.key === 'about.story.p1'), { key: 'about.story.p1', en: en.about.story.p1, de: de.about.story.p1 });
    assert.ok(!all.some((e) => e.key === 'about.hero.title'));
    assert.ok(res.body.sections.some((s: { id: string }) => s.id === 'about.pillars'));
    assert.equal((await request(h.app).get('/api/admin/page-texts/contact').set(ADMIN).expect(200)).body.sections.length, 0);
    await request(h.app).get('/api/admin/page-texts/nothing').set(ADMIN).expect(404);
    await request(h.app).get('/api/admin/page-texts/about').expect(401);
  });

  test('the Home entry drives the home page: hero title and introduction (Markdown), meta description, edited section words', async () => {
    const home = await entry('home');
    await put(home, {
      title: 'Seventeen villages, one future',
      titleDe: 'Siebzehn Dörfer, eine Zukunft',
      content: 'We work **with** the villages, not for them.',
      contentDe: 'Wir arbeiten **mit** den Dörfern, nicht für sie.',
      metaDescription: 'A Swiss charity working with 17 villages in Zimbabwe.',
      metaDescriptionDe: 'Ein Schweizer Hilfswerk mit 17 Dörfern in Simbabwe.',
      texts: { 'home.vision.title': { en: 'Partners for decades' } },
    }).expect(200);
    const enHtml = (await request(h.app).get('/').expect(200)).text;
    assert.match(enHtml, /<h1>Seventeen villages, one future<\/h1>/);
    assert.ok(enHtml.includes('<p>We work <strong>with</strong> the villages, not for them.</p>'));
    assert.equal(metaDescription(enHtml), 'A Swiss charity working with 17 villages in Zimbabwe.');
    assert.ok(text(enHtml).includes('Partners for decades'));
    assert.ok(!text(enHtml).includes(en.hero.title));
    const deHtml = (await request(h.app).get('/de').expect(200)).text;
    assert.match(deHtml, /<h1>Siebzehn Dörfer, eine Zukunft<\/h1>/);
    assert.ok(deHtml.includes('<p>Wir arbeiten <strong>mit</strong> den Dörfern, nicht für sie.</p>'));
    assert.equal(metaDescription(deHtml), 'Ein Schweizer Hilfswerk mit 17 Dörfern in Simbabwe.');
    // Edited in English only: the German page keeps its German heading.
    assert.ok(text(deHtml).includes(de.home.vision.title));
  });

  test('a draft entry does not change the public page', async () => {
    const mission = await entry('mission');
    await put(mission, { draft: true, title: 'Draft mission title', texts: { 'mission.context.p1': { en: 'Draft words nobody may read yet.' } } }).expect(200);
    const after = (await request(h.app).get('/mission').expect(200)).text;
    assert.ok(!after.includes('Draft mission title'));
    assert.ok(!after.includes('Draft words nobody may read yet.'));
    assert.ok(text(after).includes(en.mission.context.p1));
    // Without a live entry the page shows its built-in copy.
    assert.ok(text(after).includes(en.mission.hero.title));
  });
});
