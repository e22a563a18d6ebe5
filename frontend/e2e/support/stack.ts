import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseStages, stageEnvironment } from '../../../docker/support/dockerfile.ts';
import { nginxBinary, startNginx } from '../../../docker/support/nginx.ts';
import {
  DEMO_ADMIN_IDENTITY,
  startIdentityProvider,
  type IdentityProvider,
} from '../../../scripts/lib/identity-provider.ts';
import { startMailDev, type MailDevInbox } from '../../../scripts/lib/maildev.ts';
import {
  startPaymentGateway,
  type LocalPaymentGateway,
} from '../../../scripts/lib/payment-gateway.ts';
import { startSmsInbox, type SmsInbox } from '../../../scripts/lib/sms-inbox.ts';
import { type SmtpGate, startSmtpGate } from './smtp-gate.ts';

/** The admin of every browser-test stack: the chooser's demo admin. */
export const ADMIN_IDENTITY = DEMO_ADMIN_IDENTITY;

const frontendDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(frontendDir, '..');
export const backendMain = path.join(repoRoot, 'backend/dist/main.js');
export const frontendIndex = path.join(frontendDir, 'dist/index.html');
const frontendDist = path.join(frontendDir, 'dist');
const frontendDockerfile = path.join(repoRoot, 'docker/frontend.Dockerfile');
const viteBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);

// A loaded 2-core machine (load average 20 in a fresh-clone run) took over 30 s to start a backend.
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 5_000;

export interface Stack {
  /** The built frontend (vite preview), which proxies /api to the backend. */
  baseURL: string;
  /** The local OAuth2/OIDC server the backend sends "Sign in with Google" to. */
  identityProvider: IdentityProvider;
  /** This stack's MailDev inbox: every e-mail the backend sent (see support/mail.ts). */
  mail: MailDevInbox;
  /** This stack's local SMS inbox (MSG91's Flow API): every SMS the backend sent (support/sms.ts). */
  sms: SmsInbox;
  /**
   * This stack's local payment gateway (Razorpay's API, hosted checkout, signed webhooks to the
   * backend): `pay`, `settle`, `setFaults`, `state` (packages/payment-gateway).
   */
  payments: LocalPaymentGateway;
  /** The backend's own database (specs that check what is stored, e.g. after an erasure). */
  databaseUri: string;
  /** MailDev's web inbox, for a person debugging a spec. */
  mailInboxUrl: string;
  /** The gate between the backend and MailDev (with `smtpGate: true`): refuse mail, or let it through. */
  smtpGate?: SmtpGate;
  stopBackend: () => Promise<void>;
  startBackend: () => Promise<void>;
  stop: () => Promise<void>;
}

// Every child of every stack, so that even a crashing test run leaves no server behind.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A free loopback port below the kernel's ephemeral range. A port that `listen(0)` hands out comes
 * from the range outgoing connections take their source ports from, so between this check and the
 * server's own listen a connection of the run (a database driver, the preview's proxy, Chromium)
 * could take it: "Port … is already in use", seen once in a fresh-clone run.
 */
async function freePort(): Promise<number> {
  const lowest = 10_000;
  const ephemeralStart = ephemeralPortsStart();
  for (;;) {
    const port = lowest + Math.floor(Math.random() * (ephemeralStart - lowest));
    if (!FETCH_BAD_PORTS.has(port) && (await canListen(port))) return port;
  }
}

/**
 * The Fetch standard's "bad ports" from 10,000 up: Chromium and Node's fetch refuse them, so a
 * stack there never answers its readiness check (a fresh-clone run drew 10080).
 */
const FETCH_BAD_PORTS = new Set([10_080]);

/** The first port of the kernel's ephemeral range (Linux's default where it cannot be read). */
function ephemeralPortsStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    const port = Number(start);
    return Number.isInteger(port) && port > 20_000 ? port : 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}

/** The MONGODB_URI with its database replaced by `database` (hosts, credentials, options kept). */
export function withDatabase(uri: string, database: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match?.[1]) throw new Error(`MONGODB_URI is not a mongodb:// URI: ${uri}`);
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

interface Child {
  process: ChildProcess;
  output: () => string;
}

function startChild(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { process: child, output: () => `--- ${name} output ---\n${output}` };
}

async function stopChild({ process: child }: Child): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function waitUntilOk(url: string, child?: Child): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child && (child.process.exitCode !== null || child.process.signalCode !== null)) {
      throw new Error(
        `exited (${String(child.process.exitCode ?? child.process.signalCode)}) before ${url} answered\n${child.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${url} did not answer 200 within ${READY_TIMEOUT_MS} ms\n${child?.output() ?? ''}`,
  );
}

export interface StackOptions {
  /**
   * What serves the built frontend and proxies /api: `vite preview` (the default), or this
   * machine's nginx running the production image's configuration (docker/nginx: its security
   * headers with the build's inline-script hashes in the CSP, caching, routing). See
   * `nginxAvailable()`.
   */
  readonly webServer?: 'vite-preview' | 'nginx';
  /** Send the backend's mail through an SmtpGate, so a spec can make delivery fail for real. */
  readonly smtpGate?: boolean;
  /** More backend environment (e.g. SIGNUP_MODE=invite), over the stack's own. */
  readonly backendEnv?: Readonly<Record<string, string>>;
}

/** Whether `startStack({ webServer: 'nginx' })` can run here. */
export const nginxAvailable = (): boolean => nginxBinary() !== undefined;

interface WebServer {
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/** The frontend image's nginx configuration, rendered as its entrypoint would, on `port`. */
async function startNginxWeb(port: number, apiPort: number): Promise<WebServer> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const directory = await mkdtemp(path.join(os.tmpdir(), 'paylock-e2e-nginx-'));
  const runtime = parseStages(await readFile(frontendDockerfile, 'utf8')).at(-1);
  const imageEnvironment = runtime ? stageEnvironment(runtime) : {};
  const nginx = await startNginx(binary, {
    directory,
    webRoot: frontendDist,
    port,
    environment: {
      ...imageEnvironment,
      PAYLOCK_API_UPSTREAM: `127.0.0.1:${String(apiPort)}`,
      PAYLOCK_TRUSTED_PROXY: '127.0.0.1',
      NGINX_LOCAL_RESOLVERS: '127.0.0.1',
    },
    filter: new RegExp(imageEnvironment.NGINX_ENVSUBST_FILTER ?? '^$'),
  });
  return {
    ready: Promise.resolve(),
    stop: async () => {
      await nginx.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function startVitePreview(webPort: number, apiOrigin: string, baseURL: string): WebServer {
  const web = startChild(
    'vite preview',
    [viteBin, 'preview', '--host', '127.0.0.1', '--port', String(webPort), '--strictPort'],
    frontendDir,
    { ...process.env, PAYLOCK_API_ORIGIN: apiOrigin },
  );
  return { ready: waitUntilOk(baseURL, web), stop: () => stopChild(web) };
}

let stacks = 0;

/**
 * Starts the built backend and `vite preview` of the built frontend on free loopback ports, each
 * stack with its own database whose name contains "test" and its own local identity provider
 * standing in for Google. The backend knows the preview's URL (PUBLIC_URL) before it starts, so
 * its Google redirect flow comes back through the same origin the browser uses.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const mongodbUri = process.env.MONGODB_URI;
  if (!mongodbUri) throw new Error('MONGODB_URI must point at a MongoDB-compatible server');
  const apiPort = await freePort();
  let webPort = await freePort();
  while (webPort === apiPort) webPort = await freePort();
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const baseURL = `http://127.0.0.1:${webPort}`;
  stacks += 1;
  // The chooser page as npm start shows it; specs that set an identity skip it.
  const identityProvider = await startIdentityProvider({ chooser: true });
  const mailDev = await startMailDev();
  const smsInbox = await startSmsInbox();
  const payments = await startPaymentGateway({
    webhookUrl: `${apiOrigin}/api/v1/payments/webhooks/razorpay`,
  });
  const smtpGate = options.smtpGate ? await startSmtpGate(mailDev.smtpUrl) : undefined;

  const databaseUri = withDatabase(mongodbUri, `paylock_e2e_test_${process.pid}_${stacks}`);
  const backendEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...identityProvider.backendEnv,
    PUBLIC_URL: baseURL,
    // Every page load refreshes the session: a browser suite makes more auth calls a minute
    // than one person would (the limit itself is tested over HTTP in the backend).
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    MONGODB_URI: databaseUri,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: ADMIN_IDENTITY.email,
    CORS_ORIGINS: baseURL,
    // Each stack's own SMTP server; a short poll so a spec waits little for its e-mail.
    SMTP_URL: smtpGate?.smtpUrl ?? mailDev.smtpUrl,
    MAIL_POLL_INTERVAL_MS: '200',
    // Each stack's own SMS inbox, speaking the provider's API to the production adapter.
    ...smsInbox.backendEnv,
    // Each stack's own payment gateway, speaking Razorpay's API to the production adapter.
    ...payments.backendEnv,
    ...options.backendEnv,
  };
  let backend: Child | null = null;
  const startBackend = async () => {
    if (backend && backend.process.exitCode === null) return;
    const started = startChild('backend', [backendMain], repoRoot, backendEnv);
    backend = started;
    // Readiness, not liveness: the port opens before the database connection does, and a spec's
    // first request must not meet the 503 of that moment.
    await waitUntilOk(`${apiOrigin}/api/v1/health`, started);
  };
  const stopBackend = async () => {
    if (backend) await stopChild(backend);
  };

  let web: WebServer;
  try {
    web =
      options.webServer === 'nginx'
        ? await startNginxWeb(webPort, apiPort)
        : startVitePreview(webPort, apiOrigin, baseURL);
  } catch (error) {
    await Promise.all([
      identityProvider.stop(),
      mailDev.stop(),
      smtpGate?.stop(),
      smsInbox.stop(),
      payments.stop(),
    ]);
    throw error;
  }
  const stop = async () => {
    await Promise.all([
      stopBackend(),
      web.stop(),
      identityProvider.stop(),
      smsInbox.stop(),
      payments.stop(),
    ]);
    await smtpGate?.stop();
    await mailDev.stop();
  };

  try {
    await Promise.all([startBackend(), web.ready]);
    // The pipe the app relies on: same-origin /api through the web server's proxy.
    await waitUntilOk(`${baseURL}/api/v1/health/live`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseURL,
    identityProvider,
    mail: mailDev.inbox,
    sms: smsInbox,
    payments,
    databaseUri,
    mailInboxUrl: mailDev.apiUrl,
    ...(smtpGate && { smtpGate }),
    startBackend,
    stopBackend,
    stop,
  };
}
