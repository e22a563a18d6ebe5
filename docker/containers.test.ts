/**
 * The images of docker/ built and run: the backend, frontend and database images are built (or
 * found by their content hash), started in one Podman pod with the production settings of
 * docker-compose.yml as podman-compose reads them, and checked through the nginx front door,
 * published on 127.0.0.1 only. `npm test` runs this with the Podman it sets up (CONTAINERS_CONF,
 * DOCKER_HOST); without a container runtime every test is skipped, saying why.
 *   node --test docker/containers.test.ts      (through npm test: it owns the runtime)
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { after, before, describe, it, type TestContext } from 'node:test';
import getPort from 'get-port';
import { MongoClient } from 'mongodb';
import { startMailDev, type MailDevServer } from '@paylock/dev-mail';
import { startIdentityProvider, type IdentityProvider } from '@paylock/identity-provider';
import {
  ensureBackendImage,
  ensureBaseImages,
  ensureFerretDbImage,
  ensureFrontendImage,
  formatSize,
  imageSize,
  type BaseImages,
  type BuiltImage,
} from '../scripts/lib/images.ts';
import { OWNER_LABEL, removeOrphans } from '../scripts/lib/container-runtime.ts';
import { run, waitUntil } from '../scripts/lib/processes.ts';
import { ensureFerretDbBinary, FERRETDB_VERSION } from '../scripts/lib/database.ts';
import { inspect, inspectImage, podman, podmanOk, processUsers } from './support/podman.ts';
import { fromRoot } from './support/paths.ts';

/** Why these tests cannot run here, or undefined. */
function runtimeProblem(): string | undefined {
  if (process.env.PAYLOCK_CONTAINERS_SKIP) return process.env.PAYLOCK_CONTAINERS_SKIP;
  if (!process.env.CONTAINERS_CONF) {
    return 'no container runtime set up (npm test sets up Podman: run this through npm test)';
  }
  return undefined;
}
const skipReason = runtimeProblem();

const images: {
  base?: BaseImages;
  database?: BuiltImage;
  backend?: BuiltImage;
  frontend?: BuiltImage;
} = {};

function report(t: TestContext, image: BuiltImage, bytes: number): void {
  const line = `${image.reference}: ${formatSize(bytes)} (${image.built ? `built in ${image.seconds.toFixed(0)} s` : 'cached'})`;
  t.diagnostic(line);
  console.log(`paylock: image ${line}`);
}

void describe('images', () => {
  void it(
    'database: FerretDB FROM scratch (one static binary), tagged with its version, non-root',
    { skip: skipReason },
    async (t) => {
      const binary = await ensureFerretDbBinary();
      const database = await ensureFerretDbImage(binary, FERRETDB_VERSION);
      images.database = database;
      const bytes = await imageSize(database.reference);
      report(t, database, bytes);
      assert.equal(database.reference, `localhost/paylock-ferretdb:${FERRETDB_VERSION}`);
      const again = await ensureFerretDbImage(binary, FERRETDB_VERSION);
      assert.equal(again.built, false, 'an image of this version is not built again');
      assert.equal(await inspectImage(database.reference, '{{.Config.User}}'), '65534:65534');
      assert.equal(
        await inspectImage(database.reference, '{{json .Config.Entrypoint}}'),
        '["/ferretdb"]',
      );
      // FROM scratch: the binary and an empty data folder, nothing else.
      const extra = bytes - (await stat(binary)).size;
      assert.ok(extra >= 0 && extra < 100_000, `${extra} bytes besides the binary`);
    },
  );

  void it(
    'backend: builds on its Node base and runs as the non-root node user',
    { skip: skipReason },
    async (t) => {
      images.base = await ensureBaseImages();
      t.diagnostic(`bases: ${images.base.description}`);
      for (const base of images.base.images) report(t, base, await imageSize(base.reference));
      const backend = await ensureBackendImage(images.base);
      images.backend = backend;
      report(t, backend, await imageSize(backend.reference));
      assert.equal(await inspectImage(backend.reference, '{{.Config.User}}'), 'node');
      assert.match(await inspectImage(backend.reference, '{{json .Config.Healthcheck}}'), /health/);
    },
  );

  void it(
    'frontend: builds the prerendered site on nginx, non-root on port 8080',
    { skip: skipReason },
    async (t) => {
      images.base ??= await ensureBaseImages();
      const frontend = await ensureFrontendImage(images.base);
      images.frontend = frontend;
      report(t, frontend, await imageSize(frontend.reference));
      assert.equal(await inspectImage(frontend.reference, '{{.Config.User}}'), '101');
      assert.match(
        await inspectImage(frontend.reference, '{{json .Config.ExposedPorts}}'),
        /8080\/tcp/,
      );
    },
  );
});

/** docker-compose.yml as podman-compose parses it, with these variables. */
function composeConfig(variables: Record<string, string>): {
  code: number;
  stderr: string;
  services?: Record<string, { environment?: Record<string, string>; init?: boolean }>;
} {
  const result = spawnSync(
    '/usr/bin/python3',
    [fromRoot('docker', 'support', 'compose-config.py'), fromRoot('docker', 'docker-compose.yml')],
    { encoding: 'utf8', env: { PATH: process.env.PATH, ...variables } },
  );
  const code = result.status ?? 1;
  if (code !== 0) return { code, stderr: result.stderr };
  const parsed = JSON.parse(result.stdout) as {
    services: Record<string, { environment?: Record<string, string>; init?: boolean }>;
  };
  return { code, stderr: result.stderr, services: parsed.services };
}

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

const stack = {
  pod: `paylock-stack-${randomBytes(4).toString('hex')}`,
  webPort: 0,
  databasePort: 0,
  publicUrl: '',
  backendEnv: {} as Record<string, string>,
};
const container = (role: 'database' | 'backend' | 'frontend'): string => `${stack.pod}-${role}`;

/** A request to the front door on 127.0.0.1, as a browser at PUBLIC_URL sends it. */
function frontDoor(
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: stack.webPort,
        path,
        method: options.method ?? 'GET',
        headers: {
          Host: new URL(stack.publicUrl).host,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
        timeout: 10_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.once('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
        });
      },
    );
    request.once('error', reject);
    request.once('timeout', () => request.destroy(new Error(`${path}: no answer in 10 s`)));
    request.end(body);
  });
}

async function waitForFrontDoor(timeoutMs: number): Promise<void> {
  let last = 'no answer';
  const healthy = async () => {
    try {
      const answer = await frontDoor('/api/v1/health');
      last = `${answer.status} ${answer.body.slice(0, 200)}`;
      return answer.status === 200;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      return false;
    }
  };
  try {
    await waitUntil('the stack', healthy, timeoutMs, 500);
  } catch {
    const logs = await podman(['logs', '--tail', '30', container('backend')]);
    throw new Error(`the stack did not become healthy: ${last}\n${logs.stdout}${logs.stderr}`);
  }
}

const SMTP_PORT = 1025;
const MAILDEV_MANIFEST = fromRoot('node_modules', 'maildev', 'package.json');

/** MailDev's command inside a container that has node_modules at /opt/node_modules. */
function maildevScript(): string | undefined {
  if (!existsSync(MAILDEV_MANIFEST)) return undefined;
  const manifest = JSON.parse(readFileSync(MAILDEV_MANIFEST, 'utf8')) as {
    bin?: Record<string, string>;
  };
  const bin = manifest.bin?.maildev;
  return bin ? path.posix.join('/opt/node_modules/maildev', bin) : undefined;
}

/** The production settings of compose for this run (a strong JWT secret, Google's endpoints). */
const productionVariables = (): Record<string, string> => ({
  PUBLIC_URL: stack.publicUrl,
  GOOGLE_CLIENT_ID: 'paylock-container-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: randomBytes(24).toString('base64url'),
  JWT_SECRET: randomBytes(48).toString('base64'),
  PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
  // Production mails through SMTP: MailDev in the pod where the project has it (below). A
  // loopback SMTP server needs no TLS; a backend without mail ignores the variable.
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  // Sign-up is by invitation in production: compose refuses to start without a first admin.
  ADMIN_EMAILS: 'ops@example.com',
  // Production requires the SMS settings (#25); nothing in these tests sends an SMS.
  OTP_SECRETS: randomBytes(48).toString('base64url'),
  SMS_AUTH_KEY: 'container-test',
  SMS_TEMPLATE_ID: 'container-test',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1000000000000000000',
  // Production requires Razorpay's keys (#26); nothing in these tests pays.
  RAZORPAY_KEY_ID: 'rzp_live_containertest',
  RAZORPAY_KEY_SECRET: 'container-test',
  RAZORPAY_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
});

const envArgs = (env: Record<string, string>): string[] =>
  Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);

const ADMIN_EMAIL = 'ops@example.com';
const invitesBackend = `paylock-invites-${randomBytes(4).toString('hex')}`;
const invites: { idp?: IdentityProvider; mailDev?: MailDevServer } = {};

/** The token a link in an e-mail's text carries (the pattern's first group). */
function linkToken(text: string, pattern: RegExp): string {
  const token = pattern.exec(text)?.[1];
  if (!token) throw new Error(`no link matching ${String(pattern)} in: ${text.slice(0, 300)}`);
  return token;
}

type BackendCall = (
  path: string,
  options?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: unknown }>;

/**
 * The backend image once more, for sign-up by invitation: production refuses any identity
 * provider but Google (the test below it checks that), so this container runs the compose
 * settings with the local identity provider standing in for Google, which makes it NODE_ENV
 * development. It shares the host's loopback (`--network host`, listening on 127.0.0.1 only) to
 * reach the identity provider and MailDev this process starts there, and the database container
 * through the pod's published port; a database of its own.
 */
async function startInvitesBackend(): Promise<BackendCall> {
  invites.idp = await startIdentityProvider();
  invites.mailDev = await startMailDev();
  const port = await getPort({ host: '127.0.0.1' });
  const mongodbUri = new URL(stack.backendEnv.MONGODB_URI ?? '');
  mongodbUri.host = `127.0.0.1:${stack.databasePort}`;
  mongodbUri.pathname = '/paylock_invites';
  await podmanOk([
    'run',
    '--detach',
    '--network',
    'host',
    '--name',
    invitesBackend,
    '--label',
    `${OWNER_LABEL}=${process.pid}`,
    ...envArgs({
      ...stack.backendEnv,
      ...invites.idp.backendEnv,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      MONGODB_URI: mongodbUri.toString(),
      SMTP_URL: invites.mailDev.smtpUrl,
      SIGNUP_MODE: 'invite',
      ADMIN_EMAILS: ADMIN_EMAIL,
    }),
    images.backend?.reference ?? '',
  ]);
  const call: BackendCall = async (path, options = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  let last = 'no answer';
  const healthy = async () => {
    try {
      const health = await call('/api/v1/health');
      last = `${health.status}`;
      return health.status === 200;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      return false;
    }
  };
  try {
    await waitUntil('the invites backend', healthy, 90_000, 500);
  } catch {
    const logs = await podman(['logs', '--tail', '30', invitesBackend]);
    throw new Error(
      `the invites backend did not become healthy: ${last}\n${logs.stdout}${logs.stderr}`,
    );
  }
  return call;
}

void describe('the stack in production settings, on loopback', () => {
  before(async () => {
    if (skipReason) return;
    const { database, backend, frontend } = images;
    if (!database || !backend || !frontend) throw new Error('the images were not built');
    stack.webPort = await getPort({ host: '127.0.0.1' });
    stack.databasePort = await getPort({ host: '127.0.0.1' });
    stack.publicUrl = `http://localhost:${stack.webPort}`;
    const config = composeConfig(productionVariables());
    if (!config.services)
      throw new Error(`podman-compose refused the compose file: ${config.stderr}`);
    const backendEnv = { ...config.services.backend?.environment };
    // The pod stands in for the compose network: its containers share one loopback, so `mongo`
    // and `backend` are 127.0.0.1. FerretDB is not a replica set; w=majority stays.
    const mongodbUri = new URL(backendEnv.MONGODB_URI ?? '');
    mongodbUri.host = '127.0.0.1:27017';
    mongodbUri.searchParams.delete('replicaSet');
    backendEnv.MONGODB_URI = mongodbUri.toString();
    stack.backendEnv = backendEnv;
    const frontendEnv = { ...config.services.frontend?.environment };
    frontendEnv.PAYLOCK_API_UPSTREAM = `127.0.0.1:${backendEnv.PORT ?? '3000'}`;

    await podmanOk([
      'pod',
      'create',
      '--name',
      stack.pod,
      '--label',
      `${OWNER_LABEL}=${process.pid}`,
      '--publish',
      `127.0.0.1:${stack.webPort}:8080`,
      '--publish',
      `127.0.0.1:${stack.databasePort}:27017`,
    ]);
    await podmanOk([
      'run',
      '--detach',
      '--pod',
      stack.pod,
      '--name',
      container('database'),
      database.reference,
    ]);
    const maildev = maildevScript();
    if (maildev) {
      // The SMTP server for production mail: MailDev from the project's dependencies, on the Node
      // image, on the pod's loopback only (not published), as the node user.
      await podmanOk([
        'run',
        '--detach',
        '--pod',
        stack.pod,
        '--name',
        `${stack.pod}-mail`,
        '--user',
        '1000:1000',
        '--volume',
        `${fromRoot('node_modules')}:/opt/node_modules:ro`,
        images.base?.buildArgs.NODE_IMAGE ?? 'node:24-slim',
        'node',
        maildev,
        '--ip',
        '127.0.0.1',
        '--web-ip',
        '127.0.0.1',
        '--smtp',
        String(SMTP_PORT),
      ]);
    }
    await podmanOk([
      'run',
      '--detach',
      '--pod',
      stack.pod,
      '--name',
      container('backend'),
      ...(config.services.backend?.init ? ['--init'] : []),
      ...envArgs(backendEnv),
      backend.reference,
    ]);
    await podmanOk([
      'run',
      '--detach',
      '--pod',
      stack.pod,
      '--name',
      container('frontend'),
      ...envArgs(frontendEnv),
      frontend.reference,
    ]);
    await waitForFrontDoor(90_000);
  });

  after(async () => {
    if (skipReason) return;
    await podman(['rm', '--force', '--ignore', '--time', '5', invitesBackend]);
    await invites.mailDev?.stop();
    await invites.idp?.stop();
    await podman(['pod', 'rm', '--force', '--time', '5', stack.pod]);
    // Podman builds its pod infrastructure image locally (no registry here); not ours to keep.
    const pause = await podman([
      'images',
      '--format',
      '{{.Repository}}:{{.Tag}}',
      'localhost/podman-pause',
    ]);
    for (const image of pause.stdout.split('\n').filter(Boolean)) await podman(['rmi', image]);
  });

  void it(
    'compose: podman-compose reads the production recipe and refuses it without its secrets',
    { skip: skipReason },
    () => {
      const config = composeConfig(productionVariables());
      assert.equal(config.code, 0, config.stderr);
      assert.deepEqual(Object.keys(config.services ?? {}).sort(), ['backend', 'frontend', 'mongo']);
      const env = config.services?.backend?.environment ?? {};
      assert.equal(env.NODE_ENV, 'production');
      assert.equal(env.TRUST_PROXY, 'true');
      assert.match(env.MONGODB_URI ?? '', /replicaSet=rs0/);
      const withoutSecret = composeConfig(
        Object.fromEntries(
          Object.entries(productionVariables()).filter(([name]) => name !== 'JWT_SECRET'),
        ),
      );
      assert.notEqual(withoutSecret.code, 0);
      assert.match(withoutSecret.stderr, /set JWT_SECRET in docker\/\.env/);
    },
  );

  void it(
    'health: the API answers through the nginx front door',
    { skip: skipReason },
    async () => {
      const live = await frontDoor('/api/v1/health/live');
      assert.equal(live.status, 200, live.body);
      const ready = await frontDoor('/api/v1/health');
      assert.equal(ready.status, 200, ready.body);
    },
  );

  void it(
    'landing page: prerendered HTML with the security headers',
    { skip: skipReason },
    async () => {
      const page = await frontDoor('/');
      assert.equal(page.status, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /<div id="root" data-prerendered>/);
      assert.match(page.body, /<h1 [^>]*>Paylock<\/h1>/, 'the hero, rendered at build time');
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /^default-src 'self'/);
      assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/, 'inline scripts by hash');
      assert.doesNotMatch(csp, /@INLINE_SCRIPT_HASHES@/);
      assert.equal(page.headers['x-content-type-options'], 'nosniff');
      assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(page.headers['referrer-policy'], 'no-referrer');
      assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
      assert.match(String(page.headers['strict-transport-security']), /max-age=31536000/);
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.equal(page.headers.server, 'nginx', 'no version in the Server header');
    },
  );

  void it(
    'waitlist: a submission through the front door is stored in the database container',
    { skip: skipReason },
    async () => {
      const suffix = String(Date.now()).slice(-6);
      const submission = {
        fullName: 'Container Creator',
        email: `container-${suffix}@example.com`,
        phoneNumber: `98765${suffix.slice(0, 5)}`,
        instagramHandle: `container_${suffix}`,
        userType: 'influencer',
      };
      const answer = await frontDoor('/api/v1/extra/waitlist', {
        method: 'POST',
        body: submission,
        headers: { Origin: stack.publicUrl },
      });
      assert.equal(answer.status, 201, answer.body);
      const client = new MongoClient(`mongodb://127.0.0.1:${stack.databasePort}/`, {
        serverSelectionTimeoutMS: 5_000,
        directConnection: true,
      });
      try {
        const database = new URL(stack.backendEnv.MONGODB_URI ?? '').pathname.slice(1);
        const stored = await client
          .db(database)
          .collection('waitlist_entries')
          .findOne({ email: submission.email });
        assert.ok(stored, 'the entry is in the database container');
        assert.equal(stored.phone, submission.phoneNumber);
      } finally {
        await client.close();
      }
    },
  );

  void it(
    'sign-in: Google is the only identity provider, and a forged credential gets no session',
    { skip: skipReason },
    async (t) => {
      const provider = await frontDoor('/api/v1/auth/identity-provider');
      assert.equal(provider.status, 200, provider.body);
      assert.deepEqual(JSON.parse(provider.body), { kind: 'google' });

      const answer = await frontDoor('/api/v1/auth/login', {
        method: 'POST',
        body: { credential: forgedIdToken(stack.backendEnv.GOOGLE_CLIENT_ID ?? '') },
        headers: { Origin: stack.publicUrl, 'X-Requested-With': 'paylock' },
      });
      t.diagnostic(`forged credential: ${answer.status} ${answer.body}`);
      assert.ok([401, 503].includes(answer.status), `${answer.status} ${answer.body}`);
      assert.doesNotMatch(answer.body, /accessToken/);
      const cookies = answer.headers['set-cookie'] ?? [];
      assert.ok(
        cookies.every((cookie) => !/paylock_refresh=[^;]+/.test(cookie)),
        'no refresh cookie',
      );

      const redirect = await frontDoor('/api/v1/auth/google?intent=login');
      assert.equal(redirect.status, 302);
      assert.equal(new URL(String(redirect.headers.location)).host, 'accounts.google.com');
    },
  );

  void it(
    'the backend refuses to start in production with a local identity provider',
    { skip: skipReason },
    async () => {
      const local = 'http://127.0.0.1:9/oidc';
      const result = await podman(
        [
          'run',
          '--rm',
          '--network',
          'none',
          ...envArgs({
            ...stack.backendEnv,
            OIDC_ISSUER: local,
            OIDC_AUTHORIZATION_URL: `${local}/authorize`,
            OIDC_TOKEN_URL: `${local}/token`,
            OIDC_USERINFO_URL: `${local}/userinfo`,
            OIDC_JWKS_URL: `${local}/jwks`,
          }),
          images.backend?.reference ?? '',
        ],
        60_000,
      );
      assert.notEqual(result.code, 0, 'the backend must not start');
      assert.match(result.stdout + result.stderr, /OIDC_ISSUER must be a Google endpoint/);
    },
  );

  void it(
    'invitations: the first admin signs up, invites a confirmed waitlist entry, and the invited person signs up',
    { skip: skipReason },
    async (t) => {
      const backend = await startInvitesBackend();
      const origin = { Origin: stack.publicUrl };
      const signUp = async (
        identity: { sub: string; email: string; name: string },
        invite?: string,
      ) => {
        invites.idp?.setNextIdentity(identity);
        const credential = await invites.idp?.issueIdToken();
        return backend('/api/v1/auth/register', {
          method: 'POST',
          body: invite === undefined ? { credential } : { credential, invite },
        });
      };

      // The first ADMIN_EMAILS address needs no invite; anyone else does (SIGNUP_MODE=invite).
      const admin = await signUp({ sub: 'google-sub-ops', email: ADMIN_EMAIL, name: 'Ops' });
      assert.equal(admin.status, 201, JSON.stringify(admin.body));
      const { accessToken, user } = admin.body as {
        accessToken: string;
        user: { roles: string[] };
      };
      assert.ok(user.roles.includes('admin'), `roles: ${user.roles.join(', ')}`);
      const invitee = { sub: 'google-sub-asha', email: 'asha.container@example.com', name: 'Asha' };
      const uninvited = await signUp(invitee);
      assert.equal(uninvited.status, 403, JSON.stringify(uninvited.body));

      // The invitee joins the waitlist and confirms from the e-mail (MailDev, on loopback).
      const joined = await backend('/api/v1/extra/waitlist', {
        method: 'POST',
        headers: origin,
        body: {
          fullName: 'Asha Container',
          email: invitee.email,
          phoneNumber: '9876501234',
          instagramHandle: 'asha_container',
          userType: 'influencer',
        },
      });
      assert.equal(joined.status, 201, JSON.stringify(joined.body));
      const confirmation = await invites.mailDev?.inbox.waitForMailTo(invitee.email, {
        timeoutMs: 30_000,
      });
      const confirmToken = linkToken(
        confirmation?.text ?? '',
        /\/waitlist\/confirm\?token=([\w-]{43})/,
      );
      const confirmed = await backend('/api/v1/extra/waitlist/confirmations', {
        method: 'POST',
        headers: origin,
        body: { token: confirmToken },
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));

      // The admin invites the next confirmed entry: the invite e-mail carries the sign-up link.
      const wave = await backend('/api/v1/admin/invites/next', {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}` },
        body: { count: 1 },
      });
      assert.equal(wave.status, 200, JSON.stringify(wave.body));
      assert.equal((wave.body as { invited: number }).invited, 1);
      const inviteMail = await invites.mailDev?.inbox.waitFor(
        (mails) => mails.some((mail) => /\/register\?invite=/.test(mail.text ?? '')),
        { timeoutMs: 30_000, what: 'the invite e-mail' },
      );
      const inviteText = inviteMail?.find((mail) =>
        /\/register\?invite=/.test(mail.text ?? ''),
      )?.text;
      const code = linkToken(inviteText ?? '', /\/register\?invite=([\w-]{43})/);
      t.diagnostic(`invite e-mail received; code of ${code.length} characters`);

      const registered = await signUp(invitee, code);
      assert.equal(registered.status, 201, JSON.stringify(registered.body));
      const account = registered.body as { user: { email: string; roles: string[] } };
      assert.equal(account.user.email, invitee.email);
      assert.deepEqual(account.user.roles, ['creator']);
      // The code is spent: a second sign-up with it is refused.
      const again = await signUp(
        { ...invitee, sub: 'google-sub-other', email: 'other@example.com' },
        code,
      );
      assert.notEqual(again.status, 201, JSON.stringify(again.body));
    },
  );

  void it(
    'every process of every container runs as a non-root user',
    { skip: skipReason },
    async (t) => {
      for (const role of ['database', 'backend', 'frontend'] as const) {
        const users = await processUsers(container(role));
        t.diagnostic(`${role}: ${users.join(', ')}`);
        assert.ok(users.length > 0, `${role} has processes`);
        assert.ok(!users.includes('root'), `${role} runs as ${users.join(', ')}`);
      }
    },
  );

  void it("the images' own HEALTHCHECK commands pass", { skip: skipReason }, async () => {
    for (const role of ['backend', 'frontend'] as const) {
      const result = await podman(['healthcheck', 'run', container(role)], 30_000);
      assert.equal(result.code, 0, `${role}: ${result.stdout}${result.stderr}`);
    }
  });

  void it(
    'SIGTERM (the stop signal) stops each container cleanly, well before the kill',
    { skip: skipReason },
    async (t) => {
      for (const role of ['frontend', 'backend', 'database'] as const) {
        const startedAt = performance.now();
        await podmanOk(['stop', '--time', '20', container(role)], 60_000);
        const seconds = (performance.now() - startedAt) / 1000;
        const exitCode = await inspect(container(role), '{{.State.ExitCode}}');
        t.diagnostic(`${role}: exit ${exitCode} after ${seconds.toFixed(1)} s`);
        console.log(`paylock: ${role} stopped: exit ${exitCode} after ${seconds.toFixed(1)} s`);
        assert.equal(exitCode, '0', `${role} exit code`);
        assert.ok(seconds < 10, `${role} took ${seconds.toFixed(1)} s`);
      }
    },
  );
});

void describe('after an interrupted run', () => {
  void it(
    "the next run removes the killed run's containers and pods, and keeps a live run's",
    { skip: skipReason },
    async () => {
      const image = images.database?.reference;
      if (!image) throw new Error('the database image was not built');
      const killedRun = spawnSync(process.execPath, ['-e', '']).pid; // a process id now unused
      const name = `paylock-orphan-${randomBytes(4).toString('hex')}`;
      const label = (pid: number): string[] => ['--label', `${OWNER_LABEL}=${pid}`];
      await podmanOk(['create', '--name', `${name}-killed`, ...label(killedRun), image]);
      await podmanOk(['pod', 'create', '--name', `${name}-pod`, ...label(killedRun)]);
      await podmanOk(['create', '--name', `${name}-live`, ...label(process.pid), image]);
      try {
        const removed = await removeOrphans();
        assert.ok(removed.includes(`container ${name}-killed`), removed.join(', '));
        assert.ok(removed.includes(`pod ${name}-pod`), removed.join(', '));
        assert.ok(!removed.some((line) => line.includes(`${name}-live`)), removed.join(', '));
        const left = await podmanOk([
          'ps',
          '--all',
          '--filter',
          `name=${name}`,
          '--format',
          '{{.Names}}',
        ]);
        assert.equal(left, `${name}-live`);
        assert.equal(await podmanOk(['pod', 'ps', '--filter', `name=${name}`, '--quiet']), '');
      } finally {
        await podman([
          'rm',
          '--force',
          '--ignore',
          '--time',
          '0',
          `${name}-live`,
          `${name}-killed`,
        ]);
        await podman(['pod', 'rm', '--force', '--ignore', `${name}-pod`]);
      }
    },
  );

  void it(
    'removes the working container an image build killed mid-way left behind',
    { skip: skipReason },
    async () => {
      const image = images.database?.reference;
      if (!image) throw new Error('the database image was not built');
      // What `podman build` holds while it runs, and leaves when it is killed: buildah's container.
      const name = `paylock-killed-build-${randomBytes(4).toString('hex')}`;
      assert.equal(
        await run('buildah', ['from', '--quiet', '--name', name, image], {
          env: process.env,
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
        0,
      );
      try {
        assert.ok((await removeOrphans()).includes(`build container ${name}`));
        assert.equal(
          await podmanOk(['ps', '--all', '--external', '--filter', `name=${name}`, '--quiet']),
          '',
        );
      } finally {
        await run('buildah', ['rm', name], { env: process.env, stdio: 'ignore' });
      }
    },
  );
});

/** A Google-shaped ID token signed by a key of our own: what an attacker can make. */
function forgedIdToken(audience: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encode = (value: object): string =>
    Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = encode({ alg: 'RS256', typ: 'JWT', kid: randomUUID() });
  const payload = encode({
    iss: 'https://accounts.google.com',
    aud: audience,
    sub: '109876543210',
    email: 'attacker@example.com',
    email_verified: true,
    name: 'Attacker',
    iat: now,
    exp: now + 600,
  });
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}
