import { DomainError } from '../../common/domain/domain.error.js';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import {
  InviteAlreadyRedeemedError,
  InviteExpiredError,
  InviteInvalidError,
  InviteNotFoundError,
  InviteRequiredError,
  InviteRevokedError,
  InviteUsedError,
} from '../domain/invite.errors.js';

/**
 * Invite errors → HTTP: 404 for a code that is not one (unknown, tampered, malformed), 410 Gone
 * for one that was valid (expired, revoked, used), 403 for a sign-up without one in invite mode,
 * 404/409 for the admin's revocation. Anything else is returned unchanged.
 */
export function inviteHttpError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const status =
    error instanceof InviteInvalidError || error instanceof InviteNotFoundError
      ? 404
      : error instanceof InviteExpiredError ||
          error instanceof InviteRevokedError ||
          error instanceof InviteUsedError
        ? 410
        : error instanceof InviteRequiredError
          ? 403
          : error instanceof InviteAlreadyRedeemedError
            ? 409
            : undefined;
  return status ? new ApiHttpException(status, error.code, error.message) : error;
}

/** The `reason` the register page shows after a refused Google sign-up; undefined otherwise. */
export function inviteRefusalReason(error: unknown): string | undefined {
  if (error instanceof InviteRequiredError) return 'invite-required';
  if (error instanceof InviteInvalidError) return 'invite-invalid';
  if (error instanceof InviteExpiredError) return 'invite-expired';
  if (error instanceof InviteRevokedError) return 'invite-revoked';
  if (error instanceof InviteUsedError) return 'invite-used';
  return undefined;
}
