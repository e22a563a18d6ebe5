import { Body, Controller, Get, Put, UseFilters } from '@nestjs/common';
import {
  type AuthorizedBrand,
  AuthorizedBrandOf,
  RequiresRecentAuthentication,
  Roles,
} from '../../auth/index.js';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { GetBrandProfile, UpdateBrandProfile } from '../application/brand-profile.use-case.js';
import { BRANDS_ERROR_STATUSES } from './brands.error-statuses.js';
import { BrandsDocs } from './brands.openapi.js';
import { BrandProfileResponseDto, UpdateBrandProfileRequestDto } from './dto/brand-profile.dto.js';

/** The brand workspace's company profile: brands only (a creator's token gets 403). */
@Controller('brand/profile')
@Roles('brand')
@UseFilters(new DomainErrorFilter(BRANDS_ERROR_STATUSES))
@BrandsDocs.profileController()
export class BrandProfileController {
  constructor(
    private readonly getProfile: GetBrandProfile,
    private readonly updateProfile: UpdateBrandProfile,
  ) {}

  @Get()
  @NoStore()
  @BrandsDocs.getProfile()
  async getBrandProfile(
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
  ): Promise<BrandProfileResponseDto> {
    return BrandProfileResponseDto.fromDomain(await this.getProfile.execute(brand.id));
  }

  @Put()
  @RequiresRecentAuthentication()
  @FromAppOriginOnly()
  @NoStore()
  @BrandsDocs.updateProfile()
  async updateBrandProfile(
    @AuthorizedBrandOf() { brand }: AuthorizedBrand,
    @Body() body: UpdateBrandProfileRequestDto,
  ): Promise<BrandProfileResponseDto> {
    return BrandProfileResponseDto.fromDomain(await this.updateProfile.execute(brand.id, body));
  }
}
