// The phone-first home page as the server sends it: every project and every team member in the
// HTML (phones hide some cards with CSS only), short biographies with the full text on /team,
// choosable donation tiers and "show all" links, in both languages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { HOME_BIO_CHARS, shortBio } from '../../controllers/home';
import { DEMO_ADMIN_KEY } from '../../config';

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
/** The part of the page between two markers (a section and the next). */
const between = (html: string, from: string, to: string) => html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from)));

describe('the home page for phones and crawlers', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  for (const lang of ['en', 'de'] as const) {
    const home = lang === 'en' ? '/' : '/de';
    const prefix = lang === 'en' ? '' : '/de';

    test(`${home}: every project and every team member is in the HTML, with the links to all of them`, async () => {
      const html = (await request(h.app).get(home).set('Accept-Language', lang).expect(200)).text;
      const projects = await h.deps.db('projects').select('title', 'titleDe', 'slug');
      const section = between(html, 'id="projects"', 'id="team"');
      for (const p of projects) {
        assert.ok(text(section).includes(lang === 'de' && p.titleDe ? p.titleDe : p.title), p.title);
        assert.ok(section.includes(`href="${prefix}/projects/${p.slug}"`), p.slug);
      }
      const team = between(html, 'id="team"', 'id="news"');
      const members = await h.deps.db('team_members').select('name');
      assert.equal(members.length, 13);
      for (const m of members) assert.ok(text(team).includes(m.name), m.name);

      const showAll = lang === 'en' ? ['Show all projects', 'Meet the whole team'] : ['Alle Projekte anzeigen', 'Das ganze Team kennenlernen'];
      assert.match(section, new RegExp(`<a[^>]*href="${prefix}/projects"[^>]*>${showAll[0]}</a>`));
      assert.match(team, new RegExp(`<a[^>]*href="${prefix}/team"[^>]*>${showAll[1]}</a>`));
      // The figures are in both places (vision block and impact section); CSS shows them once on phones.
      assert.equal(html.match(/<dl class="figures/g)?.length, 2);
      assert.match(between(html, 'id="vision-heading"', 'id="projects"'), /<dl class="figures figures-vision">/);
    });

    test(`${home}: biographies are short on the home page and complete on the team page`, async () => {
      const [homeHtml, teamHtml] = await Promise.all([
        request(h.app).get(home).set('Accept-Language', lang).expect(200),
        request(h.app).get(`${prefix}/team`).expect(200),
      ]);
      const homeText = text(between(homeHtml.text, 'id="team"', 'id="news"'));
      const teamText = text(teamHtml.text);
      const members = await h.deps.db('team_members').select('bio', 'bioDe');
      let shortened = 0;
      for (const m of members) {
        const full = lang === 'de' ? m.bioDe : m.bio;
        assert.ok(teamText.includes(full), `the team page has the whole biography: ${full.slice(0, 40)}`);
        const short = shortBio(full);
        assert.ok(short.length <= HOME_BIO_CHARS + 1);
        assert.ok(homeText.includes(short), `the home page has the short one: ${short}`);
        if (short !== full) {
          shortened++;
          assert.ok(!homeText.includes(full));
        }
      }
      assert.ok(shortened > members.length / 2, `${shortened} biographies shortened`);
      // The page's data for hydration carries the short texts too (the home page stays light).
      const json = await request(h.app).get(home).set('Accept', 'application/json').expect(200);
      // (in the page's language only: see views/browser-payload.ts)
      assert.ok(json.body.props.team.every((m: { bio: string; bioDe?: string }) => m.bio.length <= HOME_BIO_CHARS + 1 && (m.bioDe ?? '').length <= HOME_BIO_CHARS + 1));
    });

    test(`${home}: each donation tier is a link to the checkout with its amount; Donate Now brings the default`, async () => {
      const html = (await request(h.app).get(home).set('Accept-Language', lang).expect(200)).text;
      const cta = between(html, 'id="donate-heading"', '</section>');
      const links = [...cta.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: m[1], text: text(m[2]!).replace(/\s+/g, ' ').trim() }));
      const expected =
        lang === 'en'
          ? [
              { href: '/checkout?amount=50&amp;currency=usd', text: 'Give $50 : Supports 1 month of education' },
              { href: '/checkout?amount=150&amp;currency=usd', text: 'Give $150 : Feeds 5 families for 1 month' },
              { href: '/checkout?amount=3500&amp;currency=usd', text: 'Give $3,500 : Builds 1 permaculture garden' },
              { href: '/checkout?amount=150&amp;currency=usd', text: 'Donate Now' },
              { href: '/projects', text: 'Explore Projects' },
            ]
          : [
              // Francs on a German page: the currency the checkout charges there, named in the link.
              { href: '/de/checkout?amount=50&amp;currency=chf', text: 'CHF 50 spenden : Ermöglicht 1 Monat Bildung' },
              { href: '/de/checkout?amount=150&amp;currency=chf', text: 'CHF 150 spenden : Ernährt 5 Familien während 1 Monat' },
              { href: '/de/checkout?amount=3500&amp;currency=chf', text: 'CHF 3’500 spenden : Baut 1 Permakultur-Garten' },
              { href: '/de/checkout?amount=150&amp;currency=chf', text: 'Jetzt spenden' },
              { href: '/de/projects', text: 'Projekte entdecken' },
            ];
      assert.deepEqual(links, expected);
      // Each tier's link covers its whole card (a tap anywhere on it chooses it).
      assert.equal(cta.match(/class="btn [a-z-]+ tier-choose stretched-link"/g)?.length, 3);
    });
  }

  test("a public page's data for its islands never carries the demo's admin key", async () => {
    assert.equal(h.deps.config.site.demoAdminKey, DEMO_ADMIN_KEY, 'the demo runs with its key');
    for (const path of ['/', '/de', '/checkout', '/contact']) {
      const html = (await request(h.app).get(path).expect(200)).text;
      assert.ok(html.includes('id="__islands"'), `${path} has islands`);
      assert.ok(!html.includes(DEMO_ADMIN_KEY), `${path} does not name the admin key`);
    }
  });

  test('the checkout accepts what the tiers send, in the currency they show', async () => {
    for (const [amount, cents] of [['50', 5000], ['150', 15000], ['3500', 350000]] as const) {
      const res = await request(h.app).get(`/de/checkout?amount=${amount}&currency=chf`).set('Accept', 'application/json').expect(200);
      assert.equal(res.body.props.selectedAmountCents, cents);
      assert.equal(res.body.props.currency, 'chf');
      assert.equal(res.body.props.currencyFromLink, true);
    }
  });
});
