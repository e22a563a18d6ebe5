import {
  Body,
  Controller,
  HttpCode,
  HttpStatus,
  Ip,
  Param,
  Post,
  Req,
  UseFilters,
} from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthCookies, SignedInCaller } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import {
  ChallengeRequiredError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../../brands/brands.contract.js';
import { badRequest, operation, RATE_LIMITED, TOO_LARGE, UNAVAILABLE } from '../../deals/index.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import {
  type RequestCaller,
  RequestPackage,
  SendPackageRequestCode,
} from '../application/package-requests.use-case.js';
import {
  OwnPackageRequestError,
  PackageNotFoundError,
  RequestCodeRequiredError,
  TooManyPackageRequestsError,
} from '../domain/package-request.errors.js';
import {
  PackageRequestCodeRequestDto,
  PackageRequestCodeSentDto,
  PackageRequestRequestDto,
  PackageRequestSentDto,
} from './dto/package-request.dto.js';
import { PACKAGE_REQUEST_ERROR_STATUSES } from './package-request.error-statuses.js';

const BEARER = /^Bearer (\S+)$/i;

const HANDLE_PARAM = ApiParam({
  name: 'handle',
  description: 'The creator’s public handle, without the @',
  schema: { type: 'string', maxLength: 64 },
});
const PACKAGE_PARAM = ApiParam({
  name: 'packageId',
  description: 'A published package of the kit; hidden, unknown or unpublished: 404',
  schema: { type: 'string', maxLength: 64 },
});

/**
 * "Request this package" on a public media kit (#42): a brand proves its mobile (an SMS code,
 * or its brand session) and sends a brief and dates; the creator answers in the dashboard.
 */
@ApiTags('media-kit')
@Controller('public/media-kits/:handle/packages/:packageId')
@PublicOperation()
@RateLimited('personal-page')
@UseFilters(new DomainErrorFilter(PACKAGE_REQUEST_ERROR_STATUSES))
@HANDLE_PARAM
@PACKAGE_PARAM
export class PublicPackageRequestsController {
  constructor(
    private readonly sendCode: SendPackageRequestCode,
    private readonly requestPackage: RequestPackage,
    private readonly caller: SignedInCaller,
    private readonly cookies: AuthCookies,
  ) {}

  @Post('request-codes')
  @HttpCode(HttpStatus.ACCEPTED)
  @FromAppOriginOnly()
  @NoStore()
  @operation(
    'Send an SMS code to the brand’s mobile, for a package request',
    'The brands’ one-time codes (cooldown, per-number and per-IP limits, the SMS budget), bound to package requests: the code proves the number and signs nobody in.',
  )
  @ApiAcceptedResponse({ type: PackageRequestCodeSentDto })
  @badRequest({ phone: 'Please enter a 10-digit Indian mobile number' })
  @Throws(
    PACKAGE_REQUEST_ERROR_STATUSES,
    PackageNotFoundError,
    OwnPackageRequestError,
    ResendTooSoonError,
    TooManyCodesError,
    ChallengeRequiredError,
    SmsBudgetExhaustedError,
    CodeNotSentError,
  )
  @RATE_LIMITED
  @TOO_LARGE
  @UNAVAILABLE
  async sendPackageRequestCode(
    @Param('handle') handle: string,
    @Param('packageId') packageId: string,
    @Body() body: PackageRequestCodeRequestDto,
    @Ip() clientIp: string,
    @Req() request: Request,
  ): Promise<PackageRequestCodeSentDto> {
    const caller = await this.callerOf(request, clientIp);
    return PackageRequestCodeSentDto.of(
      await this.sendCode.execute(handle, packageId, body.phone, caller, body.proof),
    );
  }

  @Post('requests')
  @HttpCode(HttpStatus.CREATED)
  @FromAppOriginOnly()
  @NoStore()
  @operation(
    'Request a package',
    'Signed in as a brand, or with the SMS code sent to contactMobile. Limits: per client address, per mobile number and per creator per day (429 with Retry-After). The creator’s own session is refused (403).',
  )
  @ApiCreatedResponse({ type: PackageRequestSentDto })
  @Throws(
    PACKAGE_REQUEST_ERROR_STATUSES,
    PackageNotFoundError,
    OwnPackageRequestError,
    RequestCodeRequiredError,
    InvalidCodeError,
    CodeAttemptsExhaustedError,
    TooManyPackageRequestsError,
  )
  @badRequest({ startDate: 'startDate cannot be in the past' })
  @RATE_LIMITED
  @TOO_LARGE
  @UNAVAILABLE
  async requestPackageOfKit(
    @Param('handle') handle: string,
    @Param('packageId') packageId: string,
    @Body() body: PackageRequestRequestDto,
    @Ip() clientIp: string,
    @Req() request: Request,
  ): Promise<PackageRequestSentDto> {
    const caller = await this.callerOf(request, clientIp);
    return PackageRequestSentDto.of(
      await this.requestPackage.execute(handle, packageId, body, caller),
    );
  }

  /** The accounts the request's session names (none for a stranger), and its address. */
  private async callerOf(request: Request, clientIp: string): Promise<RequestCaller> {
    const accessToken = BEARER.exec(request.get('Authorization') ?? '')?.[1];
    const refreshToken = this.cookies.readRefreshToken(request);
    const accountIds =
      accessToken || refreshToken
        ? await this.caller.accountsOf({ accessToken, refreshToken })
        : [];
    return { accountIds, clientIp };
  }
}
