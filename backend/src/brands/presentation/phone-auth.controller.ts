import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Ip,
  Post,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Response } from 'express';
import { AuthCookies, AuthSessionResponseDto } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { RateLimited } from '../../rate-limit/index.js';
import { UserRoles } from '../../users/index.js';
import { RequestPhoneCode } from '../application/request-phone-code.use-case.js';
import { VerifyPhoneCode } from '../application/verify-phone-code.use-case.js';
import { BRANDS_ERROR_STATUSES } from './brands.error-statuses.js';
import { BrandsDocs } from './brands.openapi.js';
import { SignInChallenges } from '../application/ports/sign-in-challenges.js';
import {
  PhoneChallengeResponseDto,
  PhoneCodeSentResponseDto,
  PhoneSessionResponseDto,
  RequestPhoneCodeRequestDto,
  VerifyPhoneCodeRequestDto,
} from './dto/phone-code.dto.js';

/** Brand sign-up and sign-in with a mobile number and a one-time code (issue #25). */
@Controller('auth/phone')
@PublicOperation()
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(BRANDS_ERROR_STATUSES))
@BrandsDocs.phoneController()
export class PhoneAuthController {
  constructor(
    private readonly requestCode: RequestPhoneCode,
    private readonly verifyCode: VerifyPhoneCode,
    private readonly challenges: SignInChallenges,
    private readonly cookies: AuthCookies,
    private readonly userRoles: UserRoles,
  ) {}

  @Post('codes')
  @HttpCode(HttpStatus.ACCEPTED)
  @FromAppOriginOnly()
  @NoStore()
  @BrandsDocs.requestPhoneCode()
  async requestPhoneCode(
    @Body() body: RequestPhoneCodeRequestDto,
    @Ip() clientIp: string,
  ): Promise<PhoneCodeSentResponseDto> {
    const sent = await this.requestCode.execute({
      phone: body.phone,
      purpose: body.purpose,
      invite: body.invite,
      clientIp,
      proof: body.proof,
    });
    return PhoneCodeSentResponseDto.of(sent);
  }

  @Get('challenges')
  @NoStore()
  @BrandsDocs.phoneChallenge()
  async phoneChallenge(): Promise<PhoneChallengeResponseDto> {
    return PhoneChallengeResponseDto.of(await this.challenges.issue());
  }

  @Post('sessions')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @NoStore()
  @BrandsDocs.verifyPhoneCode()
  async verifyPhoneCode(
    @Body() body: VerifyPhoneCodeRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PhoneSessionResponseDto> {
    const verified = await this.verifyCode.execute({
      phone: body.phone,
      code: body.code,
      purpose: body.purpose,
      invite: body.invite,
    });
    const { session } = verified;
    this.cookies.setRefreshTokenOf(response, session);
    const answer = AuthSessionResponseDto.of(
      session.accessToken,
      session.user,
      await this.userRoles.ofAccount(session.user),
      verified.created ? 'Registration successful' : 'Login successful',
    );
    return Object.assign(new PhoneSessionResponseDto(), answer, {
      profileRequired: verified.profileRequired,
      created: verified.created,
    });
  }
}
