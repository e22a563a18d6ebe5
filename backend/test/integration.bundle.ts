// npm test's integration suite: the integration spec files in one Jest test file, their modules
// loaded once (support/test-bundle.ts), but the long ones, which Jest runs as files of their own
// beside it (LONG_INTEGRATION_SPECS), so that its two workers share the work.
import { LONG_INTEGRATION_SPECS } from '../jest.config.js';
import { importTestFiles, testFiles } from './support/test-bundle.js';

await importTestFiles(testFiles('src', '.int-spec.ts', LONG_INTEGRATION_SPECS));
