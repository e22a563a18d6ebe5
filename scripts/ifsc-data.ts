/**
 * `npm run ifsc:data`: writes the payout profile's offline IFSC data
 * (backend/src/payouts/infrastructure/ifsc-data.json) from Razorpay's published IFSC list, the
 * `ifsc` package (a devDependency: its runtime client pulls an HTTP library the backend does not
 * need, so only its data is shipped, read once at start and never fetched at run time).
 * Run it after upgrading the package and commit the result.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageJson = require.resolve('ifsc/package.json');
const source = path.join(path.dirname(packageJson), 'src');
const read = (name: string): unknown => JSON.parse(readFileSync(path.join(source, name), 'utf8'));

const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
const data = {
  source: `ifsc ${version}`,
  banks: read('banknames.json'),
  branches: read('IFSC.json'),
  sublets: read('sublet.json'),
  customSublets: read('custom-sublets.json'),
};
const target = path.join(
  import.meta.dirname,
  '..',
  'backend',
  'src',
  'payouts',
  'infrastructure',
  'ifsc-data.json',
);
writeFileSync(target, `${JSON.stringify(data)}\n`);
console.log(`ifsc-data: ${target} from ifsc ${version}`);
