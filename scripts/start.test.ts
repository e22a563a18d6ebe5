import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib/paths.ts';

const READY_LINE = /Paylock is running: (http:\/\/\S+)/;

/**
 * `npm start` as a newcomer uses it, with no MONGODB_URI (so it starts its own database): one URL
 * serves the app and the API; SIGINT to the start process alone stops everything it started.
 */
void test('npm start serves the product on one URL and stops cleanly on Ctrl-C', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paylock-start-'));
  const environment = { ...process.env };
  delete environment.MONGODB_URI;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...environment, PAYLOCK_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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
    assert.deepEqual(await processesMentioning(dataDir), [], 'the database server is gone');
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** Command lines of running processes that mention `text` (Linux /proc). */
async function processesMentioning(text: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const commandLines = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')),
  );
  return commandLines
    .filter((line) => line.includes(text))
    .map((line) => line.replaceAll('\0', ' '));
}

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
