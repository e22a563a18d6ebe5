/**
 * What can be checked of docker/ on a machine without a container engine: the compose file, the
 * Dockerfiles and the nginx configuration against the backend's configuration schema, routes and
 * ports; and, where nginx is installed, the web server's behaviour (headers, caching, prerendered
 * pages and SPA fallback, the /api proxy).
 *   node --test docker/docker-files.test.ts
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import getPort from 'get-port';
import { parse as parseYaml } from 'yaml';
import {
  apiSecurityHeaderNames,
  backendEnvironmentNames,
  loadBackendConfig,
  readinessPath,
} from './support/backend.ts';
import {
  interpolateDocument,
  MissingVariableError,
  parseEnvFile,
  referencedVariables,
} from './support/compose.ts';
import {
  execForm,
  instructionsOf,
  isExcludedFromContext,
  parseCopy,
  parseStages,
  type Stage,
  stageEnvironment,
} from './support/dockerfile.ts';
import {
  nginxBinary,
  type RunningNginx,
  SNIPPET_FILE,
  startNginx,
  TEMPLATE_FILE,
} from './support/nginx.ts';
import { commandAssignments, tableVariables } from './support/markdown.ts';
import { DOCKER_DIR, fromRoot } from './support/paths.ts';
import { cspHashSource, renderSecurityHeaders } from './nginx/security-headers.ts';

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const COMPOSE_FILE = path.join(DOCKER_DIR, 'docker-compose.yml');
const ENV_EXAMPLE_FILE = path.join(DOCKER_DIR, '.env.example');
const composeText = await readFile(COMPOSE_FILE, 'utf8');
const envExample = parseEnvFile(await readFile(ENV_EXAMPLE_FILE, 'utf8'));

/** What an operator fills into the example's blanks. */
const FILLED_IN: Readonly<Record<string, string>> = {
  PUBLIC_URL: 'https://paylock.example.com',
  GOOGLE_CLIENT_ID: 'paylock-test.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'test-client-secret',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SMTP_URL: 'smtps://paylock:secret@smtp.example.com:465',
  ADMIN_EMAILS: 'ops@example.com',
  OTP_SECRETS: randomBytes(48).toString('base64url'),
  SMS_AUTH_KEY: 'test-auth-key',
  SMS_TEMPLATE_ID: 'test-template',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1000000000000000000',
  RAZORPAY_KEY_ID: 'rzp_live_dockerfiles',
  RAZORPAY_KEY_SECRET: 'test-key-secret',
  RAZORPAY_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
};
const operatorEnv = { ...envExample, ...FILLED_IN };

const composeWith = (variables: Readonly<Record<string, string>>): ComposeFile =>
  interpolateDocument(parseYaml(composeText), variables) as ComposeFile;
const compose = composeWith(operatorEnv);

function service(name: string): ComposeService {
  const found = compose.services[name];
  assert.ok(found, `docker-compose.yml has a ${name} service`);
  return found;
}

const dockerfileStages = async (file: string): Promise<Stage[]> =>
  parseStages(await readFile(fromRoot(file), 'utf8'));

function finalStage(stages: readonly Stage[]): Stage {
  const stage = stages.at(-1);
  assert.ok(stage, 'the Dockerfile has a stage');
  return stage;
}

const serviceDockerfile = (name: string): string => {
  const build = service(name).build;
  assert.ok(build, `${name} is built from this repository`);
  assert.equal(path.resolve(DOCKER_DIR, build.context), fromRoot(), 'context: the repo root');
  return build.dockerfile;
};

const hostAndPort = (address: string): { host: string; port: number } => {
  const url = new URL(`http://${address}`);
  return { host: url.hostname, port: Number(url.port) };
};

void describe('docker-compose.yml', () => {
  void it(
    'is accepted by docker compose itself',
    {
      skip: spawnSync('docker', ['compose', 'version']).status === 0 ? false : 'no docker compose',
    },
    async () => {
      const envFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'paylock-compose-')), '.env');
      await writeFile(
        envFile,
        Object.entries(operatorEnv)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n'),
      );
      const result = spawnSync(
        'docker',
        ['compose', '-f', COMPOSE_FILE, '--env-file', envFile, 'config', '--quiet'],
        { encoding: 'utf8' },
      );
      assert.equal(result.status, 0, result.stderr);
    },
  );

  void it('reads exactly the variables .env.example documents', () => {
    assert.deepEqual(referencedVariables(composeText).sort(), Object.keys(envExample).sort());
  });

  void it('refuses to start until the public URL and the secrets are filled in', () => {
    for (const name of [
      'PUBLIC_URL',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'JWT_SECRET',
      'PAYOUT_ENCRYPTION_KEY',
      'SMTP_URL',
      'ADMIN_EMAILS',
      'OTP_SECRETS',
      'SMS_AUTH_KEY',
      'SMS_TEMPLATE_ID',
      'SMS_SENDER',
      'SMS_DLT_ENTITY_ID',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ]) {
      assert.equal(envExample[name], '', `.env.example leaves ${name} for the operator`);
      assert.throws(
        () => composeWith({ ...operatorEnv, [name]: '' }),
        (error: unknown) => error instanceof MissingVariableError && error.message.includes(name),
      );
    }
  });

  void it('gives the backend only variables its configuration schema knows', async () => {
    const known = await backendEnvironmentNames();
    const unknown = Object.keys(service('backend').environment ?? {}).filter(
      (name) => !known.includes(name),
    );
    assert.deepEqual(unknown, []);
  });

  void it('gives the backend a configuration it accepts in production, behind the proxy', async () => {
    const backendConfig = await loadBackendConfig();
    const config = backendConfig.parseConfig(service('backend').environment ?? {});
    assert.equal(config.nodeEnv, 'production');
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.trustProxy, true);
    assert.equal(config.auth.publicUrl, FILLED_IN.PUBLIC_URL);
    assert.ok(config.corsOrigins.includes(new URL(config.auth.publicUrl).origin));
  });

  void it('runs MongoDB as the replica set the backend connects to, with majority writes', () => {
    const mongo = service('mongo');
    const command = mongo.command ?? [];
    const replicaSet = command[command.indexOf('--replSet') + 1];
    assert.ok(replicaSet && command.includes('--replSet'), 'mongod runs with --replSet');
    const uri = new URL(service('backend').environment?.MONGODB_URI ?? '');
    assert.equal(uri.searchParams.get('replicaSet'), replicaSet);
    assert.equal(uri.searchParams.get('w'), 'majority');
    assert.equal(uri.hostname, 'mongo', 'the backend connects to the mongo service');
    const initiate = (mongo.healthcheck?.test ?? []).join(' ');
    assert.match(initiate, new RegExp(`rs\\.initiate\\(\\{ _id: '${replicaSet}'`));
    assert.match(initiate, new RegExp(`host: '${uri.host}'`), 'the member is the address dialled');
  });

  void it('keeps the database in a named volume', () => {
    const [volume, mountPoint] = (service('mongo').volumes?.[0] ?? '').split(':');
    assert.equal(mountPoint, '/data/db');
    assert.ok(volume && volume in (compose.volumes ?? {}), `${String(volume)} is a named volume`);
  });

  void it('starts each service once the one it needs is healthy', async () => {
    assert.equal(service('backend').depends_on?.mongo?.condition, 'service_healthy');
    assert.equal(service('frontend').depends_on?.backend?.condition, 'service_healthy');
    assert.ok(service('mongo').healthcheck, 'mongo has a health check');
    const backendStages = await dockerfileStages(serviceDockerfile('backend'));
    assert.equal(instructionsOf(finalStage(backendStages), 'HEALTHCHECK').length, 1);
  });

  void it('publishes the web app on 8080 and points nginx at the backend port', async () => {
    assert.deepEqual(service('frontend').ports, ['8080:8080']);
    const template = await readFile(TEMPLATE_FILE, 'utf8');
    assert.match(template, /listen 8080;/);
    const upstream = hostAndPort(service('frontend').environment?.PAYLOCK_API_UPSTREAM ?? '');
    assert.equal(upstream.host, 'backend');
    assert.equal(upstream.port, Number(service('backend').environment?.PORT));
  });
});

void describe('the documented variables (issue #29)', () => {
  const DOCKER_README = path.join(DOCKER_DIR, 'README.md');
  const OPERATIONS = fromRoot('docs', 'operations.md');
  /** Set by the compose file itself, or fixed to Google's in production: not in docker/.env. */
  const NOT_IN_ENV_FILE = [
    'NODE_ENV',
    'HOST',
    'PORT',
    'MONGODB_URI',
    'TRUST_PROXY',
    'CORS_ORIGINS',
    'OIDC_ISSUER',
    'OIDC_AUTHORIZATION_URL',
    'OIDC_TOKEN_URL',
    'OIDC_USERINFO_URL',
    'OIDC_JWKS_URL',
  ];
  const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

  void it("docker/README.md's table names every variable the backend reads, and only those and the compose file's own", async () => {
    const documented = tableVariables(
      await readFile(DOCKER_README, 'utf8'),
      '### What `docker/.env` needs',
    );
    const known = await backendEnvironmentNames();
    const composeOnly = referencedVariables(composeText).filter((name) => !known.includes(name));
    assert.deepEqual(sorted(documented), sorted([...known, ...composeOnly]));
  });

  void it("docs/operations.md's backend table names exactly the variables the backend reads", async () => {
    const documented = tableVariables(await readFile(OPERATIONS, 'utf8'), '### The backend');
    assert.deepEqual(sorted(documented), sorted(await backendEnvironmentNames()));
  });

  void it('compose passes every variable the backend reads to it, from docker/.env or its own', async () => {
    const known = await backendEnvironmentNames();
    const passed = Object.keys(service('backend').environment ?? {});
    const missing = known.filter(
      (name) => !passed.includes(name) && !NOT_IN_ENV_FILE.includes(name),
    );
    assert.deepEqual(missing, []);
    for (const name of passed.filter((name) => !NOT_IN_ENV_FILE.includes(name))) {
      assert.ok(name in envExample, `.env.example has ${name}`);
    }
  });

  void it("docs/operations.md's production command starts the backend in production, with an admin", async () => {
    const assignments = commandAssignments(
      await readFile(OPERATIONS, 'utf8'),
      'node backend/dist/main.js',
    );
    // The placeholders (…) filled in as an operator does.
    const filled = Object.fromEntries(
      Object.entries(assignments).map(([name, value]) => [
        name,
        value.includes('…') ? (FILLED_IN[name] ?? value.replace(/…/g, 'x')) : value,
      ]),
    );
    assert.ok(filled.ADMIN_EMAILS, 'the command sets ADMIN_EMAILS');
    const config = (await loadBackendConfig()).parseConfig(filled);
    assert.equal(config.nodeEnv, 'production');
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.trustProxy, true);
  });
});

void describe('Dockerfiles', () => {
  for (const file of ['docker/backend.Dockerfile', 'docker/frontend.Dockerfile']) {
    void it(`${file}: every COPY source is in the build context or built by an earlier stage`, async () => {
      const stages = await dockerfileStages(file);
      const dockerignore = await readFile(fromRoot('.dockerignore'), 'utf8');
      stages.forEach((stage, index) => {
        for (const { args } of instructionsOf(stage, 'COPY')) {
          const copy = parseCopy(args);
          for (const source of copy.sources) {
            if (copy.from === undefined) {
              assert.ok(existsSync(fromRoot(source)), `${source} exists`);
              assert.ok(!isExcludedFromContext(source, dockerignore), `${source} not ignored`);
            } else {
              const producer = stages.slice(0, index).find((earlier) => earlier.name === copy.from);
              assert.ok(producer, `stage ${copy.from} comes before`);
              assertProduces(producer, source);
            }
          }
        }
      });
    });
  }

  void it('backend: runs node itself, as a non-root user, on the port compose configures', async () => {
    const runtime = finalStage(await dockerfileStages('docker/backend.Dockerfile'));
    const user = instructionsOf(runtime, 'USER').at(-1)?.args;
    assert.ok(user && !['root', '0'].includes(user), `runs as ${String(user)}`);
    const [command, entry] = execForm(instructionsOf(runtime, 'CMD').at(-1)?.args ?? '');
    assert.equal(command, 'node');
    assert.equal(entry, 'backend/dist/main.js');
    assert.ok(existsSync(fromRoot('backend', 'src', 'main.ts')), 'built from backend/src/main.ts');
    const port = stageEnvironment(runtime).PORT;
    assert.equal(port, service('backend').environment?.PORT);
    assert.equal(instructionsOf(runtime, 'EXPOSE').at(-1)?.args, port);
  });

  void it('backend: installs production dependencies only, from the lock file', async () => {
    const [build, runtime] = await dockerfileStages('docker/backend.Dockerfile');
    const install = (stage?: Stage) =>
      instructionsOf(stage ?? { name: undefined, instructions: [] }, 'RUN').find(({ args }) =>
        /\bnpm ci\b/.test(args),
      )?.args ?? '';
    assert.match(install(runtime), /--workspace backend\b.*--omit=dev/);
    assert.doesNotMatch(install(build), /--omit=dev/, 'the build stage has the dev dependencies');
  });

  void it('backend: the health check probes the readiness route', async () => {
    const runtime = finalStage(await dockerfileStages('docker/backend.Dockerfile'));
    const probe = execForm(instructionsOf(runtime, 'HEALTHCHECK')[0]?.args ?? '').join(' ');
    const url = /`http:\/\/127\.0\.0\.1:\$\{process\.env\.PORT\}(\/[^`]*)`/.exec(probe);
    assert.equal(url?.[1], await readinessPath());
  });

  void it('frontend: exposes and probes the port nginx listens on, proxies where compose says', async () => {
    const runtime = finalStage(await dockerfileStages('docker/frontend.Dockerfile'));
    assert.equal(instructionsOf(runtime, 'EXPOSE').at(-1)?.args, '8080');
    const probe = execForm(instructionsOf(runtime, 'HEALTHCHECK')[0]?.args ?? '');
    assert.equal(new URL(probe.at(-1) ?? '').port, '8080');
    assert.equal(
      stageEnvironment(runtime).PAYLOCK_API_UPSTREAM,
      service('frontend').environment?.PAYLOCK_API_UPSTREAM,
    );
  });
});

/** A COPY --from source must be something the earlier stage built. */
function assertProduces(stage: Stage, source: string): void {
  const workdir = instructionsOf(stage, 'WORKDIR').at(-1)?.args ?? '/';
  const relative = path.posix.relative(workdir, source);
  const runs = instructionsOf(stage, 'RUN').map(({ args }) => args);
  const workspaceOutput = /^(backend|frontend)\/dist$/.exec(relative);
  if (workspaceOutput) {
    const workspace = workspaceOutput[1] ?? '';
    assert.ok(
      runs.some((run) => run.includes(`npm run build --workspace ${workspace}`)),
      `stage ${String(stage.name)} builds ${workspace} (into ${workspace}/dist)`,
    );
  } else {
    assert.ok(
      runs.some((run) => run.split(/\s+/).includes(relative)),
      `stage ${String(stage.name)} writes ${relative}`,
    );
  }
}

void describe('nginx configuration', () => {
  const frontendRuntime = async () =>
    finalStage(await dockerfileStages('docker/frontend.Dockerfile'));

  void it('renders only its own variables, all of them provided by the image', async () => {
    const environment = stageEnvironment(await frontendRuntime());
    const filter = new RegExp(environment.NGINX_ENVSUBST_FILTER ?? '');
    const template = await readFile(TEMPLATE_FILE, 'utf8');
    const used = [
      ...new Set([...template.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1] ?? '')),
    ];
    const provided = [...Object.keys(environment), 'NGINX_LOCAL_RESOLVERS'];
    for (const name of used) {
      assert.ok(filter.test(name), `${name} passes NGINX_ENVSUBST_FILTER`);
      assert.ok(provided.includes(name), `${name} is set in the image`);
    }
    for (const nginxVariable of ['uri', 'host', 'remote_addr', 'scheme', 'paylock_api']) {
      assert.ok(!filter.test(nginxVariable), `$${nginxVariable} stays nginx's`);
    }
    assert.equal(environment.NGINX_ENTRYPOINT_LOCAL_RESOLVERS, '1');
  });

  void it('sends every security header the API sends', async () => {
    const snippet = await readFile(SNIPPET_FILE, 'utf8');
    const sent = [...snippet.matchAll(/^add_header (\S+)/gm)].map((m) => m[1]?.toLowerCase());
    assert.deepEqual(
      apiSecurityHeaderNames().filter((name) => !sent.includes(name)),
      [],
    );
  });
});

const PAGES = {
  'index.html': '<html><head><script>document.title = "landing"</script></head>landing</html>',
  'app.html': '<html><head><script>document.title = "shell"</script></head>shell</html>',
  'waitlist/index.html': '<html>prerendered waitlist</html>',
  'assets/index-Bx3k9QzA.js': 'console.log("app")',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

interface Received {
  readonly url: string | undefined;
  readonly method: string | undefined;
  readonly headers: http.IncomingHttpHeaders;
  /** The port nginx's connection comes from: the same one for a reused connection. */
  readonly port: number | undefined;
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

void describe(
  'nginx serving the site',
  { skip: nginxBinary() ? false : 'nginx not installed' },
  () => {
    let directory: string;
    let nginx: RunningNginx;
    let backend: http.Server;
    const received: Received[] = [];
    const lastReceived = (): Received => {
      const request = received.at(-1);
      assert.ok(request, 'the backend received the request');
      return request;
    };

    before(async () => {
      directory = await mkdtemp(path.join(os.tmpdir(), 'paylock-nginx-'));
      const webRoot = path.join(directory, 'html');
      for (const [file, content] of Object.entries(PAGES)) {
        await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
        await writeFile(path.join(webRoot, file), content);
      }
      backend = http.createServer((request, response) => {
        received.push({
          url: request.url,
          method: request.method,
          headers: request.headers,
          port: request.socket.remotePort,
        });
        // The backend failing on this connection before it answers.
        if (request.url === '/api/v1/drop') {
          request.socket.destroy();
          return;
        }
        response.setHeader('Content-Security-Policy', "default-src 'none'");
        response.setHeader('Content-Type', 'application/json');
        response.end('{"status":"ok"}');
      });
      await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
      const runtime = finalStage(await dockerfileStages('docker/frontend.Dockerfile'));
      const imageEnvironment = stageEnvironment(runtime);
      nginx = await startNginx(nginxBinary() ?? 'nginx', {
        directory,
        webRoot,
        port: await getPort(),
        environment: {
          ...imageEnvironment,
          PAYLOCK_API_UPSTREAM: `127.0.0.1:${(backend.address() as AddressInfo).port}`,
          // The test client on 127.0.0.1 plays the TLS proxy; one on 127.0.0.2 a direct client.
          PAYLOCK_TRUSTED_PROXY: '127.0.0.1',
          NGINX_LOCAL_RESOLVERS: '127.0.0.1',
        },
        filter: new RegExp(imageEnvironment.NGINX_ENVSUBST_FILTER ?? '^$'),
      });
    });

    after(async () => {
      await nginx.stop();
      backend.close();
      await rm(directory, { recursive: true, force: true });
    });

    function get(
      pathname: string,
      headers: Record<string, string> = {},
      localAddress = '127.0.0.1',
      method = 'GET',
    ): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port: nginx.port, path: pathname, headers, localAddress, method },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => {
              const answer = new Headers();
              for (const [name, value] of Object.entries(response.headers)) {
                for (const item of [value ?? []].flat()) answer.append(name, item);
              }
              resolve({ status: response.statusCode ?? 0, headers: answer, body });
            });
          },
        );
        request.on('error', reject);
        request.end();
      });
    }

    void it('serves the landing page with the security headers, revalidated on every visit', async () => {
      const page = await get('/');
      assert.equal(page.status, 200);
      assert.equal(page.body, PAGES['index.html']);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
      for (const name of apiSecurityHeaderNames()) assert.ok(page.headers.has(name), name);
      assert.equal(page.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /connect-src 'self'/);
      assert.match(csp, /frame-ancestors 'self'/);
    });

    void it("lets the build's inline scripts run by hash, and no other inline script", async () => {
      const csp = (await get('/')).headers.get('content-security-policy') ?? '';
      const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
      assert.deepEqual(
        scriptSources?.sort(),
        [
          "'self'",
          cspHashSource('document.title = "landing"'),
          cspHashSource('document.title = "shell"'),
        ].sort(),
      );
    });

    void it('answers /waitlist with its prerendered page', async () => {
      for (const address of ['/waitlist', '/waitlist/']) {
        const page = await get(address);
        assert.equal(page.status, 200, address);
        assert.equal(page.body, PAGES['waitlist/index.html'], address);
      }
    });

    void it('answers other app addresses with the SPA shell', async () => {
      const page = await get('/creator/dashboard/overview');
      assert.equal(page.status, 200);
      assert.equal(page.body, PAGES['app.html']);
      assert.equal(page.headers.get('cache-control'), 'no-cache');
    });

    void it('caches hashed assets for a year and never answers a missing one with HTML', async () => {
      const asset = await get('/assets/index-Bx3k9QzA.js');
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(asset.headers.get('content-type') ?? '', /javascript/);
      assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
      assert.equal((await get('/assets/index-gone.js')).status, 404);
    });

    void it('proxies /api to the backend with the path, host and forwarding headers', async () => {
      const answer = await get('/api/v1/health?probe=1', { Host: 'paylock.example.com' });
      assert.equal(answer.status, 200);
      assert.equal(answer.body, '{"status":"ok"}');
      assert.equal(answer.headers.get('content-security-policy'), "default-src 'none'");
      assert.equal(answer.headers.get('cache-control'), null, 'the API decides its own caching');
      assert.equal(lastReceived().url, '/api/v1/health?probe=1');
      assert.equal(lastReceived().headers.host, 'paylock.example.com');
      assert.equal(lastReceived().headers['x-forwarded-for'], '127.0.0.1');
      assert.equal(lastReceived().headers['x-forwarded-proto'], 'http');
    });

    void it("believes the trusted proxy's client address and scheme", async () => {
      await get('/api/v1/health', {
        'X-Forwarded-For': '203.0.113.7',
        'X-Forwarded-Proto': 'https',
      });
      assert.equal(lastReceived().headers['x-forwarded-for'], '203.0.113.7');
      assert.equal(lastReceived().headers['x-forwarded-proto'], 'https');
    });

    void it('keeps its connections to the backend open between requests', async () => {
      await get('/api/v1/health');
      const first = lastReceived().port;
      await get('/api/v1/health');
      assert.equal(lastReceived().headers.connection, undefined, 'no "Connection: close"');
      assert.equal(lastReceived().port, first);
    });

    void it('never sends a POST to the backend twice', async () => {
      const before = received.length;
      const answer = await get('/api/v1/drop', { 'Content-Length': '0' }, '127.0.0.1', 'POST');
      assert.equal(answer.status, 502);
      assert.deepEqual(
        received.slice(before).map((request) => request.method),
        ['POST'],
      );
    });

    void it('ignores forwarding headers a direct client makes up', async () => {
      const spoofed = { 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-Proto': 'https' };
      await get('/api/v1/health', spoofed, '127.0.0.2');
      assert.equal(lastReceived().headers['x-forwarded-for'], '127.0.0.2');
      assert.equal(lastReceived().headers['x-forwarded-proto'], 'http');
    });
  },
);

void describe('security-headers.ts', () => {
  void it('refuses a snippet without the placeholder', () => {
    assert.throws(() => renderSecurityHeaders('add_header X-Test "1";', []), /placeholder/);
  });
});
