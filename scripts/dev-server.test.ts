/**
 * `npm run dev`'s Vite server (frontend/scripts/dev-server.ts) serves the frontend only: not the
 * live database in .data/, not the backend's sources, not to pages of other origins; and prints no
 * URL of its own (the one to open is printed by `npm run dev`), redirecting other loopback names.
 *   node --test scripts/dev-server.test.ts
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import getPort from 'get-port';
import { DATA_DIR, ROOT } from './lib/paths.ts';
import { httpAnswers, waitUntil } from './lib/processes.ts';

void describe('the development server', { timeout: 120_000 }, () => {
  const probe = path.join(DATA_DIR, `dev-server-probe-${process.pid}`, 'paylock.sqlite');
  let origin: string;
  let output = '';
  let stop: () => Promise<void>;

  before(async () => {
    await mkdir(path.dirname(probe), { recursive: true });
    await writeFile(probe, 'live data\n');
    const port = await getPort({ host: '127.0.0.1' });
    origin = `http://localhost:${port}`;
    const child = spawn(process.execPath, ['scripts/dev-server.ts'], {
      cwd: path.join(ROOT, 'frontend'),
      env: { ...process.env, WEB_PORT: String(port), PAYLOCK_PUBLIC_URL: origin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit');
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    }
    stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    };
    await waitUntil('vite', () => httpAnswers(`http://127.0.0.1:${port}/@vite/client`), 60_000);
  });

  after(async () => {
    await stop();
    await rm(path.dirname(probe), { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${pathname}`, { headers, redirect: 'manual' });

  void it('serves the app and the frontend’s own files', async () => {
    assert.equal((await get('/')).status, 200);
    assert.equal((await get(`/@fs${path.join(ROOT, 'frontend/src/main.tsx')}`)).status, 200);
  });

  void it('refuses the live database and the backend’s sources under /@fs/', async () => {
    for (const file of [
      probe,
      path.join(ROOT, 'backend/src/main.ts'),
      path.join(ROOT, 'package.json'),
      path.join(ROOT, '.tools/ferretdb-v1.24.2/ferretdb'),
    ]) {
      const answer = await get(`/@fs${file}`);
      assert.equal(answer.status, 403, file);
      assert.doesNotMatch(await answer.text(), /live data/);
    }
  });

  void it('gives pages of another origin (another localhost port) no CORS access', async () => {
    for (const pathname of ['/src/main.tsx', `/@fs${probe}`]) {
      const answer = await get(pathname, { Origin: 'http://localhost:9999' });
      assert.equal(answer.headers.get('access-control-allow-origin'), null, pathname);
    }
    const preflight = await fetch(`${origin}/src/main.tsx`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:9999', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
  });

  void it('prints no URL of its own and sends other loopback names to the one printed', async () => {
    assert.doesNotMatch(output, /Local:|Network:|https?:\/\/(localhost|127\.|\[::1\])/);
    const port = new URL(origin).port;
    for (const other of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const answer = await fetch(`${other}/login`, { redirect: 'manual' }).catch(() => undefined);
      // [::1] answers only where the server listens there; 127.0.0.1 always does.
      if (!answer && other.includes('[::1]')) continue;
      assert.equal(answer?.status, 308, other);
      assert.equal(answer.headers.get('location'), `${origin}/login`);
    }
  });
});
