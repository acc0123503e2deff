// The browser's React for islands (loaded by views/island-loader.ts when the first island wakes):
// one i18next instance for the page (react-i18next), and hydrateRoot for each island with its
// serialized props, inside the same providers the server rendered it in (views/providers.tsx).
import { hydrateRoot } from 'react-dom/client';
import { startTransition, useEffect, type ComponentType } from 'react';
import i18next, { type i18n } from 'i18next';
import { IslandFrame, islandPrefix, type IslandComponent } from './island';
import { Providers } from './providers';
import type { IslandEnv } from './island-env';
import { browserI18nOptions } from './i18n-browser';

let instance: i18n | null = null;
const loadedLocales = new Map<string, Promise<void>>();

function i18nFor(env: IslandEnv): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init(browserI18nOptions(instance, env.lang));
  return instance;
}

/** An island's interface text, added to the page's i18next once. */
function loadLocale(env: IslandEnv, url: string): Promise<void> {
  let pending = loadedLocales.get(url);
  if (!pending) {
    pending = fetch(url)
      .then(async (res) => {
        if (!res.ok) throw new Error(`locale ${url}: ${res.status}`);
        i18nFor(env).addResourceBundle(env.lang, 'translation', await res.json(), true, true);
      })
      .catch((err: unknown) => {
        loadedLocales.delete(url);
        throw err;
      });
    loadedLocales.set(url, pending);
  }
  return pending;
}

/** The site stylesheet, once a part of the page runs (menus, lightbox, messages need all of it). */
function ensureSiteStyles(env: IslandEnv): void {
  if (document.querySelector(`link[rel=stylesheet][href="${env.css}"]`)) return;
  document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: env.css }));
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const TEXT_LIKE = /^(text|email|search|tel|url|number|password)$/;

/** What a person typed into the island's fields before it woke (React's hydration resets controlled fields to their state). */
function typedSoFar(el: HTMLElement): [Field, string][] {
  return [...el.querySelectorAll<Field>('input, textarea')]
    .filter((f) => (f instanceof HTMLInputElement ? TEXT_LIKE.test(f.type) : true) && f.value !== f.defaultValue)
    .map((f) => [f, f.value]);
}

/** Gives the typed values back through the fields' own input events, so the component's state takes them. */
function retype(fields: [Field, string][]): void {
  for (const [field, value] of fields) {
    if (!field.isConnected) continue;
    // React keeps the field's DOM value until its next render, and tracks it: told another value
    // through the element's own setter (React's), the typed value set below reads as typed and
    // fires the component's onChange, so its state takes it before that render.
    field.value = value === '' ? ' ' : '';
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, []);
  return null;
}

/**
 * Hydrates one island: its text first, then its root. Resolves once React has committed it (its
 * effects ran), so a held click can be replayed on a live component.
 */
export async function hydrateIsland(el: HTMLElement, env: IslandEnv, module: { default: IslandComponent<object> }): Promise<void> {
  const name = el.dataset.island!;
  const files = env.islands[name];
  if (files) await loadLocale(env, files.locale);
  const { Component } = module.default.island as { Component: ComponentType<object> };
  const props = JSON.parse(el.dataset.props ?? '{}') as object;
  // The island's slot: the HTML the server rendered for its children, as it is in the page.
  const slot = el.querySelector('vb-slot');
  const children = slot ? <vb-slot dangerouslySetInnerHTML={{ __html: slot.innerHTML }} /> : undefined;
  const index = Number(el.dataset.i ?? 0);
  const typed = typedSoFar(el);
  await new Promise<void>((resolve) => {
    // In a transition, React hydrates in slices of a few milliseconds and gives the main thread back
    // between them (as Remix's entry does): a cheap phone stays responsive while an island wakes,
    // where one default-priority hydration is a single long task (Lighthouse's blocking time).
    startTransition(() => {
      hydrateRoot(
        el,
        <Providers app={{ lang: env.lang, site: env.site, page: env.page }} i18n={i18nFor(env)}>
          <IslandFrame>
            <Component {...props}>{children}</Component>
          </IslandFrame>
          <Ready onReady={resolve} />
        </Providers>,
        {
          identifierPrefix: islandPrefix(index),
          onRecoverableError: (error) => console.error(`hydration of island ${name}: ${String((error as Error)?.message ?? error)}`),
        },
      );
    });
  });
  retype(typed);
  ensureSiteStyles(env);
}
