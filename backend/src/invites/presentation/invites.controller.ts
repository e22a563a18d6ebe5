import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { RateLimited } from '../../rate-limit/rate-limit.decorator.js';
import { InviteRedemptions } from '../application/invite-redemptions.js';
import { InviteLookupRequestDto, InvitePreviewDto } from './dto/invite-lookup.dto.js';
import { inviteHttpError } from './invite-http-errors.js';
import { INVITES_CONTROLLER_DOCS, LOOK_UP_INVITE_DOCS } from './invites.openapi.js';

/** The public side of invites: what the register page shows for `?invite=…`. */
@Controller('invites')
@RateLimited('auth')
@INVITES_CONTROLLER_DOCS
export class InvitesController {
  constructor(private readonly redemptions: InviteRedemptions) {}

  @Post('lookup')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @LOOK_UP_INVITE_DOCS
  async lookUpInvite(@Body() body: InviteLookupRequestDto): Promise<InvitePreviewDto> {
    const preview = await this.redemptions.preview(body.code).catch((error: unknown) => {
      throw inviteHttpError(error);
    });
    return new InvitePreviewDto(preview);
  }
}
