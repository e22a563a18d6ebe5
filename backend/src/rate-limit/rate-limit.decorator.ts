import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ErrorCode } from '../common/presentation/error-code.js';
import { ErrorAnswers } from '../common/presentation/openapi-errors.js';
import { RATE_LIMITED_MESSAGE, type RateLimitGroup } from './rate-limit.contract.js';

export const RATE_LIMIT_GROUP = 'paylock:rate-limit-group';

/** The throttler's answer over budget, as documented. */
export const RATE_LIMITED = { code: ErrorCode.RATE_LIMITED, message: RATE_LIMITED_MESSAGE };

/**
 * Puts a controller or a handler under a group's per-client, per-minute budget; a client over
 * budget gets 429 RATE_LIMITED, which this also documents. Endpoints without it are not rate
 * limited. `answeredByRedirect`: browser navigations whose filter turns the 429 into a redirect
 * (documented there), so no 429 is documented.
 */
export const RateLimited = (
  group: RateLimitGroup,
  { answeredByRedirect = false }: { answeredByRedirect?: boolean } = {},
): ClassDecorator & MethodDecorator =>
  answeredByRedirect
    ? SetMetadata(RATE_LIMIT_GROUP, group)
    : applyDecorators(
        SetMetadata(RATE_LIMIT_GROUP, group),
        ErrorAnswers(
          429,
          [RATE_LIMITED],
          'Too many requests from this client in the last minute (code RATE_LIMITED)',
        ),
      );
