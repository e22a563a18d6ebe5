/**
 * What `npm test` runs (scripts/test.ts runs it): every suite, its lane, its steps and where each
 * runner writes the report its tests are counted from.
 */
import path from 'node:path';
import type { ContainerRuntime } from './container-runtime.ts';
import { databaseUri, FERRETDB_VERSION, type DatabaseServer } from './database.ts';
import { CONTRACT_DIR, checkContractDrift } from './contract-drift.ts';
import { ROOT, TMP_DIR } from './paths.ts';
import { FAULT_AND_SCALE_OUT_E2E } from '../../backend/test/support/e2e-files.ts';

export interface Step {
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A runner's report to read the tests from (Jest/Vitest/Playwright JSON, node:test TAP). A step
   * with a report runs tests; one without is a step (build, lint, check), never counted as a test.
   */
  readonly resultsFile?: string;
  /** Runs with the container runtime's settings (DOCKER_HOST, CONTAINERS_CONF…); others never see them. */
  readonly containers?: boolean;
}

/**
 * npm test runs two lanes side by side, each on a test database server of its own: the backend's
 * suites on a database (type checks, contract, integration, HTTP e2e, then the scripts' tests and
 * npm start, fuzzing) and the rest (lint, unit tests, components, Playwright, containers, the fault
 * files). Each lane runs its suites one after another; together they keep both cores busy. The
 * browser e2e, then the fuzzing (which must not overlap it), set the pace.
 */
export type Lane = 'backend' | 'browser';

export interface Suite {
  readonly name: string;
  readonly lane: Lane;
  /**
   * A suite of the other lane that must have ended first: it builds what this one runs, or the two
   * must not share the cores.
   */
  readonly after?: string;
  readonly steps: readonly Step[];
  /** A check done in code rather than by a command (contract drift); reported as a step. */
  readonly check?: () => Promise<string | undefined>;
  /**
   * The database server the suite's tests run on, shown in the summary; given the description of
   * the run's shared test database (MONGODB_URI), for suites that use it.
   */
  readonly server?: (testDatabase: string) => string;
  /**
   * Why the infrastructure this suite needs (the container runtime, a database container) is
   * missing. The suite then still runs in a mode that only counts its tests as skipped; under
   * `CI=true` the missing infrastructure is also a failed step, named, so a broken runtime can never
   * pass as a green run. Outside CI the summary names the reason beside the skipped count.
   */
  readonly unavailable?: () => string | undefined;
}

/** What npm test starts for the container suites: Podman's API socket and a database container. */
export const containers: {
  runtime?: ContainerRuntime;
  database?: DatabaseServer;
  problem?: string;
} = {};

export const RESULTS_DIR = path.join(TMP_DIR, 'results');
/**
 * TypeScript 7, the native compiler, checks types and builds; TypeScript 6 stays the `typescript`
 * package for typescript-eslint, whose peer range ends before 7 (docs/adr/0063).
 */
const TSC = path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
const npm = (...args: string[]): Pick<Step, 'command' | 'args'> => ({ command: 'npm', args });
const results = (name: string, extension = 'json'): string =>
  path.join(RESULTS_DIR, `${name.replaceAll(' ', '-')}.${extension}`);

/** node --test with its usual output here and a TAP report to count the tests from. */
function nodeTests(label: string, suiteName: string, files: readonly string[]): Step {
  const file = results(suiteName, 'tap');
  return {
    label,
    command: 'node',
    args: [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${file}`,
      ...files,
    ],
    resultsFile: file,
  };
}

/** Suites that run on the run's shared test database (MONGODB_URI). */
const onTestDatabase = (testDatabase: string): string => testDatabase;

/**
 * The integration suite a second time, on the database container (mongo:8 where it can be
 * pulled, else the project's FerretDB image): the same suites, another server.
 */
function containerIntegrationSuite(): Suite {
  const file = results('backend integration container');
  return {
    name: 'backend integration (container)',
    lane: 'backend',
    server: () => containers.database?.description ?? 'a database container',
    unavailable: () => containers.problem,
    steps: [
      {
        label: 'backend integration on the database container',
        command: 'npm',
        // Without a database container, a name pattern that matches no test makes Jest report
        // every test as skipped (none of their hooks run), so the summary counts them all.
        get args() {
          const countOnly = containers.problem ? ['--testNamePattern=^\\b$'] : [];
          // The FerretDB image runs the very binary the previous suite's tests ran on: the database
          // kit's suites show the container serves them; a different server (mongo:8) gets all.
          const kitOnly = containers.database?.sameAsLanes
            ? ['--testPathPatterns', 'src/database/']
            : [];
          return [
            'run',
            'test:int',
            '-w',
            'backend',
            '--',
            '--json',
            `--outputFile=${file}`,
            ...countOnly,
            ...kitOnly,
          ];
        },
        resultsFile: file,
        get env() {
          return { MONGODB_URI: databaseUri(containers.database?.uri ?? '', 'paylock_test') };
        },
      },
    ],
  };
}

const e2eFile = (name: string): string => `/test/${name}\\.e2e-spec\\.ts$`;

function jestSuite(
  name: string,
  script: string,
  server?: Suite['server'],
  jestArgs: readonly string[] = [],
  env?: Record<string, string>,
): Suite {
  const file = results(name);
  return {
    name,
    lane: 'backend',
    ...(server ? { server } : {}),
    steps: [
      {
        label: name,
        ...npm('run', script, '-w', 'backend', '--', '--json', `--outputFile=${file}`, ...jestArgs),
        resultsFile: file,
        ...(env ? { env } : {}),
      },
    ],
  };
}

/** Every suite, in the order they run. */
export const suites: readonly Suite[] = [
  {
    name: 'lint',
    lane: 'browser',
    steps: [
      { label: 'eslint', command: 'eslint', args: ['.', '--max-warnings=0'] },
      { label: 'prettier', command: 'prettier', args: ['--check', '.', '--log-level=warn'] },
      { label: 'layer rules', ...npm('run', 'lint:deps', '--silent') },
      { label: 'OpenAPI rules', ...npm('run', 'lint:openapi', '--silent') },
    ],
  },
  {
    name: 'typecheck',
    lane: 'backend',
    steps: [
      { label: 'scripts', command: TSC, args: ['-p', 'scripts'] },
      { label: 'docker checks', command: TSC, args: ['-p', 'docker'] },
      { label: 'benchmarks', command: TSC, args: ['-p', 'bench'] },
      { label: 'backend', ...npm('run', 'typecheck', '-w', 'backend', '--silent') },
      { label: 'frontend', ...npm('run', 'typecheck', '-w', 'frontend', '--silent') },
      {
        label: 'identity provider',
        ...npm('run', 'typecheck', '-w', 'packages/identity-provider', '--silent'),
      },
      { label: 'dev mail', ...npm('run', 'typecheck', '-w', 'packages/dev-mail', '--silent') },
      {
        label: 'SMS inbox',
        ...npm('run', 'typecheck', '-w', 'packages/sms-inbox', '--silent'),
      },
      {
        label: 'payment gateway',
        ...npm('run', 'typecheck', '-w', 'packages/payment-gateway', '--silent'),
      },
      { label: 'dev HTTP', ...npm('run', 'typecheck', '-w', 'packages/dev-http', '--silent') },
      {
        label: 'deal limits',
        ...npm('run', 'typecheck', '-w', 'packages/deal-limits', '--silent'),
      },
    ],
  },
  {
    name: 'contract',
    lane: 'backend',
    steps: [
      // Stamped as `npm start` stamps it: its own test then finds it up to date and leaves
      // backend/dist alone while other suites run servers from it.
      { label: 'backend build', command: 'node', args: ['scripts/build.ts', 'backend'] },
      {
        label: 'openapi export',
        command: 'node',
        args: ['backend/dist/bootstrap/export-openapi.js', path.join(CONTRACT_DIR, 'openapi.yaml')],
      },
      {
        label: 'client generation',
        ...npm('run', 'client:generate', '-w', 'frontend', '--silent'),
        env: { PAYLOCK_CLIENT_OUTPUT: path.join(CONTRACT_DIR, 'client') },
      },
    ],
    check: checkContractDrift,
  },
  // No database: on the browser lane, which has room (the backend lane is the longer one).
  { ...jestSuite('backend unit', 'test:unit'), lane: 'browser' },
  // In one Jest test file but the long files (backend/test/integration.bundle.ts), two workers.
  jestSuite('backend integration', 'test:int:together', onTestDatabase, ['--maxWorkers=2']),
  containerIntegrationSuite(),
  // The files but the fault and scale-out ones, one after another in one Jest test file, which
  // loads the application's modules once rather than once per file (backend/test/http-e2e.bundle.ts).
  // One process: two Jest workers (each on databases of its own) passed alone, but beside the
  // browser lane's stacks on two cores the clock-moving notification files then ran out of time.
  // The contract suite, before it on this lane, built backend/dist: the files that start the
  // compiled server do not compile it again each (ten checks of an unchanged tree).
  jestSuite('backend http e2e', 'test:e2e:together', onTestDatabase, [], {
    PAYLOCK_BACKEND_BUILT: '1',
  }),
  // The two suites below fill the backend lane's wait for the browser e2e to end (the fuzzing must
  // not overlap it), which shortens the browser lane's tail beside the fuzzing: they use little CPU
  // (the container images, which use much, slowed the browser e2e there: 999.9 s against 724.2 s).
  {
    name: 'scripts',
    lane: 'backend',
    steps: [
      nodeTests('test figures, .env loading, processes, codemods, duplicates count', 'scripts', [
        'scripts/test-results.test.ts',
        'scripts/env-file.test.ts',
        'scripts/lib/processes.test.ts',
        'scripts/lib/build-stamp.test.ts',
        'scripts/codemods/at-alias.test.ts',
        'scripts/lib/declaration-lines.test.ts',
      ]),
    ],
  },
  {
    name: 'npm start',
    lane: 'backend',
    // It serves backend/dist and frontend/dist, which npm test built and stamped: it rebuilds
    // neither (its test says so), so it runs beside the suites that start servers from them.
    after: 'frontend build',
    server: () => `its own FerretDB ${FERRETDB_VERSION} (SQLite)`,
    steps: [
      {
        ...nodeTests('one URL, sign-in, clean stop; dev server; front server bursts', 'npm start', [
          'scripts/start.test.ts',
          'scripts/dev-server.test.ts',
          'scripts/web-server.test.ts',
        ]),
        env: { PAYLOCK_BUILDS_STAMPED: '1' },
      },
    ],
  },
  {
    // Schemathesis against the running backend: one test per API operation, two processes that
    // take both cores. After the HTTP e2e and never beside the browser e2e (tried: both took three
    // times as long and money flows timed out). Beside it run the browser lane's last suites: the
    // images and the fault and scale-out files (alone 405 s and 519 CPU-s, 310 of them FerretDB's).
    name: 'api fuzz',
    lane: 'backend',
    after: 'browser e2e',
    server: onTestDatabase,
    steps: [
      {
        label: 'schemathesis',
        command: 'node',
        args: ['scripts/fuzz.ts', results('api fuzz'), '--built'],
        resultsFile: results('api fuzz'),
      },
    ],
  },
  {
    name: 'frontend components',
    lane: 'browser',
    steps: [
      {
        label: 'vitest',
        ...npm(
          'run',
          'test:unit',
          '-w',
          'frontend',
          '--',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${results('frontend-components')}`,
        ),
        resultsFile: results('frontend-components'),
      },
    ],
  },
  {
    name: 'frontend build',
    lane: 'browser',
    steps: [
      { label: 'build and prerender', command: 'node', args: ['scripts/build.ts', 'frontend'] },
      { label: 'bundle size budgets', ...npm('run', 'check:bundle-size', '-w', 'frontend') },
    ],
  },
  {
    name: 'browser e2e',
    lane: 'browser',
    after: 'contract',
    server: onTestDatabase,
    steps: [
      {
        label: 'playwright',
        ...npm('run', 'test:e2e', '-w', 'frontend'),
        resultsFile: path.join(RESULTS_DIR, 'browser-e2e.json'),
      },
    ],
  },
  {
    name: 'docker files',
    lane: 'browser',
    steps: [
      nodeTests('compose, Dockerfiles, nginx', 'docker files', ['docker/docker-files.test.ts']),
    ],
  },
  {
    // With a container runtime, `npm start` and `npm test` take their database from a container
    // (mongo:8 where it can be pulled, else FerretDB's image); without one, the tests say why.
    name: 'container database',
    lane: 'browser',
    server: () => containers.database?.description ?? 'a database container',
    unavailable: () => containers.problem,
    steps: [
      {
        ...nodeTests('Testcontainers', 'container database', ['scripts/database.test.ts']),
        containers: true,
      },
    ],
  },
  {
    // The backend, frontend and database images built and run together (docker/README.md).
    name: 'container images',
    lane: 'browser',
    server: () => 'the FerretDB image, in a pod with the backend and frontend images',
    unavailable: () => containers.problem,
    steps: [
      {
        ...nodeTests('build and run', 'container images', ['docker/containers.test.ts']),
        containers: true,
      },
    ],
  },
  {
    name: 'docs',
    lane: 'browser',
    steps: [nodeTests('docs against the code', 'docs', ['scripts/docs.test.ts'])],
  },
  {
    name: 'identity provider',
    lane: 'browser',
    steps: [
      nodeTests(
        "local OIDC provider and account chooser; the stand-ins' HTTP helpers",
        'identity provider',
        [
          'packages/identity-provider/src/identity-provider.test.ts',
          'packages/dev-http/src/dev-http.test.ts',
        ],
      ),
    ],
  },
  {
    name: 'SMS inbox',
    lane: 'browser',
    steps: [
      nodeTests("the MSG91 Flow endpoint and the inbox's page", 'SMS inbox', [
        'packages/sms-inbox/src/sms-inbox.test.ts',
      ]),
    ],
  },
  {
    name: 'payment gateway',
    lane: 'browser',
    steps: [
      nodeTests('the local Razorpay stand-in: API, checkout, webhooks, faults', 'payment gateway', [
        'packages/payment-gateway/src/payment-gateway.test.ts',
      ]),
    ],
  },
  // On its lane's own database server, after the browser lane's suites: the backend lane would
  // otherwise run its longest suite alone while this lane had nothing left to do.
  {
    ...jestSuite(
      'backend http e2e (faults, scale-out)',
      'test:e2e',
      onTestDatabase,
      ['--testPathPatterns', ...FAULT_AND_SCALE_OUT_E2E.map(e2eFile)],
      { PAYLOCK_BACKEND_BUILT: '1' },
    ),
    lane: 'browser',
    after: 'contract',
  },
];
