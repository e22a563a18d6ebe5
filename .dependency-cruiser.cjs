/**
 * Layer rules. Backend: domain <- application <- presentation / infrastructure; features reach
 * each other only through their index.ts. Frontend: shared -> features -> app, no feature imports
 * another.
 */
const FEATURE = '(waitlist|auth|users|health|admin|mail|link-tokens|invites|deals)';
const FRAMEWORK =
  'node_modules/(@nestjs|mongoose|mongodb|class-validator|class-transformer|express)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
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
      name: 'features-meet-through-index',
      comment:
        'Another feature module is reached only through its index.ts (wiring face) or its <feature>.contract.ts (domain face).',
      severity: 'error',
      from: { path: `^backend/src/${FEATURE}/` },
      to: {
        path: `^backend/src/${FEATURE}/`,
        pathNot: [
          '^backend/src/$1/',
          `^backend/src/${FEATURE}/index\\.ts$`,
          `^backend/src/${FEATURE}/[a-z-]+\\.contract\\.ts$`,
        ],
      },
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
      name: 'frontend-shared-below-features',
      severity: 'error',
      from: { path: '^frontend/src/(api|components|config|hooks|lib|utils|testing)/' },
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
    exclude: { path: '(^|/)(dist|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
  },
};
