import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findFreePort } from './support/ferretdb-process.js';
import { testDatabaseUri } from './support/test-database.js';

const BACKEND_DIR = fileURLToPath(new URL('..', import.meta.url));
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

interface Exit {
  code: number | null;
  stderr: string;
}

function startMain(env: Record<string, string>): { child: ChildProcess; exit: Promise<Exit> } {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: BACKEND_DIR,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }));
  return { child, exit };
}

async function untilLive(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const live = await fetch(`http://127.0.0.1:${port}/api/v1/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (live) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the API did not answer on port ${port} within ${timeoutMs} ms`);
}

/** The compiled server as an operator runs it: `node dist/main.js`. */
describe('the server process', () => {
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [TSC, '-p', 'tsconfig.build.json'], {
      cwd: BACKEND_DIR,
    });
  }, 120_000);

  it('refuses a bad configuration with one line per variable and no stack trace', async () => {
    const { exit } = startMain({ PORT: 'abc', MONGODB_URI: 'postgres://nope' });
    const { code, stderr } = await exit;

    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('Invalid configuration: '))).toBe(true);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('MONGODB_URI');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('serves, then exits 0 on SIGTERM', async () => {
    const port = await findFreePort();
    const { child, exit } = startMain({
      PORT: String(port),
      MONGODB_URI: testDatabaseUri('process'),
    });
    await untilLive(port, 15_000);

    child.kill('SIGTERM');
    const { code } = await exit;

    expect(code).toBe(0);
  });
});
