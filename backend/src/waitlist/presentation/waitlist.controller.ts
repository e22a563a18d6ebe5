import { BackgroundWork } from '../../common/application/background-work.js';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { RateLimited } from '../../rate-limit/index.js';
import { GetWaitlistStats } from '../application/get-waitlist-stats.use-case.js';
import { ConfirmWaitlistPlace } from '../application/confirm-waitlist-place.use-case.js';
import { JoinWaitlist } from '../application/join-waitlist.use-case.js';
import { ResendConfirmation } from '../application/resend-confirmation.use-case.js';
import {
  ConfirmationLinkExpiredError,
  ConfirmationLinkNotFoundError,
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import {
  ConfirmWaitlistPlaceRequestDto,
  ConfirmWaitlistPlaceResponseDto,
} from './confirm-waitlist-place.dto.js';
import { JoinWaitlistRequestDto } from './join-waitlist.request.dto.js';
import {
  JoinWaitlistAcceptedResponseDto,
  JoinWaitlistResponseDto,
} from './join-waitlist.response.dto.js';
import {
  ResendConfirmationRequestDto,
  ResendConfirmationResponseDto,
} from './resend-confirmation.dto.js';
import { WaitlistStatsResponseDto } from './waitlist-stats.response.dto.js';
import { WaitlistDocs } from './waitlist.openapi.js';
import { WAITLIST_ERROR_STATUSES } from './waitlist.error-statuses.js';

@Controller('extra/waitlist')
@UseFilters(new DomainErrorFilter(WAITLIST_ERROR_STATUSES))
@WaitlistDocs.controller()
export class WaitlistController {
  constructor(
    private readonly joinWaitlistUseCase: JoinWaitlist,
    private readonly getWaitlistStatsUseCase: GetWaitlistStats,
    private readonly confirmWaitlistPlaceUseCase: ConfirmWaitlistPlace,
    private readonly resendConfirmationUseCase: ResendConfirmation,
    private readonly background: BackgroundWork,
  ) {}

  @Post()
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @WaitlistDocs.joinWaitlist()
  @Throws(WAITLIST_ERROR_STATUSES, PhoneAlreadyRegisteredError, EmailAlreadyRegisteredError)
  async joinWaitlist(
    @Body() body: JoinWaitlistRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<JoinWaitlistResponseDto | JoinWaitlistAcceptedResponseDto> {
    const result = await this.joinWaitlistUseCase.execute({
      fullName: body.fullName,
      email: body.email,
      phoneNumber: body.phoneNumber,
      instagramHandle: body.instagramHandle,
      userType: body.userType,
      privacyNoticeVersion: body.privacyNoticeVersion ?? undefined,
      honeypot: body.website ?? undefined,
      // The client as the rate limits see it (TRUST_PROXY honoured).
      client: request.ip ?? 'unknown',
    });
    // 202 "check your e-mail" for a client past its "already registered" budget, whatever became
    // of the details; 201 for a new entry; 200 when the same person's unconfirmed entry was found.
    if (result.kind === 'check-email') {
      response.status(HttpStatus.ACCEPTED);
      return new JoinWaitlistAcceptedResponseDto(result);
    }
    if (result.confirmationEmail !== 'sent') response.status(HttpStatus.OK);
    return JoinWaitlistResponseDto.fromResult(result);
  }

  @Post('confirmations')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @WaitlistDocs.confirmWaitlistPlace()
  @Throws(WAITLIST_ERROR_STATUSES, ConfirmationLinkNotFoundError, ConfirmationLinkExpiredError)
  async confirmWaitlistPlace(
    @Body() body: ConfirmWaitlistPlaceRequestDto,
  ): Promise<ConfirmWaitlistPlaceResponseDto> {
    return new ConfirmWaitlistPlaceResponseDto(
      await this.confirmWaitlistPlaceUseCase.execute(body.token),
    );
  }

  @Post('confirmation-emails')
  @HttpCode(HttpStatus.ACCEPTED)
  // A foreign page may not make its visitors' browsers ask for e-mails to someone.
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @WaitlistDocs.resendConfirmationEmail()
  resendConfirmationEmail(
    @Body() body: ResendConfirmationRequestDto,
  ): ResendConfirmationResponseDto {
    // Answered at once: any e-mail is queued after (see ResendConfirmation).
    this.background.track(
      this.resendConfirmationUseCase.execute({ email: body.email, phoneNumber: body.phoneNumber })
        .sending,
    );
    return new ResendConfirmationResponseDto();
  }

  @Get('stats')
  @WaitlistDocs.getWaitlistStats()
  async getWaitlistStats(): Promise<WaitlistStatsResponseDto> {
    return new WaitlistStatsResponseDto(await this.getWaitlistStatsUseCase.execute());
  }
}
