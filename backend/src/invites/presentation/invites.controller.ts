import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import { InviteRedemptions } from '../application/invite-redemptions.js';
import {
  InviteExpiredError,
  InviteInvalidError,
  InviteRevokedError,
  InviteUsedError,
} from '../domain/invite.errors.js';
import { InviteLookupRequestDto, InvitePreviewDto } from './dto/invite-lookup.dto.js';
import { INVITES_ERROR_STATUSES } from './invites.error-statuses.js';
import { INVITES_CONTROLLER_DOCS, LOOK_UP_INVITE_DOCS } from './invites.openapi.js';

/** The public side of invites: what the register page shows for `?invite=…`. */
@Controller('invites')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(INVITES_ERROR_STATUSES))
@INVITES_CONTROLLER_DOCS
export class InvitesController {
  constructor(private readonly redemptions: InviteRedemptions) {}

  @Post('lookup')
  @HttpCode(200)
  @NoStore()
  @LOOK_UP_INVITE_DOCS
  @Throws(
    INVITES_ERROR_STATUSES,
    InviteInvalidError,
    InviteExpiredError,
    InviteRevokedError,
    InviteUsedError,
  )
  async lookUpInvite(@Body() body: InviteLookupRequestDto): Promise<InvitePreviewDto> {
    return new InvitePreviewDto(await this.redemptions.preview(body.code));
  }
}
