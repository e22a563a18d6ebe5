/**
 * `npm run test:fuzz` (and the "api fuzz" suite of `npm test`): Schemathesis generates requests
 * from openapi.yaml and sends them to the compiled backend, which runs on a real database and
 * signs people in through a local OpenID Connect provider. Every check is on: it fails on any 5xx,
 * on any status, content type, header or body the contract does not document, on invalid data
 * accepted and on valid data refused.
 *
 * Every operation is fuzzed, the Google redirect and its callback included; none is excluded.
 * Credentials come from scripts/fuzz/hooks.py: real sessions signed in through the provider (a
 * fresh one for each logout and each refresh, which spend the session they are given), and real
 * Google ID tokens for part of the register and login bodies, and real confirmation tokens (read
 * from the outbox the API queued them in) for part of the waitlist confirmation bodies.
 *
 * With a path argument (as `npm test` runs it), writes there the count of operations that passed
 * and failed, Jest-style, with the JUnit report of Schemathesis beside it.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import getPort from 'get-port';
import { MongoClient, type Collection } from 'mongodb';
import { databaseUri, startDatabase, type DatabaseServer } from './lib/database.ts';
import { startIdentityProvider, type IdentityProvider } from './lib/identity-provider.ts';
import { startPaymentGateway, type LocalPaymentGateway } from './lib/payment-gateway.ts';
import { ROOT, TMP_DIR } from './lib/paths.ts';
import { httpAnswers, run, startProcess, waitUntil, type RunningProcess } from './lib/processes.ts';
import { ensureSchemathesis, FUZZ_DIR } from './lib/schemathesis.ts';

/** Test cases per operation in the fuzzing phase; the issue asks for at least 200. */
const MAX_EXAMPLES = 200;
/** A fixed seed: the same commit sends the same requests, so a CI failure replays locally. */
const SEED = 20261101;
const WORKERS = 2;
/** People who have not signed up yet, for the register bodies that get a real ID token. */
const NEW_ACCOUNTS = 100;
/** People on the waitlist whose real confirmation tokens the confirmation bodies get. */
const WAITLIST_PEOPLE = 40;
/** People invited before the run, whose real invite codes part of the invite lookups get. */
const INVITED_PEOPLE = 5;
/** Deals the demo creator sends before the run: their brand links go into part of the review bodies. */
const SENT_DEALS = 12;
const DATABASE_NAME = 'paylock_fuzz_test';
/** The admin the hooks sign in as for the admin operations (listed in ADMIN_EMAILS). */
const FUZZ_ADMIN = { sub: 'fuzz-admin', email: 'fuzz.admin@paylock.test', name: 'Fuzz Admin' };
/** Test cases per admin operation in the second pass, signed in as a creator (403 expected). */
const CREATOR_PASS_MAX_EXAMPLES = 50;
const WORK_DIR = path.join(TMP_DIR, 'fuzz');
const EVENTS_FILE = path.join(WORK_DIR, 'schemathesis.ndjson');
const CREDENTIALS_FILE = path.join(WORK_DIR, 'credentials.json');

interface Stack {
  database?: DatabaseServer;
  /** Set when the server is MONGODB_URI's, which outlives the run, not a FerretDB of its own. */
  scratchDatabaseUri?: string;
  identityProvider?: IdentityProvider;
  paymentGateway?: LocalPaymentGateway;
  api?: RunningProcess;
}

async function main(): Promise<number> {
  const countsArgument = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
  const countsFile = countsArgument ? path.resolve(countsArgument) : undefined;
  const junitFile = countsFile
    ? countsFile.replace(/\.json$/, '.junit.xml')
    : path.join(WORK_DIR, 'schemathesis.junit.xml');
  await rm(WORK_DIR, { recursive: true, force: true });
  await mkdir(WORK_DIR, { recursive: true });
  await mkdir(path.dirname(junitFile), { recursive: true });
  await rm(junitFile, { force: true });

  const st = await ensureSchemathesis();
  // npm test builds the backend once, before the suites that run it (`--built`): building it
  // again here would rewrite backend/dist under the browser tests' servers.
  const built = process.argv.includes('--built');
  if (!built && (await run('npm', ['run', 'build', '--silent', '-w', 'backend'])) !== 0) {
    throw new Error('The backend did not compile.');
  }
  const stack: Stack = {};
  try {
    const apiUrl = await startStack(stack);
    if (!stack.database) throw new Error('The database is not running.');
    await writeCredentials(
      apiUrl,
      stack.identityProvider,
      databaseUri(stack.database.uri, DATABASE_NAME),
    );
    const startedAt = performance.now();
    const hooksEnv = {
      ...process.env,
      SCHEMATHESIS_HOOKS: path.join(FUZZ_DIR, 'hooks.py'),
      PAYLOCK_FUZZ_API_URL: apiUrl,
      PAYLOCK_FUZZ_CREDENTIALS: CREDENTIALS_FILE,
    };
    // Every operation, the admin ones signed in as an admin.
    const exitCode = await run(st, schemathesisArgs(apiUrl, junitFile), {
      cwd: WORK_DIR, // where Hypothesis and Schemathesis keep their caches
      env: { ...hooksEnv, PAYLOCK_FUZZ_ROLE: 'admin' },
    });
    const seconds = (performance.now() - startedAt) / 1000;
    await printCasesPerOperation();
    console.log(`paylock: Schemathesis ran for ${seconds.toFixed(1)} s (exit ${exitCode})`);
    // The admin operations again, signed in as a creator: every answer must be 403 (a check in
    // hooks.py), whatever the parameters.
    const creatorJunit = junitFile.replace(/\.junit\.xml$/, '.creator.junit.xml');
    const creatorExitCode = await run(
      st,
      [
        ...schemathesisArgs(apiUrl, creatorJunit, CREATOR_PASS_MAX_EXAMPLES),
        '--include-path-regex=^/api/v1/admin/',
      ],
      { cwd: WORK_DIR, env: { ...hooksEnv, PAYLOCK_FUZZ_ROLE: 'creator' } },
    );
    await printCasesPerOperation();
    console.log(`paylock: the creator pass over the admin operations exited ${creatorExitCode}`);
    if (countsFile) await writeCounts([junitFile, creatorJunit], countsFile);
    return exitCode !== 0 ? exitCode : creatorExitCode;
  } finally {
    await stopStack(stack);
  }
}

function schemathesisArgs(apiUrl: string, junitFile: string, maxExamples = MAX_EXAMPLES): string[] {
  return [
    `--config-file=${path.join(FUZZ_DIR, 'schemathesis.toml')}`,
    'run',
    path.join(ROOT, 'openapi.yaml'),
    `--url=${apiUrl}`,
    '--checks=all',
    `--max-examples=${maxExamples}`,
    `--seed=${SEED}`,
    `--workers=${WORKERS}`,
    // No example database: every run starts from the seed alone, on CI and locally alike.
    '--generation-database=none',
    '--request-timeout=10',
    '--report=junit,ndjson',
    `--report-junit-path=${junitFile}`,
    `--report-ndjson-path=${EVENTS_FILE}`,
    ...(process.env.CI ? ['--no-color'] : []),
  ];
}

async function startStack(stack: Stack): Promise<string> {
  stack.database = await startDatabase({
    dataDir: path.join(WORK_DIR, 'ferretdb'),
    ephemeral: true,
  });
  if (process.env.MONGODB_URI) {
    // Start from an empty database, and leave none behind.
    stack.scratchDatabaseUri = databaseUri(stack.database.uri, DATABASE_NAME);
    await dropDatabase(stack.scratchDatabaseUri);
  }
  const identityProvider = await startIdentityProvider();
  stack.identityProvider = identityProvider;

  const port = await getPort({ host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${port}`;
  // Sending a deal needs a verified payout profile, which the local gateway verifies (#26).
  const paymentGateway = await startPaymentGateway({
    webhookUrl: `${apiUrl}/api/v1/payments/webhooks/razorpay`,
  });
  stack.paymentGateway = paymentGateway;
  stack.api = startProcess('api', process.execPath, ['backend/dist/main.js'], {
    env: {
      ...process.env,
      ...identityProvider.backendEnv,
      ...paymentGateway.backendEnv,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: databaseUri(stack.database.uri, DATABASE_NAME),
      PUBLIC_URL: apiUrl,
      CORS_ORIGINS: apiUrl,
      LOG_LEVEL: 'error', // every refused request logs a warning: thousands here; a 5xx still shows
      // Thousands of requests a minute from one client: the limits would answer 429 to most of
      // them. 429 stays documented wherever a limit applies.
      RATE_LIMIT_WAITLIST_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000000',
      RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '1000000',
      ADMIN_EMAILS: FUZZ_ADMIN.email,
      ADMIN_EXPORTS_PER_MINUTE: '1000',
    },
  });
  await waitUntil('The backend', () => httpAnswers(`${apiUrl}/api/v1/health`), 60_000);
  return apiUrl;
}

/**
 * Signs up the provider's demo identity (the account the hooks sign in as) and writes the ID
 * tokens the hooks put into register and login bodies, with the waitlist links and invite codes.
 */
async function writeCredentials(
  apiUrl: string,
  provider: IdentityProvider | undefined,
  apiDatabaseUri: string,
): Promise<void> {
  if (!provider) throw new Error('The identity provider is not running.');
  const existingAccount = await provider.issueIdToken();
  const signUp = await post(apiUrl, '/auth/register', { credential: existingAccount });
  if (signUp.status !== 201) {
    throw new Error(
      `Signing up the demo account answered ${signUp.status}: ${await signUp.text()}`,
    );
  }
  const { accessToken: creatorToken } = (await signUp.json()) as { accessToken: string };
  const adminAccount = await provider.issueIdToken(FUZZ_ADMIN);
  const adminSignUp = await post(apiUrl, '/auth/register', { credential: adminAccount });
  if (adminSignUp.status !== 201) {
    throw new Error(`Signing up the fuzz admin answered ${adminSignUp.status}`);
  }
  const newAccounts = await Promise.all(
    Array.from({ length: NEW_ACCOUNTS }, (_, index) =>
      provider.issueIdToken({
        sub: `fuzz-creator-${index}`,
        email: `fuzz.creator.${index}@paylock.test`,
        name: `Fuzz Creator ${index}`,
      }),
    ),
  );
  const { accessToken: adminToken } = (await adminSignUp.json()) as { accessToken: string };
  const client = await new MongoClient(apiDatabaseUri, {
    serverSelectionTimeoutMS: 5_000,
  }).connect();
  try {
    const outbox: Outbox = client.db().collection('outbox');
    // Half of their tokens the fuzzer confirms for the first time, the rest again
    // (alreadyConfirmed): both 200 answers checked. The personal-page links (#13): the hooks open
    // sessions with some and send the rest to POST /extra/waitlist/me/session.
    const waitlist = await joinWaitlist(apiUrl, outbox, WAITLIST_PEOPLE, 'Person', '8');
    const inviteCodes = await inviteSomeone(apiUrl, outbox, adminToken);
    const dealReviewTokens = await sendDeals(apiUrl, outbox, creatorToken);
    await writeFile(
      CREDENTIALS_FILE,
      JSON.stringify({
        existingAccount,
        adminAccount,
        newAccounts,
        waitlist,
        inviteCodes,
        dealReviewTokens,
      }),
    );
  } finally {
    await client.close();
  }
}

/** The API's queued e-mails (no SMTP server in this run: they stay queued, with their links). */
type Outbox = Collection<{
  kind: string;
  to: { email: string };
  data: { confirmUrl?: string; personalUrl?: string; inviteUrl?: string; reviewUrl?: string };
}>;

/**
 * Real brand review links for part of the deal-review bodies (else every one would answer 404):
 * deals the demo creator creates and sends; the tokens are read from the queued brand e-mails.
 */
async function sendDeals(apiUrl: string, outbox: Outbox, creatorToken: string): Promise<string[]> {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await verifyPayoutProfile(apiUrl, creatorToken);
  for (let index = 0; index < SENT_DEALS; index++) {
    const created = await post(
      apiUrl,
      '/deals',
      {
        title: `Fuzz deal ${String(index)}`,
        brand: {
          companyName: 'Fuzz Brand',
          contactName: 'Fuzz Brand Contact',
          contactEmail: `fuzz.brand.${String(index)}@paylock.test`,
          contactMobile: '9876543210',
        },
        deliverables: [
          {
            platform: 'instagram',
            kind: 'reel',
            quantity: 1,
            dueDate: day(30),
            usageRights: 'Organic',
            usagePeriodDays: 30,
          },
        ],
        milestones: [
          { name: 'Live', releaseCondition: 'Reel live', amountPaise: 500000, dueDate: day(30) },
        ],
        totalPaise: 500000,
      },
      creatorToken,
    );
    if (created.status !== 201) throw new Error(`Creating a deal answered ${created.status}`);
    const { id } = (await created.json()) as { id: string };
    const sent = await post(apiUrl, `/deals/${id}/send`, {}, creatorToken);
    if (sent.status !== 200) throw new Error(`Sending a deal answered ${sent.status}`);
  }
  const mails = await outbox.find({ kind: 'deal-review-request' }).toArray();
  return mails.map(({ data }) => linkParam(data.reviewUrl, 'token')).filter(Boolean);
}

/** Saves the demo creator's payout profile and waits until the local gateway has verified it. */
async function verifyPayoutProfile(apiUrl: string, creatorToken: string): Promise<void> {
  const account = '50100123456789';
  const saved = await fetch(`${apiUrl}/api/v1/payout-profile`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${creatorToken}` },
    body: JSON.stringify({
      legalName: 'Fuzz Creator',
      pan: 'ABCPE1234F',
      phone: '9876543210',
      accountNumber: account,
      accountNumberConfirmation: account,
      ifsc: 'HDFC0000001',
      upiId: null,
      gstin: null,
    }),
  });
  if (saved.status !== 200) throw new Error(`Saving the payout profile answered ${saved.status}`);
  await waitUntil(
    'The payout profile',
    async () => {
      const profile = await fetch(`${apiUrl}/api/v1/payout-profile`, {
        headers: { Authorization: `Bearer ${creatorToken}` },
      });
      return ((await profile.json()) as { status?: string }).status === 'verified';
    },
    30_000,
  );
}

/**
 * Real invite codes for part of the invite lookups (else every lookup would answer 404): people
 * who join and confirm, invited by the fuzz admin; the codes are read from the queued e-mails.
 */
async function inviteSomeone(
  apiUrl: string,
  outbox: Outbox,
  adminToken: string,
): Promise<string[]> {
  const { tokens } = await joinWaitlist(apiUrl, outbox, INVITED_PEOPLE, 'Invited', '7');
  for (const token of tokens) {
    const confirmed = await post(apiUrl, '/extra/waitlist/confirmations', { token });
    if (confirmed.status !== 200) throw new Error(`Confirming answered ${confirmed.status}`);
  }
  const wave = await post(apiUrl, '/admin/invites/next', { count: INVITED_PEOPLE }, adminToken);
  if (wave.status !== 200) throw new Error(`Inviting answered ${wave.status}`);
  const invites = await outbox.find({ kind: 'early-access-invite' }).toArray();
  const codes = invites.map(({ data }) => linkParam(data.inviteUrl, 'invite'));
  if (codes.length !== INVITED_PEOPLE) {
    throw new Error(`Expected ${INVITED_PEOPLE} invite e-mails, found ${codes.length}.`);
  }
  return codes;
}

/**
 * Joins `count` people (for the name 'Person' and the phone prefix '8': Fuzz Person 0,
 * fuzz.person.0@paylock.test, 8000000000, …) and reads, with one outbox query, the tokens of the
 * confirmation and personal-page links in their confirmation e-mails, in the order they joined.
 */
async function joinWaitlist(
  apiUrl: string,
  outbox: Outbox,
  count: number,
  name: string,
  phonePrefix: string,
) {
  const id = name.toLowerCase();
  const people = Array.from({ length: count }, (_, index) => ({
    fullName: `Fuzz ${name} ${index}`,
    email: `fuzz.${id}.${index}@paylock.test`,
    phoneNumber: `${phonePrefix}${String(index).padStart(9, '0')}`,
    instagramHandle: `fuzz_${id}_${index}`,
    userType: 'influencer',
  }));
  for (const person of people) {
    const joined = await post(apiUrl, '/extra/waitlist', person);
    if (joined.status !== 201) {
      throw new Error(`Joining the waitlist answered ${joined.status}: ${await joined.text()}`);
    }
  }
  const emails = people.map(({ email }) => email);
  const mails = await outbox
    .find({ kind: 'waitlist-confirmation', 'to.email': { $in: emails } })
    .toArray();
  const linksTo = new Map(mails.map(({ to, data }) => [to.email, data]));
  const links = emails.map((email) => linksTo.get(email) ?? {});
  const tokens = links.map(({ confirmUrl }) => linkParam(confirmUrl, 'token'));
  if (tokens.includes('')) {
    const found = tokens.filter(Boolean).length;
    throw new Error(`Expected ${count} confirmation links in the outbox, found ${found}.`);
  }
  return {
    tokens,
    personalTokens: links.map(({ personalUrl }) => linkParam(personalUrl, 'token')).filter(Boolean),
    people: people.map(({ email, phoneNumber }) => ({ email, phoneNumber })),
  };
}

/** POSTs a JSON body to the API (route under /api/v1), with a bearer token when given. */
function post(apiUrl: string, route: string, body: object, token?: string): Promise<Response> {
  return fetch(`${apiUrl}/api/v1${route}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
}

/** A query parameter of a link in a queued e-mail ('' when the link or parameter is missing). */
function linkParam(url: string | undefined, name: string): string {
  return url ? (new URL(url).searchParams.get(name) ?? '') : '';
}

async function stopStack(stack: Stack): Promise<void> {
  await stack.api?.stop();
  await stack.identityProvider?.stop();
  await stack.paymentGateway?.stop();
  if (stack.scratchDatabaseUri) {
    await dropDatabase(stack.scratchDatabaseUri).catch(() => undefined);
  }
  await stack.database?.stop();
}

async function dropDatabase(uri: string): Promise<void> {
  const client = await new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 }).connect();
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
}

/** What Schemathesis records of one scenario in its NDJSON events (the fields read here). */
interface ScenarioFinished {
  readonly phase: string;
  readonly recorder: {
    readonly label: string;
    readonly cases?: Record<string, unknown>;
    readonly interactions?: Record<
      string,
      { readonly response?: { readonly status_code: number } }
    >;
  };
}

/** Test cases and response statuses per operation, from the run's events. */
async function printCasesPerOperation(): Promise<void> {
  if (!existsSync(EVENTS_FILE)) return;
  const operations = new Map<string, { cases: number; statuses: Map<number, number> }>();
  const lines = createInterface({ input: createReadStream(EVENTS_FILE) });
  for await (const line of lines) {
    if (!line.startsWith('{"ScenarioFinished"')) continue;
    const { recorder } = (JSON.parse(line) as { ScenarioFinished: ScenarioFinished })
      .ScenarioFinished;
    const operation = operations.get(recorder.label) ?? {
      cases: 0,
      statuses: new Map<number, number>(),
    };
    operations.set(recorder.label, operation);
    operation.cases += Object.keys(recorder.cases ?? {}).length;
    for (const { response } of Object.values(recorder.interactions ?? {})) {
      if (!response) continue;
      const { status_code: status } = response;
      operation.statuses.set(status, (operation.statuses.get(status) ?? 0) + 1);
    }
  }
  console.log('\npaylock: test cases and response statuses per operation');
  console.table(
    Object.fromEntries(
      [...operations.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([label, { cases, statuses }]) => [
          label,
          {
            cases,
            statuses: [...statuses.entries()]
              .sort(([a], [b]) => a - b)
              .map(([status, count]) => `${status}×${count}`)
              .join(' '),
          },
        ]),
    ),
  );
}

/** One test per operation: passed when Schemathesis found nothing wrong with it. */
async function writeCounts(junitFiles: readonly string[], countsFile: string): Promise<void> {
  const reports = await Promise.all(
    junitFiles.map((file) => readFile(file, 'utf8').catch(() => '')),
  );
  const junit = reports.join('\n');
  const cases = junit.match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? [];
  const failed = cases.filter((testCase) => /<(failure|error)\b/.test(testCase)).length;
  const skipped = cases.filter((testCase) => /<skipped\b/.test(testCase)).length;
  await writeFile(
    countsFile,
    JSON.stringify({
      numPassedTests: cases.length - failed - skipped,
      numFailedTests: failed,
      numPendingTests: skipped,
    }),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
