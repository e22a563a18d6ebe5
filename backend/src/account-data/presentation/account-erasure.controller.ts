import { Body, Controller, Get, HttpCode, Post, Res, UseFilters } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  AccessTokenClaimsOf,
  type AccessTokenClaims,
  AuthCookies,
  Roles,
} from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { badRequest } from '../../common/presentation/openapi-errors.js';
import { RateLimited } from '../../rate-limit/index.js';
import { Accounts } from '../../users/users.contract.js';
import { EraseAccount, PreviewAccountErasure } from '../application/erase-account.use-case.js';
import {
  AccountErasedNotFoundError,
  AccountErasureInProgressError,
  AccountMoneyInFlightError,
  AccountMoneyMovingError,
} from '../domain/account-data.errors.js';
import { ERASURE_CONFIRMATION } from '../domain/account-erasure.js';
import { ACCOUNT_DATA_ERROR_STATUSES } from './account-data.error-statuses.js';
import { signedInAccount } from './account-data.controller.js';
import {
  EraseAccountRequestDto,
  ErasurePreviewDto,
  ErasureReceiptDto,
} from './dto/account-erasure.dto.js';

/** Settings → Data & privacy: "Erase my account" (#41), creators and brands. */
@ApiTags('Account')
@Controller('account/erasure')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(ACCOUNT_DATA_ERROR_STATUSES))
export class AccountErasureController {
  constructor(
    private readonly preview: PreviewAccountErasure,
    private readonly erase: EraseAccount,
    private readonly accounts: Accounts,
    private readonly cookies: AuthCookies,
  ) {}

  @Get()
  @Roles('creator', 'brand')
  @NoStore()
  @ApiOperation({
    summary: 'Before erasing: what refuses it now, and what would be kept, why and until when',
  })
  @ApiOkResponse({ type: ErasurePreviewDto })
  @Throws(ACCOUNT_DATA_ERROR_STATUSES, AccountErasedNotFoundError)
  async previewAccountErasure(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<ErasurePreviewDto> {
    const account = await signedInAccount(this.accounts, claims.userId);
    return ErasurePreviewDto.of(await this.preview.execute(account));
  }

  @Post()
  @HttpCode(200)
  @Roles('creator', 'brand')
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Erase my account (the confirmation phrase typed)',
    description:
      `Refused (409 \`ACCOUNT_MONEY_IN_FLIGHT\`, naming each deal, milestone and state) while ` +
      'money is held, being released or disputed for the account; a payment or release being ' +
      'recorded at the same moment wins (409 `ACCOUNT_MONEY_MOVING`). Otherwise erases the ' +
      'profile, contact e-mail, nominee, sessions (every one ends), notifications, media kit, ' +
      'payout profile and e-mails, and answers what was kept, why and until when (also mailed to ' +
      `the contact address). Body: \`{"confirmation": "${ERASURE_CONFIRMATION}"}\`.`,
  })
  @ApiOkResponse({ type: ErasureReceiptDto })
  @badRequest({ confirmation: `Type ${ERASURE_CONFIRMATION} to confirm` })
  @Throws(
    ACCOUNT_DATA_ERROR_STATUSES,
    AccountMoneyInFlightError,
    AccountMoneyMovingError,
    AccountErasureInProgressError,
    AccountErasedNotFoundError,
  )
  async eraseMyAccount(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Body() body: EraseAccountRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ErasureReceiptDto> {
    const receipt = await this.erase.execute(claims.userId, body.confirmation);
    this.cookies.clearRefreshToken(response);
    return ErasureReceiptDto.of(receipt);
  }
}
