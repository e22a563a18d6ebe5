import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  AccountErasedNotFoundError,
  AccountErasureInProgressError,
  AccountMoneyInFlightError,
  AccountMoneyMovingError,
  DataExportNotFoundError,
  NomineeNotFoundError,
} from '../domain/account-data.errors.js';

export const ACCOUNT_DATA_ERROR_STATUSES = errorStatuses([
  [AccountMoneyInFlightError, HttpStatus.CONFLICT],
  [AccountMoneyMovingError, HttpStatus.CONFLICT],
  [AccountErasureInProgressError, HttpStatus.CONFLICT],
  [AccountErasedNotFoundError, HttpStatus.NOT_FOUND],
  [NomineeNotFoundError, HttpStatus.NOT_FOUND],
  [DataExportNotFoundError, HttpStatus.NOT_FOUND],
]);
