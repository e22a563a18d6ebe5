import { describedError, InvalidFieldsError } from '../../common/domain/domain.error.js';

/** Field names of the payout profile form, as the API and the screen name them. */
export type PayoutProfileField =
  | 'legalName'
  | 'pan'
  | 'phone'
  | 'payoutMethod'
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

/**
 * Erasing the payout profile while milestone money is held at the gateway for the creator or on
 * its way to their bank (the ledger's `held` or `releasing` balance is not zero): the linked
 * account is where that money settles, so the profile stays until every funded milestone is
 * settled or refunded.
 */
export class PayoutMoneyInFlightError extends describedError(
  'PAYOUT_MONEY_IN_FLIGHT',
  'Your payout profile cannot be deleted while milestone money is held for you or on its way to your bank account. You can delete it once every funded milestone is paid out or refunded.',
) {}
