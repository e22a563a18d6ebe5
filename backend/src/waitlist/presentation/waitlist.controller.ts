import { Body, Controller, Get, HttpStatus, Post } from '@nestjs/common';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { RateLimited } from '../../rate-limit/rate-limit.decorator.js';
import { GetWaitlistStats } from '../application/get-waitlist-stats.use-case.js';
import { JoinWaitlist } from '../application/join-waitlist.use-case.js';
import {
  EmailAlreadyRegisteredError,
  InvalidWaitlistApplicationError,
  PhoneAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import { JoinWaitlistRequestDto } from './join-waitlist.request.dto.js';
import { JoinWaitlistResponseDto } from './join-waitlist.response.dto.js';
import { WaitlistStatsResponseDto } from './waitlist-stats.response.dto.js';
import { WaitlistDocs } from './waitlist.openapi.js';

/** Domain errors → the HTTP answers the API promises; anything else goes to the global filter. */
function toHttpError(error: unknown): unknown {
  if (error instanceof InvalidWaitlistApplicationError) {
    return new RequestValidationException(error.fieldErrors);
  }
  if (
    error instanceof PhoneAlreadyRegisteredError ||
    error instanceof EmailAlreadyRegisteredError
  ) {
    return new ApiHttpException(HttpStatus.CONFLICT, error.code, error.message);
  }
  return error;
}

@Controller('extra/waitlist')
@WaitlistDocs.controller()
export class WaitlistController {
  constructor(
    private readonly joinWaitlistUseCase: JoinWaitlist,
    private readonly getWaitlistStatsUseCase: GetWaitlistStats,
  ) {}

  @Post()
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @WaitlistDocs.joinWaitlist()
  async joinWaitlist(@Body() body: JoinWaitlistRequestDto): Promise<JoinWaitlistResponseDto> {
    try {
      const result = await this.joinWaitlistUseCase.execute({
        fullName: body.fullName,
        email: body.email,
        phoneNumber: body.phoneNumber,
        instagramHandle: body.instagramHandle,
        userType: body.userType,
        privacyNoticeVersion: body.privacyNoticeVersion ?? undefined,
        honeypot: body.website ?? undefined,
      });
      return JoinWaitlistResponseDto.fromResult(result);
    } catch (error) {
      throw toHttpError(error);
    }
  }

  @Get('stats')
  @WaitlistDocs.getWaitlistStats()
  async getWaitlistStats(): Promise<WaitlistStatsResponseDto> {
    return new WaitlistStatsResponseDto(await this.getWaitlistStatsUseCase.execute());
  }
}
