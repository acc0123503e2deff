// Builds the browser assets into public/assets/: the client bundle (rolldown: a framework file, a
// file of shared code and one per page; a public page never downloads admin or Stripe code), the
// stylesheets (esbuild) and the locale files, all content-hashed, plus manifest.json naming them
// for the server; then the server into dist/ (esbuild).
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import postcss from 'postcss';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'assets');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

// The stylesheets: esbuild bundles their @imports and minifies them.
const cssResult = await build({
  entryPoints: {
    site: path.join(root, 'views', 'styles', 'site.css'),
    admin: path.join(root, 'views', 'styles', 'admin-entry.css'),
  },
  bundle: true,
  minify: true,
  outdir: out,
  entryNames: '[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const cssOutputs = Object.entries(cssResult.metafile.outputs);
const publicPath = (file: string) => '/' + path.relative(path.join(root, 'public'), path.resolve(root, file)).split(path.sep).join('/');
const findCss = (entry: string) => {
  const found = cssOutputs.find(([, o]) => o.entryPoint && o.entryPoint.endsWith(entry));
  if (!found) throw new Error(`build output for ${entry} not found`);
  return publicPath(found[0]);
};
const css = findCss('views/styles/site.css');
const adminCss = findCss('views/styles/admin-entry.css');

// axe-core for the editor's accessibility check: the package's own minified file, content-hashed,
// loaded by the admin's lazily imported check (views/admin/a11y-axe.ts) only when a check runs;
// its address reaches that chunk through a define.
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js'));
const axeFile = `axe-${crypto.createHash('sha256').update(axeSource).digest('hex').slice(0, 10)}.js`;
fs.writeFileSync(path.join(out, axeFile), axeSource);

// The browser code: rolldown, for its chunk groups. Split per page only where it pays: on a
// village line (400 ms a round trip, six connections) each file costs more than a few KB of code,
// so the framework is one file, code that two or more public pages share is one file, and each
// page has its own; admin and checkout code stays out of the shared file, so a public page never
// downloads admin or Stripe code. (esbuild, which built it before, splits by exactly which pages
// use a module: 20-30 files of 0.4-14 KB per page.)
const rolled = await rolldown({
  input: { client: path.join(root, 'views', 'client.tsx') },
  cwd: root,
  platform: 'browser',
  // The browser runs the pages on Preact's React-compatible runtime (about 10 KB instead of
  // react-dom's 60 KB compressed); the server renders them with React itself.
  resolve: {
    alias: {
      react: 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  },
  transform: { define: { 'process.env.NODE_ENV': '"production"', __AXE_URL__: JSON.stringify(`/assets/${axeFile}`) }, jsx: { runtime: 'automatic', importSource: 'preact' } },
  // react-router's "use client" directives mean nothing in a browser bundle; React Router checks
  // for React 19's useOptimistic, which Preact does not have, and falls back without it.
  onLog(level, log, handler) {
    if (log.code === 'MODULE_LEVEL_DIRECTIVE' || (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic'))) return;
    handler(level, log);
  },
  logLevel: 'warn',
});
const bundle = await rolled.write({
  dir: out,
  format: 'esm',
  minify: true,
  entryFileNames: '[name]-[hash].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  codeSplitting: {
    groups: [
      { name: 'framework', test: /node_modules/, minShareCount: 2, priority: 20 },
      // models/admin-*: the admin screens' rules, shared by the two admin pages only.
      { name: 'shared', test: (id: string) => !/views[\\/](admin|pages[\\/](admin|checkout|backend))|models[\\/]admin-/.test(id), minShareCount: 2, priority: 10 },
    ],
  },
});
await rolled.close();
const chunks = new Map(bundle.output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
const assetFile = (fileName: string) => path.join('public', 'assets', fileName);
/** An output file and every chunk it imports statically, transitively: what runs when it runs. */
function closure(fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const i of chunks.get(fileName)?.imports ?? []) closure(i, seen);
  return seen;
}
const clientChunk = [...chunks.values()].find((c) => c.isEntry)!;
const client = publicPath(assetFile(clientChunk.fileName));
// Preloaded with every page: the chunks the client entry imports statically (not the entry itself,
// which the page's <script> names).
const preload = [...closure(clientChunk.fileName)].filter((f) => f !== clientChunk.fileName).map((f) => publicPath(assetFile(f)));
// Per route: its page module's chunk and what that imports, minus what every page preloads, so a
// page preloads exactly the code it runs and nothing else.
const { routes } = await import('../views/routes');
const pages: Record<string, string[]> = {};
for (const route of routes) {
  const module = /import\(["'](\.\/pages\/[\w-]+)["']\)/.exec(route.load.toString())?.[1];
  const modulePath = module && path.join(root, 'views', `${module.slice(2)}.tsx`);
  const chunk = modulePath && [...chunks.values()].find((c) => c.isDynamicEntry && c.facadeModuleId === modulePath);
  // The stand-in pages (not found, error) are part of the client itself: nothing of their own.
  const inClient = modulePath && [...closure(clientChunk.fileName)].some((f) => chunks.get(f)?.moduleIds.includes(modulePath));
  if (!chunk && inClient) {
    pages[route.id] = [];
    continue;
  }
  if (!chunk) throw new Error(`build output for the ${route.id} page not found`);
  pages[route.id] = [...closure(chunk.fileName)].map((f) => publicPath(assetFile(f))).filter((f) => !preload.includes(f));
}

// Locale bundles: 'core' (shared by every page) and one file per namespace a route claims in
// views/routes.tsx, so a page downloads only the text it can show. Search data stays on the server.
const { splitLocale } = await import('../views/locale-bundles');
const locales: Record<string, Record<string, string>> = {};
for (const lang of ['en', 'de']) {
  const bundles = splitLocale(JSON.parse(fs.readFileSync(path.join(root, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>);
  locales[lang] = {};
  for (const [name, content] of Object.entries(bundles)) {
    const text = JSON.stringify(content);
    const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);
    const file = `locale-${lang}-${name}-${hash}.json`;
    fs.writeFileSync(path.join(out, file), text);
    locales[lang]![name] = `/assets/${file}`;
  }
}

// The site stylesheet's rules with what each selector needs, for the CSS a page inlines
// (views/critical-css.ts).
const { selectorNeeds } = await import('../views/critical-css');
type CssRule = import('../views/critical-css').CssRule;
const cssRules: CssRule[] = [];
const WRAPPERS = new Set(['media', 'supports', 'container', 'layer']);
function indexCss(container: postcss.Container, at: string[]): void {
  container.each((node) => {
    if (node.type === 'rule') cssRules.push({ at, need: node.selectors.map(selectorNeeds), css: node.toString() });
    else if (node.type === 'atrule' && WRAPPERS.has(node.name) && node.nodes) indexCss(node, [...at, `@${node.name} ${node.params}`]);
    else if (node.type === 'atrule') cssRules.push({ at, need: [], css: node.toString() + (node.nodes ? '' : ';') });
  });
}
indexCss(postcss.parse(fs.readFileSync(path.join(root, 'public', css), 'utf8')), []);

fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ client, css, adminCss, locales, preload, pages, cssRules }));
// Compressed once here, served as they are (app.ts): brotli at its best quality, gzip for the rest.
for (const file of fs.readdirSync(out, { recursive: true, encoding: 'utf8' })) {
  if (!/\.(js|css|json|svg)$/.test(file)) continue;
  const body = fs.readFileSync(path.join(out, file));
  fs.writeFileSync(path.join(out, `${file}.br`), zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  fs.writeFileSync(path.join(out, `${file}.gz`), zlib.gzipSync(body, { level: 9 }));
}
console.log(`built ${chunks.size} scripts and ${cssOutputs.length} stylesheets into public/assets (client ${client})`);

// The server, compiled once into dist/ (production runs plain JavaScript, no TypeScript at run
// time): our code in one ES module, packages from node_modules as they are.
// React and the packages that use it are compiled in (with everything they import), so the server
// always renders with React's production build and one React instance; other packages stay in
// node_modules.
const dist = path.join(root, 'dist');
// @stripe/stripe-js: its 'pure' entry is a directory import, which Node's own ES module loader refuses.
const BUNDLED = new Set(['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'react-i18next', '@stripe/stripe-js']);
const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(root, 'app.ts') },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          const fromPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
          if (args.path.startsWith('node:') || (!fromPackage && !BUNDLED.has(packageName(args.path)))) return { path: args.path, external: true };
          return undefined;
        });
      },
    },
  ],
  // CommonJS packages compiled in still call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  outdir: dist,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: 'linked',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
});
// V8 keeps every module's source text in memory, and Node.js hands it over as one byte a character
// only when the file is all ASCII: a single "ß" or "…" left in a regular expression or a comment
// (esbuild escapes strings, not those) doubles the 1.7 MB of dist/server.js. Write \u00DF instead.
// Files under 64 KB are left alone: a few KB are not worth a less readable pattern.
for (const file of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.js') || fs.statSync(path.join(dist, file)).size < 64 * 1024) continue;
  const lines = fs.readFileSync(path.join(dist, file), 'utf8').split('\n');
  const wide = lines.flatMap((line, i) => [...line.matchAll(/[^\u0000-\u007f]/gu)].map((m) => `line ${i + 1}: ${JSON.stringify(line.slice(Math.max(0, m.index - 40), m.index + 10))}`));
  if (wide.length) console.warn(`warning: dist/${file} is not all ASCII (its source then takes twice the memory), write these characters as \\u escapes:\n  ${wide.slice(0, 5).join('\n  ')}`);
}
console.log('built the server into dist/ (node dist/server.js)');
