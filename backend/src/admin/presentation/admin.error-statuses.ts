import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import { INVITES_ERROR_STATUSES } from '../../invites/index.js';
import * as errors from '../domain/admin.errors.js';

/**
 * The back-office's domain errors → their HTTP answers, with the invites' (revocation). A query
 * refused parameter by parameter (the query DTOs in dto/admin-queries.dto.ts) answers 400
 * VALIDATION_FAILED through the validation pipe.
 */
export const ADMIN_ERROR_STATUSES = errorStatuses([
  ...INVITES_ERROR_STATUSES,
  [errors.MailMessageNotFoundError, HttpStatus.NOT_FOUND],
  [errors.MailMessageNotFailedError, HttpStatus.CONFLICT],
  [errors.WaitlistEntryNotFoundError, HttpStatus.NOT_FOUND],
  [errors.ExportLimitReachedError, HttpStatus.TOO_MANY_REQUESTS],
]);
