import { Body, Controller, HttpCode, HttpStatus, Ip, Post, UseFilters } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AccessTokenClaims, ReauthenticationNotValidError } from '../../auth/auth.contract.js';
import {
  AccessTokenClaimsOf,
  type AuthorizedBrand,
  AuthorizedBrandOf,
  Roles,
} from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { errorStatuses, Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { badRequest } from '../../common/presentation/openapi-errors.js';
import { RateLimited } from '../../rate-limit/index.js';
import { ReauthenticateBrand } from '../application/reauthenticate-brand.use-case.js';
import {
  ChallengeRequiredError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../domain/brands.errors.js';
import { BRANDS_ERROR_STATUSES } from './brands.error-statuses.js';
import {
  ConfirmReauthenticationDto,
  RequestReauthenticationCodeDto,
} from './dto/brand-reauthentication.dto.js';
import { CODE_FORMAT_MESSAGE, PhoneCodeSentResponseDto } from './dto/phone-code.dto.js';

/**
 * A wrong code is 400 here, not sign-in's 401: the brand is signed in, and a 401 would make the
 * app refresh its session and send the same code again, spending a try.
 */
const REAUTH_ERROR_STATUSES = errorStatuses([
  ...BRANDS_ERROR_STATUSES.filter(
    ([type]) => type !== InvalidCodeError && type !== CodeAttemptsExhaustedError,
  ),
  [InvalidCodeError, HttpStatus.BAD_REQUEST],
  [CodeAttemptsExhaustedError, HttpStatus.BAD_REQUEST],
  [ReauthenticationNotValidError, HttpStatus.CONFLICT],
]);

/** A signed-in brand proves who it is again with a new SMS code (#41). */
@ApiTags('brand')
@Controller('brand/reauthentication')
@Roles('brand')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(REAUTH_ERROR_STATUSES))
export class BrandReauthenticationController {
  constructor(private readonly reauthenticate: ReauthenticateBrand) {}

  @Post('codes')
  @HttpCode(HttpStatus.ACCEPTED)
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Send a confirmation code to the brand’s own number',
    description: 'The same limits as a sign-in code; the code works for this purpose only.',
  })
  @ApiAcceptedResponse({ type: PhoneCodeSentResponseDto })
  @badRequest({ proof: 'proof must be a string' })
  @Throws(
    REAUTH_ERROR_STATUSES,
    ResendTooSoonError,
    TooManyCodesError,
    ChallengeRequiredError,
    SmsBudgetExhaustedError,
    CodeNotSentError,
  )
  async sendReauthenticationCode(
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
    @Body() body: RequestReauthenticationCodeDto,
    @Ip() clientIp: string,
  ): Promise<PhoneCodeSentResponseDto> {
    return PhoneCodeSentResponseDto.of(
      await this.reauthenticate.sendCode(brand, clientIp, body.proof),
    );
  }

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Confirm with the code: the session may make protected changes for 5 minutes',
    description: 'Each try counts (5 per code); a code works once.',
  })
  @ApiNoContentResponse({ description: 'Confirmed' })
  @badRequest({ code: CODE_FORMAT_MESSAGE })
  @Throws(
    REAUTH_ERROR_STATUSES,
    InvalidCodeError,
    CodeAttemptsExhaustedError,
    ReauthenticationNotValidError,
  )
  async confirmReauthentication(
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Body() body: ConfirmReauthenticationDto,
  ): Promise<void> {
    await this.reauthenticate.confirm(brand, claims, body.code);
  }
}
