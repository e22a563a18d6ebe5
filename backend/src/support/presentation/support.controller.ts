import { Body, Controller, Get, HttpStatus, Post, UseFilters } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { badRequest } from '../../common/presentation/openapi-errors.js';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { errorStatuses, Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import {
  CreateSupportRequest,
  ListSupportRequests,
} from '../application/support-requests.use-case.js';
import {
  SupportDealNotFoundError,
  TooManySupportRequestsError,
} from '../domain/support-request.js';
import {
  CreateSupportRequestDto,
  SupportRequestCreatedDto,
  SupportRequestListDto,
} from './support-request.dto.js';

const SUPPORT_ERROR_STATUSES = errorStatuses([
  [SupportDealNotFoundError, HttpStatus.NOT_FOUND],
  [TooManySupportRequestsError, HttpStatus.TOO_MANY_REQUESTS],
]);

/** Settings → Help & support: a creator's request (#41). */
@ApiTags('Account')
@Controller('account/support-requests')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(SUPPORT_ERROR_STATUSES))
export class SupportController {
  constructor(private readonly create: CreateSupportRequest) {}

  @Post()
  @Roles('creator')
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Ask support a question (about a deal of yours, or not)',
    description:
      'Stored for the back-office; a confirmation with its reference is mailed to where your ' +
      'notices go. At most 5 a day per account (429 after).',
  })
  @ApiCreatedResponse({ type: SupportRequestCreatedDto })
  @badRequest({ subject: 'subject is required' })
  @Throws(SUPPORT_ERROR_STATUSES, SupportDealNotFoundError, TooManySupportRequestsError)
  async createSupportRequest(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Body() body: CreateSupportRequestDto,
  ): Promise<SupportRequestCreatedDto> {
    return SupportRequestCreatedDto.of(await this.create.execute(user, body));
  }
}

/** The back-office's list of support requests (admins). */
@ApiTags('admin')
@Controller('admin/support-requests')
@Roles('admin')
export class AdminSupportController {
  constructor(private readonly list: ListSupportRequests) {}

  @Get()
  @NoStore()
  @ApiOperation({ summary: 'The newest 100 support requests, newest first' })
  @ApiOkResponse({ type: SupportRequestListDto })
  async listSupportRequests(): Promise<SupportRequestListDto> {
    return SupportRequestListDto.of(await this.list.execute());
  }
}
