import { existsSync } from 'node:fs';
import { run } from './processes.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests use the system Chromium; as root on a fresh machine, install Debian's package. */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log('paylock: installing Chromium from Debian packages…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0)
    throw new Error('apt-get update failed');
  if ((await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0) {
    throw new Error('apt-get install chromium failed');
  }
}
