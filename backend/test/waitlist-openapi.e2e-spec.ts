import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { createApp } from '../src/bootstrap/create-app.js';
import { createOpenApiDocument } from '../src/openapi/openapi-document.js';
import { testConfig } from './support/create-test-app.js';
import { findFreePort } from './support/ferretdb-process.js';

interface DocumentedResponse {
  content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }>;
}

/** The example bodies documented for one response, whichever way they are given. */
function examplesOf(response: DocumentedResponse | undefined): unknown[] {
  const json = response?.content?.['application/json'];
  if (json?.example !== undefined) return [json.example];
  return Object.values(json?.examples ?? {}).map(({ value }) => value);
}

function responsesOf(document: OpenAPIObject, path: string, method: 'get' | 'post') {
  return (document.paths[path]?.[method]?.responses ?? {}) as Record<string, DocumentedResponse>;
}

describe('the waitlist in the OpenAPI document', () => {
  let app: INestApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    const unusedPort = await findFreePort();
    app = await createApp(
      testConfig({ MONGODB_URI: `mongodb://127.0.0.1:${unusedPort}/paylock_export_test` }),
    );
    document = createOpenApiDocument(app);
  });

  afterAll(async () => {
    await app.close();
  });

  it('documents every answer of the join call, each with an example of its error code', () => {
    const responses = responsesOf(document, '/api/v1/extra/waitlist', 'post');
    expect(Object.keys(responses).sort()).toEqual([
      '200',
      '201',
      '202',
      '400',
      '403',
      '409',
      '413',
      '415',
      '429',
      '503',
    ]);
    const codesOf = (status: string) =>
      examplesOf(responses[status]).map((body) => (body as { code?: string }).code);
    expect(examplesOf(responses['201'])).toHaveLength(1);
    expect(examplesOf(responses['200'])).toHaveLength(1);
    expect(codesOf('400').sort()).toEqual(['MALFORMED_JSON', 'VALIDATION_FAILED']);
    expect(codesOf('409').sort()).toEqual(['EMAIL_ALREADY_REGISTERED', 'PHONE_ALREADY_REGISTERED']);
    expect(codesOf('413')).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(examplesOf(responses['202'])).toHaveLength(1);
    expect(codesOf('429')).toEqual(['RATE_LIMITED']);
    expect(codesOf('503')).toEqual(['DATABASE_UNAVAILABLE']);
  });

  it('documents every answer of the confirmation and the resend calls', () => {
    const confirm = responsesOf(document, '/api/v1/extra/waitlist/confirmations', 'post');
    expect(Object.keys(confirm).sort()).toEqual([
      '200',
      '400',
      '403',
      '404',
      '410',
      '415',
      '429',
      '503',
    ]);
    const codesOf = (status: string) =>
      examplesOf(confirm[status]).map((body) => (body as { code?: string }).code);
    expect(codesOf('400').sort()).toEqual(['MALFORMED_JSON', 'VALIDATION_FAILED']);
    expect(codesOf('404')).toEqual(['CONFIRMATION_LINK_NOT_FOUND']);
    expect(codesOf('410')).toEqual(['CONFIRMATION_LINK_EXPIRED']);
    const resend = responsesOf(document, '/api/v1/extra/waitlist/confirmation-emails', 'post');
    expect(Object.keys(resend).sort()).toEqual(['202', '400', '403', '415', '429', '503']);
  });

  it('documents the stats call with an example of each answer', () => {
    const responses = responsesOf(document, '/api/v1/extra/waitlist/stats', 'get');
    expect(Object.keys(responses).sort()).toEqual(['200', '503']);
    expect(examplesOf(responses['200'])).toEqual([
      { totalSlots: 1000, takenSlots: 358, remainingSlots: 642 },
    ]);
    expect(examplesOf(responses['503'])).toHaveLength(1);
  });
});
