import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../common/presentation/error-code.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../common/presentation/error-response.dto.js';
import { exampleBody } from '../common/presentation/openapi-errors.js';
import { PUBLIC_OPERATION_EXTENSION } from './public-operation.decorator.js';

export const API_DOCS_PATH = 'api/docs';

/** The one OpenAPI document: served at /api/docs and exported to openapi.yaml. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Paylock API')
    .setDescription(
      'Milestone payments, contracts and guaranteed payouts for Indian content creators. ' +
        'Every error answers with the same body: statusCode, a stable code, a message and a ' +
        'requestId (plus a per-field map for validation failures).',
    )
    .setVersion('1.0.0')
    .addServer('/')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addCookieAuth('paylock_refresh', { type: 'apiKey', in: 'cookie' }, 'refreshCookie')
    // The personal page's session (#13): its own cookie, never the creator session's.
    .addCookieAuth('paylock_entry_session', { type: 'apiKey', in: 'cookie' }, 'entrySessionCookie')
    .build();
  // Paylock's own API, published for its clients: no open-source licence is granted.
  config.info.license = { name: 'Proprietary: all rights reserved' };
  const document = SwaggerModule.createDocument(app, config, {
    // Controller method names are the operationIds the generated client exposes.
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
    extraModels: [ErrorResponseDto, ValidationErrorResponseDto],
  });
  closeRequestBodies(document);
  documentBoundaryAnswers(document);
  declareSecurity(document);
  unwrapLoneAllOfs(document);
  return document;
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = NonNullable<OpenAPIObject['paths'][string]['post']>;
type AnyResponse = Operation['responses'][string];
type Header = NonNullable<NonNullable<Exclude<AnyResponse, { $ref: string }>>['headers']>[string];

const JSON_ONLY = { code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message: ErrorMessage.JSON_ONLY };

/**
 * What the API answers at its boundary, for every operation alike, documented where it applies:
 * - 415 on every operation with a request body: any body but JSON in UTF-8 is refused before it
 *   is read (bootstrap/json-bodies-only.ts);
 * - `Retry-After` (seconds) on every 429, beside the throttler's `Retry-After-<group>`;
 * - `WWW-Authenticate` on the 401 of operations that take an access token (RFC 6750).
 */
function documentBoundaryAnswers(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const { responses } = operation;
      if (operation.requestBody && !responses['415']) {
        responses['415'] = {
          description: `${JSON_ONLY.code}: ${JSON_ONLY.message}`,
          content: {
            'application/json': {
              schema: { $ref: getSchemaPath(ErrorResponseDto) },
              example: exampleBody(415, JSON_ONLY),
            },
          },
        };
      }
      addHeader(responses['429'], 'Retry-After', {
        description: 'Seconds until the client may try again',
        schema: { type: 'integer', minimum: 1 },
      });
      const takesBearer = operation.security?.some((requirement) => 'bearer' in requirement);
      if (takesBearer) {
        addHeader(responses['401'], 'WWW-Authenticate', {
          description:
            'Bearer realm="paylock", with error="invalid_token" when the token sent is malformed, expired or of an ended session',
          schema: { type: 'string' },
        });
      }
    }
  }
}

/**
 * Every operation says how it is authorised: its credentials, or `security: []` for the public
 * ones marked with @PublicOperation(). An operation with neither fails the export (and every
 * test that builds the document), so a new endpoint cannot be published with no word on it.
 */
function declareSecurity(document: OpenAPIObject): void {
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = pathItem[method] as (Operation & Record<string, unknown>) | undefined;
      if (!operation) continue;
      const isPublic = operation[PUBLIC_OPERATION_EXTENSION] === true;
      Reflect.deleteProperty(operation, PUBLIC_OPERATION_EXTENSION);
      if (isPublic) operation.security = [];
      else if (!operation.security?.length) {
        throw new Error(
          `${method.toUpperCase()} ${path} declares no security: add its credentials ` +
            '(@ApiBearerAuth(), @ApiCookieAuth(…)) or @PublicOperation()',
        );
      }
    }
  }
}

/**
 * Nest's Swagger module wraps a named enum in `allOf: [{ $ref }]` even when nothing stands
 * beside it; a lone reference says the same without a one-schema composition.
 */
function unwrapLoneAllOfs(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    if ('$ref' in schema) continue;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if ('$ref' in property || Object.keys(property).length !== 1) continue;
      const [only] = property.allOf ?? [];
      if (property.allOf?.length === 1 && only && '$ref' in only) {
        schema.properties = { ...schema.properties, [name]: only };
      }
    }
  }
}

function addHeader(response: AnyResponse | undefined, name: string, header: Header): void {
  if (!response || '$ref' in response) return;
  response.headers = { ...response.headers, [name]: header };
}

/**
 * The global validation pipe refuses any property a request body's DTO does not declare
 * (`forbidNonWhitelisted`, 400 VALIDATION_FAILED); the contract says so with
 * `additionalProperties: false` on every request body schema.
 */
function closeRequestBodies(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of [pathItem.post, pathItem.put, pathItem.patch, pathItem.delete]) {
      const body = operation?.requestBody;
      if (!body || '$ref' in body) continue;
      for (const media of Object.values(body.content)) {
        const name = media.schema && '$ref' in media.schema ? media.schema.$ref : undefined;
        const schema = name ? schemas[name.replace('#/components/schemas/', '')] : undefined;
        if (schema && !('$ref' in schema)) schema.additionalProperties = false;
      }
    }
  }
}

export function setupSwaggerUi(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => createOpenApiDocument(app), {
    customSiteTitle: 'Paylock API',
  });
}
