// Builds the browser assets into public/assets/: the client bundle (split per page, so a public
// page never downloads admin or Stripe code), the stylesheet and the locale files, all
// content-hashed, plus manifest.json naming them for the server.
import { build } from 'esbuild';
import postcss from 'postcss';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public', 'assets');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const result = await build({
  entryPoints: {
    client: path.join(root, 'views', 'client.tsx'),
    site: path.join(root, 'views', 'styles', 'site.css'),
    admin: path.join(root, 'views', 'styles', 'admin-entry.css'),
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  sourcemap: false,
  target: 'es2020',
  outdir: out,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  metafile: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  // The browser runs the pages on Preact's React-compatible runtime (about 10 KB instead of
  // react-dom's 60 KB compressed); the server renders them with React itself.
  alias: {
    react: 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react-dom': 'preact/compat',
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
  legalComments: 'none',
  logLevel: 'warning',
});

const outputs = Object.entries(result.metafile.outputs);
const find = (entry: string) => {
  const found = outputs.find(([, o]) => o.entryPoint && o.entryPoint.endsWith(entry));
  if (!found) throw new Error(`build output for ${entry} not found`);
  return '/' + path.relative(path.join(root, 'public'), path.join(root, found[0])).split(path.sep).join('/');
};
const client = find('views/client.tsx');
const css = find('views/styles/site.css');
const adminCss = find('views/styles/admin-entry.css');
const publicPath = (file: string) => '/' + path.relative(path.join(root, 'public'), path.join(root, file)).split(path.sep).join('/');
/** An output file and every chunk it imports statically, transitively: what runs when it runs. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const i of result.metafile.outputs[file]?.imports ?? []) if (i.kind === 'import-statement') closure(i.path, seen);
  return seen;
}
const clientFile = outputs.find(([, o]) => o.entryPoint?.endsWith('views/client.tsx'))![0];
// Preloaded with every page: the chunks the client entry imports statically (not the entry itself,
// which the page's <script> names).
const preload = [...closure(clientFile)].filter((f) => f !== clientFile).map(publicPath);
// Per route: its page module's chunk and what that imports, minus what every page preloads, so a
// page preloads exactly the code it runs and nothing else.
const { routes } = await import('../views/routes');
const pages: Record<string, string[]> = {};
for (const route of routes) {
  const module = /import\(["'](\.\/pages\/[\w-]+)["']\)/.exec(route.load.toString())?.[1];
  const file = module && outputs.find(([, o]) => o.entryPoint === `views/${module.slice(2)}.tsx`)?.[0];
  if (!file) throw new Error(`build output for the ${route.id} page not found`);
  pages[route.id] = [...closure(file)].map(publicPath).filter((f) => !preload.includes(f));
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
console.log(`built ${outputs.length} files into public/assets (client ${client})`);

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
console.log('built the server into dist/ (node dist/server.js)');
