// Which folder may import which: the arrows of the layout run one way, and no import goes round in
// a circle. `npm test` runs this (scripts/run-tests.ts) before the tests; a wrong arrow fails it.
//
//   controllers -> models, views        (the entry points: routers and job handlers; providers' types only)
//   views       -> views, models/shared (browser-safe modules only; types from anywhere in models)
//   models      -> models, db           (providers live in models/providers; never a view, a mail or a controller)
//   db          -> db                   (the connection and its migrations, nothing of the app)
//   app.ts      -> anything             (the composition root)
//
// Type-only imports (`import type`) are erased when the code is compiled: they count for the
// arrows out of models and db, but a view may take the type of the record it shows from the model
// that makes it, and an import circle closed only by a type is no circle at run time.
//
// The domains of models/ stand in one order, bottom to top (DOMAIN_ORDER below); a domain imports
// only the domains below it, never one above, so no two domains import each other:
//
//   shared       the rules, types and helpers every domain and the browser share
//   providers    the outside world (Stripe, Mailchimp, OpenAI, SMTP, storage, jobs): no domain logic
//   people       users, sign-in tokens, the audit log (every domain audits its changes)
//   content      projects (with their ledger), news, team, pages, revisions, translation tracking
//   media        the library: uploads, alt texts, the content's accessibility checks
//   translation  the translation report, the glossary
//   giving       checkout, donations, donors, receipts, fundraisers, spending (reads projects)
//   newsletter   subscribers, campaigns, sends, the mailing list (reads news and projects)
//   site         settings, visits, stats, the impact report (reads giving and content)
//   privacy      a person's data: access, erasure, retention (reads and erases every domain's)
//
// Type-only imports count for this order too: a type another domain needs lives in the domain
// that makes it, below the one that reads it, or in models/shared.


/** The app's own code outside models/ (node_modules resolve elsewhere: the folder is shared). */
const APP_CODE = ['^app\\.ts$', '^config\\.ts$', '^controllers/', '^views/', '^scripts/', '^test/', '^locales/'];

/** The domains of models/, bottom to top: each may import those before it, none after it. */
const DOMAIN_ORDER = ['shared', 'providers', 'people', 'content', 'media', 'translation', 'giving', 'newsletter', 'site', 'privacy'];

/** One rule per domain: nothing from a domain above it (not even a type). */
const domainOrderRules = DOMAIN_ORDER.slice(0, -1).map((domain, i) => ({
  name: `domain-order-${domain}`,
  severity: 'error',
  comment: `models/${domain} imports only the domains below it (${DOMAIN_ORDER.slice(0, i).join(', ') || 'none'}), never ${DOMAIN_ORDER.slice(i + 1).join(', ')}; type-only imports too.`,
  from: { path: `^models/${domain}/` },
  to: { path: `^models/(${DOMAIN_ORDER.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import goes round in a circle.',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },

    // ---- models
    ...domainOrderRules,
    {
      name: 'domain-in-the-order',
      severity: 'error',
      comment: `Every folder of models/ is a domain of DOMAIN_ORDER (${DOMAIN_ORDER.join(', ')}): a new one takes its place in the order first.`,
      from: { path: '^models/', pathNot: `^models/(${DOMAIN_ORDER.join('|')})/` },
      to: {},
    },
    {
      name: 'models-not-to-views-or-controllers',
      severity: 'error',
      comment: 'Models import no view, no mail and no controller (not even a type): a controller or job handler renders, and hands a model what it needs.',
      from: { path: '^models/' },
      to: { path: ['^views/', '^controllers/', '^app\\.ts$', '^scripts/', '^test/'] },
    },
    {
      name: 'models-config-types-only',
      severity: 'error',
      comment: 'Only app.ts reads the configuration; models take the values they need and may name config.ts types.',
      from: { path: '^models/' },
      to: { path: '^config\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-is-browser-safe',
      severity: 'error',
      comment: 'models/shared is what views (and so the browser bundle) import: only other shared modules and packages, no server code of the app (types excepted).',
      from: { path: '^models/shared/' },
      to: { path: [...APP_CODE, '^models/(?!shared/)'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      comment: 'models/shared runs in the browser too: no Node built-ins.',
      from: { path: '^models/shared/' },
      to: { dependencyTypes: ['core'] },
    },

    // ---- views
    {
      name: 'views-not-to-server-code',
      severity: 'error',
      comment: 'Views import other views and models/shared; never db/, controllers, app.ts or the code of models/<domain> (their types are fine: erased).',
      from: { path: '^views/' },
      to: {
        path: ['^db/', '^controllers/', '^app\\.ts$', '^config\\.ts$', '^models/(?!shared/)', '^scripts/', '^test/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'views-not-to-db-or-controllers',
      severity: 'error',
      comment: 'Not even a type from db/ or the controllers in a view.',
      from: { path: '^views/' },
      to: { path: ['^db/', '^controllers/', '^app\\.ts$'] },
    },
    {
      name: 'views-no-node-builtins',
      severity: 'error',
      comment: 'Views run in the browser too: no Node built-ins.',
      from: { path: '^views/' },
      to: { dependencyTypes: ['core'] },
    },

    {
      name: 'views-no-circular-types-included',
      severity: 'error',
      comment: 'No import circle in views/, not even one closed by a type: a circle of types is still two files that cannot be read apart.',
      from: { path: '^views/' },
      to: { path: '^views/', circular: true },
    },

    // ---- the admin's rooms (views/admin/): the frame and the route table at its top (frame.tsx,
    // screens.tsx, activity.tsx), a folder per screen, the shared field widgets (widgets/) and the
    // pure helpers (lib/).
    {
      name: 'admin-screen-not-to-another-screen',
      severity: 'error',
      comment: "A screen's folder imports no other screen's: what two screens share goes to widgets/ or lib/.",
      from: { path: '^views/admin/([^/]+)/' },
      to: { path: '^views/admin/[^/]+/', pathNot: ['^views/admin/$1/', '^views/admin/(lib|widgets)/'] },
    },
    {
      name: 'admin-screen-not-to-frame',
      severity: 'error',
      comment: 'A screen, a widget or a helper does not import the frame or the route table above it (the frame hands a screen what it needs).',
      from: { path: '^views/admin/[^/]+/' },
      to: { path: '^views/admin/[^/]+\\.tsx?$' },
    },
    {
      name: 'admin-widgets-not-to-screens',
      severity: 'error',
      comment: 'The shared widgets use the helpers and each other, never a screen.',
      from: { path: '^views/admin/widgets/' },
      to: { path: '^views/admin/[^/]+/', pathNot: '^views/admin/(lib|widgets)/' },
    },
    {
      name: 'admin-lib-is-plain',
      severity: 'error',
      comment: 'The helpers in views/admin/lib/ are plain functions and types: no widget, no screen.',
      from: { path: '^views/admin/lib/' },
      to: { path: '^views/admin/', pathNot: '^views/admin/lib/' },
    },

    // ---- controllers
    {
      name: 'controllers-not-to-db',
      severity: 'error',
      comment: 'Controllers reach the database through models.',
      from: { path: '^controllers/' },
      to: { path: ['^db/', '^app\\.ts$'] },
    },

    {
      name: 'controllers-providers-through-models',
      severity: 'error',
      comment:
        'Controllers import no provider code, only the providers\' types (the Deps they are handed): a provider\'s errors and rules are handled in the models\' use cases. ' +
        'Excepted: controllers/jobs.ts registers the mail provider\'s own delivery task, and controllers/media.ts serves stored files, ' +
        'turning the storage\'s errors into HTTP answers (503, 416 with Content-Range).',
      from: { path: '^controllers/', pathNot: ['^controllers/jobs\\.ts$', '^controllers/media\\.ts$'] },
      to: { path: '^models/providers/', dependencyTypesNot: ['type-only'] },
    },

    // ---- db
    {
      name: 'db-is-self-contained',
      severity: 'error',
      comment: 'db/ (the connection, migrations, seeds, backups) imports nothing of the app: a migration must make the same thing forever.',
      from: { path: '^db/' },
      to: { path: [...APP_CODE, '^models/'] },
    },

    // ---- everything
    {
      name: 'not-to-tests-or-scripts',
      severity: 'error',
      comment: 'The app never imports test or script code.',
      from: { path: ['^app\\.ts$', '^config\\.ts$', '^controllers/', '^models/', '^views/', '^db/'] },
      to: { path: ['^test/', '^scripts/'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every relative import resolves to a file.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are seen too (the rules above say where they count).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The locale files are data: imported as JSON where needed.
    exclude: { path: ['^node_modules/', '^dist/', '^public/'] },
    // Packages' "exports" maps (subpaths such as @simplewebauthn/server/helpers), as Node resolves them.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
