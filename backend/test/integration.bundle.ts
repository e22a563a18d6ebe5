// npm test's integration suite: the integration spec files in one Jest test file, their modules
// loaded once (support/test-bundle.ts), but the long ones, which Jest runs as files of their own
// beside it (LONG_INTEGRATION_SPECS), so that its two workers share the work.
import path from 'node:path';
import { LONG_INTEGRATION_SPECS } from '../jest.config.js';
import { importTestFiles, testFiles } from './support/test-bundle.js';

const SUFFIX = '.int-spec.ts';
const long = new Set<string>(LONG_INTEGRATION_SPECS);

await importTestFiles(
  testFiles('src', SUFFIX).filter((file) => !long.has(path.basename(file, SUFFIX))),
);
