import { HttpException } from '@nestjs/common';

/**
 * An HTTP error with an explicit stable `code` (and optional extra `details`), answered as is by
 * the global filter. Controllers throw it when translating a DomainError:
 * `throw new ApiHttpException(409, error.code, error.message)`.
 */
export class ApiHttpException extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    readonly details?: object,
  ) {
    super({ code, message, details }, status);
  }
}
