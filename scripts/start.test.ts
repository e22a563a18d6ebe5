import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib/paths.ts';

const READY_LINE = /Paylock is running: (http:\/\/\S+)/;

/** `npm start` as a newcomer uses it: one URL serves the app and the API; Ctrl-C stops it all. */
void test('npm start serves the product on one URL and stops cleanly on Ctrl-C', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paylock-start-'));
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PAYLOCK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    const url = await readyUrl(child.stdout, 120_000);

    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    const readiness = await fetch(`${url}/api/v1/health`);
    assert.equal(readiness.status, 200);
    assert.equal(((await readiness.json()) as { status: string }).status, 'ok');

    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    assert.equal(code, 0);
    await assert.rejects(fetch(url), 'the web server is gone');
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

function readyUrl(stdout: NodeJS.ReadableStream, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`npm start was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = READY_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
}
