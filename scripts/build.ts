/**
 * `node scripts/build.ts backend|frontend`: the build `npm start` would make, stamped the same way
 * (scripts/lib/build-stamp.ts), skipped when its stamp matches the sources. npm test builds
 * through it, so `npm start`'s own test then finds both builds up to date and never rewrites
 * `backend/dist` under the suites that run servers from it at the same time.
 */
import { BUILDS, buildIfChanged } from './lib/build-stamp.ts';
import { run } from './lib/processes.ts';

const name = process.argv[2];
if (name !== 'backend' && name !== 'frontend') {
  console.error('usage: node scripts/build.ts backend|frontend');
  process.exit(2);
}
const build = BUILDS[name];
const outcome = await buildIfChanged(build, () =>
  run('npm', ['run', 'build', '--silent', '-w', build.workspace]),
);
console.log(`paylock: ${name} build: ${outcome}`);
process.exit(outcome === 'failed' ? 1 : 0);
