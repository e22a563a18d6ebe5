import { existsSync } from 'node:fs';
import { run } from './processes.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX_PATH = '/usr/sbin/nginx';

const isRoot = (): boolean => process.getuid?.() === 0;

async function aptInstall(packages: readonly string[]): Promise<void> {
  console.log(`paylock: installing ${packages.join(', ')} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0)
    throw new Error('apt-get update failed');
  if ((await run('apt-get', ['install', '-y', '-qq', ...packages], { env })) !== 0) {
    throw new Error(`apt-get install ${packages.join(' ')} failed`);
  }
}

/**
 * What the tests need from the system: Chromium for the browser tests (required) and nginx for
 * the web server's behaviour tests (optional: skipped, saying so, where it is missing). As root
 * on a fresh machine, both come from Debian's packages.
 */
export async function ensureSystemPackages(): Promise<void> {
  const missing = [
    ...(existsSync(CHROMIUM_PATH) ? [] : ['chromium']),
    ...(existsSync(NGINX_PATH) ? [] : ['nginx-light']),
  ];
  if (missing.length === 0) return;
  if (isRoot()) {
    await aptInstall(missing);
    return;
  }
  if (missing.includes('chromium')) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log('paylock: nginx is missing; its behaviour tests will be skipped.');
}
