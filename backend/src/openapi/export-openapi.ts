import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { createApp } from '../bootstrap/create-app.js';
import { parseConfig } from '../config/app-config.js';
import { createOpenApiDocument } from './openapi-document.js';

/**
 * Writes openapi.yaml from the application's own routes and DTOs. The app is created but never
 * initialised, so no database connection is attempted and no port is opened. Keys are sorted
 * and repeated objects written out in full, so the same code always yields the same bytes.
 */
async function exportOpenApi(outputPath: string): Promise<void> {
  const app = await createApp(parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }));
  const document = createOpenApiDocument(app);
  await app.close();
  writeFileSync(
    outputPath,
    stringify(document, { sortMapEntries: true, aliasDuplicateObjects: false, lineWidth: 0 }),
  );
  console.log(`OpenAPI document written to ${outputPath}`);
}

const defaultOutput = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
await exportOpenApi(process.argv[2] ? resolve(process.argv[2]) : defaultOutput);
