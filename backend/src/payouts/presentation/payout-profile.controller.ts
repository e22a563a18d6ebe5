import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Put,
  Res,
  UseFilters,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  type AuthorizedUser,
  AuthorizedUserOf,
  RequiresRecentAuthentication,
  Roles,
} from '../../auth/index.js';
import { Clock } from '../../common/application/clock.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PayoutDataRights } from '../application/payout-data-rights.use-case.js';
import { GetPayoutProfile, SavePayoutProfile } from '../application/payout-profiles.use-case.js';
import { PayoutMoneyInFlightError } from '../domain/payout-profile.errors.js';
import {
  PayoutPersonalDataDto,
  PayoutProfileRequestDto,
  PayoutProfileResponseDto,
} from './dto/payout-profile.dto.js';
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
    private readonly dataRights: PayoutDataRights,
    private readonly clock: Clock,
  ) {}

  @Get()
  @NoStore()
  @PayoutsDocs.getProfile()
  async getPayoutProfile(
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<PayoutProfileResponseDto> {
    return PayoutProfileResponseDto.of(await this.getProfile.execute(user.id));
  }

  @Put()
  @RequiresRecentAuthentication()
  @FromAppOriginOnly()
  @NoStore()
  @PayoutsDocs.saveProfile()
  async savePayoutProfile(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Body() body: PayoutProfileRequestDto,
  ): Promise<PayoutProfileResponseDto> {
    return PayoutProfileResponseDto.of(
      await this.saveProfile.execute({ id: user.id, email: user.email }, body),
    );
  }

  @Get('personal-data')
  @NoStore()
  @PayoutsDocs.downloadPersonalData()
  async downloadPayoutPersonalData(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PayoutPersonalDataDto> {
    const record = await this.dataRights.exportOf(user.id);
    response.setHeader(
      'Content-Disposition',
      'attachment; filename="paylock-payout-profile-my-data.json"',
    );
    return PayoutPersonalDataDto.of(record, this.clock.now());
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @FromAppOriginOnly()
  @NoStore()
  @PayoutsDocs.eraseProfile()
  @Throws(PAYOUTS_ERROR_STATUSES, PayoutMoneyInFlightError)
  async erasePayoutProfile(@AuthorizedUserOf() { user }: AuthorizedUser): Promise<void> {
    await this.dataRights.erase(user.id);
  }
}
