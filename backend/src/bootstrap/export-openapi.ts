import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { createApp } from './create-app.js';
import { parseConfig } from '../app-settings.js';
import { createOpenApiDocument } from '../openapi/openapi-document.js';

/** Never used to sign anything: the production checks only need a complete configuration. */
const EXPORT_ENV = {
  PUBLIC_URL: 'https://paylock.example',
  GOOGLE_CLIENT_ID: 'openapi-export',
  GOOGLE_CLIENT_SECRET: 'openapi-export',
  JWT_SECRET: 'openapi-export-placeholder-secret-32+chars',
  PAYOUT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  SMTP_URL: 'smtps://openapi-export.invalid',
  OTP_SECRETS: 'openapi-export-placeholder-otp-secret-32+chars',
  SMS_BASE_URL: 'https://sms.openapi-export.invalid',
  SMS_AUTH_KEY: 'openapi-export',
  SMS_TEMPLATE_ID: 'openapi-export',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1000000000000000000',
  RAZORPAY_KEY_ID: 'rzp_live_openapiexport',
  RAZORPAY_KEY_SECRET: 'openapi-export',
  RAZORPAY_WEBHOOK_SECRET: 'openapi-export-placeholder',
};

/**
 * Writes openapi.yaml from the application's own routes and DTOs. The app is created but never
 * initialised, so no database connection is attempted and no port is opened. Keys are sorted
 * and repeated objects written out in full, so the same code always yields the same bytes.
 */
async function exportOpenApi(outputPath: string): Promise<void> {
  const app = await createApp(
    parseConfig({ ...EXPORT_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
  );
  const document = createOpenApiDocument(app);
  await app.close();
  writeFileSync(
    outputPath,
    stringify(document, {
      sortMapEntries: true,
      aliasDuplicateObjects: false,
      lineWidth: 0,
      // YAML 1.1 quoting: readers on 1.1 (PyYAML, so Schemathesis) would take 2026-11-01 for a date.
      version: '1.1',
    }),
  );
  console.log(`OpenAPI document written to ${outputPath}`);
}

const defaultOutput = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
await exportOpenApi(process.argv[2] ? resolve(process.argv[2]) : defaultOutput);
