import { Body, Controller, Delete, Get, HttpCode, Put, UseFilters } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccessTokenClaimsOf, type AccessTokenClaims, Roles } from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { badRequest } from '../../common/presentation/openapi-errors.js';
import { RateLimited } from '../../rate-limit/index.js';
import { ManageNominee } from '../application/nominee.use-case.js';
import { NomineeNotFoundError } from '../domain/account-data.errors.js';
import { ACCOUNT_DATA_ERROR_STATUSES } from './account-data.error-statuses.js';
import { NomineeRequestDto, NomineeResponseDto } from './dto/nominee.dto.js';

/** Settings → Data & privacy: the nominee (DPDP Act, section 14), creators and brands. */
@ApiTags('Account')
@Controller('account/nominee')
@RateLimited('auth')
@Roles('creator', 'brand')
@UseFilters(new DomainErrorFilter(ACCOUNT_DATA_ERROR_STATUSES))
export class NomineeController {
  constructor(private readonly nominees: ManageNominee) {}

  @Get()
  @NoStore()
  @ApiOperation({ summary: 'My nominee, if I named one' })
  @ApiOkResponse({ type: NomineeResponseDto })
  async getNominee(@AccessTokenClaimsOf() claims: AccessTokenClaims): Promise<NomineeResponseDto> {
    return NomineeResponseDto.of(await this.nominees.find(claims.userId));
  }

  @Put()
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({
    summary: 'Name or change my nominee (name and e-mail)',
    description: 'Who may exercise your data rights if you die or cannot (DPDP Act, section 14).',
  })
  @ApiOkResponse({ type: NomineeResponseDto })
  @badRequest({ email: 'Enter an e-mail address like name@example.com' })
  async setNominee(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Body() body: NomineeRequestDto,
  ): Promise<NomineeResponseDto> {
    return NomineeResponseDto.of(await this.nominees.name(claims.userId, body));
  }

  @Delete()
  @HttpCode(204)
  @FromAppOriginOnly()
  @ApiOperation({ summary: 'Remove my nominee' })
  @ApiNoContentResponse({ description: 'Removed' })
  @Throws(ACCOUNT_DATA_ERROR_STATUSES, NomineeNotFoundError)
  async removeNominee(@AccessTokenClaimsOf() claims: AccessTokenClaims): Promise<void> {
    await this.nominees.remove(claims.userId);
  }
}
