/**
 * Layer rules. Backend: domain <- application <- presentation / infrastructure; features reach
 * each other only through their two faces: `<feature>.contract.ts` (domain types, constants,
 * ports: what another feature's domain and application may import) and `index.ts` (the wiring:
 * the Nest module, guards, decorators, for modules and adapters). Frontend: shared -> features ->
 * app, no feature imports another.
 */
const FEATURE =
  '(waitlist|auth|users|health|admin|mail|link-tokens|invites|rate-limit|retention|metrics|deals|brands|sms|payments|ledger|payouts|invoices|wallet|payment-gateway|tax|notifications|reports|account-data|support|media-kit|insights|profile-photos)';
/**
 * `npm run lint:deps` cruises twice: everything, then the backend's production code alone
 * (LINT_DEPS_SCOPE=production). The folder-level cycle rule reads only the second: the unit specs
 * import backend/test/support, which imports every feature, so with the tests in the graph every
 * folder reaches every other.
 */
const PRODUCTION_ONLY = process.env.LINT_DEPS_SCOPE === 'production';
/** The backend's shared layers, below every feature (ADR 0062). */
const SHARED = '(common|config|database|openapi|logging)';
const FRAMEWORK =
  'node_modules/(@nestjs|mongoose|mongodb|class-validator|class-transformer|express)';

const NO_FEATURE_CYCLES = {
  name: 'no-feature-cycles',
  comment:
    'Feature folders form no cycle, through any file (a contract, a module, a settings file): ' +
    'a feature that needs a higher one inverts the dependency with a port the app module wires ' +
    'in (`forRoot`), or the shared concept gets a module of its own (ADR 0062).',
  severity: 'error',
  scope: 'folder',
  from: { path: `^backend/src/${FEATURE}$` },
  to: { path: `^backend/src/${FEATURE}$`, circular: true },
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-layers-import-no-feature',
      comment:
        'common/, config/, database/, openapi/ and logging/ sit below every feature: they import ' +
        'each other and packages, never a feature, the app module or the settings composed at ' +
        'the top (app-settings.ts). A feature hands its part in from above (ADR 0062).',
      severity: 'error',
      from: { path: `^backend/src/${SHARED}/` },
      to: { path: '^backend/src/', pathNot: `^backend/src/${SHARED}/` },
    },
    ...(PRODUCTION_ONLY ? [NO_FEATURE_CYCLES] : []),
    {
      name: 'domain-is-pure',
      comment: 'domain/ is plain TypeScript: no framework, no database, no outer layer.',
      severity: 'error',
      from: { path: '^backend/src/[^/]+/domain/' },
      to: { path: [FRAMEWORK, '/(application|infrastructure|presentation)/'] },
    },
    {
      name: 'application-depends-on-ports-only',
      comment: 'application/ sees the domain and its own ports; only @nestjs/common (Injectable).',
      severity: 'error',
      from: { path: '^backend/src/[^/]+/application/' },
      to: {
        path: [
          'node_modules/(mongoose|mongodb|class-validator|class-transformer|express)',
          '/(infrastructure|presentation)/',
          'node_modules/@nestjs/(?!common)',
        ],
      },
    },
    {
      name: 'adapters-do-not-meet',
      comment:
        'Driving adapters (presentation) and driven adapters (infrastructure) meet only in the module.',
      severity: 'error',
      from: { path: '^backend/src/[^/]+/(presentation|infrastructure)/' },
      to: {
        path: '^backend/src/[^/]+/(presentation|infrastructure)/',
        pathNot: '^backend/src/[^/]+/$1/',
      },
    },
    {
      name: 'features-meet-through-their-faces',
      comment: 'Another feature module is reached only through its index.ts or its contract.',
      severity: 'error',
      from: { path: `^backend/src/${FEATURE}/` },
      to: {
        path: `^backend/src/${FEATURE}/`,
        pathNot: ['^backend/src/$1/', `^backend/src/${FEATURE}/(index|[^/]+\\.contract)\\.ts$`],
      },
    },
    {
      name: 'inner-layers-import-contracts-only',
      comment:
        'domain/ and application/ reach another feature only through its contract face, never ' +
        'its index.ts (which pulls in the Nest module, Mongoose and the adapters).',
      severity: 'error',
      from: { path: `^backend/src/${FEATURE}/(domain|application)/` },
      to: { path: `^backend/src/${FEATURE}/index\\.ts$`, pathNot: '^backend/src/$1/' },
    },
    {
      name: 'contracts-are-plain',
      comment:
        'A contract face exports domain types, constants and ports: nothing from presentation, ' +
        'infrastructure, a Nest module file, Nest or Mongoose.',
      severity: 'error',
      from: { path: '\\.contract\\.ts$' },
      to: {
        path: [
          '/(presentation|infrastructure)/',
          '\\.module\\.ts$',
          '/index\\.ts$',
          'node_modules/(@nestjs|mongoose|mongodb)',
        ],
      },
    },
    {
      name: 'settings-stand-alone',
      comment:
        "A module's settings schema (`<module>.settings.ts`: its variables, parsed with zod) reads " +
        'only its own folder and common/: no other module, no Nest or Mongoose. config/ composes ' +
        'them at start-up (docs/development.md, adding a variable).',
      severity: 'error',
      from: { path: '^backend/src/([^/]+)/[^/]+\\.settings\\.ts$' },
      to: {
        path: ['^backend/src/', 'node_modules/(@nestjs|mongoose|mongodb)'],
        pathNot: '^backend/src/($1|common)/',
      },
    },
    {
      name: 'no-phantom-packages',
      comment:
        "A package is imported only by a workspace whose own package.json declares it (not one hoisted from another's).",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'production-code-may-not-use-dev-packages',
      comment:
        "Production code imports only the workspace's dependencies, not its devDependencies.",
      severity: 'error',
      from: { path: '^backend/src/', pathNot: '\\.(spec|int-spec)\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'production-code-does-not-import-tests',
      comment: 'Fakes and test helpers live in backend/test/support, outside the production build.',
      severity: 'error',
      from: { path: '^backend/src/', pathNot: '\\.(spec|int-spec)\\.ts$' },
      to: { path: '^backend/test/' },
    },
    {
      name: 'frontend-features-are-independent',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'frontend-shared-below-entities',
      comment:
        'The shared kit knows no product concept: deal and milestone code lives in entities/, above it.',
      severity: 'error',
      from: { path: '^frontend/src/(api|components|config|hooks|lib|utils|testing)/' },
      to: { path: '^frontend/src/(entities|features|app)/' },
    },
    {
      name: 'frontend-entities-below-features',
      comment:
        'entities/ (what deals and milestones are, shown alike everywhere) serve the features.',
      severity: 'error',
      from: { path: '^frontend/src/entities/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'frontend-features-below-app',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: PRODUCTION_ONLY
        ? '(^|/)(dist|generated)/|\\.(spec|int-spec)\\.ts$'
        : '(^|/)(dist|generated)/',
    },
    tsPreCompilationDeps: true,
    // The frontend's tsconfig: the base options and its paths (`@/*` is frontend/src/*).
    tsConfig: { fileName: 'frontend/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
  },
};
