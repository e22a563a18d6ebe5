import { Body, Controller, Get, HttpStatus, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { badRequest } from '../../common/presentation/openapi-errors.js';
import {
  type AuthorizedAccount,
  AuthorizedAccountOf,
  type AuthorizedUser,
  AuthorizedUserOf,
  Roles,
} from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { errorStatuses, Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { AnswerSupportRequest } from '../application/answer-support-request.use-case.js';
import {
  CreateSupportRequest,
  ListMySupportRequests,
  ListSupportRequests,
} from '../application/support-requests.use-case.js';
import {
  SupportDealNotFoundError,
  SupportRequestAlreadyAnsweredError,
  SupportRequestNotFoundError,
  TooManySupportRequestsError,
} from '../domain/support-request.js';
import {
  AnswerSupportRequestDto,
  CreateSupportRequestDto,
  MySupportRequestListDto,
  SupportRequestCreatedDto,
  SupportRequestDto,
  SupportRequestPageDto,
  SupportRequestQueryDto,
} from './support-request.dto.js';

const SUPPORT_ERROR_STATUSES = errorStatuses([
  [SupportDealNotFoundError, HttpStatus.NOT_FOUND],
  [TooManySupportRequestsError, HttpStatus.TOO_MANY_REQUESTS],
  [SupportRequestNotFoundError, HttpStatus.NOT_FOUND],
  [SupportRequestAlreadyAnsweredError, HttpStatus.CONFLICT],
]);

/** A request's reference as the back-office names it in a path (an ObjectId's hex). */
const REFERENCE = /^[0-9a-f]{24}$/;

/** Settings → Help & support: a creator's or a brand's requests and support's answers (#41). */
@ApiTags('Account')
@Controller('account/support-requests')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(SUPPORT_ERROR_STATUSES))
export class SupportController {
  constructor(
    private readonly create: CreateSupportRequest,
    private readonly mine: ListMySupportRequests,
  ) {}

  @Post()
  @Roles('creator', 'brand')
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Ask support a question or file a grievance (about a deal of yours, or not)',
    description:
      'Creators and brand workspaces. A deal named must be the creator’s own, or one the ' +
      'brand’s workspace accepted (404 otherwise); the request carries its state and latest ' +
      'history. Stored for the back-office; a confirmation with its reference is mailed to ' +
      'where your notices go (for a grievance: the acknowledgement, naming the 15 days it is ' +
      'resolved in; a brand without a contact e-mail gets no mail, the answer shows the ' +
      'reference). At most 5 a day per account (429 after).',
  })
  @ApiCreatedResponse({ type: SupportRequestCreatedDto })
  @badRequest({ subject: 'subject is required' })
  @Throws(SUPPORT_ERROR_STATUSES, SupportDealNotFoundError, TooManySupportRequestsError)
  async createSupportRequest(
    @AuthorizedAccountOf() { account }: AuthorizedAccount,
    @Body() body: CreateSupportRequestDto,
  ): Promise<SupportRequestCreatedDto> {
    return SupportRequestCreatedDto.of(await this.create.execute(account, body));
  }

  @Get()
  @Roles('creator', 'brand')
  @NoStore()
  @ApiOperation({ summary: 'Your support requests and their answers, newest first' })
  @ApiOkResponse({ type: MySupportRequestListDto })
  async listMySupportRequests(
    @AuthorizedAccountOf() { account }: AuthorizedAccount,
  ): Promise<MySupportRequestListDto> {
    return MySupportRequestListDto.of(await this.mine.execute(account.id));
  }
}

/** The back-office's support requests (admins): the list, and answering one (audited). */
@ApiTags('admin')
@Controller('admin/support-requests')
@Roles('admin')
@UseFilters(new DomainErrorFilter(SUPPORT_ERROR_STATUSES))
export class AdminSupportController {
  constructor(
    private readonly list: ListSupportRequests,
    private readonly answerRequest: AnswerSupportRequest,
  ) {}

  @Get()
  @NoStore()
  @ApiOperation({ summary: 'Support requests, newest first, open or answered, a page at a time' })
  @ApiOkResponse({ type: SupportRequestPageDto })
  @badRequest({ status: 'status must be one of open, answered' })
  async listSupportRequests(
    @Query() query: SupportRequestQueryDto,
  ): Promise<SupportRequestPageDto> {
    const { page, pageSize } = query;
    return SupportRequestPageDto.of(
      await this.list.execute({
        status: query.status ?? null,
        kind: query.kind ?? null,
        page,
        pageSize,
      }),
      { page, pageSize },
      (request) => SupportRequestDto.of(request),
    );
  }

  @Post(':requestId/answer')
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Answer a support request',
    description:
      'Once per request (409 after). Recorded in the audit log (the request’s id only); the ' +
      'answer is mailed to the person and put in their notifications.',
  })
  @ApiCreatedResponse({ type: SupportRequestDto })
  @badRequest({ answer: 'answer is required' })
  @Throws(SUPPORT_ERROR_STATUSES, SupportRequestNotFoundError, SupportRequestAlreadyAnsweredError)
  async answerSupportRequest(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Param('requestId') requestId: string,
    @Body() body: AnswerSupportRequestDto,
  ): Promise<SupportRequestDto> {
    if (!REFERENCE.test(requestId)) throw new SupportRequestNotFoundError();
    const answered = await this.answerRequest.execute(
      { userId: user.id, email: user.email },
      requestId,
      body.answer,
    );
    return SupportRequestDto.of(answered);
  }
}
