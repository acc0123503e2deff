// The page a visitor came from, as the checkout and the newsletter form send it (`source`): a page
// of this site (its path, and its query when a campaign named it: utm_*). Runs in the browser; the
// server checks what it gets (models/shared/source-schema.ts).

/** `href` as a source when it is a page of `origin`: its path, with its query only if it names a campaign. */
export function sourceOf(href: string, origin: string): string | null {
  try {
    const url = new URL(href);
    if (url.origin !== origin) return null;
    const campaign = /(^|&)utm_[a-z]+=/.test(url.search.slice(1));
    return (url.pathname + (campaign ? url.search : '')).slice(0, 300);
  } catch {
    return null;
  }
}
