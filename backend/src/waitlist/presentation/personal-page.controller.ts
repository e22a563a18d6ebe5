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
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { RateLimited } from '../../rate-limit/rate-limit.decorator.js';
import { Clock } from '../../common/application/clock.js';
import { ConfirmEmailChange, RequestEmailChange } from '../application/change-email.use-cases.js';
import { CorrectWaitlistEntry } from '../application/correct-waitlist-entry.use-case.js';
import { EraseWaitlistEntry } from '../application/erase-waitlist-entry.use-case.js';
import { GetPersonalPage } from '../application/get-personal-page.use-case.js';
import {
  EndPersonalSession,
  OpenPersonalPage,
  ResolvePersonalSession,
} from '../application/personal-session.use-cases.js';
import { RequestPersonalLink } from '../application/request-personal-link.use-case.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
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
import { waitlistHttpError } from './waitlist-http-errors.js';

const MISSING_BODY_MESSAGE = 'Send the fields to correct, as a JSON object';

const noStore = (response: Response) => response.setHeader('Cache-Control', 'no-store');

/**
 * The personal page (#13): a link e-mailed on request, the session it opens (a cookie for one
 * entry), and the rights: see, correct, download, erase. Every state-changing call is refused
 * from foreign origins; the session cookie is SameSite=Strict besides.
 */
@Controller('extra/waitlist')
@PersonalPageDocs.controller()
export class PersonalPageController {
  constructor(
    private readonly requestPersonalLinkUseCase: RequestPersonalLink,
    private readonly openPersonalPageUseCase: OpenPersonalPage,
    private readonly resolveSession: ResolvePersonalSession,
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
    try {
      // Answered at once: any e-mail is queued after (see RequestPersonalLink).
      this.requestPersonalLinkUseCase.execute({ email: body.email });
      return new RequestPersonalLinkResponseDto();
    } catch (error) {
      throw waitlistHttpError(error);
    }
  }

  @Post('me/session')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @PersonalPageDocs.openPersonalPage()
  async openPersonalPage(
    @Body() body: LinkTokenRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalPageResponseDto> {
    noStore(response);
    try {
      const opened = await this.openPersonalPageUseCase.execute(body.token);
      this.cookie.set(response, opened.sessionToken, opened.expiresAt);
      return PersonalPageResponseDto.fromDomain(
        await this.getPersonalPageUseCase.execute(opened.entry),
      );
    } catch (error) {
      throw waitlistHttpError(error);
    }
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
  @RateLimited('personal-page')
  @PersonalPageDocs.getPersonalPage()
  async getPersonalPage(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalPageResponseDto> {
    noStore(response);
    const entry = await this.entryOf(request);
    return PersonalPageResponseDto.fromDomain(await this.getPersonalPageUseCase.execute(entry));
  }

  @Patch('me')
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @PersonalPageDocs.correctPersonalEntry()
  async correctPersonalEntry(
    @Req() request: Request,
    @Body() body: CorrectEntryRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalPageResponseDto> {
    noStore(response);
    // The body is required (an empty object is a correction of nothing; no body is a mistake).
    const raw: unknown = request.body;
    if (typeof raw !== 'object' || raw === null) {
      throw new RequestValidationException({ body: MISSING_BODY_MESSAGE });
    }
    const entry = await this.entryOf(request);
    try {
      const corrected = await this.correctEntryUseCase.execute(entry, {
        fullName: body.fullName,
        instagramHandle: body.instagramHandle,
        userType: body.userType,
        phoneNumber: body.phoneNumber,
      });
      return PersonalPageResponseDto.fromDomain(
        await this.getPersonalPageUseCase.execute(corrected),
      );
    } catch (error) {
      throw waitlistHttpError(error);
    }
  }

  @Post('me/email-change')
  @HttpCode(HttpStatus.ACCEPTED)
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @PersonalPageDocs.requestEmailChange()
  async requestEmailChange(
    @Req() request: Request,
    @Body() body: RequestEmailChangeRequestDto,
  ): Promise<EmailChangeRequestedResponseDto> {
    const entry = await this.entryOf(request);
    try {
      await this.requestEmailChangeUseCase.execute(entry, { email: body.email });
      return new EmailChangeRequestedResponseDto();
    } catch (error) {
      throw waitlistHttpError(error);
    }
  }

  @Post('email-changes')
  @HttpCode(HttpStatus.OK)
  @FromAppOriginOnly()
  @RateLimited('waitlist')
  @PersonalPageDocs.confirmEmailChange()
  async confirmEmailChange(@Body() body: LinkTokenRequestDto): Promise<EmailChangedResponseDto> {
    try {
      const { email } = await this.confirmEmailChangeUseCase.execute(body.token);
      return new EmailChangedResponseDto(email);
    } catch (error) {
      throw waitlistHttpError(error);
    }
  }

  @Get('me/data')
  @RateLimited('personal-page')
  @PersonalPageDocs.downloadPersonalData()
  async downloadPersonalData(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PersonalDataExportDto> {
    noStore(response);
    const entry = await this.entryOf(request);
    const page = await this.getPersonalPageUseCase.execute(entry);
    response.setHeader(
      'Content-Disposition',
      'attachment; filename="paylock-waitlist-my-data.json"',
    );
    return PersonalDataExportDto.of(page, this.clock.now());
  }

  @Delete('me')
  @FromAppOriginOnly()
  @RateLimited('personal-page')
  @PersonalPageDocs.erasePersonalEntry()
  async erasePersonalEntry(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EntryErasedResponseDto> {
    noStore(response);
    const entry = await this.entryOf(request);
    await this.eraseEntryUseCase.erase(entry);
    this.cookie.clear(response);
    return new EntryErasedResponseDto();
  }

  private async entryOf(request: Request): Promise<WaitlistEntry> {
    try {
      return await this.resolveSession.execute(this.cookie.read(request));
    } catch (error) {
      throw waitlistHttpError(error);
    }
  }
}
