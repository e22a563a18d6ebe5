import { Body, Controller, Get, HttpCode, Post, Put, UseFilters } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { errorResponses, MALFORMED_JSON } from '../../common/presentation/openapi-errors.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import type { AuthorizedAccount } from '../application/authorize-roles.use-case.js';
import {
  ConfirmContactEmailChange,
  GetContactEmail,
  RequestContactEmailChange,
} from '../application/contact-email.use-case.js';
import {
  ContactEmailLinkExpiredError,
  ContactEmailLinkNotValidError,
  InvalidContactEmailError,
  TooManyContactEmailChangesError,
} from '../domain/auth.errors.js';
import { AUTH_ERROR_STATUSES } from './auth.error-statuses.js';
import { AuthDocs } from './auth.openapi.js';
import {
  ChangeContactEmailRequestDto,
  CONTACT_LINK_MESSAGE,
  ContactEmailConfirmedDto,
  ContactEmailStatusDto,
  ConfirmContactEmailRequestDto,
} from './dto/contact-email.dto.js';
import { RequiresRecentAuthentication } from './recent-authentication.guard.js';
import { AuthorizedAccountOf, Roles } from './roles.guard.js';

const badRequest = (errors: Record<string, string>) =>
  ApiBadRequestResponse(
    errorResponses(400, [
      { code: ErrorCode.VALIDATION_FAILED, message: ErrorMessage.VALIDATION_FAILED, errors },
      MALFORMED_JSON,
    ]),
  );

/**
 * Settings → Profile: the contact e-mail of a creator or a brand, changed through a link to the
 * new address.
 */
@Controller('auth')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(AUTH_ERROR_STATUSES))
@AuthDocs.controller()
export class ContactEmailController {
  constructor(
    private readonly status: GetContactEmail,
    private readonly request: RequestContactEmailChange,
    private readonly confirm: ConfirmContactEmailChange,
  ) {}

  @Get('me/contact-email')
  @Roles('creator', 'brand')
  @NoStore()
  @ApiOperation({
    summary: 'Where the account’s notices are mailed, and any pending change',
    description: 'Creators and brands; a brand has no address until it confirms one.',
  })
  @ApiOkResponse({ type: ContactEmailStatusDto })
  async getContactEmail(
    @AuthorizedAccountOf() { account }: AuthorizedAccount,
  ): Promise<ContactEmailStatusDto> {
    return ContactEmailStatusDto.of(await this.status.execute(account));
  }

  @Put('me/contact-email')
  @HttpCode(202)
  // Above @Roles: its guard runs after the role check's.
  @RequiresRecentAuthentication()
  @Roles('creator', 'brand')
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Ask to mail the account’s notices to a new address',
    description:
      'Creators and brands, after a fresh sign-in (Google, or a new SMS code for a brand; 403 ' +
      'REAUTHENTICATION_REQUIRED otherwise). Mails a link to the NEW address; notices keep going to the current one until it is ' +
      'opened. Only the latest request’s link works. At most 5 requests per account and 3 links ' +
      'per address a day (a sixth request is 429; a link over the address’s budget is not sent, ' +
      'and the answer is the same).',
  })
  @ApiAcceptedResponse({ type: ContactEmailStatusDto, description: 'The link is on its way' })
  @badRequest({ email: 'email must be an e-mail address like name@example.com' })
  @Throws(AUTH_ERROR_STATUSES, InvalidContactEmailError, TooManyContactEmailChangesError)
  async changeContactEmail(
    @AuthorizedAccountOf() { account }: AuthorizedAccount,
    @Body() body: ChangeContactEmailRequestDto,
  ): Promise<ContactEmailStatusDto> {
    return ContactEmailStatusDto.of(await this.request.execute(account, body.email));
  }

  @Post('contact-email/confirmations')
  @HttpCode(200)
  @FromAppOriginOnly()
  @NoStore()
  @PublicOperation()
  @ApiOperation({
    summary: 'Confirm a new contact e-mail with the mailed link’s token',
    description:
      'Needs no session (the link may be opened on another device). The link works once, for ' +
      '24 hours, and only while it is the account’s latest request; the old address is told.',
  })
  @ApiOkResponse({ type: ContactEmailConfirmedDto })
  @badRequest({ token: CONTACT_LINK_MESSAGE })
  @Throws(AUTH_ERROR_STATUSES, ContactEmailLinkNotValidError, ContactEmailLinkExpiredError)
  async confirmContactEmail(
    @Body() body: ConfirmContactEmailRequestDto,
  ): Promise<ContactEmailConfirmedDto> {
    const { contactEmail } = await this.confirm.execute(body.token);
    return ContactEmailConfirmedDto.of(contactEmail);
  }
}
