import { Body, Controller, Get, Header, Put, UseFilters } from '@nestjs/common';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { GetPayoutProfile, SavePayoutProfile } from '../application/payout-profiles.use-cases.js';
import { PayoutProfileRequestDto, PayoutProfileResponseDto } from './dto/payout-profile.dto.js';
import { PAYOUTS_ERROR_STATUSES } from './payouts.error-statuses.js';
import { PayoutsDocs } from './payouts.openapi.js';

/**
 * Wallet → Settings: the signed-in creator's own payout profile. The creator is the session's:
 * no id in the path, so another person's profile cannot be named (a brand's token gets 403).
 */
@Controller('payout-profile')
@Roles('creator')
@UseFilters(new DomainErrorFilter(PAYOUTS_ERROR_STATUSES))
@PayoutsDocs.controller()
export class PayoutProfileController {
  constructor(
    private readonly getProfile: GetPayoutProfile,
    private readonly saveProfile: SavePayoutProfile,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @PayoutsDocs.getProfile()
  async getPayoutProfile(
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<PayoutProfileResponseDto> {
    return PayoutProfileResponseDto.of(await this.getProfile.execute(user.id));
  }

  @Put()
  @FromAppOriginOnly()
  @Header('Cache-Control', 'no-store')
  @PayoutsDocs.saveProfile()
  async savePayoutProfile(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Body() body: PayoutProfileRequestDto,
  ): Promise<PayoutProfileResponseDto> {
    return PayoutProfileResponseDto.of(
      await this.saveProfile.execute({ id: user.id, email: user.email }, body),
    );
  }
}
