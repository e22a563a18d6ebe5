import type { IncomingMessage } from 'node:http';
import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config.js';

const QUIET_PATHS = /^\/api\/v\d+\/health(\/|$)/; // polled every few seconds

/** Only what helps to follow a request: never bodies, query strings or credentials. */
function serializeRequest(request: IncomingMessage & { id?: unknown }) {
  return {
    id: request.id,
    method: request.method,
    path: request.url?.split('?')[0],
    headers: request.headers,
  };
}

/** pino-http's options: what a request's log line may show, and what it must hide. */
export function pinoHttpOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    // No genReqId: pino-http's default reuses `req.id`, set by requestIdMiddleware.
    autoLogging: { ignore: (request) => QUIET_PATHS.test(request.url ?? '') },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: serializeRequest,
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["proxy-authorization"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: pinoHttpOptions(config) })],
    };
  }
}
