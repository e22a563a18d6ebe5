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
  return SwaggerModule.createDocument(app, config, {
    // Controller method names are the operationIds the generated client exposes.
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
    extraModels: [ErrorResponseDto, ValidationErrorResponseDto],
  });
}

export function setupSwaggerUi(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => createOpenApiDocument(app), {
    customSiteTitle: 'Paylock API',
  });
}
