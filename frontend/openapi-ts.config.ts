import path from 'node:path';
import { defineConfig } from '@hey-api/openapi-ts';

// The lead's drift check regenerates into a temp folder (PAYLOCK_CLIENT_OUTPUT) and diffs.
const output = process.env.PAYLOCK_CLIENT_OUTPUT ?? 'src/api/generated';

export default defineConfig({
  input: process.env.PAYLOCK_OPENAPI_INPUT ?? '../openapi.yaml',
  output: { path: output, postProcess: [] },
  plugins: [
    {
      name: '@hey-api/client-fetch',
      // Resolved against the output folder, so the generated import reads '../client-config'
      // wherever the output goes (a temp folder included) and the drift diff stays clean.
      runtimeConfigPath: path.resolve(output, '..', 'client-config'),
    },
    '@hey-api/typescript',
    '@hey-api/sdk',
    '@tanstack/react-query',
  ],
  logs: { level: 'warn', file: false },
});
