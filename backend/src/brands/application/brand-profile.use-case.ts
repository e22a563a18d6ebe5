import { Injectable } from '@nestjs/common';
import { type BrandAccount, BrandAccountRepository } from '../../users/users.contract.js';
import { parseBrandProfile } from '../domain/brand-profile.js';
import { BrandProfileNotFoundError } from '../domain/brands.errors.js';

/** The signed-in brand's company profile. */
@Injectable()
export class GetBrandProfile {
  constructor(private readonly brands: BrandAccountRepository) {}

  async execute(accountId: string): Promise<BrandAccount> {
    const account = await this.brands.findById(accountId);
    if (!account) throw new BrandProfileNotFoundError();
    return account;
  }
}

/** Sets (or corrects) the company and contact name; throws InvalidBrandProfileError. */
@Injectable()
export class UpdateBrandProfile {
  constructor(private readonly brands: BrandAccountRepository) {}

  async execute(
    accountId: string,
    input: { readonly companyName: string; readonly contactName: string },
  ): Promise<BrandAccount> {
    const account = await this.brands.updateProfile(accountId, parseBrandProfile(input));
    if (!account) throw new BrandProfileNotFoundError();
    return account;
  }
}
