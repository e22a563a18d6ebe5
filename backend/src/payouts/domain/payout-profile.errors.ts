import { describedError, InvalidFieldsError } from '../../common/domain/domain.error.js';

/** Field names of the payout profile form, as the API and the screen name them. */
export type PayoutProfileField =
  | 'legalName'
  | 'pan'
  | 'phone'
  | 'accountNumber'
  | 'accountNumberConfirmation'
  | 'ifsc'
  | 'upiId'
  | 'gstin';

/** One or more fields broke their rule: 400 VALIDATION_FAILED with the message under each. */
export class InvalidPayoutProfileError extends InvalidFieldsError {
  readonly code = 'VALIDATION_FAILED';

  constructor(readonly fields: Readonly<Partial<Record<PayoutProfileField, string>>>) {
    super(fields);
  }
}

/** The profile changed between reading and saving it (another tab saved first). */
export class PayoutProfileChangedError extends describedError(
  'PAYOUT_PROFILE_CHANGED',
  'Your payout details were changed elsewhere. Please reload and try again.',
) {}
