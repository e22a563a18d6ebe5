/**
 * The container runtime of `npm test` (and of `npm start` when asked for): Podman, driven through
 * its Docker-compatible API socket so that Testcontainers works unchanged.
 *
 * What this machine kind needs (docs/adr/0019-containers-with-podman.md):
 * - Debian's `podman`, `runc` (crun fails on hybrid cgroups), `mmdebstrap` (base images made from
 *   Debian's packages: no image registry answers) and `podman-compose` (compose file validation),
 *   installed with apt-get when missing and running as root;
 * - a project-owned containers.conf (runc; nproc 1024, the most allowed here; nofile 8192, enough
 *   for npm ci in image builds), pointed at by
 *   CONTAINERS_CONF for every podman call and for the API service;
 * - `podman system service --time=0 unix://<socket>` under .tmp/, started here and stopped by the
 *   caller; Testcontainers gets DOCKER_HOST and runs without Ryuk (the orchestration cleans up).
 *
 * A machine with a Docker engine (a user's CI) needs none of this: Testcontainers finds it itself.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { capture, run, startProcess, waitUntil, type RunningProcess } from './processes.ts';
import { TMP_DIR } from './paths.ts';

/** Every image this project builds is named localhost/paylock-…; the clean-up check relies on it. */
export const IMAGE_PREFIX = 'localhost/paylock-';
/** Where the API socket and containers.conf of one run live (git-ignored, removed at the end). */
export const PODMAN_DIR = path.join(TMP_DIR, 'podman');
export const PODMAN_SOCKET = path.join(PODMAN_DIR, 'podman.sock');
export const CONTAINERS_CONF = path.join(PODMAN_DIR, 'containers.conf');

const DEBIAN_PACKAGES = {
  podman: 'podman',
  runc: 'runc',
  mmdebstrap: 'mmdebstrap',
  'podman-compose': 'podman-compose',
  // The clean-up test makes what a killed image build leaves (a working container) with it.
  buildah: 'buildah',
} as const;

const CONTAINERS_CONF_TEXT = `# Written by scripts/lib/container-runtime.ts for this project's podman calls (CONTAINERS_CONF).
[containers]
# More processes than 1024 are refused on this machine kind. Open files may go to 8192, and npm ci
# in the image builds needs more than 1024 at times (EMFILE in its cache).
default_ulimits = ["nofile=8192:8192", "nproc=1024:1024"]

[engine]
# crun fails on this kernel's hybrid cgroups; runc works.
runtime = "runc"
`;

export interface ContainerRuntime {
  /** e.g. "Podman 4.3.1 (API socket .tmp/podman/podman.sock)" */
  readonly description: string;
  /** Environment for children: DOCKER_HOST, CONTAINERS_CONF, Testcontainers settings. */
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export type RuntimeResult =
  | { readonly runtime: ContainerRuntime; readonly skipReason?: undefined }
  | { readonly runtime?: undefined; readonly skipReason: string };

const onPath = async (command: string): Promise<boolean> =>
  (await run('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })) === 0;

/** The environment every podman command of the project runs with. */
export function podmanEnv(): NodeJS.ProcessEnv {
  return { ...process.env, CONTAINERS_CONF };
}

/** Installs what is missing (as root on Debian), or says why containers cannot run here. */
export async function ensurePodman(): Promise<string | undefined> {
  const missing: string[] = [];
  for (const [command, pkg] of Object.entries(DEBIAN_PACKAGES)) {
    if (!(await onPath(command))) missing.push(pkg);
  }
  if (missing.length === 0) return undefined;
  if (process.platform !== 'linux' || !existsSync('/etc/debian_version')) {
    return `${missing.join(', ')} missing and this is not Debian (install Podman, or use Docker)`;
  }
  if (process.getuid?.() !== 0) {
    return `${missing.join(', ')} missing and not running as root (apt-get install ${missing.join(' ')})`;
  }
  console.log(`paylock: installing ${missing.join(', ')} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) return 'apt-get update failed';
  const code = await run('apt-get', ['install', '-y', '-qq', ...missing], { env });
  return code === 0 ? undefined : `apt-get install ${missing.join(' ')} failed (exit ${code})`;
}

/** Answers true once the API socket answers the Docker `_ping`. */
function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ socketPath, path: '/_ping', timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => {
      resolve(false);
    });
    request.once('timeout', () => {
      request.destroy();
      resolve(false);
    });
  });
}

/**
 * Podman with its API socket, ready for Testcontainers; or the reason there is none (the caller
 * skips its container suites, counted as skipped). A Docker engine already configured for
 * Testcontainers (DOCKER_HOST set by the user) is used as it is.
 */
export async function startContainerRuntime(): Promise<RuntimeResult> {
  const problem = await ensurePodman();
  if (problem) return { skipReason: problem };
  await mkdir(PODMAN_DIR, { recursive: true });
  await writeFile(CONTAINERS_CONF, CONTAINERS_CONF_TEXT);
  await rm(PODMAN_SOCKET, { force: true });
  const version = (await capture('podman', ['--version'], { env: podmanEnv() })).trim();
  const check = await capture('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], {
    env: podmanEnv(),
  }).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  if (check.trim() !== 'runc') return { skipReason: `podman info failed: ${check.trim()}` };

  const service = startProcess(
    'podman',
    'podman',
    ['system', 'service', '--time=0', `unix://${PODMAN_SOCKET}`],
    { env: podmanEnv() },
  );
  try {
    await waitUntil('The Podman API socket', () => socketAnswers(PODMAN_SOCKET), 30_000);
  } catch (error) {
    await service.stop();
    return { skipReason: error instanceof Error ? error.message : String(error) };
  }
  const env = {
    CONTAINERS_CONF,
    DOCKER_HOST: `unix://${PODMAN_SOCKET}`,
    // The orchestration removes what it started; Ryuk's own container is not needed.
    TESTCONTAINERS_RYUK_DISABLED: 'true',
    // Published ports are reached on loopback, never on the bridge's addresses.
    TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1',
  };
  return {
    runtime: {
      description: `${version.replace(/^podman version/i, 'Podman')} (runc, API socket ${path.relative(process.cwd(), PODMAN_SOCKET)})`,
      env,
      stop: () => stopService(service),
    },
  };
}

/** Stops the API service and removes its socket; containers.conf stays for the clean-up check. */
async function stopService(service: RunningProcess): Promise<void> {
  await service.stop(10_000);
  await rm(PODMAN_SOCKET, { force: true });
}

/** Runs podman with the project's containers.conf; resolves with its standard output. */
export function podman(args: readonly string[]): Promise<string> {
  return capture('podman', args, { env: podmanEnv() });
}

/**
 * What a run must not leave behind: containers (including build containers), pods, volumes,
 * images outside the project's names (dangling build layers included), the API socket.
 */
export async function leftovers(): Promise<string[]> {
  const problems: string[] = [];
  const lines = async (args: readonly string[]): Promise<string[]> =>
    (await podman(args))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  const containersLeft = await lines(['ps', '--all', '--external', '--format', '{{.Names}}']);
  if (containersLeft.length) problems.push(`containers: ${containersLeft.join(', ')}`);
  const pods = await lines(['pod', 'ps', '--format', '{{.Name}}']);
  if (pods.length) problems.push(`pods: ${pods.join(', ')}`);
  const volumes = await lines(['volume', 'ls', '--format', '{{.Name}}']);
  if (volumes.length) problems.push(`volumes: ${volumes.join(', ')}`);
  const strayImages = (
    await lines(['images', '--all', '--format', '{{.Repository}}:{{.Tag}} {{.ID}}'])
  ).filter((line) => !line.startsWith(IMAGE_PREFIX));
  if (strayImages.length) problems.push(`images: ${strayImages.join(', ')}`);
  if (existsSync(PODMAN_SOCKET)) problems.push(`the API socket ${PODMAN_SOCKET}`);
  if (await socketAnswers(PODMAN_SOCKET)) problems.push('the API service still answers');
  return problems;
}

/**
 * The label on every container and pod a run of the project starts: the id of the process that
 * owns it. A run that is killed cannot stop what it started; the next run removes what belongs
 * to owners that no longer exist (removeOrphans), and leaves alone what a live run still uses.
 */
export const OWNER_LABEL = 'paylock.owner-pid';

export function ownerLabels(): Record<string, string> {
  return { [OWNER_LABEL]: String(process.pid) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The working containers of image builds on our images that were killed mid-way (a build removes
 * its own when it ends): they carry no owner label, so they are ours to remove only when no
 * `podman build` runs on the machine at all.
 */
async function interruptedBuildContainers(): Promise<{ id: string; name: string }[]> {
  if (await aBuildRuns()) return [];
  return (
    await podman([
      'ps',
      '--all',
      '--external',
      '--format',
      '{{.ID}} {{.Names}} {{.Image}} {{.Status}}',
    ])
  )
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , image = '', status]) => status === 'Storage' && image.startsWith(IMAGE_PREFIX))
    .map(([id = '', name = '']) => ({ id, name }));
}

async function aBuildRuns(): Promise<boolean> {
  const processes = await readdir('/proc').catch(() => []);
  for (const pid of processes.filter((entry) => /^\d+$/.test(entry))) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const [program = '', ...args] = commandLine.split('\0');
    if (path.basename(program) === 'podman' && args.includes('build')) return true;
  }
  return false;
}

/**
 * Removes the containers and pods left by runs of the project that were killed (their owner
 * process is gone), then Podman's pause image if no pod remains; answers what it removed.
 */
export async function removeOrphans(): Promise<string[]> {
  const removed: string[] = [];
  const owned = async (kind: 'ps' | 'pod ps'): Promise<{ id: string; name: string }[]> =>
    (
      await podman([
        ...kind.split(' '),
        ...(kind === 'ps' ? ['--all'] : []),
        '--filter',
        `label=${OWNER_LABEL}`,
        '--format',
        `{{.ID}} {{.Name${kind === 'ps' ? 's' : ''}}} {{index .Labels "${OWNER_LABEL}"}}`,
      ])
    )
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([id, , pid]) => id && !isAlive(Number(pid)))
      .map(([id = '', name = '']) => ({ id, name }));
  for (const pod of await owned('pod ps')) {
    await podman(['pod', 'rm', '--force', '--time', '0', pod.id]);
    removed.push(`pod ${pod.name}`);
  }
  for (const container of await owned('ps')) {
    await podman(['rm', '--force', '--time', '0', container.id]);
    removed.push(`container ${container.name}`);
  }
  for (const container of await interruptedBuildContainers()) {
    await podman(['rm', '--force', container.id]);
    removed.push(`build container ${container.name}`);
  }
  const podsLeft = (await podman(['pod', 'ps', '--quiet'])).trim();
  if (!podsLeft) {
    const pause = await podman(['images', '--quiet', 'localhost/podman-pause']);
    for (const image of new Set(pause.split('\n').filter(Boolean))) {
      await podman(['rmi', '--force', image]);
      removed.push(`image ${image} (Podman's pause image)`);
    }
  }
  return removed;
}
