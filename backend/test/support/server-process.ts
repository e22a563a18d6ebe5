import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findFreePort } from './ferretdb-process.js';

const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));
const TSC = fileURLToPath(new URL('../../../node_modules/typescript-7/bin/tsc', import.meta.url));
/** One build at a time across Jest workers: two compilers writing dist/ at once tear files. */
const BUILD_LOCK = join(tmpdir(), `paylock-backend-build-${BACKEND_DIR.replace(/\W/g, '_')}.lock`);
const STALE_LOCK_MS = 180_000;

async function withBuildLock(build: () => Promise<void>): Promise<void> {
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const age = Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > STALE_LOCK_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    await build();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * `npm run build -w backend`: the compiled server the tests start is the current code. Skipped
 * when PAYLOCK_BACKEND_BUILT says the run built it already (`npm test` does, before these files).
 */
export function buildBackend(): Promise<void> {
  if (process.env.PAYLOCK_BACKEND_BUILT === '1') return Promise.resolve();
  return withBuildLock(async () => {
    await promisify(execFile)(process.execPath, [TSC, '-p', 'tsconfig.build.json'], {
      cwd: BACKEND_DIR,
    });
  });
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  /** What it wrote to standard output (its log lines). */
  readonly stdout: string;
  /** Date.now() when the process ended. */
  readonly at: number;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
}

/** `node dist/main.js`, as an operator runs it, with only PATH and `env` in its environment. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: BACKEND_DIR,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  // 'close', not 'exit': standard output is read to its end.
  const exited = once(child, 'close').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    stderr,
    stdout,
    at: Date.now(),
  }));
  return { child, exited };
}

export interface RunningServer extends ServerProcess {
  readonly port: number;
  /** http://127.0.0.1:<port>/api/v1 */
  readonly api: string;
}

/** How long `startServer` waits, and for which probe: `live` (the process answers) or `ready`
 * (its database connection is open, so requests are served rather than answered 503). */
export interface StartOptions {
  readonly timeoutMs?: number;
  readonly until?: 'live' | 'ready';
}

/** Starts the compiled server on a free port and waits until it answers its liveness probe, or
 * (by default) its readiness probe: the database connection opens after the port does. */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 40_000, until = 'ready' }: StartOptions = {},
): Promise<RunningServer> {
  const port = await findFreePort();
  const server = spawnServer({ ...env, PORT: String(port) });
  const api = `http://127.0.0.1:${port}/api/v1`;
  const probe = `${api}/health${until === 'live' ? '/live' : ''}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `the server exited (${server.child.exitCode}): ${(await server.exited).stderr}`,
      );
    }
    const answered = await fetch(probe).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { ...server, port, api };
    await sleep(100);
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server was not ${until} on port ${port} within ${timeoutMs} ms`);
}

/** Kills the server if it still runs (a test that failed half-way) and waits until it is gone. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, as an orchestrator stops it, then waits until the process is gone. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}
