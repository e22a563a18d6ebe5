/** Razorpay's error body and the errors the API answers with. */

/** Razorpay's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;

  constructor(status: number, code: string, description: string, field: string | null = null) {
    super(description);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export function badRequest(description: string, field: string | null = null): ApiError {
  return new ApiError(400, 'BAD_REQUEST_ERROR', description, field);
}

export const NOT_FOUND_DESCRIPTION = 'The id provided does not exist';

export function errorBody(error: ApiError): unknown {
  return {
    error: {
      code: error.code,
      description: error.message,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
      ...(error.field ? { field: error.field } : {}),
    },
  };
}
