import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../common/presentation/error-response.dto.js';

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
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    // Controller method names are the operationIds the generated client exposes.
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
    extraModels: [ErrorResponseDto, ValidationErrorResponseDto],
  });
  closeRequestBodies(document);
  return document;
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
