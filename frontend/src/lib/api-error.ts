/** The API's error body ({ code, message, errors }), as the generated client throws it. */
export interface ApiErrorBody {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** Whether the generated client threw the API's error body (not a network error or a bug). */
export const isErrorBody = (error: unknown): error is ApiErrorBody =>
  typeof error === 'object' && error !== null && !(error instanceof Error);

/** The code of an API error body thrown by the generated client (undefined for network errors). */
export function errorCodeOf(error: unknown): string | undefined {
  return isErrorBody(error) && typeof error.code === 'string' ? error.code : undefined;
}

/** The message of an API error body, or `fallback` when there is none (a network error). */
export function messageOf(error: unknown, fallback: string): string {
  return isErrorBody(error) && typeof error.message === 'string' && error.message
    ? error.message
    : fallback;
}
