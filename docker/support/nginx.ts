/**
 * Runs the web server's configuration on the nginx of this machine, as the image would: the
 * template rendered like the image's entrypoint does, the security-headers snippet like the image
 * build does; only the listen address and web root are moved for a local run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inlineScriptHashSources, renderSecurityHeaders } from '../nginx/security-headers.ts';
import { DOCKER_DIR } from './paths.ts';

export const TEMPLATE_FILE = path.join(DOCKER_DIR, 'nginx', 'default.conf.template');
export const SNIPPET_FILE = path.join(DOCKER_DIR, 'nginx', 'security-headers.conf');
/** Where the image puts things (frontend.Dockerfile and the nginx image). */
export const IMAGE_WEB_ROOT = '/usr/share/nginx/html';
export const IMAGE_LISTEN = 'listen 8080;';

export const nginxBinary = (): string | undefined =>
  ['nginx', '/usr/sbin/nginx'].find(
    (candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0,
  );

/** envsubst as the image's entrypoint runs it: only variables that are set, matching the filter. */
export function renderTemplate(
  template: string,
  environment: Readonly<Record<string, string>>,
  filter: RegExp,
): string {
  return template.replace(/\$\{(\w+)\}/g, (match, name: string) => {
    const value = environment[name];
    return filter.test(name) && value !== undefined ? value : match;
  });
}

/** The version `nginx -v` reports, e.g. [1, 22, 1]. */
export function nginxVersion(binary: string): number[] {
  const { stderr } = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(stderr) ?? []).slice(1).map(Number);
}

/** Whether this nginx re-resolves an upstream server's name (`server … resolve;`, 1.27.3 and later). */
export function resolvesUpstreams(binary: string): boolean {
  const [major = 0, minor = 0, patch = 0] = nginxVersion(binary);
  return major * 1_000_000 + minor * 1000 + patch >= 1_027_003;
}

export interface RunningNginx {
  readonly port: number;
  stop(): Promise<void>;
}

export interface NginxSite {
  readonly directory: string;
  readonly webRoot: string;
  readonly port: number;
  readonly environment: Readonly<Record<string, string>>;
  readonly filter: RegExp;
}

export async function startNginx(binary: string, site: NginxSite): Promise<RunningNginx> {
  const { directory } = site;
  await mkdir(path.join(directory, 'paylock'), { recursive: true });
  const snippet = renderSecurityHeaders(
    await readFile(SNIPPET_FILE, 'utf8'),
    await inlineScriptHashSources(site.webRoot),
  );
  await writeFile(path.join(directory, 'paylock', 'security-headers.conf'), snippet);
  const server = renderTemplate(
    await readFile(TEMPLATE_FILE, 'utf8'),
    site.environment,
    site.filter,
  )
    .replace(IMAGE_LISTEN, `listen 127.0.0.1:${site.port};`)
    .replace(`root ${IMAGE_WEB_ROOT};`, `root ${site.webRoot};`)
    // An older local nginx has no `resolve` on upstream servers; its upstream is a loopback
    // address that never changes, so it needs none.
    .replace(/(\n\s*server [^;\n]+) resolve;/, (line, server: string) =>
      resolvesUpstreams(binary) ? line : `${server};`,
    );
  await writeFile(path.join(directory, 'default.conf'), server);
  await writeFile(path.join(directory, 'nginx.conf'), mainConfig(directory));
  const child = spawn(
    binary,
    ['-p', directory, '-c', path.join(directory, 'nginx.conf'), '-e', 'stderr'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await waitForPort(site.port, child, () => errors);
  return { port: site.port, stop: () => stop(child) };
}

/**
 * nginx started by root hands requests to workers of an unprivileged user (nobody), who cannot
 * read a site inside a private folder (a fresh clone under root's home or a `mktemp -d`: mode 700).
 * A local run is not the image: its workers run as the user who started it, so they read what
 * that user reads. (Started by any other user, nginx runs its workers as that user anyway.)
 */
export function workerUserDirective(): string {
  if (process.getuid?.() !== 0) return '';
  const { username } = os.userInfo();
  const group = spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim() || username;
  return `user ${username} ${group};\n`;
}

function mainConfig(directory: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(directory, `${name}-temp`)};`;
  return `daemon off;
${workerUserDirective()}worker_processes 1;
pid ${path.join(directory, 'nginx.pid')};
error_log stderr warn;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include default.conf;
}
`;
}

async function waitForPort(port: number, child: ChildProcess, errors: () => string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => {
        resolve(false);
      });
    });
    if (open) return;
    await sleep(50);
  }
  child.kill('SIGQUIT');
  throw new Error(`nginx did not listen on ${port}: ${errors()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGQUIT');
  await exited;
}
