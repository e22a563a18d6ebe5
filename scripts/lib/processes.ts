/**
 * Child processes (execa) and readiness (p-wait-for) for `npm start`, `npm test`, the benches
 * and the fuzz run: long-running servers with their output prefixed by name, commands run to
 * completion (output shown, kept back until a failure, or captured), and polling until a probe
 * answers.
 */
import type { ChildProcess } from 'node:child_process';
import { execa, type Options } from 'execa';
import { setTimeout as sleep } from 'node:timers/promises';
import pWaitFor, { TimeoutError } from 'p-wait-for';
import { ROOT } from './paths.ts';

/**
 * Options the callers pass on: the working folder and the environment. As with child_process, an
 * `env` given is the child's whole environment (execa's `extendEnv` is turned off).
 */
export type ProcessOptions = Pick<Options, 'cwd' | 'env'>;
/** A long-running child may drop its standard output (a bench's request logs); errors still show. */
export type StartOptions = ProcessOptions & { readonly dropStdout?: boolean };
/** …and, for a command run to completion, where its output goes. */
export type RunOptions = ProcessOptions & Pick<Options, 'stdio'>;

export interface RunningProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  readonly exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not ended within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Each line of a child's output, prefixed with its name (`[backend] …`). */
const prefixed = (name: string) =>
  function* prefix(line: unknown) {
    yield `[${name}] ${String(line)}`;
  };

/** The exit code of a finished command: its own, 128 when a signal ended it, 127 when it never ran. */
function exitCodeOf(result: { exitCode?: number; signal?: string; code?: string }): number {
  if (result.exitCode !== undefined) return result.exitCode;
  if (result.signal !== undefined) return 128;
  return result.code === 'ENOENT' ? 127 : 1;
}

/** Starts a long-running child whose output goes to this terminal, prefixed by its name. */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  { dropStdout = false, ...options }: StartOptions = {},
): RunningProcess {
  const child = execa(command, args, {
    cwd: ROOT,
    stdin: 'ignore',
    stdout: dropStdout ? 'ignore' : [prefixed(name), 'inherit'],
    stderr: [prefixed(name), 'inherit'],
    buffer: false,
    reject: false,
    extendEnv: false,
    ...options,
  });
  const exited = child.then((result) => {
    if (result.exitCode === undefined && result.signal === undefined) {
      console.error(`[${name}] failed to start: ${result.shortMessage}`);
      return 'spawn-error';
    }
    return result.exitCode ?? result.signal ?? 'unknown';
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

/** Runs a command to completion with inherited output; resolves with its exit code. */
export async function run(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<number> {
  const result = await execa(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    reject: false,
    extendEnv: false,
    ...options,
  });
  if (result.code === 'ENOENT') console.error(`${command}: ${result.shortMessage}`);
  return exitCodeOf(result);
}

/**
 * Runs a command to completion with each line of its output prefixed by `name`, for commands that
 * run beside others (npm test's lanes); resolves with its exit code.
 */
export async function runPrefixed(
  name: string,
  command: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<number> {
  const result = await execa(command, args, {
    cwd: ROOT,
    stdin: 'ignore',
    stdout: [prefixed(name), 'inherit'],
    stderr: [prefixed(name), 'inherit'],
    buffer: false,
    reject: false,
    extendEnv: false,
    ...options,
  });
  if (result.code === 'ENOENT') console.error(`[${name}] ${command}: ${result.shortMessage}`);
  return exitCodeOf(result);
}

/**
 * Runs a command to completion with its output kept back, shown only when it fails (a build's
 * hundred lines would bury the progress lines of `npm start`); resolves with its exit code.
 */
export async function runQuietly(
  command: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<number> {
  const result = await execa(command, args, {
    cwd: ROOT,
    stdin: 'ignore',
    all: true,
    reject: false,
    extendEnv: false,
    ...options,
  });
  const code = exitCodeOf(result);
  if (result.code === 'ENOENT') console.error(`${command}: ${result.shortMessage}`);
  else if (code !== 0) process.stderr.write(`${result.all}\n`);
  return code;
}

/** Runs a command to completion and returns its standard output; throws on a non-zero exit. */
export async function capture(
  command: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<string> {
  const result = await execa(command, args, {
    cwd: ROOT,
    stdin: 'ignore',
    stripFinalNewline: false,
    reject: false,
    extendEnv: false,
    ...options,
  });
  if (result.exitCode === 0) return result.stdout;
  if (result.code === 'ENOENT') throw new Error(result.shortMessage);
  throw new Error(
    `${command} ${args.join(' ')} exited ${String(result.exitCode ?? result.signal)}: ${result.stderr.trim()}`,
  );
}

/** Polls until `probe` resolves true (a rejection counts as not yet), or throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<void> {
  try {
    await pWaitFor(() => probe().catch(() => false), {
      interval: intervalMs,
      timeout: timeoutMs,
      before: true,
    });
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`, { cause: error });
  }
}

export async function httpAnswers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  return response.ok;
}
