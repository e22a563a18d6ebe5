import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  PayoutMoneyInFlightError,
  PayoutProfileChangedError,
} from '../domain/payout-profile.errors.js';

/**
 * The payout profiles' one table of domain errors → HTTP statuses (runtime and OpenAPI). Field
 * errors (InvalidPayoutProfileError) answer 400 VALIDATION_FAILED through the filter itself.
 */
export const PAYOUTS_ERROR_STATUSES = errorStatuses([
  [PayoutProfileChangedError, HttpStatus.CONFLICT],
  [PayoutMoneyInFlightError, HttpStatus.CONFLICT],
]);
