// npm test's HTTP e2e: every e2e spec file but the fault and scale-out ones, in one Jest test file
// (the application's modules load once, not once per file: support/test-bundle.ts).
import path from 'node:path';
import { FAULT_AND_SCALE_OUT_E2E } from './support/e2e-files.js';
import { importTestFiles, testFiles } from './support/test-bundle.js';

const SUFFIX = '.e2e-spec.ts';
const faults = new Set<string>(FAULT_AND_SCALE_OUT_E2E);

await importTestFiles(
  testFiles('test', SUFFIX).filter((file) => !faults.has(path.basename(file, SUFFIX))),
);
