import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Razorpay's published IFSC list, in the shape the offline directory reads. */
export interface IfscData {
  readonly source: string;
  /** Bank code (4 letters) → the bank's name. */
  readonly banks: Readonly<Record<string, string>>;
  /** Bank code → its branch codes (the last 6 characters; numeric ones as numbers). */
  readonly branches: Readonly<Record<string, readonly (string | number)[]>>;
  /** An IFSC a bank runs for another (a sub-member) → that bank's code. */
  readonly sublets: Readonly<Record<string, string>>;
  /** An IFSC prefix run for another bank → that bank's code. */
  readonly customSublets: Readonly<Record<string, string>>;
}

/**
 * The data of the installed `ifsc` package. The package is a build-time dependency only: its
 * runtime client pulls an HTTP library the API does not need, so the build writes this data
 * beside the compiled directory (`writeIfscData`) and the production image ships that file.
 */
export function ifscPackageData(): IfscData {
  const packageJson = createRequire(import.meta.url).resolve('ifsc/package.json');
  const source = path.join(path.dirname(packageJson), 'src');
  const read = (name: string): unknown => JSON.parse(readFileSync(path.join(source, name), 'utf8'));
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return {
    source: `ifsc ${version}`,
    banks: read('banknames.json') as IfscData['banks'],
    branches: read('IFSC.json') as IfscData['branches'],
    sublets: read('sublet.json') as IfscData['sublets'],
    customSublets: read('custom-sublets.json') as IfscData['customSublets'],
  };
}

/** `npm run build -w backend`'s last step: the package's data as one JSON file at `target`. */
export function writeIfscData(target: string): void {
  writeFileSync(target, `${JSON.stringify(ifscPackageData())}\n`);
}
