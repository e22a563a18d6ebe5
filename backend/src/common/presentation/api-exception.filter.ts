import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { REQUEST_ID_HEADER } from '../../logging/request-id.middleware.js';
import { ErrorCode } from './error-code.js';
import { toErrorBody } from './error-body.js';

/** What may be logged about an unexpected error: its type and where it came from, no message. */
export function describeForLog(exception: unknown): Record<string, unknown> {
  if (!(exception instanceof Error)) return { type: typeof exception };
  const code = (exception as { code?: unknown }).code;
  return {
    type: exception.name,
    ...((typeof code === 'string' || typeof code === 'number') && { code }),
    // The first stack line repeats the message, which may quote user data (e.g. an E11000 key).
    stack: exception.stack?.split('\n').slice(1).join('\n'),
  };
}

/** Answers every error, thrown anywhere in the request pipeline, with the uniform error body. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(exception);
    if (body.code === ErrorCode.INTERNAL_ERROR) {
      this.logger.error({ err: describeForLog(exception) }, 'Unexpected error');
    } else if (body.code === ErrorCode.DATABASE_UNAVAILABLE) {
      this.logger.warn({ err: describeForLog(exception) }, 'Database unavailable');
    }
    if (response.headersSent) return;
    const requestId = response.getHeader(REQUEST_ID_HEADER);
    response.status(body.statusCode).json({ ...body, requestId });
  }
}
