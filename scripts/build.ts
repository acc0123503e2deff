// Builds the browser assets into public/assets/: the browser code (rolldown: the islands' loader and
// runtime, each island, the admin app; a public page never downloads admin or Stripe code), the
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

// The browser code, one bundler (rolldown) for all of it, its entries learned from declarations:
// - the islands' loader (views/island-loader.ts): the only script a public page runs before a
//   person touches it;
// - the islands' runtime (views/island-runtime.tsx): React and react-i18next;
// - every island: each file of views/islands/ declares one (`island(name, Component, { when, ns })`,
//   views/island.tsx); the build imports them and reads the declaration;
// - the admin app (views/admin-client.tsx): React, react-router-dom and react-i18next, started
//   after the first paint by views/admin-start.ts.
// React, ReactDOM and i18next are one file shared by the runtime and the admin; the code two or more
// islands share is one file; each island has its own. A public page never downloads admin code.
const islandsDir = path.join(root, 'views', 'islands');
const islandFiles = fs.readdirSync(islandsDir).filter((f) => /\.tsx$/.test(f)).sort();
interface IslandMeta { name: string; ns: readonly string[] }
const islandsMeta: (IslandMeta & { file: string })[] = [];
for (const file of islandFiles) {
  const mod = (await import(path.join(islandsDir, file))) as { default?: { island?: IslandMeta } };
  const decl = mod.default?.island;
  if (!decl) throw new Error(`views/islands/${file} does not default-export an island (views/island.tsx)`);
  if (islandsMeta.some((i) => i.name === decl.name)) throw new Error(`two islands are called ${decl.name}`);
  islandsMeta.push({ name: decl.name, ns: decl.ns, file });
}
const rolled = await rolldown({
  input: {
    loader: path.join(root, 'views', 'island-loader.ts'),
    runtime: path.join(root, 'views', 'island-runtime.tsx'),
    admin: path.join(root, 'views', 'admin-client.tsx'),
    'admin-start': path.join(root, 'views', 'admin-start.ts'),
    ...Object.fromEntries(islandsMeta.map((i) => [`island-${i.name}`, path.join(islandsDir, i.file)])),
  },
  cwd: root,
  platform: 'browser',
  transform: { define: { 'process.env.NODE_ENV': '"production"', __AXE_URL__: JSON.stringify(`/assets/${axeFile}`) }, jsx: { runtime: 'automatic' } },
  // react-router's "use client" directives mean nothing in a browser bundle.
  onLog(level, log, handler) {
    if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
    handler(level, log);
  },
  logLevel: 'warn',
});
const REACT = /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/;
const bundle = await rolled.write({
  dir: out,
  format: 'esm',
  minify: true,
  entryFileNames: '[name]-[hash].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  codeSplitting: {
    groups: [
      { name: 'react', test: REACT, priority: 30 },
      // Code two or more islands share (never the admin's: views/admin, models/shared/admin-*).
      { name: 'islands-shared', test: (id: string) => !/node_modules|views[\\/](admin|pages[\\/]admin)|models[\\/]shared[\\/]admin-/.test(id), minShareCount: 2, priority: 10 },
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
const entry = (name: string) => {
  const chunk = [...chunks.values()].find((c) => c.isEntry && c.name === name);
  if (!chunk) throw new Error(`build output for the ${name} entry not found`);
  return { js: publicPath(assetFile(chunk.fileName)), imports: [...closure(chunk.fileName)].filter((f) => f !== chunk.fileName).map((f) => publicPath(assetFile(f))) };
};
const loaderFiles = entry('loader');
if (loaderFiles.imports.length) throw new Error(`the islands' loader must stand alone, but imports ${loaderFiles.imports.join(', ')}`);
const adminStart = entry('admin-start');
if (adminStart.imports.length) throw new Error(`the admin's start script must stand alone, but imports ${adminStart.imports.join(', ')}`);

// Interface text for the browser: per island, the namespaces (top-level keys of locales/*.json) it
// declares; the admin app gets every key but the server's own. Search data stays on the server.
const { SERVER_ONLY_NS } = await import('../views/locale-bundles');
const localeFile = (lang: string, name: string, content: unknown) => {
  const text = JSON.stringify(content);
  const hash = crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);
  const file = `locale-${lang}-${name}-${hash}.json`;
  fs.writeFileSync(path.join(out, file), text);
  return `/assets/${file}`;
};
const LANGS = ['en', 'de'] as const;
const localeData = Object.fromEntries(LANGS.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(root, 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>]));
const byName: Record<string, { js: string; imports: string[]; locales: Record<string, string> }> = {};
for (const i of islandsMeta) {
  const locales: Record<string, string> = {};
  for (const lang of LANGS) {
    const missing = i.ns.filter((ns) => !(ns in localeData[lang]!));
    if (missing.length) throw new Error(`island ${i.name}: no ${missing.join(', ')} in locales/${lang}.json`);
    locales[lang] = localeFile(lang, `island-${i.name}`, Object.fromEntries(i.ns.map((ns) => [ns, localeData[lang]![ns]])));
  }
  byName[i.name] = { ...entry(`island-${i.name}`), locales };
}
const adminLocales = Object.fromEntries(LANGS.map((lang) => [lang, localeFile(lang, 'admin', Object.fromEntries(Object.entries(localeData[lang]!).filter(([k]) => !SERVER_ONLY_NS.includes(k))))]));
const islands = { loader: loaderFiles.js, runtime: entry('runtime'), byName };
const admin = { ...entry('admin'), locales: adminLocales, start: adminStart.js };

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

fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ css, adminCss, cssRules, islands, admin }));
// Compressed once here, served as they are (controllers/routes.ts): brotli at its best quality, gzip for the rest.
for (const file of fs.readdirSync(out, { recursive: true, encoding: 'utf8' })) {
  if (!/\.(js|css|json|svg)$/.test(file)) continue;
  const body = fs.readFileSync(path.join(out, file));
  fs.writeFileSync(path.join(out, `${file}.br`), zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  fs.writeFileSync(path.join(out, `${file}.gz`), zlib.gzipSync(body, { level: 9 }));
}
console.log(`built ${chunks.size} scripts (${islandsMeta.length} islands) and ${cssOutputs.length} stylesheets into public/assets`);

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
