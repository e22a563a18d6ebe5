import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './paths.ts';

export interface RunningProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  readonly exited: Promise<number | string>;
  stop(graceMs?: number): Promise<void>;
}

/** Starts a long-running child whose output goes to this terminal, prefixed by its name. */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): RunningProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  prefixOutput(name, child);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      console.error(`[${name}] failed to start: ${error.message}`);
      resolve('spawn-error');
    });
  });
  const stop = async (graceMs = 5_000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const ended = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!ended) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  return { name, child, exited, stop };
}

function prefixOutput(name: string, child: ChildProcess): void {
  const prefix = `[${name}] `;
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) sink.write(prefix + line + '\n');
    });
    stream?.on('end', () => {
      if (pending) sink.write(prefix + pending + '\n');
    });
  }
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => {
      resolve(code ?? (signal ? 128 : 1));
    });
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
  });
}

/**
 * Runs a command to completion with its output kept back, shown only when it fails (a build's
 * hundred lines would bury the progress lines of `npm start`); resolves with its exit code.
 */
export function runQuietly(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.once('close', (code, signal) => {
      if (code !== 0) process.stderr.write(Buffer.concat(output));
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** Runs a command to completion and returns its standard output; throws on a non-zero exit. */
export function capture(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
    });
  });
}

/** Polls until `probe` resolves true, or throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(intervalMs);
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

export async function httpAnswers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  return response.ok;
}
