// Islands: the parts of a public page that people touch. The server renders every page whole with
// React; in the browser only the islands hydrate, each as a React root of its own with its own
// serialized props, when it is needed (views/island-loader.ts). An island is declared once, in its
// own file under views/islands/ (`island(name, Component, options)`), and used like any component:
// on the server it renders as
//
//   <vb-island data-island="header" data-i="0" data-props="{...}">…the component's HTML…</vb-island>
//
// The component's HTML is rendered as a root of its own (views/render.tsx), so its ids (useId) are
// the ones the browser's root makes when it hydrates it (both sides use the prefix `i<N>-`). Inside
// an island, other islands are plain parts of it (one root, hydrated together).
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * When the browser hydrates an island:
 * - 'load': once the page has painted (the checkout's card form);
 * - 'idle': when the browser has nothing else to do (after `after` ms, when given: the slideshow,
 *   whose code is needed only when its first slide change is due);
 * - 'visible': when it comes near the screen;
 * - 'interaction': at the person's first touch, key or focus on it; a click or a form sent before
 *   it is ready is held and replayed once it is (the logo's first click counts);
 * - 'runtime': with the first other island of the page (the messages region other islands write to).
 */
export type IslandWhen = 'load' | 'idle' | 'visible' | 'interaction' | 'runtime';

export interface IslandOptions {
  when: IslandWhen;
  /** The top-level keys of locales/*.json whose text it shows (the browser loads only these). */
  ns: readonly string[];
  /** With 'idle': not before this many milliseconds after the loader ran (a touch wakes it at once). */
  after?: number;
}

export interface IslandDecl<P> extends IslandOptions {
  name: string;
  Component: ComponentType<P>;
}

/** An island as hosts use it: a component with its declaration attached (the build reads it). */
export interface IslandComponent<P> {
  (props: P): ReactNode;
  island: IslandDecl<P>;
}

/**
 * The server's renderer of one island (views/render.tsx; absent in the browser): its HTML, its
 * place among the page's islands, and its props as the browser gets them (JSON).
 */
export type IslandRenderer = (decl: IslandDecl<any>, props: object, slot?: ReactNode) => { html: string; index: number; props: string };
export const IslandRendererContext = createContext<IslandRenderer | null>(null);

const InsideIsland = createContext(false);

/** The frame of an island's own root: inside it, islands are plain components. */
export function IslandFrame({ children }: { children: ReactNode }) {
  return <InsideIsland.Provider value={true}>{children}</InsideIsland.Provider>;
}

/** Island names: a custom element's attribute, a file name, a locale file. */
const NAME = /^[a-z][a-z0-9-]*$/;

export function island<P extends object>(name: string, Component: ComponentType<P>, options: IslandOptions): IslandComponent<P> {
  if (!NAME.test(name)) throw new Error(`island name ${name}: lowercase letters, digits and hyphens`);
  const decl: IslandDecl<P> = { name, Component, ...options };
  function Island(props: P) {
    const render = useContext(IslandRendererContext);
    const inside = useContext(InsideIsland);
    if (inside || !render) return <Component {...props} />;
    // Children are the island's slot: HTML the server renders once (<vb-slot>), which the browser
    // takes from the page instead of from serialized props (views/island-runtime.tsx).
    const { children, ...rest } = props as P & { children?: ReactNode };
    const rendered = render(decl, rest, children);
    return <vb-island data-island={name} data-i={rendered.index} data-when={options.when} data-after={options.after} data-props={rendered.props} dangerouslySetInnerHTML={{ __html: rendered.html }} />;
  }
  Island.displayName = `Island(${name})`;
  Island.island = decl;
  return Island;
}

/** The ids of an island's root: the same prefix on the server and in the browser. */
export const islandPrefix = (index: number) => `i${index}-`;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'vb-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & Record<`data-${string}`, string | number | undefined>;
      'vb-slot': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
