import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import { INVITES_ERROR_STATUSES } from '../../invites/index.js';
import {
  ExportLimitReachedError,
  MailMessageNotFailedError,
  MailMessageNotFoundError,
  WaitlistEntryNotFoundError,
} from '../domain/admin.errors.js';

/**
 * The back-office's domain errors → their HTTP answers, with the invites' (revocation). A query
 * refused parameter by parameter (InvalidAdminQueryError) answers 400 VALIDATION_FAILED.
 */
export const ADMIN_ERROR_STATUSES = errorStatuses([
  ...INVITES_ERROR_STATUSES,
  [MailMessageNotFoundError, HttpStatus.NOT_FOUND],
  [MailMessageNotFailedError, HttpStatus.CONFLICT],
  [WaitlistEntryNotFoundError, HttpStatus.NOT_FOUND],
  [ExportLimitReachedError, HttpStatus.TOO_MANY_REQUESTS],
]);
