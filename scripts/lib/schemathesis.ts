/**
 * Schemathesis (a Python tool, from PyPI) for the API fuzz suite, in a virtual environment under
 * .tools/. The versions and hashes are pinned in scripts/fuzz/requirements.txt; the environment is
 * rebuilt whenever that file changes, and reused as it is otherwise.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, TOOLS_DIR } from './paths.ts';
import { run } from './processes.ts';

export const FUZZ_DIR = path.join(ROOT, 'scripts', 'fuzz');
const REQUIREMENTS = path.join(FUZZ_DIR, 'requirements.txt');
const VENV_DIR = path.join(TOOLS_DIR, 'schemathesis');
/** Holds the hash of the requirements the environment was built from. */
const STAMP = path.join(VENV_DIR, '.requirements-sha256');

/** The path of the `st` command, installing Schemathesis first when it is missing or outdated. */
export async function ensureSchemathesis(): Promise<string> {
  const st = path.join(VENV_DIR, 'bin', 'st');
  const wanted = createHash('sha256')
    .update(await readFile(REQUIREMENTS))
    .digest('hex');
  const built = await readFile(STAMP, 'utf8').catch(() => '');
  if (built === wanted && existsSync(st)) return st;

  const python = process.env.PYTHON ?? 'python3';
  const isRecentEnough = ['-c', 'import sys; sys.exit(sys.version_info < (3, 11))'];
  if ((await run(python, isRecentEnough, { stdio: 'ignore' })) !== 0) {
    throw new Error(`The fuzz suite needs Python 3.11 or later as \`${python}\` (or set PYTHON).`);
  }
  console.log('paylock: installing Schemathesis into .tools/schemathesis (first run only)…');
  await rm(VENV_DIR, { recursive: true, force: true });
  if ((await run(python, ['-m', 'venv', VENV_DIR])) !== 0) {
    throw new Error(`\`${python} -m venv\` failed (Debian: apt-get install python3-venv).`);
  }
  const pip = [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--no-input',
    '--require-hashes',
    '-r',
    REQUIREMENTS,
  ];
  if ((await run(path.join(VENV_DIR, 'bin', 'python'), pip)) !== 0) {
    throw new Error(
      'Installing Schemathesis (pip install -r scripts/fuzz/requirements.txt) failed.',
    );
  }
  await writeFile(STAMP, wanted);
  return st;
}
