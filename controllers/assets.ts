import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { ROOT } from '../config';
import type { Assets } from '../views/types';

const MANIFEST = path.join(ROOT, 'public', 'assets', 'manifest.json');

/** Built asset names (content-hashed), read from the manifest that scripts/build.ts writes. */
export function assetLoader(log: Logger): () => Assets {
  let cached: Assets | null = null;
  let mtime = 0;
  let checked = 0;
  return () => {
    // Every page request asks: the file is looked at once a second, not once a request.
    const now = Date.now();
    if (cached && now - checked < 1000) return cached;
    checked = now;
    try {
      const stat = fs.statSync(MANIFEST);
      if (!cached || stat.mtimeMs !== mtime) {
        cached = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Assets;
        mtime = stat.mtimeMs;
      }
    } catch {
      if (!cached) log.warn('public/assets/manifest.json is missing: run `npm run build`');
      cached ??= {
        css: '/assets/site.css',
        adminCss: '/assets/admin.css',
        cssRules: [],
        islands: { loader: '/assets/loader.js', runtime: { js: '/assets/runtime.js', imports: [] }, byName: {} },
        admin: { js: '/assets/admin.js', imports: [], locales: { en: '', de: '' }, start: '/assets/admin-start.js' },
      };
    }
    return cached;
  };
}
