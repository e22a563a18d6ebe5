import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { BMP_INVISIBLE_OR_CONTROL_RANGES } from '../domain/characters.js';
import {
  ADDRESS_SPECIALS,
  EmailAddress,
  EMAIL_MAX_LENGTH,
  NFKC_UNSAFE_IN_ADDRESS,
} from '../domain/email-address.js';
import { FULL_NAME_MAX_LENGTH, FULL_NAME_MIN_LENGTH, FullName } from '../domain/full-name.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { InstagramHandle, INSTAGRAM_HANDLE_MAX_LENGTH } from '../domain/instagram-handle.js';
import {
  CURRENT_PRIVACY_NOTICE_VERSION,
  parsePrivacyNoticeVersion,
} from '../domain/privacy-notice.js';
import { parseUserType, USER_TYPES, type UserType } from '../domain/user-type.js';
import { SatisfiesDomainRule } from '../../common/presentation/satisfies-domain-rule.decorator.js';

const HONEYPOT_MAX_LENGTH = 2000;

/**
 * What JavaScript's trim() and \s take for whitespace (ECMAScript WhiteSpace and LineTerminator),
 * spelled out: regex dialects disagree on \s, and the fuzz tests generate from these patterns in
 * Python.
 */
const WHITESPACE = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
const SPACES = `[${WHITESPACE}]*`;
/** Neither whitespace nor a control or format character (which the domain refuses inside values). */
const NON_SPACE = `[^${WHITESPACE}${BMP_INVISIBLE_OR_CONTROL_RANGES}]`;
const VISIBLE = `[^${BMP_INVISIBLE_OR_CONTROL_RANGES}]`;
/** What an address is made of: no whitespace, @, header specials, control or format characters, nor what NFKC turns into them. */
const ADDRESS_PART = `[^${WHITESPACE}@${ADDRESS_SPECIALS}${BMP_INVISIBLE_OR_CONTROL_RANGES}${NFKC_UNSAFE_IN_ADDRESS}]+`;

/**
 * The domain's rules as JSON Schema patterns, so that the contract admits exactly the values the
 * API accepts (surrounding whitespace included, which the API trims). Lengths count characters
 * (code points), as the domain does.
 */
export const DOCUMENTED_PATTERNS = {
  fullName: `^${SPACES}${NON_SPACE}${VISIBLE}{${FULL_NAME_MIN_LENGTH - 2},${FULL_NAME_MAX_LENGTH - 2}}${NON_SPACE}${SPACES}$`,
  email: `^${SPACES}${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}${SPACES}$`,
  emailLength: `^${SPACES}${NON_SPACE}{1,${EMAIL_MAX_LENGTH}}${SPACES}$`,
  phoneNumber: `^${SPACES}[6-9](?:${SPACES}[0-9]){9}${SPACES}$`,
  instagramHandle: `^${SPACES}@?[A-Za-z0-9._]{1,${INSTAGRAM_HANDLE_MAX_LENGTH}}${SPACES}$`,
} as const;

/** Present, or absent altogether: null is not a value of these optional fields. */
const unlessAbsent = ValidateIf((_body: object, value: unknown) => value !== undefined);

/**
 * An e-mail address field: checked by the domain's `EmailAddress` rule and documented with its
 * two patterns (the address's shape, and its length once trimmed). Applied as the stack
 * `@ApiProperty @SatisfiesDomainRule` would be (bottom first).
 */
export const EmailAddressProperty = (description: string) =>
  applyDecorators(
    SatisfiesDomainRule((input) => EmailAddress.parse(input)),
    ApiProperty({
      description,
      example: 'asha.rao@example.com',
      allOf: [
        { type: 'string', pattern: DOCUMENTED_PATTERNS.email },
        { type: 'string', pattern: DOCUMENTED_PATTERNS.emailLength },
      ],
    }),
  );

export class JoinWaitlistRequestDto {
  @ApiProperty({
    description: `Trimmed; ${FULL_NAME_MIN_LENGTH} to ${FULL_NAME_MAX_LENGTH} characters; no control or format (invisible) characters.`,
    example: 'Asha Rao',
    pattern: DOCUMENTED_PATTERNS.fullName,
  })
  @SatisfiesDomainRule((input) => FullName.parse(input))
  readonly fullName!: string;

  @EmailAddressProperty(
    `Trimmed, NFKC-normalised and lower-cased; a basic address pattern without control or format (invisible) characters, at most ${EMAIL_MAX_LENGTH} characters. One entry per address.`,
  )
  readonly email!: string;

  @ApiProperty({
    description:
      'An Indian mobile number: after all whitespace is removed, 10 digits starting with 6, 7, 8 or 9 (no +91). One entry per number.',
    example: '98765 43210',
    pattern: DOCUMENTED_PATTERNS.phoneNumber,
  })
  @SatisfiesDomainRule((input) => IndianMobileNumber.parse(input))
  readonly phoneNumber!: string;

  @ApiProperty({
    description: `Trimmed, one leading @ dropped; at most ${INSTAGRAM_HANDLE_MAX_LENGTH} letters, digits, periods and underscores.`,
    example: '@asha.creates',
    pattern: DOCUMENTED_PATTERNS.instagramHandle,
  })
  @SatisfiesDomainRule((input) => InstagramHandle.parse(input))
  readonly instagramHandle!: string;

  @ApiProperty({ enum: USER_TYPES, enumName: 'WaitlistUserType', example: 'influencer' })
  @SatisfiesDomainRule(parseUserType)
  readonly userType!: UserType;

  @ApiPropertyOptional({
    description:
      'The version of the privacy notice shown under the form; submitting is consent to it. Omitted means the current version; any other version is refused ("Please reload the page and try again").',
    enum: [CURRENT_PRIVACY_NOTICE_VERSION],
    example: CURRENT_PRIVACY_NOTICE_VERSION,
  })
  @unlessAbsent
  @SatisfiesDomainRule(parsePrivacyNoticeVersion)
  readonly privacyNoticeVersion?: string;

  @ApiPropertyOptional({
    description:
      'Honeypot: a field hidden from people, left empty. A submission that fills it is answered exactly as any other (it is kept as an unconfirmed entry, erased after 72 hours) but never e-mailed and never given a seat.',
    example: '',
    maxLength: HONEYPOT_MAX_LENGTH,
  })
  @unlessAbsent
  @MaxLength(HONEYPOT_MAX_LENGTH)
  @IsString()
  readonly website?: string;
}
