import { getConnectionToken } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { createApp } from '../src/bootstrap/create-app.js';
import { createOpenApiDocument } from '../src/openapi/openapi-document.js';
import { testConfig } from './support/create-test-app.js';
import { findFreePort } from './support/ferretdb-process.js';

describe('the OpenAPI document, as exported to openapi.yaml', () => {
  it('is built from the app without connecting to any database', async () => {
    const unusedPort = await findFreePort();
    const app = await createApp(
      testConfig({ MONGODB_URI: `mongodb://127.0.0.1:${unusedPort}/paylock_export_test` }),
    );
    try {
      const document = createOpenApiDocument(app);
      const connection = app.get<Connection>(getConnectionToken());

      expect(connection.readyState).toBe(mongoose.ConnectionStates.disconnected);
      expect(document.info.title).toBe('Paylock API');
      expect(document.servers).toEqual([{ url: '/' }]);
      expect(Object.keys(document.components?.schemas ?? {})).toEqual(
        expect.arrayContaining(['ErrorResponseDto', 'ValidationErrorResponseDto']),
      );
      const readiness = document.paths['/api/v1/health']?.get;
      expect(readiness?.operationId).toBe('checkReadiness');
      expect(Object.keys(readiness?.responses ?? {})).toEqual(['200', '503']);
    } finally {
      await app.close();
    }
  });
});
