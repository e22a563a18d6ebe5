import { Body, Controller, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import {
  GetInviteFunnel,
  InviteAlreadyRedeemedError,
  InviteNotFoundError,
} from '../../invites/index.js';
import { InviteWaitlistEntries, RevokeEntryInvite } from '../application/invite-waves.use-case.js';
import {
  INVITE_NEXT_DOCS,
  INVITE_SELECTED_DOCS,
  LIST_INVITE_WAVES_DOCS,
  REVOKE_INVITE_DOCS,
} from './admin.openapi.js';
import { ADMIN_ERROR_STATUSES } from './admin.error-statuses.js';
import { auditActorOf } from './audit-actor.js';
import {
  ENTRY_ID_PATTERN,
  InviteNextRequestDto,
  InviteSelectedRequestDto,
  InviteWaveFunnelDto,
  InviteWaveListDto,
  InviteWaveResultDto,
} from './dto/invite-wave.dto.js';

const ENTRY_ID = new RegExp(ENTRY_ID_PATTERN);

/** Invite waves from the waitlist table, revocation and the funnel. Admins only. */
@ApiTags('admin')
@Controller('admin/invites')
@Roles('admin')
@UseFilters(new DomainErrorFilter(ADMIN_ERROR_STATUSES))
export class AdminInvitesController {
  constructor(
    private readonly inviteEntries: InviteWaitlistEntries,
    private readonly revokeInvite: RevokeEntryInvite,
    private readonly funnel: GetInviteFunnel,
  ) {}

  @Post('next')
  @HttpCode(200)
  @INVITE_NEXT_DOCS
  async inviteNext(
    @Body() body: InviteNextRequestDto,
    @AuthorizedUserOf() admin: AuthorizedUser,
  ): Promise<InviteWaveResultDto> {
    const result = await this.inviteEntries.execute(auditActorOf(admin), {
      kind: 'next',
      count: body.count,
    });
    return InviteWaveResultDto.fromDomain(result);
  }

  @Post('selected')
  @HttpCode(200)
  @INVITE_SELECTED_DOCS
  async inviteSelected(
    @Body() body: InviteSelectedRequestDto,
    @AuthorizedUserOf() admin: AuthorizedUser,
  ): Promise<InviteWaveResultDto> {
    const result = await this.inviteEntries.execute(auditActorOf(admin), {
      kind: 'selected',
      entryIds: body.entryIds,
    });
    return InviteWaveResultDto.fromDomain(result);
  }

  @Post(':entryId/revoke')
  @HttpCode(204)
  @REVOKE_INVITE_DOCS
  @Throws(ADMIN_ERROR_STATUSES, InviteNotFoundError, InviteAlreadyRedeemedError)
  async revokeEntryInvite(
    @Param('entryId') entryId: string,
    @AuthorizedUserOf() admin: AuthorizedUser,
  ): Promise<void> {
    if (!ENTRY_ID.test(entryId)) throw new InviteNotFoundError();
    await this.revokeInvite.execute(auditActorOf(admin), entryId);
  }

  @Get('waves')
  @NoStore()
  @LIST_INVITE_WAVES_DOCS
  async listInviteWaves(): Promise<InviteWaveListDto> {
    const waves = await this.funnel.execute();
    return Object.assign(new InviteWaveListDto(), {
      items: waves.map((wave) => InviteWaveFunnelDto.fromDomain(wave)),
    });
  }
}
