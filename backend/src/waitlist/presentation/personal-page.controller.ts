import { BackgroundWork } from '../../common/application/background-work.js';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Patch,
  Post,
  Req,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { RateLimited } from '../../rate-limit/index.js';
import { Clock } from '../../common/application/clock.js';
import { ConfirmEmailChange, RequestEmailChange } from '../application/change-email.use-case.js';
import { CorrectWaitlistEntry } from '../application/correct-waitlist-entry.use-case.js';
import { EraseWaitlistEntry } from '../application/erase-waitlist-entry.use-case.js';
import { GetPersonalPage } from '../application/get-personal-page.use-case.js';
import { EndPersonalSession, OpenPersonalPage } from '../application/personal-session.use-case.js';
import { RequestPersonalLink } from '../application/request-personal-link.use-case.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  EmailAlreadyRegisteredError,
  EmailChangeLinkExpiredError,
  EmailChangeLinkNotFoundError,
  PersonalLinkExpiredError,
  PersonalLinkNotFoundError,
  PersonalLinkUsedError,
  PhoneAlreadyRegisteredError,
  TooManyCorrectionsError,
} from '../domain/waitlist.errors.js';
import {
  CorrectEntryRequestDto,
  EmailChangedResponseDto,
  EmailChangeRequestedResponseDto,
  EntryErasedResponseDto,
  LinkTokenRequestDto,
  PersonalDataExportDto,
  PersonalPageResponseDto,
  RequestEmailChangeRequestDto,
  RequestPersonalLinkRequestDto,
  RequestPersonalLinkResponseDto,
} from './personal-page.dto.js';
import { PersonalPageDocs } from './personal-page.openapi.js';
import { PersonalSessionCookie } from './personal-session.cookie.js';
import { PersonalEntry, PersonalSession } from './personal-session.guard.js';
import { WAITLIST_ERROR_STATUSES } from './waitlist.error-statuses.js';

const MISSING_BODY_MESSAGE = 'Send the fields to correct, as a JSON object';

/**
 * The personal page (#13): a link e-mailed on request, the session it opens (a cookie for one
 * entry), and the rights: see, correct, download, erase. Every state-changing call is refused
 * from foreign origins; the session cookie is SameSite=Strict besides.
 */
@Controller('extra/waitlist')
@UseFilters(new DomainErrorFilter(WAITLIST_ERROR_STATUSES))
@PersonalPageDocs.controller()
export class PersonalPageController {
  constructor(
    private readonly requestPersonalLinkUseCase: RequestPersonalLink,
    private readonly background: BackgroundWork,
    private readonly openPersonalPageUseCase: OpenPersonalPage,
    private readonly endPersonalSessionUseCase: EndPersonalSession,
    private readonly getPersonalPageUseCase: GetPersonalPage,
    private readonly correctEntryUseCase: CorrectWaitlistEntry,
    private readonly requestEmailChangeUseCase: RequestEmailChange,
    private readonly confirmEmailChangeUseCase: ConfirmEmailChange,
    private readonly eraseEntryUseCase: EraseWaitlistEntry,
    private readonly cookie: PersonalSessionCookie,
    private readonly clock: Clock,
  ) {}

  @Post('personal-links')
  @HttpCode(HttpStatus.ACCEPTED)
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @PersonalPageDocs.requestPersonalLink()
  requestPersonalLink(@Body() body: RequestPersonalLinkRequestDto): RequestPersonalLinkResponseDto {
    // Answered at once: any e-mail is queued after (see RequestPersonalLink).
    this.background.track(this.requestPersonalLinkUseCase.execute({ email: body.email }).sending);
    return new RequestPersonalLinkResponseDto();
  }

  @Post('me/session')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @NoStore()
  @PersonalPageDocs.openPersonalPage()
  @Throws(
    WAITLIST_ERROR_STATUSES,
    PersonalLinkNotFoundError,
    PersonalLinkExpiredError,
    PersonalLinkUsedError,
  )
  async openPersonalPage(
    @Body() body: LinkTokenRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalPageResponseDto> {
    const opened = await this.openPersonalPageUseCase.execute(body.token);
    this.cookie.set(response, opened.sessionToken, opened.expiresAt);
    return PersonalPageResponseDto.fromDomain(
      await this.getPersonalPageUseCase.execute(opened.entry),
    );
  }

  @Delete('me/session')
  @HttpCode(HttpStatus.NO_CONTENT)
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @PersonalPageDocs.endPersonalSession()
  async endPersonalSession(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.endPersonalSessionUseCase.execute(this.cookie.read(request));
    this.cookie.clear(response);
  }

  @Get('me')
  @PersonalSession()
  @RateLimited('personal-page')
  @NoStore()
  @PersonalPageDocs.getPersonalPage()
  async getPersonalPage(@PersonalEntry() entry: WaitlistEntry): Promise<PersonalPageResponseDto> {
    return PersonalPageResponseDto.fromDomain(await this.getPersonalPageUseCase.execute(entry));
  }

  @Patch('me')
  @PersonalSession()
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @NoStore()
  @PersonalPageDocs.correctPersonalEntry()
  @Throws(WAITLIST_ERROR_STATUSES, PhoneAlreadyRegisteredError, TooManyCorrectionsError)
  async correctPersonalEntry(
    @Req() request: Request,
    @Body() body: CorrectEntryRequestDto,
    @PersonalEntry() entry: WaitlistEntry,
  ): Promise<PersonalPageResponseDto> {
    // The body is required (an empty object is a correction of nothing; no body is a mistake).
    const raw: unknown = request.body;
    if (typeof raw !== 'object' || raw === null) {
      throw new RequestValidationException({ body: MISSING_BODY_MESSAGE });
    }
    const corrected = await this.correctEntryUseCase.execute(entry, {
      fullName: body.fullName,
      instagramHandle: body.instagramHandle,
      userType: body.userType,
      phoneNumber: body.phoneNumber,
    });
    return PersonalPageResponseDto.fromDomain(await this.getPersonalPageUseCase.execute(corrected));
  }

  @Post('me/email-change')
  @HttpCode(HttpStatus.ACCEPTED)
  @PersonalSession()
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @PersonalPageDocs.requestEmailChange()
  @Throws(WAITLIST_ERROR_STATUSES, TooManyCorrectionsError)
  async requestEmailChange(
    @Body() body: RequestEmailChangeRequestDto,
    @PersonalEntry() entry: WaitlistEntry,
  ): Promise<EmailChangeRequestedResponseDto> {
    const { sending } = await this.requestEmailChangeUseCase.execute(entry, { email: body.email });
    this.background.track(sending);
    return new EmailChangeRequestedResponseDto();
  }

  @Post('email-changes')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @PersonalPageDocs.confirmEmailChange()
  @Throws(
    WAITLIST_ERROR_STATUSES,
    EmailChangeLinkNotFoundError,
    EmailChangeLinkExpiredError,
    EmailAlreadyRegisteredError,
  )
  async confirmEmailChange(@Body() body: LinkTokenRequestDto): Promise<EmailChangedResponseDto> {
    const { email } = await this.confirmEmailChangeUseCase.execute(body.token);
    return new EmailChangedResponseDto(email);
  }

  @Get('me/data')
  @PersonalSession()
  @RateLimited('personal-page')
  @NoStore()
  @PersonalPageDocs.downloadPersonalData()
  async downloadPersonalData(
    @PersonalEntry() entry: WaitlistEntry,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalDataExportDto> {
    const page = await this.getPersonalPageUseCase.execute(entry);
    response.setHeader(
      'Content-Disposition',
      'attachment; filename="paylock-waitlist-my-data.json"',
    );
    return PersonalDataExportDto.of(page, this.clock.now());
  }

  @Delete('me')
  @PersonalSession()
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @NoStore()
  @PersonalPageDocs.erasePersonalEntry()
  async erasePersonalEntry(
    @PersonalEntry() entry: WaitlistEntry,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EntryErasedResponseDto> {
    await this.eraseEntryUseCase.erase(entry);
    this.cookie.clear(response);
    return new EntryErasedResponseDto();
  }
}
