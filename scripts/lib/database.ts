/**
 * Provides a MongoDB-compatible server for `npm start` and `npm test`, in this order:
 * MONGODB_URI when set; else a database container when a container runtime answers (mongo:8
 * where it can be pulled, else the project's FerretDB image); else FerretDB 1.x (SQLite handler)
 * as a process, built from source with Go into .tools/ on first use.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import getPort, { portNumbers } from 'get-port';
import type { StartedTestContainer } from 'testcontainers';
import { ownerLabels } from './container-runtime.ts';
import { capture, run, startProcess, waitUntil } from './processes.ts';
import { TOOLS_DIR } from './paths.ts';

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';
const MONGO_IMAGE = 'mongo:8';

export interface DatabaseServer {
  /** Server URI without a database name, e.g. mongodb://127.0.0.1:27018 */
  readonly uri: string;
  readonly description: string;
  /**
   * The same server program and version the lanes' FerretDB processes run (the FerretDB image),
   * as opposed to a different server (mongo:8).
   */
  readonly sameAsLanes?: boolean;
  /** Resolves when a server this started ends (on its own, or by stop()); absent when not watched. */
  readonly exited?: Promise<number | string>;
  stop(): Promise<void>;
}

export interface DatabaseOptions {
  /** Where FerretDB keeps its SQLite files; a persistent folder for `npm start`, a scratch one for tests. */
  readonly dataDir: string;
  /** Preferred port for FerretDB (a free one is taken when it is busy). */
  readonly preferredPort?: number;
  /** Remove dataDir when the server stops (test runs). */
  readonly ephemeral?: boolean;
  /**
   * False: never a container, even where a runtime answers (npm test's main database; its
   * container suites get a database container of their own).
   */
  readonly containers?: boolean;
}

export async function startDatabase(options: DatabaseOptions): Promise<DatabaseServer> {
  const external = process.env.MONGODB_URI;
  if (external) {
    return {
      uri: serverPart(external),
      description: `the server in MONGODB_URI (${new URL(external).host})`,
      stop: () => Promise.resolve(),
    };
  }
  const container =
    options.containers === false ? undefined : await startContainerDatabaseIfRuntime();
  return container ?? (await startFerretDb(options));
}

/** Joins a server URI and a database name, keeping any query string of the server URI. */
export function databaseUri(serverUri: string, databaseName: string): string {
  const url = new URL(serverUri);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

function serverPart(uri: string): string {
  const url = new URL(uri);
  url.pathname = '/';
  return url.toString().replace(/\/$/, '');
}

async function startContainerDatabaseIfRuntime(): Promise<DatabaseServer | undefined> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return undefined;
  }
  return startContainerDatabase();
}

/**
 * A database container started by Testcontainers (a runtime must answer: Docker, or Podman's API
 * socket in DOCKER_HOST): the official mongo:8 where it can be pulled (a user's CI), else the
 * project's FerretDB image (FROM scratch, built here; see scripts/lib/images.ts). Either runs with
 * host networking and listens on 127.0.0.1 only, on a free port: all traffic stays on loopback.
 */
export async function startContainerDatabase(): Promise<DatabaseServer> {
  const { GenericContainer } = await import('testcontainers');
  const port = await getPort({ host: '127.0.0.1' });
  let container: StartedTestContainer;
  let description: string;
  let sameAsLanes = false;
  try {
    container = await new GenericContainer(MONGO_IMAGE)
      .withLabels(ownerLabels())
      .withNetworkMode('host')
      .withCommand(['mongod', '--bind_ip', '127.0.0.1', '--port', String(port)])
      .start();
    description = `${MONGO_IMAGE} container`;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`paylock: ${MONGO_IMAGE} cannot be used (${reason}); using FerretDB's image`);
    const { ensureFerretDbImage } = await import('./images.ts');
    const image = await ensureFerretDbImage(await ensureFerretDbBinary(), FERRETDB_VERSION);
    container = await new GenericContainer(image.reference)
      .withLabels(ownerLabels())
      .withNetworkMode('host')
      .withCommand([
        '--handler=sqlite',
        '--sqlite-url=file:/data/',
        '--state-dir=/data',
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=warn',
      ])
      .start();
    description = `FerretDB ${FERRETDB_VERSION} container (${image.reference})`;
    sameAsLanes = true;
  }
  try {
    await waitUntil('The database container', () => portAccepts(port), 60_000);
  } catch (error) {
    await container.stop();
    throw error;
  }
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    description,
    sameAsLanes,
    stop: async () => {
      await container.stop({ timeout: 10_000 });
    },
  };
}

async function startFerretDb(options: DatabaseOptions): Promise<DatabaseServer> {
  const binary = await ensureFerretDbBinary();
  await mkdir(options.dataDir, { recursive: true });
  const port = await getPort({
    host: '127.0.0.1',
    port: options.preferredPort
      ? portNumbers(options.preferredPort, options.preferredPort + 20)
      : [],
  });
  const server = startProcess(
    'ferretdb',
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${options.dataDir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=warn',
      `--state-dir=${options.dataDir}`,
    ],
    { cwd: options.dataDir },
  );
  await waitUntil('FerretDB', () => portAccepts(port), 20_000);
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    description: `FerretDB ${FERRETDB_VERSION} (SQLite in ${path.relative(process.cwd(), options.dataDir) || '.'})`,
    exited: server.exited,
    stop: async () => {
      await server.stop();
      if (options.ephemeral) await rm(options.dataDir, { recursive: true, force: true });
    },
  };
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/**
 * `go install …@version` is refused here (its deprecation lookup needs the module's version list),
 * and the module archive lacks the generated version file; so download the exact version, copy it,
 * write the version file and build.
 */
export async function ensureFerretDbBinary(): Promise<string> {
  const binary = path.join(TOOLS_DIR, `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
  if (existsSync(binary)) return binary;

  if ((await run('go', ['version'], { stdio: 'ignore' })) !== 0) {
    throw new Error(
      'FerretDB must be built with Go, and `go` is not on PATH. Install Go, or set MONGODB_URI.',
    );
  }
  console.log(`paylock: building FerretDB ${FERRETDB_VERSION} with Go (first run only)…`);
  const download = JSON.parse(
    await capture('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`]),
  ) as { Dir: string };
  const source = path.join(TOOLS_DIR, `ferretdb-src-${FERRETDB_VERSION}`);
  await rm(source, { recursive: true, force: true });
  await cp(download.Dir, source, { recursive: true });
  await run('chmod', ['-R', 'u+w', source]);
  await writeFile(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  const code = await run('go', ['build', '-trimpath', '-o', binary, './cmd/ferretdb'], {
    cwd: source,
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  if (code !== 0) throw new Error(`Building FerretDB failed (go build exited ${code}).`);
  await rm(source, { recursive: true, force: true });
  return binary;
}
