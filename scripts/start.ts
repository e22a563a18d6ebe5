/**
 * `npm start`: Paylock as users get it — the database, the API and the production web app
 * (prerendered pages, compressed, the nginx image's security headers) behind ONE origin, printed
 * once. The builds run only when their sources changed.
 *
 * `npm run dev` (`node scripts/start.ts --dev`): the same database and API, with Vite's hot-reload
 * development server in place of the production build, for engineers.
 *
 * Ctrl-C stops everything this started; so does any of it stopping on its own (exit code 1).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import getPort, { portNumbers } from 'get-port';
import { BUILDS, buildIfChanged, type Build } from './lib/build-stamp.ts';
import {
  databaseUri,
  FERRETDB_VERSION,
  startDatabase,
  type DatabaseServer,
} from './lib/database.ts';
import {
  DEMO_ADMIN_IDENTITY,
  startIdentityProvider,
  type IdentityProvider,
} from './lib/identity-provider.ts';
import { seedDemoMediaKit } from './lib/demo-media-kit.ts';
import { startMailDev, type MailDevServer } from './lib/maildev.ts';
import { loadEnvFile } from './lib/env-file.ts';
import { startPaymentGateway, type LocalPaymentGateway } from './lib/payment-gateway.ts';
import { localNoticeTemplates, startSmsInbox, type SmsInbox } from './lib/sms-inbox.ts';
import { DATA_DIR, ROOT, TOOLS_DIR } from './lib/paths.ts';
import {
  httpAnswers,
  runQuietly,
  startProcess,
  waitUntil,
  type RunningProcess,
} from './lib/processes.ts';
import { startWebServer, type WebServer } from './lib/web-server.ts';

// Before anything reads process.env: the root .env, where the environment does not say otherwise.
const FROM_ENV_FILE = loadEnvFile(path.join(ROOT, '.env'));
const DEV = process.argv.includes('--dev');
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
const API_PORT = Number(process.env.PORT ?? 3000);
const FRONTEND_DIR = path.join(ROOT, 'frontend');
const FRONTEND_DIST = BUILDS.frontend.outputDir;
const BACKEND_DIST = BUILDS.backend.outputDir;

interface Started {
  database?: DatabaseServer;
  identityProvider?: IdentityProvider;
  mailDev?: MailDevServer;
  smsInbox?: SmsInbox;
  paymentGateway?: LocalPaymentGateway;
  webServer?: WebServer;
  processes: RunningProcess[];
}
const started: Started = { processes: [] };
let stopping = false;

/** One line per step with how long it took, so a first run's minutes are never silent. */
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  process.stdout.write(`paylock: ${label}…\n`);
  const startedAt = performance.now();
  const result = await work();
  const seconds = (performance.now() - startedAt) / 1000;
  process.stdout.write(`paylock: ${label}: done in ${seconds.toFixed(1)} s\n`);
  return result;
}

/** Builds with `npm run build -w <workspace>` unless its stamp matches its sources. */
async function buildWhenChanged(label: string, build: Build): Promise<void> {
  const outcome = await buildIfChanged(build, () =>
    step(label, () => runQuietly('npm', ['run', 'build', '--silent', '-w', build.workspace])),
  );
  if (outcome === 'failed') {
    throw new Error(`${label} failed (npm run build -w ${build.workspace}).`);
  }
  if (outcome === 'up to date') console.log(`paylock: ${label}: up to date`);
}

function isFirstRun(): boolean {
  const ferretDbMissing =
    !process.env.MONGODB_URI &&
    !existsSync(path.join(TOOLS_DIR, `ferretdb-${FERRETDB_VERSION}`, 'ferretdb'));
  return ferretDbMissing || !existsSync(BACKEND_DIST) || (!DEV && !existsSync(FRONTEND_DIST));
}

async function main(): Promise<void> {
  // `on`, not `once`: a dependency's signal-exit hook re-raises the signal (killing us mid-shutdown,
  // the database left running) as soon as no other listener remains. shutDown runs only once.
  process.on('SIGINT', () => void shutDown(0));
  process.on('SIGTERM', () => void shutDown(0));

  if (isFirstRun()) {
    console.log(
      'paylock: first run: builds the local database server (FerretDB, with Go: a few minutes, ' +
        `unless MONGODB_URI is set), the API${DEV ? '' : ' and the production web app'} ` +
        '(about 1 minute); later runs reuse them and start in seconds.',
    );
  }

  const database = await step('database', () =>
    startDatabase({
      dataDir: path.join(process.env.PAYLOCK_DATA_DIR ?? DATA_DIR, 'ferretdb'),
      preferredPort: 27018,
    }),
  );
  started.database = database;
  watch('the database', database.exited);

  await buildWhenChanged('API build', BUILDS.backend);
  if (!DEV) await buildWhenChanged('web app build', BUILDS.frontend);

  const webPort = await getPort({ port: portNumbers(WEB_PORT, WEB_PORT + 20) });
  const apiPort = await getPort({ host: '127.0.0.1', port: portNumbers(API_PORT, API_PORT + 20) });
  const webOrigin = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  // Without Google credentials, sign-in goes to a local provider that needs no account.
  // Without Google credentials, sign-in goes to a local provider with an account chooser.
  const identityProvider = process.env.GOOGLE_CLIENT_ID
    ? undefined
    : await startIdentityProvider({ chooser: true });
  started.identityProvider = identityProvider;
  // Without SMTP_URL, mail goes to a local MailDev whose inbox the banner shows (loopback only).
  const mailDev = process.env.SMTP_URL ? undefined : await startMailDev();
  started.mailDev = mailDev;
  // Without SMS_BASE_URL, brand sign-in codes and SMS notices go to a local SMS inbox that speaks
  // MSG91's API, with the notice templates registered as the API names them.
  const smsInbox = process.env.SMS_BASE_URL
    ? undefined
    : await startSmsInbox({ templates: await localNoticeTemplates(BACKEND_DIST) });
  started.smsInbox = smsInbox;
  // Without RAZORPAY_KEY_ID, payments go to a local gateway that speaks Razorpay's API; its
  // webhooks go straight to the API.
  const paymentGateway = process.env.RAZORPAY_KEY_ID
    ? undefined
    : await startPaymentGateway({
        webhookUrl: `${apiOrigin}/api/v1/payments/webhooks/razorpay`,
      });
  started.paymentGateway = paymentGateway;

  const backend = startProcess('api', 'node', ['backend/dist/main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      MONGODB_URI: process.env.MONGODB_URI ?? databaseUri(database.uri, 'paylock'),
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? webOrigin,
      PUBLIC_URL: webOrigin,
      // The only client of the API is the front server on this machine, which overwrites
      // X-Forwarded-For with the browser's address (as nginx does in the image).
      TRUST_PROXY: process.env.TRUST_PROXY ?? (DEV ? 'false' : 'true'),
      ...identityProvider?.backendEnv,
      // The chooser's demo admin can open /admin (unless ADMIN_EMAILS says otherwise).
      ...(identityProvider && {
        ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? DEMO_ADMIN_IDENTITY.email,
      }),
      ...(mailDev && { SMTP_URL: mailDev.smtpUrl }),
      ...smsInbox?.backendEnv,
      ...paymentGateway?.backendEnv,
    },
  });
  started.processes.push(backend);
  watch('the API', backend.exited);

  await step('API start', () =>
    waitUntil('The API', () => httpAnswers(`${apiOrigin}/api/v1/health/live`), 60_000),
  );
  // A demo media kit at /@demo (its own seeded creator), unless that creator chose another handle.
  const demoKit = identityProvider
    ? await seedDemoMediaKit(apiOrigin, identityProvider).catch((error: unknown) => {
        console.warn(`paylock: the demo media kit was not seeded: ${String(error)}`);
        return null;
      })
    : null;

  if (DEV) {
    const frontend = startProcess('web', 'node', ['scripts/dev-server.ts'], {
      cwd: FRONTEND_DIR,
      env: {
        ...process.env,
        PAYLOCK_API_ORIGIN: apiOrigin,
        PAYLOCK_PUBLIC_URL: webOrigin,
        WEB_PORT: String(webPort),
      },
    });
    started.processes.push(frontend);
    watch('the development server', frontend.exited);
    await step('development server', () =>
      waitUntil('The development server', () => httpAnswers(`${webOrigin}/`), 60_000),
    );
  } else {
    started.webServer = await startWebServer({
      distDir: FRONTEND_DIST,
      apiOrigin,
      publicOrigin: webOrigin,
      hosts: ['127.0.0.1', '::1'],
      port: webPort,
      // The brand's checkout form is POSTed to the local gateway's hosted checkout.
      ...(paymentGateway && { formActionOrigins: [paymentGateway.url] }),
      // The API reads the same variable (5 s when unset): its idle connections outlive the proxy's.
      ...(process.env.HTTP_KEEP_ALIVE_TIMEOUT_MS && {
        apiKeepAliveTimeoutMs: Number(process.env.HTTP_KEEP_ALIVE_TIMEOUT_MS),
      }),
    });
  }

  console.log(
    [
      '',
      `  Paylock is running: ${webOrigin}`,
      `  API docs:           ${webOrigin}/api/docs`,
      `  Database:           ${database.description}`,
      ...(identityProvider
        ? [
            '  Sign-in:            a local development identity provider (choose the demo creator,',
            `                      the demo admin ${DEMO_ADMIN_IDENTITY.email} for /admin, or any account)`,
          ]
        : []),
      ...(demoKit ? [`  Demo media kit:     ${webOrigin}/@${demoKit}`] : []),
      ...(mailDev ? [`  Mail:               http://localhost:${mailDev.webPort}`] : []),
      ...(FROM_ENV_FILE.length > 0 ? [`  From .env:          ${FROM_ENV_FILE.join(', ')}`] : []),
      ...(smsInbox ? [`  SMS:                ${smsInbox.pageUrl}`] : []),
      ...(paymentGateway
        ? [`  Payments:           ${paymentGateway.pageUrl} (a local Razorpay stand-in)`]
        : []),
      DEV
        ? '  Mode:               development (hot reload; `npm start` serves the production build)'
        : '  Mode:               production build (`npm run dev` for hot reload)',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

/** Anything this started stopping on its own stops everything (exit code 1). */
function watch(what: string, exited: Promise<number | string> | undefined): void {
  void exited?.then((code) => {
    if (stopping) return;
    console.error(`paylock: ${what} stopped unexpectedly (${code}); stopping everything.`);
    void shutDown(1);
  });
}

async function shutDown(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\npaylock: stopping…');
  await started.webServer?.stop();
  await Promise.all(started.processes.map((child) => child.stop()));
  await started.identityProvider?.stop();
  await started.mailDev?.stop();
  await started.smsInbox?.stop();
  await started.paymentGateway?.stop();
  await started.database?.stop();
  process.exit(exitCode);
}

main().catch(async (error: unknown) => {
  console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
  await shutDown(1);
});
