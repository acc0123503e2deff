// The admin page's first script (a few hundred bytes, no React; it stands alone: the build fails if
// it imports another chunk). The page is whole in the HTML the server sent, the sign-in form works
// as a plain post: so the app's code and text (about 200 KB) are asked for once the page has
// painted, not while its stylesheets come. On a slow phone the page shows a second sooner; then the
// app (views/admin-client.tsx) loads, with its chunks preloaded side by side, and hydrates it.
const tag = document.querySelector<HTMLScriptElement>('script[data-admin-app]');

function start(): void {
  if (!tag) return;
  const add = (attrs: Record<string, string>) => document.head.appendChild(Object.assign(document.createElement('link'), attrs));
  for (const href of (tag.dataset.imports ?? '').split(' ').filter(Boolean)) add({ rel: 'modulepreload', href });
  if (tag.dataset.locale) add({ rel: 'preload', href: tag.dataset.locale, as: 'fetch', crossOrigin: 'anonymous' });
  void import(/* @vite-ignore */ tag.dataset.adminApp!);
}

// After the first paint: the next frame, then a task.
requestAnimationFrame(() => setTimeout(start, 0));
