import { ApiProperty } from '@nestjs/swagger';
import { type BrandAccount, brandProfileRequired } from '../../../users/index.js';
import {
  COMPANY_NAME_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_NAME_MIN_LENGTH,
  parseCompanyName,
  parseContactName,
} from '../../domain/brand-profile.js';
import { SatisfiesDomainRule } from '../../../common/presentation/satisfies-domain-rule.decorator.js';

export class UpdateBrandProfileRequestDto {
  @ApiProperty({
    description: `Trimmed; 1 to ${COMPANY_NAME_MAX_LENGTH} characters, no control or invisible characters`,
    example: 'Chai Point Media Pvt Ltd',
    minLength: 1,
    maxLength: COMPANY_NAME_MAX_LENGTH,
  })
  @SatisfiesDomainRule(parseCompanyName, { whenAbsent: 'required' })
  readonly companyName!: string;

  @ApiProperty({
    description: `The person Paylock talks to. Trimmed; ${CONTACT_NAME_MIN_LENGTH} to ${CONTACT_NAME_MAX_LENGTH} characters, no control or invisible characters`,
    example: 'Meera Iyer',
    minLength: CONTACT_NAME_MIN_LENGTH,
    maxLength: CONTACT_NAME_MAX_LENGTH,
  })
  @SatisfiesDomainRule(parseContactName, { whenAbsent: 'required' })
  readonly contactName!: string;
}

export class BrandProfileResponseDto {
  @ApiProperty({ description: 'The verified mobile number (E.164)', example: '+919876543210' })
  phone!: string;

  @ApiProperty({ type: String, nullable: true, example: 'Chai Point Media Pvt Ltd' })
  companyName!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Meera Iyer' })
  contactName!: string | null;

  @ApiProperty({ description: 'True until company and contact name are given', example: false })
  profileRequired!: boolean;

  static fromDomain(account: BrandAccount): BrandProfileResponseDto {
    return Object.assign(new BrandProfileResponseDto(), {
      phone: account.phone,
      companyName: account.companyName,
      contactName: account.contactName,
      profileRequired: brandProfileRequired(account),
    });
  }
}
