import { ValidationPipe } from '@nestjs/common';
import { toRequestValidationException } from './request-validation.exception.js';

/** Unknown fields are rejected, known ones transformed to their DTO types; one message per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: toRequestValidationException,
  });
}
