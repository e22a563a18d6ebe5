import {
  DomainError,
  describedError,
  InvalidFieldsError,
} from '../../common/domain/domain.error.js';
import { blockerInWords, ERASURE_CONFIRMATION, type MoneyBlocker } from './account-erasure.js';

export { InvalidNomineeError } from './nominee.js';

/** The erasure was asked without the confirmation phrase typed (400, a field error). */
export class ErasureNotConfirmedError extends InvalidFieldsError {
  readonly code = 'ERASURE_NOT_CONFIRMED';

  constructor() {
    super({ confirmation: `Type ${ERASURE_CONFIRMATION} to confirm` });
  }
}

/**
 * Money is held, being released or disputed for the person: the erasure is refused, and the
 * message names each deal, milestone and state (the fixed part is documented).
 */
export class AccountMoneyInFlightError extends DomainError {
  static readonly CODE = 'ACCOUNT_MONEY_IN_FLIGHT';
  static readonly MESSAGE =
    'Your account cannot be erased while money is held, being released or disputed for you: <each deal, milestone and state>. You can erase it once each is paid out or refunded.';
  readonly code = AccountMoneyInFlightError.CODE;

  constructor(readonly blockers: readonly MoneyBlocker[]) {
    super(
      `Your account cannot be erased while money is held, being released or disputed for you: ${blockers.map(blockerInWords).join('; ')}. You can erase it once each is paid out or refunded.`,
    );
  }
}

/** A payment or a release for the person was being recorded as they asked: the money won. */
export class AccountMoneyMovingError extends describedError(
  'ACCOUNT_MONEY_MOVING',
  'A payment or release for you is being recorded right now, so your account was not erased. Try again in a minute: if money is then held for you, you will be told which.',
) {}

export class AccountErasureInProgressError extends describedError(
  'ACCOUNT_ERASURE_IN_PROGRESS',
  'Your account is already being erased. Wait a minute and reload.',
) {}

/** An erased account (or one being erased) has no data to download. */
export class AccountErasedNotFoundError extends describedError(
  'ACCOUNT_ERASED',
  'This account was erased: there is no data to download.',
) {}

export class NomineeNotFoundError extends describedError(
  'NOMINEE_NOT_FOUND',
  'You have not named a nominee.',
) {}

/** No such copy of the caller's data: another account's, not ready yet, expired or replaced. */
export class DataExportNotFoundError extends describedError(
  'DATA_EXPORT_NOT_FOUND',
  'This copy of your data is not available. Ask for a new one in Settings → Data & privacy.',
) {}
