import { describedError } from '../../common/domain/domain.error.js';

/** A page cursor this server did not give to this account for this list (altered or foreign). */
export class InvalidPageCursorError extends describedError(
  'INVALID_PAGE_CURSOR',
  'This page link is not valid. Open the list again from its first page.',
) {}
