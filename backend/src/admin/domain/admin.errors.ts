import { describedError } from '../../common/domain/domain.error.js';

export class WaitlistEntryNotFoundError extends describedError(
  'NOT_FOUND',
  'No waitlist entry has this id.',
) {}

/** Too many exports by this admin in the last minute, or too many running on this server. */
export class ExportLimitReachedError extends describedError(
  'RATE_LIMITED',
  'Too many exports. Please wait a minute and try again.',
) {}

export class MailMessageNotFoundError extends describedError(
  'NOT_FOUND',
  'No outbox message has this id.',
) {}

/** Only a failed message can be retried: a queued or sending one is on its way, a sent one arrived. */
export class MailMessageNotFailedError extends describedError(
  'CONFLICT',
  'Only a failed message can be retried; this one is queued, being sent or sent.',
) {}
