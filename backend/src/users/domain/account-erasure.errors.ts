import { describedError } from '../../common/domain/domain.error.js';

/** A money move on a deal whose creator or brand account was erased (the erasure won first). */
export class AccountErasedError extends describedError(
  'ACCOUNT_ERASED',
  'This deal’s creator or brand erased their Paylock account, so its money can no longer move here. Write to support.',
) {}
