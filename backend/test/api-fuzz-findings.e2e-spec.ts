/**
 * Regressions for what the Schemathesis fuzz suite (npm run test:fuzz) found: answers that broke
 * the contract in openapi.yaml. Each test pins the API's behaviour and what the contract says
 * about it, so the two cannot drift apart again.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { createOpenApiDocument } from '../src/openapi/openapi-document.js';
import { AUTH, authTestEnv, type ErrorBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { waitlistSubmission } from './support/waitlist-submission.js';

const WAITLIST = '/api/v1/extra/waitlist';
const EMOJI = '\u{1F600}';

interface SchemaObject {
  type?: string;
  pattern?: string;
  minLength?: number;
  enum?: unknown[];
  allOf?: SchemaObject[];
  anyOf?: { $ref: string }[];
  additionalProperties?: boolean;
  properties?: Record<string, SchemaObject>;
}

interface DocumentedResponse {
  content?: Record<
    string,
    { schema?: SchemaObject; examples?: Record<string, { value: { code: string } }> }
  >;
}

describe('what the API fuzz suite found', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, { RATE_LIMIT_WAITLIST_PER_MINUTE: '1000' }),
    });
    document = createOpenApiDocument(testApp.app);
  });

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  });

  const api = () => request(testApp.server);
  const schemaOf = (name: string) =>
    document.components?.schemas?.[name] as SchemaObject | undefined;
  const responseOf = (path: string, status: string) =>
    document.paths[path]?.post?.responses[status] as DocumentedResponse | undefined;
  const documentedCodes = (response: DocumentedResponse | undefined) =>
    Object.values(response?.content?.['application/json']?.examples ?? {}).map(
      ({ value }) => value.code,
    );

  describe('the waitlist', () => {
    it('counts characters, not UTF-16 units: a 100-emoji name fits, a 101-emoji one does not', async () => {
      await api()
        .post(WAITLIST)
        .send(waitlistSubmission(1, { fullName: EMOJI.repeat(100) }))
        .expect(201);
      const response = await api()
        .post(WAITLIST)
        .send(waitlistSubmission(2, { fullName: EMOJI.repeat(101) }))
        .expect(400);
      expect((response.body as ErrorBody).errors).toEqual({
        fullName: 'Full name must be at most 100 characters',
      });
    });

    it('measures an e-mail address in characters too: 254 fit, 255 do not', async () => {
      const address = (localPartLength: number) => `${EMOJI.repeat(localPartLength)}@b.com`;
      await api()
        .post(WAITLIST)
        .send(waitlistSubmission(3, { email: address(248) }))
        .expect(201);
      await api()
        .post(WAITLIST)
        .send(waitlistSubmission(4, { email: address(249) }))
        .expect(400);
    });

    it('refuses null for the optional fields the contract types as strings', async () => {
      const response = await api()
        .post(WAITLIST)
        .send(waitlistSubmission(5, { privacyNoticeVersion: null, website: null }))
        .expect(400);
      expect((response.body as ErrorBody).errors).toEqual({
        privacyNoticeVersion: 'Please reload the page and try again',
        website: 'website must be a string',
      });
      const properties = schemaOf('JoinWaitlistRequestDto')?.properties;
      expect(properties?.privacyNoticeVersion).toMatchObject({
        type: 'string',
        enum: ['2026-11-23'],
      });
    });

    it('documents each field as a pattern that admits the surrounding whitespace it trims', async () => {
      const properties = schemaOf('JoinWaitlistRequestDto')?.properties ?? {};
      const accepts = (field: string, value: string) => {
        const schema = properties[field];
        const patterns = [schema?.pattern, ...(schema?.allOf ?? []).map((part) => part.pattern)];
        const defined = patterns.filter((pattern) => pattern !== undefined);
        return (
          defined.length > 0 && defined.every((pattern) => new RegExp(pattern, 'u').test(value))
        );
      };
      const padded = waitlistSubmission(6, {
        fullName: '\u00a0Asha Rao ',
        email: ' asha.rao.6@example.com\t',
        phoneNumber: ' 98765 43216 ',
        instagramHandle: ' @asha.six ',
      });
      for (const field of ['fullName', 'email', 'phoneNumber', 'instagramHandle'] as const) {
        expect([field, accepts(field, padded[field])]).toEqual([field, true]);
        expect([field, accepts(field, '')]).toEqual([field, false]);
      }
      await api().post(WAITLIST).send(padded).expect(201);
    });

    it('documents 400 with anyOf, since a VALIDATION_FAILED body is also an ErrorResponseDto', () => {
      const schema = responseOf(WAITLIST, '400')?.content?.['application/json']?.schema;
      expect(schema?.anyOf).toHaveLength(2);
    });
  });

  describe('request bodies', () => {
    it('refuses unknown properties, and the contract closes every request body schema', async () => {
      const response = await api()
        .post(`${AUTH}/login`)
        .send({ credential: 'not-a-token', extra: true })
        .expect(400);
      expect((response.body as ErrorBody).errors).toEqual({
        extra: 'property extra should not exist',
      });
      for (const name of ['CredentialRequestDto', 'JoinWaitlistRequestDto']) {
        expect([name, schemaOf(name)?.additionalProperties]).toEqual([name, false]);
      }
    });

    it('refuses an empty credential, which the contract no longer admits', async () => {
      const response = await api().post(`${AUTH}/register`).send({ credential: '' }).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { credential: 'credential is required' },
      });
      expect(schemaOf('CredentialRequestDto')?.properties?.credential?.minLength).toBe(1);
    });
  });

  describe('register and login', () => {
    it.each(['register', 'login'])(
      '%s: answers malformed JSON with a 400 body its contract documents (no field map)',
      async (operation) => {
        const path = `${AUTH}/${operation}`;
        const response = await api()
          .post(path)
          .set('Content-Type', 'application/json')
          .send('{"credential": ')
          .expect(400);
        expect(response.body).not.toHaveProperty('errors');
        expect((response.body as ErrorBody).code).toBe('MALFORMED_JSON');
        const documented = responseOf(path, '400');
        expect(documentedCodes(documented)).toEqual(
          expect.arrayContaining(['VALIDATION_FAILED', 'MALFORMED_JSON']),
        );
        expect(documented?.content?.['application/json']?.schema?.anyOf).toHaveLength(2);
      },
    );

    it.each(['register', 'login'])(
      '%s: documents 413 for a body over the limit',
      async (operation) => {
        const path = `${AUTH}/${operation}`;
        await api()
          .post(path)
          .send({ credential: 'x'.repeat(110 * 1024) })
          .expect(413);
        expect(document.paths[path]?.post?.responses).toHaveProperty('413');
      },
    );
  });

  describe('the Google callback', () => {
    it('documents the query the provider sends, and answers a forged one with a redirect', async () => {
      const callback = document.paths[`${AUTH}/google/callback`]?.get;
      const names = (callback?.parameters ?? []).map((parameter) =>
        'name' in parameter ? parameter.name : undefined,
      );
      expect(names).toEqual(['code', 'state', 'error']);
      const response = await api()
        .get(`${AUTH}/google/callback?code=forged&state=forged`)
        .expect(302);
      expect(response.headers.location).toBe(
        'http://localhost:5173/login?reason=INVALID_CREDENTIAL',
      );
    });
  });
});
