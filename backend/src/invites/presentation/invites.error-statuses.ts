import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import * as errors from '../domain/invite.errors.js';

/**
 * Invite errors → HTTP: 404 for a code that is not one (unknown, tampered, malformed), 410 Gone
 * for one that was valid (expired, revoked, used), 403 for a sign-up without one in invite mode,
 * 404/409 for the admin's revocation. Auth's and admin's tables include these rows.
 */
export const INVITES_ERROR_STATUSES = errorStatuses([
  [errors.InviteInvalidError, HttpStatus.NOT_FOUND],
  [errors.InviteNotFoundError, HttpStatus.NOT_FOUND],
  [errors.InviteExpiredError, HttpStatus.GONE],
  [errors.InviteRevokedError, HttpStatus.GONE],
  [errors.InviteUsedError, HttpStatus.GONE],
  [errors.InviteRequiredError, HttpStatus.FORBIDDEN],
  [errors.InviteAlreadyRedeemedError, HttpStatus.CONFLICT],
]);
