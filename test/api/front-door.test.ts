// The front door `/`: Accept-Language decides the first visit, the EN/DE choice (the lang cookie)
// decides every later one, and neither the page cache nor a cache on the way mixes them up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';

const HOST = 'localhost:5000';

describe('the front door follows the browser language until the visitor chooses', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  const home = (acceptLanguage?: string, cookie?: string) => {
    const req = request(h.app).get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    if (acceptLanguage !== undefined) req.set('Accept-Language', acceptLanguage);
    if (cookie !== undefined) req.set('Cookie', cookie);
    return req;
  };
  const varies = (res: { headers: Record<string, string> }) => (res.headers['vary'] ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());

  test('Swiss German goes to /de with a 302 that says what it depends on', async () => {
    const res = await home('de-CH').expect(302);
    assert.equal(res.headers.location, '/de');
    assert.ok(varies(res).includes('accept-language'), res.headers['vary']);
    assert.ok(varies(res).includes('cookie'), res.headers['vary']);
    assert.match(res.headers['cache-control'] ?? '', /private/);
  });

  test('plain German and every other German region go to /de', async () => {
    for (const lang of ['de', 'de-DE', 'de-AT', 'de-LI', 'DE-ch', 'de-CH,de;q=0.9,en;q=0.8,fr;q=0.7', 'gsw', 'fr-CH, fr;q=0.9, de;q=0.8, en;q=0.5']) {
      const res = await home(lang).expect(302);
      assert.equal(res.headers.location, '/de', lang);
    }
  });

  test('English, no header, languages we do not have and "*" stay English, with the same Vary', async () => {
    for (const lang of ['en-US', 'en', 'en-GB,en;q=0.9,de;q=0.8', 'fr-CH', 'it, fr;q=0.5', '*', 'de;q=0, en;q=0.1', undefined]) {
      const res = await home(lang).expect(200);
      assert.match(res.text, /<html lang="en">/, String(lang));
      assert.ok(varies(res).includes('accept-language'), `${lang}: ${res.headers['vary']}`);
      assert.ok(varies(res).includes('cookie'), `${lang}: ${res.headers['vary']}`);
    }
  });

  test('q-values decide between English and German', async () => {
    assert.equal((await home('en;q=0.9, de-CH;q=0.95').expect(302)).headers.location, '/de');
    assert.equal((await home('de-CH;q=0.95, en').expect(200)).status, 200);
    await home('en-US;q=0.8, de;q=0.5').expect(200);
    // An equal q goes to the language named first.
    await home('de, en').expect(302);
    await home('en, de').expect(200);
  });

  test('a visitor who chose English stays on / whatever the browser asks for', async () => {
    const res = await home('de-CH', 'lang=en').expect(200);
    assert.match(res.text, /<html lang="en">/);
    await home('de', 'lang=en').expect(200);
  });

  test('a visitor who chose German goes to /de, as before, also with an English browser', async () => {
    assert.equal((await home(undefined, 'lang=de').expect(302)).headers.location, '/de');
    assert.equal((await home('en-US', 'lang=de').expect(302)).headers.location, '/de');
    // A cookie that is no choice of ours counts as no choice.
    await home('en-US', 'lang=fr').expect(200);
    await home('de-CH', 'lang=fr').expect(302);
  });

  test('the query string goes along (newsletter links carry their campaign)', async () => {
    const res = await request(h.app).get('/?utm_source=newsletter&utm_campaign=winter%202026').set('Accept-Language', 'de-CH').expect(302);
    assert.equal(res.headers.location, '/de?utm_source=newsletter&utm_campaign=winter%202026');
  });

  test('a click on one of our own pages that leads to / is never sent elsewhere', async () => {
    await home('de-CH').set('Host', HOST).set('Referer', `http://${HOST}/de/team`).expect(200);
    await home('de-CH').set('Host', HOST).set('Referer', 'https://elsewhere.example/').expect(302);
  });

  test('only the bare front door: other pages, /de itself and client-side navigation are what they say', async () => {
    const about = await request(h.app).get('/about').set('Accept-Language', 'de-CH').expect(200);
    assert.match(about.text, /<html lang="en">/);
    const de = await request(h.app).get('/de').set('Accept-Language', 'en-US').set('Cookie', 'lang=en').expect(200);
    assert.match(de.text, /<html lang="de">/);
    const json = await request(h.app).get('/').set('Accept', 'application/json').set('Accept-Language', 'de-CH').expect(200);
    assert.equal(json.body.lang, 'en');
  });

  test('both homes keep their own canonical address', async () => {
    const de = await request(h.app).get('/de').set('Accept-Language', 'de-CH').expect(200);
    assert.match(de.text, /<link rel="canonical" href="http:\/\/localhost:5000\/de"\/?>/);
    const en = await home('en').expect(200);
    assert.match(en.text, /<link rel="canonical" href="http:\/\/localhost:5000\/"\/?>/);
  });

  test('the page cache never answers a German visitor with the English page, nor an English visitor with a redirect', async () => {
    // Warm the cache with the English home, then alternate visitors: each gets their own answer.
    const english = await home('en-US').expect(200);
    for (let round = 0; round < 3; round++) {
      assert.equal((await home('de-CH').expect(302)).headers.location, '/de');
      const en = await home('en-US').expect(200);
      assert.equal(en.text, english.text);
      assert.equal((await home('de-CH', 'lang=en').expect(200)).text, english.text);
      assert.equal((await home('en-US', 'lang=de').expect(302)).headers.location, '/de');
    }
    // The German home is its own cached page, whoever asked first.
    const german = await request(h.app).get('/de').set('Accept-Language', 'en').expect(200);
    assert.equal((await request(h.app).get('/de').set('Accept-Language', 'de-CH').expect(200)).text, german.text);
  });

  test('the EN/DE switch used as a plain link (no JavaScript yet) remembers the choice', async () => {
    // From /de/about to its twin /about: English was chosen.
    const en = await request(h.app).get('/about').set('Accept', 'text/html').set('Host', HOST).set('Referer', `http://${HOST}/de/about`).expect(200);
    const cookie = (en.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('lang='));
    assert.match(cookie ?? '', /^lang=en; Max-Age=31536000; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    assert.match(en.headers['cache-control'] ?? '', /private/, 'an answer that sets a cookie is not for shared caches');
    // The front door now keeps this German-speaking browser on the English home.
    await home('de-CH', 'lang=en').expect(200);

    // From /team to /de/team: German; and from the English home to the German one.
    const de = await request(h.app).get('/de/team').set('Accept', 'text/html').set('Host', HOST).set('Referer', `http://${HOST}/team`).expect(200);
    assert.match(String(de.headers['set-cookie'] ?? ''), /lang=de;/);
    const deHome = await request(h.app).get('/de').set('Accept', 'text/html').set('Host', HOST).set('Referer', `http://${HOST}/`).expect(200);
    assert.match(String(deHome.headers['set-cookie'] ?? ''), /lang=de;/);
  });

  test('other links, other sites and client-side navigation set no cookie', async () => {
    const cases = [
      // Another page in the other language is a link, not the switch.
      request(h.app).get('/about').set('Accept', 'text/html').set('Host', HOST).set('Referer', `http://${HOST}/de/team`),
      // Same language.
      request(h.app).get('/about').set('Accept', 'text/html').set('Host', HOST).set('Referer', `http://${HOST}/team`),
      // Another site.
      request(h.app).get('/about').set('Accept', 'text/html').set('Host', HOST).set('Referer', 'https://elsewhere.example/de/about'),
      // Client-side navigation asks for JSON; the browser code remembers the choice itself.
      request(h.app).get('/about').set('Accept', 'application/json').set('Host', HOST).set('Referer', `http://${HOST}/de/about`),
      // Already chosen.
      request(h.app).get('/about').set('Accept', 'text/html').set('Cookie', 'lang=en').set('Host', HOST).set('Referer', `http://${HOST}/de/about`),
    ];
    for (const req of cases) {
      const res = await req.expect(200);
      assert.equal(res.headers['set-cookie'], undefined);
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
  });
});
