import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EmailAddress, EMAIL_MAX_LENGTH } from '../domain/email-address.js';
import { FULL_NAME_MAX_LENGTH, FULL_NAME_MIN_LENGTH, FullName } from '../domain/full-name.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { InstagramHandle, INSTAGRAM_HANDLE_MAX_LENGTH } from '../domain/instagram-handle.js';
import {
  CURRENT_PRIVACY_NOTICE_VERSION,
  parsePrivacyNoticeVersion,
} from '../domain/privacy-notice.js';
import { parseUserType, USER_TYPES, type UserType } from '../domain/user-type.js';
import { SatisfiesDomainRule } from './satisfies-domain-rule.decorator.js';

const HONEYPOT_MAX_LENGTH = 2000;

export class JoinWaitlistRequestDto {
  @ApiProperty({
    description: `Trimmed; ${FULL_NAME_MIN_LENGTH} to ${FULL_NAME_MAX_LENGTH} characters.`,
    example: 'Asha Rao',
  })
  @SatisfiesDomainRule((input) => FullName.parse(input))
  readonly fullName!: string;

  @ApiProperty({
    description: `Trimmed and lower-cased; a basic address pattern, at most ${EMAIL_MAX_LENGTH} characters. One entry per address.`,
    example: 'asha.rao@example.com',
  })
  @SatisfiesDomainRule((input) => EmailAddress.parse(input))
  readonly email!: string;

  @ApiProperty({
    description:
      'An Indian mobile number: after all whitespace is removed, 10 digits starting with 6, 7, 8 or 9 (no +91). One entry per number.',
    example: '98765 43210',
  })
  @SatisfiesDomainRule((input) => IndianMobileNumber.parse(input))
  readonly phoneNumber!: string;

  @ApiProperty({
    description: `Trimmed, one leading @ dropped; at most ${INSTAGRAM_HANDLE_MAX_LENGTH} letters, digits, periods and underscores.`,
    example: '@asha.creates',
  })
  @SatisfiesDomainRule((input) => InstagramHandle.parse(input))
  readonly instagramHandle!: string;

  @ApiProperty({ enum: USER_TYPES, enumName: 'WaitlistUserType', example: 'influencer' })
  @SatisfiesDomainRule(parseUserType)
  readonly userType!: UserType;

  @ApiPropertyOptional({
    description:
      'The version of the privacy notice shown under the form; submitting is consent to it. Omitted means the current version; any other version is refused ("Please reload the page and try again").',
    example: CURRENT_PRIVACY_NOTICE_VERSION,
  })
  @IsOptional()
  @SatisfiesDomainRule(parsePrivacyNoticeVersion)
  readonly privacyNoticeVersion?: string;

  @ApiPropertyOptional({
    description:
      'Honeypot: a field hidden from people, left empty. A submission that fills it gets a success-looking answer and is not stored.',
    example: '',
    maxLength: HONEYPOT_MAX_LENGTH,
  })
  @IsOptional()
  @MaxLength(HONEYPOT_MAX_LENGTH)
  @IsString()
  readonly website?: string;
}
