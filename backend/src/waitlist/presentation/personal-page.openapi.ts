import { applyDecorators } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  DATABASE_UNAVAILABLE_RESPONSE,
  errorResponses,
  MALFORMED_JSON,
} from '../../common/presentation/openapi-errors.js';
import {
  EMAIL_CHANGE_LINK_HOURS,
  MAX_CORRECTIONS_PER_DAY,
  MAX_PERSONAL_LINKS_PER_DAY,
  PERSONAL_LINK_DAYS,
  PERSONAL_SESSION_MINUTES,
} from '../domain/personal-page.js';
import {
  EmailChangedResponseDto,
  EmailChangeRequestedResponseDto,
  EntryErasedResponseDto,
  INCOMPLETE_PERSONAL_LINK_MESSAGE,
  PersonalDataExportDto,
  PersonalPageResponseDto,
  RequestPersonalLinkResponseDto,
} from './personal-page.dto.js';
import { PERSONAL_SESSION_COOKIE } from './personal-session.cookie.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';

const invalidFields = (errors: Record<string, string>) =>
  ApiBadRequestResponse(
    errorResponses(400, [
      MALFORMED_JSON,
      { code: ErrorCode.VALIDATION_FAILED, message: ErrorMessage.VALIDATION_FAILED, errors },
    ]),
  );
const TOKEN_INVALID = invalidFields({ token: INCOMPLETE_PERSONAL_LINK_MESSAGE });

/**
 * The OpenAPI documentation of the personal page's endpoints (#13). Domain errors are documented
 * by @Throws on the handlers, the session's 401 by @PersonalSession(), the 429 by @RateLimited.
 */
export const PersonalPageDocs = {
  controller: () => ApiTags('waitlist: my place on the list'),

  requestPersonalLink: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'E-mail me a link to my page',
        description:
          `When the address is an entry's, a link to its page (single use, ${PERSONAL_LINK_DAYS} days) ` +
          `is e-mailed to it, at most ${MAX_PERSONAL_LINKS_PER_DAY} times a day. The answer is the ` +
          'same, given at the same moment, whether or not the address is on the list.',
      }),
      ApiAcceptedResponse({ type: RequestPersonalLinkResponseDto }),
      invalidFields({ email: 'Please enter a valid email address' }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  openPersonalPage: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Open my page with the link from the e-mail',
        description:
          'The app’s page /waitlist/me?token=… sends the token here. The link’s single use is ' +
          `claimed and a ${PERSONAL_SESSION_MINUTES}-minute session for this entry alone begins: ` +
          `an httpOnly, SameSite=Strict cookie (${PERSONAL_SESSION_COOKIE}) scoped to ` +
          '/api/v1/extra/waitlist/me. Answers the page.',
      }),
      ApiOkResponse({ type: PersonalPageResponseDto, description: 'Opened; the cookie is set' }),
      TOKEN_INVALID,
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  endPersonalSession: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: '"Done": close my page',
        description:
          'Ends the session on the server and clears its cookie; idempotent, so it needs no open ' +
          'session (answers 204 without one too).',
      }),
      ApiNoContentResponse({ description: 'Closed (or was not open)' }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  getPersonalPage: () =>
    applyDecorators(
      ApiOperation({ summary: 'My place on the list (the open session’s entry)' }),
      ApiOkResponse({ type: PersonalPageResponseDto }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  correctPersonalEntry: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Correct my name, Instagram handle, user type or phone',
        description:
          'The waitlist form’s rules and messages. Only changed fields are written; the history ' +
          'records which fields changed and when, never the old values. ' +
          `At most ${MAX_CORRECTIONS_PER_DAY} changes a day.`,
      }),
      ApiOkResponse({ type: PersonalPageResponseDto, description: 'The page after the change' }),
      invalidFields({ fullName: 'Full name must be at least 2 characters' }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  requestEmailChange: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Change my e-mail address',
        description:
          `A link (${EMAIL_CHANGE_LINK_HOURS} hours) goes to the new address; the entry keeps its ` +
          'address until it is opened. The answer is the same whether or not the new address is ' +
          'free (when an entry, this one included, holds it, nothing is sent).',
      }),
      ApiAcceptedResponse({ type: EmailChangeRequestedResponseDto }),
      invalidFields({ email: 'Please enter a valid email address' }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  confirmEmailChange: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Confirm a new e-mail address (the link e-mailed to it)',
        description:
          'The app’s page /waitlist/me?change=… sends the token here. Only the latest ' +
          'request’s link works; opening it again after the switch answers the same.',
      }),
      ApiOkResponse({ type: EmailChangedResponseDto }),
      TOKEN_INVALID,
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  downloadPersonalData: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Download my data (JSON)',
        description: 'Everything the waitlist holds about the entry, as an attachment.',
      }),
      ApiOkResponse({ type: PersonalDataExportDto }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  erasePersonalEntry: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Erase my data and withdraw my consent',
        description:
          'Erases name, e-mail, phone, handle, links, sessions and e-mails to the address at once ' +
          '(a confirmation is e-mailed first, its stored copy redacted once sent). The seat ' +
          'number and its time stay, with no personal data, so no other seat moves. The same ' +
          'e-mail and phone may join again. Idempotent; an interrupted erasure is finished by ' +
          'a retry or the sweeper.',
      }),
      ApiOkResponse({ type: EntryErasedResponseDto }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),
};
