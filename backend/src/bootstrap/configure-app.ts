import { NotFoundException, VersioningType } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import cookieParser from 'cookie-parser';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { ApiExceptionFilter } from '../common/presentation/api-exception.filter.js';
import { createValidationPipe } from '../common/presentation/validation.pipe.js';
import type { AppConfig } from '../config/app-config.js';
import { REQUEST_ID_HEADER, requestIdMiddleware } from '../logging/request-id.middleware.js';
import { PrometheusMetrics } from '../metrics/index.js';
import { createOpenApiDocument, setupSwaggerUi } from '../openapi/openapi-document.js';
import { rejectUndocumentedMethods } from '../openapi/undocumented-method.middleware.js';
import {
  acceptJsonBodiesOnly,
  CHECKOUT_CALLBACK_PATH,
  isPhotoUpload,
  WEBHOOK_PATH,
} from './json-bodies-only.js';
import { answerUnparsableRequests, headersSetBy } from './unparsable-request.js';

export const BODY_SIZE_LIMIT = '100kb';
/** A photo upload's body: above the photo's own 2 MB limit, so that limit answers with its message. */
const PHOTO_BODY_LIMIT = '3mb';
const API_PREFIX = 'api';

const pathOf = (request: IncomingMessage): string => (request.url ?? '').split('?')[0] ?? '';

/** Nest answers unknown paths under the prefix itself; this gives every other path the same 404. */
function rejectOutsideApiPrefix(request: Request, _response: Response, next: NextFunction): void {
  const insidePrefix =
    request.path === `/${API_PREFIX}` || request.path.startsWith(`/${API_PREFIX}/`);
  next(
    insidePrefix ? undefined : new NotFoundException(`Cannot ${request.method} ${request.path}`),
  );
}

/**
 * Everything that makes the Nest application *the* Paylock API. The one place used by main.ts,
 * the end-to-end tests and the OpenAPI export, so all three see the same API. Express middleware
 * runs in the order it is added here.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const securityHeaders = helmet({
    // Swagger UI is also served over plain http (local runs); TLS is the proxy's job.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  answerUnparsableRequests(app.getHttpServer(), headersSetBy(securityHeaders));
  app.use(requestIdMiddleware);
  const metrics = app.get(PrometheusMetrics, { strict: false });
  app.use(metrics.recordRequests);
  app.use(securityHeaders);
  app.enableCors({
    origin: [...config.corsOrigins], // exact matches only; any other origin gets no CORS headers
    credentials: true,
    exposedHeaders: [REQUEST_ID_HEADER],
    maxAge: 600,
  });
  // Outside the API prefix and its contract: scraped on the API's own port, never through the
  // public web server (which proxies /api only). 404 unless METRICS_TOKEN is set.
  app.use('/metrics', metrics.endpoint);
  app.use(rejectOutsideApiPrefix);
  app.use(cookieParser());
  // The gateway's webhook is verified on its exact bytes: kept raw (a Buffer) for that one path.
  app.useBodyParser('raw', {
    type: (request: IncomingMessage) => pathOf(request) === WEBHOOK_PATH,
    limit: BODY_SIZE_LIMIT,
  });
  // The account's photo is the image itself: raw, up to 3 MB (the module refuses over 2 MB).
  app.useBodyParser('raw', {
    type: (request: IncomingMessage) => isPhotoUpload(request),
    limit: PHOTO_BODY_LIMIT,
  });
  // The gateway's hosted checkout returns the browser with a form post: the one non-JSON body.
  app.useBodyParser('urlencoded', {
    type: (request: IncomingMessage) => pathOf(request) === CHECKOUT_CALLBACK_PATH,
    extended: false,
    limit: '16kb',
    parameterLimit: 10,
  });
  app.use(acceptJsonBodiesOnly);
  app.useBodyParser('json', { limit: BODY_SIZE_LIMIT });
  app.use(rejectUndocumentedMethods(() => createOpenApiDocument(app)));

  app.setGlobalPrefix(API_PREFIX);
  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());

  setupSwaggerUi(app);
}
