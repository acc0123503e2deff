import { useEffect, useState } from 'react';

// Set once the page has hydrated (never on the server, where effects do not run). Components
// mounted later start hydrated, so they do not swap their element (and lose focus) after mounting.
let pageHydrated = false;

/** False on the server and during hydration, true afterwards: controls that need JavaScript appear then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
