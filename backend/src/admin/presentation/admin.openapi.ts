import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  errorResponse,
  errorResponses,
  MALFORMED_JSON,
} from '../../common/presentation/openapi-errors.js';
import { OUTBOX_STATUSES } from '../../mail/index.js';
import { MAIL_MESSAGE_ID_PATTERN } from '../domain/mail-message-id.js';
import { ADMIN_PAGING } from './dto/admin-queries.dto.js';
import { AuditLogPageDto } from './dto/audit-log.dto.js';
import { ENTRY_ID_PATTERN, InviteWaveListDto, InviteWaveResultDto } from './dto/invite-wave.dto.js';
import { OutboxMessagePageDto } from './dto/outbox-message.dto.js';
import { WaitlistEntryDetailDto, WaitlistEntryPageDto } from './dto/waitlist-entry.dto.js';
import { WaitlistOverviewDto } from './dto/waitlist-overview.dto.js';

const error = errorResponse;

const BAD_QUERY = ApiBadRequestResponse(
  error(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
    sort: 'sort must be one of seat, joinedAt, name',
  }),
);

/** Every admin operation may meet a database outage. */
export const ADMIN_UNAVAILABLE = ApiServiceUnavailableResponse(
  error(503, ErrorCode.DATABASE_UNAVAILABLE, ErrorMessage.UNAVAILABLE),
);

export const LIST_WAITLIST_ENTRIES_DOCS = applyDecorators(
  ApiOperation({
    summary: 'Waitlist entries, filtered, searched, sorted and paginated',
    description:
      'Unknown parameters and values answer 400. Entries stored before e-mail confirmation ' +
      'existed count as confirmed.',
  }),
  ApiOkResponse({ type: WaitlistEntryPageDto }),
  BAD_QUERY,
  ADMIN_UNAVAILABLE,
);

export const GET_WAITLIST_ENTRY_DOCS = applyDecorators(
  ApiOperation({ summary: 'One waitlist entry with its history' }),
  ApiParam({ name: 'id', schema: { type: 'string', pattern: '^[a-f0-9]{24}$' } }),
  ApiOkResponse({ type: WaitlistEntryDetailDto }),
  ADMIN_UNAVAILABLE,
);

export const GET_WAITLIST_OVERVIEW_DOCS = applyDecorators(
  ApiOperation({
    summary: 'Waitlist figures: counts by status, early-access slots, sign-ups per day',
  }),
  ApiOkResponse({ type: WaitlistOverviewDto }),
  ADMIN_UNAVAILABLE,
);

export const EXPORT_WAITLIST_DOCS = applyDecorators(
  ApiOperation({
    summary: 'CSV of the entries matching the filter (streamed; recorded in the audit log)',
    description:
      'UTF-8 with a byte-order mark; cells that a spreadsheet would read as a formula ' +
      "(starting with = + - @, tab or carriage return) are prefixed with '. Each admin may " +
      'start a limited number of exports per minute (ADMIN_EXPORTS_PER_MINUTE).',
  }),
  ApiOkResponse({
    description: 'The CSV file',
    content: { 'text/csv': { schema: { type: 'string' } } },
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="paylock-waitlist-<date>.csv"',
        schema: { type: 'string' },
      },
    },
  }),
  BAD_QUERY,
  ADMIN_UNAVAILABLE,
);

export const LIST_AUDIT_LOG_DOCS = applyDecorators(
  ApiOperation({ summary: 'The audit log of admin actions, newest first' }),
  ApiOkResponse({ type: AuditLogPageDto }),
  ApiBadRequestResponse(
    error(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
      pageSize: `pageSize must be an integer between 1 and ${ADMIN_PAGING.maxPageSize}`,
    }),
  ),
  ADMIN_UNAVAILABLE,
);

export const LIST_OUTBOX_MESSAGES_DOCS = applyDecorators(
  ApiOperation({
    summary: 'The mail outbox, newest first: queued, sending, sent and failed messages',
    description:
      'Each message with its kind, recipient, subject, attempts and, once an attempt failed, the ' +
      "SMTP server's answer. Unknown parameters and values answer 400.",
  }),
  ApiOkResponse({ type: OutboxMessagePageDto }),
  ApiBadRequestResponse(
    error(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
      status: `status must be one of ${OUTBOX_STATUSES.join(', ')}`,
    }),
  ),
  ADMIN_UNAVAILABLE,
);

export const RETRY_OUTBOX_MESSAGE_DOCS = applyDecorators(
  ApiOperation({
    summary:
      'Queue a failed message again for a fresh round of attempts (recorded in the audit log)',
  }),
  ApiParam({ name: 'id', schema: { type: 'string', pattern: MAIL_MESSAGE_ID_PATTERN } }),
  ApiNoContentResponse({ description: 'Queued again; the worker sends it on its next pass' }),
  ADMIN_UNAVAILABLE,
);

/** A body the validation refuses, or one that is not JSON at all. */
const bodyRefused = (errors: Record<string, string>) =>
  ApiBadRequestResponse(
    errorResponses(400, [
      { code: ErrorCode.VALIDATION_FAILED, message: ErrorMessage.VALIDATION_FAILED, errors },
      MALFORMED_JSON,
    ]),
  );

const INVITE_BODY_REFUSED = bodyRefused({ count: 'count must be at most 1000' });

export const INVITE_NEXT_DOCS = applyDecorators(
  ApiOperation({
    summary: 'Invite the next N confirmed entries, in seat order (a wave; audited as invite.sent)',
    description:
      'Each entry gets a single-use invite code, e-mailed through the outbox as "Your Paylock ' +
      'early access is ready" with a link to /register?invite=…; its status becomes invited. ' +
      'The e-mails are queued in bulk and sent by the outbox worker: the request does not wait ' +
      'for them.',
  }),
  ApiOkResponse({ type: InviteWaveResultDto }),
  INVITE_BODY_REFUSED,
  ADMIN_UNAVAILABLE,
);

export const INVITE_SELECTED_DOCS = applyDecorators(
  ApiOperation({
    summary: 'Invite the selected entries; invited ones get their invite re-sent (audited)',
  }),
  ApiOkResponse({ type: InviteWaveResultDto }),
  bodyRefused({ entryIds: 'entryIds must list at least one entry' }),
  ADMIN_UNAVAILABLE,
);

export const REVOKE_INVITE_DOCS = applyDecorators(
  ApiOperation({
    summary: "Withdraw an entry's invite (audited as invite.revoked); revoking twice is fine",
  }),
  ApiParam({ name: 'entryId', schema: { type: 'string', pattern: ENTRY_ID_PATTERN } }),
  ApiNoContentResponse({ description: 'Revoked: the link no longer creates an account' }),
  ADMIN_UNAVAILABLE,
);

export const LIST_INVITE_WAVES_DOCS = applyDecorators(
  ApiOperation({
    summary: 'Each invite wave with its funnel: invited, pending, redeemed, expired, revoked',
  }),
  ApiOkResponse({ type: InviteWaveListDto }),
  ADMIN_UNAVAILABLE,
);
