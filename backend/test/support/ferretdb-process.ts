import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const HOST = '127.0.0.1';
const TOOLS_DIR = fileURLToPath(new URL('../../../.tools/', import.meta.url));

/** FERRETDB_BIN, else the binary the project's scripts install under .tools/. */
function ferretDbBinary(): string {
  const candidates = process.env.FERRETDB_BIN
    ? [process.env.FERRETDB_BIN]
    : [join(TOOLS_DIR, 'ferretdb-v1.24.2', 'ferretdb')];
  const binary = candidates.find((candidate) => existsSync(candidate));
  if (!binary) {
    throw new Error(
      `No FerretDB binary for the database-outage tests (looked for ${candidates.join(', ')}): ` +
        'set FERRETDB_BIN, or run `npm test` once so that it builds one.',
    );
  }
  return binary;
}

/** A port nothing listens on right now. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.listen(0, HOST, resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no TCP port assigned');
  return address.port;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.once('connect', () => {
      socket.end(() => {
        resolve(true);
      });
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/**
 * A private FerretDB (SQLite handler) that a test can stop and start again on the same port, to
 * take the database away from a running app and give it back.
 */
export class FerretDbProcess {
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'paylock-ferretdb-'));
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async onFreePort(): Promise<FerretDbProcess> {
    return new FerretDbProcess(await findFreePort());
  }

  uri(databaseName: string): string {
    return `mongodb://${HOST}:${this.port}/${databaseName}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      ferretDbBinary(),
      [
        '--handler=sqlite',
        `--sqlite-url=file:${this.dataDir}/`,
        `--listen-addr=${HOST}:${this.port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=error',
        `--state-dir=${this.dataDir}`,
      ],
      { cwd: this.dataDir, stdio: 'ignore' },
    );
    this.child = child;
    for (let waitedMs = 0; waitedMs < 10_000; waitedMs += 100) {
      if (child.exitCode !== null) throw new Error(`FerretDB exited with code ${child.exitCode}`);
      if (await isListening(this.port)) return;
      await sleep(100);
    }
    throw new Error(`FerretDB did not listen on port ${this.port} within 10 s`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL'); // an abrupt outage, like a crashed server
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
