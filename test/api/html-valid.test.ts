// Every page the site serves is valid HTML by the Nu Html Checker (the W3C validator, vnu.jar from
// the vnu-jar package, run on Java 17+): each public route in English and German, the 404 page,
// the admin sign-in page in its states, every admin tab with its forms, the checkout with payments
// set up, and the pages behind the one-time links in mails. The pages are rendered first and
// checked in one run of the checker (one Java start for all of them).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { DEMO_ADMIN_KEY } from '../../config';
import { ADMIN_TABS, adminHref } from '../../models/shared/admin-rules';
import { requestSubscription } from '../../models/newsletter/subscriber';
import { localizePath } from '../../models/shared/urls';
import { PAGES } from '../../controllers/pages';
import { PUBLIC_PAGE_PATHS, testApp } from '../helpers';
import { createFundraiser } from '../../models/giving/fundraiser';
import { swissToday } from '../../models/shared/dates';

const execFileAsync = promisify(execFile);

/** vnu.jar: from the vnu-jar package (devDependency), or where VNU_JAR says. */
function findVnuJar(): string {
  const fromEnv = process.env.VNU_JAR;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`VNU_JAR=${fromEnv}: no such file`);
    return fromEnv;
  }
  try {
    // The package exports the jar's path.
    return String(createRequire(import.meta.url)('vnu-jar'));
  } catch {
    throw new Error('The Nu Html Checker is missing: the vnu-jar package is not installed (a devDependency: npm ci installs it) and VNU_JAR (the path of a vnu.jar) is not set');
  }
}

/** The Java runtime the checker needs: JAVA, else `java` on the PATH. */
function findJava(): string {
  const java = process.env.JAVA ?? 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 30_000 });
  if (probe.error || probe.status !== 0) {
    throw new Error(`The Nu Html Checker needs Java 17 or later, and "${java} -version" failed (${probe.error?.message ?? probe.stderr.trim()}): apt-get install -y default-jre-headless, or set JAVA=/path/to/java`);
  }
  return java;
}

/**
 * What the checker's CSS parser does not know yet, in the CSS the pages carry inline: container
 * queries (`container-type`, `@container`, the `cqi` unit inside `min()`) and the unprefixed
 * `line-clamp` next to `-webkit-line-clamp`, and `@view-transition` (CSS View Transitions Level 2,
 * the cross-document page change). All are in current CSS specifications and in every
 * browser the site supports. Anything else the checker reports fails the test, CSS included.
 */
const CHECKER_GAPS: { message: RegExp; declaration?: { property: string; has: RegExp } }[] = [
  { message: /^CSS: “container-type”: Property “container-type” doesn't exist\.$/ },
  { message: /^CSS: Unrecognized at-rule “@container”$/ },
  { message: /^CSS: “line-clamp”: Property “line-clamp” doesn't exist\.$/ },
  { message: /^CSS: Unrecognized at-rule “@view-transition”$/ },
  { message: /^CSS: “font-size”: Parse Error\.$/, declaration: { property: 'font-size:', has: /\dcq(?:i|w|h|b|min|max)\b/ } },
];

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** The CSS declaration the checker stopped in: from its property name up to the reported column. */
function declarationAt(source: string, m: VnuMessage, property: string): string {
  const line = source.split('\n')[(m.lastLine ?? 1) - 1] ?? '';
  const end = m.lastColumn ?? 0;
  const start = line.lastIndexOf(property, end);
  return start < 0 ? '' : line.slice(start, end);
}

const isCheckerGap = (m: VnuMessage, source: string) =>
  CHECKER_GAPS.some((gap) => gap.message.test(m.message) && (!gap.declaration || gap.declaration.has.test(declarationAt(source, m, gap.declaration.property))));

/** A route's path as a pattern: a :param matches one segment. */
const routePattern = (p: string) => new RegExp(`^${p.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);

const apps: AppHandle[] = [];
let dir = '';
/** Address checked -> HTML file written for the checker. */
const files = new Map<string, string>();

/** Fetches a page (as a browser asks for it) and writes it out for the checker. */
async function keep(client: { get: (url: string) => request.Test }, url: string, expectStatus: number): Promise<void> {
  const res = await client.get(url).set('Accept', 'text/html');
  assert.equal(res.status, expectStatus, `GET ${url}`);
  assert.match(String(res.headers['content-type']), /^text\/html/, `GET ${url}`);
  const file = path.join(dir, `${String(files.size).padStart(3, '0')}.html`);
  fs.writeFileSync(file, res.text);
  files.set(url, file);
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-valid-'));
  const h = await testApp();
  apps.push(h);
  const visitor = request(h.app);

  const publicPaths = [...PUBLIC_PAGE_PATHS, '/backend-demo', '/test-images'];
  // Every public route of the route table is among them (a new page joins this check).
  // The owner's page of a fundraiser needs its link's token (below).
  const covered = [...publicPaths, '/fundraisers/manage'];
  for (const r of PAGES) {
    if (r.layout !== 'public') continue;
    assert.ok(
      covered.some((p) => routePattern(r.path).test(p)),
      `route ${r.id} (${r.path}) is not checked: add a path for it to PUBLIC_PAGE_PATHS in test/helpers.ts`,
    );
  }
  for (const lang of ['en', 'de'] as const) {
    for (const p of publicPaths) await keep(visitor, localizePath(p, lang), 200);
    await keep(visitor, localizePath('/no-such-page', lang), 404);
    await keep(visitor, localizePath('/projects/no-such-project', lang), 404);
    // The error page (a malformed %-escape in the address).
    await keep(visitor, localizePath('/news/%zz', lang), 400);
    await keep(visitor, `${localizePath('/projects', lang)}?filter=%zz`, 200);
    for (const q of ['', '?mode=email', '?sent=1&mode=email', '?error=invalid']) await keep(visitor, localizePath('/admin-login', lang) + q, 200);
  }

  // A fundraiser's owner's page, with its link's token and without; the form refused.
  const project = (await h.deps.db('projects').where({ status: 'funding' }).orderBy('id').first('id')) as { id: number };
  const { token } = await createFundraiser(h.deps.db, { projectId: project.id, title: 'A walk', story: 'We walk twenty kilometres for the Nook.', imageUrl: null, goalKind: 'donors', goal: 20, currency: 'chf', endDate: swissToday(), name: 'Walker', email: 'walker@example.org', language: 'en' });
  for (const lang of ['en', 'de'] as const) {
    await keep(visitor, `${localizePath('/fundraisers/manage', lang)}?token=${token}`, 200);
    await keep(visitor, `${localizePath('/fundraisers/manage', lang)}?token=nope`, 404);
    await keep(visitor, `${localizePath('/fundraisers/new', lang)}?sent=1`, 200);
  }

  // The pages behind the links in mails: with a good token (a page with one button), and without.
  const { confirmToken, subscriber } = await requestSubscription(h.deps.db, { email: 'reader@example.org', language: 'en', form: 'footer', consentText: 'Yes' });
  for (const lang of ['en', 'de'] as const) {
    await keep(visitor, `${localizePath('/newsletter/confirm', lang)}?token=${confirmToken}`, 200);
    await keep(visitor, `${localizePath('/newsletter/unsubscribe', lang)}?token=${subscriber.unsubscribeToken}`, 200);
    await keep(visitor, `${localizePath('/newsletter/confirm', lang)}?token=nope`, 400);
    await keep(visitor, `${localizePath('/admin-login/verify', lang)}?token=nope`, 400);
  }

  // The admin area, signed in: every tab, and the new and edit forms where a tab has them.
  const admin = request.agent(h.app);
  await admin.post('/admin-login').type('form').send({ mode: 'key', key: DEMO_ADMIN_KEY }).expect(303);
  // A saved edit (revisions to list and compare) and a team member in the trash.
  const key = { 'X-Admin-Key': DEMO_ADMIN_KEY };
  const first = (await request(h.app).get('/api/admin/projects/1').set(key).expect(200)).body;
  await request(h.app).put('/api/admin/projects/1').set(key).send({ ...first, description: `${first.description}\n\nOne more paragraph.` }).expect(200);
  const revs = (await request(h.app).get('/api/admin/projects/1/revisions').set(key).expect(200)).body as { id: number }[];
  const teamList = (await request(h.app).get('/api/admin/team').set(key).expect(200)).body as { id: number }[];
  await request(h.app).delete(`/api/admin/team/${teamList[0]!.id}`).set(key).expect(200);
  for (const lang of ['en', 'de'] as const) {
    const admin0 = `${localizePath('/admin/projects', lang)}?edit=1&revision=${revs[revs.length - 1]!.id}`;
    await keep(admin, admin0, 200);
    await keep(admin, `${admin0}&restore=1`, 200);
    await keep(admin, `${localizePath('/admin/trash', lang)}?kind=team&action=delete`, 200);
  }
  for (const lang of ['en', 'de'] as const) {
    for (const tab of ADMIN_TABS) {
      const base = adminHref(lang, tab);
      await keep(admin, base, 200);
      if (tab === 'projects' || tab === 'news' || tab === 'team') {
        await keep(admin, adminHref(lang, tab, '?new=1'), 200);
        await keep(admin, adminHref(lang, tab, '?edit=1'), 200);
      }
    }
  }

  // Publishing: a preview link's page (with its banner) and the page of an unknown link, in both languages.
  const preview = await request(h.app)
    .post('/api/admin/preview')
    .set('X-Admin-Key', DEMO_ADMIN_KEY)
    .send({ entity: 'projects', values: { title: 'Preview', titleDe: 'Vorschau', description: 'Text.', descriptionDe: 'Text.', goalAmount: '10', imageUrl: '/images/logo.svg', draft: true } })
    .expect(201);
  for (const url of [preview.body.url, preview.body.urlDe] as string[]) {
    const u = new URL(url);
    await keep(visitor, u.pathname + u.search, 200);
  }
  for (const lang of ['en', 'de'] as const) await keep(visitor, `${localizePath('/projects/x', lang)}?preview=unknown-link-aaaaaaaaaaaaaaaa`, 404);

  // The checkout with payments set up shows the donation form instead of the setup notice.
  const paying = await testApp({ STRIPE_SECRET_KEY: 'sk_test_html', STRIPE_PUBLISHABLE_KEY: 'pk_test_html' });
  apps.push(paying);
  const donor = request(paying.app);
  for (const lang of ['en', 'de'] as const) {
    await keep(donor, localizePath('/checkout', lang), 200);
    await keep(donor, `${localizePath('/checkout', lang)}?project=nook-vocational-training-center&amount=20.25`, 200);
  }
  // The pages are on disk: the apps (their job workers, heartbeats and pools) close before the
  // checker's Java runs for half a minute beside them.
  while (apps.length) await apps.pop()!.close();
});

after(async () => {
  for (const h of apps) await h.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('every page is valid HTML (Nu Html Checker)', { timeout: 240_000 }, async () => {
  const java = findJava();
  const jar = findVnuJar();
  // Asynchronously: the test process's event loop is not held for the checker's run.
  const run = await execFileAsync(java, ['-jar', jar, '--errors-only', '--format', 'json', '--stdout', '--exit-zero-always', ...files.values()], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 180_000,
  }).catch((err: Error & { stderr?: string }) => assert.fail(`vnu failed: ${err.message}\n${err.stderr ?? ''}`));
  const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  const urlOf = new Map([...files].map(([url, file]) => [`file:${file}`, url]));
  const sources = new Map<string, string>();
  const source = (m: VnuMessage) => {
    const file = m.url.replace(/^file:/, '');
    if (!sources.has(file)) sources.set(file, fs.readFileSync(file, 'utf8'));
    return sources.get(file)!;
  };
  const problems = messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .filter((m) => !(m.message.startsWith('CSS: ') && isCheckerGap(m, source(m))))
    .map((m) => `${urlOf.get(m.url) ?? m.url}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'}: ${m.message}${m.extract ? `\n    …${m.extract.replace(/\n/g, ' ')}…` : ''}`);
  assert.ok(files.size >= 80, `only ${files.size} pages were rendered`);
  assert.deepEqual(problems, [], `${problems.length} HTML errors:\n${problems.join('\n')}`);
});
