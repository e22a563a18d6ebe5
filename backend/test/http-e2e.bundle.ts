// npm test's HTTP e2e: every e2e spec file but the fault and scale-out ones, in one Jest test file
// (the application's modules load once, not once per file: support/test-bundle.ts).
import { FAULT_AND_SCALE_OUT_E2E } from './support/e2e-files.js';
import { importTestFiles, testFiles } from './support/test-bundle.js';

await importTestFiles(testFiles('test', '.e2e-spec.ts', FAULT_AND_SCALE_OUT_E2E));
