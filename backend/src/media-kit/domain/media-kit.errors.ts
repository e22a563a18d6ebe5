import { describedError, InvalidFieldsError } from '../../common/domain/domain.error.js';

/** The kit's fields broke its rules: one message per field (400 VALIDATION_FAILED). */
export class InvalidMediaKitError extends InvalidFieldsError {
  readonly code = 'VALIDATION_FAILED';
}

/** Another creator holds the handle, or a look-alike of it, or held it less than 30 days ago. */
export class HandleTakenError extends describedError(
  'HANDLE_TAKEN',
  'This handle, or one that looks the same, is taken. Please choose another.',
) {}

/**
 * No public kit at this handle: never claimed, unpublished, or its creator erased — one answer,
 * so that a handle tells nothing about a hidden kit.
 */
export class MediaKitNotFoundError extends describedError(
  'MEDIA_KIT_NOT_FOUND',
  'No media kit at this address.',
) {}

/** Publishing needs a handle first. */
export class HandleRequiredError extends describedError(
  'HANDLE_REQUIRED',
  'Choose a handle for your public page before publishing it.',
) {}
