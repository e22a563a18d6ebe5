/** Podman calls of the container suite (docker/containers.test.ts), with the project's settings. */
import { spawn } from 'node:child_process';

export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs podman to completion. CONTAINERS_CONF (the project's runc and ulimit settings) comes from
 * the environment `npm test` gives the container suites.
 */
export function podman(args: readonly string[], timeoutMs = 600_000): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

/** Like podman(), but throws with podman's own message when it fails; returns standard output. */
export async function podmanOk(args: readonly string[], timeoutMs?: number): Promise<string> {
  const result = await podman(args, timeoutMs);
  if (result.code !== 0) {
    throw new Error(`podman ${args.join(' ')} exited ${result.code}: ${result.stderr.trim()}`);
  }
  return result.stdout.trim();
}

export async function inspect(container: string, format: string): Promise<string> {
  return podmanOk(['container', 'inspect', '--format', format, container]);
}

export async function inspectImage(image: string, format: string): Promise<string> {
  return podmanOk(['image', 'inspect', '--format', format, image]);
}

/**
 * The host's user names of every process in a container (`podman top` reads them from /proc on
 * the host; the FerretDB image has no `id` or `ps` to exec: it holds one binary).
 */
export async function processUsers(container: string): Promise<string[]> {
  const table = await podmanOk(['top', container, 'huser']);
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
}
