/**
 * `npm start`: database, backend and frontend, served together on one URL (the frontend's dev
 * server proxies /api to the backend). Ctrl-C stops everything this started.
 */
import path from 'node:path';
import getPort, { portNumbers } from 'get-port';
import { databaseUri, startDatabase, type DatabaseServer } from './lib/database.ts';
import { startIdentityProvider, type IdentityProvider } from './lib/identity-provider.ts';
import { startMailDev, type MailDevServer } from './lib/maildev.ts';
import { DATA_DIR, ROOT } from './lib/paths.ts';
import { httpAnswers, run, startProcess, waitUntil, type RunningProcess } from './lib/processes.ts';

const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
const API_PORT = Number(process.env.PORT ?? 3000);

const started: {
  database?: DatabaseServer;
  identityProvider?: IdentityProvider;
  mailDev?: MailDevServer;
  processes: RunningProcess[];
} = { processes: [] };
let stopping = false;

async function main(): Promise<void> {
  // `on`, not `once`: a dependency's signal-exit hook re-raises the signal (killing us mid-shutdown,
  // the database left running) as soon as no other listener remains. shutDown runs only once.
  process.on('SIGINT', () => void shutDown(0));
  process.on('SIGTERM', () => void shutDown(0));

  const database = await startDatabase({
    dataDir: path.join(process.env.PAYLOCK_DATA_DIR ?? DATA_DIR, 'ferretdb'),
    preferredPort: 27018,
  });
  started.database = database;

  if ((await run('npm', ['run', 'build', '--silent', '-w', 'backend'])) !== 0) {
    throw new Error('The backend did not compile.');
  }

  const webPort = await getPort({ host: '127.0.0.1', port: portNumbers(WEB_PORT, WEB_PORT + 20) });
  const apiPort = await getPort({ host: '127.0.0.1', port: portNumbers(API_PORT, API_PORT + 20) });
  const webOrigin = `http://localhost:${webPort}`;
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  // Without Google credentials, sign-in goes to a local provider that needs no account.
  const identityProvider = process.env.GOOGLE_CLIENT_ID ? undefined : await startIdentityProvider();
  started.identityProvider = identityProvider;
  // Without SMTP_URL, mail goes to a local MailDev whose inbox the banner shows (loopback only).
  const mailDev = process.env.SMTP_URL ? undefined : await startMailDev();
  started.mailDev = mailDev;

  const backend = startProcess('api', 'node', ['backend/dist/main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      MONGODB_URI: process.env.MONGODB_URI ?? databaseUri(database.uri, 'paylock'),
      CORS_ORIGINS: process.env.CORS_ORIGINS ?? `${webOrigin},http://127.0.0.1:${webPort}`,
      PUBLIC_URL: process.env.PUBLIC_URL ?? webOrigin,
      ...identityProvider?.backendEnv,
      ...(mailDev && { SMTP_URL: mailDev.smtpUrl }),
    },
  });
  const frontend = startProcess(
    'web',
    'vite',
    ['--host', '127.0.0.1', '--port', String(webPort), '--strictPort', '--clearScreen', 'false'],
    {
      cwd: path.join(ROOT, 'frontend'),
      env: { ...process.env, PAYLOCK_API_ORIGIN: apiOrigin },
    },
  );
  started.processes.push(backend, frontend);
  for (const child of started.processes) {
    void child.exited.then((code) => {
      if (!stopping) {
        console.error(
          `paylock: ${child.name} stopped unexpectedly (${code}); stopping everything.`,
        );
        void shutDown(1);
      }
    });
  }

  await waitUntil('The backend', () => httpAnswers(`${apiOrigin}/api/v1/health/live`), 60_000);
  await waitUntil('The frontend', () => httpAnswers(`http://127.0.0.1:${webPort}/`), 60_000);

  console.log(
    [
      '',
      `  Paylock is running: ${webOrigin}`,
      `  API docs:           ${webOrigin}/api/docs`,
      `  Database:           ${database.description}`,
      ...(identityProvider ? ['  Sign-in:            a local development identity provider'] : []),
      ...(mailDev ? [`  Mail:               http://localhost:${mailDev.webPort}`] : []),
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

async function shutDown(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\npaylock: stopping…');
  await Promise.all(started.processes.map((child) => child.stop()));
  await started.identityProvider?.stop();
  await started.mailDev?.stop();
  await started.database?.stop();
  process.exit(exitCode);
}

main().catch(async (error: unknown) => {
  console.error(`paylock: ${error instanceof Error ? error.message : String(error)}`);
  await shutDown(1);
});
