import { Suspense, useState, type ReactNode } from 'react';

/**
 * Progressive hydration. The browser hydrates the server's HTML of a `<Later>` part in a task of
 * its own, after the rest of the page: one long task of hydrating a whole page (150-200 ms on a
 * cheap phone for the home page) becomes several short ones, and a tap in between is answered.
 * The part shows the server's markup all along (Preact keeps server DOM under a Suspense boundary
 * that suspends while hydrating); client navigations render it at once, like any component.
 *
 * `children` must render exactly one element (a section, the footer): that node is what Preact
 * keeps while the part waits. On the server (React) `Later` is its children, no boundary markers.
 *
 * The page counts as hydrated (`data-hydrated`, views/client.tsx) only once every part is:
 * `whenHydrated` calls back after the last one.
 */
interface Gate {
  done: boolean;
  promise: Promise<void>;
  open: () => void;
}

const inBrowser = typeof document !== 'undefined';
/** True while the browser's first render hydrates the server's HTML (views/client.tsx ends it). */
let hydrating = inBrowser;
const gates: Gate[] = [];
let released = false;
let waiting: (() => void)[] = [];

function newGate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  const gate: Gate = { done: false, promise, open: () => ((gate.done = true), open()) };
  gates.push(gate);
  return gate;
}

const DONE: Gate = { done: true, promise: Promise.resolve(), open: () => undefined };

/** One part per task, in document order; then whatever waits for the whole page. */
let count = 0;
function releaseNext(): void {
  const gate = gates.shift();
  if (gate) {
    gate.open();
    count++;
    setTimeout(releaseNext, 0);
    return;
  }
  released = true;
  // How many parts hydrated in tasks of their own (the browser tests read it).
  document.documentElement.dataset.hydratedLater = String(count);
  const callbacks = waiting;
  waiting = [];
  for (const cb of callbacks) cb();
}

/** The browser's first render is over: the parts it left waiting hydrate one task at a time. */
export function endHydration(): void {
  hydrating = false;
  setTimeout(releaseNext, 0);
}

/** Calls back once every `<Later>` part of the first page has hydrated. */
export function whenHydrated(cb: () => void): void {
  if (released || !inBrowser) cb();
  else waiting.push(cb);
}

function Wait({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.done) throw gate.promise;
  return children;
}

export function Later({ children }: { children: ReactNode }) {
  const [gate] = useState(() => (hydrating ? newGate() : DONE));
  if (!inBrowser) return children;
  return (
    <Suspense fallback={null}>
      <Wait gate={gate}>{children}</Wait>
    </Suspense>
  );
}
