import type { IncomingMessage } from 'node:http';
import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { destination, type DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config.js';

/** Polled every few seconds: health checks and the metrics scrape. */
const QUIET_PATHS = /^(\/api\/v\d+\/health|\/metrics)(\/|$|\?)/;

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
export function pinoHttpOptions(config: Pick<AppConfig, 'logLevel'>): Options {
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

type LogDestination = DestinationStream & { flushSync(): void };

/** Lines are collected up to this many bytes, then written together. */
export const LOG_BATCH_BYTES = 4096;
/** A batch not yet full is written after at most this long, so a quiet server's lines show. */
export const LOG_FLUSH_INTERVAL_MS = 500;

/**
 * Standard output, written off the request's path: a line is appended to a buffer in memory, and
 * the buffer goes out in one asynchronous write once it holds 4 kB or every half second, instead
 * of one blocking write per line (ADR 0018). What is buffered is written synchronously when the
 * process exits (pino's exit hook, `process.exit` after SIGTERM included) and by the shutdown
 * hook below, so no line is lost.
 */
export function asynchronousStdout(): LogDestination {
  return destination({
    dest: 1,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_INTERVAL_MS,
  });
}

const LOG_DESTINATION = Symbol('LOG_DESTINATION');

@Module({})
export class LoggingModule implements OnApplicationShutdown {
  constructor(@Inject(LOG_DESTINATION) private readonly logs: LogDestination) {}

  static forRoot(config: AppConfig, logs: LogDestination = asynchronousStdout()): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: [pinoHttpOptions(config), logs] })],
      providers: [{ provide: LOG_DESTINATION, useValue: logs }],
    };
  }

  /** Every queued line is written before the process goes on to exit. */
  onApplicationShutdown(): void {
    try {
      this.logs.flushSync();
    } catch {
      // Not open yet, or already closed: nothing is queued.
    }
  }
}
