import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import * as errors from '../domain/media-kit.errors.js';

/** Media kit errors → HTTP. */
export const MEDIA_KIT_ERROR_STATUSES = errorStatuses([
  [errors.InvalidMediaKitError, HttpStatus.BAD_REQUEST],
  [errors.HandleTakenError, HttpStatus.CONFLICT],
  [errors.HandleRequiredError, HttpStatus.CONFLICT],
  [errors.MediaKitNotFoundError, HttpStatus.NOT_FOUND],
]);
