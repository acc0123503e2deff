// Islands hydrate to exactly their server HTML, from exactly what the browser gets: for every public
// page in both languages, each <vb-island> is rendered again from its serialized props, the page's
// island data (#__islands) and its slot as it is in the page, with an i18next that holds only the
// namespaces the island declares (the text the browser downloads for it). The result must be the
// island's HTML, character for character, and no key may be missing. This is what the browser's
// hydrateRoot does (views/island-runtime.tsx), without a browser; the end-to-end tests hydrate them
// for real and fail on any recoverable hydration error.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import { PAGES } from '../../controllers/pages';
import { localizePath } from '../../models/shared/urls';
import { createI18n } from '../../views/i18n';
import { Providers } from '../../views/providers';
import { IslandFrame, islandPrefix, type IslandComponent } from '../../views/island';
import { ISLAND_ENV_ID, type IslandEnv } from '../../views/island-env';
import type { PagePayload } from '../../views/types';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');
const ISLANDS_DIR = path.resolve(import.meta.dirname, '../../views/islands');
const LOCALES = { en, de } as Record<'en' | 'de', Record<string, unknown>>;

/** Every island of views/islands/, by name, as the build finds them. */
async function islandsByName(): Promise<Map<string, IslandComponent<object>['island']>> {
  const out = new Map<string, IslandComponent<object>['island']>();
  for (const file of fs.readdirSync(ISLANDS_DIR).filter((f) => f.endsWith('.tsx'))) {
    const mod = (await import(path.join(ISLANDS_DIR, file))) as { default: IslandComponent<object> };
    out.set(mod.default.island.name, mod.default.island);
  }
  return out;
}

interface FoundIsland {
  name: string;
  index: number;
  props: object;
  html: string;
  slot: string | null;
}

/** The page's islands as the browser finds them: attributes decoded, inner HTML as sent. */
function islandsOf(html: string): { env: IslandEnv | null; islands: FoundIsland[] } {
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const envNode = DomUtils.findOne((e) => e.attribs.id === ISLAND_ENV_ID, doc.children);
  const env = envNode ? (JSON.parse(DomUtils.textContent(envNode)) as IslandEnv) : null;
  const islands = DomUtils.findAll((e) => e.name === 'vb-island', doc.children).map((el) => {
    const open = html.indexOf('>', el.startIndex!) + 1;
    const inner = html.slice(open, el.endIndex! - '</vb-island>'.length + 1);
    const slotEl = DomUtils.findOne((e) => e.name === 'vb-slot', el.children);
    const slot = slotEl ? html.slice(html.indexOf('>', slotEl.startIndex!) + 1, slotEl.endIndex! - '</vb-slot>'.length + 1) : null;
    return { name: el.attribs['data-island']!, index: Number(el.attribs['data-i']), props: JSON.parse(el.attribs['data-props'] ?? '{}') as object, html: inner, slot };
  });
  return { env, islands };
}

describe('islands hydrate to their own server HTML from what the browser gets', () => {
  let h: AppHandle;
  let declared: Awaited<ReturnType<typeof islandsByName>>;
  let paths: string[];
  before(async () => {
    // Payments set up (no call reaches Stripe here): the checkout is an island only then.
    h = await testApp({ STRIPE_SECRET_KEY: 'sk_test_islands', STRIPE_PUBLISHABLE_KEY: 'pk_test_islands' });
    declared = await islandsByName();
    const projects = (await request(h.app).get('/api/projects')).body as { slug: string }[];
    const news = (await request(h.app).get('/api/news')).body as { slug: string }[];
    paths = [
      ...PAGES.filter((r) => r.layout === 'public' && !r.path.includes(':')).map((r) => r.path),
      ...projects.map((p) => `/projects/${p.slug}`),
      ...news.map((n) => `/news/${n.slug}`),
      '/checkout?project=nook-vocational-training-center&amount=75',
      '/no-such-page',
    ];
  });
  after(() => h.close());

  for (const lang of ['en', 'de'] as const) {
    test(`every island of every page in ${lang}`, async () => {
      const problems: string[] = [];
      const seen = new Set<string>();
      for (const p of paths) {
        const url = localizePath(p, lang);
        const res = await request(h.app).get(url).set('Accept', 'text/html');
        const { env, islands } = islandsOf(res.text);
        if (!islands.length) continue;
        assert.ok(env, `${url}: islands without their data`);
        assert.deepEqual(Object.keys(env.islands).sort(), [...new Set(islands.map((i) => i.name))].sort(), `${url}: the data names exactly the page's islands`);
        islands.forEach((island, i) => assert.equal(island.index, i, `${url}: islands numbered in page order`));
        for (const island of islands) {
          seen.add(island.name);
          const decl = declared.get(island.name);
          if (!decl) {
            problems.push(`${url}: unknown island ${island.name}`);
            continue;
          }
          // Only the namespaces the island declares: what its locale file holds.
          const missing: string[] = [];
          const only = Object.fromEntries(decl.ns.map((ns) => [ns, LOCALES[lang][ns]]));
          const i18n = createI18n(lang, { [lang]: only });
          i18n.options.missingKeyHandler = (_l, _n, key) => missing.push(key);
          const Component = decl.Component as ComponentType<object>;
          const children = island.slot === null ? undefined : <vb-slot dangerouslySetInnerHTML={{ __html: island.slot }} />;
          const again = renderToString(
            <html>
              <head />
              <body>
                <Providers app={{ lang: env.lang, site: env.site, page: env.page }} i18n={i18n}>
                  <IslandFrame>
                    <Component {...island.props}>{children}</Component>
                  </IslandFrame>
                </Providers>
              </body>
            </html>,
            { identifierPrefix: islandPrefix(island.index) },
          );
          const body = again.slice(again.indexOf('<body>') + 6, again.lastIndexOf('</body>'));
          if (body !== island.html) {
            let at = 0;
            while (at < body.length && body[at] === island.html[at]) at++;
            problems.push(`${url} ${island.name}: differs at ${at}: server «${island.html.slice(Math.max(0, at - 60), at + 60)}» browser «${body.slice(Math.max(0, at - 60), at + 60)}»`);
          }
          if (missing.length) problems.push(`${url} ${island.name}: keys outside its namespaces (${decl.ns.join(', ')}): ${[...new Set(missing)].join(', ')}`);
        }
      }
      assert.deepEqual(problems, []);
      // Every island of the folder is on some page (none is dead code).
      assert.deepEqual([...declared.keys()].filter((n) => !seen.has(n)), []);
    });
  }

  test('text pages wake no island before a person touches them; the checkout wakes at once, the slideshow when the browser is idle', async () => {
    const whenOf = async (url: string) => islandsOf((await request(h.app).get(url).set('Accept', 'text/html')).text).islands.map((i) => `${i.name}:${declared.get(i.name)!.when}`);
    for (const p of ['/about', '/de/vision', '/mission', '/food-security', '/skills-training', '/health', '/environment', '/tariro-nook', '/team', '/privacy', '/de/imprint', '/de/projects/new-project-template']) {
      const eager = (await whenOf(p)).filter((w) => !w.endsWith(':interaction') && !w.endsWith(':runtime'));
      assert.deepEqual(eager, [], `${p} wakes nothing by itself`);
    }
    assert.ok((await whenOf('/')).includes('slideshow:idle'));
    assert.ok(!(await whenOf('/')).some((w) => w.endsWith(':load')), 'the home page wakes nothing at load');
    assert.ok((await whenOf('/checkout')).includes('checkout:load'));
    // A site without payments shows bank details and the QR-bill only: plain HTML, no island to wake.
    const bare = await testApp();
    try {
      const page = (await request(bare.app).get('/checkout').set('Accept', 'text/html')).text;
      assert.match(page, /Donation System Setup Required/);
      assert.deepEqual(islandsOf(page).islands.map((i) => i.name).filter((n) => n === 'checkout'), []);
    } finally {
      await bare.close();
    }
  });

  test("the checkout's code and text are asked for from the head, at low priority; pages that wake nothing at load ask for nothing early", async () => {
    const manifest = h.deps.assets();
    const headOf = async (url: string) => {
      const html = (await request(h.app).get(url).set('Accept', 'text/html').expect(200)).text;
      return html.slice(0, html.indexOf('</head>'));
    };
    for (const lang of ['en', 'de'] as const) {
      const head = await headOf(lang === 'en' ? '/checkout' : '/de/checkout');
      const checkout = manifest.islands.byName.checkout!;
      const modules = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low"\/>/g)].map((m) => m[1]).sort();
      assert.deepEqual(modules, [...new Set([manifest.islands.runtime.js, ...manifest.islands.runtime.imports, checkout.js, ...checkout.imports])].sort());
      // A one-off gift's checkout carries no bank details, QR-bill or standing order: that screen is
      // fetched only when payments fail (setup-required-later.tsx).
      for (const file of modules) {
        const code = fs.readFileSync(path.join(PUBLIC_DIR, file!.replace(/^\//, '')), 'utf8');
        assert.doesNotMatch(code, /setup-bank|setup-standing/, file);
      }
      const texts = [...head.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" fetchpriority="low"\/>/g)].map((m) => m[1]);
      assert.deepEqual(texts, [checkout.locales[lang]]);
      // After the inlined first-paint CSS.
      assert.ok(head.indexOf('<style') < head.indexOf('rel="modulepreload"'));
    }
    for (const url of ['/', '/de/about', '/projects', '/contact']) assert.doesNotMatch(await headOf(url), /modulepreload|as="fetch"/, url);
  });

  test('the browser gets one language on public pages and both on admin pages', async () => {
    const home = (await request(h.app).get('/').set('Accept', 'application/json')).body as PagePayload<{ projects: Record<string, unknown>[] }>;
    assert.ok(home.props.projects.length > 0);
    for (const p of home.props.projects) assert.ok(!('titleDe' in p) && !('descriptionDe' in p), 'English page without German twins');
    const deHome = (await request(h.app).get('/de').set('Accept', 'application/json')).body as PagePayload<{ projects: Record<string, unknown>[] }>;
    const withGerman = deHome.props.projects.filter((p) => p.titleDe);
    assert.ok(withGerman.length > 0);
    for (const p of withGerman) assert.equal(p.title, p.titleDe, 'German page: the German text, not the English one');
    // An island's props too.
    const { islands } = islandsOf((await request(h.app).get('/').set('Accept', 'text/html')).text);
    const projects = islands.find((i) => i.name === 'projects')!.props as { projects: Record<string, unknown>[] };
    assert.ok(projects.projects.every((p) => !('titleDe' in p)));
  });
});
