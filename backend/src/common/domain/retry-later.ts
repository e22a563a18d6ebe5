/**
 * A domain error a client should retry after a while (a limit, a spent budget): the HTTP layer
 * answers it with `Retry-After: <retryAfterSeconds>` (DomainErrorFilter).
 */
export interface RetryLater {
  readonly retryAfterSeconds: number;
}

export function retryAfterOf(error: unknown): number | undefined {
  const seconds = (error as Partial<RetryLater> | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds > 0
    ? seconds
    : undefined;
}
